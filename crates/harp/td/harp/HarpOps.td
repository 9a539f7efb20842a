// The `harp` dialect: the kernel IR of Harp (github.com/uthree/harp, its
// `docs/ir_spec.md`): a function owns its buffers (views of one arena) and runs
// kernels in order; a kernel runs its instructions once per point of its launch
// grid, reading and writing buffers through views (Harp's ShapeTracker).

#ifndef HARP_OPS
#define HARP_OPS

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"

def Harp_Dialect : Dialect {
  let name = "harp";
  let cppNamespace = "::pto::harp";
  let summary = "Harp's kernel IR: buffers in one arena, kernels over launch grids, views";
  let description = [{
    A `harp.func` lists its buffers (id, byte offset in the arena, byte size, data
    type, memory space), which of them are its arguments and which its result, and
    the arena's size (`required_memory`). Its body is a sequence of `harp.kernel`s,
    run in order. A kernel runs its instructions once for every point of its launch
    grid (`launch [4, 8]`: 32 points, index `(i0, i1)`); its values are Harp's
    virtual registers, one SSA value each. `harp.load` and `harp.store` address a
    buffer through a view: `offset + sum(i_d * strides[d])` elements, the index being
    the launch index followed by the indices of the enclosing `harp.reduce` loops;
    a view's `valid` ranges mask the points outside them (a load there yields 0:
    padding). `pto-translate --export-harp-ir` writes Harp's own printed form.
  }];
}

//===-- Enums -----------------------------------------------------------------===//

def Harp_AluKind : I32EnumAttr<"AluKind", "an ALU operation of Harp", [
    I32EnumAttrCase<"Add", 0>, I32EnumAttrCase<"Mul", 1>, I32EnumAttrCase<"Exp2", 2>,
    I32EnumAttrCase<"Log2", 3>, I32EnumAttrCase<"Sin", 4>, I32EnumAttrCase<"Sqrt", 5>,
    I32EnumAttrCase<"Recip", 6>, I32EnumAttrCase<"LessThan", 7>, I32EnumAttrCase<"Rem", 8>,
    I32EnumAttrCase<"Max", 9>, I32EnumAttrCase<"Neg", 10>, I32EnumAttrCase<"Cast", 11>,
    I32EnumAttrCase<"Where", 12>]> {
  let cppNamespace = "::pto::harp";
  let genSpecializedAttr = 0;
}
def Harp_AluKindAttr : EnumAttr<Harp_Dialect, Harp_AluKind, "alu">;

def Harp_RandKind : I32EnumAttr<"RandKind", "a distribution of Harp's random numbers", [
    I32EnumAttrCase<"Uniform", 0>, I32EnumAttrCase<"Normal", 1>]> {
  let cppNamespace = "::pto::harp";
  let genSpecializedAttr = 0;
}
def Harp_RandKindAttr : EnumAttr<Harp_Dialect, Harp_RandKind, "rand">;

def Harp_ReduceKind : I32EnumAttr<"ReduceKind", "a reduction of Harp", [
    I32EnumAttrCase<"Sum", 0>, I32EnumAttrCase<"Max", 1>]> {
  let cppNamespace = "::pto::harp";
  let genSpecializedAttr = 0;
}
def Harp_ReduceKindAttr : EnumAttr<Harp_Dialect, Harp_ReduceKind, "reduce">;

def Harp_MemorySpace : I32EnumAttr<"MemorySpace", "where a buffer lives", [
    I32EnumAttrCase<"Host", 0, "host">, I32EnumAttrCase<"Device", 1, "device">]> {
  let cppNamespace = "::pto::harp";
  let genSpecializedAttr = 0;
}

//===-- Attributes ------------------------------------------------------------===//

class Harp_Attr<string name, string attrMnemonic> : AttrDef<Harp_Dialect, name> {
  let mnemonic = attrMnemonic;
}

def Harp_BufferAttr : Harp_Attr<"Buffer", "buffer"> {
  let summary = "A buffer: a byte range of the arena holding elements of one type";
  let description = [{
    `#harp.buffer<0, f32, size 24, offset 0, host, shape [2, 3]>`: id 0, `f32`
    elements, 24 bytes at byte offset 0 of the arena, in host memory. The shape,
    optional, is the logical shape of an argument or result (what a caller passes).
  }];
  let parameters = (ins "int64_t":$id, "Type":$dtype, "int64_t":$size, "int64_t":$offset,
                        EnumParameter<Harp_MemorySpace>:$space,
                        ArrayRefParameter<"int64_t">:$shape);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def Harp_ViewAttr : Harp_Attr<"View", "view"> {
  let summary = "A ShapeTracker: how an index maps to a buffer element";
  let description = [{
    `#harp.view<shape [2, 3], strides [3, 1], offset 4, valid [0 : 2, 1 : 3]>`:
    index `(i0, i1)` with `0 <= i0 < 2`, `0 <= i1 < 3` is element
    `4 + 3 * i0 + i1`. Strides may be 0 (a broadcast) or negative (a flip). `valid`
    (optional) gives a half-open range per dimension: outside it a load yields 0
    and nothing is read (padding); a store's view has none.
  }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$shape,
                        ArrayRefParameter<"int64_t">:$strides, "int64_t":$offset,
                        ArrayRefParameter<"int64_t">:$valid);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def Harp_Scalar : AnyTypeOf<[I1, I8, I16, I32, I64, UI8, UI16, UI32, UI64, F16, BF16, F32,
                             F64], "a Harp data type">;

//===-- Ops -------------------------------------------------------------------===//

class Harp_Op<string mnemonic, list<Trait> traits = []> : Op<Harp_Dialect, mnemonic, traits>;

def Harp_FuncOp : Harp_Op<"func", [IsolatedFromAbove, Symbol, NoTerminator, SingleBlock]> {
  let summary = "A function: buffers in one arena and the kernels that run on them";
  let description = [{
    ```mlir
    harp.func @f args [0, 1] ret 2 memory 192
        buffers [#harp.buffer<0, f32, size 64, offset 0, host, shape [16]>, ...] {
      harp.kernel "k0" launch [16] reads [0, 1] writes [2] { ... }
    }
    ```
    `memory 0` means not planned yet: `harp-plan-arena` assigns offsets and the
    arena's size. The verifier checks that buffer ids are unique, that every buffer
    lies inside the arena (once planned), that the argument and result ids name buffers, and that buffers live at
    the same time (from the first kernel that writes them, or the start for an
    argument, to the last that reads them, or the end for the result) do not overlap.
  }];
  let arguments = (ins SymbolNameAttr:$sym_name,
                       TypedArrayAttrBase<Harp_BufferAttr, "buffers">:$buffers,
                       DenseI64ArrayAttr:$args, I64Attr:$ret, I64Attr:$required_memory);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    $sym_name `args` $args `ret` $ret `memory` $required_memory `buffers` $buffers
    attr-dict-with-keyword $body
  }];
  let hasRegionVerifier = 1;
}

def Harp_KernelOp : Harp_Op<"kernel", [IsolatedFromAbove, NoTerminator, SingleBlock,
                                       HasParent<"harp.func">]> {
  let summary = "A kernel: instructions run once per point of its launch grid";
  let description = [{
    `harp.kernel "k0" launch [4, 8] reads [0] writes [1] { ... }`. Each launch
    dimension is at least 1; `reads` and `writes` are exactly the buffers its loads
    and stores name, and every access stays inside its buffer.
  }];
  let arguments = (ins StrAttr:$name, DenseI64ArrayAttr:$launch_dims,
                       DenseI64ArrayAttr:$reads, DenseI64ArrayAttr:$writes);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    $name `launch` $launch_dims `reads` $reads `writes` $writes attr-dict-with-keyword $body
  }];
  let hasVerifier = 1;
}

def Harp_ConstOp : Harp_Op<"const", [Pure, ConstantLike]> {
  let summary = "A constant (Harp's `v0 = const 42`)";
  let arguments = (ins TypedAttrInterface:$value);
  let results = (outs Harp_Scalar:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def Harp_AluOp : Harp_Op<"alu", [Pure]> {
  let summary = "An ALU operation (Harp's `v2 = Add v0, v1`)";
  let description = [{
    `%2 = harp.alu Add %0, %1 : f32`; unary `Exp2 Log2 Sin Sqrt Recip Neg`, binary
    `Add Mul Rem Max` on operands of the result's type, `LessThan` giving `i1`,
    `Cast` to the result's type (`harp.alu Cast %0 : f32 -> i32`) and
    `Where %c, %a, %b` choosing by an `i1`.
  }];
  let arguments = (ins Harp_AluKindAttr:$kind, Variadic<Harp_Scalar>:$inputs);
  let results = (outs Harp_Scalar:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def Harp_LoadOp : Harp_Op<"load", [MemoryEffects<[MemRead]>]> {
  let summary = "Reads a buffer element through a view (Harp's `load buf0[...]`)";
  let arguments = (ins I64Attr:$buffer, Harp_ViewAttr:$view);
  let results = (outs Harp_Scalar:$result);
  let assemblyFormat = "$buffer $view attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def Harp_StoreOp : Harp_Op<"store", [MemoryEffects<[MemWrite]>]> {
  let summary = "Writes a buffer element through a view (Harp's `store buf1[...] = v2`)";
  let arguments = (ins Harp_Scalar:$value, I64Attr:$buffer, Harp_ViewAttr:$view);
  let assemblyFormat = "$value `,` $buffer $view attr-dict `:` type($value)";
  let hasVerifier = 1;
}

def Harp_RandOp : Harp_Op<"rand", [Pure]> {
  let summary = "A random number per point (Harp's `v0 = Uniform [...]`)";
  let description = [{
    `%r = harp.rand Uniform <shape [2, 3], strides [3, 1]> seed 7 : f32`: a
    counter-based generator (Philox 4x32-10) keyed by `seed` and counting the
    point's position in the view, so the numbers do not depend on how the grid is
    split among threads. `Uniform` is in `[0, 1)`, `Normal` standard normal.
  }];
  let arguments = (ins Harp_RandKindAttr:$kind, Harp_ViewAttr:$view,
                       DefaultValuedAttr<I64Attr, "0">:$seed);
  let results = (outs AnyFloat:$result);
  let assemblyFormat = "$kind $view `seed` $seed attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def Harp_ReduceOp : Harp_Op<"reduce", [RecursiveMemoryEffects, SingleBlock,
    SingleBlockImplicitTerminator<"harp.yield">]> {
  let summary = "Reduces over extra index dimensions (a loop inside each point)";
  let description = [{
    `%s = harp.reduce Sum [64] : f32 { ... harp.yield %x : f32 }` runs its body for
    every point of `[64]`, the views inside indexing with the launch index followed
    by these dimensions, and sums (or takes the maximum of) what it yields. An
    extension of Harp's IR, whose spec leaves loops for later.
  }];
  let arguments = (ins Harp_ReduceKindAttr:$kind, DenseI64ArrayAttr:$extents);
  let results = (outs Harp_Scalar:$result);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "$kind $extents attr-dict `:` type($result) $body";
  let hasVerifier = 1;
}

def Harp_YieldOp : Harp_Op<"yield", [Pure, Terminator, ReturnLike, HasParent<"harp.reduce">]> {
  let summary = "The value a reduce step contributes";
  let arguments = (ins Harp_Scalar:$value);
  let assemblyFormat = "$value attr-dict `:` type($value)";
}

#endif // HARP_OPS
