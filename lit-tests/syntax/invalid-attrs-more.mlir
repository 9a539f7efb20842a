// Invalid builtin attributes.
// RUN: %pto-opt %s -split-input-file -verify-diagnostics --allow-unregistered-dialect

// -----

// expected-error @+1 {{expected ',' or ']'}}
"xt.op"() {a = [1, 2} : () -> ()

// -----

// expected-error @+1 {{unexpected decimal integer literal for a floating point value}}
"xt.op"() {a = 3 : f32} : () -> ()
// expected-note @-1 {{add a trailing dot to make the literal a float}}

// -----

// expected-error @+1 {{expected ':' after dense array type}}
"xt.op"() {a = array<i32 1>} : () -> ()

// -----

// expected-error @+1 {{expected integer literal}}
"xt.op"() {a = array<i32: 1, 2.0>} : () -> ()

// -----

// expected-error @+1 {{expected '>' to close an array attribute}}
"xt.op"() {a = array<i32: 1, 2} : () -> ()

// -----

// expected-error @+1 {{expected integer elements, but parsed floating-point}}
"xt.op"() {a = dense<1.5> : tensor<2xi32>} : () -> ()

// -----

// expected-error @+1 {{integer constant out of range for type}}
"xt.op"() {a = dense<300> : tensor<2xi8>} : () -> ()

// -----

// expected-error @+1 {{elements hex data size is invalid for provided type: 'tensor<2xi8>'}}
"xt.op"() {a = dense<"0x010203"> : tensor<2xi8>} : () -> ()

// -----

// expected-error @+1 {{unexpected decimal integer literal for a floating point value}}
"xt.op"() {a = dense<[1, 2]> : tensor<2xf32>} : () -> ()
// expected-note @-1 {{add a trailing dot to make the literal a float}}

// -----

// expected-error @+1 {{elements hex data size is invalid for provided type: 'tensor<2xi1>'}}
"xt.op"() {a = dense<"0x0001"> : tensor<2xi1>} : () -> ()

// -----

// expected-error @+1 {{integer constant out of range for attribute}}
"xt.op"() {a = 9223372036854775808 : index} : () -> ()

// -----

// expected-error @+1 {{integer constant out of range for attribute}}
"xt.op"() {a = -1 : i0} : () -> ()
