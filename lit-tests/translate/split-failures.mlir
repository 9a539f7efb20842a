// A chunk that fails to translate leaves an empty place in the output, and on stdout the
// chunks that did translate are printed anyway (exit status 1), as mlir-translate does.
// RUN: not pto-translate --mlir-to-llvmir --split-input-file %s 2>/dev/null | FileCheck %s
// RUN: not mlir-translate --mlir-to-llvmir --split-input-file %s 2>/dev/null | FileCheck %s
// RUN: rm -f %t.ll && not pto-translate --mlir-to-llvmir --split-input-file %s -o %t.ll 2>/dev/null
// RUN: not test -e %t.ll

llvm.func @first() {
  llvm.return
}

// -----

llvm.func @second() {
  func.return
}

// -----

llvm.func @third() {
  llvm.return
}

// CHECK:      define void @first()
// CHECK:      !0 = !{i32 2, !"Debug Info Version", i32 3}
// CHECK-EMPTY:
// CHECK-EMPTY:
// CHECK-NEXT: ; ModuleID = 'LLVMDialectModule'
// CHECK:      define void @third()
