// A use of a value from outside an isolated-from-above op is MLIR's verifier error at
// the using op, with the op as parsed in the "see current operation" note (numbered in
// its isolated ancestor; the outside value unknown), then the isolated op's note, in
// custom and generic form alike (see isolation-order.mlir for when other errors come
// first); mlir-opt runs on the same file and must agree, notes and their order included.
// RUN: not %pto-opt %s -split-input-file --allow-unregistered-dialect 2>&1 | FileCheck %s
// RUN: not %mlir-opt %s -split-input-file --allow-unregistered-dialect 2>&1 | FileCheck %s
// RUN: %pto-opt %s -split-input-file --allow-unregistered-dialect -verify-diagnostics
// RUN: %mlir-opt %s -split-input-file --allow-unregistered-dialect -verify-diagnostics

func.func @custom(%a: i32) {
  "test.op"() ({
    // expected-note @+1 {{required by region isolation constraints}}
    builtin.module {
      %c = "test.c"() : () -> i32
      // expected-error @+1 {{'test.two' op using value defined outside the region}}
      %2:2 = "test.two"(%c, %a) : (i32, i32) -> (i32, i32)
    }
    "test.end"() : () -> ()
  }) : () -> ()
  return
}
// CHECK: isolation-note.mlir:[[@LINE-6]]:14: error: 'test.two' op using value defined outside the region
// CHECK-NEXT: {{^}}      %2:2 = "test.two"(%c, %a) : (i32, i32) -> (i32, i32)
// CHECK-NEXT: {{^}}             ^
// CHECK-NEXT: isolation-note.mlir:[[@LINE-9]]:14: note: see current operation: %1:2 = "test.two"(%0, <<UNKNOWN SSA VALUE>>) : (i32, i32) -> (i32, i32)
// CHECK-NEXT: isolation-note.mlir:[[@LINE-13]]:5: note: required by region isolation constraints

// -----

func.func @custom_op(%a: i32) {
  "test.op"() ({
    // expected-note @+1 {{required by region isolation constraints}}
    builtin.module {
      // expected-error @+1 {{'arith.addi' op using value defined outside the region}}
      %2 = arith.addi %a, %a : i32
    }
    "test.end"() : () -> ()
  }) : () -> ()
  return
}
// CHECK: isolation-note.mlir:[[@LINE-6]]:12: error: 'arith.addi' op using value defined outside the region
// CHECK: isolation-note.mlir:[[@LINE-7]]:12: note: see current operation: %0 = "arith.addi"(<<UNKNOWN SSA VALUE>>, <<UNKNOWN SSA VALUE>>) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
// CHECK-NEXT: isolation-note.mlir:[[@LINE-10]]:5: note: required by region isolation constraints

// -----

"test.r"() ({
^bb0(%arg0: i32):
  // expected-note @+1 {{required by region isolation constraints}}
  "builtin.module"() ({
    %c = "test.c"() : () -> i32
    // expected-error @+1 {{'test.in' op using value defined outside the region}}
    "test.in"(%arg0, %c) : (i32, i32) -> ()
  }) : () -> ()
}) : () -> ()
// CHECK: isolation-note.mlir:[[@LINE-3]]:5: error: 'test.in' op using value defined outside the region
// CHECK: isolation-note.mlir:[[@LINE-4]]:5: note: see current operation: "test.in"(<<UNKNOWN SSA VALUE>>, %0) : (i32, i32) -> ()
// CHECK-NEXT: isolation-note.mlir:[[@LINE-8]]:3: note: required by region isolation constraints
