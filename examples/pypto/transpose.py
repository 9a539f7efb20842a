# pypto.program: transpose
import pypto.language as pl

# tensor.transpose read by other ops than matmuls is materialized: blocks of x are
# loaded into UB, transposed there and stored at the mirrored position. The axes are
# PyPTO's positional arguments or keywords (negative ones count from the end).

@pl.function(type=pl.FunctionType.InCore)
def transpose(x: pl.Tensor[[96, 160], pl.FP32]) -> pl.Tensor[[160, 96], pl.FP32]:
    return pl.tensor.transpose(x, 0, 1)

@pl.function(type=pl.FunctionType.InCore)
def residual_t(x: pl.Tensor[[96, 160], pl.FP32], y: pl.Tensor[[160, 96], pl.FP32]) -> pl.Tensor[[160, 96], pl.FP32]:
    xt = pl.tensor.transpose(x, axis1=-1, axis2=-2)
    return pl.tensor.mul(pl.tensor.add(xt, y), 0.5)
