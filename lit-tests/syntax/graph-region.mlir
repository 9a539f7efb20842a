// The body of builtin.module is a graph region: uses may precede definitions,
// even cyclically.
// RUN: %pto-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: %roundtrip %s --allow-unregistered-dialect
// RUN: %compat %s

%1 = "xt.use"(%0) : (i32) -> i32
%0 = "xt.def"(%1) : (i32) -> i32
module {
  "xt.inner"(%a) : (f32) -> ()
  %a = "xt.late"() : () -> f32
}

// CHECK: module {
// CHECK-NEXT:   %0 = "xt.use"(%1) : (i32) -> i32
// CHECK-NEXT:   %1 = "xt.def"(%0) : (i32) -> i32
// CHECK-NEXT:   module {
// CHECK-NEXT:     "xt.inner"(%2) : (f32) -> ()
// CHECK-NEXT:     %2 = "xt.late"() : () -> f32
// CHECK-NEXT:   }
// CHECK-NEXT: }
