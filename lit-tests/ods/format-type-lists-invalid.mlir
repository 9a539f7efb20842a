// Type lists in declarative assembly formats: a variadic `type($x)` (and
// `type(results)`) is MLIR's `parseTypeList`, which needs at least one type, also
// right after an optional group's anchor; `functional-type` needs a function type; a
// count mismatch is `resolveOperands`' error at the start of the operand list.
// mlir-opt runs on the same file: messages, lines and columns must agree.
// RUN: %pto-opt %s -split-input-file -verify-diagnostics
// RUN: %mlir-opt %s -split-input-file -verify-diagnostics
// RUN: not %pto-opt %s -split-input-file 2>&1 | FileCheck %s
// RUN: not %mlir-opt %s -split-input-file 2>&1 | FileCheck %s

func.func @f(%a: i32) -> i32 {
  // CHECK: format-type-lists-invalid.mlir:[[@LINE+1]]:19: error: expected non-function type
  func.return %a :  // expected-error {{expected non-function type}}
}

// -----

func.func @f(%a: i32) -> i32 {
  // CHECK: format-type-lists-invalid.mlir:[[@LINE+1]]:24: error: expected non-function type
  func.return %a : i32, } // expected-error {{expected non-function type}}

// -----

func.func @f(%a: i32) -> (i32, i32) {
  // CHECK: format-type-lists-invalid.mlir:[[@LINE+1]]:15: error: custom op 'func.return' number of operands and types do not match: got 2 operands and 1 types
  func.return %a, %a : i32 // expected-error {{custom op 'func.return' number of operands and types do not match: got 2 operands and 1 types}}
}

// -----

func.func @f(%a: i32) {
  scf.execute_region {
    // CHECK: format-type-lists-invalid.mlir:[[@LINE+1]]:15: error: custom op 'scf.yield' number of operands and types do not match: got 2 operands and 1 types
    scf.yield %a, %a : i32 // expected-error {{number of operands and types do not match: got 2 operands and 1 types}}
  }
  return
}

// -----

func.func @f(%a: i32) {
  // CHECK: format-type-lists-invalid.mlir:[[@LINE+1]]:18: error: expected non-function type
  cf.br ^bb1(%a : ) // expected-error {{expected non-function type}}
^bb1(%x: i32):
  return
}

// -----

func.func @f(%a: i1, %b: i32) {
  // CHECK: format-type-lists-invalid.mlir:[[@LINE+1]]:23: error: custom op 'cf.cond_br' number of operands and types do not match: got 2 operands and 1 types
  cf.cond_br %a, ^bb1(%b, %b : i32), ^bb1(%b, %b : i32, i32) // expected-error {{number of operands and types do not match}}
^bb1(%x: i32, %y: i32):
  return
}

// -----

llvm.func @f(%a: i32) {
  // CHECK: format-type-lists-invalid.mlir:[[@LINE+1]]:20: error: expected non-function type
  llvm.br ^bb1(%a : ) // expected-error {{expected non-function type}}
^bb1(%x: i32):
  llvm.return
}

// -----

llvm.func @f(%a: i32) {
  // CHECK: format-type-lists-invalid.mlir:[[@LINE+1]]:16: error: custom op 'llvm.br' number of operands and types do not match: got 2 operands and 1 types
  llvm.br ^bb1(%a, %a : i32) // expected-error {{number of operands and types do not match}}
^bb1(%x: i32, %y: i32):
  llvm.return
}

// -----

func.func @g(%a: i32) {
  // CHECK: format-type-lists-invalid.mlir:[[@LINE+1]]:16: error: custom op 'func.call' number of operands and types do not match: got 2 operands and 1 types
  func.call @g(%a, %a) : (i32) -> () // expected-error {{number of operands and types do not match}}
  return
}

// -----

func.func @g(%a: i32) {
  // CHECK: format-type-lists-invalid.mlir:[[@LINE+1]]:22: error: custom op 'func.call' invalid kind of type specified: expected builtin.function, but found 'i32'
  func.call @g(%a) : i32 // expected-error {{invalid kind of type specified: expected builtin.function, but found 'i32'}}
  return
}

// -----

func.func @g() {
  // CHECK: format-type-lists-invalid.mlir:[[@LINE+1]]:26: error: expected non-function type
  %0 = func.constant @g :  // expected-error {{expected non-function type}}
  return
}
