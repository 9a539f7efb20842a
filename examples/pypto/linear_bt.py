# pypto.program: linear_bt
import pypto.language as pl

# Linear layers as PyTorch stores them: the weight is [out, in], so y = x @ w^T + b
# (matmul with b_trans: each block of w is loaded as it lies and moved to the matmul
# unit transposed). project_t takes its input transposed too (a_trans), and gram writes
# x @ x^T with tensor.transpose, which the matmul reads through.

@pl.function(type=pl.FunctionType.InCore)
def linear_bt(x: pl.Tensor[[64, 256], pl.FP32], w: pl.Tensor[[128, 256], pl.FP32], b: pl.Tensor[[1, 128], pl.FP32]) -> pl.Tensor[[64, 128], pl.FP32]:
    return pl.tensor.add(pl.tensor.matmul(x, w, b_trans=True), b)

@pl.function(type=pl.FunctionType.InCore)
def project_t(xt: pl.Tensor[[256, 64], pl.FP32], w: pl.Tensor[[128, 256], pl.FP32]) -> pl.Tensor[[64, 128], pl.FP32]:
    return pl.tensor.matmul(xt, w, a_trans=True, b_trans=True)

@pl.function(type=pl.FunctionType.InCore)
def gram(x: pl.Tensor[[64, 256], pl.FP32]) -> pl.Tensor[[64, 64], pl.FP32]:
    return pl.tensor.matmul(x, pl.tensor.transpose(x, axis1=0, axis2=1))
