// LLVM dialect types: pointers with address spaces, void, arrays, literal structs
// (packed, empty, nested), function types with varargs; nested LLVM types written with
// or without the `!llvm.` prefix; builtin types inside LLVM types.
// RUN: %pto-opt %s | FileCheck %s
// RUN: %roundtrip %s
// RUN: %compat %s
// RUN: %compat %s --canonicalize
// RUN: %compat %s --mlir-print-debuginfo

// CHECK-LABEL: llvm.func @pointers(!llvm.ptr, !llvm.ptr<1>, !llvm.ptr<42>, vector<4x!llvm.ptr>)
llvm.func @pointers(!llvm.ptr, !llvm.ptr<1>, !llvm.ptr<42>, vector<4x!llvm.ptr>)

// CHECK-LABEL: llvm.func @arrays(!llvm.array<4 x i32>, !llvm.array<0 x f32>, !llvm.array<2 x array<3 x ptr>>, !llvm.array<2 x vector<4xf16>>)
llvm.func @arrays(!llvm.array<4 x i32>, !llvm.array<0 x f32>, !llvm.array<2 x !llvm.array<3 x !llvm.ptr>>, !llvm.array<2 x vector<4xf16>>)

// CHECK-LABEL: llvm.func @structs(!llvm.struct<()>, !llvm.struct<(i32)>, !llvm.struct<packed (i8, i32)>, !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>, !llvm.struct<(struct<(i1, f64)>, ptr<3>)>)
llvm.func @structs(!llvm.struct<()>, !llvm.struct<(i32)>, !llvm.struct<packed (i8, i32)>,
    !llvm.struct<(!llvm.ptr, ptr, i64, !llvm.array<2 x i64>, array<2 x i64>)>,
    !llvm.struct<(struct<(i1, f64)>, !llvm.ptr<3>)>)

// CHECK-LABEL: llvm.func @functions(!llvm.ptr) -> !llvm.struct<(ptr, i32)>
llvm.func @functions(!llvm.ptr) -> !llvm.struct<(ptr, i32)>

// CHECK-LABEL: llvm.func @uses
// CHECK: llvm.mlir.undef : !llvm.func<void ()>
// CHECK: llvm.mlir.undef : !llvm.func<i32 (ptr, ...)>
// CHECK: llvm.mlir.undef : !llvm.func<void (...)>
// CHECK: llvm.mlir.undef : !llvm.func<struct<(i8)> (array<2 x f32>, i64)>
llvm.func @uses() {
  %0 = llvm.mlir.undef : !llvm.func<void ()>
  %1 = llvm.mlir.undef : !llvm.func<i32 (!llvm.ptr, ...)>
  %2 = llvm.mlir.undef : !llvm.func<void (...)>
  %3 = llvm.mlir.undef : !llvm.func<!llvm.struct<(i8)> (array<2 x f32>, i64)>
  llvm.return
}

// Types of the llvm dialect in other dialects' ops.
// CHECK-LABEL: func.func @in_func(%arg0: !llvm.ptr) -> !llvm.struct<(ptr, i64)>
func.func @in_func(%p: !llvm.ptr) -> !llvm.struct<(ptr, i64)> {
  %0 = llvm.mlir.undef : !llvm.struct<(ptr, i64)>
  return %0 : !llvm.struct<(ptr, i64)>
}
