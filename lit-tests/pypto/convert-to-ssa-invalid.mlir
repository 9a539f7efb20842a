// pypto-convert-to-ssa: a variable read where it may hold no value is an error at
// the read.
// RUN: pto-opt %s --pypto-convert-to-ssa -split-input-file -verify-diagnostics

// First assigned inside a loop, read after it (the loop may not run).
func.func @after_loop(%n: i64) -> i64 {
  %t = pypto.var : !pypto.var<i64> loc("t")
  %c0 = pypto.const 0 : i64
  %c1 = pypto.const 1 : i64
  scf.for %i = %c0 to %n step %c1 : i64 {
    pypto.assign %t, %i : !pypto.var<i64>, i64
  }
  // expected-error @+1 {{'t' may be used before it is assigned (it has no value on some path to this use)}}
  %r = pypto.read %t : !pypto.var<i64> -> i64
  return %r : i64
}

// -----

// Assigned in one branch only.
func.func @one_branch(%c: i1) -> i64 {
  %t = pypto.var : !pypto.var<i64> loc("t")
  scf.if %c {
    %one = pypto.const 1 : i64
    pypto.assign %t, %one : !pypto.var<i64>, i64
  }
  // expected-error @+1 {{'t' may be used before it is assigned}}
  %r = pypto.read %t : !pypto.var<i64> -> i64
  return %r : i64
}

// -----

// Read before the first assignment, in a loop that assigns it later.
func.func @before_assign(%n: i64) {
  %t = pypto.var : !pypto.var<i64> loc("t")
  %c0 = pypto.const 0 : i64
  %c1 = pypto.const 1 : i64
  scf.for %i = %c0 to %n step %c1 : i64 {
    // expected-error @+1 {{'t' may be used before it is assigned}}
    %r = pypto.read %t : !pypto.var<i64> -> i64
    %s = pypto.add %r, %i : i64
    pypto.assign %t, %s : !pypto.var<i64>, i64
  }
  return
}

// -----

// Inside a region op the pass does not know.
func.func @unknown_region(%n: i64) {
  %t = pypto.var : !pypto.var<i64> loc("t")
  pypto.assign %t, %n : !pypto.var<i64>, i64
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i) = (%c0) to (%c1) step (%c1) {
    // expected-error @+1 {{cannot convert a variable used inside 'scf.parallel'}}
    %r = pypto.read %t : !pypto.var<i64> -> i64
    scf.reduce
  }
  return
}
