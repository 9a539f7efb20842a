// Tile ops: data movement between global and local memory and inside local memory,
// the matrix unit, and (in PTOElementwiseOps.td) the vector unit.

#ifndef PTO_TILE_OPS
#define PTO_TILE_OPS

// A tile op: reads its `ins` and writes its `outs` (conservatively, both effects on
// memory; `tmp` scratch operands are written too).
class PTO_TileOp<string mnemonic, list<Trait> traits = []>
    : PTO_Op<mnemonic, !listconcat(traits, [MemoryEffects<[MemRead, MemWrite]>])>;

// `ins(%src : T) outs(%dst : D)`.
class PTO_TileUnaryOp<string mnemonic, list<Trait> traits = []>
    : PTO_TileOp<mnemonic, traits> {
  let arguments = (ins PTO_DpsType:$src, PTO_DpsType:$dst);
  let assemblyFormat = [{
    `ins` `(` $src `:` qualified(type($src)) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
}

// ---- global <-> local ----------------------------------------------------------------

def PTO_TLoadOp : PTO_TileOp<"tload", [AttrSizedOperandSegments]> {
  let summary = "Copies a window of a global tensor into a tile";
  let description = [{
    `pto.tload ins(%pv : !pto.partition_tensor_view<...>) outs(%t : !pto.tile_buf<...>)`
    fills the valid region of `t`: the window's last dimension becomes the columns,
    all leading dimensions are flattened (row-major) into rows. Elements are
    addressed through the view's strides. With a `pad` policy on the tile, the rest of
    each row is filled with the pad value.
  }];
  let arguments = (ins PTO_DpsType:$src, PTO_DpsType:$dst,
                       OptionalAttr<PTO_PadModeAttr>:$pad_mode,
                       Optional<AnyType>:$pad_value,
                       Optional<Index>:$left_padding_num,
                       Optional<AnyType>:$right_padding_num,
                       DefaultValuedOptionalAttr<BoolAttr, "false">:$init_out_buffer,
                       Optional<AnyType>:$init_condition);
  let results = (outs Optional<AnyRankedTensor>:$result);
  let assemblyFormat = [{
    `ins` `(` $src `:` qualified(type($src)) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)`
    attr-dict
    (`pad_mode` `=` $pad_mode^)?
    (`pad_value` `=` $pad_value^ `:` type($pad_value))?
    (`left_padding_num` `=` $left_padding_num^ `:` type($left_padding_num))?
    (`init_out_buffer` `=` $init_out_buffer^)?
    (`right_padding_num` `=` $right_padding_num^ `:` type($right_padding_num))?
    (`init_condition` `=` $init_condition^ `:` type($init_condition))?
    (`->` qualified(type($result))^)?
  }];
  let hasVerifier = 1;
}

def PTO_TPrefetchOp : PTO_TileUnaryOp<"tprefetch"> {
  let summary = "A tload without implicit waits";
  let hasVerifier = 1;
}

def PTO_TStoreOp : PTO_TileOp<"tstore"> {
  let summary = "Copies the valid region of a tile into a window of a global tensor";
  let description = [{
    `pto.tstore ins(%t : !pto.tile_buf<...>) outs(%pv : !pto.partition_tensor_view<...>)`
    is the inverse of `tload`. `atomicType = atomic_add` adds to global memory,
    `reluPreMode = normal_relu` applies max(0, x) first; from an accumulator the values
    are converted to the destination's element type (`preQuantScalar` scales them).
  }];
  let arguments = (ins PTO_DpsType:$src, PTO_DpsType:$dst, Optional<I64>:$preQuantScalar,
                       DefaultValuedAttr<PTO_STPhaseAttr, "::pto::pto::STPhase::Unspecified">:$stPhase,
                       DefaultValuedAttr<PTO_AtomicTypeAttr, "::pto::pto::AtomicType::AtomicNone">:$atomicType,
                       DefaultValuedAttr<PTO_ReluPreModeAttr, "::pto::pto::ReluPreMode::NoRelu">:$reluPreMode);
  let results = (outs Optional<AnyRankedTensor>:$result);
  let assemblyFormat = [{
    `ins` `(` $src `:` qualified(type($src))
      (`,` $preQuantScalar^ `:` type($preQuantScalar))? `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)`
    attr-dict
    (`->` qualified(type($result))^)?
  }];
  let hasVerifier = 1;
}

// ---- local <-> local -----------------------------------------------------------------

def PTO_TMovOp : PTO_TileOp<"tmov", [AttrSizedOperandSegments]> {
  let summary = "Copies a tile into another (with layout and type conversion)";
  let description = [{
    `pto.tmov ins(%src : S) outs(%dst : D)` copies `src` into `dst`; between
    layouts, and from an accumulator with conversion to the destination's element type
    (after ReLU with `reluPreMode`, scaled by the `fp` tile or `preQuantScalar`).
  }];
  let arguments = (ins PTO_DpsType:$src, PTO_DpsType:$dst, Optional<PTO_DpsType>:$fp,
                       Optional<I64>:$preQuantScalar,
                       OptionalAttr<PTO_AccToVecModeAttr>:$accToVecMode,
                       DefaultValuedAttr<PTO_ReluPreModeAttr, "::pto::pto::ReluPreMode::NoRelu">:$reluPreMode);
  let results = (outs Optional<AnyRankedTensor>:$result);
  let assemblyFormat = [{
    `ins` `(` $src `:` qualified(type($src))
      (`,` $fp^ `:` qualified(type($fp)))?
      (`,` $preQuantScalar^ `:` type($preQuantScalar))? `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)`
    attr-dict
    (`->` qualified(type($result))^)?
  }];
  let hasVerifier = 1;
}

def PTO_TTransOp : PTO_TileOp<"ttrans"> {
  let summary = "Transposes a tile";
  let description = [{ `dst[i, j] = src[j, i]` over the source's valid region. }];
  let arguments = (ins PTO_DpsType:$src, PTO_DpsType:$tmp, PTO_DpsType:$dst);
  let assemblyFormat = [{
    `ins` `(` $src `,` $tmp `:` qualified(type($src)) `,` qualified(type($tmp)) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
  let hasVerifier = 1;
}

// `ins(%src, %row, %col : T, index, index) outs(%dst : D)`.
class PTO_TileOffsetOp<string mnemonic> : PTO_TileOp<mnemonic> {
  let arguments = (ins PTO_DpsType:$src, Index:$indexRow, Index:$indexCol,
                       PTO_DpsType:$dst);
  let assemblyFormat = [{
    `ins` `(` $src `,` $indexRow `,` $indexCol `:` qualified(type($src)) `,`
      type($indexRow) `,` type($indexCol) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
  let hasVerifier = 1;
}

def PTO_TExtractOp : PTO_TileOffsetOp<"textract"> {
  let summary = "Copies a rectangle of a tile out";
  let description = [{ `dst[i, j] = src[i + row, j + col]` over the destination's shape. }];
}

def PTO_TInsertOp : PTO_TileOffsetOp<"tinsert"> {
  let summary = "Copies a tile into a rectangle of another";
  let description = [{ `dst[i + row, j + col] = src[i, j]` over the source's shape. }];
}

// ---- matrix unit ---------------------------------------------------------------------

class PTO_MatmulOp<string mnemonic> : PTO_TileOp<mnemonic> {
  let results = (outs Optional<AnyRankedTensor>:$result);
  let hasVerifier = 1;
}

def PTO_TMatmulOp : PTO_MatmulOp<"tmatmul"> {
  let summary = "Matrix product";
  let description = [{
    `pto.tmatmul ins(%a, %b : L, R) outs(%c : A)`: `c = a x b` over the valid sizes
    (M = rows of `a`, K = columns of `a`, N = columns of `b`), accumulated in `c`'s
    element type (f32 for float inputs, i32 for i8).
  }];
  let arguments = (ins PTO_DpsType:$lhs, PTO_DpsType:$rhs, PTO_DpsType:$dst);
  let assemblyFormat = [{
    `ins` `(` $lhs `,` $rhs `:` qualified(type($lhs)) `,` qualified(type($rhs)) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
    (`->` qualified(type($result))^)?
  }];
}

def PTO_TMatmulAccOp : PTO_MatmulOp<"tmatmul.acc"> {
  let summary = "Matrix product added to an accumulator";
  let description = [{ `c = acc_in + a x b` (`acc_in` is usually `c` itself). }];
  let arguments = (ins PTO_DpsType:$acc_in, PTO_DpsType:$lhs, PTO_DpsType:$rhs,
                       PTO_DpsType:$dst);
  let assemblyFormat = [{
    `ins` `(` $acc_in `,` $lhs `,` $rhs `:` qualified(type($acc_in)) `,`
      qualified(type($lhs)) `,` qualified(type($rhs)) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
    (`->` qualified(type($result))^)?
  }];
}

def PTO_TMatmulBiasOp : PTO_MatmulOp<"tmatmul.bias"> {
  let summary = "Matrix product plus a bias row";
  let description = [{ `c[i, j] = (a x b)[i, j] + bias[0, j]`. }];
  let arguments = (ins PTO_DpsType:$a, PTO_DpsType:$b, PTO_DpsType:$bias,
                       PTO_DpsType:$dst);
  let assemblyFormat = [{
    `ins` `(` $a `,` $b `,` $bias `:` qualified(type($a)) `,` qualified(type($b)) `,`
      qualified(type($bias)) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
    (`->` qualified(type($result))^)?
  }];
}

def PTO_TGemvOp : PTO_MatmulOp<"tgemv"> {
  let summary = "Vector-matrix product (one row)";
  let arguments = (ins PTO_DpsType:$lhs, PTO_DpsType:$rhs, PTO_DpsType:$dst);
  let assemblyFormat = [{
    `ins` `(` $lhs `,` $rhs `:` qualified(type($lhs)) `,` qualified(type($rhs)) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
    (`->` qualified(type($result))^)?
  }];
}

def PTO_TGemvAccOp : PTO_MatmulOp<"tgemv.acc"> {
  let summary = "Vector-matrix product added to an accumulator";
  let arguments = (ins PTO_DpsType:$acc_in, PTO_DpsType:$lhs, PTO_DpsType:$rhs,
                       PTO_DpsType:$dst);
  let assemblyFormat = [{
    `ins` `(` $acc_in `,` $lhs `,` $rhs `:` qualified(type($acc_in)) `,`
      qualified(type($lhs)) `,` qualified(type($rhs)) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
    (`->` qualified(type($result))^)?
  }];
}

def PTO_TGemvBiasOp : PTO_MatmulOp<"tgemv.bias"> {
  let summary = "Vector-matrix product plus a bias row";
  let arguments = (ins PTO_DpsType:$a, PTO_DpsType:$b, PTO_DpsType:$bias,
                       PTO_DpsType:$dst);
  let assemblyFormat = [{
    `ins` `(` $a `,` $b `,` $bias `:` qualified(type($a)) `,` qualified(type($b)) `,`
      qualified(type($bias)) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
    (`->` qualified(type($result))^)?
  }];
}

// ---- scalar access to tiles -----------------------------------------------------------

def PTO_TGetValOp : PTO_Op<"tgetval", [MemoryEffects<[MemRead]>]> {
  let summary = "Reads a tile element at a linear storage offset";
  let arguments = (ins PTO_DpsType:$src, Index:$offset);
  let results = (outs PTO_ScalarType:$dst);
  let assemblyFormat = [{
    `ins` `(` $src `,` $offset `:` qualified(type($src)) `,` type($offset) `)`
    `outs` `:` qualified(type($dst)) attr-dict
  }];
  let hasVerifier = 1;
}

def PTO_TSetValOp : PTO_Op<"tsetval", [MemoryEffects<[MemWrite]>]> {
  let summary = "Writes a tile element at a linear storage offset";
  let arguments = (ins PTO_DpsType:$dst, Index:$offset, PTO_ScalarType:$val);
  let assemblyFormat = [{
    `ins` `(` $offset `,` $val `:` type($offset) `,` type($val) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
  let hasVerifier = 1;
}

def PTO_TGetScaleAddrOp : PTO_TileUnaryOp<"tget_scale_addr"> {
  let summary = "Makes a scaling tile the scale view of a tile (A5)";
  let description = [{
    `pto.tget_scale_addr ins(%src : T) outs(%dst : !pto.tile_buf<scaling, ...>)`
    points `dst` (a `scaling` tile of `src`'s shape and valid shape) at the scale
    factors of `src` for micro-scaled matmuls; the address mapping is the target's.
  }];
  let hasVerifier = 1;
}

include "pto/PTOElementwiseOps.td"
include "pto/PTOGatherOps.td"

#endif // PTO_TILE_OPS
