// The layout of a collapse_shape's result from a strided source, as MLIR's
// computeCollapsedLayoutMap: a group takes the stride of its innermost dim not of size 1,
// dynamic when that dim's size is dynamic; statically non-contiguous groups are errors.
// RUN: %pto-opt %s -split-input-file -verify-diagnostics
// RUN: %mlir-opt %s -split-input-file -verify-diagnostics

// The innermost dim of the group has a dynamic size (it may be 1 at run time): the
// collapsed stride is dynamic.
func.func @c3(%m: memref<4x?xf32, strided<[?, 1], offset: ?>>) -> memref<?xf32, strided<[1], offset: ?>> {
  // expected-error @+1 {{'memref.collapse_shape' op expected collapsed type to be 'memref<?xf32, strided<[?], offset: ?>>' but found 'memref<?xf32, strided<[1], offset: ?>>'}}
  %0 = memref.collapse_shape %m [[0, 1]] : memref<4x?xf32, strided<[?, 1], offset: ?>> into memref<?xf32, strided<[1], offset: ?>>
  return %0 : memref<?xf32, strided<[1], offset: ?>>
}
// -----
// Rows 16 apart do not collapse.
func.func @nc(%m: memref<4x8xf32, strided<[16, 1]>>) -> memref<32xf32> {
  // expected-error @+1 {{'memref.collapse_shape' op invalid source layout map or collapsing non-contiguous dims}}
  %0 = memref.collapse_shape %m [[0, 1]] : memref<4x8xf32, strided<[16, 1]>> into memref<32xf32>
  return %0 : memref<32xf32>
}
// -----
// Unit dims are skipped, whatever their stride: both of these are valid.
func.func @ok(%m: memref<4x1x8xf32, strided<[8, 77, 1]>>) -> memref<32xf32, strided<[1]>> {
  %0 = memref.collapse_shape %m [[0, 1, 2]] : memref<4x1x8xf32, strided<[8, 77, 1]>> into memref<32xf32, strided<[1]>>
  return %0 : memref<32xf32, strided<[1]>>
}
// -----
func.func @unit(%m: memref<4x?x1xf32, strided<[?, 4, 1]>>) -> memref<?xf32, strided<[?]>> {
  %0 = memref.collapse_shape %m [[0, 1, 2]] : memref<4x?x1xf32, strided<[?, 4, 1]>> into memref<?xf32, strided<[?]>>
  return %0 : memref<?xf32, strided<[?]>>
}
