// builtin.module cases on which pto-opt disagrees with mlir-opt (see bugs.md).
// RUN: %pto-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: %roundtrip %s --allow-unregistered-dialect
// RUN: %compat %s

// An unprefixed op name falls back to the builtin dialect in any region.
"xt.wrap"() ({
  module @wrapped {
  }
}) : () -> ()

// CHECK: module {
// CHECK-NEXT:   "xt.wrap"() ({
// CHECK-NEXT:     builtin.module @wrapped {
// CHECK-NEXT:     }
// CHECK-NEXT:   }) : () -> ()
// CHECK-NEXT: }
