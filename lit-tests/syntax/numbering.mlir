// SSA value numbering. In the default mode every region restarts from the
// counters reached after its whole parent region was numbered, so sibling regions
// reuse ids and nested values get ids above all values of the enclosing region.
// In generic mode numbering never restarts and runs in reverse pre-order of regions.
// RUN: %pto-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: %pto-opt %s --allow-unregistered-dialect --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: %roundtrip %s --allow-unregistered-dialect
// RUN: %compat %s

// CHECK-LABEL: module {
// CHECK-NEXT:   %0 = "xt.top"() : () -> i32
%0 = "xt.top"() : () -> i32
// CHECK-NEXT:   %1 = "xt.if"(%0) ({
// CHECK-NEXT:     %3 = "xt.then1"() : () -> i32
// CHECK-NEXT:     %4 = "xt.then2"(%3) : (i32) -> i32
// CHECK-NEXT:     "xt.yield"(%4) : (i32) -> ()
// CHECK-NEXT:   }, {
// CHECK-NEXT:     %3 = "xt.else1"() : () -> i32
// CHECK-NEXT:     "xt.yield"(%3) : (i32) -> ()
// CHECK-NEXT:   }) : (i32) -> i32
%1 = "xt.if"(%0) ({
  %a = "xt.then1"() : () -> i32
  %b = "xt.then2"(%a) : (i32) -> i32
  "xt.yield"(%b) : (i32) -> ()
}, {
  %c = "xt.else1"() : () -> i32
  "xt.yield"(%c) : (i32) -> ()
}) : (i32) -> i32
// CHECK-NEXT:   "xt.r1"() ({
// CHECK-NEXT:   ^bb0(%arg0: i32):
// CHECK-NEXT:     %3 = "xt.in"(%arg0) : (i32) -> i32
// CHECK-NEXT:     "xt.r1b"() ({
// CHECK-NEXT:       %4 = "xt.deep"(%3) : (i32) -> i32
// CHECK-NEXT:       "xt.use"(%4) : (i32) -> ()
// CHECK-NEXT:     }) : () -> ()
// CHECK-NEXT:   }, {
// CHECK-NEXT:   ^bb0(%arg0: i32):
// CHECK-NEXT:     %3 = "xt.in2"(%arg0) : (i32) -> i32
// CHECK-NEXT:   }) : () -> ()
"xt.r1"() ({
^bb0(%x: i32):
  %d = "xt.in"(%x) : (i32) -> i32
  "xt.r1b"() ({
    %e = "xt.deep"(%d) : (i32) -> i32
    "xt.use"(%e) : (i32) -> ()
  }) : () -> ()
}, {
^bb0(%y: i32):
  %f = "xt.in2"(%y) : (i32) -> i32
}) : () -> ()
// CHECK-NEXT:   %2 = "xt.after"() : () -> i32
%2 = "xt.after"() : () -> i32
// CHECK-NEXT:   "xt.r2"() ({
// CHECK-NEXT:   ^bb0(%arg0: i32):
// CHECK-NEXT:     %3 = "xt.last"(%arg0, %2) : (i32, i32) -> i32
// CHECK-NEXT:   }) : () -> ()
"xt.r2"() ({
^bb0(%z: i32):
  %g = "xt.last"(%z, %2) : (i32, i32) -> i32
}) : () -> ()
// CHECK-NEXT: }

// GENERIC: "builtin.module"() ({
// GENERIC-NEXT:   %0 = "xt.top"() : () -> i32
// GENERIC-NEXT:   %1 = "xt.if"(%0) ({
// GENERIC-NEXT:     %8 = "xt.then1"() : () -> i32
// GENERIC-NEXT:     %9 = "xt.then2"(%8) : (i32) -> i32
// GENERIC-NEXT:     "xt.yield"(%9) : (i32) -> ()
// GENERIC-NEXT:   }, {
// GENERIC-NEXT:     %7 = "xt.else1"() : () -> i32
// GENERIC-NEXT:     "xt.yield"(%7) : (i32) -> ()
// GENERIC-NEXT:   }) : (i32) -> i32
// GENERIC-NEXT:   "xt.r1"() ({
// GENERIC-NEXT:   ^bb0(%arg2: i32):
// GENERIC-NEXT:     %5 = "xt.in"(%arg2) : (i32) -> i32
// GENERIC-NEXT:     "xt.r1b"() ({
// GENERIC-NEXT:       %6 = "xt.deep"(%5) : (i32) -> i32
// GENERIC-NEXT:       "xt.use"(%6) : (i32) -> ()
// GENERIC-NEXT:     }) : () -> ()
// GENERIC-NEXT:   }, {
// GENERIC-NEXT:   ^bb0(%arg1: i32):
// GENERIC-NEXT:     %4 = "xt.in2"(%arg1) : (i32) -> i32
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT:   %2 = "xt.after"() : () -> i32
// GENERIC-NEXT:   "xt.r2"() ({
// GENERIC-NEXT:   ^bb0(%arg0: i32):
// GENERIC-NEXT:     %3 = "xt.last"(%arg0, %2) : (i32, i32) -> i32
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT: }) : () -> ()
