# pypto.program: mlp
import pypto.language as pl

# An Orchestration function calling InCore kernels: h = x @ w1, then a row softmax
# of h, then h2 = softmax(h) @ w2.

@pl.function(type=pl.FunctionType.InCore)
def project(x: pl.Tensor[[64, 128], pl.FP32], w: pl.Tensor[[128, 64], pl.FP32]) -> pl.Tensor[[64, 64], pl.FP32]:
    y = pl.tensor.matmul(x, w)
    return y

@pl.function(type=pl.FunctionType.InCore)
def softmax(h: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tensor[[64, 64], pl.FP32]:
    e = pl.tensor.exp(pl.tensor.sub(h, pl.tensor.row_max(h)))
    y = pl.tensor.div(e, pl.tensor.row_sum(e))
    return y

@pl.function(type=pl.FunctionType.InCore)
def project2(p: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 32], pl.FP32]) -> pl.Tensor[[64, 32], pl.FP32]:
    y = pl.tensor.matmul(p, w)
    return y

@pl.function(type=pl.FunctionType.Orchestration)
def mlp(x: pl.Tensor[[64, 128], pl.FP32], w1: pl.Tensor[[128, 64], pl.FP32], w2: pl.Tensor[[64, 32], pl.FP32]) -> pl.Tensor[[64, 32], pl.FP32]:
    h = project(x, w1)
    p = softmax(h)
    out = project2(p, w2)
    return out
