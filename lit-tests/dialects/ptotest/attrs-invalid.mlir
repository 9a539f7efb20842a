// Errors in dialect attributes declared in ODS with parameters (the in-tree `ptotest`
// dialect).
// RUN: %pto-opt %s -split-input-file -verify-diagnostics

// The attribute's verifier (genVerifyDecl) reports at the parameters.
// expected-error @+1 {{config rows must be positive}}
func.func private @f() attributes {a = #ptotest.config<loc = vec, dtype = f32, rows = 0, home = <acc>, size = 4 : i32, flag = true>}

// -----

// expected-error @+1 {{invalid kind of attribute specified}}
func.func private @f() attributes {a = #ptotest.config<loc = vec, dtype = f32, rows = 1, home = <acc>, size = "s", flag = true>}

// -----

// expected-error @+1 {{struct is missing required parameter: size}}
func.func private @f() attributes {a = #ptotest.config<loc = vec, dtype = f32, rows = 1, home = <acc>, flag = true>}

// -----

// expected-error @+1 {{duplicate or unknown struct parameter name: colour}}
func.func private @f() attributes {a = #ptotest.config<colour = vec>}

// -----

// As MLIR's generated enum parser: the value's error, then the parameter's.
// expected-error @+2 {{expected ::mlir::ptotest::Loc to be one of: vec, mat, acc}}
// expected-error @+1 {{failed to parse PtoTest_LocAttr parameter 'value' which is to be a `::mlir::ptotest::Loc`}}
func.func private @f() attributes {a = #ptotest.config<loc = vec, dtype = f32, rows = 1, home = <bad>, size = 1, flag = true>}

// -----

// A hand-written syntax's verifier.
// expected-error @+1 {{range lower bound 3 exceeds upper bound 1}}
func.func private @f() attributes {a = #ptotest.range<3 to 1>}

// -----

// expected-error @+1 {{expected 'to'}}
func.func private @f() attributes {a = #ptotest.range<3 1>}

// -----

// expected-error @+1 {{expected integer value}}
func.func private @f() attributes {a = #ptotest.dims<f32, 4, x>}

// -----

// expected-error @+1 {{expected '>'}}
func.func private @f() attributes {a = #ptotest<range<1 to 2>}

// -----

func.func @g() {
  // expected-error @+1 {{expected a '#ptotest.config' attribute}}
  ptotest.configure #ptotest.range<1 to 2>
  return
}

// -----

func.func @g() {
  // expected-error @+1 {{'ptotest.configure' op attribute 'config' failed to satisfy constraint: Parameters of every kind, keyed}}
  "ptotest.configure"() {config = #ptotest.range<1 to 2>} : () -> ()
  return
}
