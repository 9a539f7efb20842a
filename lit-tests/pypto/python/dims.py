# Symbolic dimensions: an INT64 parameter named like a dimension of the signature is
# that size (`pypto.dim`), which the lowerings read it from; the binding survives
# printing without locations (other names need --mlir-print-debuginfo), and exporting
# names the parameter after its dimension.
# RUN: pto-translate --import-pypto %s | FileCheck %s
# RUN: pto-translate --import-pypto %s | pto-translate --export-pypto | FileCheck %s --check-prefix=PY
# RUN: pto-translate --import-pypto %s | pto-translate --export-pypto | pto-translate --import-pypto - | FileCheck %s
# RUN: %pypto-roundtrip %s
# The lowering appends a parameter for a dimension nothing binds (`m` here).
# RUN: pto-translate --import-pypto %s | pto-opt --pypto-materialize-dims | FileCheck %s --check-prefix=MAT

# CHECK-LABEL: func.func @scale(
# CHECK-SAME: %{{.*}}: !pypto.tensor<[n, 64], f32>, %{{.*}}: f32, %{{.*}}: i64 {pypto.dim = "n"}) -> !pypto.tensor<[n, 64], f32>
# CHECK-LABEL: func.func @pair(
# CHECK-SAME: %{{.*}}: !pypto.tensor<[m, 64], f32>, %{{.*}}: i64) -> !pypto.tensor<[m, 64], f32>

# PY: def scale({{.*}}: pl.Tensor{{\[}}[n, 64], pl.FP32], {{.*}}: pl.FP32, n: pl.INT64) -> pl.Tensor{{\[}}[n, 64], pl.FP32]:
# PY: def pair({{.*}}: pl.Tensor{{\[}}[m, 64], pl.FP32], {{.*}}: pl.INT64) -> pl.Tensor{{\[}}[m, 64], pl.FP32]:

# MAT-LABEL: func.func @pair(
# MAT-SAME: %{{.*}}: !pypto.tensor<[m, 64], f32>, %{{.*}}: i64, %{{.*}}: i64 {pypto.dim = "m"}) -> !pypto.tensor<[m, 64], f32>

# pypto.program: dims
import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore)
def scale(x: pl.Tensor[[n, 64], pl.FP32], s: pl.FP32, n: pl.INT64) -> pl.Tensor[[n, 64], pl.FP32]:
    y = pl.tensor.mul(x, s)
    return y

@pl.function(type=pl.FunctionType.InCore)
def pair(x: pl.Tensor[[m, 64], pl.FP32], k: pl.INT64) -> pl.Tensor[[m, 64], pl.FP32]:
    y = pl.tensor.add(x, x)
    return y
