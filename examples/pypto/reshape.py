# pypto.program: reshape
import pypto.language as pl

# tensor.reshape reinterprets the row-major elements. flat_exp and regroup share their
# input's buffer (nothing writes it afterwards); window_rows copies its view first (the
# rows of a view are not contiguous); reshaped_copy returns a reshape of a parameter,
# which is copied so that the caller's buffers keep their shapes.

@pl.function(type=pl.FunctionType.InCore)
def flat_exp(x: pl.Tensor[[32, 64], pl.FP32]) -> pl.Tensor[[2048], pl.FP32]:
    return pl.tensor.reshape(pl.tensor.exp(x), [2048])

@pl.function(type=pl.FunctionType.InCore)
def regroup(x: pl.Tensor[[32, 64], pl.FP32], s: pl.Tensor[[64, 1], pl.FP32]) -> pl.Tensor[[64, 32], pl.FP32]:
    r = pl.tensor.reshape(x, [64, 32])
    return pl.tensor.div(s, r)

@pl.function(type=pl.FunctionType.InCore)
def window_rows(x: pl.Tensor[[32, 64], pl.FP32]) -> pl.Tensor[[8, 64], pl.FP32]:
    v = pl.tensor.view(x, [16, 32], [8, 16])
    return pl.tensor.add(pl.tensor.reshape(v, [8, 64]), 1.0)

@pl.function(type=pl.FunctionType.InCore)
def reshaped_copy(x: pl.Tensor[[32, 64], pl.FP32]) -> pl.Tensor[[64, 32], pl.FP32]:
    return pl.tensor.reshape(x, [64, 32])
