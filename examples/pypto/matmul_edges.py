# pypto.program: matmul_edges
import pypto.language as pl

# M and N that no block of whole fractal boxes divides: the last block of each is
# moved back to end at the edge, overlapping the one before.

@pl.function(type=pl.FunctionType.InCore)
def edges(a: pl.Tensor[[100, 64], pl.FP32], b: pl.Tensor[[64, 50], pl.FP32]) -> pl.Tensor[[100, 50], pl.FP32]:
    c = pl.tensor.matmul(a, b)
    return c

# Both operands transposed: A^T B^T.
@pl.function(type=pl.FunctionType.InCore)
def edges_t(a: pl.Tensor[[64, 37], pl.FP32], b: pl.Tensor[[200, 64], pl.FP32]) -> pl.Tensor[[37, 200], pl.FP32]:
    c = pl.tensor.matmul(a, b, a_trans=True, b_trans=True)
    return c
