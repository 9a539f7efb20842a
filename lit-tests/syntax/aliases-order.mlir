// Order in which the printer numbers its aliases: for generic/unregistered ops the
// regions are visited before the op's own attributes; properties of unregistered
// ops are not visited (so their maps print inline); aliases are sorted by depth.
// RUN: %pto-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: %pto-opt %s --allow-unregistered-dialect --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: %roundtrip %s --allow-unregistered-dialect
// RUN: %compat %s

// CHECK: #loc = loc("a.mlir":1:1)
// CHECK-NEXT: #loc1 = loc("b.mlir":1:1)
// CHECK-NEXT: #map = affine_map<(d0) -> (d0 * 3)>
// CHECK-NEXT: #map1 = affine_map<(d0) -> (d0 * 2)>
// CHECK-NEXT: #map2 = affine_map<(d0) -> (d0 * 5)>
// CHECK-NEXT: #map3 = affine_map<(d0) -> (d0 * 7)>
// CHECK-NEXT: #map4 = affine_map<(d0) -> (d0 + 2)>
// CHECK-NEXT: #map5 = affine_map<(d0) -> (d0 + 1)>
// CHECK-NEXT: #map6 = affine_map<(d0) -> (d0 + 4)>
// CHECK-NEXT: #map7 = affine_map<(d0) -> (d0 + 3)>
// CHECK-NEXT: module {
// CHECK-NEXT:   "xt.outer"() ({
// CHECK-NEXT:     "xt.inner"() {m = #map} : () -> ()
// CHECK-NEXT:   }) {a = #map1, t = memref<2xf32, #map2>} : () -> ()
"xt.outer"() ({
  "xt.inner"() {m = affine_map<(d0) -> (d0 * 3)>} : () -> ()
}) {a = affine_map<(d0) -> (d0 * 2)>, t = memref<2xf32, affine_map<(d0) -> (d0 * 5)>>} : () -> ()
// CHECK-NEXT:   "xt.p"() <{m = affine_map<(d0) -> (d0 * 9)>}> : () -> ()
"xt.p"() <{m = affine_map<(d0) -> (d0 * 9)>}> : () -> ()
// CHECK-NEXT:   %0 = "xt.tup"() : () -> tuple<memref<2xf32, #map3>, i32>
"xt.tup"() : () -> tuple<memref<2xf32, affine_map<(d0) -> (d0 * 7)>>, i32>
// The operand and result types are visited before the attributes.
// CHECK-NEXT:   %1 = "xt.def"() {z = #map5} : () -> memref<2xf32, #map4>
%0 = "xt.def"() {z = affine_map<(d0) -> (d0 + 1)>} : () -> memref<2xf32, affine_map<(d0) -> (d0 + 2)>>
// CHECK-NEXT:   %2 = "xt.use"(%1) {z = #map7} : (memref<2xf32, #map4>) -> memref<2xf32, #map6>
"xt.use"(%0) {z = affine_map<(d0) -> (d0 + 3)>} : (memref<2xf32, affine_map<(d0) -> (d0 + 2)>>) -> memref<2xf32, affine_map<(d0) -> (d0 + 4)>>
// Locations used as attribute values.
// CHECK-NEXT:   "xt.loc"() {a = #loc, b = #loc1} : () -> ()
"xt.loc"() {b = loc("b.mlir":1:1), a = loc("a.mlir":1:1)} : () -> ()
// CHECK-NEXT: }

// Aliases are also used in generic form.
// GENERIC: #map7 = affine_map<(d0) -> (d0 + 3)>
// GENERIC-NEXT: "builtin.module"() ({
// GENERIC-NEXT:   "xt.outer"() ({
// GENERIC-NEXT:     "xt.inner"() {m = #map} : () -> ()
// GENERIC-NEXT:   }) {a = #map1, t = memref<2xf32, #map2>} : () -> ()
// GENERIC-NEXT:   "xt.p"() <{m = affine_map<(d0) -> (d0 * 9)>}> : () -> ()
// GENERIC:        "xt.loc"() {a = #loc, b = #loc1} : () -> ()
// GENERIC-NEXT: }) : () -> ()
