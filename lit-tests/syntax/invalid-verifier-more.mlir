// Verifier errors. The top-level module body is a graph region (use before def is
// fine there), so dominance is checked in multi-block regions of unregistered ops.
// RUN: %pto-opt %s -split-input-file -verify-diagnostics --allow-unregistered-dialect

// -----

// expected-error @+1 {{entry block of region may not have predecessors}}
"xt.r"() ({
^bb0:
  "xt.br"() [^bb0] : () -> ()
}) : () -> ()

// -----

"xt.r"() ({
^bb0(%arg0: i32):
  // expected-note @+1 {{required by region isolation constraints}}
  builtin.module {
    // expected-error @+1 {{'xt.in' op using value defined outside the region}}
    "xt.in"(%arg0) : (i32) -> ()
  }
}) : () -> ()

// -----

module {
  // expected-note @+1 {{see existing symbol definition here}}
  module @a {
  }
  // expected-error @+1 {{redefinition of symbol named 'a'}}
  module @a {
  }
}

// -----

// expected-error @+1 {{'builtin.unrealized_conversion_cast' op requires zero regions}}
%0 = "builtin.unrealized_conversion_cast"() ({
  "xt.a"() : () -> ()
}) : () -> i32

// -----

// Generic form: the module's region is not an isolated name scope for the parser,
// the verifier rejects the use.
"xt.r"() ({
^bb0(%arg0: i32):
  // expected-note @+1 {{required by region isolation constraints}}
  "builtin.module"() ({
    // expected-error @+1 {{'xt.in' op using value defined outside the region}}
    "xt.in"(%arg0) : (i32) -> ()
  }) : () -> ()
}) : () -> ()

