# pypto.program: broadcast
import pypto.language as pl

# numpy's broadcasting with the vector on the left of non-commutative ops: a row of
# offsets b [1, N] minus x, divided into a column of scales c [M, 1], plus the outer
# product of c and b ([M, 1] * [1, N]).

@pl.function(type=pl.FunctionType.InCore)
def broadcast(x: pl.Tensor[[64, 96], pl.FP32], b: pl.Tensor[[1, 96], pl.FP32], c: pl.Tensor[[64, 1], pl.FP32]) -> pl.Tensor[[64, 96], pl.FP32]:
    d = pl.tensor.sub(b, x)
    q = pl.tensor.div(c, d)
    return pl.tensor.add(q, pl.tensor.mul(c, b))
