// A sum reduction returning a scalar (scf.while over a memref<?xf64> with a dynamic
// size), interpreted and compiled, checked against numpy (f64, rtol 1e-12); integer
// and error cases print or fail as expected.
// RUN: pto-run --interpret %s -e sum --arg %S/Inputs/reduce_x.npy --expect 0=%S/Inputs/reduce_ref.npy --rtol 1e-12 --atol 0
// RUN: pto-run --interpret %s -e isum --arg 10 | FileCheck %s --check-prefix=ISUM
// RUN: not pto-run --interpret %s -e oob --arg %S/Inputs/reduce_x.npy 2>&1 | FileCheck %s --check-prefix=OOB
// RUN: pto-run %s -e sum --arg %S/Inputs/reduce_x.npy --expect 0=%S/Inputs/reduce_ref.npy --rtol 1e-12 --atol 0
// RUN: pto-run %s -e isum --arg 10 | FileCheck %s --check-prefix=ISUM
// RUN: not pto-run --interpret %s -e isum 2>&1 | FileCheck %s --check-prefix=ARGS
// RUN: not pto-run --interpret %s -e sum --arg %s 2>&1 | FileCheck %s --check-prefix=NPY
// RUN: not pto-run --interpret %s -e sum --arg %S/Inputs/matmul_a.npy 2>&1 | FileCheck %s --check-prefix=ELEM
// ISUM: 45
// OOB: reduce.mlir:[[# @LINE + 25]]:8: error: index 1000 out of bounds for dimension 0 of size 100
// ARGS: pto-run: error: '@isum' takes 1 arguments, 0 given
// NPY: pto-run: error: argument 0: {{.*}}reduce.mlir: not a .npy file (bad magic)
// ELEM: pto-run: error: argument 0: {{.*}}matmul_a.npy holds float32 elements, memref<?xf64> expected (float64)

func.func @sum(%x: memref<?xf64>) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f64
  %n = memref.dim %x, %c0 : memref<?xf64>
  %r:2 = scf.while (%i = %c0, %acc = %zero) : (index, f64) -> (index, f64) {
    %more = arith.cmpi slt, %i, %n : index
    scf.condition(%more) %i, %acc : index, f64
  } do {
  ^bb0(%j: index, %a: f64):
    %v = memref.load %x[%j] : memref<?xf64>
    %s = arith.addf %a, %v : f64
    %k = arith.addi %j, %c1 : index
    scf.yield %k, %s : index, f64
  }
  return %r#1 : f64
}

func.func @oob(%x: memref<?xf64>) -> f64 {
  %c = arith.constant 1000 : index
  %v = memref.load %x[%c] : memref<?xf64>
  return %v : f64
}

func.func @isum(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %c0) -> (i32) : i32 {
    %s = arith.addi %a, %i : i32
    scf.yield %s : i32
  }
  return %r : i32
}
