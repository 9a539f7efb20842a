// reconcile-unrealized-casts: a chain of casts that leads back to its input types is
// replaced by the input; unused casts go; a cast still used (to a type nothing cancels)
// stays, without an error, as in mlir-opt.
// RUN: %compat %s --reconcile-unrealized-casts
// RUN: %pto-opt %s --reconcile-unrealized-casts | FileCheck %s

// CHECK-LABEL: func.func @chain(
// CHECK-NEXT:    return %arg0 : index
func.func @chain(%b: index) -> index {
  %0 = builtin.unrealized_conversion_cast %b : index to i64
  %1 = builtin.unrealized_conversion_cast %0 : i64 to i32
  %2 = builtin.unrealized_conversion_cast %1 : i32 to index
  %3 = builtin.unrealized_conversion_cast %b : index to i16
  return %2 : index
}

// CHECK-LABEL: func.func @live(
// CHECK-NEXT:    %0 = builtin.unrealized_conversion_cast %arg0 : index to i64
// CHECK-NEXT:    return %0 : i64
func.func @live(%b: index) -> i64 {
  %0 = builtin.unrealized_conversion_cast %b : index to i64
  return %0 : i64
}

// A partially used chain: the round trip folds, the first cast stays for its other user.
// CHECK-LABEL: func.func @shared(
// CHECK-NEXT:    %0 = builtin.unrealized_conversion_cast %arg0 : index to i64
// CHECK-NEXT:    return %arg0, %0 : index, i64
func.func @shared(%b: index) -> (index, i64) {
  %0 = builtin.unrealized_conversion_cast %b : index to i64
  %1 = builtin.unrealized_conversion_cast %0 : i64 to index
  return %1, %0 : index, i64
}

// Multi-value casts reconcile as a whole.
// CHECK-LABEL: func.func @multi(
// CHECK-NEXT:    return %arg1, %arg0 : f32, i32
func.func @multi(%a: i32, %f: f32) -> (f32, i32) {
  %0 = builtin.unrealized_conversion_cast %a, %f : i32, f32 to i64
  %1:2 = builtin.unrealized_conversion_cast %0 : i64 to i32, f32
  return %1#1, %1#0 : f32, i32
}
