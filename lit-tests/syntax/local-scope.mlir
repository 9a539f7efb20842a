// --mlir-print-local-scope prints every attribute inline (no #map/#loc aliases).
// RUN: %pto-opt %s --allow-unregistered-dialect --mlir-print-local-scope | FileCheck %s
// RUN: %pto-opt %s --allow-unregistered-dialect --mlir-print-local-scope --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: %roundtrip %s --allow-unregistered-dialect --mlir-print-local-scope
// RUN: %compat %s --mlir-print-local-scope

#map = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-NOT: {{^#}}
// CHECK: {{^}}module {
// CHECK-NEXT:   "xt.a"() {l = loc("x.mlir":1:2), m = affine_map<(d0, d1) -> (d1, d0)>, t = memref<2x2xf32, affine_map<(d0, d1) -> (d1, d0)>>} : () -> ()
"xt.a"() {m = #map, l = loc("x.mlir":1:2), t = memref<2x2xf32, #map>} : () -> ()
// CHECK-NEXT:   "xt.b"() ({
// CHECK-NEXT:     "xt.c"() {m = affine_map<(d0) -> (d0 floordiv 4)>} : () -> ()
// CHECK-NEXT:   }) : () -> ()
"xt.b"() ({
  "xt.c"() {m = affine_map<(d0) -> (d0 floordiv 4)>} : () -> ()
}) : () -> ()
// CHECK-NEXT: }

// GENERIC: "builtin.module"() ({
// GENERIC-NEXT:   "xt.a"() {l = loc("x.mlir":1:2), m = affine_map<(d0, d1) -> (d1, d0)>, t = memref<2x2xf32, affine_map<(d0, d1) -> (d1, d0)>>} : () -> ()
// GENERIC-NEXT:   "xt.b"() ({
// GENERIC-NEXT:     "xt.c"() {m = affine_map<(d0) -> (d0 floordiv 4)>} : () -> ()
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT: }) : () -> ()
