// Memory effects of llvm ops: a volatile or atomic load or store also reads and writes
// other memory (MLIR's LoadOp/StoreOp::getEffects), so it is neither merged nor
// erased; plain loads are. Constant-like ops (constant, addressof, undef, zero) are
// uniqued and hoisted by the canonicalizer.
// RUN: %compat %s --cse
// RUN: %compat %s --canonicalize
// RUN: %pto-opt %s --cse | FileCheck %s

// CHECK-LABEL: llvm.func @loads
// CHECK-NEXT: %0 = llvm.load volatile %arg0 : !llvm.ptr -> f32
// CHECK-NEXT: %1 = llvm.load volatile %arg0 : !llvm.ptr -> f32
// CHECK-NEXT: %2 = llvm.load %arg0 : !llvm.ptr -> f32
// CHECK-NEXT: %3 = llvm.fadd %2, %2 : f32
// CHECK-NEXT: %4 = llvm.load %arg0 atomic monotonic {alignment = 4 : i64} : !llvm.ptr -> f32
llvm.func @loads(%p: !llvm.ptr) -> f32 {
  %0 = llvm.load volatile %p : !llvm.ptr -> f32
  %1 = llvm.load volatile %p : !llvm.ptr -> f32
  %2 = llvm.load %p : !llvm.ptr -> f32
  %3 = llvm.load %p : !llvm.ptr -> f32
  %4 = llvm.fadd %2, %3 : f32
  %5 = llvm.load %p atomic monotonic {alignment = 4 : i64} : !llvm.ptr -> f32
  llvm.return %4 : f32
}

llvm.mlir.global internal @g(1 : i32) : i32

// CHECK-LABEL: llvm.func @constants
llvm.func @constants(%c: i1) -> !llvm.ptr {
  llvm.cond_br %c, ^a, ^b
^a:
  %0 = llvm.mlir.addressof @g : !llvm.ptr
  %1 = llvm.mlir.constant(1 : i32) : i32
  %z = llvm.mlir.zero : i32
  %2 = llvm.add %1, %z : i32
  llvm.store %2, %0 : i32, !llvm.ptr
  llvm.return %0 : !llvm.ptr
^b:
  %3 = llvm.mlir.addressof @g : !llvm.ptr
  %u = llvm.mlir.undef : !llvm.ptr
  %4 = llvm.mlir.constant(1 : i32) : i32
  llvm.store %4, %3 : i32, !llvm.ptr
  llvm.return %u : !llvm.ptr
}
