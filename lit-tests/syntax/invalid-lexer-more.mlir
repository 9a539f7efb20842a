// Lexer errors. One case per chunk; the designator checks the line.
// RUN: %pto-opt %s -split-input-file -verify-diagnostics --allow-unregistered-dialect

// -----

// expected-error @+1 {{expected three consecutive dots for an ellipsis}}
"xt.op"() {a = .5} : () -> ()

// -----

// `0x` without hex digits is the integer 0 followed by the identifier `x`.
// expected-error @+1 {{expected '}' in attribute dictionary}}
"xt.op"() {a = 0x} : () -> ()

