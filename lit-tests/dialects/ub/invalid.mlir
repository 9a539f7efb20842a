// Invalid ub dialect input, with mlir-opt's messages and locations.
// RUN: %pto-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{custom op 'ub.poison' invalid kind of attribute specified}}
%0 = ub.poison <1 : i32> : i32

// -----

// expected-error @+1 {{invalid properties {value = 1 : i32} for op ub.poison: Invalid attribute `value` in property conversion: 1 : i32}}
%0 = "ub.poison"() <{value = 1 : i32}> : () -> i32

// -----

// expected-error @+1 {{unknown attribute `foo` in dialect `ub`}}
%0 = ub.poison <#ub.foo> : i32

// -----

// expected-error @+1 {{'ub.poison' op requires one result}}
%0:2 = "ub.poison"() : () -> (i32, i32)

// -----

// expected-error @+1 {{'ub.poison' op requires one result}}
"ub.poison"() : () -> ()

// -----

func.func @not_last() {
  // expected-error @+1 {{'ub.unreachable' op must be the last operation in the parent block}}
  ub.unreachable
  return
}
