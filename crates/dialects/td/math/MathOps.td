// The `math` dialect: elementary functions on floats and integers, with MLIR's syntax.

#ifndef PTO_MATH_OPS
#define PTO_MATH_OPS

include "arith/ArithOps.td"

def Math_Dialect : Dialect {
  let name = "math";
  let cppNamespace = "::pto::math";
  let summary = "Elementary mathematical functions";
  let description = [{
    Exponentials, logarithms, roots, trigonometric and rounding functions on scalars,
    vectors and tensors. Float operations accept `#arith.fastmath` flags.
  }];
  let dependentDialects = ["::pto::arith::ArithDialect"];
  let hasConstantMaterializer = 1;
}

class Math_Op<string mnemonic, list<Trait> traits = []>
    : Op<Math_Dialect, mnemonic, traits # [Pure, SameOperandsAndResultType, Elementwise]>;

class Math_FloatUnaryOp<string mnemonic, string sum> : Math_Op<mnemonic> {
  let summary = sum;
  let arguments = (ins FloatLike:$operand, Arith_FastMath:$fastmath);
  let results = (outs FloatLike:$result);
  let assemblyFormat = "$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)";
}

class Math_FloatBinaryOp<string mnemonic, string sum> : Math_Op<mnemonic> {
  let summary = sum;
  let arguments = (ins FloatLike:$lhs, FloatLike:$rhs, Arith_FastMath:$fastmath);
  let results = (outs FloatLike:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result)
  }];
}

def Math_ExpOp : Math_FloatUnaryOp<"exp", "Base-e exponential"> {
  let hasFolder = 1;
}
def Math_Exp2Op : Math_FloatUnaryOp<"exp2", "Base-2 exponential"> {
  let hasFolder = 1;
}
def Math_LogOp : Math_FloatUnaryOp<"log", "Natural logarithm"> {
  let hasFolder = 1;
}
def Math_Log2Op : Math_FloatUnaryOp<"log2", "Base-2 logarithm"> {
  let hasFolder = 1;
}
def Math_SqrtOp : Math_FloatUnaryOp<"sqrt", "Square root"> {
  let hasFolder = 1;
}
def Math_RsqrtOp : Math_FloatUnaryOp<"rsqrt", "Reciprocal of the square root">;
def Math_TanhOp : Math_FloatUnaryOp<"tanh", "Hyperbolic tangent"> {
  let hasFolder = 1;
}
def Math_SinOp : Math_FloatUnaryOp<"sin", "Sine"> {
  let hasFolder = 1;
}
def Math_CosOp : Math_FloatUnaryOp<"cos", "Cosine"> {
  let hasFolder = 1;
}
def Math_AbsFOp : Math_FloatUnaryOp<"absf", "Floating-point absolute value"> {
  let hasFolder = 1;
}
def Math_ErfOp : Math_FloatUnaryOp<"erf", "Error function"> {
  let hasFolder = 1;
}
def Math_FloorOp : Math_FloatUnaryOp<"floor", "Rounds toward negative infinity"> {
  let hasFolder = 1;
}
def Math_CeilOp : Math_FloatUnaryOp<"ceil", "Rounds toward positive infinity"> {
  let hasFolder = 1;
}
def Math_RoundOp : Math_FloatUnaryOp<"round", "Rounds to the nearest integer, ties away from zero">;
def Math_RoundEvenOp : Math_FloatUnaryOp<"roundeven", "Rounds to the nearest integer, ties to even">;
def Math_TruncOp : Math_FloatUnaryOp<"trunc", "Rounds toward zero">;
def Math_PowFOp : Math_FloatBinaryOp<"powf", "Floating-point power"> {
  let hasFolder = 1;
}
def Math_AcosOp : Math_FloatUnaryOp<"acos", "Arcus cosine"> {
  let hasFolder = 1;
}
def Math_AsinOp : Math_FloatUnaryOp<"asin", "Arcus sine"> {
  let hasFolder = 1;
}
def Math_AtanOp : Math_FloatUnaryOp<"atan", "Arcus tangent"> {
  let hasFolder = 1;
}
def Math_Atan2Op : Math_FloatBinaryOp<"atan2", "Two-argument arcus tangent of lhs / rhs"> {
  let hasFolder = 1;
}
def Math_CbrtOp : Math_FloatUnaryOp<"cbrt", "Cube root">;
def Math_CopySignOp : Math_FloatBinaryOp<"copysign", "The magnitude of lhs with the sign of rhs"> {
  let hasFolder = 1;
}
def Math_ErfcOp : Math_FloatUnaryOp<"erfc", "Complementary error function"> {
  let hasFolder = 1;
}
def Math_ExpM1Op : Math_FloatUnaryOp<"expm1", "Base-e exponential minus one"> {
  let hasFolder = 1;
}
def Math_Log1pOp : Math_FloatUnaryOp<"log1p", "Natural logarithm of one plus the operand"> {
  let hasFolder = 1;
}

def Math_AbsIOp : Math_Op<"absi"> {
  let summary = "Integer absolute value";
  let hasFolder = 1;
  let arguments = (ins SignlessIntegerOrIndexLike:$operand);
  let results = (outs SignlessIntegerOrIndexLike:$result);
  let assemblyFormat = "$operand attr-dict `:` type($result)";
}

def Math_FmaOp : Math_Op<"fma"> {
  let summary = "Fused multiply-add: a * b + c with one rounding";
  let arguments = (ins FloatLike:$a, FloatLike:$b, FloatLike:$c, Arith_FastMath:$fastmath);
  let results = (outs FloatLike:$result);
  let assemblyFormat = [{
    $a `,` $b `,` $c (`fastmath` `` $fastmath^)? attr-dict `:` type($result)
  }];
}

#endif // PTO_MATH_OPS
