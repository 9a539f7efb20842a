// The numpy data of the end-to-end kernels is made by scripts/gen_kernel_data.py (and
// that of the PyPTO examples by scripts/gen_pypto_data.py): the test suite runs both
// generators into a fresh directory, runs the matmul, softmax and reduction kernels
// interpreted and compiled against what numpy just computed, and requires the committed
// files to be exactly what the generators make (rerun them after changing a kernel).
// RUN: rm -rf %t && mkdir -p %t/run %t/pypto
// RUN: %python %S/../../scripts/gen_kernel_data.py %t/run
// RUN: %python %S/../../scripts/gen_pypto_data.py %t/pypto
// RUN: pto-run --interpret %S/matmul.mlir -e matmul --arg %t/run/matmul_a.npy --arg %t/run/matmul_b.npy --arg %t/run/matmul_c0.npy --expect-arg 2=%t/run/matmul_ref.npy --rtol 1e-5 --atol 1e-5
// RUN: pto-run %S/matmul.mlir -e matmul --arg %t/run/matmul_a.npy --arg %t/run/matmul_b.npy --arg %t/run/matmul_c0.npy --expect-arg 2=%t/run/matmul_ref.npy --rtol 1e-5 --atol 1e-5
// RUN: pto-run --interpret %S/softmax.mlir -e softmax --arg %t/run/softmax_x.npy --arg %t/run/softmax_y0.npy --expect-arg 1=%t/run/softmax_ref.npy --rtol 1e-5 --atol 1e-6
// RUN: pto-run %S/softmax.mlir -e softmax --arg %t/run/softmax_x.npy --arg %t/run/softmax_y0.npy --expect-arg 1=%t/run/softmax_ref.npy --rtol 1e-5 --atol 1e-6
// RUN: pto-run --interpret %S/reduce.mlir -e sum --arg %t/run/reduce_x.npy --expect 0=%t/run/reduce_ref.npy --rtol 1e-12 --atol 0
// RUN: pto-run %S/reduce.mlir -e sum --arg %t/run/reduce_x.npy --expect 0=%t/run/reduce_ref.npy --rtol 1e-12 --atol 0
// RUN: pto-run %S/../../examples/pypto/softmax.py -e softmax --arg %t/pypto/softmax_x.npy --expect 0=%t/pypto/softmax_ref.npy --rtol 1e-5 --atol 1e-7
// RUN: %python %S/../Inputs/same-npy.py %t/run %S/Inputs | FileCheck %s --check-prefix=RUNDATA
// RUN: %python %S/../Inputs/same-npy.py %t/pypto %S/../../examples/pypto/data | FileCheck %s --check-prefix=PYPTODATA
// RUNDATA: same-npy: {{[0-9]+}} files identical
// PYPTODATA: same-npy: {{[0-9]+}} files identical
