# pto-run on a PyPTO program in Python form with an error: the error is located in the
# .py file, the exit status is 1 and nothing is written.
# RUN: rm -f %t.npy
# RUN: bash -c 'pto-run "$0" -e f --arg "$1" --out "$2"; echo "exit status $?"' %s %S/../../../examples/pypto/data/softmax_x.npy %t.npy 2>&1 | FileCheck %s -DFILE=%s
# RUN: not test -e %t.npy
# CHECK: [[FILE]]:[[@LINE+6]]:27: error: Expected `)`, found newline
# CHECK-NEXT: y = pl.tensor.add(x, x
# CHECK: exit status 1
import pypto.language as pl

def f(x: pl.Tensor[[64, 256], pl.FP32]) -> pl.Tensor[[64, 256], pl.FP32]:
    y = pl.tensor.add(x, x
    return y
