// Malformed generic operations, results and successors.
// RUN: %pto-opt %s -split-input-file -verify-diagnostics --allow-unregistered-dialect

// -----

"xt.r"() ({
// expected-error @+1 {{expected list element}}
  "xt.br"() [] : () -> ()
}) : () -> ()

// -----

"xt.r"() ({
// expected-error @+1 {{expected ',' or ']'}}
  "xt.br"() [^bb1 : () -> ()
^bb1:
  "xt.end"() : () -> ()
}) : () -> ()

// -----

// A registered op that is not a terminator cannot have successors.
"xt.r"() ({
// expected-error @+1 {{successors in non-terminator}}
  "builtin.unrealized_conversion_cast"() [^bb1] : () -> ()
^bb1:
  "xt.end"() : () -> ()
}) : () -> ()

// -----

// expected-error @+1 {{expected non-function type}}
"xt.op"() : () -> (

// -----

// A custom (unquoted) op name of an unknown dialect is an error even with
// --allow-unregistered-dialect.
// expected-error @+2 {{Dialect `xt' not found for custom op 'xt.op'}}
// expected-note @+1 {{Available dialects: }}
xt.op
