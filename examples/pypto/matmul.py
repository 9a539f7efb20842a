# pypto.program: matmul
import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore)
def matmul(a: pl.Tensor[[128, 256], pl.FP32], b: pl.Tensor[[256, 64], pl.FP32]) -> pl.Tensor[[128, 64], pl.FP32]:
    c = pl.tensor.matmul(a, b)
    return c
