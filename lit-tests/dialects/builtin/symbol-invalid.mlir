// MLIR's SymbolOpInterface verifier for every op declaring `Symbol` in ODS, and property
// conversion of string, type and unit properties. Both tools run the same file.
// RUN: %pto-opt %s -split-input-file --allow-unregistered-dialect -verify-diagnostics
// RUN: %mlir-opt %s -split-input-file --allow-unregistered-dialect -verify-diagnostics

func.func @outer() {
  // expected-error @+1 {{'memref.global' op symbol's parent must have the SymbolTable trait}}
  memref.global "private" @g : memref<2xf32>
  return
}

// -----

func.func @outer() {
  // expected-error @+1 {{'llvm.func' op symbol's parent must have the SymbolTable trait}}
  llvm.func @g()
  return
}

// -----

"test.op"() ({
  // A symbol in an unregistered op's region is left alone.
  func.func private @ok()
}) : () -> ()

// -----

// A module's name is optional, and modules nest.
module {
  module @named {
  }
  module {
  }
}

// -----

// expected-error @+1 {{invalid properties {sym_name = "g", sym_visibility = 1 : i32, type = memref<2xf32>} for op memref.global: Invalid attribute `sym_visibility` in property conversion: 1 : i32}}
"memref.global"() <{sym_name = "g", type = memref<2xf32>, sym_visibility = 1 : i32}> : () -> ()

// -----

// expected-error @+1 {{Invalid attribute `sym_name` in property conversion: 3 : i64}}
"func.func"() <{sym_name = 3, function_type = () -> ()}> ({}) : () -> ()

// -----

// expected-error @+1 {{'func.func' op attribute 'function_type' failed to satisfy constraint: type attribute of function type}}
"func.func"() <{sym_name = "f", function_type = i32}> ({}) : () -> ()

// -----

// expected-error @+1 {{Invalid attribute `function_type` in property conversion: 1 : i64}}
"func.func"() <{sym_name = "f", function_type = 1}> ({}) : () -> ()

// -----

// expected-error @+1 {{Invalid attribute `constant` in property conversion: 1 : i64}}
"memref.global"() <{sym_name = "g", type = memref<2xf32>, constant = 1}> : () -> ()
