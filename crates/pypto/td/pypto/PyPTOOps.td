// The ops of the `pypto` dialect: scalar expressions (PyPTO's expression nodes, with
// Python's semantics), tuples, and the registered operators (`PyPTOTensorOps.td`,
// `PyPTOBlockOps.td`).

#ifndef PYPTO_OPS
#define PYPTO_OPS

include "pypto/PyPTOBase.td"
include "pypto/PyPTOTypes.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"

class PyPTO_Op<string mnemonic, list<Trait> traits = []>
    : Op<PyPTO_Dialect, mnemonic, traits>;

//===-- Constants -----------------------------------------------------------------===//

def PyPTO_ConstOp : PyPTO_Op<"const", [ConstantLike, Pure]> {
  let summary = "A scalar constant with its data type (ConstInt, ConstFloat, ConstBool)";
  let description = [{
    `%c = pypto.const 42 : i32`, `pypto.const 1.5 : f16`, `pypto.const true`. The
    result has the type of the value.
  }];
  let arguments = (ins TypedAttrInterface:$value);
  let results = (outs PyPTO_Scalar:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasFolder = 1;
}

//===-- Binary expressions --------------------------------------------------------===//

class PyPTO_BinaryOp<string mnemonic, string pyop, list<Trait> traits = []>
    : PyPTO_Op<mnemonic, !listconcat(traits, [Pure, SameOperandsAndResultType])> {
  let summary = "Python `" # pyop # "` on scalars";
  let arguments = (ins PyPTO_Scalar:$lhs, PyPTO_Scalar:$rhs);
  let results = (outs PyPTO_Scalar:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($result)";
}

def PyPTO_AddOp : PyPTO_BinaryOp<"add", "+", [Commutative]>;
def PyPTO_SubOp : PyPTO_BinaryOp<"sub", "-">;
def PyPTO_MulOp : PyPTO_BinaryOp<"mul", "*", [Commutative]>;
def PyPTO_FloorDivOp : PyPTO_BinaryOp<"floordiv", "//"> {
  let description = [{ Rounds toward negative infinity, as Python's `//`. }];
}
def PyPTO_FloorModOp : PyPTO_BinaryOp<"floormod", "%"> {
  let description = [{ The remainder has the sign of the divisor, as Python's `%`. }];
}
def PyPTO_FloatDivOp : PyPTO_BinaryOp<"floatdiv", "/">;
def PyPTO_MinOp : PyPTO_BinaryOp<"min", "min(a, b)", [Commutative]>;
def PyPTO_MaxOp : PyPTO_BinaryOp<"max", "max(a, b)", [Commutative]>;
def PyPTO_PowOp : PyPTO_BinaryOp<"pow", "**">;
def PyPTO_BitAndOp : PyPTO_BinaryOp<"bitand", "&", [Commutative]>;
def PyPTO_BitOrOp : PyPTO_BinaryOp<"bitor", "|", [Commutative]>;
def PyPTO_BitXorOp : PyPTO_BinaryOp<"bitxor", "^", [Commutative]>;
def PyPTO_BitShiftLeftOp : PyPTO_BinaryOp<"shl", "<<">;
def PyPTO_BitShiftRightOp : PyPTO_BinaryOp<"shr", ">>">;

class PyPTO_LogicalOp<string mnemonic, string pyop, list<Trait> traits = []>
    : PyPTO_Op<mnemonic, !listconcat(traits, [Pure, SameOperandsAndResultType])> {
  let summary = "Python `" # pyop # "` on booleans";
  let arguments = (ins I1:$lhs, I1:$rhs);
  let results = (outs I1:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict";
}

def PyPTO_AndOp : PyPTO_LogicalOp<"and", "and", [Commutative]>;
def PyPTO_OrOp : PyPTO_LogicalOp<"or", "or", [Commutative]>;
def PyPTO_XorOp : PyPTO_LogicalOp<"xor", "^", [Commutative]>;

class PyPTO_CompareOp<string mnemonic, string pyop, list<Trait> traits = []>
    : PyPTO_Op<mnemonic, !listconcat(traits, [Pure, SameTypeOperands])> {
  let summary = "Python `" # pyop # "` on scalars, a bool";
  let arguments = (ins PyPTO_Scalar:$lhs, PyPTO_Scalar:$rhs);
  let results = (outs I1:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($lhs)";
}

def PyPTO_EqOp : PyPTO_CompareOp<"eq", "==", [Commutative]>;
def PyPTO_NeOp : PyPTO_CompareOp<"ne", "!=", [Commutative]>;
def PyPTO_LtOp : PyPTO_CompareOp<"lt", "<">;
def PyPTO_LeOp : PyPTO_CompareOp<"le", "<=">;
def PyPTO_GtOp : PyPTO_CompareOp<"gt", ">">;
def PyPTO_GeOp : PyPTO_CompareOp<"ge", ">=">;

//===-- Unary expressions ---------------------------------------------------------===//

class PyPTO_UnaryOp<string mnemonic, string pyop>
    : PyPTO_Op<mnemonic, [Pure, SameOperandsAndResultType]> {
  let summary = "Python `" # pyop # "` on a scalar";
  let arguments = (ins PyPTO_Scalar:$operand);
  let results = (outs PyPTO_Scalar:$result);
  let assemblyFormat = "$operand attr-dict `:` type($result)";
}

def PyPTO_AbsOp : PyPTO_UnaryOp<"abs", "abs(x)">;
def PyPTO_NegOp : PyPTO_UnaryOp<"neg", "-x">;
def PyPTO_BitNotOp : PyPTO_UnaryOp<"bitnot", "~x">;

def PyPTO_NotOp : PyPTO_Op<"not", [Pure, SameOperandsAndResultType]> {
  let summary = "Python `not x` on a bool";
  let arguments = (ins I1:$operand);
  let results = (outs I1:$result);
  let assemblyFormat = "$operand attr-dict";
}

def PyPTO_CastOp : PyPTO_Op<"cast", [Pure]> {
  let summary = "A scalar converted to another data type (`pl.cast(x, pl.FP32)`)";
  let description = [{
    Integers widen by their signedness (`ui` types zero-extend) and narrow by
    truncation; floats convert to integers toward zero.
  }];
  let arguments = (ins PyPTO_Scalar:$operand);
  let results = (outs PyPTO_Scalar:$result);
  let assemblyFormat = "$operand attr-dict `:` type($operand) `to` type($result)";
}

//===-- Tuples --------------------------------------------------------------------===//

def PyPTO_MakeTupleOp : PyPTO_Op<"make_tuple", [Pure]> {
  let summary = "A tuple of values";
  let arguments = (ins Variadic<AnyType>:$elements);
  let results = (outs AnyTuple:$result);
  let assemblyFormat = "$elements attr-dict `:` functional-type($elements, $result)";
  let hasVerifier = 1;
}

def PyPTO_TupleGetItemOp : PyPTO_Op<"tuple_get_item", [Pure]> {
  let summary = "An element of a tuple (`t[0]`)";
  let arguments = (ins AnyTuple:$tuple, I64Attr:$index);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$tuple `[` $index `]` attr-dict `:` type($tuple) `->` type($result)";
  let hasVerifier = 1;
}

include "pypto/PyPTOVarOps.td"
include "pypto/PyPTOTensorOps.td"
include "pypto/PyPTOBlockOps.td"

#endif // PYPTO_OPS
