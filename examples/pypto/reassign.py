# pypto.program: reassign
import pypto.language as pl

# Not in SSA form: y is reassigned in a loop (pypto-convert-to-ssa makes it an
# iter_arg before the lowering): y = x + x + x + x.

@pl.function(type=pl.FunctionType.InCore)
def reassign(x: pl.Tensor[[32, 128], pl.FP32]) -> pl.Tensor[[32, 128], pl.FP32]:
    y = x
    for i in pl.range(3):
        y = pl.tensor.add(y, x)
    return y
