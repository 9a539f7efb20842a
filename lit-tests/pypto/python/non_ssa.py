# A program that is not in SSA form: variables assigned more than once (in
# straight-line code, inside loops without init_values, in branches, parameters and
# loop variables) are cells (pypto.var / pypto.assign / pypto.read), exported back as
# the original assignments.
# RUN: pto-translate --import-pypto %s | FileCheck %s
# RUN: pto-translate --import-pypto %s --mlir-print-debuginfo | pto-translate --export-pypto | FileCheck %s --check-prefix=PY
# RUN: %pypto-roundtrip %s

# pypto.program: non_ssa
import pypto.language as pl

# CHECK-LABEL: func.func @straight
# CHECK-NEXT: %[[R:.*]] = pypto.var : <!pypto.tensor<[64], f32>>
# CHECK: %[[A:.*]] = pypto.tensor.add_scalar %arg0
# CHECK-NEXT: pypto.assign %[[R]], %[[A]]
# CHECK-NEXT: %[[V:.*]] = pypto.read %[[R]]
# CHECK: pypto.tensor.add_scalar %[[V]]
# PY-LABEL: def straight(x: pl.Tensor{{\[\[}}64], pl.FP32]) -> pl.Tensor{{\[\[}}64], pl.FP32]:
# PY-NEXT: result: pl.Tensor{{\[\[}}64], pl.FP32] = pl.tensor.add_scalar(x, 1.0)
# PY-NEXT: result: pl.Tensor{{\[\[}}64], pl.FP32] = pl.tensor.add_scalar(result, 2.0)
# PY-NEXT: return result
def straight(x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
    result = pl.tensor.add(x, 1.0)
    result = pl.tensor.add(result, 2.0)
    return result

# CHECK-LABEL: func.func @loop
# CHECK: %[[R:.*]] = pypto.var
# CHECK-NEXT: %[[X:.*]] = pypto.alias %arg0
# CHECK-NEXT: pypto.assign %[[R]], %[[X]]
# CHECK: scf.for
# CHECK-NEXT: pypto.read %[[R]]
# CHECK: pypto.assign %[[R]]
# PY-LABEL: def loop(
# PY-NEXT: result: pl.Tensor{{\[\[}}64], pl.FP32] = x
# PY-NEXT: for i in pl.range(0, 5, 1):
# PY-NEXT: result: pl.Tensor{{\[\[}}64], pl.FP32] = pl.tensor.add_scalar(result, 1.0)
# PY-NEXT: return result
def loop(x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
    result = x
    for i in pl.range(5):
        result = pl.tensor.add(result, 1.0)
    return result

# A reassigned parameter and loop variable are cells bound at entry.
# CHECK-LABEL: func.func @branch
# CHECK-NEXT: %[[X:.*]] = pypto.var : <i64>
# CHECK-NEXT: %[[A:.*]] = pypto.var : <i64>
# CHECK-NEXT: %[[I:.*]] = pypto.var : <i64>
# CHECK-NEXT: pypto.assign %[[X]], %arg1
# CHECK: scf.for %[[IV:.*]] =
# CHECK-NEXT: pypto.assign %[[I]], %[[IV]]
# PY-LABEL: def branch(n: pl.INT64, x: pl.INT64) -> pl.INT64:
# PY-NEXT: x: pl.INT64 = x + 1
# PY-NEXT: a: pl.INT64 = 0
# PY-NEXT: if n > 0:
# PY-NEXT: a: pl.INT64 = x * 2
# PY-NEXT: else:
# PY-NEXT: a: pl.INT64 = x - 1
# PY-NEXT: x: pl.INT64 = 3
# PY-NEXT: for i in pl.range(0, n, 1):
# PY-NEXT: if i > 2:
# PY-NEXT: x: pl.INT64 = x + i
# PY-NEXT: i: pl.INT64 = i * 2
# PY-NEXT: a: pl.INT64 = a + i
# PY-NEXT: return a + x
def branch(n: pl.INT64, x: pl.INT64) -> pl.INT64:
    x = x + 1
    a = 0
    if n > 0:
        a = x * 2
    else:
        a = x - 1
        x = 3
    for i in pl.range(n):
        if i > 2:
            x = x + i
        i = i * 2
        a = a + i
    return a + x

# Cells next to explicit iter_args; y = r is an alias.
# PY-LABEL: def carried(n: pl.INT64) -> pl.INT64:
# PY-NEXT: s: pl.INT64 = 0
# PY-NEXT: for i, (acc,) in pl.range(0, n, 1, init_values=[s]):
# PY-NEXT: s: pl.INT64 = s + acc
# PY-NEXT: acc2: pl.INT64 = acc + i
# PY-NEXT: r = pl.yield_(acc2)
# PY-NEXT: y: pl.INT64 = r
# PY-NEXT: return y + s
def carried(n: pl.INT64) -> pl.INT64:
    s = 0
    for i, (acc,) in pl.range(0, n, 1, init_values=[s]):
        s = s + acc
        acc2 = acc + i
        r = pl.yield_(acc2)
    y = r
    return y + s

# A name both branches define and the code after the if reads is a cell too (Python's
# function scope), declared at the top; a name only one block uses stays an SSA value.
# CHECK-LABEL: func.func @merge
# CHECK-NEXT: %[[Y:.*]] = pypto.var : <i64>
# CHECK: scf.if
# CHECK: %[[T:.*]] = pypto.mul
# CHECK: pypto.assign %[[Y]], %{{.*}}
# CHECK: } else {
# CHECK: pypto.assign %[[Y]], %{{.*}}
# CHECK: %[[V:.*]] = pypto.read %[[Y]]
# CHECK-NEXT: return %[[V]]
# PY-LABEL: def merge(n: pl.INT64) -> pl.INT64:
# PY-NEXT: if n > 0:
# PY-NEXT: t: pl.INT64 = n * 2
# PY-NEXT: y: pl.INT64 = t + 1
# PY-NEXT: else:
# PY-NEXT: y: pl.INT64 = 0
# PY-NEXT: return y
def merge(n: pl.INT64) -> pl.INT64:
    if n > 0:
        t = n * 2
        y = t + 1
    else:
        y = 0
    return y
