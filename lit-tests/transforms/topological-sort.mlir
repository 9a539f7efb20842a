// topological-sort: the ops of graph regions (the module's, here, including a nested
// module's) are reordered so that definitions come before uses, stably: repeated sweeps
// move every ready op after the ones scheduled so far; an op is ready when the operands
// of it and of the ops in its regions are defined by scheduled ops. Cycles are broken by
// taking the first unscheduled op (an op using its own result is ready). Regions of unregistered ops (the function's "foo.graph")
// are not sorted, and an unregistered last op is not a terminator.
// RUN: %compat %s --topological-sort
// RUN: %compat %s --pass-pipeline='builtin.module(topological-sort,topological-sort)'
// RUN: %pto-opt --allow-unregistered-dialect %s --topological-sort | FileCheck %s

// CHECK-LABEL: module {
// CHECK-NEXT:    "foo.c"
// CHECK-NEXT:    "foo.e"
// CHECK-NEXT:    "foo.f"
// CHECK-NEXT:    "foo.self"
// CHECK-NEXT:    "foo.h"
// CHECK-NEXT:    module {
// CHECK-NEXT:      "foo.y"
// CHECK-NEXT:      "foo.x"
// CHECK:         func.func @f() {
// CHECK-NEXT:      "foo.graph"() ({
// CHECK-NEXT:        "foo.p"
// CHECK-NEXT:        "foo.q"
// CHECK:         "foo.z"
// CHECK-NEXT:    "foo.b"
// CHECK-NEXT:    "foo.d"
// CHECK-NEXT:    "foo.region"
// CHECK-NEXT:      "foo.inner"
// CHECK-NEXT:    }) : (i32) -> ()
// CHECK-NEXT:    "foo.g"
// CHECK-NEXT:    "foo.last"
// CHECK-NEXT:    "foo.a"
// CHECK-NEXT:    "foo.cyc1"
// CHECK-NEXT:    "foo.cyc3"
// CHECK-NEXT:    "foo.after_cycle"
// CHECK-NEXT:    "foo.cyc2"
// CHECK-NEXT:  }

%0 = "foo.a"(%1, %3) : (i32, i32) -> i32
%1 = "foo.b"(%2) : (i32) -> i32
%2 = "foo.c"() : () -> i32
%3 = "foo.d"(%1) : (i32) -> i32
"foo.region"(%5) ({
  "foo.inner"(%4) : (i32) -> ()
}) : (i32) -> ()
%4 = "foo.e"() : () -> i32
%5 = "foo.f"() : () -> i32
%6 = "foo.cyc1"(%7) : (i32) -> i32
%s = "foo.self"(%s) : (i32) -> i32
%7 = "foo.cyc2"(%c3) : (i32) -> i32
%c3 = "foo.cyc3"(%6) : (i32) -> i32
"foo.after_cycle"(%c3) : (i32) -> ()
%8 = "foo.g"(%9) : (i32) -> i32
%9 = "foo.h"() : () -> i32
module {
  %10 = "foo.x"(%11) : (i32) -> i32
  %11 = "foo.y"() : () -> i32
}
func.func @f() {
  "foo.graph"() ({
    %a = "foo.p"(%b) : (i32) -> i32
    %b = "foo.q"() : () -> i32
  }) : () -> ()
  return
}
"foo.last"(%12) : (i32) -> ()
%12 = "foo.z"() : () -> i32
