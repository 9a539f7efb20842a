// Compiled execution (the default of pto-run): the kernels of this directory lowered to
// the llvm dialect by mlir-opt (lit-tests/translate/Inputs, see their headers) are
// JIT-compiled and called with the original signatures (--signature, since the lowered
// functions take memref descriptors as scalars), checked against numpy's results with
// the interpreted runs' tolerances (matmul/softmax f32: rtol 1e-5; sum f64: rtol 1e-12)
// and against the interpreter on the original functions.
// RUN: pto-run %S/../translate/Inputs/matmul.mlir -e matmul --signature '(memref<8x16xf32>, memref<16x4xf32>, memref<8x4xf32>) -> ()' --arg %S/Inputs/matmul_a.npy --arg %S/Inputs/matmul_b.npy --arg %S/Inputs/matmul_c0.npy --expect-arg 2=%S/Inputs/matmul_ref.npy --rtol 1e-5 --atol 1e-5
// RUN: pto-run -O0 %S/../translate/Inputs/matmul.mlir -e matmul --signature '(memref<8x16xf32>, memref<16x4xf32>, memref<8x4xf32>) -> ()' --arg %S/Inputs/matmul_a.npy --arg %S/Inputs/matmul_b.npy --arg %S/Inputs/matmul_c0.npy --expect-arg 2=%S/Inputs/matmul_ref.npy --rtol 1e-5 --atol 1e-5
// RUN: pto-run --interpret %S/matmul.mlir -e matmul --arg %S/Inputs/matmul_a.npy --arg %S/Inputs/matmul_b.npy --arg %S/Inputs/matmul_c0.npy --save-arg 2=%t.matmul.npy
// RUN: pto-run -O3 %S/../translate/Inputs/matmul.mlir -e matmul --signature '(memref<8x16xf32>, memref<16x4xf32>, memref<8x4xf32>) -> ()' --arg %S/Inputs/matmul_a.npy --arg %S/Inputs/matmul_b.npy --arg %S/Inputs/matmul_c0.npy --expect-arg 2=%t.matmul.npy --rtol 1e-6 --atol 1e-6
// A memref result (malloc'ed by the compiled code) comes back as an array.
// RUN: pto-run %S/../translate/Inputs/matmul.mlir -e copy --signature '(memref<8x4xf32>) -> memref<8x4xf32>' --arg %S/Inputs/matmul_ref.npy --expect 0=%S/Inputs/matmul_ref.npy --rtol 0 --atol 0
// RUN: pto-run %S/../translate/Inputs/softmax.mlir -e softmax --signature '(memref<4x16xf32>, memref<4x16xf32>) -> ()' --arg %S/Inputs/softmax_x.npy --arg %S/Inputs/softmax_y0.npy --expect-arg 1=%S/Inputs/softmax_ref.npy --rtol 1e-5 --atol 1e-6
// RUN: pto-run --interpret %S/softmax.mlir -e softmax --arg %S/Inputs/softmax_x.npy --arg %S/Inputs/softmax_y0.npy --save-arg 1=%t.softmax.npy
// RUN: pto-run %S/../translate/Inputs/softmax.mlir -e softmax --signature '(memref<4x16xf32>, memref<4x16xf32>) -> ()' --arg %S/Inputs/softmax_x.npy --arg %S/Inputs/softmax_y0.npy --expect-arg 1=%t.softmax.npy --rtol 1e-6 --atol 1e-7
// RUN: pto-run %S/../translate/Inputs/reduce.mlir -e sum --signature '(memref<?xf64>) -> f64' --arg %S/Inputs/reduce_x.npy --expect 0=%S/Inputs/reduce_ref.npy --rtol 1e-12 --atol 0
// RUN: pto-run %S/../translate/Inputs/reduce.mlir -e sum --signature '(memref<?xf64>) -> f64' --arg %S/Inputs/reduce_x.npy > %t.sum.jit
// RUN: pto-run --interpret %S/reduce.mlir -e sum --arg %S/Inputs/reduce_x.npy > %t.sum.interp
// RUN: diff %t.sum.jit %t.sum.interp
// Scalar functions need no signature: the llvm.func's own types are used.
// RUN: pto-run %S/../translate/Inputs/reduce.mlir -e isum --arg 10 | FileCheck %s --check-prefix=ISUM
// RUN: pto-run --time 3 %S/../translate/Inputs/reduce.mlir -e isum --arg 10 2>&1 | FileCheck %s --check-prefix=TIME
// Errors: a pointer parameter cannot come from the command line; a wrong signature is
// caught against the compiled function; a wrong reference fails.
// RUN: not pto-run %S/../translate/Inputs/reduce.mlir -e sum --arg %S/Inputs/reduce_x.npy 2>&1 | FileCheck %s --check-prefix=PTR
// RUN: not pto-run %S/../translate/Inputs/reduce.mlir -e sum --signature '(memref<?x?xf32>) -> f64' --arg %S/Inputs/matmul_a.npy 2>&1 | FileCheck %s --check-prefix=SIG
// RUN: not pto-run %S/../translate/Inputs/reduce.mlir -e sum --signature 'f64' --arg 1 2>&1 | FileCheck %s --check-prefix=NOTFN
// RUN: not pto-run %S/../translate/Inputs/softmax.mlir -e softmax --signature '(memref<4x16xf32>, memref<4x16xf32>) -> ()' --arg %S/Inputs/softmax_x.npy --arg %S/Inputs/softmax_y0.npy --expect-arg 1=%S/Inputs/softmax_x.npy 2>&1 | FileCheck %s --check-prefix=BAD

// ISUM: 45
// TIME: median time of 3 calls:
// PTR: pto-run: error: '@sum' takes a !llvm.ptr parameter, which cannot come from the command line; give its signature before lowering with --signature
// SIG: pto-run: error: the compiled '@sum' does not have the parameters its signature lowers to
// NOTFN: pto-run: error: --signature: 'f64' is not a function type
// BAD: pto-run: error: argument 1 differs from {{.*}}softmax_x.npy
