// Invalid cf dialect input: successor operand mismatches, non-i1 conditions, bad
// switch case lists, assert messages, and terminator placement.
// RUN: %pto-opt %s -split-input-file -verify-diagnostics
// RUN: %mlir-opt %s -split-input-file -verify-diagnostics

// -----

func.func @br_too_many_args(%a: i32) {
  // expected-error @+1 {{branch has 1 operands for successor #0, but target block has 0}}
  cf.br ^bb1(%a : i32)
^bb1:
  return
}

// -----

func.func @br_too_few_args() {
  // expected-error @+1 {{branch has 0 operands for successor #0, but target block has 1}}
  cf.br ^bb1
^bb1(%x: i32):
  return
}

// -----

func.func @br_arg_type_mismatch(%a: i64) {
  // expected-error @+1 {{type mismatch for bb argument #0 of successor #0}}
  cf.br ^bb1(%a : i64)
^bb1(%x: i32):
  return
}

// -----

func.func @cond_br_not_i1(%c: i32) {
  // expected-error @+1 {{'cf.cond_br' op operand #0 must be 1-bit signless integer, but got 'i32'}}
  "cf.cond_br"(%c) [^bb1, ^bb1] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
}

// -----

func.func @cond_br_false_dest_args(%c: i1, %a: i32) {
  // expected-error @+1 {{type mismatch for bb argument #0 of successor #1}}
  cf.cond_br %c, ^bb1, ^bb2(%a : i32)
^bb1:
  return
^bb2(%x: f32):
  return
}

// -----

func.func @br_undefined_block() {
  // expected-error @+1 {{reference to an undefined block}}
  cf.br ^missing
}

// -----

func.func @block_redefinition() {
  cf.br ^bb1
^bb1:
  cf.br ^bb1
// expected-error @+1 {{redefinition of block '^bb1'}}
^bb1:
  return
}

// -----

func.func @terminator_not_last(%a: i32) {
  // expected-error @+1 {{operation with block successors must terminate its parent block}}
  cf.br ^bb1
  %0 = arith.addi %a, %a : i32
^bb1:
  return
}

// -----

func.func @switch_case_type(%f: i32) {
  cf.switch %f : i32, [
    default: ^bb1,
    // expected-error @+1 {{custom op 'cf.switch' expected integer value}}
    "x": ^bb1
  ]
^bb1:
  return
}

// -----

func.func @switch_flag_not_integer(%f: f32) {
  // expected-error @+1 {{custom op 'cf.switch' invalid kind of type specified: expected builtin.integer, but found 'f32'}}
  cf.switch %f : f32, [
    default: ^bb1
  ]
^bb1:
  return
}

// -----

func.func @switch_case_args_mismatch(%f: i32, %a: f32) {
  // expected-error @+1 {{branch has 0 operands for successor #1, but target block has 1}}
  cf.switch %f : i32, [
    default: ^bb1(%a : f32),
    1: ^bb1
  ]
^bb1(%x: f32):
  return
}

// -----

func.func @switch_case_values_count(%f: i32) {
  // expected-error @+1 {{'cf.switch' op number of case values (2) should match number of case destinations (1)}}
  "cf.switch"(%f) [^bb1, ^bb1] <{case_operand_segments = array<i32: 0>, case_values = dense<[1, 2]> : vector<2xi32>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
}

// -----

func.func @assert_not_i1(%c: i32) {
  // expected-error @+1 {{'cf.assert' op operand #0 must be 1-bit signless integer, but got 'i32'}}
  "cf.assert"(%c) <{msg = "message"}> : (i32) -> ()
  return
}

// -----

func.func @assert_no_message(%c: i1) {
  // expected-error @+1 {{expected ','}}
  cf.assert %c
  return
}

// -----

// The successors are checked before the op's own rules (the case count here).
func.func @switch_successor_first(%flag: i32, %a: i32, %b: f32) {
  // expected-error @+1 {{branch has 1 operands for successor #2, but target block has 0}}
  "cf.switch"(%flag, %a, %b) [^bb2, ^bb1, ^bb2] <{case_operand_segments = array<i32: 1, 1>, case_values = dense<[1]> : vector<1xi32>, operandSegmentSizes = array<i32: 1, 0, 2>}> : (i32, i32, f32) -> ()
^bb1(%x: i32):
  return
^bb2:
  return
}

// -----

func.func @switch_case_value_type(%flag: i32) {
  // expected-error @+1 {{'cf.switch' op 'flag' type ('i32') should match case value type ('i64')}}
  "cf.switch"(%flag) [^bb1, ^bb1] <{case_operand_segments = array<i32: 0>, case_values = dense<[1]> : vector<1xi64>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
}
