# pypto.program: layernorm
import pypto.language as pl

# Layer norm over the last axis: (x - mean) / sqrt(var + eps), rows of 256.

@pl.function(type=pl.FunctionType.InCore)
def layernorm(x: pl.Tensor[[64, 256], pl.FP32]) -> pl.Tensor[[64, 256], pl.FP32]:
    mean = pl.tensor.mul(pl.tensor.row_sum(x), 0.00390625)
    xc = pl.tensor.sub(x, mean)
    var = pl.tensor.mul(pl.tensor.row_sum(pl.tensor.mul(xc, xc)), 0.00390625)
    rstd = pl.tensor.rsqrt(pl.tensor.add(var, 0.00001))
    y = pl.tensor.mul(xc, rstd)
    return y
