// canonicalize on the memref folders, as MLIR 22 (MemRefOps.cpp): memref.cast to its
// own type and of a cast of a ranked memref (foldMemRefCast, then CastOpInterface);
// foldMemRefCast in load, store (not of the stored value), dealloc, prefetch and dim;
// copy's FoldCopyOfCast; dim of a static dimension, of alloc/alloca/view/subview
// sizes, out of range left alone; subview and view that are their source;
// reinterpret_cast through reinterpret_cast/cast/subview-at-0 and as the identity;
// extract_strided_metadata's constants; collapse_shape/expand_shape undoing each other.
// Output identical to mlir-opt in every traversal mode.
// RUN: %pto-opt %s --allow-unregistered-dialect --canonicalize --split-input-file | FileCheck %s
// RUN: %compat %s --canonicalize --split-input-file
// RUN: %compat %s --canonicalize=top-down=false --split-input-file
// RUN: %compat %s --canonicalize=region-simplify=disabled --split-input-file
// RUN: %compat %s --canonicalize --mlir-print-debuginfo --split-input-file
// One iteration is not a fixed point, so compare single runs instead of round trips:
// RUN: %pto-opt %s --allow-unregistered-dialect --canonicalize=max-iterations=1 --split-input-file > %t.pto
// RUN: %mlir-opt %s --allow-unregistered-dialect --canonicalize=max-iterations=1 --split-input-file > %t.mlir
// RUN: diff %t.pto %t.mlir

// CHECK-LABEL: func.func @casts(
// CHECK-NEXT:    %[[C:.*]] = memref.cast %arg0 : memref<4x4xf32> to memref<?x?xf32>
// CHECK-NEXT:    %[[U:.*]] = memref.cast %arg1 : memref<*xf32> to memref<4xf32>
// CHECK-NEXT:    %[[U2:.*]] = memref.cast %[[U]] : memref<4xf32> to memref<?xf32>
// CHECK-NEXT:    return %arg0, %arg0, %[[C]], %[[U2]], %arg0 :
func.func @casts(%a: memref<4x4xf32>, %u: memref<*xf32>) -> (memref<4x4xf32>, memref<4x4xf32>, memref<?x?xf32>, memref<?xf32>, memref<4x4xf32>) {
  %0 = memref.cast %a : memref<4x4xf32> to memref<4x4xf32>
  %1 = memref.cast %a : memref<4x4xf32> to memref<?x4xf32>
  %2 = memref.cast %1 : memref<?x4xf32> to memref<4x4xf32>
  %3 = memref.cast %1 : memref<?x4xf32> to memref<?x?xf32>
  %4 = memref.cast %u : memref<*xf32> to memref<4xf32>
  %5 = memref.cast %4 : memref<4xf32> to memref<?xf32>
  %6 = memref.cast %a : memref<4x4xf32> to memref<*xf32>
  %7 = memref.cast %6 : memref<*xf32> to memref<4x4xf32>
  return %0, %2, %3, %5, %7 : memref<4x4xf32>, memref<4x4xf32>, memref<?x?xf32>, memref<?xf32>, memref<4x4xf32>
}

// -----

// CHECK-LABEL: func.func @access_through_cast(
// CHECK-NEXT:    %[[C:.*]] = memref.cast %arg0 : memref<4xf32> to memref<?xf32>
// CHECK-NEXT:    memref.load %arg0[%arg1] : memref<4xf32>
// CHECK-NEXT:    memref.store %arg2, %arg0[%arg1] : memref<4xf32>
// CHECK-NEXT:    memref.load %arg0[%arg1] {alignment = 8 : i64, nontemporal = true} : memref<4xf32>
// CHECK-NEXT:    memref.prefetch %arg0[%arg1], read, locality<3>, data : memref<4xf32>
// CHECK-NEXT:    arith.addf
// CHECK-NEXT:    memref.store %[[C]], %arg3[%arg1] : memref<1xmemref<?xf32>>
// CHECK-NEXT:    memref.dealloc %arg0 : memref<4xf32>
func.func @access_through_cast(%a: memref<4xf32>, %i: index, %v: f32, %m: memref<1xmemref<?xf32>>) -> f32 {
  %0 = memref.cast %a : memref<4xf32> to memref<?xf32>
  %1 = memref.load %0[%i] : memref<?xf32>
  memref.store %v, %0[%i] : memref<?xf32>
  %u = memref.cast %a : memref<4xf32> to memref<*xf32>
  %u2 = memref.cast %u : memref<*xf32> to memref<?xf32>
  %2 = memref.load %u2[%i] {nontemporal = true, alignment = 8 : i64} : memref<?xf32>
  memref.prefetch %0[%i], read, locality<3>, data : memref<?xf32>
  %s = arith.addf %1, %2 : f32
  memref.store %0, %m[%i] : memref<1xmemref<?xf32>>
  memref.dealloc %0 : memref<?xf32>
  return %s : f32
}

// -----

// A cast that makes a size, offset or stride static does not fold into a copy; an
// unranked cast does not either.
// CHECK-LABEL: func.func @copy_of_cast(
// CHECK-NEXT:    memref.copy %arg0, %arg1 : memref<4xf32> to memref<?xf32>
// CHECK-NEXT:    %[[C:.*]] = memref.cast %arg1 : memref<?xf32> to memref<4xf32>
// CHECK-NEXT:    memref.copy %arg0, %[[C]] : memref<4xf32> to memref<4xf32>
// CHECK-NEXT:    memref.copy %arg0, %arg1 : memref<4xf32> to memref<?xf32>
// CHECK-NEXT:    %[[U:.*]] = memref.cast %arg0 : memref<4xf32> to memref<*xf32>
// CHECK-NEXT:    memref.copy %[[U]], %arg2 : memref<*xf32> to memref<*xf32>
// CHECK-NEXT:    memref.copy %arg0, %arg3 : memref<4xf32> to memref<4xf32>
func.func @copy_of_cast(%a: memref<4xf32>, %b: memref<?xf32>, %u: memref<*xf32>, %d: memref<4xf32>) {
  %0 = memref.cast %a : memref<4xf32> to memref<?xf32>
  memref.copy %0, %b : memref<?xf32> to memref<?xf32>
  %1 = memref.cast %b : memref<?xf32> to memref<4xf32>
  memref.copy %a, %1 : memref<4xf32> to memref<4xf32>
  %2 = memref.cast %a : memref<4xf32> to memref<4xf32, strided<[?], offset: ?>>
  memref.copy %2, %b : memref<4xf32, strided<[?], offset: ?>> to memref<?xf32>
  %3 = memref.cast %a : memref<4xf32> to memref<*xf32>
  memref.copy %3, %u : memref<*xf32> to memref<*xf32>
  %4 = memref.cast %d : memref<4xf32> to memref<?xf32>
  memref.copy %0, %4 : memref<?xf32> to memref<?xf32>
  return
}

// -----

// CHECK-LABEL: func.func @dim_static(
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[C5:.*]] = arith.constant 5 : index
// CHECK-DAG:     %[[CM:.*]] = arith.constant -1 : index
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK:         %[[D1:.*]] = memref.dim %arg0, %[[C1]] : memref<4x?xf32>
// CHECK-NEXT:    %[[D5:.*]] = memref.dim %arg0, %[[C5]] : memref<4x?xf32>
// CHECK-NEXT:    %[[DM:.*]] = memref.dim %arg0, %[[CM]] : memref<4x?xf32>
// CHECK-NEXT:    %[[DU:.*]] = memref.dim %arg1, %{{.*}} : memref<*xf32>
// CHECK-NEXT:    return %[[C4]], %[[D1]], %[[D5]], %[[DM]], %[[DU]]
func.func @dim_static(%a: memref<4x?xf32>, %u: memref<*xf32>) -> (index, index, index, index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %cm = arith.constant -1 : index
  %0 = memref.dim %a, %c0 : memref<4x?xf32>
  %1 = memref.dim %a, %c1 : memref<4x?xf32>
  %2 = memref.dim %a, %c5 : memref<4x?xf32>
  %3 = memref.dim %a, %cm : memref<4x?xf32>
  %4 = memref.dim %u, %c0 : memref<*xf32>
  return %0, %1, %2, %3, %4 : index, index, index, index, index
}

// -----

// CHECK-LABEL: func.func @dim_of_sizes(
// CHECK:         return %arg1, %arg0, %arg1, %[[C4:.*]], %arg0, %arg2, %arg0 :
func.func @dim_of_sizes(%n: index, %m: index, %k: index, %src: memref<?x1x?xf32>) -> (index, index, index, index, index, index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %a = memref.alloc(%n, %m) : memref<?x4x?xf32>
  %0 = memref.dim %a, %c2 : memref<?x4x?xf32>
  %b = memref.alloca(%n) : memref<?xf32>
  %1 = memref.dim %b, %c0 : memref<?xf32>
  %buf = memref.alloc() : memref<2048xi8>
  %v = memref.view %buf[%c0][%n, %m] : memref<2048xi8> to memref<?x?xf32>
  %2 = memref.dim %v, %c1 : memref<?x?xf32>
  %3 = memref.dim %a, %c1 : memref<?x4x?xf32>
  %s = memref.subview %src[0, 0, 0] [%n, 1, %k] [1, 1, 1] : memref<?x1x?xf32> to memref<?x?xf32, strided<[?, 1]>>
  %4 = memref.dim %s, %c0 : memref<?x?xf32, strided<[?, 1]>>
  %5 = memref.dim %s, %c1 : memref<?x?xf32, strided<[?, 1]>>
  %c = memref.cast %b : memref<?xf32> to memref<?xf32, strided<[1], offset: ?>>
  %6 = memref.dim %c, %c0 : memref<?xf32, strided<[1], offset: ?>>
  "test.use"(%a, %b, %v, %s, %c) : (memref<?x4x?xf32>, memref<?xf32>, memref<?x?xf32>, memref<?x?xf32, strided<[?, 1]>>, memref<?xf32, strided<[1], offset: ?>>) -> ()
  return %0, %1, %2, %3, %4, %5, %6 : index, index, index, index, index, index, index
}

// -----

// A dim of a cast reads the cast's source when its index is a constant in range.
// CHECK-LABEL: func.func @dim_of_cast(
// CHECK-NEXT:    %[[C4:.*]] = arith.constant 4 : index
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[C:.*]] = memref.cast %arg0
// CHECK-NEXT:    %[[D:.*]] = memref.dim %arg0, %[[C1]] : memref<4x?xf32>
// CHECK-NEXT:    %[[DD:.*]] = memref.dim %[[C]], %arg1 : memref<?x?xf32>
// CHECK-NEXT:    return %[[C4]], %[[D]], %[[DD]]
func.func @dim_of_cast(%a: memref<4x?xf32>, %i: index) -> (index, index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0 = memref.cast %a : memref<4x?xf32> to memref<?x?xf32>
  %1 = memref.dim %0, %c0 : memref<?x?xf32>
  %2 = memref.dim %0, %c1 : memref<?x?xf32>
  %3 = memref.dim %0, %i : memref<?x?xf32>
  return %1, %2, %3 : index, index, index
}

// -----

// CHECK-LABEL: func.func @views(
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[S:.*]] = memref.subview %arg0[%arg2, %arg2] [%arg3, %arg3] [1, 1]
// CHECK-NEXT:    %[[V:.*]] = memref.view %arg1[%[[C1]]][] : memref<16xi8> to memref<16xi8>
// CHECK-NEXT:    return %arg0, %[[S]], %arg1, %[[V]] :
func.func @views(%a: memref<4x8xf32>, %b: memref<16xi8>, %i: index, %n: index) -> (memref<4x8xf32>, memref<?x?xf32, strided<[8, 1], offset: ?>>, memref<16xi8>, memref<16xi8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0 = memref.subview %a[0, 0] [4, 8] [1, 1] : memref<4x8xf32> to memref<4x8xf32>
  %1 = memref.subview %a[%i, %i] [%n, %n] [1, 1] : memref<4x8xf32> to memref<?x?xf32, strided<[8, 1], offset: ?>>
  %2 = memref.subview %1[0, %c0] [%n, %n] [1, 1] : memref<?x?xf32, strided<[8, 1], offset: ?>> to memref<?x?xf32, strided<[8, 1], offset: ?>>
  %3 = memref.view %b[%c0][] : memref<16xi8> to memref<16xi8>
  %4 = memref.view %b[%c1][] : memref<16xi8> to memref<16xi8>
  return %0, %2, %3, %4 : memref<4x8xf32>, memref<?x?xf32, strided<[8, 1], offset: ?>>, memref<16xi8>, memref<16xi8>
}

// -----

// CHECK-LABEL: func.func @reinterpret_casts(
// CHECK-NEXT:    %[[A:.*]] = memref.reinterpret_cast %arg0 to offset: [0], sizes: [4, 4], strides: [4, 1] : memref<?xf32> to memref<4x4xf32>
// CHECK-NEXT:    %[[B:.*]] = memref.reinterpret_cast %arg1 to offset: [0], sizes: [4, 4], strides: [4, 1] : memref<16xf32> to memref<4x4xf32>
// CHECK-NEXT:    %[[C:.*]] = memref.reinterpret_cast %arg1 to offset: [0], sizes: [4, 4], strides: [4, 1] : memref<16xf32> to memref<4x4xf32>
// CHECK-NEXT:    return %[[A]], %[[B]], %[[C]], %arg2 :
func.func @reinterpret_casts(%a: memref<?xf32>, %b: memref<16xf32>, %c: memref<4x4xf32>, %n: index) -> (memref<4x4xf32>, memref<4x4xf32>, memref<4x4xf32>, memref<4x4xf32>) {
  %0 = memref.reinterpret_cast %a to offset: [0], sizes: [%n], strides: [1] : memref<?xf32> to memref<?xf32>
  %1 = memref.reinterpret_cast %0 to offset: [0], sizes: [4, 4], strides: [4, 1] : memref<?xf32> to memref<4x4xf32>
  %u = memref.cast %b : memref<16xf32> to memref<*xf32>
  %2 = memref.reinterpret_cast %u to offset: [0], sizes: [4, 4], strides: [4, 1] : memref<*xf32> to memref<4x4xf32>
  %s = memref.subview %b[0] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1]>>
  %3 = memref.reinterpret_cast %s to offset: [0], sizes: [4, 4], strides: [4, 1] : memref<8xf32, strided<[1]>> to memref<4x4xf32>
  %4 = memref.reinterpret_cast %c to offset: [0], sizes: [4, 4], strides: [4, 1] : memref<4x4xf32> to memref<4x4xf32>
  return %1, %2, %3, %4 : memref<4x4xf32>, memref<4x4xf32>, memref<4x4xf32>, memref<4x4xf32>
}

// -----

// The results the source type fixes become constants (created before the op, hoisted
// by the next iteration); a cast of a ranked memref is looked through.
// CHECK-LABEL: func.func @extract_strided_metadata(
// CHECK-DAG:     %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG:     %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK:         %{{.*}}, %{{.*}}, %[[SZ:.*]]:2, %[[ST:.*]]:2 = memref.extract_strided_metadata %arg0 :
// CHECK:         %[[B:.*]], %{{.*}}, %{{.*}}:2, %{{.*}}:2 = memref.extract_strided_metadata %arg1 : memref<8x4xf32>
// CHECK:         return %[[C3]], %[[C8]], %[[SZ]]#1, %[[ST]]#0, %[[C1]], %[[B]], %[[C4]] :
func.func @extract_strided_metadata(%a: memref<8x?xf32, strided<[?, 1], offset: 3>>, %b: memref<8x4xf32>) -> (index, index, index, index, index, memref<f32>, index) {
  %base, %off, %sizes:2, %strides:2 = memref.extract_strided_metadata %a : memref<8x?xf32, strided<[?, 1], offset: 3>> -> memref<f32>, index, index, index, index, index
  %0 = memref.cast %b : memref<8x4xf32> to memref<?x?xf32>
  %base2, %off2, %sizes2:2, %strides2:2 = memref.extract_strided_metadata %0 : memref<?x?xf32> -> memref<f32>, index, index, index, index, index
  return %off, %sizes#0, %sizes#1, %strides#0, %strides#1, %base2, %sizes2#1 : index, index, index, index, index, memref<f32>, index
}

// -----

// Inside a region: the constants go to the function's entry block.
// CHECK-LABEL: func.func @extract_strided_metadata_nested(
// CHECK-NEXT:    %[[C8:.*]] = arith.constant 8 : index
// CHECK-NEXT:    scf.if
// CHECK-NEXT:      %{{.*}}, %{{.*}}, %{{.*}}:2, %[[ST:.*]]:2 = memref.extract_strided_metadata %arg0
// CHECK-NEXT:      arith.addi %[[ST]]#0, %[[C8]] : index
func.func @extract_strided_metadata_nested(%a: memref<8x?xf32>, %b: i1) -> index {
  %r = scf.if %b -> index {
    %base, %off, %sizes:2, %strides:2 = memref.extract_strided_metadata %a : memref<8x?xf32> -> memref<f32>, index, index, index, index, index
    %s = arith.addi %sizes#0, %strides#0 : index
    %t = arith.addi %s, %off : index
    scf.yield %t : index
  } else {
    %c8 = arith.constant 8 : index
    scf.yield %c8 : index
  }
  return %r : index
}

// -----

// CHECK-LABEL: func.func @reshapes(
// CHECK-NEXT:    %[[C:.*]] = memref.collapse_shape %arg2 {{\[}}[0, 1]] : memref<?x?xf32> into memref<?xf32>
// CHECK-NEXT:    %[[E:.*]] = memref.expand_shape %[[C]] {{\[}}[0, 1]] output_shape [%arg3, %arg4]
// CHECK-NEXT:    return %arg0, %arg1, %arg2, %[[E]] :
func.func @reshapes(%a: memref<4x8xf32>, %b: memref<32xf32>, %c: memref<?x?xf32>, %n: index, %m: index) -> (memref<4x8xf32>, memref<32xf32>, memref<?x?xf32>, memref<?x?xf32>) {
  %0 = memref.collapse_shape %a [[0, 1]] : memref<4x8xf32> into memref<32xf32>
  %1 = memref.expand_shape %0 [[0, 1]] output_shape [4, 8] : memref<32xf32> into memref<4x8xf32>
  %2 = memref.expand_shape %b [[0, 1]] output_shape [4, 8] : memref<32xf32> into memref<4x8xf32>
  %3 = memref.collapse_shape %2 [[0, 1]] : memref<4x8xf32> into memref<32xf32>
  %4 = memref.expand_shape %c [[0, 1], [2]] output_shape [%n, 4, %m] : memref<?x?xf32> into memref<?x4x?xf32>
  %5 = memref.collapse_shape %4 [[0, 1], [2]] : memref<?x4x?xf32> into memref<?x?xf32>
  %6 = memref.collapse_shape %c [[0, 1]] : memref<?x?xf32> into memref<?xf32>
  %7 = memref.expand_shape %6 [[0, 1]] output_shape [%n, %m] : memref<?xf32> into memref<?x?xf32>
  return %1, %3, %5, %7 : memref<4x8xf32>, memref<32xf32>, memref<?x?xf32>, memref<?x?xf32>
}

// -----

// Casts between equal affine-map layouts verify (the layouts need no strides), and
// fold like the others.
// CHECK-LABEL: func.func @cast_affine_layout(
// CHECK-NEXT:    %[[L:.*]] = memref.load %arg0[%arg1, %arg1] : memref<4x4xf32, #map>
// CHECK-NEXT:    return %[[L]], %arg0 :
#map = affine_map<(d0, d1) -> (d0 * 4 + d1)>
func.func @cast_affine_layout(%a: memref<4x4xf32, #map>, %i: index) -> (f32, memref<4x4xf32, #map>) {
  %0 = memref.cast %a : memref<4x4xf32, #map> to memref<?x4xf32, #map>
  %1 = memref.load %0[%i, %i] : memref<?x4xf32, #map>
  %2 = memref.cast %0 : memref<?x4xf32, #map> to memref<4x4xf32, #map>
  return %1, %2 : f32, memref<4x4xf32, #map>
}
