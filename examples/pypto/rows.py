# pypto.program: rows
import pypto.language as pl

# Row counts known only at run time: `n` is a symbolic dimension. The kernels are
# compiled once for every n (pypto-materialize-dims gives each function a parameter
# holding n, which calls pass on); pto-run takes n from the arrays it is given.

@pl.function(type=pl.FunctionType.InCore)
def softmax_rows(x: pl.Tensor[[n, 256], pl.FP32]) -> pl.Tensor[[n, 256], pl.FP32]:
    e = pl.tensor.exp(pl.tensor.sub(x, pl.tensor.row_max(x)))
    y = pl.tensor.div(e, pl.tensor.row_sum(e))
    return y

@pl.function(type=pl.FunctionType.InCore)
def scale(p: pl.Tensor[[n, 256], pl.FP32], g: pl.Tensor[[1, 256], pl.FP32]) -> pl.Tensor[[n, 256], pl.FP32]:
    y = pl.tensor.mul(p, g)
    return y

@pl.function(type=pl.FunctionType.Orchestration)
def rows(x: pl.Tensor[[n, 256], pl.FP32], g: pl.Tensor[[1, 256], pl.FP32]) -> pl.Tensor[[n, 256], pl.FP32]:
    p = softmax_rows(x)
    y = scale(p, g)
    return y

# A program may declare the size itself (`n: pl.INT64`): n is then an argument like
# any other, and it must agree with the arrays.
@pl.function(type=pl.FunctionType.InCore)
def scale_n(x: pl.Tensor[[n, 256], pl.FP32], g: pl.Tensor[[1, 256], pl.FP32], n: pl.INT64) -> pl.Tensor[[n, 256], pl.FP32]:
    y = pl.tensor.mul(x, g)
    return y

# Windows of a tensor of n rows: blocks of 8 rows viewed, computed and assembled in
# a loop of n // 8 iterations (n a multiple of 8 here).
@pl.function(type=pl.FunctionType.InCore)
def windows(x: pl.Tensor[[n, 256], pl.FP32], n: pl.INT64) -> pl.Tensor[[n, 256], pl.FP32]:
    out = pl.tensor.create([n, 256], dtype=pl.FP32)
    for i, (acc,) in pl.range(n // 8, init_values=[out]):
        v = pl.tensor.view(x, [8, 256], [i * 8, 0])
        e = pl.tensor.exp(v)
        r = pl.tensor.assemble(acc, e, [i * 8, 0])
        acc2 = pl.yield_(r)
    return acc2
