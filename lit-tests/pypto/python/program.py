# A PyPTO program in Python form: imported into the pypto dialect, exported back
# (with the language module under another alias too), and round-tripped.
# RUN: pto-translate --import-pypto %s | FileCheck %s
# RUN: pto-translate --import-pypto %s --mlir-print-debuginfo | pto-translate --export-pypto --prefix ir | FileCheck %s --check-prefix=PY
# RUN: %pypto-roundtrip %s

# pypto.program: my_program
import pypto.language as pl

# CHECK: module @my_program
# CHECK-LABEL: func.func @loop_sum(%arg0: i64) -> i64
# CHECK: scf.for %{{.*}} = %{{.*}} to %arg0 step %{{.*}} iter_args(%{{.*}} = %{{.*}}) -> (i64)
# CHECK: pypto.add
# CHECK: {pypto.arg_names = ["i", "sum"]}
# PY: # pypto.program: my_program
# PY-NEXT: import pypto.language as ir
# PY-LABEL: def loop_sum(n: ir.INT64) -> ir.INT64:
# PY-NEXT: sum_init: ir.INT64 = 0
# PY-NEXT: for i, (sum,) in ir.range(0, n, 1, init_values=[sum_init]):
# PY-NEXT: sum = ir.yield_(sum + i)
# PY-NEXT: return sum
def loop_sum(n: pl.INT64) -> pl.INT64:
    sum_init: pl.INT64 = 0
    for i, (sum,) in pl.range(0, n, 1, init_values=[sum_init]):
        sum = pl.yield_(sum + i)
    return sum

# CHECK-LABEL: func.func @kernel
# CHECK-SAME: attributes {pypto.function_type = #pypto.function_type<InCore>}
# CHECK: pypto.tensor.sub %arg0, %arg1 : (!pypto.tensor<[64, 128], f32>, !pypto.tensor<[64, 1], f32>) -> !pypto.tensor<[64, 128], f32>
# CHECK: pypto.tensor.mul_scalar
# CHECK: scf.if
# PY: @ir.function(type=ir.FunctionType.InCore)
# PY-NEXT: def kernel(a: ir.Tensor{{\[\[}}64, 128], ir.FP32], b: ir.Tensor{{\[\[}}64, 1], ir.FP32], s: ir.FP32) -> ir.Tensor{{\[\[}}64, 128], ir.FP32]:
# PY-NEXT: c: ir.Tensor{{\[\[}}64, 128], ir.FP32] = ir.tensor.sub(a, b)
# PY-NEXT: d: ir.Tensor{{\[\[}}64, 128], ir.FP32] = ir.tensor.mul_scalar(c, 2.0)
# PY-NEXT: e: ir.Tensor{{\[\[}}64, 128], ir.FP32] = ir.tensor.exp(ir.tensor.add(d, ir.tensor.mul_scalar(c, s)))
# PY: if s > 0.5:
# PY-NEXT: r = ir.yield_(ir.tensor.sub(e, m))
# PY-NEXT: else:
# PY-NEXT: r = ir.yield_(e)
@pl.function(type=pl.FunctionType.InCore)
def kernel(a: pl.Tensor[[64, 128], pl.FP32], b: pl.Tensor[[64, 1], pl.FP32], s: pl.FP32) -> pl.Tensor[[64, 128], pl.FP32]:
    c: pl.Tensor[[64, 128], pl.FP32] = pl.op.tensor.sub(a, b)
    d = pl.tensor.mul(c, 2.0)
    e = pl.tensor.exp(d + c * s)
    m = pl.tensor.row_max(e)
    if s > 0.5:
        r = pl.yield_(pl.tensor.sub(e, m))
    else:
        r = pl.yield_(e)
    return r

# CHECK-LABEL: func.func @main
# CHECK: pypto.floordiv
# CHECK: pypto.floormod
# CHECK: pypto.cast %{{.*}} : i32 to i64
# CHECK: call @loop_sum
# PY: def main(x: ir.INT32, y: ir.INT32) -> tuple[ir.INT32, ir.BOOL]:
# PY-NEXT: z: ir.INT32 = x * 2 + abs(y) // 3 - min(x, y) % 4
# PY-NEXT: w: ir.INT64 = ir.cast(z, ir.INT64)
# PY-NEXT: k: ir.INT64 = loop_sum(w)
# PY-NEXT: t: ir.BOOL = not x < y and k >= 10
# PY-NEXT: return z, t
@pl.function(type=pl.FunctionType.Orchestration)
def main(x: pl.INT32, y: pl.INT32) -> tuple[pl.INT32, pl.BOOL]:
    z = x * 2 + abs(y) // 3 - min(x, y) % 4
    w = pl.cast(z, pl.INT64)
    k = loop_sum(w)
    t = not (x < y) and k >= 10
    return z, t
