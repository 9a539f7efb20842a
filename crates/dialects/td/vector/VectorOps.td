// The `vector` dialect (a subset): loads and stores of vectors, transfers with padding
// and masks, broadcasts, element access, reductions, fused multiply-add, shape casts,
// masks and steps, with MLIR 22's names, attributes and syntax. Read by build.rs
// (pto-ods-gen); valid `mlir-tblgen` input.
//
// MLIR 22 has no `vector.splat`, `vector.extractelement` or `vector.insertelement`:
// `vector.broadcast` of a scalar, and `vector.extract`/`vector.insert` with static or
// dynamic positions, replace them.

#ifndef PTO_VECTOR_OPS
#define PTO_VECTOR_OPS

include "arith/ArithOps.td"
include "pto/Interfaces.td"
include "mlir/IR/EnumAttr.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def Vector_Dialect : Dialect {
  let name = "vector";
  let cppNamespace = "::pto::vector";
  let summary = "Operations on n-D vector values";
  let description = [{
    Vectors are SSA values of `vector<...>` type. The dialect moves them between memory
    and registers (`load`, `store`, `transfer_read`, `transfer_write`, masked forms),
    builds them (`broadcast`, `insert`, masks, `step`), takes them apart (`extract`,
    `reduction`, `shape_cast`) and computes on them (`fma`).
  }];
  let dependentDialects = ["::pto::arith::ArithDialect"];
  let hasConstantMaterializer = 1;
}

class Vector_Op<string mnemonic, list<Trait> traits = []>
    : Op<Vector_Dialect, mnemonic, traits>;

//===-- Attributes -------------------------------------------------------------===//

def COMBINING_KIND_ADD : I32EnumAttrCase<"ADD", 0, "add">;
def COMBINING_KIND_MUL : I32EnumAttrCase<"MUL", 1, "mul">;
def COMBINING_KIND_MINUI : I32EnumAttrCase<"MINUI", 2, "minui">;
def COMBINING_KIND_MINSI : I32EnumAttrCase<"MINSI", 3, "minsi">;
def COMBINING_KIND_MINNUMF : I32EnumAttrCase<"MINNUMF", 4, "minnumf">;
def COMBINING_KIND_MAXUI : I32EnumAttrCase<"MAXUI", 5, "maxui">;
def COMBINING_KIND_MAXSI : I32EnumAttrCase<"MAXSI", 6, "maxsi">;
def COMBINING_KIND_MAXNUMF : I32EnumAttrCase<"MAXNUMF", 7, "maxnumf">;
def COMBINING_KIND_AND : I32EnumAttrCase<"AND", 8, "and">;
def COMBINING_KIND_OR : I32EnumAttrCase<"OR", 9, "or">;
def COMBINING_KIND_XOR : I32EnumAttrCase<"XOR", 10, "xor">;
def COMBINING_KIND_MINIMUMF : I32EnumAttrCase<"MINIMUMF", 11, "minimumf">;
def COMBINING_KIND_MAXIMUMF : I32EnumAttrCase<"MAXIMUMF", 12, "maximumf">;

// MLIR lists maximumf before minimumf; the error message shows this order.
def CombiningKind : I32EnumAttr<"CombiningKind",
    "Kind of combining function for contractions and reductions", [
  COMBINING_KIND_ADD, COMBINING_KIND_MUL, COMBINING_KIND_MINUI, COMBINING_KIND_MINSI,
  COMBINING_KIND_MINNUMF, COMBINING_KIND_MAXUI, COMBINING_KIND_MAXSI,
  COMBINING_KIND_MAXNUMF, COMBINING_KIND_AND, COMBINING_KIND_OR, COMBINING_KIND_XOR,
  COMBINING_KIND_MAXIMUMF, COMBINING_KIND_MINIMUMF]> {
  let cppNamespace = "::pto::vector";
  let genSpecializedAttr = 0;
}

def Vector_CombiningKindAttr : EnumAttr<Vector_Dialect, CombiningKind, "kind"> {
  let assemblyFormat = "`<` $value `>`";
}

// Results of the element type of the first operand (positional, as MLIR's
// `TCresVTEtIsSameAsOpBase<0, 0>`).
class SameElementTypeAsSource<string what>
    : PredOpTrait<what # " have same element type", TCresVTEtIsSameAsOpBase<0, 0>>;

defvar Alignment = OptionalAttr<IntValidAlignment<I64Attr>>;

//===-- Memory -------------------------------------------------------------------===//

def Vector_LoadOp : Vector_Op<"load", [DeclareOpInterfaceMethods<Rust_FoldInPlaceOpInterface>]> {
  let summary = "Reads an n-D slice of memory into an n-D vector";
  let description = [{
    `vector.load %m[%i, %j] : memref<?x?xf32>, vector<8xf32>` reads consecutive
    elements starting at the indices (the vector's trailing dimensions run along the
    memref's trailing dimensions). Reading past the end is undefined.
  }];
  let arguments = (ins Arg<AnyMemRef, "the buffer", [MemRead]>:$base,
                       Variadic<Index>:$indices,
                       DefaultValuedOptionalAttr<BoolAttr, "false">:$nontemporal,
                       Alignment:$alignment);
  let results = (outs AnyVectorOfAnyRank:$result);
  let assemblyFormat =
      "$base `[` $indices `]` attr-dict `:` type($base) `,` type($result)";
  let hasVerifier = 1;
}

def Vector_StoreOp : Vector_Op<"store", [DeclareOpInterfaceMethods<Rust_FoldInPlaceOpInterface>]> {
  let summary = "Writes an n-D vector to an n-D slice of memory";
  let description = [{
    `vector.store %v, %m[%i] : memref<?xf32>, vector<8xf32>`: the inverse of
    `vector.load`.
  }];
  let arguments = (ins AnyVectorOfAnyRank:$valueToStore,
                       Arg<AnyMemRef, "the buffer", [MemWrite]>:$base,
                       Variadic<Index>:$indices,
                       DefaultValuedOptionalAttr<BoolAttr, "false">:$nontemporal,
                       Alignment:$alignment);
  let assemblyFormat = "$valueToStore `,` $base `[` $indices `]` attr-dict "
                       "`:` type($base) `,` type($valueToStore)";
  let hasVerifier = 1;
}

def Vector_MaskedLoadOp : Vector_Op<"maskedload", [DeclareOpInterfaceMethods<Rust_FoldInPlaceOpInterface>]> {
  let summary = "Reads the lanes a mask selects; others come from a pass-through vector";
  let description = [{
    `vector.maskedload %m[%i], %mask, %pass : memref<?xf32>, vector<8xi1>, vector<8xf32>
    into vector<8xf32>`: lane `k` is `%m[%i + k]` where `%mask[k]` is set (only those
    are read), else `%pass[k]`.
  }];
  let arguments = (ins Arg<AnyMemRef, "", [MemRead]>:$base,
                       Variadic<Index>:$indices,
                       VectorOfNonZeroRankOf<[I1]>:$mask,
                       AnyVectorOfNonZeroRank:$pass_thru,
                       Alignment:$alignment);
  let results = (outs AnyVectorOfNonZeroRank:$result);
  let assemblyFormat = "$base `[` $indices `]` `,` $mask `,` $pass_thru attr-dict `:` "
    "type($base) `,` type($mask) `,` type($pass_thru) `into` type($result)";
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def Vector_MaskedStoreOp : Vector_Op<"maskedstore", [DeclareOpInterfaceMethods<Rust_FoldInPlaceOpInterface>]> {
  let summary = "Writes the lanes a mask selects";
  let description = [{
    `vector.maskedstore %m[%i], %mask, %v : memref<?xf32>, vector<8xi1>, vector<8xf32>`
    writes `%v[k]` to `%m[%i + k]` where `%mask[k]` is set.
  }];
  let arguments = (ins Arg<AnyMemRef, "", [MemWrite]>:$base,
                       Variadic<Index>:$indices,
                       VectorOfNonZeroRankOf<[I1]>:$mask,
                       AnyVectorOfNonZeroRank:$valueToStore,
                       Alignment:$alignment);
  let assemblyFormat = "$base `[` $indices `]` `,` $mask `,` $valueToStore "
    "attr-dict `:` type($base) `,` type($mask) `,` type($valueToStore)";
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def Vector_TransferReadOp : Vector_Op<"transfer_read", [DeclareOpInterfaceMethods<Rust_FoldInPlaceOpInterface>,
    AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "Reads a vector from a memref or tensor, with padding and a mask";
  let description = [{
    `vector.transfer_read %m[%i, %j], %pad [, %mask] {permutation_map, in_bounds} :
    memref<?x?xf32>, vector<4xf32>`. The permutation map (a minor identity by default)
    says which memory dimension each vector dimension walks (`0` broadcasts);
    positions past the end, or masked off, read `%pad`. `in_bounds` (all false by
    default) promises, per vector dimension, that no access is out of bounds.
  }];
  let arguments = (ins AnyShaped:$base,
                       Variadic<Index>:$indices,
                       AffineMapAttr:$permutation_map,
                       AnyType:$padding,
                       Optional<VectorOfNonZeroRankOf<[I1]>>:$mask,
                       BoolArrayAttr:$in_bounds);
  let results = (outs AnyVectorOfAnyRank:$vector);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def Vector_TransferWriteOp : Vector_Op<"transfer_write", [DeclareOpInterfaceMethods<Rust_FoldInPlaceOpInterface>,
    AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "Writes a vector to a memref or tensor, with a mask";
  let description = [{
    The inverse of `vector.transfer_read`: out-of-bounds and masked-off lanes are not
    written. On a tensor the op returns the updated tensor.
  }];
  let arguments = (ins AnyVectorOfAnyRank:$valueToStore,
                       AnyShaped:$base,
                       Variadic<Index>:$indices,
                       AffineMapAttr:$permutation_map,
                       Optional<VectorOfNonZeroRankOf<[I1]>>:$mask,
                       BoolArrayAttr:$in_bounds);
  let results = (outs Optional<AnyRankedTensor>:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

//===-- Building and taking apart ------------------------------------------------===//

def Vector_BroadcastOp : Vector_Op<"broadcast", [DeclareOpInterfaceMethods<Rust_FoldInPlaceOpInterface>,
    Pure,
    SameElementTypeAsSource<"source operand and result">]> {
  let summary = "Broadcasts a scalar or vector to a larger vector";
  let description = [{
    `vector.broadcast %x : vector<1x4xf32> to vector<3x5x4xf32>`: the source is
    repeated over the missing leading dimensions and stretched over its unit
    dimensions. A scalar source fills the whole vector (MLIR's replacement of
    `vector.splat`).
  }];
  let arguments = (ins AnyType:$source);
  let results = (outs AnyVectorOfAnyRank:$vector);
  let assemblyFormat = "$source attr-dict `:` type($source) `to` type($vector)";
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def Vector_ExtractOp : Vector_Op<"extract", [DeclareOpInterfaceMethods<Rust_FoldInPlaceOpInterface>,
    Pure,
    SameElementTypeAsSource<"operand and result">]> {
  let summary = "Extracts a sub-vector or an element at a position";
  let description = [{
    `vector.extract %v[1, %j] : f32 from vector<4x8xf32>`: positions are constants or
    `index` values; fewer positions than the rank give a sub-vector. A position of -1
    is poison.
  }];
  let arguments = (ins AnyVectorOfAnyRank:$source,
                       Variadic<Index>:$dynamic_position,
                       DenseI64ArrayAttr:$static_position);
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    $source ``
    custom<DynamicIndexList>($dynamic_position, $static_position)
    attr-dict `:` type($result) `from` type($source)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def Vector_InsertOp : Vector_Op<"insert", [DeclareOpInterfaceMethods<Rust_FoldInPlaceOpInterface>,
    Pure,
    SameElementTypeAsSource<"source operand and result">,
    AllTypesMatch<["dest", "result"]>]> {
  let summary = "Inserts a sub-vector or an element at a position";
  let description = [{
    `vector.insert %x, %v[1, %j] : f32 into vector<4x8xf32>` returns `%v` with the
    element (or sub-vector) at the position replaced.
  }];
  let arguments = (ins AnyType:$valueToStore,
                       AnyVectorOfAnyRank:$dest,
                       Variadic<Index>:$dynamic_position,
                       DenseI64ArrayAttr:$static_position);
  let results = (outs AnyVectorOfAnyRank:$result);
  let assemblyFormat = [{
    $valueToStore `,` $dest custom<DynamicIndexList>($dynamic_position, $static_position)
    attr-dict `:` type($valueToStore) `into` type($dest)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Vector_ShapeCastOp : Vector_Op<"shape_cast", [DeclareOpInterfaceMethods<Rust_FoldInPlaceOpInterface>,
    Pure]> {
  let summary = "Reshapes a vector (row-major order, same number of elements)";
  let description = [{
    `vector.shape_cast %v : vector<2x4xf32> to vector<8xf32>`.
  }];
  let arguments = (ins AnyVectorOfAnyRank:$source);
  let results = (outs AnyVectorOfAnyRank:$result);
  let assemblyFormat = "$source attr-dict `:` type($source) `to` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def Vector_BitCastOp : Vector_Op<"bitcast", [DeclareOpInterfaceMethods<Rust_FoldInPlaceOpInterface>,
    Pure]> {
  let summary = "Reinterprets the bits of a vector's innermost rows";
  let description = [{
    `vector.bitcast %v : vector<4x8xf16> to vector<4x4xi32>`: the leading dimensions
    stay, each innermost row keeps its bits and is cut into elements of the result type
    (`i1` lanes are single bits).
  }];
  let arguments = (ins AnyVectorOfAnyRank:$source);
  let results = (outs AnyVectorOfAnyRank:$result);
  let assemblyFormat = "$source attr-dict `:` type($source) `to` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Vector_ConstantMaskOp : Vector_Op<"constant_mask", [Pure]> {
  let summary = "A mask whose leading hyper-rectangle is set";
  let description = [{
    `vector.constant_mask [2, 3] : vector<4x8xi1>` sets the lanes `[i, j]` with
    `i < 2` and `j < 3`.
  }];
  let arguments = (ins DenseI64ArrayAttr:$mask_dim_sizes);
  let results = (outs VectorOfAnyRankOf<[I1]>);
  let assemblyFormat = "$mask_dim_sizes attr-dict `:` type(results)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Vector_CreateMaskOp : Vector_Op<"create_mask", [Pure]> {
  let summary = "A mask whose leading hyper-rectangle of dynamic size is set";
  let description = [{
    `vector.create_mask %a, %b : vector<4x8xi1>` sets the lanes `[i, j]` with
    `i < %a` and `j < %b` (sizes are clamped to the vector's).
  }];
  let arguments = (ins Variadic<Index>:$operands);
  let results = (outs VectorOfAnyRankOf<[I1]>);
  let assemblyFormat = "$operands attr-dict `:` type(results)";
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def Vector_StepOp : Vector_Op<"step", [Pure]> {
  let summary = "The vector of indices 0, 1, ..., N-1";
  let description = [{ `vector.step : vector<4xindex>` is `[0, 1, 2, 3]`. }];
  let results = (outs VectorOfRankAndType<[1], [Index]>:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
  let hasCanonicalizer = 1;
}

//===-- Computation ----------------------------------------------------------------===//

def Vector_FMAOp : Vector_Op<"fma", [Pure, AllTypesMatch<["lhs", "rhs", "acc", "result"]>,
    Elementwise]> {
  let summary = "Fused multiply-add on vectors: lhs * rhs + acc, lane by lane";
  let description = [{
    `vector.fma %a, %b, %c : vector<8xf32>`. Lowered to `llvm.intr.fmuladd`, which
    may or may not fuse.
  }];
  let arguments = (ins VectorOfAnyRankOf<[AnyFloat]>:$lhs,
                       VectorOfAnyRankOf<[AnyFloat]>:$rhs,
                       VectorOfAnyRankOf<[AnyFloat]>:$acc);
  let results = (outs VectorOfAnyRankOf<[AnyFloat]>:$result);
  let assemblyFormat = "$lhs `,` $rhs `,` $acc attr-dict `:` type($lhs)";
}

def Vector_ReductionOp : Vector_Op<"reduction", [Pure,
    SameElementTypeAsSource<"source operand and result">,
    OptionalTypesMatchWith<"dest and acc have the same type",
                           "dest", "acc", "::llvm::cast<Type>($_self)">]> {
  let summary = "Reduces a 1-D vector to a scalar with a combining kind";
  let description = [{
    `vector.reduction <add>, %v [, %acc] [fastmath<...>] : vector<16xf32> into f32`
    combines the lanes (and the accumulator, if given) with `add`, `mul`,
    `minsi`/`minui`/`maxsi`/`maxui`, `and`/`or`/`xor` (integers) or `add`, `mul`,
    `minnumf`/`maxnumf`/`minimumf`/`maximumf` (floats).
  }];
  let arguments = (ins Vector_CombiningKindAttr:$kind,
                       AnyVectorOfAnyRank:$vector,
                       Optional<AnyType>:$acc,
                       Arith_FastMath:$fastmath);
  let results = (outs AnyType:$dest);
  let assemblyFormat = "$kind `,` $vector (`,` $acc^)? (`fastmath` `` $fastmath^)?"
                       " attr-dict `:` type($vector) `into` type($dest)";
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

//===-- Elements, shuffles and strided slices ----------------------------------------===//

def Vector_FromElementsOp : Vector_Op<"from_elements", [Pure,
    ShapedTypeMatchesElementCountAndTypes<"dest", "elements">]> {
  let summary = "Builds a vector from its scalar elements, in row-major order";
  let description = [{
    `vector.from_elements %a, %b, %c, %d : vector<2x2xf32>`: one operand per element
    of the (fixed-size) result, each of its element type.
  }];
  let arguments = (ins Variadic<AnyType>:$elements);
  let results = (outs AnyFixedVectorOfAnyRank:$dest);
  let assemblyFormat = "$elements attr-dict `:` type($dest)";
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def Vector_ToElementsOp : Vector_Op<"to_elements", [InferTypeOpAdaptor, Pure,
    ShapedTypeMatchesElementCountAndTypes<"source", "elements">]> {
  let summary = "Takes a vector apart into its scalar elements, in row-major order";
  let description = [{
    `%e:4 = vector.to_elements %v : vector<2x2xf32>`: one result per element of the
    (fixed-size) source, the inverse of `vector.from_elements`.
  }];
  let arguments = (ins AnyVectorOfAnyRank:$source);
  let results = (outs Variadic<AnyType>:$elements);
  let assemblyFormat = "$source attr-dict `:` type($source)";
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def Vector_ShuffleOp : Vector_Op<"shuffle", [Pure,
    PredOpTrait<"first operand v1 and result have same element type",
                TCresVTEtIsSameAsOpBase<0, 0>>,
    PredOpTrait<"second operand v2 and result have same element type",
                TCresVTEtIsSameAsOpBase<0, 1>>,
    InferTypeOpAdaptor]> {
  let summary = "Picks rows of two vectors by a constant mask";
  let description = [{
    `vector.shuffle %a, %b [0, 5, 1, 4] : vector<4xf32>, vector<2xf32>` reads the
    leading-dimension rows of the concatenation of `%a` and `%b` at the mask's
    positions (-1 is poison). The operands have the same trailing dimensions; the
    result has as many rows as the mask has entries.
  }];
  let arguments = (ins AnyFixedVectorOfAnyRank:$v1, AnyFixedVectorOfAnyRank:$v2,
                       DenseI64ArrayAttr:$mask);
  let results = (outs AnyVectorOfNonZeroRank:$vector);
  let assemblyFormat = "operands $mask attr-dict `:` type(operands)";
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def Vector_ExtractStridedSliceOp : Vector_Op<"extract_strided_slice", [Pure,
    PredOpTrait<"operand and result have same element type",
                TCresVTEtIsSameAsOpBase<0, 0>>]> {
  let summary = "Extracts a strided sub-vector at constant offsets";
  let description = [{
    `vector.extract_strided_slice %v {offsets = [0, 2], sizes = [2, 4], strides = [1, 1]}
    : vector<4x8x16xf32> to vector<2x4x16xf32>`: `offsets`, `sizes` and `strides` cover
    the leading dimensions; the others are taken whole.
  }];
  let arguments = (ins AnyVectorOfNonZeroRank:$source, I64ArrayAttr:$offsets,
                       I64ArrayAttr:$sizes, I64ArrayAttr:$strides);
  let results = (outs AnyVectorOfNonZeroRank);
  let assemblyFormat = "$source attr-dict `:` type($source) `to` type(results)";
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def Vector_InsertStridedSliceOp : Vector_Op<"insert_strided_slice", [Pure,
    PredOpTrait<"operand #0 and result have same element type",
                TCresVTEtIsSameAsOpBase<0, 0>>,
    AllTypesMatch<["dest", "result"]>]> {
  let summary = "Inserts a vector as a strided sub-vector at constant offsets";
  let description = [{
    `vector.insert_strided_slice %a, %b {offsets = [0, 0, 2], strides = [1, 1]}
    : vector<2x4xf32> into vector<16x4x8xf32>`: `offsets` has one entry per dimension
    of the destination, `strides` one per dimension of the inserted vector, which
    lands in the trailing dimensions.
  }];
  let arguments = (ins AnyVectorOfNonZeroRank:$valueToStore,
                       AnyVectorOfNonZeroRank:$dest,
                       I64ArrayAttr:$offsets, I64ArrayAttr:$strides);
  let results = (outs AnyVectorOfNonZeroRank:$result);
  let assemblyFormat = [{
    $valueToStore `,` $dest attr-dict `:` type($valueToStore) `into` type($dest)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

#endif // PTO_VECTOR_OPS
