// A file holding exactly one builtin.module: that module is the top-level op
// (name, attributes kept). Also the custom form of builtin.unrealized_conversion_cast.
// RUN: %pto-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: %pto-opt %s --allow-unregistered-dialect --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: %pto-opt %s --allow-unregistered-dialect --no-implicit-module | FileCheck %s
// RUN: %roundtrip %s --allow-unregistered-dialect
// RUN: %roundtrip %s --allow-unregistered-dialect --no-implicit-module
// RUN: %compat %s
// RUN: %compat %s --no-implicit-module

module @single attributes {xt.a = 1} {
  %0 = "xt.def"() : () -> i32
  %1 = builtin.unrealized_conversion_cast %0 : i32 to i64
  %2:2 = unrealized_conversion_cast %0, %1 : i32, i64 to f32, f64
  %3 = "builtin.unrealized_conversion_cast"(%0) : (i32) -> index
  builtin.unrealized_conversion_cast to i8
  %4 = unrealized_conversion_cast %0 : i32 to i16 {xt.note = "x"}
}

// CHECK: module @single attributes {xt.a = 1 : i64} {
// CHECK-NEXT:   %0 = "xt.def"() : () -> i32
// CHECK-NEXT:   %1 = unrealized_conversion_cast %0 : i32 to i64
// CHECK-NEXT:   %2:2 = unrealized_conversion_cast %0, %1 : i32, i64 to f32, f64
// CHECK-NEXT:   %3 = unrealized_conversion_cast %0 : i32 to index
// CHECK-NEXT:   %4 = unrealized_conversion_cast to i8
// CHECK-NEXT:   %5 = unrealized_conversion_cast %0 : i32 to i16 {xt.note = "x"}
// CHECK-NEXT: }

// GENERIC: "builtin.module"() <{sym_name = "single"}> ({
// GENERIC-NEXT:   %0 = "xt.def"() : () -> i32
// GENERIC-NEXT:   %1 = "builtin.unrealized_conversion_cast"(%0) : (i32) -> i64
// GENERIC-NEXT:   %2:2 = "builtin.unrealized_conversion_cast"(%0, %1) : (i32, i64) -> (f32, f64)
// GENERIC-NEXT:   %3 = "builtin.unrealized_conversion_cast"(%0) : (i32) -> index
// GENERIC-NEXT:   %4 = "builtin.unrealized_conversion_cast"() : () -> i8
// GENERIC-NEXT:   %5 = "builtin.unrealized_conversion_cast"(%0) {xt.note = "x"} : (i32) -> i16
// GENERIC-NEXT: }) {xt.a = 1 : i64} : () -> ()
