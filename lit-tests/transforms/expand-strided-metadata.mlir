// expand-strided-metadata: subviews become extract_strided_metadata of the source and
// a reinterpret_cast of its base buffer, offset and strides computed by composed and
// folded affine.apply (constants folded in, dropped dimensions left out); the metadata
// of a reinterpret_cast is its operands; collapse_shape/expand_shape become a
// reinterpret_cast (collapsed sizes multiplied, an expanded dynamic size divided out,
// strides from the innermost dims). Identical to mlir-opt.
// RUN: %dump-compat %s --expand-strided-metadata
// RUN: %pto-opt %s --expand-strided-metadata | FileCheck %s

// Static source strides: the offset is one affine.apply, the strides constants.
// CHECK-LABEL: func.func @sv(
// CHECK: %[[BASE:.*]], %{{.*}}, %{{.*}}:2, %{{.*}}:2 = memref.extract_strided_metadata %arg0
// CHECK: %[[OFF:.*]] = affine.apply #{{.*}}()[%arg1, %arg2]
// CHECK: memref.reinterpret_cast %[[BASE]] to offset: [%[[OFF]]], sizes: [4, %arg3], strides: [32, 1]
func.func @sv(%m: memref<16x32xf32>, %i: index, %j: index, %n: index) -> memref<4x?xf32, strided<[32, 1], offset: ?>> {
  %0 = memref.subview %m[%i, %j] [4, %n] [1, 1] : memref<16x32xf32> to memref<4x?xf32, strided<[32, 1], offset: ?>>
  return %0 : memref<4x?xf32, strided<[32, 1], offset: ?>>
}

// A dynamic source stride from the metadata; a rank-reducing subview drops a size.
// CHECK-LABEL: func.func @sv2(
// CHECK: affine.apply #{{.*}}()[%arg1, %strides#0]
func.func @sv2(%m: memref<?x?xf32>, %i: index) -> memref<?xf32, strided<[3], offset: ?>> {
  %0 = memref.subview %m[%i, 2] [1, %i] [1, 3] : memref<?x?xf32> to memref<?xf32, strided<[3], offset: ?>>
  return %0 : memref<?xf32, strided<[3], offset: ?>>
}

// CHECK-LABEL: func.func @cs(
// CHECK: memref.reinterpret_cast %{{.*}} to offset: [0], sizes: [32], strides: [1]
func.func @cs(%m: memref<4x8xf32>) -> memref<32xf32> {
  %0 = memref.collapse_shape %m [[0, 1]] : memref<4x8xf32> into memref<32xf32>
  return %0 : memref<32xf32>
}

// A subview of a subview: the metadata of the first cast is its operands.
// CHECK-LABEL: func.func @chain(
// CHECK-COUNT-1: memref.extract_strided_metadata
func.func @chain(%m: memref<16x32xf32>, %i: index, %j: index) -> memref<2x?xf32, strided<[64, 1], offset: ?>> {
  %0 = memref.subview %m[%i, 4] [8, 16] [2, 1] : memref<16x32xf32> to memref<8x16xf32, strided<[64, 1], offset: ?>>
  %1 = memref.subview %0[1, %j] [2, %i] [1, 1] : memref<8x16xf32, strided<[64, 1], offset: ?>> to memref<2x?xf32, strided<[64, 1], offset: ?>>
  return %1 : memref<2x?xf32, strided<[64, 1], offset: ?>>
}

// CHECK-LABEL: func.func @reduce(
func.func @reduce(%m: memref<?x?x?xf32, strided<[?, ?, 1], offset: ?>>, %i: index) -> memref<?xf32, strided<[1], offset: ?>> {
  %0 = memref.subview %m[%i, 3, 0] [1, 1, %i] [1, 1, 1] : memref<?x?x?xf32, strided<[?, ?, 1], offset: ?>> to memref<?xf32, strided<[1], offset: ?>>
  return %0 : memref<?xf32, strided<[1], offset: ?>>
}

// CHECK-LABEL: func.func @static(
// CHECK: memref.reinterpret_cast %{{.*}} to offset: [68], sizes: [4, 4], strides: [32, 1]
func.func @static(%m: memref<16x32xf32>) -> memref<4x4xf32, strided<[32, 1], offset: 68>> {
  %0 = memref.subview %m[2, 4] [4, 4] [1, 1] : memref<16x32xf32> to memref<4x4xf32, strided<[32, 1], offset: 68>>
  return %0 : memref<4x4xf32, strided<[32, 1], offset: 68>>
}

// CHECK-LABEL: func.func @es(
// CHECK: memref.reinterpret_cast %{{.*}} to offset: [0], sizes: [4, 8], strides: [8, 1]
func.func @es(%m: memref<32xf32>) -> memref<4x8xf32> {
  %0 = memref.expand_shape %m [[0, 1]] output_shape [4, 8] : memref<32xf32> into memref<4x8xf32>
  return %0 : memref<4x8xf32>
}

// A collapsed size is the product of its group's sizes.
// CHECK-LABEL: func.func @c(
// CHECK: affine.apply #{{.*}}()[%sizes#0]
func.func @c(%m: memref<?x8xf32>) -> memref<?xf32> {
  %0 = memref.collapse_shape %m [[0, 1]] : memref<?x8xf32> into memref<?xf32>
  return %0 : memref<?xf32>
}

// CHECK-LABEL: func.func @c2(
func.func @c2(%m: memref<?x?x4xf32>) -> memref<?x4xf32> {
  %0 = memref.collapse_shape %m [[0, 1], [2]] : memref<?x?x4xf32> into memref<?x4xf32>
  return %0 : memref<?x4xf32>
}

// The stride of the innermost dim; the source offset from the metadata.
// CHECK-LABEL: func.func @c3(
// CHECK: memref.reinterpret_cast %{{.*}} to offset: [%offset], sizes: [%{{.*}}], strides: [1]
func.func @c3(%m: memref<4x?xf32, strided<[?, 1], offset: ?>>) -> memref<?xf32, strided<[?], offset: ?>> {
  %0 = memref.collapse_shape %m [[0, 1]] : memref<4x?xf32, strided<[?, 1], offset: ?>> into memref<?xf32, strided<[?], offset: ?>>
  return %0 : memref<?xf32, strided<[?], offset: ?>>
}

// An expanded group's dynamic size: the source size over the static ones.
// CHECK-LABEL: func.func @e(
// CHECK: affine.apply #{{.*}}()[%sizes]
func.func @e(%m: memref<?xf32>, %n: index) -> memref<?x8xf32> {
  %0 = memref.expand_shape %m [[0, 1]] output_shape [%n, 8] : memref<?xf32> into memref<?x8xf32>
  return %0 : memref<?x8xf32>
}

// CHECK-LABEL: func.func @e3(
// CHECK: strides: [%{{.*}}, %strides#0, %strides#1]
func.func @e3(%m: memref<?x?xf32, strided<[?, ?], offset: ?>>, %a: index) -> memref<?x4x?xf32, strided<[?, ?, ?], offset: ?>> {
  %0 = memref.expand_shape %m [[0, 1], [2]] output_shape [%a, 4, %a] : memref<?x?xf32, strided<[?, ?], offset: ?>> into memref<?x4x?xf32, strided<[?, ?, ?], offset: ?>>
  return %0 : memref<?x4x?xf32, strided<[?, ?, ?], offset: ?>>
}
