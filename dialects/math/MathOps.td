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

def Math_ExpOp : Math_FloatUnaryOp<"exp", "Base-e exponential">;
def Math_Exp2Op : Math_FloatUnaryOp<"exp2", "Base-2 exponential">;
def Math_LogOp : Math_FloatUnaryOp<"log", "Natural logarithm">;
def Math_Log2Op : Math_FloatUnaryOp<"log2", "Base-2 logarithm">;
def Math_SqrtOp : Math_FloatUnaryOp<"sqrt", "Square root">;
def Math_RsqrtOp : Math_FloatUnaryOp<"rsqrt", "Reciprocal of the square root">;
def Math_TanhOp : Math_FloatUnaryOp<"tanh", "Hyperbolic tangent">;
def Math_SinOp : Math_FloatUnaryOp<"sin", "Sine">;
def Math_CosOp : Math_FloatUnaryOp<"cos", "Cosine">;
def Math_AbsFOp : Math_FloatUnaryOp<"absf", "Floating-point absolute value">;
def Math_ErfOp : Math_FloatUnaryOp<"erf", "Error function">;
def Math_FloorOp : Math_FloatUnaryOp<"floor", "Rounds toward negative infinity">;
def Math_CeilOp : Math_FloatUnaryOp<"ceil", "Rounds toward positive infinity">;
def Math_PowFOp : Math_FloatBinaryOp<"powf", "Floating-point power">;
def Math_AcosOp : Math_FloatUnaryOp<"acos", "Arcus cosine">;
def Math_AsinOp : Math_FloatUnaryOp<"asin", "Arcus sine">;
def Math_AtanOp : Math_FloatUnaryOp<"atan", "Arcus tangent">;
def Math_Atan2Op : Math_FloatBinaryOp<"atan2", "Two-argument arcus tangent of lhs / rhs">;
def Math_CbrtOp : Math_FloatUnaryOp<"cbrt", "Cube root">;
def Math_CopySignOp : Math_FloatBinaryOp<"copysign", "The magnitude of lhs with the sign of rhs">;
def Math_ErfcOp : Math_FloatUnaryOp<"erfc", "Complementary error function">;
def Math_ExpM1Op : Math_FloatUnaryOp<"expm1", "Base-e exponential minus one">;
def Math_Log1pOp : Math_FloatUnaryOp<"log1p", "Natural logarithm of one plus the operand">;

def Math_AbsIOp : Math_Op<"absi"> {
  let summary = "Integer absolute value";
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
