// Exact diagnostic rendering: file:line:col, the echoed source line and the caret.
// Each chunk fails on its own; all chunks are processed.
// RUN: not %pto-opt %s --split-input-file --allow-unregistered-dialect 2> %t.stderr
// RUN: FileCheck %s --strict-whitespace --input-file %t.stderr

// CHECKS-BEGIN
// CHECK: {{^}}{{.*}}errors-columns.mlir:64:10: error: expected ':' followed by operation type{{$}}
// CHECK-NEXT: {{^}}"xt.op"() / : () -> (){{$}}
// CHECK-NEXT: {{^}}         ^{{$}}
// CHECK-NEXT: {{^}}{{.*}}errors-columns.mlir:68:9: error: expected ')' to end operand list{{$}}
// CHECK-NEXT: {{^}}"xt.op"(  // a comment{{$}}
// CHECK-NEXT: {{^}}        ^{{$}}
// CHECK-NEXT: {{^}}{{.*}}errors-columns.mlir:74:9: error: use of undeclared SSA value name{{$}}
// CHECK-NEXT: {{^}}"xt.u"( %x) : (i32) -> (){{$}}
// CHECK-NEXT: {{^}}        ^{{$}}
// CHECK-NEXT: {{^}}{{.*}}errors-columns.mlir:78:39: error: use of undeclared SSA value name{{$}}
// CHECK-NEXT: {{^}}"xt.u"() {s = "é"} : () -> () "xt.v"(%y) : (i32) -> (){{$}}
// CHECK-NEXT: {{^}}{{.*}}errors-columns.mlir:83:1: error: redefinition of SSA value '%x'{{$}}
// CHECK-NEXT: {{^}}%x = "xt.a"() : () -> i32{{$}}
// CHECK-NEXT: {{^}}^{{$}}
// CHECK-NEXT: {{^}}{{.*}}errors-columns.mlir:82:1: note: previously defined here{{$}}
// CHECK-NEXT: {{^}}%x = "xt.a"() : () -> i32{{$}}
// CHECK-NEXT: {{^}}^{{$}}
// CHECK-NEXT: {{^}}{{.*}}errors-columns.mlir:88:8: error: use of value '%x' expects different type than prior uses: 'i64' vs 'i32'{{$}}
// CHECK-NEXT: {{^}}"xt.u"(%x) : (i64) -> (){{$}}
// CHECK-NEXT: {{^}}       ^{{$}}
// CHECK-NEXT: {{^}}{{.*}}errors-columns.mlir:87:1: note: prior use here{{$}}
// CHECK-NEXT: {{^}}%x = "xt.a"() : () -> i32{{$}}
// CHECK-NEXT: {{^}}^{{$}}
// CHECK-NEXT: {{^}}other.mlir:3:4: error: empty block: expect at least a terminator{{$}}
// CHECK-NEXT: {{^}}<unknown>:0: error: loc("name"): empty block: expect at least a terminator{{$}}
// CHECK-NEXT: {{^}}{{.*}}errors-columns.mlir:109:3: error: operand #0 does not dominate this use{{$}}
// CHECK-NEXT: {{^}}  "xt.use"(%v) : (i32) -> (){{$}}
// CHECK-NEXT: {{^}}  ^{{$}}
// CHECK-NEXT: {{^}}{{.*}}errors-columns.mlir:109:3: note: see current operation: "xt.use"(%0) : (i32) -> (){{$}}
// CHECK-NEXT: {{^}}{{.*}}errors-columns.mlir:112:8: note: operand defined here (op in the same region){{$}}
// CHECK-NEXT: {{^}}  %v = "xt.def"() : () -> i32{{$}}
// CHECK-NEXT: {{^}}       ^{{$}}
// CHECK-NEXT: {{^}}{{.*}}errors-columns.mlir:118:22: error: expected operation name in quotes{{$}}
// CHECK-NEXT: {{^}}"xt.op"() : () -> i32, i32{{$}}
// CHECK-NEXT: {{^}}                     ^{{$}}
// CHECK-NEXT: {{^}}{{.*}}errors-columns.mlir:122:28: error: integer constant out of range for attribute{{$}}
// CHECK-NEXT: {{^}}"xt.op"() {a = 1 : i8, b = 256 : i8} : () -> (){{$}}
// CHECK-NEXT: {{^}}                           ^{{$}}
// CHECK-NEXT: {{^}}{{.*}}errors-columns.mlir:126:26: error: duplicate key 'a' in dictionary attribute{{$}}
// CHECK-NEXT: {{^}}"xt.op"() {a = 1, b = 2, a = 3} : () -> (){{$}}
// CHECK-NEXT: {{^}}                         ^{{$}}
// CHECK-NEXT: {{^}}{{.*}}errors-columns.mlir:130:26: error: operation location alias was never defined{{$}}
// CHECK-NEXT: {{^}}"xt.op"() : () -> () loc(#nope){{$}}
// CHECK-NEXT: {{^}}                         ^{{$}}
// CHECK-NEXT: {{^}}{{.*}}errors-columns.mlir:134:19: error: integer bitwidth is limited to 16777215 bits{{$}}
// CHECK-NEXT: {{^}}"xt.op"() : () -> i99999999{{$}}
// CHECK-NEXT: {{^}}                  ^{{$}}
// CHECK-NEXT: {{^}}{{.*}}errors-columns.mlir:138:16: error: unexpected character{{$}}
// CHECK-NEXT: {{^}}"xt.op"() {a = ~} : () -> (){{$}}
// CHECK-NEXT: {{^}}               ^{{$}}
// CHECK-NEXT: {{^}}{{.*}}errors-columns.mlir:143:14: error: reference to an undefined block{{$}}
// CHECK-NEXT: {{^}}  "xt.br"() [^bb7] : () -> (){{$}}
// CHECK-NEXT: {{^}}             ^{{$}}
// CHECKS-END

// -----

"xt.op"() / : () -> ()

// -----

"xt.op"(  // a comment

  : () -> ()

// -----

"xt.u"(	%x) : (i32) -> ()

// -----

"xt.u"() {s = "é"} : () -> () "xt.v"(%y) : (i32) -> ()

// -----

%x = "xt.a"() : () -> i32
%x = "xt.a"() : () -> i32

// -----

%x = "xt.a"() : () -> i32
"xt.u"(%x) : (i64) -> ()

// -----

"xt.r"() ({
  "xt.br"() [^bb1] : () -> ()
^bb1:
}) : () -> () loc("other.mlir":3:4)

// -----

"xt.r"() ({
  "xt.br"() [^bb1] : () -> ()
^bb1:
}) : () -> () loc("name")

// -----

"xt.r"() ({
  "xt.cond_br"() [^bb1, ^bb2] : () -> ()
^bb1:
  "xt.use"(%v) : (i32) -> ()
  "xt.ret"() : () -> ()
^bb2:
  %v = "xt.def"() : () -> i32
  "xt.br"() [^bb1] : () -> ()
}) : () -> ()

// -----

"xt.op"() : () -> i32, i32

// -----

"xt.op"() {a = 1 : i8, b = 256 : i8} : () -> ()

// -----

"xt.op"() {a = 1, b = 2, a = 3} : () -> ()

// -----

"xt.op"() : () -> () loc(#nope)

// -----

"xt.op"() : () -> i99999999

// -----

"xt.op"() {a = ~} : () -> ()

// -----

"xt.r"() ({
  "xt.br"() [^bb7] : () -> ()
}) : () -> ()
