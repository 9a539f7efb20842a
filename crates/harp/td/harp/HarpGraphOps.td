// The `harp_graph` dialect: Harp's computation graph (its `src/graph` operators, as
// the later Eclat language writes them), the level above the kernel IR.
// `harp-lower-graph` turns a graph into `harp` kernels.

#ifndef HARP_GRAPH_OPS
#define HARP_GRAPH_OPS

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"

def HarpGraph_Dialect : Dialect {
  let name = "harp_graph";
  let cppNamespace = "::pto::harp_graph";
  let summary = "Harp's computation graph: tensors with symbolic sizes and their operators";
  let description = [{
    A `harp_graph.graph` is a function of tensors
    (`!harp_graph.tensor<[M, 64], f32>`: sizes are integers or the names of the
    graph's symbolic sizes). Its operators are Harp's: elementwise unary and
    binary ops with numpy broadcasting (a rank-0 tensor is a scalar), comparisons,
    `where`, `cast`, reductions over one axis that keep it with size 1 (as Eclat's
    `sum(x, axis=1)` does), movement ops (`permute`, `expand`, `reshape`, `pad`,
    `shrink`, `stride`, `flip`, `unsqueeze`, `squeeze`, `contiguous`) and random
    tensors. `pto-translate --import-ecl` reads Eclat programs into it;
    `harp-lower-graph` lowers it to `harp` kernels once the sizes are known.
  }];
}

def HarpGraph_TensorType : TypeDef<HarpGraph_Dialect, "Tensor"> {
  let mnemonic = "tensor";
  let summary = "A tensor: sizes (integers or symbolic names) and an element type";
  let description = [{
    `!harp_graph.tensor<[M, 64], f32>`; `!harp_graph.tensor<[], f32>` is a scalar.
  }];
  let parameters = (ins "Attribute":$shape, "Type":$dtype);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def HarpGraph_Tensor : Type<CPred<"::pto::harp_graph::isTensor($_self)">, "harp_graph tensor">;

class HarpGraph_Op<string mnemonic, list<Trait> traits = []>
    : Op<HarpGraph_Dialect, mnemonic, !listconcat(traits, [Pure])> {
  let hasVerifier = 1;
}

def HarpGraph_GraphOp : Op<HarpGraph_Dialect, "graph", [IsolatedFromAbove, Symbol]> {
  let summary = "A graph: tensors in, one tensor out";
  let description = [{
    `harp_graph.graph @f<M, N>(%a: !harp_graph.tensor<[M, N], f32>) -> !harp_graph.tensor<[M, N], f32> { ... }`:
    `M` and `N` are the graph's symbolic sizes.
  }];
  let arguments = (ins SymbolNameAttr:$sym_name, TypeAttr:$function_type,
                       StrArrayAttr:$sizes);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def HarpGraph_ReturnOp : Op<HarpGraph_Dialect, "return", [Pure, Terminator, ReturnLike,
                                                         HasParent<"harp_graph.graph">]> {
  let summary = "The graph's result";
  let arguments = (ins HarpGraph_Tensor:$value);
  let assemblyFormat = "$value attr-dict `:` qualified(type($value))";
  let hasVerifier = 1;
}

def HarpGraph_ConstantOp : HarpGraph_Op<"constant", [ConstantLike]> {
  let summary = "A scalar constant (a rank-0 tensor)";
  let description = [{
    `%c = harp_graph.constant 5.000000e-01 : f32` is a
    `!harp_graph.tensor<[], f32>`.
  }];
  let arguments = (ins TypedAttrInterface:$value);
  let results = (outs HarpGraph_Tensor:$result);
  let hasCustomAssemblyFormat = 1;
}

def HarpGraph_RandKind : I32EnumAttr<"RandKind", "a distribution", [
    I32EnumAttrCase<"Uniform", 0, "uniform">, I32EnumAttrCase<"Normal", 1, "normal">]> {
  let cppNamespace = "::pto::harp_graph";
  let genSpecializedAttr = 0;
}
def HarpGraph_RandKindAttr : EnumAttr<HarpGraph_Dialect, HarpGraph_RandKind, "rand">;

def HarpGraph_RandOp : HarpGraph_Op<"rand"> {
  let summary = "A random tensor (Harp's randu/randn), counter-based per element";
  let arguments = (ins HarpGraph_RandKindAttr:$kind, DefaultValuedAttr<I64Attr, "0">:$seed);
  let results = (outs HarpGraph_Tensor:$result);
  let assemblyFormat = "$kind `seed` $seed attr-dict `:` qualified(type($result))";
}

def HarpGraph_UnaryKind : I32EnumAttr<"UnaryKind", "an elementwise unary operator", [
    I32EnumAttrCase<"Exp2", 0, "exp2">, I32EnumAttrCase<"Log2", 1, "log2">,
    I32EnumAttrCase<"Sin", 2, "sin">, I32EnumAttrCase<"Cos", 3, "cos">,
    I32EnumAttrCase<"Sqrt", 4, "sqrt">, I32EnumAttrCase<"Recip", 5, "recip">,
    I32EnumAttrCase<"Exp", 6, "exp">, I32EnumAttrCase<"Log", 7, "log">,
    I32EnumAttrCase<"Neg", 8, "neg">, I32EnumAttrCase<"Abs", 9, "abs">]> {
  let cppNamespace = "::pto::harp_graph";
  let genSpecializedAttr = 0;
}
def HarpGraph_UnaryKindAttr : EnumAttr<HarpGraph_Dialect, HarpGraph_UnaryKind, "unary">;

def HarpGraph_BinaryKind : I32EnumAttr<"BinaryKind", "an elementwise binary operator", [
    I32EnumAttrCase<"Add", 0, "add">, I32EnumAttrCase<"Sub", 1, "sub">,
    I32EnumAttrCase<"Mul", 2, "mul">, I32EnumAttrCase<"Div", 3, "div">,
    I32EnumAttrCase<"Rem", 4, "rem">, I32EnumAttrCase<"Max", 5, "max">,
    I32EnumAttrCase<"Min", 6, "min">, I32EnumAttrCase<"Lt", 7, "lt">,
    I32EnumAttrCase<"Le", 8, "le">, I32EnumAttrCase<"Gt", 9, "gt">,
    I32EnumAttrCase<"Ge", 10, "ge">, I32EnumAttrCase<"Eq", 11, "eq">,
    I32EnumAttrCase<"Ne", 12, "ne">]> {
  let cppNamespace = "::pto::harp_graph";
  let genSpecializedAttr = 0;
}
def HarpGraph_BinaryKindAttr : EnumAttr<HarpGraph_Dialect, HarpGraph_BinaryKind, "binary">;

def HarpGraph_UnaryOp : HarpGraph_Op<"unary", [SameOperandsAndResultType]> {
  let summary = "An elementwise unary operator (exp2 log2 sin cos sqrt recip exp log neg abs)";
  let arguments = (ins HarpGraph_UnaryKindAttr:$kind, HarpGraph_Tensor:$input);
  let results = (outs HarpGraph_Tensor:$result);
  let assemblyFormat = "$kind $input attr-dict `:` qualified(type($input))";
}

def HarpGraph_BinaryOp : HarpGraph_Op<"binary"> {
  let summary = "An elementwise binary operator with numpy broadcasting; comparisons give i1";
  let arguments = (ins HarpGraph_BinaryKindAttr:$kind, HarpGraph_Tensor:$lhs,
                       HarpGraph_Tensor:$rhs);
  let results = (outs HarpGraph_Tensor:$result);
  let assemblyFormat = [{
    $kind $lhs `,` $rhs attr-dict `:` qualified(type($lhs)) `,` qualified(type($rhs))
    `->` qualified(type($result))
  }];
}

def HarpGraph_WhereOp : HarpGraph_Op<"where"> {
  let summary = "Chooses by an i1 condition, broadcasting all three";
  let arguments = (ins HarpGraph_Tensor:$cond, HarpGraph_Tensor:$lhs, HarpGraph_Tensor:$rhs);
  let results = (outs HarpGraph_Tensor:$result);
  let assemblyFormat = [{
    $cond `,` $lhs `,` $rhs attr-dict `:` qualified(type($cond)) `,` qualified(type($lhs))
    `,` qualified(type($rhs)) `->` qualified(type($result))
  }];
}

def HarpGraph_CastOp : HarpGraph_Op<"cast"> {
  let summary = "Converts the elements to the result's type";
  let arguments = (ins HarpGraph_Tensor:$input);
  let results = (outs HarpGraph_Tensor:$result);
  let assemblyFormat = "$input attr-dict `:` qualified(type($input)) `to` qualified(type($result))";
}

def HarpGraph_ReduceKind : I32EnumAttr<"ReduceKind", "a reduction", [
    I32EnumAttrCase<"Sum", 0, "sum">, I32EnumAttrCase<"Max", 1, "max">,
    I32EnumAttrCase<"Min", 2, "min">]> {
  let cppNamespace = "::pto::harp_graph";
  let genSpecializedAttr = 0;
}
def HarpGraph_ReduceKindAttr : EnumAttr<HarpGraph_Dialect, HarpGraph_ReduceKind, "reduce">;

def HarpGraph_ReduceOp : HarpGraph_Op<"reduce"> {
  let summary = "Reduces one axis, keeping it with size 1";
  let arguments = (ins HarpGraph_ReduceKindAttr:$kind, HarpGraph_Tensor:$input, I64Attr:$axis);
  let results = (outs HarpGraph_Tensor:$result);
  let assemblyFormat = [{
    $kind $input `axis` $axis attr-dict `:` qualified(type($input)) `->` qualified(type($result))
  }];
}

def HarpGraph_MoveKind : I32EnumAttr<"MoveKind", "a movement operator", [
    I32EnumAttrCase<"Permute", 0, "permute">, I32EnumAttrCase<"Expand", 1, "expand">,
    I32EnumAttrCase<"Reshape", 2, "reshape">, I32EnumAttrCase<"Pad", 3, "pad">,
    I32EnumAttrCase<"Shrink", 4, "shrink">, I32EnumAttrCase<"Stride", 5, "stride">,
    I32EnumAttrCase<"Flip", 6, "flip">, I32EnumAttrCase<"Unsqueeze", 7, "unsqueeze">,
    I32EnumAttrCase<"Squeeze", 8, "squeeze">, I32EnumAttrCase<"Contiguous", 9, "contiguous">]> {
  let cppNamespace = "::pto::harp_graph";
  let genSpecializedAttr = 0;
}
def HarpGraph_MoveKindAttr : EnumAttr<HarpGraph_Dialect, HarpGraph_MoveKind, "move">;

def HarpGraph_MoveOp : HarpGraph_Op<"move"> {
  let summary = "A movement operator: the result's elements are the input's, moved";
  let description = [{
    `args` by kind: `permute` the order; `expand` and `reshape` nothing (the
    result's shape says); `pad` and `shrink` pairs `[before0, after0, ...]` /
    `[lo0, hi0, ...]`; `stride` one step per dimension (positive); `flip`,
    `unsqueeze`, `squeeze` the axis; `contiguous` nothing (it materializes).
  }];
  let arguments = (ins HarpGraph_MoveKindAttr:$kind, HarpGraph_Tensor:$input,
                       DenseI64ArrayAttr:$args);
  let results = (outs HarpGraph_Tensor:$result);
  let assemblyFormat = [{
    $kind $input $args attr-dict `:` qualified(type($input)) `->` qualified(type($result))
  }];
}

#endif // HARP_GRAPH_OPS
