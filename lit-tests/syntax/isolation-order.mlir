// A use of a value from outside an isolated op is checked where MLIR's verifier checks
// it: among the isolated op's region invariants, after every op inside it (and every
// isolated op inside it) has been verified. So another error inside comes first, and
// the innermost isolated op is named. Both tools run the same file.
// RUN: %pto-opt %s -split-input-file --allow-unregistered-dialect -verify-diagnostics
// RUN: %mlir-opt %s -split-input-file --allow-unregistered-dialect -verify-diagnostics
// RUN: not %pto-opt %s -split-input-file --allow-unregistered-dialect 2>&1 | FileCheck %s
// RUN: not %mlir-opt %s -split-input-file --allow-unregistered-dialect 2>&1 | FileCheck %s

// An invalid op after the outside use is reported instead.
func.func @later_invalid(%a: i32) {
  "test.op"() ({
    builtin.module {
      %y = arith.addi %a, %a : i32
      %c = "test.c"() : () -> i64
      // expected-error @+1 {{'arith.addi' op requires the same type for all operands and results}}
      %x = "arith.addi"(%c, %c) : (i64, i64) -> i32
    }
    "test.end"() : () -> ()
  }) : () -> ()
  return
}
// CHECK: isolation-order.mlir:[[@LINE-6]]:12: error: 'arith.addi' op requires the same type
// CHECK-NEXT: {{^}}      %x = "arith.addi"(%c, %c) : (i64, i64) -> i32
// CHECK: note: see current operation: %2 = "arith.addi"(%1, %1)
// CHECK-NOT: region isolation

// -----

// An isolated op inside that fails is reported instead.
func.func @inner_isolated(%a: i32) {
  "test.op"() ({
    builtin.module {
      %y = arith.addi %a, %a : i32
      builtin.module {
        %c = "test.c"() : () -> i64
        // expected-error @+1 {{'arith.addi' op requires the same type for all operands and results}}
        %x = "arith.addi"(%c, %c) : (i64, i64) -> i32
      }
    }
    "test.end"() : () -> ()
  }) : () -> ()
  return
}
// CHECK: isolation-order.mlir:[[@LINE-7]]:14: error: 'arith.addi' op requires the same type
// CHECK-NOT: region isolation

// -----

// A function nested in a function fails the symbol check on entry, before isolation.
func.func @outer(%a: i32) {
  // expected-error @+1 {{'func.func' op symbol's parent must have the SymbolTable trait}}
  func.func @inner() {
    %y = arith.addi %a, %a : i32
    return
  }
  return
}
// CHECK: isolation-order.mlir:[[@LINE-6]]:3: error: 'func.func' op symbol's parent must have the SymbolTable trait
// CHECK: note: see current operation:
// CHECK-NEXT: "func.func"() <{function_type = () -> (), sym_name = "inner"}> ({
// CHECK-NEXT:   %0 = "arith.addi"(<<UNKNOWN SSA VALUE>>, <<UNKNOWN SSA VALUE>>)
// CHECK-NOT: region isolation

// -----

// Two isolation levels deep: the innermost isolated op is the one named.
func.func @deep(%a: i32) {
  "test.op"() ({
    builtin.module {
      // expected-note @+1 {{required by region isolation constraints}}
      builtin.module {
        // expected-error @+1 {{'arith.addi' op using value defined outside the region}}
        %y = arith.addi %a, %a : i32
      }
    }
    "test.end"() : () -> ()
  }) : () -> ()
  return
}
// CHECK: isolation-order.mlir:[[@LINE-7]]:14: error: 'arith.addi' op using value defined outside the region
// CHECK: isolation-order.mlir:[[@LINE-8]]:14: note: see current operation: %0 = "arith.addi"(<<UNKNOWN SSA VALUE>>, <<UNKNOWN SSA VALUE>>)
// CHECK-NEXT: isolation-order.mlir:[[@LINE-11]]:7: note: required by region isolation constraints

// -----

// The first outside use in walk order is reported, after the valid ops before it.
func.func @first_of_two(%a: i32, %b: i64) {
  // expected-note @+1 {{required by region isolation constraints}}
  builtin.module {
    %c = "test.c"() : () -> i32
    // expected-error @+1 {{'test.use' op using value defined outside the region}}
    "test.use"(%c, %a) : (i32, i32) -> ()
    "test.use2"(%b) : (i64) -> ()
  }
  return
}
// CHECK: isolation-order.mlir:[[@LINE-5]]:5: error: 'test.use' op using value defined outside the region
// CHECK: note: see current operation: "test.use"(%0, <<UNKNOWN SSA VALUE>>) : (i32, i32) -> ()
// CHECK-NOT: test.use2
