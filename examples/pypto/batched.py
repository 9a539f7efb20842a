# pypto.program: batched
import pypto.language as pl

# Tensors of rank 3: a row softmax over the last axis (the chain sees a [64, 64]
# matrix), transposes of any two axes, and reshapes between ranks (the same buffer).

@pl.function(type=pl.FunctionType.InCore)
def softmax3(x: pl.Tensor[[2, 32, 64], pl.FP32], g: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[2, 32, 64], pl.FP32]:
    e = pl.tensor.exp(pl.tensor.sub(x, pl.tensor.row_max(x)))
    y = pl.tensor.mul(pl.tensor.div(e, pl.tensor.row_sum(e)), g)
    return y

# [batch, seq, dim] -> [batch, dim, seq]: a matrix transpose per batch.
@pl.function(type=pl.FunctionType.InCore)
def transpose_last(x: pl.Tensor[[2, 32, 64], pl.FP32]) -> pl.Tensor[[2, 64, 32], pl.FP32]:
    y = pl.tensor.transpose(x, axis1=1, axis2=2)
    return y

# [seq, heads, dim] -> [heads, seq, dim]: whole rows of dim move.
@pl.function(type=pl.FunctionType.InCore)
def split_heads(x: pl.Tensor[[32, 4, 16], pl.FP32]) -> pl.Tensor[[4, 32, 16], pl.FP32]:
    y = pl.tensor.transpose(x, axis1=0, axis2=1)
    return y

# Flattened to a matrix, scaled, and back.
@pl.function(type=pl.FunctionType.InCore)
def scale_flat(x: pl.Tensor[[2, 32, 64], pl.FP32]) -> pl.Tensor[[2, 32, 64], pl.FP32]:
    m = pl.tensor.reshape(x, [64, 64])
    s = pl.tensor.mul(m, 0.5)
    y = pl.tensor.reshape(s, [2, 32, 64])
    return y
