// ub dialect: `ub.poison` of any type, in its short form, with the (default) value
// written out, in generic form with and without the property; `#ub.poison` spelled
// every way MLIR accepts it; `ub.unreachable`.
// RUN: %pto-opt %s | FileCheck %s
// RUN: %roundtrip %s
// RUN: %compat %s

// CHECK-LABEL: func.func @poison() -> (i32, f32, index, vector<4xi64>, memref<2xf32>, tuple<i1, f16>) {
// CHECK-NEXT:   %0 = ub.poison : i32
// CHECK-NEXT:   %1 = ub.poison : f32
// CHECK-NEXT:   %2 = ub.poison : index
// CHECK-NEXT:   %3 = ub.poison : vector<4xi64>
// CHECK-NEXT:   %4 = ub.poison : memref<2xf32>
// CHECK-NEXT:   %5 = ub.poison : tuple<i1, f16>
// CHECK-NEXT:   return %0, %1, %2, %3, %4, %5
func.func @poison() -> (i32, f32, index, vector<4xi64>, memref<2xf32>, tuple<i1, f16>) {
  %0 = ub.poison : i32
  %1 = ub.poison <#ub.poison> : f32
  %2 = "ub.poison"() <{value = #ub.poison}> : () -> index
  %3 = "ub.poison"() : () -> vector<4xi64>
  %4 = ub.poison <#ub.poison<>> : memref<2xf32>
  %5 = "ub.poison"() {value = #ub<poison>} : () -> tuple<i1, f16>
  return %0, %1, %2, %3, %4, %5 : i32, f32, index, vector<4xi64>, memref<2xf32>, tuple<i1, f16>
}

// CHECK-LABEL: func.func @attrs() -> i8 {
// CHECK-NEXT:   %0 = ub.poison {a = #ub.poison, b = [#ub.poison, #ub.poison]} : i8
func.func @attrs() -> i8 {
  %0 = ub.poison {a = #ub.poison<1>, b = [#ub<poison>, #ub<poison 2>]} : i8
  return %0 : i8
}

// CHECK-LABEL: func.func @unreachable(%arg0: i1) -> i32 {
// CHECK:      ^bb1:
// CHECK-NEXT:   ub.unreachable
// CHECK:      ^bb2:
// CHECK-NEXT:   ub.unreachable {note = "never"}
func.func @unreachable(%c: i1) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  ub.unreachable
^bb2:
  "ub.unreachable"() {note = "never"} : () -> ()
}

// A terminator at the end of a module body is printed (the module has no implicit
// terminator).
// CHECK-LABEL: module @with_terminator {
// CHECK-NEXT:    ub.unreachable
module @with_terminator {
  ub.unreachable
}
