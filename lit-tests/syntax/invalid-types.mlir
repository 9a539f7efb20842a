// Invalid builtin types.
// RUN: %pto-opt %s -split-input-file -verify-diagnostics --allow-unregistered-dialect

// -----

// expected-error @+1 {{integer bitwidth is limited to 16777215 bits}}
"xt.op"() : () -> i99999999

// -----

// expected-error @+1 {{vector types must have positive constant sizes but got 0}}
"xt.op"() : () -> vector<0xf32>

// -----

// expected-error @+1 {{missing ']' closing scalable dimension}}
"xt.op"() : () -> vector<[4xf32>

// -----

// expected-error @+1 {{expected '<' in tensor type}}
"xt.op"() : () -> tensor f32

// -----

// expected-error @+1 {{expected '>' in tensor type}}
"xt.op"() : () -> tensor<4xf32, 1

// -----

// expected-error @+1 {{invalid dimension}}
"xt.op"() : () -> tensor<99999999999999999999xf32>

// -----

// expected-error @+1 {{invalid tensor element type}}
"xt.op"() : () -> tensor<4xtensor<2xf32>>

// -----

// expected-error @+1 {{invalid tensor element type}}
"xt.op"() : () -> tensor<4xnone>

// -----

// expected-error @+1 {{invalid memref element type}}
"xt.op"() : () -> memref<4xtensor<2xf32>>

// -----

// expected-error @+1 {{multiple memory spaces specified in memref type}}
"xt.op"() : () -> memref<4xf32, 3, 4>

// -----

// expected-error @+1 {{invalid element type for complex}}
"xt.op"() : () -> complex<index>

// -----

// expected-error @+1 {{expected '>' in complex type}}
"xt.op"() : () -> complex<f32

// -----

// expected-error @+1 {{expected '>' in vector type}}
"xt.op"() : () -> vector<4xf32

// -----

// expected-error @+1 {{expected ')'}}
"xt.op"() {t = (i32 -> ()} : () -> ()

