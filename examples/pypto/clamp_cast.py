# pypto.program: clamp_cast
import pypto.language as pl

# Conversions: each row clamped to its own [lo, hi] and narrowed to FP16; a fixed-point
# quantization rounding down to INT32.

@pl.function(type=pl.FunctionType.InCore)
def clamp_half(x: pl.Tensor[[32, 64], pl.FP32], lo: pl.Tensor[[32, 1], pl.FP32], hi: pl.Tensor[[32, 1], pl.FP32]) -> pl.Tensor[[32, 64], pl.FP16]:
    clamped = pl.tensor.minimum(pl.tensor.maximum(x, lo), hi)
    return pl.tensor.cast(clamped, target_type=pl.FP16)

@pl.function(type=pl.FunctionType.InCore)
def quantize(x: pl.Tensor[[32, 64], pl.FP32]) -> pl.Tensor[[32, 64], pl.INT32]:
    return pl.tensor.cast(pl.tensor.mul_scalar(x, 16.0), target_type=pl.INT32, mode=1)
