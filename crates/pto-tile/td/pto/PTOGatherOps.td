// Vector-unit ops that move elements by index, pattern or value: gathers and scatters,
// merge sorting, histograms, and generators whose results the target defines.

#ifndef PTO_GATHER_OPS
#define PTO_GATHER_OPS

def PTO_TGatherOp : PTO_TileOp<"tgather", [AttrSizedOperandSegments]> {
  let summary = "Gathers elements by index, by comparison or by a mask pattern";
  let description = [{
    Three forms, told apart by their operands:

    - index: `pto.tgather ins(%src, %idx, %tmp : T, I, I) outs(%dst : T)`:
      `dst[i, j] = src[k / C, k mod C]` with `k = idx[i, j]` over the destination's
      valid region (`C`: the columns of `src`, so `k` indexes `src` flattened row
      by row). An index outside `src` is target-defined (the CPU lowering gives
      0, as PTO's CPU simulator does).
    - compare: `pto.tgather ins(%src, %k, %tmp : T, S, X) outs(%dst, %cnt : D, D)
      {cmpMode = #pto<cmp gt>, offset = 7 : i32}`: for each valid row `r` of `src`,
      the flattened indices plus `offset` (`offset + r * C + c`) of the elements
      with `src[r, c] > k` (or `== k`; `eq` is the default) are written, in order,
      to the start of row `r` of `dst`, and their number to element `r` of `cnt`
      (its storage order).
    - mask pattern: `pto.tgather ins(%src, {maskPattern = #pto.mask_pattern<P0101>}
      : T) outs(%dst : T)`: the elements of each valid row of `src` whose column
      the pattern selects (P0101: even columns, P1010: odd ones, P0001/P0010/
      P0100/P1000: column 4k, 4k+1, 4k+2, 4k+3, P1111: all), packed one after the
      other into `dst`'s storage.
  }];
  let arguments = (ins PTO_DpsType:$src, PTO_DpsType:$dst, Optional<PTO_DpsType>:$cdst,
                       Optional<PTO_DpsType>:$indices, Optional<PTO_DpsType>:$tmp,
                       Optional<PTO_ScalarType>:$kValue,
                       OptionalAttr<PTO_MaskPatternAttr>:$maskPattern,
                       OptionalAttr<PTO_CmpModeAttr>:$cmpMode, OptionalAttr<I32Attr>:$offset);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def PTO_TGatherBOp : PTO_TileOp<"tgatherb"> {
  let summary = "Gathers 32-byte blocks by byte offset";
  let description = [{
    `pto.tgatherb ins(%src, %off : T, !pto.tile_buf<..., i32/ui32>) outs(%dst : T)`:
    for each valid row `r` of `dst` and each of its 32-byte blocks `k`, the 32
    bytes of `src` from byte offset `off[r, k]` are copied into block `k` of row
    `r` of `dst`; a block that would end past `src` is left alone.
  }];
  let arguments = (ins PTO_DpsType:$src, PTO_DpsType:$offsets, PTO_DpsType:$dst);
  let assemblyFormat = [{
    `ins` `(` $src `,` $offsets `:` qualified(type($src)) `,` type($offsets) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
  let hasVerifier = 1;
}

def PTO_TScatterOp : PTO_TileOp<"tscatter"> {
  let summary = "Scatters elements by index";
  let description = [{
    `pto.tscatter ins(%src, %idx : T, I) outs(%dst : T)` writes each valid element
    of `src` to the position of `dst` its index gives. Which elements of `dst` the
    op leaves alone is target-defined (A2/A3 clear `dst` first).
  }];
  let arguments = (ins PTO_DpsType:$src, PTO_DpsType:$indexes, PTO_DpsType:$dst);
  let assemblyFormat = [{
    `ins` `(` $src `,` $indexes `:` qualified(type($src)) `,` qualified(type($indexes)) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
  let hasVerifier = 1;
}

def PTO_TMrgSortOp : PTO_TileOp<"tmrgsort", [AttrSizedOperandSegments]> {
  let summary = "Merges sorted lists of (value, index) structures";
  let description = [{
    Lists are rows of 8-byte structures whose first element is the key (an `f32`
    value and its 4-byte index, or an `f16` value and padding); merging is
    descending, and between equal keys the earlier list goes first.

    - format 1: `pto.tmrgsort ins(%src, %blockLen : T, i32) outs(%dst : T)`: the
      row is groups of 4 sorted blocks of `blockLen` elements (structures
      included); each whole group in `dst`'s valid columns is merged into the same
      columns of `dst`.
    - format 2: `pto.tmrgsort ins(%s0, %s1[, %s2[, %s3]], %tmp {exhausted = false}
      : T, T, ..., T) outs(%dst, %executed : T, vector<4xi16>)`: the valid columns
      of 2 to 4 sorted lists are merged into `dst` until its valid columns are
      full or the lists are used up (with `exhausted = true`: until one list is
      used up); `%executed` names the counts of structures taken from each list,
      which only hardware reports.
  }];
  let arguments = (ins Variadic<PTO_DpsType>:$srcs, Optional<AnyInteger>:$blockLen,
                       Variadic<PTO_DpsType>:$dsts, Optional<PTO_DpsType>:$tmp,
                       Optional<AnyType>:$executed,
                       DefaultValuedAttr<BoolAttr, "false">:$exhausted);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def PTO_THistogramOp : PTO_TileOp<"thistogram"> {
  let summary = "Accumulates per-row 256-bin histograms (A5)";
  let description = [{
    `pto.thistogram ins(%src, %idx : !pto.tile_buf<..., ui16>, !pto.tile_buf<...,
    ui8>) outs(%dst : !pto.tile_buf<..., ui32>) {isMSB = true}` adds the counts of
    one byte of the `ui16` values of each row of `src` (the high one with `isMSB`)
    to the 256 bins of the same row of `dst`; `idx` selects per row which values
    count. The selection is target-defined.
  }];
  let arguments = (ins PTO_DpsType:$src, PTO_DpsType:$idx, PTO_DpsType:$dst,
                       DefaultValuedAttr<BoolAttr, "true">:$isMSB);
  let assemblyFormat = [{
    `ins` `(` $src `,` $idx `:` qualified(type($src)) `,` qualified(type($idx)) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict
  }];
  let hasVerifier = 1;
}

def PTO_TRandomOp : PTO_TileOp<"trandom"> {
  let summary = "Counter-based random numbers (A5)";
  let description = [{
    `pto.trandom ins(%k0, %k1, %c0, %c1, %c2, %c3 {rounds = 10 : i32} : i32, i32, i32,
    i32, i32, i32) outs(%dst : !pto.tile_buf<..., i32>)` fills `dst` from a
    Philox-style generator keyed by `k0`, `k1` with counter `c0..c3`, in `rounds`
    (7 or 10) rounds; the exact variant is the target's.
  }];
  let arguments = (ins AnySignlessInteger:$key0, AnySignlessInteger:$key1,
                       AnySignlessInteger:$counter0, AnySignlessInteger:$counter1,
                       AnySignlessInteger:$counter2, AnySignlessInteger:$counter3,
                       PTO_DpsType:$dst, DefaultValuedAttr<I32Attr, "10">:$rounds);
  let assemblyFormat = [{
    `ins` `(` $key0 `,` $key1 `,` $counter0 `,` $counter1 `,` $counter2 `,` $counter3
      attr-dict `:` type($key0) `,` type($key1) `,` type($counter0) `,` type($counter1)
      `,` type($counter2) `,` type($counter3) `)`
    `outs` `(` $dst `:` qualified(type($dst)) `)`
  }];
  let hasVerifier = 1;
}

def PTO_TPackOp : PTO_TileUnaryOp<"tpack"> {
  let summary = "Narrows elements to a smaller size (A5)";
  let description = [{
    `pto.tpack ins(%src : S) outs(%dst : D)` packs the valid elements of `src` into
    narrower ones (4 to 2, 4 to 1 or 2 to 1 bytes) of `dst`, which has the same
    valid shape; the narrowing is the target's.
  }];
  let hasVerifier = 1;
}

#endif // PTO_GATHER_OPS
