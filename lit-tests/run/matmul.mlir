// A matmul in destination-passing style (C += A * B) in scf/arith/memref, run by the
// reference interpreter and checked against numpy's result (f32, rtol 1e-5).
// Data: scripts/gen_kernel_data.py.
// RUN: pto-run --interpret %s -e matmul --arg %S/Inputs/matmul_a.npy --arg %S/Inputs/matmul_b.npy --arg %S/Inputs/matmul_c0.npy --expect-arg 2=%S/Inputs/matmul_ref.npy --rtol 1e-5 --atol 1e-5
// RUN: pto-run --interpret %s -e matmul --arg %S/Inputs/matmul_a.npy --arg %S/Inputs/matmul_b.npy --arg %S/Inputs/matmul_c0.npy --save-arg 2=%t.npy
// RUN: pto-run --interpret %s -e copy --arg %t.npy --expect 0=%S/Inputs/matmul_ref.npy
// Compiled from this file (lowered by lower-to-llvm, JIT at -O2 and -O0): the same.
// RUN: pto-run %s -e matmul --arg %S/Inputs/matmul_a.npy --arg %S/Inputs/matmul_b.npy --arg %S/Inputs/matmul_c0.npy --expect-arg 2=%S/Inputs/matmul_ref.npy --rtol 1e-5 --atol 1e-5
// RUN: pto-run -O0 %s -e matmul --arg %S/Inputs/matmul_a.npy --arg %S/Inputs/matmul_b.npy --arg %S/Inputs/matmul_c0.npy --expect-arg 2=%t.npy --rtol 1e-6 --atol 1e-6
// RUN: pto-run %s -e copy --arg %t.npy --expect 0=%S/Inputs/matmul_ref.npy
// A wrong reference fails.
// RUN: not pto-run --interpret %s -e matmul --arg %S/Inputs/matmul_a.npy --arg %S/Inputs/matmul_b.npy --arg %S/Inputs/matmul_c0.npy --expect-arg 2=%S/Inputs/matmul_c0.npy 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: error: argument 2 differs from {{.*}}matmul_c0.npy

func.func @matmul(%a: memref<8x16xf32>, %b: memref<16x4xf32>, %c: memref<8x4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = arith.constant 8 : index
  %n = arith.constant 4 : index
  %k = arith.constant 16 : index
  scf.for %i = %c0 to %m step %c1 {
    scf.for %j = %c0 to %n step %c1 {
      %init = memref.load %c[%i, %j] : memref<8x4xf32>
      %sum = scf.for %p = %c0 to %k step %c1 iter_args(%acc = %init) -> (f32) {
        %x = memref.load %a[%i, %p] : memref<8x16xf32>
        %y = memref.load %b[%p, %j] : memref<16x4xf32>
        %xy = arith.mulf %x, %y : f32
        %s = arith.addf %acc, %xy : f32
        scf.yield %s : f32
      }
      memref.store %sum, %c[%i, %j] : memref<8x4xf32>
    }
  }
  return
}

func.func @copy(%x: memref<8x4xf32>) -> memref<8x4xf32> {
  %y = memref.alloc() : memref<8x4xf32>
  memref.copy %x, %y : memref<8x4xf32> to memref<8x4xf32>
  return %y : memref<8x4xf32>
}
