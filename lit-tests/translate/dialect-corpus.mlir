// The llvm dialect tests' inputs (lit-tests/dialects/llvm: every op and attribute form
// the dialect parses that has an LLVM IR meaning) translate to the same LLVM IR text as
// with mlir-translate: linkage, visibility, unnamed_addr, calling conventions, call-site
// attributes, atomics with syncscope, inalloca, branch weights, intrinsics, casts.
// RUN: %translate-compat %S/../dialects/llvm/translate.mlir
// RUN: %translate-compat %S/../dialects/llvm/ops.mlir --split-input-file
// RUN: %translate-compat %S/../dialects/llvm/more-ops.mlir --split-input-file
// RUN: %translate-compat %S/../dialects/llvm/casts-intrinsics.mlir --split-input-file
// RUN: %translate-compat %S/../dialects/llvm/effects.mlir --split-input-file
