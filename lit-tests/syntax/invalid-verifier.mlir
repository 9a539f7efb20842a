// Verifier errors. The top-level module body is a graph region (use before def is
// fine there), so dominance is checked in multi-block regions of unregistered ops.
// RUN: %pto-opt %s -split-input-file -verify-diagnostics --allow-unregistered-dialect

// -----

"xt.r"() ({
  "xt.cond_br"() [^bb1, ^bb2] : () -> ()
^bb1:
  // expected-error @+1 {{operand #0 does not dominate this use}}
  "xt.use"(%v) : (i32) -> ()
  "xt.ret"() : () -> ()
^bb2:
  // expected-note @+1 {{operand defined here (op in the same region)}}
  %v = "xt.def"() : () -> i32
  "xt.br"() [^bb1] : () -> ()
}) : () -> ()

// -----

"xt.r"() ({
  %w = "xt.def"() : () -> i32
  "xt.cond_br"() [^bb1, ^bb2] : () -> ()
^bb1:
  // expected-note @+1 {{operand defined here (op in the same region)}}
  %v = "xt.def"() : () -> i32
  "xt.br"() [^bb3] : () -> ()
^bb2:
  "xt.br"() [^bb3] : () -> ()
^bb3:
  // expected-error @+1 {{operand #1 does not dominate this use}}
  "xt.use"(%w, %v) : (i32, i32) -> ()
  "xt.ret"() : () -> ()
}) : () -> ()

// -----

// A use nested in a region, defined later in the (multi-block) parent region.
"xt.r"() ({
  "xt.br"() [^bb1] : () -> ()
^bb1:
  "xt.nest"() ({
    // expected-error @+1 {{operand #0 does not dominate this use}}
    "xt.use"(%v) : (i32) -> ()
  }) : () -> ()
  "xt.br"() [^bb2] : () -> ()
^bb2:
  // expected-note @+1 {{operand defined here (op in a parent region)}}
  %v = "xt.def"() : () -> i32
  "xt.ret"() : () -> ()
}) : () -> ()

// -----

// expected-note @+1 {{operand defined as a block argument (block #2 in the same region)}}
"xt.r"() ({
  "xt.br"() [^bb1] : () -> ()
^bb1:
  // expected-error @+1 {{operand #0 does not dominate this use}}
  "xt.use"(%arg) : (i32) -> ()
  "xt.ret"() : () -> ()
^bb2(%arg: i32):
  "xt.ret"() : () -> ()
}) : () -> ()

// -----

// expected-error @+1 {{empty block: expect at least a terminator}}
"xt.r"() ({
  "xt.br"() [^bb1] : () -> ()
^bb1:
}) : () -> ()

// -----

"xt.r"() ({
  // expected-error @+1 {{operation with block successors must terminate its parent block}}
  "xt.br"() [^bb1] : () -> ()
  "xt.after"() : () -> ()
^bb1:
  "xt.ret"() : () -> ()
}) : () -> ()

// -----

// expected-error @+1 {{'builtin.module' op expects region #0 to have 0 or 1 blocks}}
module {
  "xt.a"() : () -> ()
^bb1:
  "xt.b"() : () -> ()
}

// -----

// expected-error @+1 {{'builtin.module' op region #0 ('bodyRegion') failed to verify constraint: region with 1 blocks}}
"builtin.module"() ({}) : () -> ()

// -----

// expected-error @+1 {{'builtin.module' op requires zero results}}
%0 = "builtin.module"() ({
  "xt.a"() : () -> ()
}) : () -> i32

// -----

%x = "xt.def"() : () -> i32
// expected-error @+1 {{'builtin.module' op requires zero operands}}
"builtin.module"(%x) ({
  "xt.a"() : () -> ()
}) : (i32) -> ()


