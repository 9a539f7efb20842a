// Successor operands of llvm.br, llvm.cond_br and llvm.switch against their blocks'
// arguments (MLIR's BranchOpInterface check, shared with cf): count and types, with
// MLIR's unprefixed messages. mlir-opt runs on the same file.
// RUN: %pto-opt %s -split-input-file -verify-diagnostics
// RUN: %mlir-opt %s -split-input-file -verify-diagnostics
// RUN: not %pto-opt %s -split-input-file 2>&1 | FileCheck %s
// RUN: not %mlir-opt %s -split-input-file 2>&1 | FileCheck %s

llvm.func @br(%a: i32) {
  // CHECK: branch-invalid.mlir:[[@LINE+2]]:3: error: branch has 1 operands for successor #0, but target block has 0
  // expected-error @+1 {{branch has 1 operands for successor #0, but target block has 0}}
  "llvm.br"(%a) [^bb1] : (i32) -> ()
^bb1:
  llvm.return
}

// -----

llvm.func @cond_br(%a: i32, %c: i1) {
  // CHECK: branch-invalid.mlir:[[@LINE+2]]:3: error: type mismatch for bb argument #0 of successor #1
  // expected-error @+1 {{type mismatch for bb argument #0 of successor #1}}
  llvm.cond_br %c, ^bb1, ^bb2(%a : i32)
^bb1:
  llvm.return
^bb2(%x: i64):
  llvm.return
}

// -----

llvm.func @switch_case(%a: i32) {
  // CHECK: branch-invalid.mlir:[[@LINE+2]]:3: error: branch has 1 operands for successor #1, but target block has 0
  // expected-error @+1 {{branch has 1 operands for successor #1, but target block has 0}}
  llvm.switch %a : i32, ^bb1 [
    1: ^bb1(%a : i32)
  ]
^bb1:
  llvm.return
}

// -----

llvm.func @switch_default(%a: i32) {
  // CHECK: branch-invalid.mlir:[[@LINE+2]]:3: error: branch has 0 operands for successor #0, but target block has 1
  // expected-error @+1 {{branch has 0 operands for successor #0, but target block has 1}}
  llvm.switch %a : i32, ^bb1 [
    1: ^bb2
  ]
^bb1(%x: i32):
  llvm.return
^bb2:
  llvm.return
}
