// Dynamic reshapes (expand-strided-metadata, then lower-affine, in lower-to-llvm): a
// 16x32 matrix cast to ?x32, collapsed to one row, expanded to ?x8 and to ?x4x?, a
// subview of that, and elements read back; interpreted and compiled (-O0, -O2) agree,
// and one element is checked by hand against a direct load.
// RUN: pto-run --interpret %s -e f --arg %S/Inputs/vector_m.npy --arg 5 > %t.interp
// RUN: pto-run -O0 %s -e f --arg %S/Inputs/vector_m.npy --arg 5 > %t.o0
// RUN: pto-run -O2 %s -e f --arg %S/Inputs/vector_m.npy --arg 5 > %t.o2
// RUN: diff %t.interp %t.o0
// RUN: diff %t.interp %t.o2
// RUN: pto-run -O2 %s -e same --arg %S/Inputs/vector_m.npy | FileCheck %s --check-prefix=SAME
// SAME: true

func.func @f(%m: memref<16x32xf32>, %k: index) -> (f32, f32, f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c8 = arith.constant 8 : index
  %d = memref.cast %m : memref<16x32xf32> to memref<?x32xf32>
  %flat = memref.collapse_shape %d [[0, 1]] : memref<?x32xf32> into memref<?xf32>
  %n = memref.dim %flat, %c0 : memref<?xf32>
  %rows = arith.divui %n, %c8 : index
  %e = memref.expand_shape %flat [[0, 1]] output_shape [%rows, 8] : memref<?xf32> into memref<?x8xf32>
  %sub = memref.subview %e[%k, 2] [3, 4] [2, 1] : memref<?x8xf32> to memref<3x4xf32, strided<[16, 1], offset: ?>>
  %e3 = memref.expand_shape %flat [[0, 1, 2]] output_shape [%rows, 4, 2] : memref<?xf32> into memref<?x4x2xf32>
  %a = memref.load %flat[%k] : memref<?xf32>
  %b = memref.load %e[%k, %c3] : memref<?x8xf32>
  %c = memref.load %sub[%c2, %c1] : memref<3x4xf32, strided<[16, 1], offset: ?>>
  %x = memref.load %e3[%k, %c3, %c1] : memref<?x4x2xf32>
  return %a, %b, %c, %x : f32, f32, f32, f32
}

// The subview's (2, 1) is (k + 4, 3) of the 64x8 view: with k = 5, element 75 of the
// matrix, (2, 11).
func.func @same(%m: memref<16x32xf32>) -> i1 {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c11 = arith.constant 11 : index
  %k = arith.constant 5 : index
  %flat = memref.collapse_shape %m [[0, 1]] : memref<16x32xf32> into memref<512xf32>
  %e = memref.expand_shape %flat [[0, 1]] output_shape [64, 8] : memref<512xf32> into memref<64x8xf32>
  %sub = memref.subview %e[%k, 2] [3, 4] [2, 1] : memref<64x8xf32> to memref<3x4xf32, strided<[16, 1], offset: ?>>
  %v = memref.load %sub[%c2, %c1] : memref<3x4xf32, strided<[16, 1], offset: ?>>
  %w = memref.load %m[%c2, %c11] : memref<16x32xf32>
  %eq = arith.cmpf oeq, %v, %w : f32
  return %eq : i1
}
