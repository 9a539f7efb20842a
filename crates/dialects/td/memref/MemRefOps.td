// The `memref` dialect: buffers in memory (allocation, access, views and globals), with
// MLIR's syntax and verification.

#ifndef PTO_MEMREF_OPS
#define PTO_MEMREF_OPS

include "mlir/IR/OpBase.td"
include "pto/Interfaces.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/CastInterfaces.td"
include "mlir/Interfaces/ViewLikeInterface.td"

def MemRef_Dialect : Dialect {
  let name = "memref";
  let cppNamespace = "::pto::memref";
  let summary = "Buffers in memory";
  let description = [{
    Allocation and deallocation of memrefs, loads and stores, views that reinterpret a
    buffer's shape and strides without copying, copies, and global buffers.
  }];
  let dependentDialects = ["::pto::arith::ArithDialect"];
  let hasConstantMaterializer = 1;
}

// Folds that only change an op in place (MLIR's `foldMemRefCast` of `load`, `store`,
// `dealloc`, `prefetch`, `copy`'s `FoldCopyOfCast`, `extract_strided_metadata`'s
// constants) are `OpModels::fold_in_place` models (`crates/dialects/src/memref/fold.rs`), so
// those ops declare no `hasFolder`.

class MemRef_Op<string mnemonic, list<Trait> traits = []>
    : Op<MemRef_Dialect, mnemonic, traits>;

def MemRef_TypeAttr : TypeAttrBase<"::mlir::MemRefType", "memref type attribute">;

// Operands and results named `%alloc`, `%subview`, ... in printed IR.
defvar NamedResult = DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>;

class MemRef_AllocLikeOp<string mnemonic, string what, list<Trait> traits = []>
    : MemRef_Op<mnemonic, [AttrSizedOperandSegments, NamedResult] # traits> {
  let summary = what;
  let description = [{
    Allocates a buffer of the result type. Dynamic sizes give the `?` dimensions in
    order; symbol operands bind the symbols of an affine-map layout. `alignment`
    (a power of two) is the byte alignment of the buffer.
  }];
  let arguments = (ins Variadic<Index>:$dynamicSizes,
                       Variadic<Index>:$symbolOperands,
                       OptionalAttr<IntValidAlignment<I64Attr>>:$alignment);
  let results = (outs Res<AnyMemRef, "", [MemAlloc]>:$memref);
  let assemblyFormat = [{
    `(`$dynamicSizes`)` (`` `[` $symbolOperands^ `]`)? attr-dict `:` type($memref)
  }];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def MemRef_AllocOp : MemRef_AllocLikeOp<"alloc", "Heap allocation">;
def MemRef_AllocaOp : MemRef_AllocLikeOp<"alloca",
    "Stack allocation, freed when the enclosing allocation scope returns">;

// MLIR also lists SameOperandsAndResultShape, which cast compatibility implies; its
// CastOpInterface check runs first, so only that one is kept.
def MemRef_CastOp : MemRef_Op<"cast", [DeclareOpInterfaceMethods<Rust_FoldInPlaceOpInterface>,
    DeclareOpInterfaceMethods<CastOpInterface>,
    NamedResult, Pure]> {
  let summary = "Casts between compatible memref types";
  let description = [{
    Converts static dimensions or strides to dynamic ones and back, or a ranked memref
    to an unranked one and back; the element type and memory space stay the same.
  }];
  let arguments = (ins AnyRankedOrUnrankedMemRef:$source);
  let results = (outs AnyRankedOrUnrankedMemRef:$dest);
  let assemblyFormat = "$source attr-dict `:` type($source) `to` type($dest)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def MemRef_CopyOp : MemRef_Op<"copy", [DeclareOpInterfaceMethods<Rust_FoldInPlaceOpInterface>,
    SameOperandsElementType, SameOperandsShape]> {
  let summary = "Copies one memref into another of the same shape";
  let description = [{ `memref.copy %src, %dst : T to U` copies every element. }];
  let arguments = (ins Arg<AnyRankedOrUnrankedMemRef, "the source", [MemRead]>:$source,
                       Arg<AnyRankedOrUnrankedMemRef, "the target", [MemWrite]>:$target);
  let assemblyFormat = [{
    $source `,` $target attr-dict `:` type($source) `to` type($target)
  }];
  let hasCanonicalizer = 1;
}

def MemRef_DeallocOp : MemRef_Op<"dealloc", [DeclareOpInterfaceMethods<Rust_FoldInPlaceOpInterface>]> {
  let summary = "Frees a buffer made by `memref.alloc`";
  let description = [{ `memref.dealloc %m : memref<4xf32>` }];
  let arguments = (ins Arg<AnyRankedOrUnrankedMemRef, "", [MemFree]>:$memref);
  let assemblyFormat = "$memref attr-dict `:` type($memref)";
}

def MemRef_DimOp : MemRef_Op<"dim", [DeclareOpInterfaceMethods<Rust_FoldInPlaceOpInterface>, DeclareOpInterfaceMethods<ConditionallySpeculatable>,
    NamedResult, NoMemoryEffect]> {
  let summary = "Size of one dimension";
  let description = [{ `memref.dim %m, %i : memref<?x4xf32>` returns dimension `%i`. }];
  let arguments = (ins AnyNon0RankedOrUnrankedMemRef:$source, Index:$index);
  let results = (outs Index:$result);
  let assemblyFormat = "attr-dict $source `,` $index `:` type($source)";
  let hasFolder = 1;
}

def MemRef_ExtractStridedMetadataOp : MemRef_Op<"extract_strided_metadata", [DeclareOpInterfaceMethods<Rust_FoldInPlaceOpInterface>,
    
    NamedResult, Pure, SameVariadicResultSize]> {
  let summary = "The base buffer, offset, sizes and strides of a strided memref";
  let description = [{
    `%base, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %m :
    memref<8x16xf32> -> memref<f32>, index, index, index, index, index`: the buffer
    as a rank-0 memref, and the layout as indices (what `expand-strided-metadata`
    rewrites views with).
  }];
  let arguments = (ins AnyStridedMemRef:$source);
  let results = (outs AnyStridedMemRefOfRank<0>:$base_buffer, Index:$offset,
                      Variadic<Index>:$sizes, Variadic<Index>:$strides);
  let assemblyFormat = "$source `:` type($source) `->` type(results) attr-dict";
  let hasVerifier = 1;
}

def MemRef_GetGlobalOp : MemRef_Op<"get_global", [Pure,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "The buffer of a `memref.global`";
  let description = [{ `memref.get_global @g : memref<4xf32>` }];
  let arguments = (ins FlatSymbolRefAttr:$name);
  let results = (outs AnyStaticShapeMemRef:$result);
  let assemblyFormat = "$name `:` type($result) attr-dict";
}

def MemRef_GlobalOp : MemRef_Op<"global", [Symbol]> {
  let summary = "A global buffer";
  let description = [{
    Declares (no initial value) or defines a global memref of static shape. The
    initial value is an elements attribute of the matching tensor type, or
    `uninitialized`; `constant` globals may not be written.
  }];
  let arguments = (ins SymbolNameAttr:$sym_name,
                       OptionalAttr<StrAttr>:$sym_visibility,
                       MemRef_TypeAttr:$type,
                       OptionalAttr<AnyAttr>:$initial_value,
                       UnitAttr:$constant,
                       OptionalAttr<IntValidAlignment<I64Attr>>:$alignment);
  let assemblyFormat = [{
       ($sym_visibility^)?
       (`constant` $constant^)?
       $sym_name `:`
       custom<GlobalMemrefOpTypeAndInitialValue>($type, $initial_value)
       attr-dict
  }];
  let hasVerifier = 1;
}

def MemRef_LoadOp : MemRef_Op<"load", [DeclareOpInterfaceMethods<Rust_FoldInPlaceOpInterface>,
    
    TypesMatchWith<"result type matches element type of 'memref'",
                   "memref", "result",
                   "::llvm::cast<MemRefType>($_self).getElementType()">]> {
  let summary = "Reads one element";
  let description = [{
    `memref.load %m[%i, %j] : memref<4x?xf32>` reads the element at the indices, one
    per dimension. `nontemporal` hints that the data will not be reused soon.
  }];
  let arguments = (ins Arg<AnyMemRef, "the buffer", [MemRead]>:$memref,
                       Variadic<Index>:$indices,
                       DefaultValuedOptionalAttr<BoolAttr, "false">:$nontemporal,
                       OptionalAttr<IntValidAlignment<I64Attr>>:$alignment);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$memref `[` $indices `]` attr-dict `:` type($memref)";
  let hasVerifier = 1;
}

def MemRef_PrefetchOp : MemRef_Op<"prefetch", [DeclareOpInterfaceMethods<Rust_FoldInPlaceOpInterface>]> {
  let summary = "Hints that an element will be accessed soon";
  let description = [{
    `memref.prefetch %m[%i, %j], read, locality<3>, data : memref<4x?xf32>` asks the
    memory system to bring the element's cache line close: `read` or `write`, the
    temporal locality from 0 (none) to 3 (keep in all cache levels), and the `data` or
    `instr` cache. It has no effect on the program's results, even out of bounds.
  }];
  let arguments = (ins AnyMemRef:$memref,
                       Variadic<Index>:$indices,
                       BoolAttr:$isWrite,
                       ConfinedAttr<I32Attr, [IntMinValue<0>, IntMaxValue<3>]>:$localityHint,
                       BoolAttr:$isDataCache);
  let assemblyFormat = [{
    $memref `[` $indices `]` `,` custom<PrefetchHints>($isWrite, $localityHint, $isDataCache)
    attr-dict `:` type($memref)
  }];
  let hasVerifier = 1;
}

def MemRef_StoreOp : MemRef_Op<"store", [DeclareOpInterfaceMethods<Rust_FoldInPlaceOpInterface>,
    
    TypesMatchWith<"type of 'value' matches element type of 'memref'",
                   "memref", "value",
                   "::llvm::cast<MemRefType>($_self).getElementType()">]> {
  let summary = "Writes one element";
  let description = [{
    `memref.store %v, %m[%i, %j] : memref<4x?xf32>` writes `%v` at the indices.
  }];
  let arguments = (ins AnyType:$value,
                       Arg<AnyMemRef, "the buffer", [MemWrite]>:$memref,
                       Variadic<Index>:$indices,
                       DefaultValuedOptionalAttr<BoolAttr, "false">:$nontemporal,
                       OptionalAttr<IntValidAlignment<I64Attr>>:$alignment);
  let assemblyFormat = [{
    $value `,` $memref `[` $indices `]` attr-dict `:` type($memref)
  }];
  let hasVerifier = 1;
}

def MemRef_ReinterpretCastOp : MemRef_Op<"reinterpret_cast", [DeclareOpInterfaceMethods<Rust_FoldInPlaceOpInterface>,
    NamedResult,
    AttrSizedOperandSegments, Pure]> {
  let summary = "Views a buffer with a new offset, sizes and strides";
  let description = [{
    Each of offset, sizes and strides is a list of constants and SSA values; the result
    type must agree with the constants.
  }];
  let arguments = (ins AnyRankedOrUnrankedMemRef:$source,
                       Variadic<Index>:$offsets,
                       Variadic<Index>:$sizes,
                       Variadic<Index>:$strides,
                       DenseI64ArrayAttr:$static_offsets,
                       DenseI64ArrayAttr:$static_sizes,
                       DenseI64ArrayAttr:$static_strides);
  let results = (outs AnyStridedMemRef:$result);
  let assemblyFormat = [{
    $source `to` `offset` `` `:`
    custom<DynamicIndexList>($offsets, $static_offsets)
    `` `,` `sizes` `` `:`
    custom<DynamicIndexList>($sizes, $static_sizes)
    `` `,` `strides` `` `:`
    custom<DynamicIndexList>($strides, $static_strides)
    attr-dict `:` type($source) `to` type($result)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

class MemRef_ReshapeOp<string mnemonic, string what> : MemRef_Op<mnemonic, [NamedResult,
    Pure]> {
  let summary = what;
  let results = (outs AnyStridedMemRef:$result);
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def MemRef_CollapseShapeOp : MemRef_ReshapeOp<"collapse_shape",
    "Merges groups of adjacent dimensions"> {
  let description = [{
    `[[0, 1], [2]]` lists, for each result dimension, the source dimensions it merges.
  }];
  let arguments = (ins AnyStridedMemRef:$src, IndexListArrayAttr:$reassociation);
  let assemblyFormat = [{
    $src $reassociation attr-dict `:` type($src) `into` type($result)
  }];
}

def MemRef_ExpandShapeOp : MemRef_ReshapeOp<"expand_shape",
    "Splits dimensions into groups of adjacent dimensions"> {
  let description = [{
    `[[0, 1]]` lists, for each source dimension, the result dimensions it splits into;
    `output_shape` gives the result sizes (SSA values for the dynamic ones).
  }];
  let arguments = (ins AnyStridedMemRef:$src, IndexListArrayAttr:$reassociation,
                       Variadic<Index>:$output_shape,
                       DenseI64ArrayAttr:$static_output_shape);
  let assemblyFormat = [{
    $src $reassociation `output_shape`
    custom<DynamicIndexList>($output_shape, $static_output_shape) attr-dict `:`
    type($src) `into` type($result)
  }];
}

def MemRef_SubViewOp : MemRef_Op<"subview", [NamedResult, AttrSizedOperandSegments,
    Pure]> {
  let summary = "A strided window into a memref";
  let description = [{
    Offsets, sizes and strides (constants or SSA values, one per source dimension)
    select the window; the result's layout combines them with the source's strides.
    Unit dimensions may be dropped from the result type (rank reduction).
  }];
  let arguments = (ins AnyMemRef:$source,
                       Variadic<Index>:$offsets,
                       Variadic<Index>:$sizes,
                       Variadic<Index>:$strides,
                       DenseI64ArrayAttr:$static_offsets,
                       DenseI64ArrayAttr:$static_sizes,
                       DenseI64ArrayAttr:$static_strides);
  let results = (outs AnyMemRef:$result);
  let assemblyFormat = [{
    $source ``
    custom<DynamicIndexList>($offsets, $static_offsets)
    custom<DynamicIndexList>($sizes, $static_sizes)
    custom<DynamicIndexList>($strides, $static_strides)
    attr-dict `:` type($source) `to` type($result)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def MemRef_ViewOp : MemRef_Op<"view", [NamedResult, Pure]> {
  let summary = "A typed view of a byte buffer";
  let description = [{
    `memref.view %buf[%shift][%sizes] : memref<2048xi8> to memref<?x4xf32>` views the
    1-D `i8` buffer from byte `%shift` with the result's shape.
  }];
  let arguments = (ins MemRefRankOf<[I8], [1]>:$source, Index:$byte_shift,
                       Variadic<Index>:$sizes);
  let results = (outs AnyMemRef);
  let assemblyFormat = [{
    $source `[` $byte_shift `]` `` `[` $sizes `]` attr-dict
    `:` type($source) `to` type(results)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

#endif // PTO_MEMREF_OPS
