// Invalid builtin attributes.
// RUN: %pto-opt %s -split-input-file -verify-diagnostics --allow-unregistered-dialect

// -----

// expected-error @+1 {{duplicate key 'a' in dictionary attribute}}
"xt.op"() {a = 1, a = 2} : () -> ()

// -----

// expected-error @+1 {{duplicate key 'x' in dictionary attribute}}
"xt.op"() {d = {x, y, x = 2}} : () -> ()

// -----

// expected-error @+1 {{expected attribute value}}
"xt.op"() {a = } : () -> ()

// -----

// expected-error @+1 {{expected attribute name}}
"xt.op"() {1 = 2} : () -> ()

// -----

// expected-error @+1 {{expected valid attribute name}}
"xt.op"() {"" = 1} : () -> ()

// -----

// expected-error @+1 {{integer constant out of range for attribute}}
"xt.op"() {a = 256 : i8} : () -> ()

// -----

// expected-error @+1 {{integer constant out of range for attribute}}
"xt.op"() {a = 128 : si8} : () -> ()

// -----

// expected-error @+1 {{integer constant out of range for attribute}}
"xt.op"() {a = 2 : i1} : () -> ()

// -----

// expected-error @+1 {{integer constant out of range for attribute}}
"xt.op"() {a = 0x100 : i8} : () -> ()

// -----

// expected-error @+1 {{integer constant out of range for attribute}}
"xt.op"() {a = 18446744073709551616} : () -> ()

// -----

// expected-error @+1 {{integer constant out of range for attribute}}
"xt.op"() {a = -129 : i8} : () -> ()

// -----

// expected-error @+1 {{negative integer literal not valid for unsigned integer type}}
"xt.op"() {a = -1 : ui8} : () -> ()

// -----

// expected-error @+1 {{floating point value not valid for specified type}}
"xt.op"() {a = 1.5 : i32} : () -> ()

// -----

// expected-error @+1 {{hexadecimal float literal should not have a leading minus}}
"xt.op"() {a = -0x3F800000 : f32} : () -> ()

// -----

// expected-error @+1 {{hexadecimal float constant out of range for type}}
"xt.op"() {a = 0x123456789 : f32} : () -> ()

// -----

// expected-error @+1 {{expected constant integer or floating point value}}
"xt.op"() {a = -} : () -> ()

// -----

// expected-error @+1 {{integer literal not valid for specified type}}
"xt.op"() {a = 1 : () -> ()} : () -> ()

// -----

// expected-error @+1 {{expected nested symbol reference identifier}}
"xt.op"() {a = @a::} : () -> ()

// -----

// expected-error @+1 {{use of undeclared identifier}}
"xt.op"() {a = affine_map<(d0) -> (d1)>} : () -> ()

// -----

// expected-error @+1 {{expected '(' in affine map range}}
"xt.op"() {a = affine_map<(d0) -> d0>} : () -> ()

// -----

// expected-error @+1 {{inferred shape of elements literal ([3]) does not match type ([2])}}
"xt.op"() {a = dense<[1, 2, 3]> : tensor<2xi32>} : () -> ()

// -----

// expected-error @+1 {{inferred shape of elements literal ([2, 2]) does not match type ([4])}}
"xt.op"() {a = dense<[[1, 2], [3, 4]]> : tensor<4xi32>} : () -> ()

// -----

// expected-error @+1 {{tensor literal is invalid; ranks are not consistent between elements}}
"xt.op"() {a = dense<[[1, 2], [3]]> : tensor<2x2xi32>} : () -> ()

// -----

// expected-error @+1 {{expected ':'}}
"xt.op"() {a = dense<[1, 2]>} : () -> ()

// -----

// expected-error @+1 {{elements literal must be a shaped type}}
"xt.op"() {a = dense<[1, 2]> : i32} : () -> ()

// -----

// expected-error @+1 {{elements literal type must have static shape}}
"xt.op"() {a = dense<[1, 2]> : tensor<?xi32>} : () -> ()

// -----

// expected-error @+1 {{expected string containing hex digits starting with `0x`}}
"xt.op"() {a = dense<"0xZZ"> : tensor<1xi8>} : () -> ()

// -----

// expected-error @+1 {{expected ']'}}
"xt.op"() {a = dense<[1, 2> : tensor<2xi32>} : () -> ()

// -----

// expected-error @+1 {{expected '>'}}
"xt.op"() {a = dense<1 : tensor<2xi32>} : () -> ()

