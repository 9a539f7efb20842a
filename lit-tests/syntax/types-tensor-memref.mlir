// Builtin shaped types: ranked/unranked tensors and memrefs with layouts and
// memory spaces.
// RUN: %pto-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: %roundtrip %s --allow-unregistered-dialect
// RUN: %compat %s

// Ranked tensors: 0-d, static, dynamic, zero-sized dims.
// CHECK: #map = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-NEXT: #map1 = affine_map<(d0)[s0] -> (d0 + s0)>
// CHECK-NEXT: module {
// CHECK-NEXT:   %0:6 = "xt.tensor"() : () -> (tensor<f32>, tensor<4xf32>, tensor<4x?x3xf32>, tensor<?x?xi8>, tensor<0xi32>, tensor<0x4xf32>)
"xt.tensor"() : () -> (tensor<f32>, tensor<4xf32>, tensor<4x?x3xf32>, tensor<?x?xi8>, tensor<0xi32>, tensor<0x4xf32>)
// CHECK-NEXT:   %1:4 = "xt.tensor.elt"() : () -> (tensor<4xcomplex<f32>>, tensor<2xvector<4xf32>>, tensor<2xindex>, tensor<1x!xt.elt>)
"xt.tensor.elt"() : () -> (tensor<4xcomplex<f32>>, tensor<2xvector<4xf32>>, tensor<2xindex>, tensor<1x!xt.elt>)
// Encodings are printed with their type (no elision).
// CHECK-NEXT:   %2:5 = "xt.tensor.enc"() : () -> (tensor<4xf32, "enc">, tensor<4x?xf32, 1 : i64>, tensor<?x?xf32, {x = 1 : i64}>, tensor<4xf32, #xt.e>, tensor<8xi8, [1, 2 : i32]>)
"xt.tensor.enc"() : () -> (tensor<4xf32, "enc">, tensor<4x?xf32, 1>, tensor<?x?xf32, {x = 1}>, tensor<4xf32, #xt.e>, tensor<8xi8, [1, 2 : i32]>)
// Unranked tensors.
// CHECK-NEXT:   %3:3 = "xt.tensor.unranked"() : () -> (tensor<*xf32>, tensor<*xi1>, tensor<*xcomplex<f64>>)
"xt.tensor.unranked"() : () -> (tensor<*xf32>, tensor<*xi1>, tensor<*xcomplex<f64>>)

// Memrefs without layout.
// CHECK-NEXT:   %4:6 = "xt.memref"() : () -> (memref<f32>, memref<4xf32>, memref<4x?xf32>, memref<0xi8>, memref<2xvector<4xf32>>, memref<2xmemref<4xi8>>)
"xt.memref"() : () -> (memref<f32>, memref<4xf32>, memref<4x?xf32>, memref<0xi8>, memref<2xvector<4xf32>>, memref<2xmemref<4xi8>>)
// Identity affine-map layouts are dropped, other maps are kept (and aliased).
// CHECK-NEXT:   %5:2 = "xt.memref.idmap"() : () -> (memref<4x4xf32>, memref<f32>)
"xt.memref.idmap"() : () -> (memref<4x4xf32, affine_map<(d0, d1) -> (d0, d1)>>, memref<f32, affine_map<() -> ()>>)
// CHECK-NEXT:   %6:2 = "xt.memref.map"() : () -> (memref<4x4xf32, #map>, memref<4xf32, #map1>)
"xt.memref.map"() : () -> (memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>, memref<4xf32, affine_map<(d0)[s0] -> (d0 + s0)>>)
// Strided layouts.
// CHECK-NEXT:   %7:5 = "xt.memref.strided"() : () -> (memref<4x4xf32, strided<[4, 1]>>, memref<4x4xf32, strided<[?, 1], offset: ?>>, memref<4xf32, strided<[2], offset: 3>>, memref<4xf32, strided<[1]>>, memref<f32, strided<[], offset: 5>>)
"xt.memref.strided"() : () -> (memref<4x4xf32, strided<[4, 1]>>, memref<4x4xf32, strided<[?, 1], offset: ?>>, memref<4xf32, strided<[2], offset: 3>>, memref<4xf32, strided<[1], offset: 0>>, memref<f32, strided<[], offset: 5>>)
// Memory spaces: integers (i64 type elided), typed integers, strings; 0 is dropped.
// CHECK-NEXT:   %8:5 = "xt.memref.space"() : () -> (memref<4xf32, 1>, memref<4xf32, 1 : i32>, memref<4xf32, "gpu">, memref<4xf32>, memref<4xf32>)
"xt.memref.space"() : () -> (memref<4xf32, 1>, memref<4xf32, 1 : i32>, memref<4xf32, "gpu">, memref<4xf32, 0>, memref<4xf32, 0 : i32>)
// CHECK-NEXT:   %9:3 = "xt.memref.both"() : () -> (memref<4x4xf32, #map, 2>, memref<4x4xf32, strided<[4, 1]>, 3>, memref<4x4xf32, 5>)
"xt.memref.both"() : () -> (memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>, 2>, memref<4x4xf32, strided<[4, 1]>, 3>, memref<4x4xf32, affine_map<(d0, d1) -> (d0, d1)>, 5>)
// Unranked memrefs.
// CHECK-NEXT:   %10:4 = "xt.memref.unranked"() : () -> (memref<*xf32>, memref<*xf32, 3>, memref<*xi8, "shared">, memref<*xf32>)
"xt.memref.unranked"() : () -> (memref<*xf32>, memref<*xf32, 3>, memref<*xi8, "shared">, memref<*xf32, 0>)
// CHECK-NEXT: }
