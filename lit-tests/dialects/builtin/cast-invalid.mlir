// Parse errors of builtin.unrealized_conversion_cast's assemblyFormat, checked against
// mlir-opt: messages and columns agree.
// RUN: %pto-opt %s -split-input-file -verify-diagnostics
// RUN: %mlir-opt %s -split-input-file -verify-diagnostics
// RUN: not %pto-opt %s -split-input-file 2>&1 | FileCheck %s
// RUN: not %mlir-opt %s -split-input-file 2>&1 | FileCheck %s

func.func @f(%a: i32) {
  // CHECK: cast-invalid.mlir:[[@LINE+2]]:54: error: expected non-function type
  // expected-error @+1 {{expected non-function type}}
  %0 = builtin.unrealized_conversion_cast %a : i32 to
  return
}

// -----

func.func @f(%a: i32) {
  // CHECK: cast-invalid.mlir:[[@LINE+2]]:47: error: expected non-function type
  // expected-error @+1 {{expected non-function type}}
  %0 = builtin.unrealized_conversion_cast %a : to i64
  return
}

// -----

func.func @f(%a: i32) {
  // CHECK: cast-invalid.mlir:[[@LINE+2]]:45: error: expected ':'
  // expected-error @+1 {{expected ':'}}
  %0 = builtin.unrealized_conversion_cast %a to i64
  return
}

// -----

func.func @f(%a: i32) {
  // CHECK: cast-invalid.mlir:[[@LINE+2]]:52: error: expected non-function type
  // expected-error @+1 {{expected non-function type}}
  %0 = builtin.unrealized_conversion_cast %a : i32, to i64
  return
}

// -----

func.func @f(%a: i32) {
  // CHECK: cast-invalid.mlir:[[@LINE+2]]:59: error: expected non-function type
  // expected-error @+1 {{expected non-function type}}
  %0 = builtin.unrealized_conversion_cast %a : i32 to i64,
  return
}

// -----

func.func @f(%a: i32) {
  // CHECK: cast-invalid.mlir:[[@LINE+2]]:3: error: operation defines 2 results but was provided 1 to bind
  // expected-error @+1 {{operation defines 2 results but was provided 1 to bind}}
  %0 = builtin.unrealized_conversion_cast %a : i32 to i64, i64
  return
}

// -----

func.func @f(%a: i32) {
  // CHECK: cast-invalid.mlir:[[@LINE+2]]:43: error: custom op 'builtin.unrealized_conversion_cast' number of operands and types do not match: got 2 operands and 1 types
  // expected-error @+1 {{custom op 'builtin.unrealized_conversion_cast' number of operands and types do not match: got 2 operands and 1 types}}
  %0 = builtin.unrealized_conversion_cast %a, %a : i32 to i64
  return
}

// -----

func.func @f(%a: i32) {
  // CHECK: cast-invalid.mlir:[[@LINE+2]]:49: error: expected non-function type
  // expected-error @+1 {{expected non-function type}}
  builtin.unrealized_conversion_cast %a : i32 to
}

// -----

func.func @f(%a: i32) {
  // CHECK: cast-invalid.mlir:[[@LINE+3]]:3: error: custom op 'builtin.unrealized_conversion_cast' expected 'to'
  // expected-error @+2 {{custom op 'builtin.unrealized_conversion_cast' expected 'to'}}
  %0 = builtin.unrealized_conversion_cast %a : i32
  return
}

// -----

// The verifier: a cast has results.
// expected-error @+1 {{'builtin.unrealized_conversion_cast' op expected at least one result for cast operation}}
"builtin.unrealized_conversion_cast"() : () -> ()
