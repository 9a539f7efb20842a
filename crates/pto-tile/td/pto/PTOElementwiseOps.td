// Vector-unit tile ops: elementwise arithmetic (tile-tile, tile-scalar, ternary),
// unary math, bitwise ops, compares and selects, reductions and expansions,
// conversions. They compute over the destination's valid region; elements outside
// it are not written.

#ifndef PTO_ELEMENTWISE_OPS
#define PTO_ELEMENTWISE_OPS

// `ins(%src : T) outs(%dst : T)`.
class PTO_UnOp<string mnemonic, string what> : PTO_TileUnaryOp<mnemonic> {
  let summary = what;
  let hasVerifier = 1;
}

def PTO_TAbsOp : PTO_UnOp<"tabs", "|x|">;
def PTO_TNegOp : PTO_UnOp<"tneg", "-x">;
def PTO_TExpOp : PTO_UnOp<"texp", "e^x">;
def PTO_TLogOp : PTO_UnOp<"tlog", "ln x">;
def PTO_TSqrtOp : PTO_UnOp<"tsqrt", "square root">;
def PTO_TRecipOp : PTO_UnOp<"trecip", "1/x">;
def PTO_TReluOp : PTO_UnOp<"trelu", "max(0, x)">;
def PTO_TNotOp : PTO_UnOp<"tnot", "bitwise not">;
def PTO_TRowExpandOp : PTO_UnOp<"trowexpand", "dst[i, j] = src[i, 0]">;
def PTO_TColExpandOp : PTO_UnOp<"tcolexpand", "dst[i, j] = src[0, j]">;
def PTO_TColMaxOp : PTO_UnOp<"tcolmax", "dst[0, j] = max over i of src[i, j]">;
def PTO_TColMinOp : PTO_UnOp<"tcolmin", "dst[0, j] = min over i of src[i, j]">;
def PTO_TColProdOp : PTO_UnOp<"tcolprod", "dst[0, j] = product over i of src[i, j]">;

def PTO_TColSumOp : PTO_TileOp<"tcolsum"> {
  let summary = "dst[0, j] = sum over i of src[i, j]";
  let description = [{
    `pto.tcolsum ins(%s : T) outs(%d : D)`, or with a scratch tile and the hardware's
    summation order, `ins(%s, %tmp {isBinary = true} : T, T) outs(%d : D)` (`tmp` and
    `isBinary` come together). Row 0 of `d` gets the column sums of `s`'s valid region;
    the order of summation is not observable on the CPU beyond rounding.
  }];
  let arguments = (ins PTO_DpsType:$src, Optional<PTO_DpsType>:$tmp, PTO_DpsType:$dst,
                       OptionalAttr<BoolAttr>:$isBinary);
  let assemblyFormat = [{
    `ins` `(` $src (`,` $tmp^)? attr-dict `:` qualified(type($src))
      (`,` qualified(type($tmp))^)? `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)`
  }];
  let hasVerifier = 1;
}
def PTO_TFillPadOp : PTO_UnOp<"tfillpad",
    "Copies the valid region and fills the rest with the destination's pad value">;
def PTO_TFillPadExpandOp : PTO_UnOp<"tfillpad_expand",
    "tfillpad into a larger destination">;
def PTO_TFillPadInplaceOp : PTO_UnOp<"tfillpad_inplace", "tfillpad of a tile onto itself">;

// `ins(%src0, %src1 : T, T) outs(%dst : T)`.
class PTO_BinOp<string mnemonic, string what> : PTO_TileOp<mnemonic> {
  let summary = what;
  let arguments = (ins PTO_DpsType:$src0, PTO_DpsType:$src1, PTO_DpsType:$dst);
  let assemblyFormat = [{
    `ins` `(` $src0 `,` $src1 `:` qualified(type($src0)) `,` qualified(type($src1)) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
  let hasVerifier = 1;
}

def PTO_TAddOp : PTO_BinOp<"tadd", "a + b">;
def PTO_TSubOp : PTO_BinOp<"tsub", "a - b">;
def PTO_TMulOp : PTO_BinOp<"tmul", "a * b">;
def PTO_TDivOp : PTO_BinOp<"tdiv", "a / b">;
def PTO_TMaxOp : PTO_BinOp<"tmax", "max(a, b)">;
def PTO_TMinOp : PTO_BinOp<"tmin", "min(a, b)">;
def PTO_TAndOp : PTO_BinOp<"tand", "a & b">;
def PTO_TOrOp : PTO_BinOp<"tor", "a | b">;
def PTO_TShlOp : PTO_BinOp<"tshl", "a << b">;
def PTO_TShrOp : PTO_BinOp<"tshr", "a >> b (arithmetic for signed data)">;
def PTO_TFModOp : PTO_BinOp<"tfmod", "truncated remainder of a / b">;
def PTO_TConcatOp : PTO_BinOp<"tconcat", "a's valid columns followed by b's, row by row">;
def PTO_TPartAddOp : PTO_BinOp<"tpartadd", "a + b where both are valid, else the valid one">;
def PTO_TPartMaxOp : PTO_BinOp<"tpartmax", "max(a, b) where both are valid, else the valid one">;
def PTO_TPartMinOp : PTO_BinOp<"tpartmin", "min(a, b) where both are valid, else the valid one">;
def PTO_TPartMulOp : PTO_BinOp<"tpartmul", "a * b where both are valid, else the valid one">;
def PTO_TRowExpandAddOp : PTO_BinOp<"trowexpandadd", "dst[i, j] = a[i, j] + b[i, 0]">;
def PTO_TColExpandAddOp : PTO_BinOp<"tcolexpandadd", "dst[i, j] = a[i, j] + b[0, j]">;
def PTO_TColExpandSubOp : PTO_BinOp<"tcolexpandsub", "dst[i, j] = a[i, j] - b[0, j]">;
def PTO_TColExpandMulOp : PTO_BinOp<"tcolexpandmul", "dst[i, j] = a[i, j] * b[0, j]">;
def PTO_TColExpandDivOp : PTO_BinOp<"tcolexpanddiv", "dst[i, j] = a[i, j] / b[0, j]">;
def PTO_TColExpandMaxOp : PTO_BinOp<"tcolexpandmax", "dst[i, j] = max(a[i, j], b[0, j])">;
def PTO_TColExpandMinOp : PTO_BinOp<"tcolexpandmin", "dst[i, j] = min(a[i, j], b[0, j])">;
def PTO_TColExpandExpDifOp : PTO_BinOp<"tcolexpandexpdif", "dst[i, j] = exp(a[i, j] - b[0, j])">;

// `ins(%src0, %src1[, %tmp] : T, B[, T]) outs(%dst : T)`: a row expansion with an
// optional scratch tile.
class PTO_RowExpandOp<string mnemonic, string what> : PTO_TileOp<mnemonic> {
  let summary = what;
  let arguments = (ins PTO_DpsType:$src0, PTO_DpsType:$src1,
                       Optional<PTO_DpsType>:$tmp, PTO_DpsType:$dst);
  let assemblyFormat = [{
    `ins` `(` $src0 `,` $src1 (`,` $tmp^)? `:` qualified(type($src0)) `,`
      qualified(type($src1)) (`,` qualified(type($tmp))^)? `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
  let hasVerifier = 1;
}

def PTO_TRowExpandSubOp : PTO_RowExpandOp<"trowexpandsub", "dst[i, j] = a[i, j] - b[i, 0]">;
def PTO_TRowExpandMulOp : PTO_RowExpandOp<"trowexpandmul", "dst[i, j] = a[i, j] * b[i, 0]">;
def PTO_TRowExpandDivOp : PTO_RowExpandOp<"trowexpanddiv", "dst[i, j] = a[i, j] / b[i, 0]">;
def PTO_TRowExpandMaxOp : PTO_RowExpandOp<"trowexpandmax", "dst[i, j] = max(a[i, j], b[i, 0])">;
def PTO_TRowExpandMinOp : PTO_RowExpandOp<"trowexpandmin", "dst[i, j] = min(a[i, j], b[i, 0])">;
def PTO_TRowExpandExpDifOp : PTO_RowExpandOp<"trowexpandexpdif",
    "dst[i, j] = exp(a[i, j] - b[i, 0])">;

// `ins(%src, %s : T, S) outs(%dst : T)`.
class PTO_TileScalarOp<string mnemonic, string what, Type scalar = PTO_ScalarType>
    : PTO_TileOp<mnemonic> {
  let summary = what;
  let arguments = (ins PTO_DpsType:$src, scalar:$scalar, PTO_DpsType:$dst);
  let assemblyFormat = [{
    `ins` `(` $src `,` $scalar `:` qualified(type($src)) `,` type($scalar) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
  let hasVerifier = 1;
}

def PTO_TAddSOp : PTO_TileScalarOp<"tadds", "t + s">;
def PTO_TSubSOp : PTO_TileScalarOp<"tsubs", "t - s">;
def PTO_TMulSOp : PTO_TileScalarOp<"tmuls", "t * s">;
def PTO_TMaxSOp : PTO_TileScalarOp<"tmaxs", "max(t, s)">;
def PTO_TMinSOp : PTO_TileScalarOp<"tmins", "min(t, s)">;
def PTO_TFModSOp : PTO_TileScalarOp<"tfmods", "truncated remainder of t / s">;
def PTO_TAxpyOp : PTO_TileScalarOp<"taxpy", "dst = dst + t * s">;
def PTO_TAndSOp : PTO_TileScalarOp<"tands", "t & s", AnySignlessInteger>;
def PTO_TOrSOp : PTO_TileScalarOp<"tors", "t | s", AnySignlessInteger>;
def PTO_TShlSOp : PTO_TileScalarOp<"tshls", "t << s", AnySignlessInteger>;
def PTO_TShrSOp : PTO_TileScalarOp<"tshrs", "t >> s", AnySignlessInteger>;
def PTO_TLReluOp : PTO_TileScalarOp<"tlrelu", "t > 0 ? t : slope * t", F32>;

def PTO_TDivSOp : PTO_TileOp<"tdivs"> {
  let summary = "t / s, or s / t when the scalar is written first";
  let description = [{
    `pto.tdivs ins(%t, %s : T, f32) outs(%d : T)` divides each element by `s`;
    `pto.tdivs ins(%s, %t : f32, T) outs(%d : T)` divides `s` by each element. The
    written order is kept.
  }];
  let arguments = (ins AnyType:$src, AnyType:$scalar, PTO_DpsType:$dst);
  let assemblyFormat = [{
    `ins` `(` $src `,` $scalar `:` type($src) `,` type($scalar) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
  let hasVerifier = 1;
}

def PTO_TExpandSOp : PTO_TileOp<"texpands"> {
  let summary = "Fills a tile with a scalar";
  let arguments = (ins PTO_ScalarType:$scalar, PTO_DpsType:$dst);
  let assemblyFormat = [{
    `ins` `(` $scalar `:` type($scalar) `)` `outs` `(` $dst `:` qualified(type($dst)) `)`
    attr-dict
  }];
  let hasVerifier = 1;
}

// With a scratch tile.
class PTO_BinTmpOp<string mnemonic, string what> : PTO_TileOp<mnemonic> {
  let summary = what;
  let arguments = (ins PTO_DpsType:$src0, PTO_DpsType:$src1, PTO_DpsType:$tmp,
                       PTO_DpsType:$dst);
  let assemblyFormat = [{
    `ins` `(` $src0 `,` $src1 `,` $tmp `:` qualified(type($src0)) `,`
      qualified(type($src1)) `,` qualified(type($tmp)) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
  let hasVerifier = 1;
}

def PTO_TRemOp : PTO_BinTmpOp<"trem", "floored remainder a - floor(a / b) * b">;
def PTO_TPReluOp : PTO_BinTmpOp<"tprelu", "a > 0 ? a : slope * a">;
def PTO_TXorOp : PTO_BinTmpOp<"txor", "a ^ b">;

class PTO_TileScalarTmpOp<string mnemonic, string what, Type scalar>
    : PTO_TileOp<mnemonic> {
  let summary = what;
  let arguments = (ins PTO_DpsType:$src, scalar:$scalar, PTO_DpsType:$tmp,
                       PTO_DpsType:$dst);
  let assemblyFormat = [{
    `ins` `(` $src `,` $scalar `,` $tmp `:` qualified(type($src)) `,` type($scalar) `,`
      qualified(type($tmp)) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
  let hasVerifier = 1;
}

def PTO_TRemSOp : PTO_TileScalarTmpOp<"trems", "floored remainder by s", PTO_ScalarType>;
def PTO_TXorSOp : PTO_TileScalarTmpOp<"txors", "t ^ s", AnySignlessInteger>;

def PTO_TAddCOp : PTO_TileOp<"taddc"> {
  let summary = "a + b + c";
  let arguments = (ins PTO_DpsType:$src0, PTO_DpsType:$src1, PTO_DpsType:$src2,
                       PTO_DpsType:$dst);
  let assemblyFormat = [{
    `ins` `(` $src0 `,` $src1 `,` $src2 `:` qualified(type($src0)) `,`
      qualified(type($src1)) `,` qualified(type($src2)) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
  let hasVerifier = 1;
}

def PTO_TSubCOp : PTO_TileOp<"tsubc"> {
  let summary = "a - b + c";
  let arguments = (ins PTO_DpsType:$src0, PTO_DpsType:$src1, PTO_DpsType:$src2,
                       PTO_DpsType:$dst);
  let assemblyFormat = [{
    `ins` `(` $src0 `,` $src1 `,` $src2 `:` qualified(type($src0)) `,`
      qualified(type($src1)) `,` qualified(type($src2)) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
  let hasVerifier = 1;
}

class PTO_TileScalarTileOp<string mnemonic, string what> : PTO_TileOp<mnemonic> {
  let summary = what;
  let arguments = (ins PTO_DpsType:$src0, PTO_ScalarType:$scalar, PTO_DpsType:$src1,
                       PTO_DpsType:$dst);
  let assemblyFormat = [{
    `ins` `(` $src0 `,` $scalar `,` $src1 `:` qualified(type($src0)) `,`
      type($scalar) `,` qualified(type($src1)) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
  let hasVerifier = 1;
}

def PTO_TAddSCOp : PTO_TileScalarTileOp<"taddsc", "a + s + b">;
def PTO_TSubSCOp : PTO_TileScalarTileOp<"tsubsc", "a - s + b">;

// ---- reductions ------------------------------------------------------------------------

class PTO_RowReduceOp<string mnemonic, string what> : PTO_TileOp<mnemonic> {
  let summary = what;
  let arguments = (ins PTO_DpsType:$src, PTO_DpsType:$tmp, PTO_DpsType:$dst);
  let assemblyFormat = [{
    `ins` `(` $src `,` $tmp `:` qualified(type($src)) `,` qualified(type($tmp)) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
  let hasVerifier = 1;
}

def PTO_TRowSumOp : PTO_RowReduceOp<"trowsum", "dst[i, 0] = sum over j of src[i, j]">;
def PTO_TRowMaxOp : PTO_RowReduceOp<"trowmax", "dst[i, 0] = max over j of src[i, j]">;
def PTO_TRowMinOp : PTO_RowReduceOp<"trowmin", "dst[i, 0] = min over j of src[i, j]">;
def PTO_TRowProdOp : PTO_RowReduceOp<"trowprod", "dst[i, 0] = product over j of src[i, j]">;
def PTO_TRowArgMaxOp : PTO_RowReduceOp<"trowargmax", "dst[i, 0] = column of the row's maximum">;
def PTO_TRowArgMinOp : PTO_RowReduceOp<"trowargmin", "dst[i, 0] = column of the row's minimum">;
def PTO_TColArgMaxOp : PTO_RowReduceOp<"tcolargmax", "dst[0, j] = row of the column's maximum">;
def PTO_TColArgMinOp : PTO_RowReduceOp<"tcolargmin", "dst[0, j] = row of the column's minimum">;

// ---- compares, selects, generation ------------------------------------------------------

def PTO_TCmpOp : PTO_TileOp<"tcmp"> {
  let summary = "Compares two tiles into a packed bit mask";
  let description = [{
    `pto.tcmp ins(%a, %b {cmpMode = #pto<cmp lt>} : T, T) outs(%m : M)`: bit `c mod 8`
    of byte `c div 8` of row `r`'s mask bytes is `a[r, c] < b[r, c]`.
  }];
  let arguments = (ins PTO_DpsType:$src0, PTO_DpsType:$src1, PTO_DpsType:$dst,
                       OptionalAttr<PTO_CmpModeAttr>:$cmpMode);
  let assemblyFormat = [{
    `ins` `(` $src0 `,` $src1 attr-dict `:` qualified(type($src0)) `,`
      qualified(type($src1)) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)`
  }];
  let hasVerifier = 1;
}

def PTO_TCmpSOp : PTO_TileOp<"tcmps"> {
  let summary = "Compares a tile with a scalar into a packed bit mask";
  let arguments = (ins PTO_DpsType:$src, PTO_ScalarType:$scalar,
                       DefaultValuedAttr<PTO_CmpModeAttr, "::pto::pto::CmpMode::EQ">:$cmpMode,
                       PTO_DpsType:$dst);
  let assemblyFormat = [{
    `ins` `(` $src `,` $scalar attr-dict `:` qualified(type($src)) `,` type($scalar) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)`
  }];
  let hasVerifier = 1;
}

def PTO_TSelOp : PTO_TileOp<"tsel"> {
  let summary = "mask bit ? a : b";
  let arguments = (ins PTO_DpsType:$mask, PTO_DpsType:$src0, PTO_DpsType:$src1,
                       PTO_DpsType:$tmp, PTO_DpsType:$dst);
  let assemblyFormat = [{
    `ins` `(` $mask `,` $src0 `,` $src1 `,` $tmp `:` qualified(type($mask)) `,`
      qualified(type($src0)) `,` qualified(type($src1)) `,` qualified(type($tmp)) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
  let hasVerifier = 1;
}

def PTO_TSelSOp : PTO_TileOp<"tsels"> {
  let summary = "mask bit ? t : s";
  let arguments = (ins PTO_DpsType:$mask, PTO_DpsType:$src, PTO_DpsType:$tmp,
                       PTO_ScalarType:$scalar, PTO_DpsType:$dst);
  let assemblyFormat = [{
    `ins` `(` $mask `,` $src `,` $tmp `,` $scalar `:` qualified(type($mask)) `,`
      qualified(type($src)) `,` qualified(type($tmp)) `,` type($scalar) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
  let hasVerifier = 1;
}

def PTO_TCiOp : PTO_TileOp<"tci"> {
  let summary = "Row 0 counts up (or down) from a start value";
  let arguments = (ins AnyInteger:$S, PTO_DpsType:$dst,
                       DefaultValuedAttr<BoolAttr, "false">:$descending);
  let assemblyFormat = [{
    `ins` `(` $S attr-dict `:` type($S) `)` `outs` `(` $dst `:` qualified(type($dst)) `)`
  }];
  let hasVerifier = 1;
}

def PTO_TTriOp : PTO_TileOp<"ttri"> {
  let summary = "A triangular 0/1 pattern relative to a diagonal";
  let arguments = (ins AnyInteger:$diagonal, PTO_DpsType:$dst,
                       DefaultValuedAttr<I32Attr, "0">:$upperOrLower);
  let assemblyFormat = [{
    `ins` `(` $diagonal attr-dict `:` type($diagonal) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)`
  }];
  let hasVerifier = 1;
}

// ---- conversion, quantization ------------------------------------------------------------

def PTO_TCvtOp : PTO_TileOp<"tcvt"> {
  let summary = "Converts element types with a rounding mode";
  let description = [{
    `pto.tcvt ins(%s {rmode = #pto<round_mode ROUND>} : S) outs(%d : D)`: each valid
    element of `s` converted to `d`'s element type (`CAST_RINT`/`RINT` round to
    nearest even, `ROUND` ties away from zero, `FLOOR`, `CEIL`, `TRUNC`, `ODD`);
    `sat_mode = ON` saturates integer results.
  }];
  let arguments = (ins PTO_DpsType:$src, PTO_DpsType:$dst, Optional<PTO_DpsType>:$tmp,
                       DefaultValuedAttr<PTO_RoundModeAttr, "::pto::pto::RoundMode::CAST_RINT">:$rmode,
                       DefaultValuedAttr<PTO_SaturationModeAttr, "::pto::pto::SaturationMode::OFF">:$sat_mode);
  let assemblyFormat = [{
    `ins` `(` $src (`,` $tmp^)? attr-dict `:` qualified(type($src))
      (`,` qualified(type($tmp))^)? `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)`
  }];
  let hasVerifier = 1;
}

def PTO_TRsqrtOp : PTO_TileOp<"trsqrt"> {
  let summary = "1 / sqrt(x)";
  let arguments = (ins PTO_DpsType:$src, PTO_DpsType:$dst, Optional<PTO_DpsType>:$tmp);
  let assemblyFormat = [{
    `ins` `(` $src (`,` $tmp^)? `:` qualified(type($src)) (`,` qualified(type($tmp))^)? `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
  let hasVerifier = 1;
}

def PTO_TQuantOp : PTO_TileOp<"tquant"> {
  let summary = "Quantizes f32 to i8 (symmetric) or ui8 (with an offset)";
  let arguments = (ins PTO_DpsType:$src, PTO_DpsType:$fp, Optional<PTO_DpsType>:$offset,
                       PTO_DpsType:$dst, PTO_QuantTypeAttr:$quant_type);
  let assemblyFormat = [{
    `ins` `(` $src `,` $fp (`,` $offset^)? `:` qualified(type($src)) `,`
      qualified(type($fp)) (`,` qualified(type($offset))^)? `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
  let hasVerifier = 1;
}

def PTO_TDequantOp : PTO_TileOp<"tdequant"> {
  let summary = "(src - offset[i]) * scale[i], row by row";
  let arguments = (ins PTO_DpsType:$src, PTO_DpsType:$scale, PTO_DpsType:$offset,
                       PTO_DpsType:$dst);
  let assemblyFormat = [{
    `ins` `(` $src `,` $scale `,` $offset `:` qualified(type($src)) `,`
      qualified(type($scale)) `,` qualified(type($offset)) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
  let hasVerifier = 1;
}

def PTO_TSort32Op : PTO_TileOp<"tsort32"> {
  let summary = "Sorts each block of 32 elements (descending) with their indices";
  let arguments = (ins PTO_DpsType:$src, PTO_DpsType:$idx, Optional<PTO_DpsType>:$tmp,
                       PTO_DpsType:$dst);
  let assemblyFormat = [{
    `ins` `(` $src `,` $idx (`,` $tmp^)? `:` qualified(type($src)) `,`
      qualified(type($idx)) (`,` qualified(type($tmp))^)? `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
}

#endif // PTO_ELEMENTWISE_OPS
