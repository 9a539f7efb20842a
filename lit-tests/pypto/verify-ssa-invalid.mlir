// pypto-verify-ssa (PyPTO's VerifySSA): multiple assignment, shadowing and remaining
// cells. Names are name locations; the child file location of each gives the line the
// error is expected on.
// RUN: pto-opt %s --pypto-verify-ssa -split-input-file -verify-diagnostics

func.func @twice(%x: i64) -> i64 {
  %a = pypto.add %x, %x : i64 loc("r"("v.py":7:3))
  // expected-error @+1 {{variable 'r' is assigned more than once (2 times), violating SSA form}}
  %b = pypto.add %a, %x : i64 loc("r"("v.py":9:3))
  return %b : i64
}

// -----

// A loop variable and a return variable that shadow outer names; a definition in the
// body that shadows a parameter.
func.func @shadow(%n: i64 loc("n")) -> i64 {
  %c0 = pypto.const 0 : i64
  %c1 = pypto.const 1 : i64
  %i = pypto.add %n, %c1 : i64 loc("i"("v.py":20:3))
  // expected-error @+1 {{variable 'i' shadows a variable of an enclosing scope with the same name}}
  %r = scf.for %k = %c0 to %n step %c1 iter_args(%s = %n) -> (i64) : i64 {
    // expected-error @+1 {{variable 'n' shadows a variable of an enclosing scope with the same name}}
    %t = pypto.add %s, %k : i64 loc("n"("v.py":24:5))
    scf.yield %t : i64
  } {pypto.arg_names = ["i", "s"]} loc("r"("v.py":22:3))
  return %r : i64
}

// -----

// Sibling scopes do not shadow each other, but the name is assigned twice in the
// function; an if's return variable counts as an assignment.
func.func @siblings(%c: i1, %n: i64) -> i64 {
  %r = scf.if %c -> (i64) {
    %t = pypto.add %n, %n : i64 loc("t"("v.py":36:5))
    scf.yield %t : i64
  } else {
    // expected-error @+1 {{variable 't' is assigned more than once (2 times), violating SSA form}}
    %t = pypto.mul %n, %n : i64 loc("t"("v.py":40:5))
    scf.yield %t : i64
  } loc("r"("v.py":35:3))
  // expected-error @+1 {{variable 'r' is assigned more than once (2 times), violating SSA form}}
  %u = pypto.add %r, %r : i64 loc("r"("v.py":44:3))
  return %u : i64
}

// -----

// A variable that is still a cell.
func.func @cell(%x: i64) -> i64 {
  // expected-error @+1 {{variable 'x2' is assigned more than once and is not in SSA form (run pypto-convert-to-ssa)}}
  %v = pypto.var : !pypto.var<i64> loc("x2"("v.py":53:3))
  pypto.assign %v, %x : !pypto.var<i64>, i64
  %r = pypto.read %v : !pypto.var<i64> -> i64
  return %r : i64
}

// -----

// An if with return variables needs an else branch (MLIR's verifier of scf.if says so
// first, for parsed IR).
func.func @no_else(%c: i1, %n: i64) -> i64 {
  // expected-error @+1 {{'scf.if' op must have an else block if defining values}}
  %r = scf.if %c -> (i64) {
    scf.yield %n : i64
  }
  return %r : i64
}
