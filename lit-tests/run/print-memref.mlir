// Compiled code calling MLIR's runner utilities (printMemrefF32/F64/I64) prints what
// mlir-runner with libmlir_runner_utils prints (but the buffer addresses).
// RUN: pto-run %S/../translate/Inputs/print.mlir -e main | FileCheck %s
// RUN: pto-run %S/../translate/Inputs/print.mlir -e main | sed 's/base@ = 0x[0-9a-f]*/base@ = ADDR/' > %t.pto
// RUN: mlir-runner %S/../translate/Inputs/print.mlir -e main -entry-point-result=void -shared-libs=/usr/lib/llvm-22/lib/libmlir_runner_utils.so,/usr/lib/llvm-22/lib/libmlir_c_runner_utils.so | sed 's/base@ = 0x[0-9a-f]*/base@ = ADDR/' > %t.ref
// RUN: diff %t.ref %t.pto

// CHECK: Unranked Memref base@ = 0x{{[0-9a-f]+}} rank = 2 offset = 0 sizes = [2, 3] strides = [3, 1] data =
// CHECK-NEXT: {{\[}}[0.333333,   0.333333,   0.333333],
// CHECK-NEXT:  [0.333333,   1.33333,   2.33333]]
// CHECK: rank = 1 offset = 0 sizes = [4] strides = [1] data =
// CHECK-NEXT: [-42,  -42,  -42,  -42]
// CHECK: {{\[}}[2.5e-07]]
// CHECK: rank = 3 offset = 0 sizes = [2, 1, 2] strides = [2, 2, 1] data =
// CHECK-NEXT: {{\[}}{{\[}}[1.23457e+06,    1.23457e+06]],
// CHECK-NEXT:  {{\[}}[1.23457e+06,    1.23457e+06]]]
