// --split-input-file cases on which pto-opt disagrees with mlir-opt (see bugs.md).
// RUN: %pto-opt %s --allow-unregistered-dialect --split-input-file --mlir-print-debuginfo --mlir-print-local-scope | FileCheck %s
// RUN: %compat %s --split-input-file --mlir-print-debuginfo

// The implicit module of a later chunk is located just after the split marker.
"xt.first"() : () -> () loc("a.mlir":1:1)

// -----
"xt.second"() : () -> () loc("b.mlir":2:2)

// -----
// A marker in the middle of a line also splits: // -----
"xt.third"() : () -> () loc("c.mlir":3:3)

// CHECK: module {
// CHECK-NEXT:   "xt.first"() : () -> () loc("a.mlir":1:1)
// CHECK-NEXT: } loc("{{.*}}split-input-file-positions.mlir":0:0)
// CHECK-NEXT: {{^}}//{{ -----$}}
// CHECK-NEXT: module {
// CHECK-NEXT:   "xt.second"() : () -> () loc("b.mlir":2:2)
// CHECK-NEXT: } loc("{{.*}}split-input-file-positions.mlir":8:9)
// CHECK-NEXT: {{^}}//{{ -----$}}
// CHECK-NEXT: module {
// CHECK-NEXT: } loc("{{.*}}split-input-file-positions.mlir":11:9)
// CHECK-NEXT: {{^}}//{{ -----$}}
// CHECK-NEXT: module {
// CHECK-NEXT:   "xt.third"() : () -> () loc("c.mlir":3:3)
// CHECK-NEXT: } loc("{{.*}}split-input-file-positions.mlir":12:58)
