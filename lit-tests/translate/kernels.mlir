// The kernels of lit-tests/run and a program using most of what func/arith/math/memref/
// cf/vector lower to, in the llvm dialect as mlir-opt lowers them (Inputs/*.mlir, see
// their headers): pto-translate gives LLVM IR that LLVM verifies and that is the same
// text as mlir-translate's.
// RUN: %translate-compat %S/Inputs/matmul.mlir
// RUN: %translate-compat %S/Inputs/softmax.mlir
// RUN: %translate-compat %S/Inputs/reduce.mlir
// RUN: %translate-compat %S/Inputs/ops.mlir
// RUN: %translate-compat %S/Inputs/engine.mlir
// RUN: %translate-compat %S/Inputs/more-lowerings.mlir
// RUN: %translate-compat %S/Inputs/print.mlir
// The parser reads mlir-opt's output back unchanged.
// RUN: mlir-opt %S/Inputs/ops.mlir -o %t.ref.mlir
// RUN: pto-opt %S/Inputs/ops.mlir | mlir-opt | diff - %t.ref.mlir
// RUN: mlir-opt %S/Inputs/more-lowerings.mlir -o %t.ref2.mlir
// RUN: pto-opt %S/Inputs/more-lowerings.mlir | mlir-opt | diff - %t.ref2.mlir
// RUN: pto-translate --mlir-to-llvmir %S/Inputs/matmul.mlir | FileCheck %s

// CHECK: declare ptr @malloc(i64)
// CHECK-LABEL: define void @matmul(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i64 %5, i64 %6, ptr %7, ptr %8, i64 %9, i64 %10, i64 %11, i64 %12, i64 %13, ptr %14, ptr %15, i64 %16, i64 %17, i64 %18, i64 %19, i64 %20)
// CHECK: phi float
// CHECK: fmul float
// CHECK-LABEL: define { ptr, ptr, i64, [2 x i64], [2 x i64] } @copy
// CHECK: call ptr @malloc(i64
// CHECK: call void @llvm.memcpy.p0.p0.i64(
