// Exact diagnostic rendering: file:line:col, the echoed source line and the caret.
// Each chunk fails on its own; all chunks are processed.
// RUN: not %pto-opt %s --split-input-file --allow-unregistered-dialect 2> %t.stderr
// RUN: FileCheck %s --strict-whitespace --input-file %t.stderr

// CHECKS-BEGIN
// CHECK: {{^}}{{.*}}errors-columns-more.mlir:53:16: error: unexpected decimal integer literal for a floating point value{{$}}
// CHECK-NEXT: {{^}}"xt.op"() {a = 3 : f32} : () -> (){{$}}
// CHECK-NEXT: {{^}}               ^{{$}}
// CHECK-NEXT: {{^}}{{.*}}errors-columns-more.mlir:53:16: note: add a trailing dot to make the literal a float{{$}}
// CHECK-NEXT: {{^}}{{.*}}errors-columns-more.mlir:57:17: error: @ identifier expected to start with letter or '_'{{$}}
// CHECK-NEXT: {{^}}"xt.op"() {a = @1} : () -> (){{$}}
// CHECK-NEXT: {{^}}                ^{{$}}
// CHECK-NEXT: {{^}}{{.*}}errors-columns-more.mlir:61:20: error: expected '"' in string literal{{$}}
// CHECK-NEXT: {{^}}"xt.op"() {a = "abc{{$}}
// CHECK-NEXT: {{^}}                   ^{{$}}
// CHECK-NEXT: {{^}}callee.mlir:1:1: error: empty block: expect at least a terminator{{$}}
// CHECK-NEXT: {{^}}caller.mlir:2:2: note: called from{{$}}
// CHECK-NEXT: {{^}}{{.*}}errors-columns-more.mlir:73:37: error: multiple memory spaces specified in memref type{{$}}
// CHECK-NEXT: {{^}}"xt.op"() : () -> memref<4xf32, 3, 4>{{$}}
// CHECK-NEXT: {{^}}                                    ^{{$}}
// CHECK-NEXT: {{^}}{{.*}}errors-columns-more.mlir:77:19: error: vector types must have positive constant sizes but got 0{{$}}
// CHECK-NEXT: {{^}}"xt.op"() : () -> vector<0xf32>{{$}}
// CHECK-NEXT: {{^}}                  ^{{$}}
// CHECK-NEXT: {{^}}{{.*}}errors-columns-more.mlir:81:29: error: undefined symbol alias id 'undefined'{{$}}
// CHECK-NEXT: {{^}}"xt.op"() : () -> !undefined{{$}}
// CHECK-NEXT: {{^}}                            ^{{$}}
// CHECK-NEXT: {{^}}{{.*}}errors-columns-more.mlir:85:16: error: elements literal must be a shaped type{{$}}
// CHECK-NEXT: {{^}}"xt.op"() {a = dense<[1, 2]> : i32} : () -> (){{$}}
// CHECK-NEXT: {{^}}               ^{{$}}
// CHECK-NEXT: {{^}}{{.*}}errors-columns-more.mlir:89:34: error: tensor literal is invalid; ranks are not consistent between elements{{$}}
// CHECK-NEXT: {{^}}"xt.op"() {a = dense<{{\[\[}}1, 2], [3]]> : tensor<2x2xi32>} : () -> (){{$}}
// CHECK-NEXT: {{^}}                                 ^{{$}}
// CHECK-NEXT: {{^}}{{.*}}errors-columns-more.mlir:93:17: error: negative integer literal not valid for unsigned integer type{{$}}
// CHECK-NEXT: {{^}}"xt.op"() {a = -1 : ui8} : () -> (){{$}}
// CHECK-NEXT: {{^}}                ^{{$}}
// CHECK-NEXT: {{^}}{{.*}}errors-columns-more.mlir:98:14: error: expected SSA operand{{$}}
// CHECK-NEXT: {{^}}^bb0(%v: i32, ):{{$}}
// CHECK-NEXT: {{^}}             ^{{$}}
// CHECK-NEXT: {{^}}{{.*}}errors-columns-more.mlir:105:52: error: expected non-function type{{$}}
// CHECK-NEXT: {{^}}%1 = builtin.unrealized_conversion_cast %0 : i32 to{{$}}
// CHECK-NEXT: {{^}}                                                   ^{{$}}
// CHECK-NEXT: {{^}}{{.*}}errors-columns-more.mlir:110:17: error: integer constant out of range for attribute{{$}}
// CHECK-NEXT: {{^}}"xt.op"() {a = -129 : i8} : () -> (){{$}}
// CHECK-NEXT: {{^}}                ^{{$}}
// CHECK-NEXT: {{^}}{{.*}}errors-columns-more.mlir:115:22: error: expected operation name in quotes{{$}}
// CHECK-NEXT: {{^}}  "xt.b"() : () -> (){{$}}
// CHECK-NEXT: {{^}}                     ^{{$}}
// CHECKS-END

// -----

"xt.op"() {a = 3 : f32} : () -> ()

// -----

"xt.op"() {a = @1} : () -> ()

// -----

"xt.op"() {a = "abc
} : () -> ()

// -----

"xt.r"() ({
  "xt.br"() [^bb1] : () -> ()
^bb1:
}) : () -> () loc(callsite("callee.mlir":1:1 at "caller.mlir":2:2))

// -----

"xt.op"() : () -> memref<4xf32, 3, 4>

// -----

"xt.op"() : () -> vector<0xf32>

// -----

"xt.op"() : () -> !undefined

// -----

"xt.op"() {a = dense<[1, 2]> : i32} : () -> ()

// -----

"xt.op"() {a = dense<[[1, 2], [3]]> : tensor<2x2xi32>} : () -> ()

// -----

"xt.op"() {a = -1 : ui8} : () -> ()

// -----

"xt.r"() ({
^bb0(%v: i32, ):
  "xt.end"() : () -> ()
}) : () -> ()

// -----

%0 = "xt.def"() : () -> i32
%1 = builtin.unrealized_conversion_cast %0 : i32 to
%2 = "xt.def"() : () -> i32

// -----

"xt.op"() {a = -129 : i8} : () -> ()

// -----

"xt.op"() ({
  "xt.b"() : () -> ()
