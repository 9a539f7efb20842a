// Blocks used before they are reached in region order, unreachable blocks (translated
// after the reachable ones, as MLIR sorts them), vectors of pointers; split input with
// mlir-translate's default output separator (an empty line).
// RUN: %translate-compat %s --split-input-file
// RUN: pto-translate --mlir-to-llvmir --split-input-file --output-split-marker=NEXT-MODULE %s | FileCheck %s

// CHECK-LABEL: define i32 @k()
// CHECK: NEXT-MODULE
// CHECK-LABEL: define <2 x ptr> @v(ptr %0)
// CHECK: NEXT-MODULE
// CHECK-LABEL: define void @un()

llvm.func @k() -> i32 {
  %0 = llvm.mlir.constant(1 : i32) : i32
  llvm.br ^bb2
^bb1:
  llvm.return %1 : i32
^bb2:
  %1 = llvm.add %0, %0 : i32
  llvm.br ^bb1
}
// -----
llvm.func @v(%p: !llvm.ptr) -> vector<2x!llvm.ptr> {
  %0 = llvm.mlir.undef : vector<2x!llvm.ptr>
  %c = llvm.mlir.constant(0 : i32) : i32
  %1 = llvm.insertelement %p, %0[%c : i32] : vector<2x!llvm.ptr>
  llvm.return %1 : vector<2x!llvm.ptr>
}
// -----
llvm.func @un() {
  llvm.return
^dead(%x: i32):
  %y = llvm.add %x, %x : i32
  llvm.br ^dead(%y : i32)
}
