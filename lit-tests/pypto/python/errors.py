# Import errors point into the .py file.
# RUN: pto-translate --import-pypto %s --split-input-file='# ''-----' --verify-diagnostics

import pypto.language as pl

def f(a: pl.Tensor[[4, 8], pl.FP32], b: pl.Tensor[[16, 8], pl.FP32]) -> pl.Tensor[[4, 8], pl.FP32]:
    # expected-error @+1 {{tensor.matmul: rhs has 16 rows, expected 8 (the columns of lhs)}}
    c = pl.tensor.matmul(a, b)
    return c

# -----

import pypto.language as pl

def f(a: pl.Tensor[[4, 8], pl.FP32], b: pl.Tensor[[3, 8], pl.FP32]) -> pl.Tensor[[4, 8], pl.FP32]:
    # expected-error @+1 {{tensor.add: shapes [4, 8] and [3, 8] cannot be broadcast together}}
    return a + b

# -----

import pypto.language as pl

def f(x: pl.INT64) -> pl.INT64:
    result = x
    for i in pl.range(5):
        # expected-error @+1 {{'result' holds values of type i64, cannot assign a value of type f32}}
        result = 1.5
    return result

# -----

import pypto.language as pl

def f(x: pl.INT64) -> pl.INT64:
    # expected-error @+1 {{'t' is assigned more than once and cannot hold several values}}
    t = loop_pair(x)
    t = loop_pair(x)
    return x

def loop_pair(x: pl.INT64) -> tuple[pl.INT64, pl.INT64]:
    return x, x

# -----

import pypto.language as pl

def f(x: pl.INT64) -> pl.INT64:
    # expected-error @+1 {{undefined variable 'y'}}
    return x + y

# -----

import pypto.language as pl

def f(x: pl.INT32, y: pl.INT64) -> pl.INT64:
    # expected-error @+1 {{operands have different types (INT32 and INT64): convert one with pl.cast}}
    return x + y

# -----

import pypto.language as pl

# expected-error @+1 {{unknown type 'pl.FLOAT7'}}
def f(x: pl.FLOAT7) -> pl.INT64:
    return 1

# -----

import pypto.language as pl

def f(x: pl.INT64) -> pl.INT64:
    # expected-error @+1 {{an if that yields values needs an else branch}}
    if x > 0:
        y = pl.yield_(x)
    return y

# -----

import pypto.language as pl

def f(x: pl.INT64) -> pl.INT64:
    # expected-error @+1 {{Expected an expression}}
    y = x + )
    return y

# -----

import pypto.language as pl

def f(a: pl.Tensor[[4, 8], pl.FP32]) -> pl.Tensor[[4, 8], pl.FP32]:
    # expected-error @+1 {{unknown keyword argument 'axes' of 'tensor.exp'}}
    return pl.tensor.exp(a, axes=1)

# -----

import pypto.language as pl

def f(x: pl.INT64) -> pl.INT64:
    # expected-error @+1 {{unknown operator 'tensor.frobnicate'}}
    return pl.tensor.frobnicate(x)

# -----

import pypto.language as pl

def f(x: pl.INT64) -> pl.INT64:
    s0: pl.INT64 = 0
    # expected-error @+1 {{1 iter_args but 2 init_values}}
    for i, (s,) in pl.range(0, x, 1, init_values=[s0, s0]):
        s = pl.yield_(s + i)
    return s

# -----

import pypto.language as pl

def f(x: pl.INT64, y: pl.FP32) -> pl.INT64:
    # expected-error @+1 {{min and max take two scalars of one type}}
    return min(x, y)

# -----

import pypto.language as pl

def f(t: pl.Tile[[16, 16], pl.FP32]) -> pl.Tile[[16, 16], pl.FP16]:
    # expected-error @+1 {{pl.cast of a tile is not an operator of the registry (cast the tensor)}}
    return pl.cast(t, pl.FP16)

# -----

import pypto.language as pl

def f(a: pl.Tensor[[4, 8], pl.FP32]) -> pl.Tensor[[8, 4], pl.FP32]:
    # Positional arguments after the operands are the keyword arguments in order.
    # expected-error @+1 {{too many arguments for 'tensor.transpose'}}
    return pl.tensor.transpose(a, 0, 1, 2)

# -----

import pypto.language as pl

def f(a: pl.Tensor[[4, 8], pl.FP32]) -> pl.Tensor[[8, 4], pl.FP32]:
    # expected-error @+1 {{argument 'axis1' given twice}}
    return pl.tensor.transpose(a, 0, axis1=1)
