// Invalid scf dialect input: wrong yield counts and types, mismatched loop bounds,
// iter_args/result mismatches, missing else with results, and bad while/condition,
// parallel/reduce and index_switch structure.
// RUN: %pto-opt %s -split-input-file -verify-diagnostics
// RUN: %mlir-opt %s -split-input-file -verify-diagnostics

// -----

func.func @for_yield_count(%lb: index, %ub: index, %s: index, %a: f32) {
  // expected-error @+1 {{'scf.for' op along control flow edge from Operation scf.yield to Region #0: region branch point has 0 operands, but region successor needs 1 inputs}}
  %r = scf.for %i = %lb to %ub step %s iter_args(%x = %a) -> (f32) {
    // expected-note @+1 {{region branch point}}
    scf.yield
  }
  return
}

// -----

func.func @for_yield_type(%lb: index, %ub: index, %s: index, %a: f32, %b: i32) {
  // expected-error @+1 {{'scf.for' op 0-th region iter_arg and 0-th yielded value have different type: 'f32' != 'i32'}}
  %r = scf.for %i = %lb to %ub step %s iter_args(%x = %a) -> (f32) {
    scf.yield %b : i32
  }
  return
}

// -----

func.func @for_mixed_bound_types(%lb: index, %ub: i32, %s: index) {
  // expected-error @+1 {{'scf.for' op failed to verify that all of {lowerBound, upperBound, step} have same type}}
  "scf.for"(%lb, %ub, %s) ({
  ^bb0(%i: index):
    "scf.yield"() : () -> ()
  }) : (index, i32, index) -> ()
  return
}

// -----

func.func @for_init_result_mismatch(%lb: index, %ub: index, %s: index, %a: f32) {
  // expected-error @+1 {{'scf.for' op 0-th region iter_arg and 0-th loop result have different type: 'f32' != 'i32'}}
  %r = "scf.for"(%lb, %ub, %s, %a) ({
  ^bb0(%i: index, %x: f32):
    "scf.yield"(%x) : (f32) -> ()
  }) : (index, index, index, f32) -> i32
  return
}

// -----

func.func @for_float_bounds(%lb: f32, %ub: f32, %s: f32) {
  // expected-error @+1 {{'scf.for' op operand #0 must be signless integer or index, but got 'f32'}}
  "scf.for"(%lb, %ub, %s) ({
  ^bb0(%i: f32):
    "scf.yield"() : () -> ()
  }) : (f32, f32, f32) -> ()
  return
}

// -----

func.func @if_results_without_else(%c: i1, %a: f32) {
  // expected-error @+1 {{'scf.if' op must have an else block if defining values}}
  %r = scf.if %c -> f32 {
    scf.yield %a : f32
  }
  return
}

// -----

func.func @if_yield_count(%c: i1, %a: f32) {
  // expected-error @+1 {{'scf.if' op along control flow edge from Operation scf.yield to parent: region branch point has 2 operands, but region successor needs 1 inputs}}
  %r = scf.if %c -> (f32) {
    // expected-note @+1 {{region branch point}}
    scf.yield %a, %a : f32, f32
  } else {
    scf.yield %a : f32
  }
  return
}

// -----

func.func @if_cond_not_i1(%c: i32) {
  // expected-error @+1 {{'scf.if' op operand #0 must be 1-bit signless integer, but got 'i32'}}
  "scf.if"(%c) ({
    "scf.yield"() : () -> ()
  }, {
  }) : (i32) -> ()
  return
}

// -----

func.func @if_wrong_terminator(%c: i1) {
  scf.if %c {
    // expected-error @+1 {{'func.return' op expects parent op 'func.func'}}
    func.return
  }
  return
}

// -----

func.func @yield_outside(%a: i32) {
  // expected-error @+1 {{'scf.yield' op expects parent op to be one of 'scf.execute_region, scf.for, scf.if, scf.index_switch, scf.while'}}
  scf.yield %a : i32
}

// -----

func.func @while_condition_types(%a: i32) {
  // expected-error @+1 {{'scf.while' op along control flow edge from Operation scf.condition to parent: successor operand type #0 'i1' should match successor input type #0 'i32'}}
  %r = scf.while (%x = %a) : (i32) -> i32 {
    %c = arith.constant true
    // expected-note @+1 {{region branch point}}
    scf.condition(%c) %c : i1
  } do {
  ^bb0(%y: i32):
    scf.yield %y : i32
  }
  return
}

// -----

func.func @while_after_args(%a: i32) {
  // expected-error @+1 {{'scf.while' op along control flow edge from Operation scf.condition to Region #1: successor operand type #0 'i32' should match successor input type #0 'f32'}}
  %r = scf.while (%x = %a) : (i32) -> i32 {
    %c = arith.constant true
    // expected-note @+1 {{region branch point}}
    scf.condition(%c) %x : i32
  } do {
  ^bb0(%y: f32):
    scf.yield %a : i32
  }
  return
}

// -----

func.func @parallel_reduce_count(%lb: index, %ub: index, %s: index, %init: f32) {
  // expected-error @+1 {{'scf.parallel' op expects number of results: 1 to be the same as number of reductions: 0}}
  %r = scf.parallel (%i) = (%lb) to (%ub) step (%s) init (%init) -> f32 {
    scf.reduce
  }
  return
}

// -----

func.func @parallel_bounds_count(%lb: index, %ub: index, %s: index) {
  // expected-error @+1 {{custom op 'scf.parallel' expected 2 operands}}
  scf.parallel (%i, %j) = (%lb) to (%ub, %ub) step (%s, %s) {
    scf.reduce
  }
  return
}

// -----

func.func @index_switch_duplicate(%i: index) {
  // expected-error @+1 {{'scf.index_switch' op has duplicate case value: 1}}
  scf.index_switch %i
  case 1 {
    scf.yield
  }
  case 1 {
    scf.yield
  }
  default {
  }
  return
}
