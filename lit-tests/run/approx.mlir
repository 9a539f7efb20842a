// The polynomial approximations of math-polynomial-approximation, run: exp, tanh, log
// and erf over memrefs of f32 (values over each function's range, edge values at the
// front; scripts/gen_kernel_data.py) interpreted and compiled, against numpy's float64
// results rounded to f32. Tolerances are relative to those references, from the
// measured largest errors (exp 1.2e-7, tanh 2.4e-7, log 1.2e-7, erf 1.8e-7: 1-4 f32
// ulps): exp and log rtol 2e-7, tanh and erf rtol 3e-7, atol 0. The approximated code
// is arith and math.fma/floor/absf only, exactly rounded, so the compiled results must
// equal the interpreted ones bit for bit (rtol 0, atol 0).
// RUN: pto-opt %s --math-polynomial-approximation > %t.mlir
// RUN: FileCheck %s < %t.mlir
// RUN: pto-run --interpret %t.mlir -e exp --arg %S/Inputs/approx_exp_x.npy --arg %S/Inputs/approx_y0.npy --expect-arg 1=%S/Inputs/approx_exp_ref.npy --rtol 2e-7 --atol 0 --save-arg 1=%t.exp.npy
// RUN: pto-run %t.mlir -e exp --arg %S/Inputs/approx_exp_x.npy --arg %S/Inputs/approx_y0.npy --expect-arg 1=%S/Inputs/approx_exp_ref.npy --rtol 2e-7 --atol 0
// RUN: pto-run %t.mlir -e exp --arg %S/Inputs/approx_exp_x.npy --arg %S/Inputs/approx_y0.npy --expect-arg 1=%t.exp.npy --rtol 0 --atol 0
// RUN: pto-run --interpret %t.mlir -e tanh --arg %S/Inputs/approx_tanh_x.npy --arg %S/Inputs/approx_y0.npy --expect-arg 1=%S/Inputs/approx_tanh_ref.npy --rtol 3e-7 --atol 0 --save-arg 1=%t.tanh.npy
// RUN: pto-run %t.mlir -e tanh --arg %S/Inputs/approx_tanh_x.npy --arg %S/Inputs/approx_y0.npy --expect-arg 1=%S/Inputs/approx_tanh_ref.npy --rtol 3e-7 --atol 0
// RUN: pto-run -O0 %t.mlir -e tanh --arg %S/Inputs/approx_tanh_x.npy --arg %S/Inputs/approx_y0.npy --expect-arg 1=%t.tanh.npy --rtol 0 --atol 0
// RUN: pto-run --interpret %t.mlir -e log --arg %S/Inputs/approx_log_x.npy --arg %S/Inputs/approx_y0.npy --expect-arg 1=%S/Inputs/approx_log_ref.npy --rtol 2e-7 --atol 0 --save-arg 1=%t.log.npy
// RUN: pto-run %t.mlir -e log --arg %S/Inputs/approx_log_x.npy --arg %S/Inputs/approx_y0.npy --expect-arg 1=%S/Inputs/approx_log_ref.npy --rtol 2e-7 --atol 0
// RUN: pto-run %t.mlir -e log --arg %S/Inputs/approx_log_x.npy --arg %S/Inputs/approx_y0.npy --expect-arg 1=%t.log.npy --rtol 0 --atol 0
// RUN: pto-run --interpret %t.mlir -e erf --arg %S/Inputs/approx_erf_x.npy --arg %S/Inputs/approx_y0.npy --expect-arg 1=%S/Inputs/approx_erf_ref.npy --rtol 3e-7 --atol 0 --save-arg 1=%t.erf.npy
// RUN: pto-run %t.mlir -e erf --arg %S/Inputs/approx_erf_x.npy --arg %S/Inputs/approx_y0.npy --expect-arg 1=%S/Inputs/approx_erf_ref.npy --rtol 3e-7 --atol 0
// RUN: pto-run %t.mlir -e erf --arg %S/Inputs/approx_erf_x.npy --arg %S/Inputs/approx_y0.npy --expect-arg 1=%t.erf.npy --rtol 0 --atol 0
// The tolerances are tight enough to see a wrong coefficient: the unapproximated
// kernel (libm's exp) is within them, one with ln 2's high part off by 2 ulps is not.
// RUN: pto-run %s -e exp --arg %S/Inputs/approx_exp_x.npy --arg %S/Inputs/approx_y0.npy --expect-arg 1=%S/Inputs/approx_exp_ref.npy --rtol 2e-7 --atol 0
// RUN: sed 's/-0.693359375/-0.6933595/' %t.mlir | not pto-run - -e exp --arg %S/Inputs/approx_exp_x.npy --arg %S/Inputs/approx_y0.npy --expect-arg 1=%S/Inputs/approx_exp_ref.npy --rtol 2e-7 --atol 0 2>&1 | FileCheck %s --check-prefix=PERTURBED

// CHECK-NOT:   math.exp
// CHECK-NOT:   math.tanh
// CHECK-NOT:   math.log
// CHECK-NOT:   math.erf
// CHECK:       math.fma
// PERTURBED:   argument 1 differs from

func.func @exp(%x: memref<256xf32>, %y: memref<256xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 256 : index
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %x[%i] : memref<256xf32>
    %r = math.exp %v : f32
    memref.store %r, %y[%i] : memref<256xf32>
  }
  return
}

func.func @tanh(%x: memref<256xf32>, %y: memref<256xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 256 : index
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %x[%i] : memref<256xf32>
    %r = math.tanh %v : f32
    memref.store %r, %y[%i] : memref<256xf32>
  }
  return
}

func.func @log(%x: memref<256xf32>, %y: memref<256xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 256 : index
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %x[%i] : memref<256xf32>
    %r = math.log %v : f32
    memref.store %r, %y[%i] : memref<256xf32>
  }
  return
}

func.func @erf(%x: memref<256xf32>, %y: memref<256xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 256 : index
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %x[%i] : memref<256xf32>
    %r = math.erf %v : f32
    memref.store %r, %y[%i] : memref<256xf32>
  }
  return
}
