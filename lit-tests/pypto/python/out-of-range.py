# Integer literals that do not fit their type are errors at the literal, never wrapped:
# dimensions, constants of a typed context, and pto-run's command-line arguments.
# RUN: pto-translate --import-pypto %s --split-input-file='# ''-----' --verify-diagnostics
# RUN: not pto-run %S/Inputs/scalar_i32.mlir -e f --arg 99999999999999999999 2>&1 | FileCheck %s --check-prefix=BIG
# BIG: error: argument 0: '99999999999999999999' does not fit i32 (-2147483648 to 4294967295)
# RUN: not pto-run %S/Inputs/scalar_i32.mlir -e f --arg 4294967296 2>&1 | FileCheck %s --check-prefix=WRAP
# WRAP: error: argument 0: '4294967296' does not fit i32 (-2147483648 to 4294967295)
# RUN: pto-run %S/Inputs/scalar_i32.mlir -e f --arg -7 | FileCheck %s --check-prefix=OK
# OK: -6

import pypto.language as pl

# expected-error @+1 {{dimension 99999999999999999999 is negative or does not fit INT64}}
def f(a: pl.Tensor[[99999999999999999999, 8], pl.FP32]) -> pl.Tensor[[4, 8], pl.FP32]:
    return a

# -----

import pypto.language as pl

def f(n: pl.INT32) -> pl.INT32:
    # expected-error @+1 {{4294967296 does not fit INT32 (-2147483648 to 2147483647)}}
    m: pl.INT32 = n + 4294967296
    return m
