// Integer attribute cases on which pto-opt disagrees with mlir-opt (see bugs.md).
// RUN: %pto-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: %roundtrip %s --allow-unregistered-dialect
// RUN: %compat %s

// Zero-width signed integers (pto-opt panics).
// CHECK-LABEL: module {
// CHECK-NEXT:   "xt.si0"() {a = 0 : si0} : () -> ()
"xt.si0"() {a = 0 : si0} : () -> ()
// -1 is the only negative si1 value.
// CHECK-NEXT:   "xt.si1"() {a = -1 : si1, b = 0 : si1} : () -> ()
"xt.si1"() {a = -1 : si1, b = 0 : si1} : () -> ()
// Literals wider than 128 bits.
// CHECK-NEXT:   "xt.wide"() {a = 340282366920938463463374607431768211455 : ui128, b = -1 : i128, c = 340282366920938463463374607431768211455 : ui128, d = 340282366920938463463374607431768211456 : i256} : () -> ()
"xt.wide"() {a = 340282366920938463463374607431768211455 : ui128, b = 340282366920938463463374607431768211455 : i128, c = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF : ui128, d = 340282366920938463463374607431768211456 : i256} : () -> ()
// CHECK-NEXT: }
