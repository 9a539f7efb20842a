// pypto-basic-memory-reuse: PyPTO's BasicMemoryReuse after pypto-init-memref.
// RUN: pto-opt %s --pypto-init-memref --pypto-basic-memory-reuse -split-input-file | FileCheck %s

// Reference case 3: a and d share a MemRef, b and e share one; c keeps its own
// (c's lifetime ends where d's begins: no in-place reuse).
// CHECK-LABEL: func.func @case3
// CHECK: pypto.block.load {{.*}} -> !pypto.tile<[64, 64], f32, memref = <UB, 0, 16384, 3>>
// CHECK: pypto.block.load {{.*}} -> !pypto.tile<[64, 64], f32, memref = <UB, 0, 16384, 4>>
// CHECK: pypto.block.add {{.*}} -> !pypto.tile<[64, 64], f32, memref = <UB, 0, 16384, 5>>
// CHECK: pypto.block.mul {{.*}} -> !pypto.tile<[64, 64], f32, memref = <UB, 0, 16384, 3>>
// CHECK: pypto.block.add {{.*}} -> !pypto.tile<[64, 64], f32, memref = <UB, 0, 16384, 4>>
func.func @case3(%A: !pypto.tensor<[64, 64], f32>, %B: !pypto.tensor<[64, 64], f32>, %out: !pypto.tensor<[64, 64], f32>) -> !pypto.tensor<[64, 64], f32> attributes {pypto.function_type = #pypto.function_type<InCore>} {
  %c0 = pypto.const 0 : i64
  %c64 = pypto.const 64 : i64
  %a = pypto.block.load %A, %c0, %c0, %c64, %c64 : (!pypto.tensor<[64, 64], f32>, i64, i64, i64, i64) -> !pypto.tile<[64, 64], f32>
  %b = pypto.block.load %B, %c0, %c0, %c64, %c64 : (!pypto.tensor<[64, 64], f32>, i64, i64, i64, i64) -> !pypto.tile<[64, 64], f32>
  %c = pypto.block.add %a, %b : (!pypto.tile<[64, 64], f32>, !pypto.tile<[64, 64], f32>) -> !pypto.tile<[64, 64], f32>
  %d = pypto.block.mul %c, %c : (!pypto.tile<[64, 64], f32>, !pypto.tile<[64, 64], f32>) -> !pypto.tile<[64, 64], f32>
  %e = pypto.block.add %d, %d : (!pypto.tile<[64, 64], f32>, !pypto.tile<[64, 64], f32>) -> !pypto.tile<[64, 64], f32>
  %r = pypto.block.store %e, %c0, %c0, %c64, %c64, %out : (!pypto.tile<[64, 64], f32>, i64, i64, i64, i64, !pypto.tensor<[64, 64], f32>) -> !pypto.tensor<[64, 64], f32>
  return %r : !pypto.tensor<[64, 64], f32>
}

// -----

// A tile defined before a loop and used inside it lives through the whole loop (z
// after the loop may take a's MemRef, nothing inside it may); the loop-carried buffer
// (i0, acc, w, r) lives across the loop; t, defined in the body, is dead after it.
// CHECK-LABEL: func.func @loop
// CHECK-SAME: -> !pypto.tile<[64, 64], f32, memref = <UB, 0, 16384, 3>>
// CHECK: %[[A:.*]] = pypto.block.load {{.*}} -> !pypto.tile<[64, 64], f32, memref = <UB, 0, 16384, 1>>
// CHECK: pypto.block.load {{.*}} -> !pypto.tile<[64, 64], f32, memref = <UB, 0, 16384, 2>>
// CHECK: scf.for {{.*}} -> (!pypto.tile<[64, 64], f32, memref = <UB, 0, 16384, 2>>)
// CHECK: pypto.block.load {{.*}} -> !pypto.tile<[64, 64], f32, memref = <UB, 0, 16384, 3>>
// CHECK: pypto.block.add {{.*}} -> !pypto.tile<[64, 64], f32, memref = <UB, 0, 16384, 4>>
// CHECK: pypto.block.add {{.*}}, %[[A]] : {{.*}} -> !pypto.tile<[64, 64], f32, memref = <UB, 0, 16384, 2>>
// CHECK: scf.yield
// CHECK: pypto.block.load {{.*}} -> !pypto.tile<[64, 64], f32, memref = <UB, 0, 16384, 1>>
// CHECK: pypto.block.add {{.*}} -> !pypto.tile<[64, 64], f32, memref = <UB, 0, 16384, 3>>
func.func @loop(%X: !pypto.tensor<[64, 64], f32>, %n: index) -> !pypto.tile<[64, 64], f32> attributes {pypto.function_type = #pypto.function_type<InCore>} {
  %c0 = pypto.const 0 : i64
  %c64 = pypto.const 64 : i64
  %lb = arith.constant 0 : index
  %st = arith.constant 1 : index
  %a = pypto.block.load %X, %c0, %c0, %c64, %c64 : (!pypto.tensor<[64, 64], f32>, i64, i64, i64, i64) -> !pypto.tile<[64, 64], f32>
  %i0 = pypto.block.load %X, %c0, %c0, %c64, %c64 : (!pypto.tensor<[64, 64], f32>, i64, i64, i64, i64) -> !pypto.tile<[64, 64], f32>
  %r = scf.for %i = %lb to %n step %st iter_args(%acc = %i0) -> (!pypto.tile<[64, 64], f32>) {
    %t = pypto.block.load %X, %c0, %c0, %c64, %c64 : (!pypto.tensor<[64, 64], f32>, i64, i64, i64, i64) -> !pypto.tile<[64, 64], f32>
    %s = pypto.block.add %acc, %t : (!pypto.tile<[64, 64], f32>, !pypto.tile<[64, 64], f32>) -> !pypto.tile<[64, 64], f32>
    %w = pypto.block.add %s, %a : (!pypto.tile<[64, 64], f32>, !pypto.tile<[64, 64], f32>) -> !pypto.tile<[64, 64], f32>
    scf.yield %w : !pypto.tile<[64, 64], f32>
  }
  %z = pypto.block.load %X, %c0, %c0, %c64, %c64 : (!pypto.tensor<[64, 64], f32>, i64, i64, i64, i64) -> !pypto.tile<[64, 64], f32>
  %q = pypto.block.add %r, %z : (!pypto.tile<[64, 64], f32>, !pypto.tile<[64, 64], f32>) -> !pypto.tile<[64, 64], f32>
  return %q : !pypto.tile<[64, 64], f32>
}

// -----

// A smaller buffer may reuse a larger one (s takes big's MemRef with its size), a
// larger one never a smaller (big2 gets a new one although only small is dead); other
// memory spaces are never shared (l1 in L1).
// CHECK-LABEL: func.func @sizes
// CHECK: pypto.block.load {{.*}} -> !pypto.tile<[64, 64], f32, memref = <UB, 0, 16384, 2>>
// CHECK: pypto.block.exp {{.*}} -> !pypto.tile<[64, 64], f32, memref = <UB, 0, 16384, 3>>
// CHECK: pypto.block.load {{.*}} -> !pypto.tile<[32, 32], f32, memref = <UB, 0, 16384, 2>>
// CHECK: pypto.block.exp {{.*}} -> !pypto.tile<[32, 32], f32, memref = <UB, 0, 4096, 5>>
// CHECK: pypto.block.load {{.*}} -> !pypto.tile<[32, 32], f32, memref = <L1, 0, 4096, 6>>
// CHECK: pypto.block.load {{.*}} -> !pypto.tile<[64, 64], f32, memref = <UB, 0, 16384, 7>>
// CHECK: pypto.block.add {{.*}} -> !pypto.tile<[64, 64], f32, memref = <UB, 0, 16384, 8>>
func.func @sizes(%X: !pypto.tensor<[64, 64], f32>, %out: !pypto.tensor<[64, 64], f32>) -> !pypto.tensor<[64, 64], f32> attributes {pypto.function_type = #pypto.function_type<InCore>} {
  %c0 = pypto.const 0 : i64
  %c32 = pypto.const 32 : i64
  %c64 = pypto.const 64 : i64
  %big = pypto.block.load %X, %c0, %c0, %c64, %c64 : (!pypto.tensor<[64, 64], f32>, i64, i64, i64, i64) -> !pypto.tile<[64, 64], f32>
  %e = pypto.block.exp %big : (!pypto.tile<[64, 64], f32>) -> !pypto.tile<[64, 64], f32>
  %s = pypto.block.load %X, %c0, %c0, %c32, %c32 : (!pypto.tensor<[64, 64], f32>, i64, i64, i64, i64) -> !pypto.tile<[32, 32], f32>
  %small = pypto.block.exp %s : (!pypto.tile<[32, 32], f32>) -> !pypto.tile<[32, 32], f32>
  %l1 = pypto.block.load %X, %c0, %c0, %c32, %c32 {target_memory = 2} : (!pypto.tensor<[64, 64], f32>, i64, i64, i64, i64) -> !pypto.tile<[32, 32], f32>
  %o1 = pypto.block.store %small, %c0, %c0, %c32, %c32, %out : (!pypto.tile<[32, 32], f32>, i64, i64, i64, i64, !pypto.tensor<[64, 64], f32>) -> !pypto.tensor<[64, 64], f32>
  %big2 = pypto.block.load %X, %c0, %c0, %c64, %c64 : (!pypto.tensor<[64, 64], f32>, i64, i64, i64, i64) -> !pypto.tile<[64, 64], f32>
  %sum = pypto.block.add %big2, %e : (!pypto.tile<[64, 64], f32>, !pypto.tile<[64, 64], f32>) -> !pypto.tile<[64, 64], f32>
  %o2 = pypto.block.store %sum, %c0, %c0, %c64, %c64, %o1 : (!pypto.tile<[64, 64], f32>, i64, i64, i64, i64, !pypto.tensor<[64, 64], f32>) -> !pypto.tensor<[64, 64], f32>
  %o3 = pypto.block.store %s, %c0, %c0, %c32, %c32, %o2 : (!pypto.tile<[32, 32], f32>, i64, i64, i64, i64, !pypto.tensor<[64, 64], f32>) -> !pypto.tensor<[64, 64], f32>
  return %o3 : !pypto.tensor<[64, 64], f32>
}
