// --verify-each (on by default) verifies the IR after each pass: a pass that leaves
// invalid IR fails with the verifier's errors (one per function it broke) and exit status
// 1, nothing is written, and the pipeline stops. --mlir-print-ir-after-failure then shows
// the IR in the generic form, as any IR that does not verify is printed (custom forms
// may rely on what the verifier checks). With --verify-each=false the invalid IR goes
// through, and is printed generically. mlir-opt's test-pass-create-invalid-ir inserts an
// op of its test dialect, so only the shape of the output is compared.
// RUN: not %pto-opt %s --pass-pipeline='builtin.module(func.func(test-pass-create-invalid-ir),cse)' --mlir-print-ir-before=cse 2>&1 | FileCheck %s
// RUN: not %pto-opt %s --test-pass-create-invalid-ir -o %t.out && not test -e %t.out
// RUN: not %pto-opt %s --pass-pipeline='builtin.module(func.func(test-pass-create-invalid-ir))' --mlir-print-ir-after-failure 2>&1 | FileCheck %s --check-prefix=FAILED
// RUN: %pto-opt %s --pass-pipeline='builtin.module(func.func(test-pass-create-invalid-ir))' --verify-each=false | FileCheck %s --check-prefix=UNVERIFIED
// RUN: %mlir-opt %s --pass-pipeline='builtin.module(func.func(test-pass-create-invalid-ir))' --verify-each=false | FileCheck %s --check-prefix=UNVERIFIED
// RUN: %pto-opt %s --pass-pipeline='builtin.module(func.func(test-pass-create-invalid-ir{emit-invalid-ir=false}),cse)' | FileCheck %s --check-prefix=VALID

// CHECK:      <unknown>:0: error: 'arith.constant' op requires attribute 'value'
// CHECK-NEXT: <unknown>:0: note: see current operation: %0 = "arith.constant"() : () -> i32
// CHECK-NEXT: <unknown>:0: error: 'arith.constant' op requires attribute 'value'
// CHECK-NEXT: <unknown>:0: note: see current operation: %0 = "arith.constant"() : () -> i32
// CHECK-NOT:  {{.}}

// FAILED:      error: 'arith.constant' op requires attribute 'value'
// FAILED:      // -----// IR Dump After (anonymous namespace)::TestInvalidIRPass Failed (test-pass-create-invalid-ir) //----- //
// FAILED-NEXT: "func.func"() <{function_type = (i32) -> i32, sym_name = "f"}> ({
// FAILED-NEXT: ^bb0(%arg0: i32):
// FAILED-NEXT:   "{{arith.constant|test.any_attr_of_i32_str}}"() : () -> {{i32|\(\)}}
// FAILED:      // -----// IR Dump After (anonymous namespace)::TestInvalidIRPass Failed (test-pass-create-invalid-ir) //----- //
// FAILED-NEXT: "func.func"() <{function_type = (i32) -> i32, sym_name = "g"}> ({

// UNVERIFIED:      "builtin.module"() ({
// UNVERIFIED-NEXT:   "func.func"() <{function_type = (i32) -> i32, sym_name = "f"}> ({
// UNVERIFIED-NEXT:   ^bb0(%arg{{[0-9]+}}: i32):
// UNVERIFIED-NEXT:     "{{arith.constant|test.any_attr_of_i32_str}}"() : () -> {{i32|\(\)}}
// UNVERIFIED:        "func.func"() <{function_type = (i32) -> (), sym_name = "decl", sym_visibility = "private"}> ({
// UNVERIFIED-NEXT:   }) : () -> ()
// UNVERIFIED-NEXT: }) : () -> ()

// VALID:      func.func @f(%arg0: i32) -> i32 {
// VALID-NEXT:   %0 = arith.addi %arg0, %arg0 : i32
// VALID-NEXT:   %1 = arith.muli %0, %0 : i32

func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %1 = arith.addi %a, %a : i32
  %2 = arith.muli %0, %1 : i32
  return %2 : i32
}
func.func @g(%a: i32) -> i32 {
  return %a : i32
}
func.func private @decl(i32)
