// Views of a 4x8 buffer: a strided subview, collapse_shape and expand_shape, read into
// outputs, against numpy. Interpreted as written; compiled as written (lower-to-llvm
// starts with expand-strided-metadata, as MLIR lowers views: they become
// extract_strided_metadata and reinterpret_cast, which finalize-memref-to-llvm lowers
// as mlir-opt does), and after mlir-opt's expand-strided-metadata, which ours matches;
// that form interpreted too. Exact (copies, products by 2, sums
// with 1 of small numbers).
// RUN: pto-run --interpret %s -e views --arg %S/Inputs/views_x.npy --arg %S/Inputs/views_y0.npy --arg %S/Inputs/views_z0.npy --arg %S/Inputs/views_w0.npy --expect-arg 1=%S/Inputs/views_y.npy --expect-arg 2=%S/Inputs/views_z.npy --expect-arg 3=%S/Inputs/views_w.npy --rtol 0 --atol 0
// RUN: pto-run %s -e views --arg %S/Inputs/views_x.npy --arg %S/Inputs/views_y0.npy --arg %S/Inputs/views_z0.npy --arg %S/Inputs/views_w0.npy --expect-arg 1=%S/Inputs/views_y.npy --expect-arg 2=%S/Inputs/views_z.npy --expect-arg 3=%S/Inputs/views_w.npy --rtol 0 --atol 0
// RUN: mlir-opt --expand-strided-metadata %s -o %t.mlir
// RUN: pto-opt --expand-strided-metadata %s | diff %t.mlir -
// RUN: pto-run %t.mlir -e views --arg %S/Inputs/views_x.npy --arg %S/Inputs/views_y0.npy --arg %S/Inputs/views_z0.npy --arg %S/Inputs/views_w0.npy --expect-arg 1=%S/Inputs/views_y.npy --expect-arg 2=%S/Inputs/views_z.npy --expect-arg 3=%S/Inputs/views_w.npy --rtol 0 --atol 0
// RUN: pto-run --interpret %t.mlir -e views --arg %S/Inputs/views_x.npy --arg %S/Inputs/views_y0.npy --arg %S/Inputs/views_z0.npy --arg %S/Inputs/views_w0.npy --expect-arg 1=%S/Inputs/views_y.npy --expect-arg 2=%S/Inputs/views_z.npy --expect-arg 3=%S/Inputs/views_w.npy --rtol 0 --atol 0
// RUN: %compat %t.mlir --finalize-memref-to-llvm
// RUN: FileCheck %s < %t.mlir

// CHECK: memref.extract_strided_metadata
// CHECK: memref.reinterpret_cast %{{.*}} to offset: [9], sizes: [2, 3], strides: [8, 2]

func.func @views(%x: memref<4x8xf32>, %y: memref<2x3xf32>, %z: memref<32xf32>, %w: memref<2x2x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %sub = memref.subview %x[1, 1][2, 3][1, 2] : memref<4x8xf32> to memref<2x3xf32, strided<[8, 2], offset: 9>>
  scf.for %i = %c0 to %c2 step %c1 {
    scf.for %j = %c0 to %c3 step %c1 {
      %v = memref.load %sub[%i, %j] : memref<2x3xf32, strided<[8, 2], offset: 9>>
      memref.store %v, %y[%i, %j] : memref<2x3xf32>
    }
  }
  %flat = memref.collapse_shape %x [[0, 1]] : memref<4x8xf32> into memref<32xf32>
  scf.for %i = %c0 to %c32 step %c1 {
    %v = memref.load %flat[%i] : memref<32xf32>
    %d = arith.mulf %v, %two : f32
    memref.store %d, %z[%i] : memref<32xf32>
  }
  %cube = memref.expand_shape %x [[0, 1], [2]] output_shape [2, 2, 8] : memref<4x8xf32> into memref<2x2x8xf32>
  scf.for %i = %c0 to %c2 step %c1 {
    scf.for %j = %c0 to %c2 step %c1 {
      scf.for %k = %c0 to %c8 step %c1 {
        %v = memref.load %cube[%i, %j, %k] : memref<2x2x8xf32>
        %s = arith.addf %v, %one : f32
        memref.store %s, %w[%i, %j, %k] : memref<2x2x8xf32>
      }
    }
  }
  return
}
