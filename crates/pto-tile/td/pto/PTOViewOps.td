// Pointers, views of global tensors, tile allocation and tile views.

#ifndef PTO_VIEW_OPS
#define PTO_VIEW_OPS

def PTO_AddPtrOp : PTO_Op<"addptr", [Pure, AllTypesMatch<["ptr", "result"]>]> {
  let summary = "Offsets a pointer by a number of elements";
  let description = [{
    `%q = pto.addptr %p, %n : !pto.ptr<f32> -> !pto.ptr<f32>`: the address `n`
    elements (not bytes) after `p`.
  }];
  let arguments = (ins PTO_PtrType:$ptr, Index:$offset);
  let results = (outs PTO_PtrType:$result);
  let assemblyFormat = "$ptr `,` $offset attr-dict `:` type($ptr) `->` type($result)";
}

def PTO_LoadScalarOp : PTO_Op<"load_scalar", [MemoryEffects<[MemRead]>]> {
  let summary = "Reads one element of global memory";
  let description = [{
    `%v = pto.load_scalar %p[%i] : !pto.ptr<f32> -> f32` reads element `i` after `p`.
  }];
  let arguments = (ins PTO_ScalarPtrOrMemRef:$ptr, Index:$offset);
  let results = (outs AnyType:$value);
  let assemblyFormat = "$ptr `[` $offset `]` attr-dict `:` type($ptr) `->` type($value)";
  let hasVerifier = 1;
}

def PTO_StoreScalarOp : PTO_Op<"store_scalar", [MemoryEffects<[MemWrite]>]> {
  let summary = "Writes one element of global memory";
  let description = [{
    `pto.store_scalar %v, %p[%i] : !pto.ptr<f32>, f32` writes `v` to element `i`
    after `p`.
  }];
  let arguments = (ins PTO_ScalarPtrOrMemRef:$ptr, Index:$offset, AnyType:$value);
  let assemblyFormat =
      "$value `,` $ptr `[` $offset `]` attr-dict `:` type($ptr) `,` type($value)";
  let hasVerifier = 1;
}

def PTO_MakeTensorViewOp : PTO_Op<"make_tensor_view", [Pure, AttrSizedOperandSegments]> {
  let summary = "Views global memory as a tensor";
  let description = [{
    `%tv = pto.make_tensor_view %p, shape = [%m, %n], strides = [%s0, %s1]
    : !pto.tensor_view<?x?xf32>`: element `(i0, ..., ik)` of the view is at
    `p + sum(i_d * stride_d)` (in elements). Only the result type is written; the
    pointer's element type is the view's. `layout` (`#pto.layout<nd>`) may describe
    the strides.
  }];
  let arguments = (ins AnyType:$ptr, Variadic<Index>:$shape, Variadic<Index>:$strides,
                       OptionalAttr<PTO_LayoutAttr>:$layout);
  let results = (outs AnyType:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def PTO_PartitionViewOp : PTO_Op<"partition_view", [Pure, AttrSizedOperandSegments]> {
  let summary = "Selects a window of a tensor view";
  let description = [{
    `%pv = pto.partition_view %tv, offsets = [%a, %b], sizes = [%c, %d]
    : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<32x32xf32>`: the
    elements of `tv` from `offsets` on, `sizes` of them per dimension, with the
    strides of `tv`.
  }];
  let arguments = (ins PTO_TensorViewType:$source, Variadic<Index>:$offsets,
                       Variadic<Index>:$sizes);
  let results = (outs PTO_PartitionTensorViewType:$result);
  let assemblyFormat = [{
    $source `,` `offsets` `=` `[` $offsets `]` `,` `sizes` `=` `[` $sizes `]`
    attr-dict `:` qualified(type($source)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def PTO_GetTensorViewDimOp : PTO_Op<"get_tensor_view_dim", [Pure]> {
  let summary = "The size of one dimension of a tensor view";
  let arguments = (ins PTO_TensorViewOrMemRef:$tensor_view, Index:$dim_index);
  let results = (outs Index:$result);
  let assemblyFormat = [{
    $tensor_view `,` $dim_index `:` qualified(type($tensor_view)) `->`
    qualified(type($result)) attr-dict
  }];
}

def PTO_AllocTileOp : PTO_Op<"alloc_tile", [AttrSizedOperandSegments,
                                            MemoryEffects<[MemAlloc]>]> {
  let summary = "Declares a tile buffer";
  let description = [{
    `%t = pto.alloc_tile [addr = %a] [valid_row = %r] [valid_col = %c] : !pto.tile_buf<...>`
    starts the lifetime of a tile. `valid_row`/`valid_col` give the valid sizes that
    the type leaves dynamic (`?`), and only those; `addr` is a byte offset in the
    tile's address space for kernels that place their tiles themselves.
  }];
  let arguments = (ins Optional<I64>:$addr, Optional<Index>:$valid_row,
                       Optional<Index>:$valid_col);
  let results = (outs PTO_TileBufType:$result);
  let assemblyFormat = [{
    (`addr` `=` $addr^)? (`valid_row` `=` $valid_row^)? (`valid_col` `=` $valid_col^)?
    attr-dict `:` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def PTO_SubsetOp : PTO_Op<"subset", [Pure]> {
  let summary = "A view of a rectangle of a tile";
  let description = [{
    `%s = pto.subset %t[%i, %j] sizes [16, 16] : !pto.tile_buf<...>`: the
    `16 x 16` elements of `t` from row `i`, column `j` on, in the same storage with
    the same configuration. Only the source type is written; the result's valid
    sizes follow from the source's and constant offsets (`?` otherwise).
  }];
  let arguments = (ins PTO_TileBufType:$source, Variadic<Index>:$offsets,
                       I64ArrayAttr:$sizes);
  let results = (outs PTO_TileBufType:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def PTO_SetValidShapeOp : PTO_Op<"set_validshape", [MemoryEffects<[MemWrite]>]> {
  let summary = "Sets the valid sizes of a dynamic tile";
  let description = [{
    `pto.set_validshape %t, %r, %c : !pto.tile_buf<..., valid=?x?>`: from here on,
    the top-left `r x c` elements of `t` are its valid region.
  }];
  let arguments = (ins PTO_TileBufOrMemRef:$source, Index:$valid_row, Index:$valid_col);
  let assemblyFormat = [{
    $source `,` $valid_row `,` $valid_col attr-dict `:` qualified(type($source))
  }];
  let hasVerifier = 1;
}

def PTO_BindTileOp : PTO_Op<"bind_tile", [Pure, AttrSizedOperandSegments]> {
  let summary = "Gives a memref the valid sizes and configuration of a tile";
  let description = [{
    `%b = pto.bind_tile %m, %r, %c {config = #pto.tile_buf_config<...>}
    : memref<16x16xf32, #pto.address_space<vec>> -> memref<16x16xf32,
    strided<[16, 1], offset: ?>, #pto.address_space<vec>>`: the result is `m` (the
    same storage) seen as a tile with the layout configuration `config` and, when
    given, the valid sizes `r` x `c` (both or neither). It is how PTOAS's lowering
    turns a tile buffer into a memref, and is also accepted as input.
  }];
  let arguments = (ins AnyMemRef:$source, Optional<Index>:$valid_row,
                       Optional<Index>:$valid_col, PTO_TileBufConfigAttr:$config);
  let results = (outs AnyMemRef:$result);
  let assemblyFormat = [{
    $source (`,` $valid_row^ `,` $valid_col)? attr-dict `:` qualified(type($source))
    `->` qualified(type($result))
  }];
}

def PTO_BitcastOp : PTO_Op<"bitcast", [Pure]> {
  let summary = "Views a tile's bytes with another element type";
  let arguments = (ins PTO_TileBufType:$src);
  let results = (outs PTO_TileBufType:$result);
  let assemblyFormat =
      "$src attr-dict `:` qualified(type($src)) `->` qualified(type($result))";
  let hasVerifier = 1;
}

def PTO_TReshapeOp : PTO_Op<"treshape", [Pure]> {
  let summary = "Views a tile's bytes with another shape";
  let description = [{
    `%r = pto.treshape %t : T1 -> T2`: the same bytes as a tile of another shape
    (same location and total size; boxed and unboxed layouts do not mix).
  }];
  let arguments = (ins PTO_TileBufType:$src);
  let results = (outs PTO_TileBufType:$result);
  let assemblyFormat =
      "$src attr-dict `:` qualified(type($src)) `->` qualified(type($result))";
  let hasVerifier = 1;
}

def PTO_PointerCastOp : PTO_Op<"pointer_cast", [Pure, AttrSizedOperandSegments]> {
  let summary = "A tile or memref at planned byte offsets of its address space";
  let description = [{
    What memory planning (`pto-plan-memory`) makes of an allocation: the buffer that
    starts at byte offset `off` of the local memory named by the result type.
    `%t = pto.pointer_cast(%off) : !pto.tile_buf<vec, 16x16xf16>` replaces an
    `alloc_tile`; `%m = pto.pointer_cast(%off) : memref<16x16xf16,
    #pto.address_space<vec>>` replaces a `memref.alloc` (PTOAS's lowered form).
    Several offsets describe a multi-buffered allocation.

    The valid sizes of a tile whose type leaves one of them dynamic follow the
    offsets: `pto.pointer_cast(%off) %vr, %vc : !pto.tile_buf<vec, 16x16xf16,
    valid=?x?>`. A memref result may carry the tile's configuration
    (`{config = #pto.tile_buf_config<...>}`), as PTOAS's lowering writes it. Both are given as soon as one is dynamic; a static one is then an
    index constant equal to the type's. For the tile form the verifier checks that:
    there is at least one offset, constant offsets are non-negative, the valid sizes
    are given exactly when the type has a dynamic valid size, and a valid size given
    for a static one is that constant.
  }];
  let arguments = (ins Variadic<I64>:$addrs, Optional<Index>:$valid_row,
                       Optional<Index>:$valid_col,
                       OptionalAttr<PTO_TileBufConfigAttr>:$config);
  let results = (outs PTO_TileBufOrMemRef:$result);
  let assemblyFormat = [{
    `(` $addrs `)` ($valid_row^ `,` $valid_col)? attr-dict `:` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def PTO_DeclareTileOp : PTO_Op<"declare_tile", [MemoryEffects<[MemAlloc]>]> {
  let summary = "A tile handle whose address is bound later";
  let description = [{
    `%t = pto.declare_tile -> !pto.tile_buf<...>`: a tile without storage; it gets
    an address from `pto.tassign` (or a pipe's `pto.tpop`) before it is used.
  }];
  let results = (outs PTO_TileBufType:$tile);
  let assemblyFormat = "attr-dict `->` qualified(type($tile))";
}

def PTO_TAssignOp : PTO_Op<"tassign", [Pure]> {
  let summary = "Binds a tile handle to a byte address";
  let description = [{
    `%t2 = pto.tassign %t, %addr : T -> T`: the tile `t` (same type) placed at byte
    offset `addr` (an `i64`) of its address space; for level-3 kernels that place
    their tiles themselves, e.g. rebinding a handle declared outside a loop.
  }];
  let arguments = (ins PTO_TileBufType:$tile, I64:$addr);
  let results = (outs PTO_TileBufType:$result);
  let assemblyFormat = [{
    $tile `,` $addr attr-dict `:` qualified(type($tile)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

#endif // PTO_VIEW_OPS
