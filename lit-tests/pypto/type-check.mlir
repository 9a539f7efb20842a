// pypto-type-check accepts consistent programs and leaves them unchanged: loops and
// branches whose values agree (symbolic sizes included), windows within their tensors,
// consistent MemRefs (after pypto-init-memref and pypto-basic-memory-reuse too).
// RUN: pto-opt %s --pypto-type-check | FileCheck %s
// RUN: pto-opt %s --pypto-type-check --pypto-init-memref --pypto-basic-memory-reuse --pypto-add-alloc --pypto-type-check | FileCheck %s --check-prefix=MEM

// CHECK-LABEL: func.func @loop
// CHECK: scf.for
// MEM-LABEL: func.func @loop
// MEM: pypto.block.alloc
func.func @loop(%x: !pypto.tensor<[64, 64], f32>, %out: !pypto.tensor<[64, 64], f32>, %n: index, %p: i1) -> !pypto.tensor<[64, 64], f32> attributes {pypto.function_type = #pypto.function_type<InCore>} {
  %c0 = pypto.const 0 : i64
  %c32 = pypto.const 32 : i64
  %c64 = pypto.const 64 : i64
  %lb = arith.constant 0 : index
  %st = arith.constant 1 : index
  %init = pypto.block.load %x, %c32, %c0, %c32, %c64 : (!pypto.tensor<[64, 64], f32>, i64, i64, i64, i64) -> !pypto.tile<[32, 64], f32>
  %acc = scf.for %i = %lb to %n step %st iter_args(%a = %init) -> (!pypto.tile<[32, 64], f32>) {
    %y = pypto.block.load %x, %c0, %c0, %c32, %c64 : (!pypto.tensor<[64, 64], f32>, i64, i64, i64, i64) -> !pypto.tile<[32, 64], f32>
    %s = pypto.block.add %a, %y : (!pypto.tile<[32, 64], f32>, !pypto.tile<[32, 64], f32>) -> !pypto.tile<[32, 64], f32>
    scf.yield %s : !pypto.tile<[32, 64], f32>
  }
  %r = scf.if %p -> (!pypto.tile<[32, 64], f32>) {
    %e = pypto.block.exp %acc : (!pypto.tile<[32, 64], f32>) -> !pypto.tile<[32, 64], f32>
    scf.yield %e : !pypto.tile<[32, 64], f32>
  } else {
    scf.yield %acc : !pypto.tile<[32, 64], f32>
  }
  %res = pypto.block.store %r, %c32, %c0, %c32, %c64, %out : (!pypto.tile<[32, 64], f32>, i64, i64, i64, i64, !pypto.tensor<[64, 64], f32>) -> !pypto.tensor<[64, 64], f32>
  return %res : !pypto.tensor<[64, 64], f32>
}

// Symbolic sizes: windows with unknown bounds are not judged.
// CHECK-LABEL: func.func @symbolic
// CHECK: pypto.tensor.view
func.func @symbolic(%x: !pypto.tensor<[n, 64], f32>, %k: i64) -> !pypto.tensor<[n, 64], f32> {
  %c0 = pypto.const 0 : i64
  %c64 = pypto.const 64 : i64
  %v = pypto.tensor.view %x [%k, %c64] [%k, %c0] : (!pypto.tensor<[n, 64], f32>, i64, i64, i64, i64) -> !pypto.tensor<[k, 64], f32>
  %r = pypto.tensor.assemble %x, %v [%k, %c0] : (!pypto.tensor<[n, 64], f32>, !pypto.tensor<[k, 64], f32>, i64, i64) -> !pypto.tensor<[n, 64], f32>
  return %r : !pypto.tensor<[n, 64], f32>
}
