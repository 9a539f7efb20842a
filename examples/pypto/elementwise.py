# pypto.program: elementwise
import pypto.language as pl

# An elementwise chain, fused into one pass over the rows: y = exp(-(a * b + 0.5)) / (a + b)

@pl.function(type=pl.FunctionType.InCore)
def elementwise(a: pl.Tensor[[128, 256], pl.FP32], b: pl.Tensor[[128, 256], pl.FP32]) -> pl.Tensor[[128, 256], pl.FP32]:
    t = pl.tensor.add(pl.tensor.mul(a, b), 0.5)
    e = pl.tensor.exp(pl.tensor.neg(t))
    y = pl.tensor.div(e, pl.tensor.add(a, b))
    return y
