// PyPTO's tensor-level operators (`tensor.*` in PyPTO's registry). Tensors have value
// semantics: every op returns a new tensor. Keyword arguments are attributes; the
// result type is deduced from the operands (the verifier checks the declared one).

#ifndef PYPTO_TENSOR_OPS
#define PYPTO_TENSOR_OPS

// An operator with PyPTO's type deduction.
class PyPTO_RegisteredOp<string mnemonic, list<Trait> traits = []>
    : PyPTO_Op<mnemonic, traits> {
  let hasVerifier = 1;
}

def PyPTO_TensorCreateOp : PyPTO_RegisteredOp<"tensor.create", [Pure]> {
  let summary = "A new tensor of the given shape and data type";
  let arguments = (ins Variadic<PyPTO_Int>:$shape, TypeAttr:$dtype);
  let results = (outs PyPTO_TensorType:$result);
  let assemblyFormat = "`[` $shape `]` attr-dict `:` functional-type($shape, $result)";
}

def PyPTO_TensorViewOp : PyPTO_RegisteredOp<"tensor.view",
    [Pure, AttrSizedOperandSegments]> {
  let summary = "A window of a tensor (shape and offsets per dimension)";
  let arguments = (ins PyPTO_TensorType:$input, Variadic<PyPTO_Int>:$shape,
                       Variadic<PyPTO_Int>:$offset);
  let results = (outs PyPTO_TensorType:$result);
  let assemblyFormat = [{
    $input `[` $shape `]` `[` $offset `]` attr-dict `:`
    functional-type(operands, $result)
  }];
}

def PyPTO_TensorAssembleOp : PyPTO_RegisteredOp<"tensor.assemble", [Pure]> {
  let summary = "The target tensor with the source written at the offsets";
  let arguments = (ins PyPTO_TensorType:$target, PyPTO_TensorType:$source,
                       Variadic<PyPTO_Int>:$offset);
  let results = (outs PyPTO_TensorType:$result);
  let assemblyFormat = [{
    $target `,` $source `[` $offset `]` attr-dict `:` functional-type(operands, $result)
  }];
}

// Elementwise on two tensors; shapes broadcast as numpy's do.
class PyPTO_TensorBinaryOp<string mnemonic, string what>
    : PyPTO_RegisteredOp<"tensor." # mnemonic, [Pure]> {
  let summary = "Elementwise " # what # " of two tensors (numpy broadcasting)";
  let arguments = (ins PyPTO_TensorType:$lhs, PyPTO_TensorType:$rhs);
  let results = (outs PyPTO_TensorType:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` functional-type(operands, $result)";
}

def PyPTO_TensorAddOp : PyPTO_TensorBinaryOp<"add", "sum">;
def PyPTO_TensorSubOp : PyPTO_TensorBinaryOp<"sub", "difference">;
def PyPTO_TensorMulOp : PyPTO_TensorBinaryOp<"mul", "product">;
def PyPTO_TensorDivOp : PyPTO_TensorBinaryOp<"div", "quotient">;
def PyPTO_TensorMaximumOp : PyPTO_TensorBinaryOp<"maximum", "maximum">;
def PyPTO_TensorMinimumOp : PyPTO_TensorBinaryOp<"minimum", "minimum">;

// A tensor and a scalar.
class PyPTO_TensorScalarOp<string mnemonic, string what>
    : PyPTO_RegisteredOp<"tensor." # mnemonic, [Pure]> {
  let summary = "Elementwise " # what # " of a tensor and a scalar";
  let arguments = (ins PyPTO_TensorType:$lhs, PyPTO_Scalar:$rhs);
  let results = (outs PyPTO_TensorType:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` functional-type(operands, $result)";
}

def PyPTO_TensorAddScalarOp : PyPTO_TensorScalarOp<"add_scalar", "sum">;
def PyPTO_TensorSubScalarOp : PyPTO_TensorScalarOp<"sub_scalar", "difference">;
def PyPTO_TensorMulScalarOp : PyPTO_TensorScalarOp<"mul_scalar", "product">;
def PyPTO_TensorDivScalarOp : PyPTO_TensorScalarOp<"div_scalar", "quotient">;
def PyPTO_TensorMaximumScalarOp : PyPTO_TensorScalarOp<"maximum_scalar", "maximum">;
def PyPTO_TensorMinimumScalarOp : PyPTO_TensorScalarOp<"minimum_scalar", "minimum">;

// One tensor, elementwise.
class PyPTO_TensorUnaryOp<string mnemonic, string what>
    : PyPTO_RegisteredOp<"tensor." # mnemonic, [Pure]> {
  let summary = "Elementwise " # what # " of a tensor";
  let arguments = (ins PyPTO_TensorType:$input);
  let results = (outs PyPTO_TensorType:$result);
  let assemblyFormat = "$input attr-dict `:` functional-type(operands, $result)";
}

def PyPTO_TensorExpOp : PyPTO_TensorUnaryOp<"exp", "exponential">;
def PyPTO_TensorNegOp : PyPTO_TensorUnaryOp<"neg", "negation">;
def PyPTO_TensorSqrtOp : PyPTO_TensorUnaryOp<"sqrt", "square root">;
def PyPTO_TensorRsqrtOp : PyPTO_TensorUnaryOp<"rsqrt", "reciprocal square root">;
def PyPTO_TensorRecipOp : PyPTO_TensorUnaryOp<"recip", "reciprocal">;
def PyPTO_TensorLogOp : PyPTO_TensorUnaryOp<"log", "natural logarithm">;
def PyPTO_TensorAbsOp : PyPTO_TensorUnaryOp<"abs", "absolute value">;
def PyPTO_TensorReluOp : PyPTO_TensorUnaryOp<"relu", "max(x, 0)">;

def PyPTO_TensorMatmulOp : PyPTO_RegisteredOp<"tensor.matmul", [Pure]> {
  let summary = "Matrix product `[M, K] x [K, N] -> [M, N]`";
  let description = [{
    `a_trans`/`b_trans` take an operand transposed; `out_dtype` is the result's data
    type (default: the operands'); `c_matrix_nz` asks for the result in the NZ
    fractal layout (a placement hint that does not change values).
  }];
  let arguments = (ins PyPTO_TensorType:$lhs, PyPTO_TensorType:$rhs,
                       OptionalAttr<TypeAttr>:$out_dtype,
                       OptionalAttr<BoolAttr>:$a_trans, OptionalAttr<BoolAttr>:$b_trans,
                       OptionalAttr<BoolAttr>:$c_matrix_nz);
  let results = (outs PyPTO_TensorType:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` functional-type(operands, $result)";
}

// A reduction over one axis.
class PyPTO_TensorReduceOp<string mnemonic, string what>
    : PyPTO_RegisteredOp<"tensor." # mnemonic, [Pure]> {
  let summary = what # " over an axis (default the last, kept as size 1)";
  let arguments = (ins PyPTO_TensorType:$input, OptionalAttr<I64Attr>:$axis,
                       OptionalAttr<BoolAttr>:$keep_dim);
  let results = (outs PyPTO_TensorType:$result);
  let assemblyFormat = "$input attr-dict `:` functional-type(operands, $result)";
}

def PyPTO_TensorRowMaxOp : PyPTO_TensorReduceOp<"row_max", "Maximum">;
def PyPTO_TensorRowSumOp : PyPTO_TensorReduceOp<"row_sum", "Sum">;
def PyPTO_TensorRowMinOp : PyPTO_TensorReduceOp<"row_min", "Minimum">;
def PyPTO_TensorRowProdOp : PyPTO_TensorReduceOp<"row_prod", "Product">;

def PyPTO_TensorCastOp : PyPTO_RegisteredOp<"tensor.cast", [Pure]> {
  let summary = "Elementwise conversion to `target_type`";
  let description = [{
    `mode` rounds float-to-integer conversions: 0 to nearest (ties to even), 1 down,
    2 up.
  }];
  let arguments = (ins PyPTO_TensorType:$input, TypeAttr:$target_type,
                       OptionalAttr<I64Attr>:$mode);
  let results = (outs PyPTO_TensorType:$result);
  let assemblyFormat = "$input attr-dict `:` functional-type(operands, $result)";
}

def PyPTO_TensorReshapeOp : PyPTO_RegisteredOp<"tensor.reshape", [Pure]> {
  let summary = "The same elements in row-major order under another shape";
  let arguments = (ins PyPTO_TensorType:$input, Variadic<PyPTO_Int>:$shape);
  let results = (outs PyPTO_TensorType:$result);
  let assemblyFormat = "$input `[` $shape `]` attr-dict `:` functional-type(operands, $result)";
}

def PyPTO_TensorTransposeOp : PyPTO_RegisteredOp<"tensor.transpose", [Pure]> {
  let summary = "Two axes swapped";
  let arguments = (ins PyPTO_TensorType:$input, I64Attr:$axis1, I64Attr:$axis2);
  let results = (outs PyPTO_TensorType:$result);
  let assemblyFormat = "$input attr-dict `:` functional-type(operands, $result)";
}

#endif // PYPTO_TENSOR_OPS
