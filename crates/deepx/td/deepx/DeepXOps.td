// The ops of the `deepx` dialect: functions and calls, literals, and DeepX's op
// registry (tensor lifetime, init, io, elementwise, compare, matmul, shape changes,
// reductions). Every registry op reads the operands left of `->` and writes the ones
// right of it (declared `MemWrite`); the shape rule each follows is its
// `DeepX_ShapeRuleOpInterface`, which `deepx-verify` checks.

#ifndef DEEPX_OPS
#define DEEPX_OPS

include "deepx/DeepXBase.td"
include "deepx/DeepXTypes.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/IR/SymbolInterfaces.td"
include "pto/Interfaces.td"

def DeepX_ShapeRuleOpInterface : RustOpInterface<"ShapeRuleOpInterface"> {
  let cppNamespace = "::pto_deepx";
  let description = [{
    How the shapes of a registry op's operands relate (numpy broadcasting, matmul,
    a reduction...): what `deepx-verify` checks of it.
  }];
  let methods = [
    InterfaceMethod<"The op's shape rule.", "::pto_deepx::shapes::ShapeRule", "shape_rule",
      (ins)>
  ];
}

class DeepX_Op<string mnemonic, list<Trait> traits = []>
    : Op<DeepX_Dialect, mnemonic, traits>;

// An op of DeepX's registry, with its shape rule.
class DeepX_RegistryOp<string mnemonic, list<Trait> traits = []>
    : DeepX_Op<mnemonic, !listconcat(traits,
        [DeclareOpInterfaceMethods<DeepX_ShapeRuleOpInterface>])>;

// A written operand.
class DeepX_Write<TypeConstraint t> : Arg<t, "written", [MemWrite]>;
// A read operand.
class DeepX_Read<TypeConstraint t> : Arg<t, "read", [MemRead]>;

//===-- Functions, calls, literals ------------------------------------------===//

def DeepX_FuncOp : DeepX_Op<"func", [IsolatedFromAbove, Symbol, SingleBlock,
    NoTerminator]> {
  let summary = "A DeepX function (`deepxir`, `function`, `func` or `def`)";
  let description = [{
    `deepx.func @f(%A: !deepx.tensor<[?1, ?2], f32>, %axis: i32) -> (%out:
    !deepx.tensor<[?1], f32>) { ... }`: read parameters, then write parameters,
    all arguments of the body. No results: outputs are written. `function_type`
    is `(reads) -> (writes)`. `toplevel` marks the statements of a dxlang file
    outside any definition, gathered as the program's entry.
  }];
  let arguments = (ins SymbolNameAttr:$sym_name, TypeAttr:$function_type,
                       UnitAttr:$toplevel);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def DeepX_CallOp : DeepX_Op<"call", [AttrSizedOperandSegments]> {
  let summary = "A call of a DeepX function: reads, then the tensors it writes";
  let arguments = (ins FlatSymbolRefAttr:$callee, Variadic<AnyType>:$reads,
                       DeepX_Write<Variadic<DeepX_Tensor>>:$writes);
  let assemblyFormat = [{
    $callee `(` $reads `)` `->` `(` $writes `)` attr-dict `:`
    functional-type($reads, $writes)
  }];
}

def DeepX_ConstOp : DeepX_Op<"const", [ConstantLike, Pure]> {
  let summary = "A literal argument: a number, bool, string or list of numbers";
  let description = [{
    `%c = deepx.const 1 : i32`, `deepx.const 1.0e-05 : f64`, `deepx.const true : i1`,
    `deepx.const "f32" : !deepx.string`, `deepx.const [2, 4] : !deepx.list<i32>`.
  }];
  let arguments = (ins AnyAttr:$value);
  let results = (outs DeepX_Literal:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def DeepX_ListOp : DeepX_Op<"list", [Pure]> {
  let summary = "A list of values (`[A, B]` as an argument)";
  let arguments = (ins Variadic<AnyType>:$elements);
  let results = (outs DeepX_TensorList:$result);
  let assemblyFormat = "$elements attr-dict `:` functional-type($elements, $result)";
  let hasVerifier = 1;
}

//===-- Tensor lifetime -----------------------------------------------------===//

def DeepX_NewTensorOp : DeepX_Op<"newtensor", [
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>]> {
  let summary = "A new tensor (`newtensor(shape, dtype) -> t`)";
  let description = [{
    The shape and data type are the result type's, or the shape is a list value
    (`newtensor(shape_scores, f32)`). Its contents are zero. `implicit` marks a name
    the text writes without creating it (DeepX's VM would fail there):
    `deepx-verify` reports it, and the text exporter writes no `newtensor` for it.
  }];
  let arguments = (ins Optional<DeepX_IntList>:$shape, UnitAttr:$implicit);
  let results = (outs Res<DeepX_Tensor, "", [MemAlloc]>:$result);
  let assemblyFormat = "(`(` $shape^ `:` type($shape) `)`)? attr-dict `:` type($result)";
}

def DeepX_DelTensorOp : DeepX_Op<"deltensor"> {
  let summary = "Frees a tensor (`deltensor(t) -> t`); it may not be used after";
  let arguments = (ins Arg<DeepX_Tensor, "", [MemFree]>:$t);
  let assemblyFormat = "$t attr-dict `:` type($t)";
}

def DeepX_CopyTensorOp : DeepX_RegistryOp<"copytensor"> {
  let summary = "Copies the data of `src` into `dst`";
  let arguments = (ins DeepX_Read<DeepX_Tensor>:$src, DeepX_Write<DeepX_Tensor>:$dst);
  let assemblyFormat = "$src `->` $dst attr-dict `:` type($src) `->` type($dst)";
}

def DeepX_CloneTensorOp : DeepX_Op<"clonetensor", [
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>]> {
  let summary = "A new tensor with the shape, type and data of `src` (`clonetensor(src, dst)`)";
  let arguments = (ins DeepX_Read<DeepX_Tensor>:$src);
  let results = (outs Res<DeepX_Tensor, "", [MemAlloc]>:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
}

def DeepX_RenameTensorOp : DeepX_Op<"renametensor", [
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>]> {
  let summary = "The tensor under a new name (`renametensor(\"new\") -> t`); the old name ends";
  let arguments = (ins Arg<DeepX_Tensor, "", [MemFree]>:$t, StrAttr:$new_name);
  let results = (outs Res<DeepX_Tensor, "", [MemAlloc]>:$result);
  let assemblyFormat = "$t `as` $new_name attr-dict `:` type($t) `->` type($result)";
}

//===-- Init ----------------------------------------------------------------===//

def DeepX_ConstantOp : DeepX_RegistryOp<"constant"> {
  let summary = "Every element set to `value`";
  let arguments = (ins DeepX_Scalar:$value, DeepX_Write<DeepX_Tensor>:$t);
  let assemblyFormat = "$value `->` $t attr-dict `:` type($value) `->` type($t)";
}

def DeepX_ZerosOp : DeepX_RegistryOp<"zeros"> {
  let summary = "Every element set to zero (dxlang)";
  let arguments = (ins DeepX_Write<DeepX_Tensor>:$t);
  let assemblyFormat = "`->` $t attr-dict `:` type($t)";
}

def DeepX_ArangeOp : DeepX_RegistryOp<"arange"> {
  let summary = "Element `i` (row-major) set to `start + i * step`";
  let arguments = (ins DeepX_Scalar:$start, DeepX_Scalar:$step,
                       DeepX_Write<DeepX_Tensor>:$t);
  let assemblyFormat = [{
    $start `,` $step `->` $t attr-dict `:` type($start) `,` type($step) `->` type($t)
  }];
}

def DeepX_UniformOp : DeepX_RegistryOp<"uniform"> {
  let summary = "Uniform random numbers in [low, high) from `seed`";
  let arguments = (ins DeepX_Scalar:$low, DeepX_Scalar:$high, DeepX_IntScalar:$seed,
                       DeepX_Write<DeepX_Tensor>:$t);
  let assemblyFormat = [{
    $low `,` $high `,` $seed `->` $t attr-dict `:` type($low) `,` type($high) `,`
    type($seed) `->` type($t)
  }];
}

def DeepX_NormalOp : DeepX_RegistryOp<"normal"> {
  let summary = "Normally distributed random numbers from `seed`";
  let arguments = (ins DeepX_Scalar:$mean, DeepX_Scalar:$std, DeepX_IntScalar:$seed,
                       DeepX_Write<DeepX_Tensor>:$t);
  let assemblyFormat = [{
    $mean `,` $std `,` $seed `->` $t attr-dict `:` type($mean) `,` type($std) `,`
    type($seed) `->` type($t)
  }];
}

def DeepX_DropoutOp : DeepX_RegistryOp<"dropout"> {
  let summary = "Each element zeroed with probability `p` (in place), from `seed`";
  let arguments = (ins DeepX_Scalar:$p, DeepX_IntScalar:$seed,
                       DeepX_Write<DeepX_Tensor>:$A);
  let assemblyFormat = [{
    $p `,` $seed `->` $A attr-dict `:` type($p) `,` type($seed) `->` type($A)
  }];
}

//===-- IO ------------------------------------------------------------------===//

def DeepX_PrintOp : DeepX_RegistryOp<"print"> {
  let summary = "Prints a tensor (optionally with a format)";
  let arguments = (ins DeepX_Read<DeepX_Tensor>:$t, Optional<DeepX_Str>:$format);
  let assemblyFormat = "$t (`,` $format^ `:` type($format))? attr-dict `:` type($t)";
}

def DeepX_SaveOp : DeepX_RegistryOp<"save"> {
  let summary = "Writes a tensor to the file `path`";
  let arguments = (ins DeepX_Read<DeepX_Tensor>:$t, DeepX_Str:$path);
  let assemblyFormat = "$t `,` $path attr-dict `:` type($t) `,` type($path)";
}

def DeepX_LoadOp : DeepX_RegistryOp<"load"> {
  let summary = "Reads a tensor from the file `path`";
  let arguments = (ins DeepX_Str:$path, DeepX_Write<DeepX_Tensor>:$t);
  let assemblyFormat = "$path `->` $t attr-dict `:` type($path) `->` type($t)";
}

def DeepX_LoadTensorDataOp : DeepX_RegistryOp<"loadtensordata"> {
  let summary = "Reads a tensor's data (not its shape) from the file `path`";
  let arguments = (ins DeepX_Str:$path, DeepX_Write<DeepX_Tensor>:$t);
  let assemblyFormat = "$path `->` $t attr-dict `:` type($path) `->` type($t)";
}

//===-- Elementwise ---------------------------------------------------------===//

// `C = A op B`, shapes broadcast as numpy's (aligned from the right).
class DeepX_BinaryOp<string mnemonic, string what>
    : DeepX_RegistryOp<mnemonic> {
  let summary = "Elementwise " # what # " of two tensors (numpy broadcasting)";
  let arguments = (ins DeepX_Read<DeepX_Tensor>:$A, DeepX_Read<DeepX_Tensor>:$B,
                       DeepX_Write<DeepX_Tensor>:$C);
  let assemblyFormat = [{
    $A `,` $B `->` $C attr-dict `:` type($A) `,` type($B) `->` type($C)
  }];
}

def DeepX_AddOp : DeepX_BinaryOp<"add", "sum">;
def DeepX_SubOp : DeepX_BinaryOp<"sub", "difference">;
def DeepX_MulOp : DeepX_BinaryOp<"mul", "product">;
def DeepX_DivOp : DeepX_BinaryOp<"div", "quotient">;
def DeepX_PowOp : DeepX_BinaryOp<"pow", "power">;
def DeepX_MaxOp : DeepX_BinaryOp<"max", "maximum">;
def DeepX_MinOp : DeepX_BinaryOp<"min", "minimum">;

// `C = A op scalar`.
class DeepX_ScalarOp<string mnemonic, string what>
    : DeepX_RegistryOp<mnemonic> {
  let summary = "Elementwise " # what # " of a tensor and a scalar";
  let arguments = (ins DeepX_Read<DeepX_Tensor>:$A, DeepX_Scalar:$scalar,
                       DeepX_Write<DeepX_Tensor>:$C);
  let assemblyFormat = [{
    $A `,` $scalar `->` $C attr-dict `:` type($A) `,` type($scalar) `->` type($C)
  }];
}

def DeepX_AddScalarOp : DeepX_ScalarOp<"addscalar", "A + scalar">;
def DeepX_SubScalarOp : DeepX_ScalarOp<"subscalar", "A - scalar">;
def DeepX_MulScalarOp : DeepX_ScalarOp<"mulscalar", "A * scalar">;
def DeepX_DivScalarOp : DeepX_ScalarOp<"divscalar", "A / scalar">;
def DeepX_PowScalarOp : DeepX_ScalarOp<"powscalar", "A ^ scalar">;
def DeepX_MaxScalarOp : DeepX_ScalarOp<"maxscalar", "max(A, scalar)">;
def DeepX_MinScalarOp : DeepX_ScalarOp<"minscalar", "min(A, scalar)">;

// `C = scalar op A` (the scalar first, as DeepX's registry orders them).
class DeepX_ReversedScalarOp<string mnemonic, string what>
    : DeepX_RegistryOp<mnemonic> {
  let summary = "Elementwise " # what # " of a scalar and a tensor";
  let arguments = (ins DeepX_Scalar:$scalar, DeepX_Read<DeepX_Tensor>:$A,
                       DeepX_Write<DeepX_Tensor>:$C);
  let assemblyFormat = [{
    $scalar `,` $A `->` $C attr-dict `:` type($scalar) `,` type($A) `->` type($C)
  }];
}

def DeepX_RSubScalarOp : DeepX_ReversedScalarOp<"rsubscalar", "scalar - A">;
def DeepX_RDivScalarOp : DeepX_ReversedScalarOp<"rdivscalar", "scalar / A">;
def DeepX_RPowScalarOp : DeepX_ReversedScalarOp<"rpowscalar", "scalar ^ A">;

// `C = f(A)`.
class DeepX_UnaryOp<string mnemonic, string what, Type T = DeepX_Tensor>
    : DeepX_RegistryOp<mnemonic> {
  let summary = "Elementwise " # what;
  let arguments = (ins DeepX_Read<T>:$A, DeepX_Write<T>:$C);
  let assemblyFormat = "$A `->` $C attr-dict `:` type($A) `->` type($C)";
}

def DeepX_ExpOp : DeepX_UnaryOp<"exp", "e^A", DeepX_FloatTensor>;
def DeepX_LogOp : DeepX_UnaryOp<"log", "natural logarithm", DeepX_FloatTensor>;
def DeepX_SqrtOp : DeepX_UnaryOp<"sqrt", "square root", DeepX_FloatTensor>;
def DeepX_SinOp : DeepX_UnaryOp<"sin", "sine", DeepX_FloatTensor>;
def DeepX_CosOp : DeepX_UnaryOp<"cos", "cosine", DeepX_FloatTensor>;
def DeepX_TanOp : DeepX_UnaryOp<"tan", "tangent", DeepX_FloatTensor>;
def DeepX_GeluOp : DeepX_UnaryOp<"gelu", "GELU (tanh approximation)", DeepX_FloatTensor>;
def DeepX_ReluOp : DeepX_UnaryOp<"relu", "max(A, 0)">;
def DeepX_AbsOp : DeepX_UnaryOp<"abs", "absolute value">;
def DeepX_NegOp : DeepX_UnaryOp<"neg", "negation">;
def DeepX_InvertOp : DeepX_UnaryOp<"invert", "bitwise not (logical not of bool)",
                                   DeepX_IntTensor>;
def DeepX_ToDTypeOp : DeepX_UnaryOp<"todtype",
    "conversion to the data type of the written tensor">;

// `mask = A cmp B`, a tensor of bool.
class DeepX_CompareOp<string mnemonic, string what> : DeepX_RegistryOp<mnemonic> {
  let summary = "Elementwise " # what # " of two tensors, a bool tensor";
  let arguments = (ins DeepX_Read<DeepX_Tensor>:$A, DeepX_Read<DeepX_Tensor>:$B,
                       DeepX_Write<DeepX_BoolTensor>:$mask);
  let assemblyFormat = [{
    $A `,` $B `->` $mask attr-dict `:` type($A) `,` type($B) `->` type($mask)
  }];
}

// As DeepX_CompareOp, equal within `epsilon`.
class DeepX_EqualityOp<string mnemonic, string what> : DeepX_RegistryOp<mnemonic> {
  let summary = "Elementwise " # what # " of two tensors within epsilon, a bool tensor";
  let arguments = (ins DeepX_Read<DeepX_Tensor>:$A, DeepX_Read<DeepX_Tensor>:$B,
                       DeepX_Scalar:$epsilon, DeepX_Write<DeepX_BoolTensor>:$mask);
  let assemblyFormat = [{
    $A `,` $B `,` $epsilon `->` $mask attr-dict `:` type($A) `,` type($B) `,`
    type($epsilon) `->` type($mask)
  }];
}

class DeepX_CompareScalarOp<string mnemonic, string what> : DeepX_RegistryOp<mnemonic> {
  let summary = "Elementwise " # what # " of a tensor and a scalar, a bool tensor";
  let arguments = (ins DeepX_Read<DeepX_Tensor>:$A, DeepX_Scalar:$scalar,
                       DeepX_Write<DeepX_BoolTensor>:$mask);
  let assemblyFormat = [{
    $A `,` $scalar `->` $mask attr-dict `:` type($A) `,` type($scalar) `->` type($mask)
  }];
}

class DeepX_EqualityScalarOp<string mnemonic, string what> : DeepX_RegistryOp<mnemonic> {
  let summary = "Elementwise " # what # " of a tensor and a scalar within epsilon";
  let arguments = (ins DeepX_Read<DeepX_Tensor>:$A, DeepX_Scalar:$scalar,
                       DeepX_Scalar:$epsilon, DeepX_Write<DeepX_BoolTensor>:$mask);
  let assemblyFormat = [{
    $A `,` $scalar `,` $epsilon `->` $mask attr-dict `:` type($A) `,` type($scalar) `,`
    type($epsilon) `->` type($mask)
  }];
}

def DeepX_EqualOp : DeepX_EqualityOp<"equal", "equality">;
def DeepX_NotEqualOp : DeepX_EqualityOp<"notequal", "inequality">;
def DeepX_LessOp : DeepX_CompareOp<"less", "A < B">;
def DeepX_GreaterOp : DeepX_CompareOp<"greater", "A > B">;
def DeepX_EqualScalarOp : DeepX_EqualityScalarOp<"equalscalar", "equality">;
def DeepX_NotEqualScalarOp : DeepX_EqualityScalarOp<"notequalscalar", "inequality">;
def DeepX_LessScalarOp : DeepX_CompareScalarOp<"lessscalar", "A < scalar">;
def DeepX_GreaterScalarOp : DeepX_CompareScalarOp<"greaterscalar", "A > scalar">;

def DeepX_SwitchOp : DeepX_RegistryOp<"switch"> {
  let summary = "Each element taken from the tensor its case selects (`C[i] = tensors[cases[i]][i]`)";
  let arguments = (ins DeepX_TensorList:$tensors, DeepX_Read<DeepX_CaseTensor>:$cases,
                       DeepX_Write<DeepX_Tensor>:$C);
  let assemblyFormat = [{
    $tensors `,` $cases `->` $C attr-dict `:` type($tensors) `,` type($cases) `->` type($C)
  }];
}

//===-- Matmul --------------------------------------------------------------===//

def DeepX_MatmulOp : DeepX_RegistryOp<"matmul"> {
  let summary = "Matrix product over the last two dimensions (`A[-1] == B[-2]`)";
  let arguments = (ins DeepX_Read<DeepX_Tensor>:$A, DeepX_Read<DeepX_Tensor>:$B,
                       DeepX_Write<DeepX_Tensor>:$C);
  let assemblyFormat = [{
    $A `,` $B `->` $C attr-dict `:` type($A) `,` type($B) `->` type($C)
  }];
}

//===-- Shape changes -------------------------------------------------------===//

// `B = f(A, list)`.
class DeepX_ShapeOp<string mnemonic, string what> : DeepX_RegistryOp<mnemonic> {
  let summary = what;
  let arguments = (ins DeepX_Read<DeepX_Tensor>:$A, DeepX_IntList:$dims,
                       DeepX_Write<DeepX_Tensor>:$B);
  let assemblyFormat = [{
    $A `,` $dims `->` $B attr-dict `:` type($A) `,` type($dims) `->` type($B)
  }];
}

def DeepX_ReshapeOp : DeepX_ShapeOp<"reshape", "The elements in row-major order under another shape">;
def DeepX_TransposeOp : DeepX_ShapeOp<"transpose", "The dimensions permuted (`dim_order`)">;
def DeepX_BroadcastToOp : DeepX_ShapeOp<"broadcastTo", "Broadcast to a shape (numpy's rule)">;
def DeepX_RepeatOp : DeepX_ShapeOp<"repeat", "Tiled `repeats[i]` times along dimension i">;

def DeepX_ConcatOp : DeepX_RegistryOp<"concat"> {
  let summary = "Tensors joined along a dimension";
  let arguments = (ins DeepX_TensorList:$tensors, DeepX_IntScalar:$dim,
                       DeepX_Write<DeepX_Tensor>:$result);
  let assemblyFormat = [{
    $tensors `,` $dim `->` $result attr-dict `:` type($tensors) `,` type($dim) `->`
    type($result)
  }];
}

def DeepX_IndexSelectOp : DeepX_RegistryOp<"indexselect"> {
  let summary = "Slices of `A` along `axis` at the positions in `index`";
  let arguments = (ins DeepX_Read<DeepX_Tensor>:$A, DeepX_Read<DeepX_IndexTensor>:$index,
                       DeepX_IntScalar:$axis, DeepX_Write<DeepX_Tensor>:$B);
  let assemblyFormat = [{
    $A `,` $index `,` $axis `->` $B attr-dict `:` type($A) `,` type($index) `,`
    type($axis) `->` type($B)
  }];
}

//===-- Reductions ----------------------------------------------------------===//

class DeepX_ReduceOp<string mnemonic, string what> : DeepX_RegistryOp<mnemonic> {
  let summary = what # " over `axis` (all when empty), reduced dimensions kept as 1 with `keepdims`";
  let arguments = (ins DeepX_Read<DeepX_Tensor>:$A, DeepX_IntList:$axis,
                       DeepX_BoolScalar:$keepdims, DeepX_Write<DeepX_Tensor>:$B);
  let assemblyFormat = [{
    $A `,` $axis `,` $keepdims `->` $B attr-dict `:` type($A) `,` type($axis) `,`
    type($keepdims) `->` type($B)
  }];
}

def DeepX_SumOp : DeepX_ReduceOp<"sum", "Sum">;
def DeepX_ProdOp : DeepX_ReduceOp<"prod", "Product">;
def DeepX_ReduceMaxOp : DeepX_ReduceOp<"reducemax", "Maximum">;
def DeepX_ReduceMinOp : DeepX_ReduceOp<"reducemin", "Minimum">;

#endif // DEEPX_OPS
