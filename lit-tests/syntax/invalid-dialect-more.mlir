// Operations of unregistered dialects without --allow-unregistered-dialect, and
// unknown custom operations.
// RUN: %pto-opt %s -split-input-file -verify-diagnostics

// -----

// expected-error @+2 {{Dialect `xt' not found for custom op 'xt.op'}}
// expected-note @+1 {{Available dialects: }}
xt.op
