// Operations of unregistered dialects without --allow-unregistered-dialect, and
// unknown custom operations.
// RUN: %pto-opt %s -split-input-file -verify-diagnostics
// RUN: %mlir-opt %s -split-input-file -verify-diagnostics

// -----

// expected-error @+1 {{operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used}}
"xt.op"() : () -> ()

// -----

module {
  // expected-error @+1 {{operation being parsed with an unregistered dialect}}
  %0 = "xt.def"() : () -> i32
}

// -----

// expected-error @+1 {{custom op 'return' is unknown (tried 'builtin.return' as well)}}
return

// -----

// expected-error @+1 {{custom op 'builtin.frob' is unknown}}
builtin.frob

// -----

// A registered op that has only the generic form.
llvm.func @f(%a: f32) -> i1 {
  // expected-error @+1 {{custom op 'llvm.intr.is.fpclass' has no custom assembly form}}
  %r = llvm.intr.is.fpclass %a : f32
  llvm.return %r : i1
}

// -----

// Unregistered operations in the builtin dialect are rejected.
// expected-error @+1 {{unregistered operation 'builtin.bogus' found in dialect ('builtin') that does not allow unknown operations}}
"builtin.bogus"() : () -> ()

