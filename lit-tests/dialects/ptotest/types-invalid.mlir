// Errors in dialect types declared in ODS (the in-tree `ptotest` dialect).
// RUN: %pto-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{struct is missing required parameter: cols}}
func.func private @f(!ptotest.tile<loc = vec, dtype = f32, rows = 32>)

// -----

// expected-error @+1 {{duplicate or unknown struct parameter name: loc}}
func.func private @f(!ptotest.tile<loc = vec, loc = vec, dtype = f32, rows = 32, cols = 1>)

// -----

// expected-error @+1 {{expected Loc to be one of: vec, mat, acc}}
func.func private @f(!ptotest.tile<loc = foo, dtype = f32, rows = 32, cols = 1>)

// -----

// The type's verifier (genVerifyDecl) reports at the type.
// expected-error @+1 {{tile rows must be positive}}
func.func private @f(!ptotest.tile<loc = vec, dtype = f32, rows = 0, cols = 1>)

// -----

// expected-error @+1 {{expected ','}}
func.func private @f(!ptotest.pair<i32>)

// -----

// expected-error @+1 {{integer value too large}}
func.func private @f(!ptotest.space<-1>)

// -----

// expected-error @+1 {{unknown  type `nope` in dialect `ptotest`}}
func.func private @f(!ptotest.nope)

// -----

// expected-error @+1 {{expected a type or '...'}}
func.func private @f(!ptotest.list<i8, 4>)

// -----

// expected-error @+1 {{failed to parse PtoTest_PairType parameter 'first' which is to be a `Type`}}
func.func private @f(!ptotest.pair<4, i8>)

// -----

// The stripped spelling of a type in an op's format is parsed by the type's syntax.
func.func @f(%p: !ptotest.pair<i8, i16>, %u: !ptotest.unit) {
  // expected-error @+1 {{expected ','}}
  %0 = ptotest.take %p, %u, [], %p : <i8>, !ptotest.unit, [], !ptotest.pair<i8, i16> -> <i8, i16>
  return
}

// -----

func.func @f(%p: !ptotest.pair<i8, i16>, %u: !ptotest.unit) {
  // expected-error @+1 {{invalid kind of type specified}}
  %0 = ptotest.take %p, %u, [], %p : !ptotest.unit, !ptotest.unit, [], !ptotest.pair<i8, i16> -> <i8, i16>
  return
}
