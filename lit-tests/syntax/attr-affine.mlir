// affine_map attributes: printing and construction-time
// simplification. Maps are hoisted into #map aliases.
// RUN: %pto-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: %roundtrip %s --allow-unregistered-dialect
// RUN: %compat %s

// CHECK: #map = affine_map<(d0, d1)[s0] -> (d0, d1 + s0)>
// CHECK-NEXT: #map1 = affine_map<() -> (0)>
// CHECK-NEXT: #map2 = affine_map<(d0) -> ()>
// CHECK-NEXT: #map3 = affine_map<()[s0] -> (s0)>
// CHECK-NEXT: #map4 = affine_map<(d0) -> (d0 * 2)>
// CHECK-NEXT: #map5 = affine_map<(d0)[s0] -> (d0 * s0, d0 + s0)>
// CHECK-NEXT: #map6 = affine_map<(d0, d1) -> (d0 + d1 * 4 + 3)>
// CHECK-NEXT: #map7 = affine_map<(d0) -> (5)>
// CHECK-NEXT: #map8 = affine_map<(d0, d1) -> (d0 - d1)>
// CHECK-NEXT: #map9 = affine_map<(d0, d1) -> (d0 - d1 * 2)>
// CHECK-NEXT: #map10 = affine_map<(d0) -> (d0 - 3)>
// CHECK-NEXT: #map11 = affine_map<(d0) -> (-d0)>
// CHECK-NEXT: #map12 = affine_map<(d0, d1, d2) -> (d0 - (d1 + 1), d0 - (d1 - d2))>
// CHECK-NEXT: #map13 = affine_map<(d0) -> (-d0 + 5)>
// CHECK-NEXT: #map14 = affine_map<(d0) -> (d0 floordiv 2, d0 ceildiv 4, d0 mod 3)>
// CHECK-NEXT: #map15 = affine_map<(d0) -> (d0 floordiv -2)>
// CHECK-NEXT: #map16 = affine_map<(d0)[s0] -> ((d0 + 1) * s0, (d0 + s0) mod 7)>
// CHECK-NEXT: #map17 = affine_map<() -> (3, 4, 1, -4, 2)>
// CHECK-NEXT: #map18 = affine_map<(d0) -> (0, 0, d0)>
// CHECK-NEXT: #map19 = affine_map<(d0)[s0] -> (d0 * -2 - s0)>
// CHECK-NEXT: #map20 = affine_map<(d0) -> (-1)>
// CHECK-NEXT: #map21 = affine_map<(d0, d1) -> (-d0 + d1)>
// CHECK-NEXT: #map22 = affine_map<(d0) -> (-(d0 + 1))>
// CHECK-NEXT: #map23 = affine_map<(d0, d1) -> (d0, d1 + 1)>
// CHECK-NEXT: #map24 = affine_map<(d0) -> (d0 * 9)>
// CHECK-NEXT: module {
// CHECK-NEXT:   "xt.map.basic"() {a = #map, b = #map1, c = #map2, d = #map3} : () -> ()
"xt.map.basic"() {a = affine_map<(d0, d1)[s0] -> (d0, d1 + s0)>, b = affine_map<() -> (0)>, c = affine_map<(d0) -> ()>, d = affine_map<()[s0] -> (s0)>} : () -> ()
// Constants go to the right, dims before symbols, constants folded.
// CHECK-NEXT:   "xt.map.canon"() {a = #map4, b = #map5, c = #map6, e = #map7} : () -> ()
"xt.map.canon"() {a = affine_map<(d0) -> (2 * d0)>, b = affine_map<(d0)[s0] -> (s0 * d0, s0 + d0)>, c = affine_map<(d0, d1) -> (3 + d0 + d1 * 4)>, e = affine_map<(d0) -> (2 + 3)>} : () -> ()
// Subtraction and negation.
// CHECK-NEXT:   "xt.map.sub"() {a = #map8, b = #map9, c = #map10, d = #map11, e = #map12, f = #map13} : () -> ()
"xt.map.sub"() {a = affine_map<(d0, d1) -> (d0 - d1)>, b = affine_map<(d0, d1) -> (d0 - d1 * 2)>, c = affine_map<(d0) -> (d0 - 3)>, d = affine_map<(d0) -> (-d0)>, e = affine_map<(d0, d1, d2) -> (d0 - (d1 + 1), d0 - (d1 - d2))>, f = affine_map<(d0) -> (d0 * -1 + 5)>} : () -> ()
// floordiv, ceildiv, mod and parenthesization.
// CHECK-NEXT:   "xt.map.div"() {a = #map14, c = #map15, f = #map16} : () -> ()
"xt.map.div"() {a = affine_map<(d0) -> (d0 floordiv 2, d0 ceildiv 4, d0 mod 3)>, c = affine_map<(d0) -> (d0 floordiv -2)>, f = affine_map<(d0)[s0] -> ((d0 + 1) * s0, (d0 + s0) mod 7)>} : () -> ()
// Constant folding of div/mod.
// CHECK-NEXT:   "xt.map.fold"() {a = #map17, b = #map18} : () -> ()
"xt.map.fold"() {a = affine_map<() -> (7 floordiv 2, 7 ceildiv 2, 7 mod 3, -7 floordiv 2, -7 mod 3)>, b = affine_map<(d0) -> (d0 mod 1, 0 floordiv 4, d0 floordiv 1)>} : () -> ()
// CHECK-NEXT:   "xt.map.neg"() {a = #map19, b = #map20, c = #map21, d = #map22} : () -> ()
"xt.map.neg"() {a = affine_map<(d0)[s0] -> (d0 * -2 - s0)>, b = affine_map<(d0) -> (-1)>, c = affine_map<(d0, d1) -> (-d0 + d1)>, d = affine_map<(d0) -> (-(d0 + 1))>} : () -> ()
// The same map used twice gets one alias; maps in arrays are aliased too.
// CHECK-NEXT:   "xt.map.reuse"() {a = #map23, b = [#map23, #map24]} : () -> ()
"xt.map.reuse"() {a = affine_map<(d0, d1) -> (d0, d1 + 1)>, b = [affine_map<(d0, d1) -> (d0, d1 + 1)>, affine_map<(d0) -> (d0 * 9)>]} : () -> ()
// CHECK-NEXT: }
