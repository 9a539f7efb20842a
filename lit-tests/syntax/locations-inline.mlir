// Locations printed inline with --mlir-print-local-scope, location aliases
// defined before use, block arguments without explicit locations, and an
// explicit module location.
// RUN: %pto-opt %s --allow-unregistered-dialect --mlir-print-debuginfo --mlir-print-local-scope | FileCheck %s
// RUN: %pto-opt %s --allow-unregistered-dialect --mlir-print-debuginfo | FileCheck %s --check-prefix=ALIAS
// RUN: %roundtrip %s --allow-unregistered-dialect --mlir-print-debuginfo --mlir-print-local-scope
// RUN: %roundtrip %s --allow-unregistered-dialect --mlir-print-debuginfo
// RUN: %compat %s --mlir-print-debuginfo
// RUN: %compat %s --mlir-print-debuginfo --mlir-print-local-scope

#early = loc("early.mlir":1:1)

// CHECK: module @m {
// CHECK-NEXT:   "xt.a"() : () -> () loc("early.mlir":1:1)
// CHECK-NEXT:   "xt.b"() : () -> () loc(callsite("f"("a.mlir":1:1) at callsite("g"("b.mlir":2:2) at "c.mlir":3:3)))
// CHECK-NEXT:   "xt.c"() ({
// CHECK-NEXT:   ^bb0(%arg0: i32 loc("{{.*}}locations-inline.mlir":[[@LINE+8]]:6), %arg1: f32 loc("arg1.mlir":4:4)):
// CHECK-NEXT:     "xt.d"() : () -> () loc(fused<"m">["early.mlir":1:1, "x"])
// CHECK-NEXT:   }) : () -> () loc("{{.*}}locations-inline.mlir":[[@LINE+5]]:1)
// CHECK-NEXT: } loc("mod.mlir":1:1)
module @m {
  "xt.a"() : () -> () loc(#early)
  "xt.b"() : () -> () loc(callsite("f"("a.mlir":1:1) at callsite("g"("b.mlir":2:2) at "c.mlir":3:3)))
"xt.c"() ({
^bb0(%arg0: i32, %arg1: f32 loc("arg1.mlir":4:4)):
  "xt.d"() : () -> () loc(fused<"m">[#early, "x"])
}) : () -> ()
} loc("mod.mlir":1:1)

// ALIAS: #loc6 = loc("{{.*}}locations-inline.mlir":[[@LINE-5]]:6)
// ALIAS-NEXT: #loc7 = loc("arg1.mlir":4:4)
// ALIAS-NEXT: module @m {
// ALIAS-NEXT:   "xt.a"() : () -> () loc(#loc1)
// ALIAS-NEXT:   "xt.b"() : () -> () loc(#loc13)
// ALIAS-NEXT:   "xt.c"() ({
// ALIAS-NEXT:   ^bb0(%arg0: i32 loc("{{.*}}locations-inline.mlir":[[@LINE-11]]:6), %arg1: f32 loc("arg1.mlir":4:4)):
// ALIAS-NEXT:     "xt.d"() : () -> () loc(#loc11)
// ALIAS-NEXT:   }) : () -> () loc(#loc5)
// ALIAS-NEXT: } loc(#loc)
// ALIAS-NEXT: #loc = loc("mod.mlir":1:1)
// ALIAS-NEXT: #loc1 = loc("early.mlir":1:1)
// ALIAS-NEXT: #loc2 = loc("a.mlir":1:1)
// ALIAS-NEXT: #loc3 = loc("b.mlir":2:2)
// ALIAS-NEXT: #loc4 = loc("c.mlir":3:3)
// ALIAS-NEXT: #loc5 = loc("{{.*}}locations-inline.mlir":[[@LINE-21]]:1)
// ALIAS-NEXT: #loc8 = loc("x")
// ALIAS-NEXT: #loc9 = loc("f"(#loc2))
// ALIAS-NEXT: #loc10 = loc("g"(#loc3))
// ALIAS-NEXT: #loc11 = loc(fused<"m">[#loc1, #loc8])
// ALIAS-NEXT: #loc12 = loc(callsite(#loc10 at #loc4))
// ALIAS-NEXT: #loc13 = loc(callsite(#loc9 at #loc12))
