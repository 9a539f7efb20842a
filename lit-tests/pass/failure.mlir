// A failing pass: its error at the op it ran on and exit status 1, with nothing written;
// the other functions still go through the nested pipeline (each reports its own error),
// and the pipeline stops after it. --mlir-print-ir-after-failure dumps the IR after the
// failed pass only, with "Failed" in the header. mlir-opt's test-pass-failure reports its
// error with {gen-diagnostics}; pto-opt's always does (a failure here always says why).
// RUN: not %pto-opt %s --pass-pipeline='builtin.module(func.func(cse,test-pass-failure),cse)' --mlir-print-ir-after-failure --mlir-print-ir-before-all 2> %t.pto
// RUN: not %mlir-opt %s --pass-pipeline='builtin.module(func.func(cse,test-pass-failure{gen-diagnostics}),cse)' --mlir-print-ir-after-failure --mlir-print-ir-before-all --mlir-disable-threading 2> %t.mlir
// RUN: diff %t.mlir %t.pto
// RUN: FileCheck %s < %t.pto
// RUN: not %pto-opt %s --test-pass-failure --mlir-print-ir-after-all 2>&1 | FileCheck %s --check-prefix=TOP
// RUN: not %pto-opt %s --test-pass-failure -o %t.out && not test -e %t.out
// A pass anchored on another op than its manager's cannot be scheduled.
// RUN: %dump-compat %s --pass-pipeline='builtin.module(test-pass-create-invalid-ir)'

// CHECK:      // -----// IR Dump Before CSE (cse) //----- //
// CHECK-NEXT: func.func @f(%arg0: i32) -> i32 {
// CHECK:      // -----// IR Dump Before (anonymous namespace)::TestFailurePass (test-pass-failure) //----- //
// CHECK-NEXT: func.func @f(%arg0: i32) -> i32 {
// CHECK:      failure.mlir:[[@LINE+27]]:1: error: illegal operation
// CHECK-NEXT: func.func @f(%a: i32) -> i32 {
// CHECK-NEXT: ^
// CHECK-NEXT: // -----// IR Dump After (anonymous namespace)::TestFailurePass Failed (test-pass-failure) //----- //
// CHECK-NEXT: func.func @f(%arg0: i32) -> i32 {
// CHECK-NEXT:   %0 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:   %1 = arith.muli %0, %0 : i32
// CHECK:      // -----// IR Dump Before CSE (cse) //----- //
// CHECK-NEXT: func.func @g(%arg0: i32) -> i32 {
// CHECK:      failure.mlir:[[@LINE+24]]:1: error: illegal operation
// CHECK:      // -----// IR Dump After (anonymous namespace)::TestFailurePass Failed (test-pass-failure) //----- //
// CHECK-NEXT: func.func @g(%arg0: i32) -> i32 {
// CHECK-NOT:  IR Dump Before CSE (cse) //----- //
// CHECK-NOT:  module {

// TOP:      failure.mlir:[[@LINE+11]]:1: error: illegal operation
// TOP-NEXT: "builtin.module"() ({
// TOP-NEXT: ^
// TOP-NEXT: // -----// IR Dump After (anonymous namespace)::TestFailurePass Failed (test-pass-failure) //----- //
// TOP-NEXT: module {
// TOP-NEXT:   func.func @f(%arg0: i32) -> i32 {
// TOP:      {{^}}}
// TOP-EMPTY:
// TOP-EMPTY:
// TOP-NOT:  {{.}}

"builtin.module"() ({
func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %1 = arith.addi %a, %a : i32
  %2 = arith.muli %0, %1 : i32
  return %2 : i32
}
func.func @g(%a: i32) -> i32 {
  return %a : i32
}
}) : () -> ()
