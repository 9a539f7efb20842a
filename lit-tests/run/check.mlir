// --check: before the lowering to llvm, generate-runtime-verification (with its
// check-divisions extension) puts a check before every memory access and integer
// division. A failed check prints MLIR's message (the op, what is wrong, its location)
// and stops with exit status 1, compiled as interpreted; without a failure the results
// are unchanged.
// RUN: not pto-run %s -e load --arg %S/Inputs/check-4.npy --arg 4 --check 2>&1 | FileCheck %s --check-prefix=OOB
// RUN: not pto-run %s -e load --arg %S/Inputs/check-4.npy --arg -1 --check 2>&1 | FileCheck %s --check-prefix=OOB
// RUN: not pto-run %s -e load --arg %S/Inputs/check-4.npy --arg 4 --check --interpret 2>&1 | FileCheck %s --check-prefix=OOB
// OOB: ERROR: Runtime op verification failed
// OOB-NEXT: %0 = memref.load %arg0[%arg1] : memref<?xf32>
// OOB-NEXT: ^ out-of-bounds access
// OOB-NEXT: Location: loc("{{.*}}check.mlir":[[# @LINE + 19]]:8)
// RUN: pto-run %s -e load --arg %S/Inputs/check-4.npy --arg 3 --check | FileCheck %s --check-prefix=IN
// IN: 4.0
// RUN: not pto-run %s -e div --arg 7 --arg 0 --check 2>&1 | FileCheck %s --check-prefix=ZERO
// ZERO: ^ division by zero
// ZERO-NEXT: Location: loc("{{.*}}check.mlir":[[# @LINE + 19]]:8)
// ZERO: pto-run: error: compiled code of '@div' was stopped by SIGABRT
// ZERO-NOT: SIGFPE
// RUN: not pto-run %s -e div --arg -2147483648 --arg -1 --check 2>&1 | FileCheck %s --check-prefix=OVERFLOW
// OVERFLOW: ^ signed division overflow
// RUN: pto-run %s -e div --arg 7 --arg 2 --check | FileCheck %s --check-prefix=DIV
// DIV: 3
// A store through a vector past the end is caught too.
// RUN: not pto-run %s -e vstore --arg %S/Inputs/check-4.npy --arg 1 --check 2>&1 | FileCheck %s --check-prefix=VEC
// RUN: pto-run %s -e vstore --arg %S/Inputs/check-4.npy --arg 0 --check --save-arg 0=%t.npy
// VEC: ^ out-of-bounds access
// VEC-NEXT: Location: loc("{{.*}}check.mlir":[[# @LINE + 14]]:3)

func.func @load(%m: memref<?xf32>, %i: index) -> f32 {
  %v = memref.load %m[%i] : memref<?xf32>
  return %v : f32
}

func.func @div(%a: i32, %b: i32) -> i32 {
  %q = arith.divsi %a, %b : i32
  return %q : i32
}

func.func @vstore(%m: memref<?xf32>, %i: index) {
  %v = arith.constant dense<2.0> : vector<4xf32>
  vector.store %v, %m[%i] : memref<?xf32>, vector<4xf32>
  return
}
