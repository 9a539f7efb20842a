// Undefined and redefined SSA values and blocks, and type mismatches of uses.
// RUN: %pto-opt %s -split-input-file -verify-diagnostics --allow-unregistered-dialect

// -----

// expected-note @+1 {{previously used here with type 'i32'}}
"xt.u"(%b) : (i32) -> ()
// expected-error @+1 {{definition of SSA value '%b#0' has type 'i64'}}
%b = "xt.d"() : () -> i64

// -----

// A forward reference to a result that the definition does not have.
// expected-error @+1 {{use of undeclared SSA value name}}
"xt.u"(%b#1) : (i32) -> ()
%b = "xt.d"() : () -> i32

// -----

"xt.r"() ({
  "xt.br"() [^bb9] : () -> ()
^bb9:
  "xt.br"() [^bb9] : () -> ()
// expected-error @+1 {{redefinition of block '^bb9'}}
^bb9:
  "xt.end"() : () -> ()
}) : () -> ()

