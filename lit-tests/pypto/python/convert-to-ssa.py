# pypto-convert-to-ssa on programs not in SSA form, checked in the Python form (PyPTO's
# ConvertToSSA tests): versioned names, loop-carried variables as iter_args, if/else
# assignments as yields that form a phi; the output imports back structurally equal.
# RUN: pto-translate --import-pypto %s --mlir-print-debuginfo | pto-opt --pypto-convert-to-ssa --mlir-print-debuginfo | pto-translate --export-pypto | FileCheck %s
# RUN: pto-translate --import-pypto %s --mlir-print-debuginfo | pto-opt --pypto-convert-to-ssa | FileCheck %s --check-prefix=IR
# RUN: %pypto-roundtrip %s --opt=--pypto-convert-to-ssa
# The output is in SSA form (pypto-verify-ssa); the input is not.
# RUN: pto-translate --import-pypto %s --mlir-print-debuginfo | pto-opt --pypto-convert-to-ssa --pypto-verify-ssa -o /dev/null
# RUN: pto-translate --import-pypto %s --mlir-print-debuginfo | not pto-opt --pypto-verify-ssa -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOT-SSA
# NOT-SSA: convert-to-ssa.py:{{[0-9]+}}:5: error: variable 'result' is assigned more than once and is not in SSA form (run pypto-convert-to-ssa)

# pypto.program: ssa
import pypto.language as pl

# The reference's case 1: straight-line reassignment.
# CHECK-LABEL: def straight(x_0: pl.Tensor{{\[\[}}64], pl.FP32]) -> pl.Tensor{{\[\[}}64], pl.FP32]:
# CHECK-NEXT: result_0: pl.Tensor{{\[\[}}64], pl.FP32] = pl.tensor.add_scalar(x_0, 1.0)
# CHECK-NEXT: result_1: pl.Tensor{{\[\[}}64], pl.FP32] = pl.tensor.add_scalar(result_0, 2.0)
# CHECK-NEXT: return result_1
# IR-LABEL: func.func @straight
# IR-NOT: pypto.var
# IR-NOT: pypto.assign
# IR-NOT: pypto.read
# IR: return
def straight(x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
    result = pl.tensor.add(x, 1.0)
    result = pl.tensor.add(result, 2.0)
    return result

# The reference's case 2: a variable modified in a loop without init_values.
# CHECK-LABEL: def loop(x_0: pl.Tensor{{\[\[}}64], pl.FP32]) -> pl.Tensor{{\[\[}}64], pl.FP32]:
# CHECK-NEXT: result_0: pl.Tensor{{\[\[}}64], pl.FP32] = x_0
# CHECK-NEXT: for i_0, (result_iter_1,) in pl.range(0, 5, 1, init_values=[result_0]):
# CHECK-NEXT: result_2: pl.Tensor{{\[\[}}64], pl.FP32] = pl.tensor.add_scalar(result_iter_1, 1.0)
# CHECK-NEXT: result_1 = pl.yield_(result_2)
# CHECK-NEXT: return result_1
# IR-LABEL: func.func @loop
# IR: %[[X:.*]] = pypto.alias %arg0
# IR: %[[R:.*]] = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[IA:.*]] = %[[X]]) -> (!pypto.tensor<[64], f32>) : i64 {
# IR: %[[N:.*]] = pypto.tensor.add_scalar %[[IA]]
# IR-NEXT: scf.yield %[[N]]
# IR-NEXT: } {pypto.arg_names = ["i_0", "result_iter_1"]}
# IR-NEXT: return %[[R]]
def loop(x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
    result = x
    for i in pl.range(5):
        result = pl.tensor.add(result, 1.0)
    return result

# Nested and sequential loops (PyPTO's plain-syntax tests).
# CHECK-LABEL: def nested(x_0: pl.Tensor{{\[\[}}64], pl.FP32]) -> pl.Tensor{{\[\[}}64], pl.FP32]:
# CHECK-NEXT: result_0: pl.Tensor{{\[\[}}64], pl.FP32] = x_0
# CHECK-NEXT: for i_0, (result_iter_1,) in pl.range(0, 3, 1, init_values=[result_0]):
# CHECK-NEXT: for j_0, (result_iter_2,) in pl.range(0, 2, 1, init_values=[result_iter_1]):
# CHECK-NEXT: result_3: pl.Tensor{{\[\[}}64], pl.FP32] = pl.tensor.add_scalar(result_iter_2, 1.0)
# CHECK-NEXT: result_2 = pl.yield_(result_3)
# CHECK-NEXT: result_1 = pl.yield_(result_2)
# CHECK-NEXT: for k_0, (result_iter_4,) in pl.range(0, 3, 1, init_values=[result_1]):
# CHECK-NEXT: result_5: pl.Tensor{{\[\[}}64], pl.FP32] = pl.tensor.mul_scalar(result_iter_4, 1.5)
# CHECK-NEXT: result_4 = pl.yield_(result_5)
# CHECK-NEXT: return result_4
def nested(x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
    result = x
    for i in pl.range(3):
        for j in pl.range(2):
            result = pl.tensor.add(result, 1.0)
    for k in pl.range(3):
        result = pl.tensor.mul(result, 1.5)
    return result

# if/else: a phi for each variable a branch changes (sorted by name); an if without
# else gets one yielding the old value. Several carried variables, in name order.
# CHECK-LABEL: def branch(n_0: pl.INT64, x_0: pl.INT64) -> pl.INT64:
# CHECK-NEXT: x_1: pl.INT64 = x_0 + 1
# CHECK-NEXT: a_0: pl.INT64 = 0
# CHECK-NEXT: if n_0 > 0:
# CHECK-NEXT: a_1: pl.INT64 = x_1 * 2
# CHECK-NEXT: a_3, x_3 = pl.yield_(a_1, x_1)
# CHECK-NEXT: else:
# CHECK-NEXT: a_2: pl.INT64 = x_1 - 1
# CHECK-NEXT: x_2: pl.INT64 = 3
# CHECK-NEXT: a_3, x_3 = pl.yield_(a_2, x_2)
# CHECK-NEXT: for i_0, (a_iter_4, x_iter_4) in pl.range(0, n_0, 1, init_values=[a_3, x_3]):
# CHECK-NEXT: if i_0 > 2:
# CHECK-NEXT: x_5: pl.INT64 = x_iter_4 + i_0
# CHECK-NEXT: x_6 = pl.yield_(x_5)
# CHECK-NEXT: else:
# CHECK-NEXT: x_6 = pl.yield_(x_iter_4)
# CHECK-NEXT: i_1: pl.INT64 = i_0 * 2
# CHECK-NEXT: a_5: pl.INT64 = a_iter_4 + i_1
# CHECK-NEXT: a_4, x_4 = pl.yield_(a_5, x_6)
# CHECK-NEXT: return a_4 + x_4
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

# A variable first assigned in both branches is a phi too; the loop's own iter_args
# and return variables come first and are versioned like every definition.
# CHECK-LABEL: def both(c_0: pl.BOOL, n_0: pl.INT64) -> pl.INT64:
# CHECK-NEXT: if c_0:
# CHECK-NEXT: t_0: pl.INT64 = 1
# CHECK-NEXT: t_1: pl.INT64 = t_0 + n_0
# CHECK-NEXT: t_3 = pl.yield_(t_1)
# CHECK-NEXT: else:
# CHECK-NEXT: t_2: pl.INT64 = 2
# CHECK-NEXT: t_3 = pl.yield_(t_2)
# CHECK-NEXT: s_0: pl.INT64 = 0
# CHECK-NEXT: for i_0, (acc_0, s_iter_1) in pl.range(0, n_0, 1, init_values=[t_3, s_0]):
# CHECK-NEXT: s_2: pl.INT64 = s_iter_1 + acc_0
# CHECK-NEXT: r_0, s_1 = pl.yield_(acc_0 + i_0, s_2)
# CHECK-NEXT: y_0: pl.INT64 = r_0
# CHECK-NEXT: return y_0 + s_1
def both(c: pl.BOOL, n: pl.INT64) -> pl.INT64:
    if c:
        t = 1
        t = t + n
    else:
        t = 2
    s = 0
    for i, (acc,) in pl.range(0, n, 1, init_values=[t]):
        s = s + acc
        r = pl.yield_(acc + i)
    y = r
    return y + s
