// --split-input-file: each chunk is parsed and printed on its own (own aliases,
// own value numbering); outputs are joined with the same marker.
// RUN: %pto-opt %s --allow-unregistered-dialect --split-input-file | FileCheck %s
// RUN: %pto-opt %s --allow-unregistered-dialect --split-input-file --output-split-marker=XYZ | FileCheck %s --check-prefix=MARKER
// RUN: %roundtrip %s --allow-unregistered-dialect --split-input-file
// RUN: %compat %s --split-input-file

#m = affine_map<(d0) -> (d0 * 2)>
%0 = "xt.first"() {m = #m} : () -> i32

// -----

// A fresh chunk: the alias #m from chunk 1 is not visible, numbering restarts.
#m = affine_map<(d0) -> (d0 * 3)>
%0 = "xt.second"() {m = #m, n = affine_map<(d0) -> (d0 * 2)>} : () -> i64

// -----
// -----

// The chunk above is empty and prints an empty module; this one holds a module.
module @m {
  "xt.third"() : () -> ()
}
// -----
// Only comments.

// CHECK: #map = affine_map<(d0) -> (d0 * 2)>
// CHECK-NEXT: module {
// CHECK-NEXT:   %0 = "xt.first"() {m = #map} : () -> i32
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}//{{ -----$}}
// CHECK-NEXT: #map = affine_map<(d0) -> (d0 * 3)>
// CHECK-NEXT: #map1 = affine_map<(d0) -> (d0 * 2)>
// CHECK-NEXT: module {
// CHECK-NEXT:   %0 = "xt.second"() {m = #map, n = #map1} : () -> i64
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}//{{ -----$}}
// CHECK-NEXT: module {
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}//{{ -----$}}
// CHECK-NEXT: module @m {
// CHECK-NEXT:   "xt.third"() : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}//{{ -----$}}
// CHECK-NEXT: module {
// CHECK-NEXT: }

// A custom output separator.
// MARKER: "xt.first"
// MARKER: {{^}}XYZ{{$}}
// MARKER-NEXT: #map = affine_map<(d0) -> (d0 * 3)>
// MARKER: {{^}}XYZ{{$}}
// MARKER-NEXT: module {
// MARKER-NEXT: }
// MARKER-EMPTY:
// MARKER-NEXT: {{^}}XYZ{{$}}
// MARKER-NEXT: module @m {
