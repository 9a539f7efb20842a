// Constrained floating-point intrinsics: the rounding mode and the exception behavior
// print as keywords and are i64 properties in the generic form, as in MLIR.
// RUN: %pto-opt %s | FileCheck %s
// RUN: %pto-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: %roundtrip %s
// RUN: %compat %s

// CHECK-LABEL: llvm.func @constrained_fptrunc
// CHECK: llvm.intr.experimental.constrained.fptrunc %arg0 tonearestaway maytrap : f64 to f32
// CHECK: llvm.intr.experimental.constrained.fptrunc %arg1 dynamic strict : vector<2xf32> to vector<2xbf16>
// GENERIC: "llvm.intr.experimental.constrained.fptrunc"(%arg0) <{fpExceptionBehavior = 1 : i64, roundingmode = 4 : i64}> : (f64) -> f32
llvm.func @constrained_fptrunc(%x: f64, %v: vector<2xf32>) {
  %0 = llvm.intr.experimental.constrained.fptrunc %x tonearestaway maytrap : f64 to f32
  %1 = llvm.intr.experimental.constrained.fptrunc %v dynamic strict : vector<2xf32> to vector<2xbf16>
  llvm.return
}
