// llvm.intr.masked.load/store: since LLVM 22 the alignment is an `align` attribute of
// the pointer argument; a load without a pass-through value passes poison; nontemporal
// metadata. The LLVM IR is mlir-translate's, and the ops print as mlir-opt's.
// RUN: %translate-compat %s
// RUN: %compat %s
// RUN: pto-translate --mlir-to-llvmir %s | FileCheck %s

// CHECK-LABEL: define <8 x float> @ml(
// CHECK: call <8 x float> @llvm.masked.load.v8f32.p0(ptr align 4 %0, <8 x i1> %1, <8 x float> %2)
// CHECK: call <8 x float> @llvm.masked.load.v8f32.p0(ptr align 16 %0, <8 x i1> %1, <8 x float> poison), !nontemporal
// CHECK: call void @llvm.masked.store.v8f32.p0(<8 x float> %{{.*}}, ptr align 4 %0, <8 x i1> %1)
llvm.func @ml(%p: !llvm.ptr, %m: vector<8xi1>, %v: vector<8xf32>) -> vector<8xf32> {
  %0 = llvm.intr.masked.load %p, %m, %v {alignment = 4 : i32} : (!llvm.ptr, vector<8xi1>, vector<8xf32>) -> vector<8xf32>
  %1 = llvm.intr.masked.load %p, %m {alignment = 16 : i32, nontemporal} : (!llvm.ptr, vector<8xi1>) -> vector<8xf32>
  llvm.intr.masked.store %0, %p, %m {alignment = 4 : i32} : vector<8xf32>, vector<8xi1> into !llvm.ptr
  llvm.return %1 : vector<8xf32>
}
