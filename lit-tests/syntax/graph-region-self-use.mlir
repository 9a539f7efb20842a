// In a graph region (the body of builtin.module) an op may use its own result.
// RUN: %pto-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: %roundtrip %s --allow-unregistered-dialect
// RUN: %compat %s

%0 = "xt.self"(%0) : (i64) -> i64
"xt.pair"(%p#1) : (i32) -> ()
%p:2 = "xt.two"(%p#0) : (i32) -> (i32, i32)

// CHECK: module {
// CHECK-NEXT:   %0 = "xt.self"(%0) : (i64) -> i64
// CHECK-NEXT:   "xt.pair"(%1#1) : (i32) -> ()
// CHECK-NEXT:   %1:2 = "xt.two"(%1#0) : (i32) -> (i32, i32)
// CHECK-NEXT: }
