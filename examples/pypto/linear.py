# pypto.program: linear
import pypto.language as pl

# A linear layer: x @ w plus a bias row, then each output column divided by its scale
# (column vectors [1, N] broadcast across the rows, as numpy does).

@pl.function(type=pl.FunctionType.InCore)
def linear(x: pl.Tensor[[64, 128], pl.FP32], w: pl.Tensor[[128, 32], pl.FP32], b: pl.Tensor[[1, 32], pl.FP32], s: pl.Tensor[[1, 32], pl.FP32]) -> pl.Tensor[[64, 32], pl.FP32]:
    y = pl.tensor.add(pl.tensor.matmul(x, w), b)
    return pl.tensor.div(y, s)
