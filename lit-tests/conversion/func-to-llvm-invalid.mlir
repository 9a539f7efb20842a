// convert-func-to-llvm on what it does not convert: errors at the op.
// RUN: %pto-opt %s --split-input-file --verify-diagnostics --convert-func-to-llvm

// MLIR defines a body for the declaration that calls the wrapper; not supported here.
// expected-error@+1 {{failed to legalize operation 'func.func' that was explicitly marked illegal}}
func.func private @decl_c(memref<4xf32>) attributes {llvm.emit_c_interface}

// -----

// A tuple has no LLVM type.
// expected-error@+1 {{failed to legalize operation 'func.func' that was explicitly marked illegal}}
func.func @tuple_arg(%t: tuple<i32>) {
  return
}
