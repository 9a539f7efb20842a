// memref.global, get_global and reinterpret_cast, interpreted and compiled
// (finalize-memref-to-llvm lowers them), against numpy: @scale views its 8 inputs as
// 2x4 and multiplies them by a constant global table; @column sums a strided view
// (elements 1 and 5); @count increments a global counter on every call (2 after two
// calls). The compiled results equal the interpreted ones bit for bit.
// RUN: pto-run --interpret %s -e scale --arg %S/Inputs/globals_x.npy --arg %S/Inputs/globals_y0.npy --expect-arg 1=%S/Inputs/globals_ref.npy --rtol 0 --atol 0
// RUN: pto-run %s -e scale --arg %S/Inputs/globals_x.npy --arg %S/Inputs/globals_y0.npy --expect-arg 1=%S/Inputs/globals_ref.npy --rtol 0 --atol 0
// RUN: pto-run -O0 %s -e scale --arg %S/Inputs/globals_x.npy --arg %S/Inputs/globals_y0.npy --expect-arg 1=%S/Inputs/globals_ref.npy --rtol 0 --atol 0
// RUN: pto-run --interpret %s -e column --arg %S/Inputs/globals_x.npy --expect 0=%S/Inputs/globals_column_ref.npy --rtol 0 --atol 0
// RUN: pto-run %s -e column --arg %S/Inputs/globals_x.npy --expect 0=%S/Inputs/globals_column_ref.npy --rtol 0 --atol 0
// RUN: pto-run --interpret %s -e twice | FileCheck %s
// RUN: pto-run %s -e twice | FileCheck %s
// RUN: pto-opt %s --lower-to-llvm | FileCheck %s --check-prefix=LLVM

// CHECK: 2
// LLVM: llvm.mlir.global private constant @table(dense<{{.*}}> : tensor<2x4xf32>) {addr_space = 0 : i32} : !llvm.array<2 x array<4 x f32>>
// LLVM: llvm.mlir.global private @counter(0 : i64) {addr_space = 0 : i32} : i64

memref.global "private" constant @table : memref<2x4xf32> = dense<[[1.0, -2.0, 0.5, 4.0], [0.25, 3.0, -1.5, 8.0]]>
memref.global "private" @counter : memref<i64> = dense<0>

func.func @scale(%x: memref<8xf32>, %y: memref<2x4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %w = memref.get_global @table : memref<2x4xf32>
  %v = memref.reinterpret_cast %x to offset: [0], sizes: [2, 4], strides: [4, 1] : memref<8xf32> to memref<2x4xf32>
  scf.for %i = %c0 to %c2 step %c1 {
    scf.for %j = %c0 to %c4 step %c1 {
      %a = memref.load %v[%i, %j] : memref<2x4xf32>
      %b = memref.load %w[%i, %j] : memref<2x4xf32>
      %p = arith.mulf %a, %b : f32
      memref.store %p, %y[%i, %j] : memref<2x4xf32>
    }
  }
  return
}

func.func @column(%x: memref<8xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %zero = arith.constant 0.0 : f32
  %col = memref.reinterpret_cast %x to offset: [1], sizes: [2], strides: [4] : memref<8xf32> to memref<2xf32, strided<[4], offset: 1>>
  %s = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc = %zero) -> (f32) {
    %e = memref.load %col[%i] : memref<2xf32, strided<[4], offset: 1>>
    %n = arith.addf %acc, %e : f32
    scf.yield %n : f32
  }
  return %s : f32
}

func.func @count() -> i64 {
  %c = memref.get_global @counter : memref<i64>
  %v = memref.load %c[] : memref<i64>
  %one = arith.constant 1 : i64
  %n = arith.addi %v, %one : i64
  memref.store %n, %c[] : memref<i64>
  return %n : i64
}

func.func @twice() -> i64 {
  %a = func.call @count() : () -> i64
  %b = func.call @count() : () -> i64
  return %b : i64
}
