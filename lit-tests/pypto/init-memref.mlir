// pypto-init-memref: PyPTO's InitMemRef. DDR for the tensors loads and stores use (a
// store's result is its output's MemRef), L1/L0A/L0B from target_memory, L0C for
// matmul results, UB otherwise; ids in definition order, sizes from shape x dtype.
// RUN: pto-opt %s --pypto-init-memref -split-input-file | FileCheck %s

// Reference case 3 before reuse: every tile its own MemRef.
// CHECK-LABEL: func.func @case3
// CHECK-SAME: (%arg0: !pypto.tensor<[64, 64], f32, memref = <DDR, 0, 16384, 0>>, %arg1: !pypto.tensor<[64, 64], f32, memref = <DDR, 0, 16384, 1>>, %arg2: !pypto.tensor<[64, 64], f32, memref = <DDR, 0, 16384, 2>>) -> !pypto.tensor<[64, 64], f32, memref = <DDR, 0, 16384, 2>>
// CHECK: %[[A:.*]] = pypto.block.load {{.*}} -> !pypto.tile<[64, 64], f32, memref = <UB, 0, 16384, 3>>
// CHECK: %[[B:.*]] = pypto.block.load {{.*}} -> !pypto.tile<[64, 64], f32, memref = <UB, 0, 16384, 4>>
// CHECK: pypto.block.add {{.*}} -> !pypto.tile<[64, 64], f32, memref = <UB, 0, 16384, 5>>
// CHECK: pypto.block.mul {{.*}} -> !pypto.tile<[64, 64], f32, memref = <UB, 0, 16384, 6>>
// CHECK: pypto.block.add {{.*}} -> !pypto.tile<[64, 64], f32, memref = <UB, 0, 16384, 7>>
// CHECK: pypto.block.store {{.*}} -> !pypto.tensor<[64, 64], f32, memref = <DDR, 0, 16384, 2>>
// CHECK: return %{{.*}} : !pypto.tensor<[64, 64], f32, memref = <DDR, 0, 16384, 2>>
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

// The cube path: L1 loads, moves to L0A/L0B, matmul results in L0C; f16 takes 2 bytes.
// CHECK-LABEL: func.func @cube
// CHECK: pypto.block.load {{.*}} {target_memory = 2 : i64} {{.*}} -> !pypto.tile<[64, 32], f16, memref = <L1, 0, 4096, 3>>
// CHECK: pypto.block.load {{.*}} -> !pypto.tile<[32, 64], f16, memref = <L1, 0, 4096, 4>>
// CHECK: pypto.block.move {{.*}} -> !pypto.tile<[64, 32], f16, memref = <L0A, 0, 4096, 5>>
// CHECK: pypto.block.move {{.*}} -> !pypto.tile<[32, 64], f16, memref = <L0B, 0, 4096, 6>>
// CHECK: pypto.block.matmul {{.*}} -> !pypto.tile<[64, 64], f32, memref = <L0C, 0, 16384, 7>>
// CHECK: pypto.block.matmul_acc {{.*}} -> !pypto.tile<[64, 64], f32, memref = <L0C, 0, 16384, 8>>
// CHECK: pypto.block.store {{.*}} -> !pypto.tensor<[64, 64], f32, memref = <DDR, 0, 16384, 2>>
func.func @cube(%a: !pypto.tensor<[64, 32], f16>, %b: !pypto.tensor<[32, 64], f16>, %out: !pypto.tensor<[64, 64], f32>) -> !pypto.tensor<[64, 64], f32> attributes {pypto.function_type = #pypto.function_type<InCore>} {
  %c0 = pypto.const 0 : i64
  %c32 = pypto.const 32 : i64
  %c64 = pypto.const 64 : i64
  %ta = pypto.block.load %a, %c0, %c0, %c64, %c32 {target_memory = 2} : (!pypto.tensor<[64, 32], f16>, i64, i64, i64, i64) -> !pypto.tile<[64, 32], f16>
  %tb = pypto.block.load %b, %c0, %c0, %c32, %c64 {target_memory = 2} : (!pypto.tensor<[32, 64], f16>, i64, i64, i64, i64) -> !pypto.tile<[32, 64], f16>
  %la = pypto.block.move %ta {target_memory = 3} : (!pypto.tile<[64, 32], f16>) -> !pypto.tile<[64, 32], f16>
  %lb = pypto.block.move %tb {target_memory = 4} : (!pypto.tile<[32, 64], f16>) -> !pypto.tile<[32, 64], f16>
  %m = pypto.block.matmul %la, %lb : (!pypto.tile<[64, 32], f16>, !pypto.tile<[32, 64], f16>) -> !pypto.tile<[64, 64], f32>
  %m2 = pypto.block.matmul_acc %m, %la, %lb : (!pypto.tile<[64, 64], f32>, !pypto.tile<[64, 32], f16>, !pypto.tile<[32, 64], f16>) -> !pypto.tile<[64, 64], f32>
  %r = pypto.block.store %m2, %c0, %c0, %c64, %c64, %out : (!pypto.tile<[64, 64], f32>, i64, i64, i64, i64, !pypto.tensor<[64, 64], f32>) -> !pypto.tensor<[64, 64], f32>
  return %r : !pypto.tensor<[64, 64], f32>
}

// -----

// A loop's initial value, iter_arg, yielded value and result share one MemRef (an
// output tensor threaded through the loop stays the parameter's DDR MemRef); an if's
// result shares one with the values its branches yield. The Orchestration caller is
// left alone: its values reach the changed signature through casts.
// CHECK-LABEL: func.func @loop
// CHECK-SAME: -> !pypto.tensor<[64, 64], f32, memref = <DDR, 0, 16384, 1>>
// CHECK: pypto.block.load {{.*}} -> !pypto.tile<[64, 64], f32, memref = <UB, 0, 16384, 2>>
// CHECK: scf.for {{.*}} -> (!pypto.tile<[64, 64], f32, memref = <UB, 0, 16384, 2>>, !pypto.tensor<[64, 64], f32, memref = <DDR, 0, 16384, 1>>)
// CHECK: pypto.block.load {{.*}} -> !pypto.tile<[64, 64], f32, memref = <UB, 0, 16384, 3>>
// CHECK: pypto.block.add {{.*}} -> !pypto.tile<[64, 64], f32, memref = <UB, 0, 16384, 2>>
// CHECK: pypto.block.store {{.*}} -> !pypto.tensor<[64, 64], f32, memref = <DDR, 0, 16384, 1>>
// CHECK: scf.if {{.*}} -> (!pypto.tile<[64, 64], f32, memref = <UB, 0, 16384, 4>>)
// CHECK: pypto.block.exp {{.*}} -> !pypto.tile<[64, 64], f32, memref = <UB, 0, 16384, 4>>
// CHECK: pypto.block.neg {{.*}} -> !pypto.tile<[64, 64], f32, memref = <UB, 0, 16384, 4>>
// CHECK-LABEL: func.func @main
// CHECK-SAME: (%arg0: !pypto.tensor<[64, 64], f32>, %arg1: !pypto.tensor<[64, 64], f32>, %arg2: index, %arg3: i1) -> !pypto.tensor<[64, 64], f32>
// CHECK: %[[X:.*]] = builtin.unrealized_conversion_cast %arg0 : !pypto.tensor<[64, 64], f32> to !pypto.tensor<[64, 64], f32, memref = <DDR, 0, 16384, 0>>
// CHECK: %[[O:.*]] = builtin.unrealized_conversion_cast %arg1 : !pypto.tensor<[64, 64], f32> to !pypto.tensor<[64, 64], f32, memref = <DDR, 0, 16384, 1>>
// CHECK: %[[R:.*]] = call @loop(%[[X]], %[[O]], %arg2, %arg3)
// CHECK: %[[C:.*]] = builtin.unrealized_conversion_cast %[[R]] : !pypto.tensor<[64, 64], f32, memref = <DDR, 0, 16384, 1>> to !pypto.tensor<[64, 64], f32>
// CHECK: return %[[C]] : !pypto.tensor<[64, 64], f32>
func.func @loop(%x: !pypto.tensor<[64, 64], f32>, %out: !pypto.tensor<[64, 64], f32>, %n: index, %p: i1) -> !pypto.tensor<[64, 64], f32> attributes {pypto.function_type = #pypto.function_type<InCore>} {
  %c0 = pypto.const 0 : i64
  %c64 = pypto.const 64 : i64
  %lb = arith.constant 0 : index
  %st = arith.constant 1 : index
  %init = pypto.block.load %x, %c0, %c0, %c64, %c64 : (!pypto.tensor<[64, 64], f32>, i64, i64, i64, i64) -> !pypto.tile<[64, 64], f32>
  %acc, %o = scf.for %i = %lb to %n step %st iter_args(%a = %init, %t = %out) -> (!pypto.tile<[64, 64], f32>, !pypto.tensor<[64, 64], f32>) {
    %y = pypto.block.load %x, %c0, %c0, %c64, %c64 : (!pypto.tensor<[64, 64], f32>, i64, i64, i64, i64) -> !pypto.tile<[64, 64], f32>
    %s = pypto.block.add %a, %y : (!pypto.tile<[64, 64], f32>, !pypto.tile<[64, 64], f32>) -> !pypto.tile<[64, 64], f32>
    %t2 = pypto.block.store %s, %c0, %c0, %c64, %c64, %t : (!pypto.tile<[64, 64], f32>, i64, i64, i64, i64, !pypto.tensor<[64, 64], f32>) -> !pypto.tensor<[64, 64], f32>
    scf.yield %s, %t2 : !pypto.tile<[64, 64], f32>, !pypto.tensor<[64, 64], f32>
  }
  %r = scf.if %p -> (!pypto.tile<[64, 64], f32>) {
    %e = pypto.block.exp %acc : (!pypto.tile<[64, 64], f32>) -> !pypto.tile<[64, 64], f32>
    scf.yield %e : !pypto.tile<[64, 64], f32>
  } else {
    %g = pypto.block.neg %acc : (!pypto.tile<[64, 64], f32>) -> !pypto.tile<[64, 64], f32>
    scf.yield %g : !pypto.tile<[64, 64], f32>
  }
  %res = pypto.block.store %r, %c0, %c0, %c64, %c64, %o : (!pypto.tile<[64, 64], f32>, i64, i64, i64, i64, !pypto.tensor<[64, 64], f32>) -> !pypto.tensor<[64, 64], f32>
  return %res : !pypto.tensor<[64, 64], f32>
}

func.func @main(%x: !pypto.tensor<[64, 64], f32>, %out: !pypto.tensor<[64, 64], f32>, %n: index, %p: i1) -> !pypto.tensor<[64, 64], f32> attributes {pypto.function_type = #pypto.function_type<Orchestration>} {
  %r = call @loop(%x, %out, %n, %p) : (!pypto.tensor<[64, 64], f32>, !pypto.tensor<[64, 64], f32>, index, i1) -> !pypto.tensor<[64, 64], f32>
  return %r : !pypto.tensor<[64, 64], f32>
}

// -----

// A tensor with a symbolic shape gets size 0 (PyPTO's); tensor ops give UB.
// CHECK-LABEL: func.func @symbolic
// CHECK-SAME: !pypto.tensor<[n, 64], f32, memref = <UB, 0, 0, 0>>
// CHECK: pypto.tensor.exp {{.*}} -> !pypto.tensor<[n, 64], f32, memref = <UB, 0, 0, 1>>
// CHECK: pypto.tensor.row_sum {{.*}} -> !pypto.tensor<[n, 1], f32, memref = <UB, 0, 0, 2>>
func.func @symbolic(%x: !pypto.tensor<[n, 64], f32>) -> !pypto.tensor<[n, 1], f32> {
  %e = pypto.tensor.exp %x : (!pypto.tensor<[n, 64], f32>) -> !pypto.tensor<[n, 64], f32>
  %s = pypto.tensor.row_sum %e : (!pypto.tensor<[n, 64], f32>) -> !pypto.tensor<[n, 1], f32>
  return %s : !pypto.tensor<[n, 1], f32>
}
