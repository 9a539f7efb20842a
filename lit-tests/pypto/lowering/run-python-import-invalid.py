# pto-run on a PyPTO program in Python form that does not type-check: the importer's
# error, located in the .py file, and exit status 1.
# RUN: bash -c 'pto-run "$0" -e f --arg "$1" --arg "$1"; echo "exit status $?"' %s %S/../../../examples/pypto/data/matmul_b.npy 2>&1 | FileCheck %s -DFILE=%s
# CHECK: [[FILE]]:[[@LINE+5]]:29: error: tensor.matmul: rhs has 16 rows, expected 8 (the columns of lhs)
# CHECK: exit status 1
import pypto.language as pl

def f(a: pl.Tensor[[4, 8], pl.FP32], b: pl.Tensor[[16, 8], pl.FP32]) -> pl.Tensor[[4, 8], pl.FP32]:
    c = pl.tensor.matmul(a, b)
    return c
