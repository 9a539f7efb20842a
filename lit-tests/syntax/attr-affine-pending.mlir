// affine_map/affine_set cases on which pto-opt disagrees with mlir-opt (see bugs.md).
// RUN: %pto-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: %roundtrip %s --allow-unregistered-dialect
// RUN: %compat %s

// Like terms are merged.
// CHECK: #map = affine_map<(d0) -> (d0 * 3 + 1)>
// CHECK-NEXT: #map1 = affine_map<(d0, d1) -> (d0 + d1 - d1)>
// CHECK-NEXT: #map2 = affine_map<(d0) -> (-(d0 floordiv 2))>
// CHECK-NEXT: #map3 = affine_map<(d0, d1) -> (d0 mod 2 + (d1 floordiv 3) * 4)>
// CHECK-NEXT: #map4 = affine_map<(d0) -> ((d0 * 2) floordiv 3)>
// CHECK-NEXT: #map5 = affine_map<(d0) -> ((d0 mod 4) mod 3)>
// CHECK-NEXT: #map6 = affine_map<(d0) -> (d0 * 2, 0, 0)>
// CHECK-NEXT: #map7 = affine_map<(d0) -> (d0 * 2)>
// CHECK-NEXT: #set = affine_set<(d0)[s0] : (d0 - s0 >= 0, d0 == 0, -d0 + 10 >= 0)>
// CHECK-NEXT: #set1 = affine_set<(d0, d1) : (d0 + d1 >= 0)>
// CHECK-NEXT: #set2 = affine_set<() : (0 == 0)>
// CHECK-NEXT: module {
// CHECK-NEXT:   "xt.map.merge"() {a = #map, b = #map1} : () -> ()
"xt.map.merge"() {a = affine_map<(d0) -> (d0 * 2 + 1 + d0)>, b = affine_map<(d0, d1) -> (d1 + d0 - d1)>} : () -> ()
// Strong operators in a strong context keep their parentheses.
// CHECK-NEXT:   "xt.map.paren"() {a = #map2, b = #map3, c = #map4, d = #map5} : () -> ()
"xt.map.paren"() {a = affine_map<(d0) -> (-(d0 floordiv 2))>, b = affine_map<(d0, d1) -> (d0 mod 2 + (d1 floordiv 3) * 4)>, c = affine_map<(d0) -> ((d0 * 2) floordiv 3)>, d = affine_map<(d0) -> ((d0 mod 4) mod 3)>} : () -> ()
// Division and modulo of exact multiples are simplified.
// CHECK-NEXT:   "xt.map.fold"() {a = #map6, b = #map7} : () -> ()
"xt.map.fold"() {a = affine_map<(d0) -> (d0 * 4 floordiv 2, (d0 * 6) mod 3, d0 mod 1)>, b = affine_map<(d0) -> ((d0 * 8) ceildiv 4)>} : () -> ()
// Integer sets.
// CHECK-NEXT:   "xt.set"() {a = #set, b = #set1, c = #set2} : () -> ()
"xt.set"() {a = affine_set<(d0)[s0] : (d0 - s0 >= 0, d0 == 0, -d0 + 10 >= 0)>, b = affine_set<(d0, d1) : (d0 + d1 >= 0)>, c = affine_set<() : (0 == 0)>} : () -> ()
// CHECK-NEXT: }
