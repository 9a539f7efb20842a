// Operand/type count mismatches in hand-written custom parsers are MLIR's
// `resolveOperands` error, at the place each op's parser reports it: the operand list
// (func.call_indirect, also when empty), the case list (cf.switch: its `default`,
// llvm.switch: its `[`, case operands flattened), or the op's name (llvm.call,
// scf.parallel, scf.for). mlir-opt runs on the same file: messages, lines and
// columns must agree.
// RUN: %pto-opt %s -split-input-file -verify-diagnostics
// RUN: %mlir-opt %s -split-input-file -verify-diagnostics
// RUN: not %pto-opt %s -split-input-file 2>&1 | FileCheck %s
// RUN: not %mlir-opt %s -split-input-file 2>&1 | FileCheck %s

func.func @call_indirect(%f: (i32) -> i32, %a: i32) {
  // CHECK: operand-count-mismatch.mlir:[[@LINE+2]]:30: error: custom op 'func.call_indirect' number of operands and types do not match: got 2 operands and 1 types
  // expected-error@+1 {{number of operands and types do not match: got 2 operands and 1 types}}
  %0 = func.call_indirect %f(%a, %a) : (i32) -> i32
  return
}

// -----

func.func @call_indirect_empty(%f: (i32) -> i32) {
  // CHECK: operand-count-mismatch.mlir:[[@LINE+2]]:30: error: custom op 'func.call_indirect' number of operands and types do not match: got 0 operands and 1 types
  // expected-error@+1 {{number of operands and types do not match: got 0 operands and 1 types}}
  %0 = func.call_indirect %f() : (i32) -> i32
  return
}

// -----

func.func @switch_default(%a: i32) {
  cf.switch %a : i32, [
    // CHECK: operand-count-mismatch.mlir:[[@LINE+2]]:5: error: custom op 'cf.switch' number of operands and types do not match: got 2 operands and 1 types
    // expected-error@+1 {{number of operands and types do not match: got 2 operands and 1 types}}
    default: ^bb1(%a, %a : i32),
    1: ^bb1(%a : i32)
  ]
^bb1(%x: i32):
  return
}

// -----

func.func @switch_case(%a: i32) {
  cf.switch %a : i32, [
    // CHECK: operand-count-mismatch.mlir:[[@LINE+2]]:5: error: custom op 'cf.switch' number of operands and types do not match: got 2 operands and 1 types
    // expected-error@+1 {{number of operands and types do not match: got 2 operands and 1 types}}
    default: ^bb1(%a : i32),
    1: ^bb1(%a, %a : i32)
  ]
^bb1(%x: i32):
  return
}

// -----

llvm.func @llvm_switch(%a: i32) {
  // CHECK: operand-count-mismatch.mlir:[[@LINE+2]]:40: error: custom op 'llvm.switch' number of operands and types do not match: got 2 operands and 1 types
  // expected-error@+1 {{number of operands and types do not match: got 2 operands and 1 types}}
  llvm.switch %a : i32, ^bb1(%a : i32) [
    1: ^bb1(%a, %a : i32)
  ]
^bb1(%x: i32):
  llvm.return
}

// -----

llvm.func @llvm_call(%a: i32) {
  // CHECK: operand-count-mismatch.mlir:[[@LINE+2]]:3: error: custom op 'llvm.call' number of operands and types do not match: got 0 operands and 1 types
  // expected-error@+1 {{number of operands and types do not match: got 0 operands and 1 types}}
  llvm.call @llvm_call() : (i32) -> ()
  llvm.return
}

// -----

func.func @parallel(%a: index, %f: f32) {
  // CHECK: operand-count-mismatch.mlir:[[@LINE+2]]:8: error: custom op 'scf.parallel' number of operands and types do not match: got 2 operands and 1 types
  // expected-error@+1 {{number of operands and types do not match: got 2 operands and 1 types}}
  %r = scf.parallel (%i) = (%a) to (%a) step (%a) init (%f, %f) -> f32 {
    scf.reduce
  }
  return
}

// -----

func.func @for_iter_args(%a: index) {
  // CHECK: operand-count-mismatch.mlir:[[@LINE+2]]:3: error: custom op 'scf.for' mismatch in number of loop-carried values and defined values
  // expected-error@+1 {{mismatch in number of loop-carried values and defined values}}
  scf.for %i = %a to %a step %a iter_args(%x = %a, %y = %a) -> (index) {
    scf.yield %x : index
  }
  return
}
