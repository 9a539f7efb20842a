# pypto.program: loop
import pypto.language as pl

# A loop carrying a tensor: n steps of acc = 0.5 * acc + x, from acc = x.

@pl.function(type=pl.FunctionType.InCore)
def relax(x: pl.Tensor[[32, 128], pl.FP32], n: pl.INT64) -> pl.Tensor[[32, 128], pl.FP32]:
    for i, (acc,) in pl.range(0, n, 1, init_values=[x]):
        nxt = pl.tensor.add(pl.tensor.mul(acc, 0.5), x)
        acc_out = pl.yield_(nxt)
    return acc_out
