# pypto.program: softmax
import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore)
def softmax(x: pl.Tensor[[64, 256], pl.FP32]) -> pl.Tensor[[64, 256], pl.FP32]:
    m = pl.tensor.row_max(x)
    e = pl.tensor.exp(pl.tensor.sub(x, m))
    s = pl.tensor.row_sum(e)
    y = pl.tensor.div(e, s)
    return y
