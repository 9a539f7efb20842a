// Invalid func dialect input: verifier errors of func.func, func.return, func.call,
// func.call_indirect and func.constant, and custom-parser errors.
// RUN: %pto-opt %s -split-input-file -verify-diagnostics
// RUN: %mlir-opt %s -split-input-file -verify-diagnostics

// -----

func.func @wrong_return_type(%a: i32) -> i64 {
  // expected-error @+1 {{type of return operand 0 ('i32') doesn't match function result type ('i64') in function @wrong_return_type}}
  return %a : i32
}

// -----

func.func @wrong_return_count(%a: i32) -> (i32, i32) {
  // expected-error @+1 {{'func.return' op has 1 operands, but enclosing function (@wrong_return_count) returns 2}}
  return %a : i32
}

// -----

func.func @return_values_from_void(%a: i32) {
  // expected-error @+1 {{'func.return' op has 1 operands, but enclosing function (@return_values_from_void) returns 0}}
  return %a : i32
}

// -----

func.func private @callee(i32) -> i32

func.func @call_wrong_arg_type(%a: i64) {
  // expected-error @+1 {{'func.call' op operand type mismatch: expected operand type 'i32', but provided 'i64' for operand number 0}}
  %0 = call @callee(%a) : (i64) -> i32
  return
}

// -----

func.func private @callee(i32) -> i32

func.func @call_wrong_result_count(%a: i32) {
  // expected-error @+1 {{'func.call' op incorrect number of results for callee}}
  %0:2 = call @callee(%a) : (i32) -> (i32, i32)
  return
}

// -----

func.func private @callee(i32) -> i32

func.func @call_indirect_wrong_results(%a: i32) {
  %f = constant @callee : (i32) -> i32
  // expected-error @+1 {{'func.call_indirect' op failed to verify that callee result types match result types}}
  %0 = "func.call_indirect"(%f, %a) : ((i32) -> i32, i32) -> f32
  return
}

// -----

func.func @call_unknown(%a: i32) {
  // expected-error @+1 {{'func.call' op 'does_not_exist' does not reference a valid function}}
  call @does_not_exist(%a) : (i32) -> ()
  return
}

// -----

func.func private @callee(i32) -> i32

func.func @constant_wrong_type() {
  // expected-error @+1 {{'func.constant' op reference to function with mismatched type}}
  %f = constant @callee : (i64) -> i32
  return
}

// -----

func.func @call_indirect_mismatch(%f: (i32) -> i32, %a: f32) {
  // expected-error @+1 {{'func.call_indirect' op failed to verify that callee input types match argument types}}
  %0 = "func.call_indirect"(%f, %a) : ((i32) -> i32, f32) -> i32
  return
}

// -----

func.func @missing_terminator(%a: i32) {
  // expected-error @+1 {{block with no terminator, has %0 = "arith.constant"() <{value = 1 : i32}> : () -> i32}}
  %c = arith.constant 1 : i32
}

// -----

// The op is shown with the values numbered as in its function.
func.func @missing_terminator_operands(%a: i32) {
  %b = arith.addi %a, %a : i32
  // expected-error @+1 {{block with no terminator, has %1 = "arith.muli"(%0, %arg0) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32}}
  %c = arith.muli %b, %a : i32
}

// -----

func.func @entry_block_args_mismatch(%a: i32) {
// expected-error @+1 {{invalid block name in region with named arguments}}
^bb0(%b: i64):
  return
}

// -----

// expected-error @+1 {{'func.func' op type of entry block argument #0('f32') must match the type of the corresponding argument in function signature('i32')}}
"func.func"() ({
^bb0(%a: f32):
  "func.return"() : () -> ()
}) {function_type = (i32) -> (), sym_name = "generic_arg_mismatch"} : () -> ()

// -----

func.func @return_outside_func() {
  scf.execute_region {
    // expected-error @+1 {{'func.return' op expects parent op 'func.func'}}
    func.return
  }
  return
}

// -----

// expected-error @+1 {{custom op 'func.func' 'sym_visibility' is an inferred attribute and should not be specified in the explicit attribute dictionary}}
func.func @bad_visibility() attributes {sym_visibility = "bogus"}

// -----

// expected-error @+1 {{custom op 'func.func' expected SSA identifier}}
func.func private @decl_with_names(%a: i32, f32)

// -----

// expected-error @+1 {{custom op 'func.func' expected valid '@'-identifier for symbol name}}
func.func missing_at(i32)

// -----

// expected-error @+1 {{'func.func' op symbol declaration cannot have public visibility}}
func.func @public_decl(i32)

// -----

// expected-error @+1 {{'func.func' op requires attribute 'function_type'}}
"func.func"() <{sym_name = "no_type"}> ({
  "func.return"() : () -> ()
}) : () -> ()
