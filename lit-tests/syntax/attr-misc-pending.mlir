// String cases on which pto-opt disagrees with mlir-opt (see bugs.md).
// RUN: %pto-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: %roundtrip %s --allow-unregistered-dialect
// RUN: %compat %s

// Strings are byte strings; they need not be valid UTF-8.
// CHECK-LABEL: module {
// CHECK-NEXT:   "xt.str"() {g = "\AB\CD", h = "\FF"} : () -> ()
"xt.str"() {g = "\ab\Cd", h = "\ff"} : () -> ()
// CHECK-NEXT: }
