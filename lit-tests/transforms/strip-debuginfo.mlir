// strip-debuginfo: every op and block-argument location under the anchor becomes
// loc(unknown), in nested isolated ops (functions, modules) and in regions of
// unregistered ops, whatever the kind of location (file, name, call site, fused).
// The anchor's own location is left alone (a pass cannot reach it; mlir-opt strips it
// too), so the module here is already at loc(unknown) and the outputs are identical.
// RUN: %compat %s --strip-debuginfo --mlir-print-debuginfo
// RUN: %compat %s --strip-debuginfo
// RUN: %pto-opt --allow-unregistered-dialect %s --strip-debuginfo --mlir-print-debuginfo | FileCheck %s
// RUN: %pto-opt --allow-unregistered-dialect %s --pass-pipeline='builtin.module(func.func(strip-debuginfo))' --mlir-print-debuginfo | FileCheck %s --check-prefix=FUNC

// CHECK:      #[[U:.*]] = loc(unknown)
// CHECK-NEXT: module attributes {test.attr} {
// CHECK-NEXT:   func.func @f(%arg0: i32 loc(unknown), %arg1: i32 loc(unknown)) -> i32 {
// CHECK-NEXT:     arith.addi {{.*}} loc(#[[U]])
// CHECK-NEXT:     "test.op"
// CHECK-NEXT:     ^bb0(%arg2: i32 loc(unknown)):
// CHECK-NEXT:       "test.term"() : () -> () loc(#[[U]])
// CHECK-NEXT:     }) : (i32) -> i32 loc(#[[U]])
// CHECK-NEXT:     return %1 : i32 loc(#[[U]])
// CHECK-NEXT:   } loc(#[[U]])
// CHECK-NEXT:   module @inner {
// CHECK-NEXT:     func.func private @g() loc(#[[U]])
// CHECK-NEXT:   } loc(#[[U]])
// CHECK-NEXT: } loc(#[[U]])
// CHECK-NOT:  loc(

// Under a function pipeline only the functions' contents change.
// FUNC:      ^bb0(%arg2: i32 loc(unknown)):
// FUNC:      module @inner {
// FUNC-NEXT:   func.func private @g() loc(#loc{{[0-9]+}})
// FUNC:      loc("mod.c":5:5)
// FUNC:      loc("inner.c":7:7)

#loc1 = loc("other.c":3:4)
module attributes {test.attr} {
  func.func @f(%a: i32 loc("arg.c":1:1), %b: i32) -> i32 {
    %0 = arith.addi %a, %b : i32 loc(#loc1)
    %1 = "test.op"(%0) ({
    ^bb0(%x: i32 loc("x":2:2)):
      "test.term"() : () -> () loc(fused["a":1:1, "b":2:2])
    }) : (i32) -> i32 loc(callsite("foo" at "bar":1:1))
    return %1 : i32 loc("ret"("r.c":9:9))
  } loc(unknown)
  module @inner {
    func.func private @g() loc("inner.c":7:7)
  } loc("mod.c":5:5)
} loc(unknown)
