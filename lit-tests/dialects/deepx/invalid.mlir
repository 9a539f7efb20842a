// Malformed `deepx` types and ops: the ODS signature of each op (unions included)
// and the custom syntax, checked by the verifier.
// RUN: %pto-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{dimension variable must be ?1 or above, got ?0}}
deepx.func @f(%a: !deepx.tensor<[?0], f32>) -> () {
}

// -----

// expected-error @+1 {{a union has at least two members}}
deepx.func @f(%a: !deepx.union<f32>) -> () {
}

// -----

// expected-error @+1 {{union member f32 appears twice}}
deepx.func @f(%a: !deepx.union<f32, f32>) -> () {
}

// -----

// expected-error @+1 {{union member index is not a DeepX data type}}
deepx.func @f(%a: !deepx.union<f32, index>) -> () {
}

// -----

// expected-error @+1 {{tensor data type must be a DeepX data type or a union of them, got f80}}
deepx.func @f(%a: !deepx.tensor<[2], f80>) -> () {
}

// -----

// expected-error @+1 {{write parameters must be tensors, got i32}}
deepx.func @f() -> (%a: i32) {
}

// -----

deepx.func @f(%a: !deepx.tensor<[2], i32>) -> (%b: !deepx.tensor<[2], i32>) {
  // expected-error @+1 {{'deepx.exp' op operand #0 must be deepx tensor of f16|f32|f64|bf16|bf8, but got '!deepx.tensor<[2], i32>'}}
  deepx.exp %a -> %b : !deepx.tensor<[2], i32> -> !deepx.tensor<[2], i32>
}

// -----

// A union is only as good as its members: f32|i32 is not a float type.
deepx.func @f(%a: !deepx.tensor<[2], !deepx.union<f32, i32>>) -> (%b: !deepx.tensor<[2], f32>) {
  // expected-error @+1 {{'deepx.sqrt' op operand #0 must be deepx tensor of f16|f32|f64|bf16|bf8}}
  deepx.sqrt %a -> %b : !deepx.tensor<[2], !deepx.union<f32, i32>> -> !deepx.tensor<[2], f32>
}

// -----

deepx.func @f(%a: !deepx.tensor<[2], f32>, %b: !deepx.tensor<[2], f32>) -> (%m: !deepx.tensor<[2], f32>) {
  // expected-error @+1 {{'deepx.less' op operand #2 must be deepx tensor of bool}}
  deepx.less %a, %b -> %m : !deepx.tensor<[2], f32>, !deepx.tensor<[2], f32> -> !deepx.tensor<[2], f32>
}

// -----

deepx.func @f(%a: !deepx.tensor<[2], f32>, %i: !deepx.tensor<[2], f32>) -> (%b: !deepx.tensor<[2], f32>) {
  %axis = deepx.const 0 : i32
  // expected-error @+1 {{'deepx.indexselect' op operand #1 must be deepx tensor of i32|i64}}
  deepx.indexselect %a, %i, %axis -> %b : !deepx.tensor<[2], f32>, !deepx.tensor<[2], f32>, i32 -> !deepx.tensor<[2], f32>
}

// -----

deepx.func @f(%a: !deepx.tensor<[2], f32>) -> (%b: !deepx.tensor<[2], f32>) {
  %s = deepx.const "x" : !deepx.string
  // expected-error @+1 {{'deepx.addscalar' op operand #1 must be deepx scalar, but got '!deepx.string'}}
  deepx.addscalar %a, %s -> %b : !deepx.tensor<[2], f32>, !deepx.string -> !deepx.tensor<[2], f32>
}

// -----

deepx.func @f() -> () {
  // expected-error @+1 {{value "x" is not a f32}}
  %c = "deepx.const"() <{value = "x"}> : () -> f32
}

// -----

deepx.func @f(%a: !deepx.tensor<[2], f32>) -> () {
  %c = deepx.const 1.0 : f32
  // expected-error @+1 {{element #0 of type f32 does not fit the list's element type !deepx.tensor}}
  %l = deepx.list %c : (f32) -> !deepx.list<!deepx.tensor>
}

// -----

// expected-error @+1 {{the body's arguments must be the read parameters then the write parameters of function_type}}
"deepx.func"() <{sym_name = "f", function_type = (i32) -> ()}> ({
^bb0(%a: f32):
}) : () -> ()
