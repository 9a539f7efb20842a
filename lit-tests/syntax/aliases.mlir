// Type and attribute aliases written in the input are inlined (their names are
// not kept); the printer makes its own aliases for affine maps and for locations
// used as attribute values.
// RUN: %pto-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: %roundtrip %s --allow-unregistered-dialect
// RUN: %compat %s

!ty = i32
!vec = vector<4x!ty>
#attr = 42 : i64
#arr = [#attr, "s"]
#id = affine_map<(d0) -> (d0)>
#perm = affine_map<(d0, d1) -> (d1, d0)>
#keep = #perm
!mem = memref<4x4xf32, #perm>
#where = loc("here.mlir":3:4)

// CHECK: #loc = loc("here.mlir":3:4)
// CHECK-NEXT: #map = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-NEXT: #map1 = affine_map<(d0) -> (d0)>
// CHECK-NEXT: module {
// CHECK-NEXT:   %0:4 = "xt.types"() : () -> (i32, vector<4xi32>, memref<4x4xf32, #map>, tuple<vector<4xi32>>)
"xt.types"() : () -> (!ty, !vec, !mem, tuple<!vec>)
// CHECK-NEXT:   "xt.attrs"() {a = 42 : i64, b = [42, "s"], c = #map1, d = #map, e = #loc, f = [#loc]} : () -> ()
"xt.attrs"() {a = #attr, b = #arr, c = #id, d = #keep, e = #where, f = [#where]} : () -> ()
// Aliases inside other types; an identity map layout is dropped.
// CHECK-NEXT:   "xt.mix"() {a = dense<1> : tensor<2xi32>, b = #xt.opaque<"x">, m = memref<2xf32>} : () -> ()
"xt.mix"() {a = dense<1> : tensor<2x!ty>, b = #xt.opaque<"x">, m = memref<2xf32, #id>} : () -> ()
// Aliases may be used in block argument types and operand types.
// CHECK-NEXT:   %1 = "xt.def"() : () -> i32
%0 = "xt.def"() : () -> !ty
// CHECK-NEXT:   "xt.region"(%1) ({
// CHECK-NEXT:   ^bb0(%arg0: vector<4xi32>):
// CHECK-NEXT:     "xt.use"(%arg0) : (vector<4xi32>) -> ()
// CHECK-NEXT:   }) : (i32) -> ()
"xt.region"(%0) ({
^bb0(%arg0: !vec):
  "xt.use"(%arg0) : (!vec) -> ()
}) : (!ty) -> ()
// CHECK-NEXT: }
