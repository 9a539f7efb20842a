// Invalid builtin types.
// RUN: %pto-opt %s -split-input-file -verify-diagnostics --allow-unregistered-dialect

// -----

// expected-error @+1 {{invalid integer width}}
"xt.op"() : () -> i99999999999999999999

// -----

// expected-error @+1 {{expected non-function type}}
"xt.op"() : () -> vector<?xf32>

// -----

// expected-error @+1 {{failed to verify 'elementType': VectorElementTypeInterface instance}}
"xt.op"() : () -> vector<4xtuple<>>

// -----

// expected-error @+1 {{expected non-function type}}
"xt.op"() : () -> tensor<-1xf32>

// -----

// expected-error @+1 {{expected 'x' in dimension list}}
"xt.op"() : () -> tensor<4

// -----

// expected-error @+1 {{cannot apply encoding to unranked tensor}}
"xt.op"() {t = tensor<*xf32, 1>} : () -> ()

// -----

// expected-error @+1 {{expected ',' or '>' in memref type}}
"xt.op"() : () -> memref<4xf32

// -----

// expected-error @+1 {{expected memory space to be last in memref type}}
"xt.op"() : () -> memref<4xf32, 1, affine_map<(d0) -> (d0)>>

// -----

// expected-error @+1 {{cannot have affine map for unranked memref type}}
"xt.op"() : () -> memref<*xf32, affine_map<(d0) -> (d0)>>

// -----

// expected-error @+1 {{memref layout mismatch between rank and affine map: 1 != 2}}
"xt.op"() : () -> memref<4xf32, affine_map<(d0, d1) -> (d0)>>

// -----

// expected-error @+1 {{expected the number of strides to match the rank}}
"xt.op"() : () -> memref<4xf32, strided<[1, 2]>>

// -----

// expected-error @+1 {{expected attribute value}}
"xt.op"() : () -> memref<4xf32, foo>

// -----

// expected-error @+1 {{expected '>' in tuple type}}
"xt.op"() : () -> tuple<i32

// -----

// expected-error @+1 {{expected '->' in function type}}
"xt.op"() {t = (i32) ()} : () -> ()

// -----

// expected-error @+1 {{unbalanced '<' character in pretty dialect name}}
"xt.op"() : () -> !xt.foo<

// -----

// expected-error @+1 {{unbalanced '(' character in pretty dialect name}}
"xt.op"() : () -> !xt.foo<(]>

// -----

// expected-error @+1 {{unsupported memory space Attribute}}
"xt.op"() : () -> memref<4xf32, #xt.space>

// -----

// expected-error @+1 {{invalid memref element type}}
"xt.op"() : () -> memref<4x!xt.elt>

// -----

// expected-error @+1 {{invalid tensor element type}}
"xt.op"() : () -> tensor<*xtuple<>>
// -----

// expected-error @+1 {{invalid tensor element type}}
"xt.op"() : () -> tensor<3xtuple<i1>>

// -----

// expected-error @+1 {{unsupported memory space Attribute}}
"xt.op"() : () -> memref<4xf32, [1]>

// -----

// expected-error @+1 {{unsupported memory space Attribute}}
"xt.op"() : () -> memref<4xf32, 1.0>

// -----

// expected-error @+1 {{unsupported memory space Attribute}}
"xt.op"() : () -> memref<*xf32, @sym>

// -----

// expected-error @+1 {{unsupported memory space Attribute}}
"xt.op"() : () -> memref<4xf32, i32>

// -----

// expected-error @+1 {{failed to verify 'elementType': VectorElementTypeInterface instance}}
"xt.op"() : () -> vector<2xcomplex<f32>>
