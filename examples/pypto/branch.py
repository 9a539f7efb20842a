# pypto.program: branch
import pypto.language as pl

# `if` with return variables yielding tensors: each branch's tensor ops write the
# result buffer directly; a branch passing a tensor on copies it there. A scalar can
# be yielded alongside, and an `if` can sit in a loop carrying a tensor.

@pl.function(type=pl.FunctionType.InCore)
def select(x: pl.Tensor[[32, 64], pl.FP32], flag: pl.INT64) -> pl.Tensor[[32, 64], pl.FP32]:
    if flag > 0:
        y = pl.yield_(pl.tensor.exp(x))
    else:
        y = pl.yield_(pl.tensor.neg(x))
    return y

@pl.function(type=pl.FunctionType.InCore)
def scaled(x: pl.Tensor[[32, 64], pl.FP32], flag: pl.INT64) -> pl.Tensor[[32, 64], pl.FP32]:
    if flag > 0:
        y, s = pl.yield_(pl.tensor.exp(x), 2.0)
    else:
        y, s = pl.yield_(pl.tensor.neg(x), 0.5)
    return pl.tensor.mul(y, s)

# n steps from acc = x: halve on even steps, add x on odd ones.
@pl.function(type=pl.FunctionType.InCore)
def alternate(x: pl.Tensor[[32, 64], pl.FP32], n: pl.INT64) -> pl.Tensor[[32, 64], pl.FP32]:
    for i, (acc,) in pl.range(0, n, 1, init_values=[x]):
        if i % 2 == 0:
            nxt = pl.yield_(pl.tensor.mul(acc, 0.5))
        else:
            nxt = pl.yield_(pl.tensor.add(acc, x))
        acc_out = pl.yield_(nxt)
    return acc_out

# n steps from acc = x, adding x in the first two only (later steps pass acc on).
@pl.function(type=pl.FunctionType.InCore)
def warmup(x: pl.Tensor[[32, 64], pl.FP32], n: pl.INT64) -> pl.Tensor[[32, 64], pl.FP32]:
    for i, (acc,) in pl.range(0, n, 1, init_values=[x]):
        if i < 2:
            nxt = pl.yield_(pl.tensor.add(acc, x))
        else:
            nxt = pl.yield_(acc)
        acc_out = pl.yield_(nxt)
    return acc_out

# An if nested in an if in a loop: for i < m, add x on even steps and halve on odd
# ones; exp on the later steps.
@pl.function(type=pl.FunctionType.InCore)
def nested(x: pl.Tensor[[32, 64], pl.FP32], n: pl.INT64, m: pl.INT64) -> pl.Tensor[[32, 64], pl.FP32]:
    for i, (acc,) in pl.range(0, n, 1, init_values=[x]):
        if i < m:
            if i % 2 == 0:
                a = pl.yield_(pl.tensor.add(acc, x))
            else:
                a = pl.yield_(pl.tensor.mul(acc, 0.5))
            b = pl.yield_(a)
        else:
            b = pl.yield_(pl.tensor.exp(acc))
        acc_out = pl.yield_(b)
    return acc_out

# Not in SSA form: y reassigned in one branch (pypto-convert-to-ssa makes the if yield
# it, the other branch passing the first y on): 3x or 2x.
@pl.function(type=pl.FunctionType.InCore)
def reassigned(x: pl.Tensor[[32, 64], pl.FP32], flag: pl.INT64) -> pl.Tensor[[32, 64], pl.FP32]:
    y = pl.tensor.mul(x, 2.0)
    if flag > 0:
        y = pl.tensor.add(y, x)
    return y
