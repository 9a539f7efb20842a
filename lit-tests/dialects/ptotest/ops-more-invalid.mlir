// Errors from the ODS features exercised in ops-more.mlir.
// RUN: %pto-opt %s -split-input-file -verify-diagnostics

%m = "ptotest.source"() : () -> memref<4xf32>
// expected-error @+1 {{custom op 'ptotest.tensor_id' invalid kind of type specified}}
%u = ptotest.tensor_id %m : memref<4xf32> -> tensor<4xf32>

// -----

%m = "ptotest.source"() : () -> memref<4xf32>
// expected-error @+1 {{'ptotest.tensor_id' op operand #0 must be tensor of any type values, but got 'memref<4xf32>'}}
%u = "ptotest.tensor_id"(%m) : (memref<4xf32>) -> tensor<4xf32>

// -----

%t = "ptotest.source"() : () -> tensor<4xf32>
// expected-error @+1 {{'ptotest.tensor_id' op result #0 must be ranked tensor of any type values, but got 'tensor<*xf32>'}}
%u = "ptotest.tensor_id"(%t) : (tensor<4xf32>) -> tensor<*xf32>

// -----

ptotest.table {
  // expected-note @+1 {{see existing symbol definition here}}
  func.func private @x()
  // expected-error @+1 {{redefinition of symbol named 'x'}}
  func.func private @x()
}

// -----

// expected-error @+1 {{'ptotest.split' op result count (1) does not match with the total size (3) specified in attribute 'resultSegmentSizes'}}
%a = "ptotest.split"() <{resultSegmentSizes = array<i32: 2, 1>}> : () -> (i32)

// -----

// expected-error @+1 {{'ptotest.split' op requires attribute 'resultSegmentSizes'}}
%a = "ptotest.split"() : () -> (i32)

// -----

// expected-error @+1 {{'ptotest.table' op requires one region}}
"ptotest.table"() : () -> ()

// -----

// A variadic `type($x)` needs at least one type (MLIR's `parseTypeList`), so the
// printed form of two empty groups does not parse back.
// expected-error @+1 {{expected non-function type}}
ptotest.split : (), ()

// -----

// Types of a variadic group are parsed as plain types; the verifier checks their kind.
func.func @take(%p: !ptotest.pair<i8, i16>, %u: !ptotest.unit, %i: i32) {
  // expected-error @+1 {{'ptotest.take' op operand #2 must be variadic of}}
  %0 = ptotest.take %p, %u, [%i], %p : <i8, i16>, !ptotest.unit, [i32], !ptotest.pair<i8, i16> -> <i8, i16>
  return
}
