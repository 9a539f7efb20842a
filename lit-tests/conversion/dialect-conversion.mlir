// The dialect conversion driver, through test-dialect-conversion (see
// crates/conversion/src/testing.rs): i16 converts to i32, f16 does not convert;
// test.illegal_b -> test.illegal_a -> test.legal; func.func/func.return are legal once
// their types are. Partial conversions keep ops without rules, full ones reject them;
// materializations left live need the type converter's (test.cast), else are errors.
// RUN: %pto-opt --allow-unregistered-dialect %s -split-input-file --test-dialect-conversion=materialize | FileCheck %s
// RUN: not %pto-opt --allow-unregistered-dialect %s -split-input-file --test-dialect-conversion='full materialize' -o %t.out 2>&1 | FileCheck %s --check-prefix=FULL
// RUN: not test -e %t.out
// RUN: %pto-opt --allow-unregistered-dialect %S/Inputs/dialect-conversion-errors.mlir -split-input-file -verify-diagnostics --test-dialect-conversion

// Created ops are legalized in turn; the function signature converts and the adaptor
// hands the converted block arguments to the patterns.
// CHECK-LABEL: func.func @chain(%arg0: i32, %arg1: i32) -> i32 {
// CHECK-NEXT:    %0 = "test.legal"(%arg0, %arg1) : (i32, i32) -> i32
// CHECK-NEXT:    %1 = "test.legal"(%0) : (i32) -> i32
// CHECK-NEXT:    %2 = "test.other"() : () -> i32
// CHECK-NEXT:    return %1 : i32
// FULL: dialect-conversion.mlir:[[@LINE+4]]:8: error: failed to legalize operation 'test.other'
func.func @chain(%a: i16, %b: i32) -> i16 {
  %0 = "test.illegal_b"(%a, %b) : (i16, i32) -> i16
  %1 = "test.illegal_a"(%0) : (i16) -> i16
  %2 = "test.other"() : () -> i32
  return %1 : i16
}

// -----

// Values crossing between converted and unconverted ops go through materializations,
// built by the type converter where they stay live.
// CHECK-LABEL: func.func @live(%arg0: i32) -> i32 {
// CHECK-NEXT:    %0 = "test.legal"(%arg0) : (i32) -> i32
// CHECK-NEXT:    %1 = "test.cast"(%0) : (i32) -> i16
// CHECK-NEXT:    %2 = "test.other"(%1) : (i16) -> i16
// CHECK-NEXT:    %3 = "test.cast"(%2) : (i16) -> i32
// CHECK-NEXT:    return %3 : i32
func.func @live(%a: i16) -> i16 {
  %0 = "test.illegal_a"(%a) : (i16) -> i16
  %1 = "test.other"(%0) : (i16) -> i16
  return %1 : i16
}

// -----

// Nested regions: ops inside unregistered ops are converted in pre-order; block
// arguments of other blocks keep their types (only the entry signature changes).
// CHECK-LABEL: func.func @nested(%arg0: i32) {
// CHECK-NEXT:    "test.region"() ({
// CHECK-NEXT:      %0 = "test.legal"(%arg0) : (i32) -> i32
// CHECK-NEXT:      "test.legal"(%0) : (i32) -> ()
func.func @nested(%a: i16) {
  "test.region"() ({
    %0 = "test.illegal_b"(%a) : (i16) -> i16
    "test.illegal_a"(%0) : (i16) -> ()
    "test.done"() : () -> ()
  }) : () -> ()
  return
}
