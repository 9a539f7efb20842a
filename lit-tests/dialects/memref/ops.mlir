// memref dialect: alloc (dynamic sizes, symbols, alignment), alloca, dealloc, load,
// store (nontemporal), prefetch, subview (static, dynamic, rank-reducing), cast,
// reinterpret_cast, dim, copy, global (public/private, constant, uninitialized,
// initial values, alignment), get_global, view, collapse_shape, expand_shape and
// extract_strided_metadata.
// Layout maps used in types are printed as `#map` aliases at the top.
// RUN: %pto-opt %s | FileCheck %s
// RUN: %roundtrip %s
// RUN: %compat %s

// CHECK-DAG: #map = affine_map<(d0, d1)[s0] -> (d0 * 8 + d1 + s0)>
// CHECK-DAG: #map1 = affine_map<(d0, d1)[s0, s1] -> (d0 * s0 + d1 + s1)>
// CHECK-LABEL: memref.global "private" @priv : memref<4xf32>
memref.global "private" @priv : memref<4xf32>
// CHECK-LABEL: memref.global @pub_init : memref<2xi32> = dense<[1, 2]>
memref.global @pub_init : memref<2xi32> = dense<[1, 2]>
// CHECK-LABEL: memref.global "private" constant @const_splat : memref<2x3xf32> = dense<1.000000e+00> {alignment = 64 : i64}
memref.global "private" constant @const_splat : memref<2x3xf32> = dense<1.0> {alignment = 64 : i64}
// CHECK-LABEL: memref.global @uninit : memref<8xi8> = uninitialized
memref.global @uninit : memref<8xi8> = uninitialized
// CHECK-LABEL: memref.global "public" constant @scalar : memref<i64> = dense<7>
memref.global "public" constant @scalar : memref<i64> = dense<7>
// CHECK-LABEL: memref.global "private" @ext_decl : memref<3xf16>
memref.global "private" @ext_decl : memref<3xf16>

// CHECK-LABEL: func.func @alloc(%arg0: index, %arg1: index, %arg2: index) {
// CHECK-NEXT:   %alloc = memref.alloc() : memref<4x4xf32>
// CHECK-NEXT:   %alloc_0 = memref.alloc(%arg0) : memref<?xi8>
// CHECK-NEXT:   %alloc_1 = memref.alloc(%arg0, %arg1) {alignment = 16 : i64} : memref<?x4x?xf64>
// CHECK-NEXT:   %alloc_2 = memref.alloc()[%arg2] : memref<8x8xf32, #map>
// CHECK-NEXT:   %alloc_3 = memref.alloc(%arg0)[%arg2, %arg1] : memref<?x4xi32, #map1>
// CHECK-NEXT:   %alloc_4 = memref.alloc() : memref<2xf32, 1>
// CHECK-NEXT:   %alloc_5 = memref.alloc() : memref<f32>
// CHECK-NEXT:   memref.dealloc %alloc : memref<4x4xf32>
// CHECK-NEXT:   memref.dealloc %alloc_0 : memref<?xi8>
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @alloc(%n: index, %m: index, %s: index) {
  %0 = memref.alloc() : memref<4x4xf32>
  %1 = memref.alloc(%n) : memref<?xi8>
  %2 = memref.alloc(%n, %m) {alignment = 16 : i64} : memref<?x4x?xf64>
  %3 = memref.alloc()[%s] : memref<8x8xf32, affine_map<(d0, d1)[s0] -> (d0 * 8 + d1 + s0)>>
  %4 = memref.alloc(%n)[%s, %m] : memref<?x4xi32, affine_map<(d0, d1)[s0, s1] -> (d0 * s0 + d1 + s1)>>
  %5 = memref.alloc() : memref<2xf32, 1>
  %6 = memref.alloc() : memref<f32>
  memref.dealloc %0 : memref<4x4xf32>
  memref.dealloc %1 : memref<?xi8>
  return
}

// CHECK-LABEL: func.func @alloca(%arg0: index) {
// CHECK-NEXT:   %alloca = memref.alloca() : memref<16xf32>
// CHECK-NEXT:   %alloca_0 = memref.alloca(%arg0) {alignment = 32 : i64} : memref<?x2xi64>
// CHECK-NEXT:   %alloca_1 = memref.alloca() : memref<vector<4xf32>>
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @alloca(%n: index) {
  %0 = memref.alloca() : memref<16xf32>
  %1 = memref.alloca(%n) {alignment = 32 : i64} : memref<?x2xi64>
  %2 = memref.alloca() : memref<vector<4xf32>>
  return
}

// CHECK-LABEL: func.func @load_store(%arg0: memref<4x?xf32>, %arg1: memref<f64>, %arg2: index, %arg3: index, %arg4: f32) {
// CHECK-NEXT:   %0 = memref.load %arg0[%arg2, %arg3] : memref<4x?xf32>
// CHECK-NEXT:   %1 = memref.load %arg1[] : memref<f64>
// CHECK-NEXT:   memref.store %arg4, %arg0[%arg2, %arg3] : memref<4x?xf32>
// CHECK-NEXT:   memref.store %arg4, %arg0[%arg3, %arg2] {nontemporal = true} : memref<4x?xf32>
// CHECK-NEXT:   %2 = memref.load %arg0[%arg2, %arg2] {nontemporal = true} : memref<4x?xf32>
// CHECK-NEXT:   memref.store %1, %arg1[] : memref<f64>
// CHECK-NEXT:   memref.prefetch %arg0[%arg2, %arg3], read, locality<3>, data : memref<4x?xf32>
// CHECK-NEXT:   memref.prefetch %arg1[], write, locality<0>, instr : memref<f64>
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @load_store(%m: memref<4x?xf32>, %z: memref<f64>, %i: index, %j: index, %v: f32) {
  %0 = memref.load %m[%i, %j] : memref<4x?xf32>
  %1 = memref.load %z[] : memref<f64>
  memref.store %v, %m[%i, %j] : memref<4x?xf32>
  memref.store %v, %m[%j, %i] {nontemporal = true} : memref<4x?xf32>
  %2 = memref.load %m[%i, %i] {nontemporal = true} : memref<4x?xf32>
  memref.store %1, %z[] : memref<f64>
  memref.prefetch %m[%i, %j], read, locality<3>, data : memref<4x?xf32>
  memref.prefetch %z[], write, locality<0>, instr : memref<f64>
  return
}

// CHECK-LABEL: func.func @subview(%arg0: memref<8x16xf32>, %arg1: memref<?x?xf32>, %arg2: index, %arg3: index, %arg4: index) {
// CHECK-NEXT:   %subview = memref.subview %arg0[0, 0] [4, 4] [1, 1] : memref<8x16xf32> to memref<4x4xf32, strided<[16, 1]>>
// CHECK-NEXT:   %subview_0 = memref.subview %arg0[1, 4] [4, 8] [2, 1] : memref<8x16xf32> to memref<4x8xf32, strided<[32, 1], offset: 20>>
// CHECK-NEXT:   %subview_1 = memref.subview %arg1[%arg2, %arg3] [%arg4, 4] [1, %arg4] : memref<?x?xf32> to memref<?x4xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT:   %subview_2 = memref.subview %arg0[3, 0] [1, 16] [1, 1] : memref<8x16xf32> to memref<16xf32, strided<[1], offset: 48>>
// CHECK-NEXT:   %subview_3 = memref.subview %arg1[%arg2, 0] [1, %arg4] [1, 1] : memref<?x?xf32> to memref<?xf32, strided<[1], offset: ?>>
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @subview(%m: memref<8x16xf32>, %d: memref<?x?xf32>, %i: index, %j: index, %n: index) {
  %0 = memref.subview %m[0, 0] [4, 4] [1, 1] : memref<8x16xf32> to memref<4x4xf32, strided<[16, 1]>>
  %1 = memref.subview %m[1, 4] [4, 8] [2, 1] : memref<8x16xf32> to memref<4x8xf32, strided<[32, 1], offset: 20>>
  %2 = memref.subview %d[%i, %j] [%n, 4] [1, %n] : memref<?x?xf32> to memref<?x4xf32, strided<[?, ?], offset: ?>>
  %3 = memref.subview %m[3, 0] [1, 16] [1, 1] : memref<8x16xf32> to memref<16xf32, strided<[1], offset: 48>>
  %4 = memref.subview %d[%i, 0] [1, %n] [1, 1] : memref<?x?xf32> to memref<?xf32, strided<[1], offset: ?>>
  return
}

// CHECK-LABEL: func.func @casts(%arg0: memref<4xf32>, %arg1: memref<?xf32>, %arg2: memref<*xf32>, %arg3: index) {
// CHECK-NEXT:   %cast = memref.cast %arg0 : memref<4xf32> to memref<?xf32>
// CHECK-NEXT:   %cast_0 = memref.cast %arg1 : memref<?xf32> to memref<4xf32>
// CHECK-NEXT:   %cast_1 = memref.cast %arg0 : memref<4xf32> to memref<*xf32>
// CHECK-NEXT:   %cast_2 = memref.cast %arg2 : memref<*xf32> to memref<?xf32>
// CHECK-NEXT:   %reinterpret_cast = memref.reinterpret_cast %arg0 to offset: [0], sizes: [2, 2], strides: [2, 1] : memref<4xf32> to memref<2x2xf32>
// CHECK-NEXT:   %reinterpret_cast_3 = memref.reinterpret_cast %arg1 to offset: [%arg3], sizes: [%arg3, 4], strides: [4, 1] : memref<?xf32> to memref<?x4xf32, strided<[4, 1], offset: ?>>
// CHECK-NEXT:   %reinterpret_cast_4 = memref.reinterpret_cast %arg2 to offset: [1], sizes: [3], strides: [1] : memref<*xf32> to memref<3xf32, strided<[1], offset: 1>>
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @casts(%m: memref<4xf32>, %d: memref<?xf32>, %u: memref<*xf32>, %o: index) {
  %0 = memref.cast %m : memref<4xf32> to memref<?xf32>
  %1 = memref.cast %d : memref<?xf32> to memref<4xf32>
  %2 = memref.cast %m : memref<4xf32> to memref<*xf32>
  %3 = memref.cast %u : memref<*xf32> to memref<?xf32>
  %4 = memref.reinterpret_cast %m to offset: [0], sizes: [2, 2], strides: [2, 1] : memref<4xf32> to memref<2x2xf32>
  %5 = memref.reinterpret_cast %d to offset: [%o], sizes: [%o, 4], strides: [4, 1] : memref<?xf32> to memref<?x4xf32, strided<[4, 1], offset: ?>>
  %6 = memref.reinterpret_cast %u to offset: [1], sizes: [3], strides: [1] : memref<*xf32> to memref<3xf32, strided<[1], offset: 1>>
  return
}

// CHECK-LABEL: func.func @dim_copy(%arg0: memref<?x8xf32>, %arg1: memref<?x8xf32>, %arg2: memref<*xi32>) -> index {
// CHECK-NEXT:   %c0 = arith.constant 0 : index
// CHECK-NEXT:   %c1 = arith.constant 1 : index
// CHECK-NEXT:   %dim = memref.dim %arg0, %c0 : memref<?x8xf32>
// CHECK-NEXT:   %dim_0 = memref.dim %arg2, %c1 : memref<*xi32>
// CHECK-NEXT:   memref.copy %arg0, %arg1 : memref<?x8xf32> to memref<?x8xf32>
// CHECK-NEXT:   return %dim : index
// CHECK-NEXT: }
func.func @dim_copy(%a: memref<?x8xf32>, %b: memref<?x8xf32>, %u: memref<*xi32>) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0 = memref.dim %a, %c0 : memref<?x8xf32>
  %1 = memref.dim %u, %c1 : memref<*xi32>
  memref.copy %a, %b : memref<?x8xf32> to memref<?x8xf32>
  return %0 : index
}

// CHECK-LABEL: func.func @get_global() {
// CHECK-NEXT:   %0 = memref.get_global @priv : memref<4xf32>
// CHECK-NEXT:   %1 = memref.get_global @const_splat : memref<2x3xf32>
// CHECK-NEXT:   %2 = memref.get_global @scalar : memref<i64>
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @get_global() {
  %0 = memref.get_global @priv : memref<4xf32>
  %1 = memref.get_global @const_splat : memref<2x3xf32>
  %2 = memref.get_global @scalar : memref<i64>
  return
}

// CHECK-LABEL: func.func @view(%arg0: memref<2048xi8>, %arg1: index, %arg2: index) {
// CHECK-NEXT:   %view = memref.view %arg0[%arg1][] : memref<2048xi8> to memref<16x4xf32>
// CHECK-NEXT:   %view_0 = memref.view %arg0[%arg1][%arg2, %arg2] : memref<2048xi8> to memref<?x?xf32>
// CHECK-NEXT:   %view_1 = memref.view %arg0[%arg1][%arg2] : memref<2048xi8> to memref<4x?xf16>
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @view(%buf: memref<2048xi8>, %off: index, %n: index) {
  %0 = memref.view %buf[%off][] : memref<2048xi8> to memref<16x4xf32>
  %1 = memref.view %buf[%off][%n, %n] : memref<2048xi8> to memref<?x?xf32>
  %2 = memref.view %buf[%off][%n] : memref<2048xi8> to memref<4x?xf16>
  return
}

// CHECK-LABEL: func.func @reshape(%arg0: memref<2x3x4xf32>, %arg1: memref<24xf32>, %arg2: memref<?x4xf32>, %arg3: index) {
// CHECK-NEXT:   %collapse_shape = memref.collapse_shape %arg0 {{\[\[}}0, 1], [2]] : memref<2x3x4xf32> into memref<6x4xf32>
// CHECK-NEXT:   %collapse_shape_0 = memref.collapse_shape %arg0 {{\[\[}}0, 1, 2]] : memref<2x3x4xf32> into memref<24xf32>
// CHECK-NEXT:   %collapse_shape_1 = memref.collapse_shape %arg2 {{\[\[}}0, 1]] : memref<?x4xf32> into memref<?xf32>
// CHECK-NEXT:   %expand_shape = memref.expand_shape %arg1 {{\[\[}}0, 1]] output_shape [4, 6] : memref<24xf32> into memref<4x6xf32>
// CHECK-NEXT:   %expand_shape_2 = memref.expand_shape %arg1 {{\[\[}}0, 1, 2]] output_shape [2, 3, 4] : memref<24xf32> into memref<2x3x4xf32>
// CHECK-NEXT:   %expand_shape_3 = memref.expand_shape %arg2 {{\[\[}}0, 1], [2]] output_shape [%arg3, 2, 4] : memref<?x4xf32> into memref<?x2x4xf32>
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @reshape(%m: memref<2x3x4xf32>, %f: memref<24xf32>, %d: memref<?x4xf32>, %n: index) {
  %0 = memref.collapse_shape %m [[0, 1], [2]] : memref<2x3x4xf32> into memref<6x4xf32>
  %1 = memref.collapse_shape %m [[0, 1, 2]] : memref<2x3x4xf32> into memref<24xf32>
  %2 = memref.collapse_shape %d [[0, 1]] : memref<?x4xf32> into memref<?xf32>
  %3 = memref.expand_shape %f [[0, 1]] output_shape [4, 6] : memref<24xf32> into memref<4x6xf32>
  %4 = memref.expand_shape %f [[0, 1, 2]] output_shape [2, 3, 4] : memref<24xf32> into memref<2x3x4xf32>
  %5 = memref.expand_shape %d [[0, 1], [2]] output_shape [%n, 2, 4] : memref<?x4xf32> into memref<?x2x4xf32>
  return
}

// extract_strided_metadata names its results, the sizes and strides as groups.
// CHECK-LABEL: func.func @metadata(
// CHECK-NEXT:    %base_buffer, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %arg0 : memref<8x16xf32> -> memref<f32>, index, index, index, index, index
// CHECK-NEXT:    %base_buffer_0, %offset_1 = memref.extract_strided_metadata %arg1 : memref<f64, 1> -> memref<f64, 1>, index
func.func @metadata(%m: memref<8x16xf32>, %z: memref<f64, 1>) {
  %b, %o, %s:2, %t:2 = memref.extract_strided_metadata %m : memref<8x16xf32> -> memref<f32>, index, index, index, index, index
  %b3, %o3 = memref.extract_strided_metadata %z : memref<f64, 1> -> memref<f64, 1>, index
  return
}
