// finalize-memref-to-llvm on globals and views: memref.global becomes llvm.mlir.global
// (nested arrays; private unless public; uninitialized ones return undef; rank 0 holds
// the element), get_global a descriptor of the global's first element,
// reinterpret_cast a descriptor over the source's pointers, view one over its bytes;
// identical to mlir-opt.
// subview is left for expand-strided-metadata, as mlir-opt leaves it.
// RUN: %compat %s --split-input-file --finalize-memref-to-llvm
// RUN: %compat %s --split-input-file --finalize-memref-to-llvm --mlir-print-debuginfo
// RUN: %pto-opt %s --split-input-file --finalize-memref-to-llvm | FileCheck %s

// CHECK:       llvm.mlir.global private constant @g(dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]> : tensor<4xf32>) {addr_space = 0 : i32} : !llvm.array<4 x f32>
// CHECK:       llvm.mlir.global external @h() {addr_space = 0 : i32} : !llvm.array<2 x array<3 x i32>> {
// CHECK-NEXT:    %[[U:.*]] = llvm.mlir.undef : !llvm.array<2 x array<3 x i32>>
// CHECK-NEXT:    llvm.return %[[U]]
// CHECK:       llvm.mlir.global private @s(4.200000e+01 : f64) {addr_space = 0 : i32, alignment = 16 : i64} : f64
// CHECK:       llvm.mlir.global external @decl() {addr_space = 0 : i32} : !llvm.array<8 x i64>
// CHECK-LABEL: func.func @f(
// CHECK:         %[[A:.*]] = llvm.mlir.addressof @g : !llvm.ptr
// CHECK-NEXT:    llvm.getelementptr %[[A]][0, 0] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<4 x f32>
// CHECK-NEXT:    %[[B:.*]] = llvm.mlir.constant(3735928559 : index) : i64
// CHECK-NEXT:    llvm.inttoptr %[[B]] : i64 to !llvm.ptr
// CHECK:         memref.subview
memref.global "private" constant @g : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]>
memref.global @h : memref<2x3xi32> = uninitialized
memref.global "private" @s : memref<f64> = dense<42.0> {alignment = 16}
memref.global @decl : memref<8xindex>
memref.global "nested" @n : memref<2xi8> = dense<[1, -1]>
func.func @f(%m: memref<8x16xf32>, %i: index, %n: index) -> (memref<4xf32>, memref<2x3xi32>, memref<?x4xf32, strided<[4, 1], offset: ?>>, memref<4x?xf32, strided<[16, 2], offset: ?>>, memref<f64>, memref<8xindex>, memref<2xi8>) {
  %0 = memref.get_global @g : memref<4xf32>
  %1 = memref.get_global @h : memref<2x3xi32>
  %2 = memref.reinterpret_cast %m to offset: [%i], sizes: [%n, 4], strides: [4, 1] : memref<8x16xf32> to memref<?x4xf32, strided<[4, 1], offset: ?>>
  %3 = memref.subview %m[%i, 2][4, %n][1, 2] : memref<8x16xf32> to memref<4x?xf32, strided<[16, 2], offset: ?>>
  %4 = memref.get_global @s : memref<f64>
  %5 = memref.get_global @decl : memref<8xindex>
  %6 = memref.get_global @n : memref<2xi8>
  return %0, %1, %2, %3, %4, %5, %6 : memref<4xf32>, memref<2x3xi32>, memref<?x4xf32, strided<[4, 1], offset: ?>>, memref<4x?xf32, strided<[16, 2], offset: ?>>, memref<f64>, memref<8xindex>, memref<2xi8>
}

// -----

// reinterpret_cast: static and dynamic offset, sizes and strides; to rank 0; from a
// strided source.
// CHECK-LABEL: func.func @casts(
// CHECK:         %[[D:.*]] = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64, array<3 x i64>, array<3 x i64>)>
// CHECK-NEXT:    llvm.extractvalue %{{.*}}[0]
// CHECK-NEXT:    llvm.extractvalue %{{.*}}[1]
func.func @casts(%m: memref<?xf32, strided<[?], offset: ?>>, %o: index, %s: index, %t: index) -> (memref<2x?x3xf32, strided<[?, 3, 1], offset: 5>>, memref<f32, strided<[], offset: ?>>, memref<6xf32>) {
  %0 = memref.reinterpret_cast %m to offset: [5], sizes: [2, %s, 3], strides: [%t, 3, 1] : memref<?xf32, strided<[?], offset: ?>> to memref<2x?x3xf32, strided<[?, 3, 1], offset: 5>>
  %1 = memref.reinterpret_cast %m to offset: [%o], sizes: [], strides: [] : memref<?xf32, strided<[?], offset: ?>> to memref<f32, strided<[], offset: ?>>
  %2 = memref.reinterpret_cast %m to offset: [0], sizes: [6], strides: [1] : memref<?xf32, strided<[?], offset: ?>> to memref<6xf32>
  return %0, %1, %2 : memref<2x?x3xf32, strided<[?, 3, 1], offset: 5>>, memref<f32, strided<[], offset: ?>>, memref<6xf32>
}

// -----

// extract_strided_metadata: a rank-0 descriptor of the source's pointers, then the
// offset, sizes and strides (what expand-strided-metadata rewrites views with).
// CHECK-LABEL: func.func @metadata(
// CHECK:         llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64)>
// CHECK:         llvm.extractvalue %{{.*}}[4, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
func.func @metadata(%m: memref<8x16xf32>, %v: memref<?xi32, strided<[?], offset: ?>>, %z: memref<f64, 1>) -> (memref<f32>, index, index, index, index, index, memref<i32>, index, index, index, memref<f64, 1>, index) {
  %b, %o, %s:2, %t:2 = memref.extract_strided_metadata %m : memref<8x16xf32> -> memref<f32>, index, index, index, index, index
  %b2, %o2, %s2, %t2 = memref.extract_strided_metadata %v : memref<?xi32, strided<[?], offset: ?>> -> memref<i32>, index, index, index
  %b3, %o3 = memref.extract_strided_metadata %z : memref<f64, 1> -> memref<f64, 1>, index
  return %b, %o, %s#0, %s#1, %t#0, %t#1, %b2, %o2, %s2, %t2, %b3, %o3 : memref<f32>, index, index, index, index, index, memref<i32>, index, index, index, memref<f64, 1>, index
}

// -----

// memref.view: the source's aligned pointer advanced by the byte shift, offset 0,
// static and dynamic sizes with row-major strides.
// CHECK-LABEL: func.func @view(
// CHECK:         llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr, i64) -> !llvm.ptr, i8
// CHECK:         llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr, i64) -> !llvm.ptr, i8
// CHECK-NOT:     memref.view
func.func @view(%a: memref<2048xi8>, %off: index, %n: index) -> (memref<4x8xf32>, memref<?x8xf32>) {
  %0 = memref.view %a[%off][] : memref<2048xi8> to memref<4x8xf32>
  %1 = memref.view %a[%off][%n] : memref<2048xi8> to memref<?x8xf32>
  return %0, %1 : memref<4x8xf32>, memref<?x8xf32>
}
