// convert-func-to-llvm: func.func/call/return become llvm.func/call/return with MLIR's
// calling convention (memref arguments as descriptor fields, packed into the descriptor
// at the function entry; several results as one struct), and functions marked
// llvm.emit_c_interface get a _mlir_ciface_ wrapper taking descriptors by pointer.
// Identical to mlir-opt, locations included.
// RUN: %compat %s --split-input-file --convert-func-to-llvm
// RUN: %compat %s --split-input-file --convert-func-to-llvm --mlir-print-debuginfo
// RUN: %pto-opt %s --split-input-file --convert-func-to-llvm | FileCheck %s

// CHECK:       llvm.func @ext(f32, !llvm.ptr, !llvm.ptr, i64, i64, i64) -> !llvm.struct<(i32, i64)> attributes {sym_visibility = "private"}
// CHECK-LABEL: llvm.func @callee(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64, %arg7: i64)
// CHECK-NEXT:    %0 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK:         llvm.insertvalue %arg4, %{{.*}}[3, 1]
// CHECK-LABEL: llvm.func @_mlir_ciface_callee(%arg0: !llvm.ptr, %arg1: !llvm.ptr {llvm.noalias}, %arg2: i64)
// CHECK-NEXT:    %0 = llvm.load %arg1 : !llvm.ptr -> !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK:         %8 = llvm.call @callee(%1, %2, %3, %4, %5, %6, %7, %arg2)
// CHECK-NEXT:    llvm.store %8, %arg0
// CHECK-LABEL: llvm.func @caller(
// CHECK:         %11 = llvm.call @ext(%arg0, %6, %7, %8, %9, %10) : (f32, !llvm.ptr, !llvm.ptr, i64, i64, i64) -> !llvm.struct<(i32, i64)>
// CHECK:         llvm.return %16 : !llvm.struct<(i32, i64)>
func.func private @ext(f32, memref<?xf32>) -> (i32, index)
func.func @callee(%a: memref<2x?xf32> {llvm.noalias}, %n: index) -> memref<2x?xf32> attributes {llvm.emit_c_interface} {
  return %a : memref<2x?xf32>
}
func.func @caller(%x: f32, %m: memref<?xf32>) -> (i32, index) {
  %0:2 = call @ext(%x, %m) : (f32, memref<?xf32>) -> (i32, index)
  return %0#0, %0#1 : i32, index
}
func.func @none() {
  return
}

// -----

// CHECK-LABEL: llvm.func @f(
// CHECK-NEXT:    %0 = builtin.unrealized_conversion_cast %arg7 : i64 to index
// CHECK-NEXT:    %1 = llvm.mlir.poison
// CHECK:         %9 = builtin.unrealized_conversion_cast %8 : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> to memref<4x?xf32>
// CHECK:         memref.load %9[%0, %c1] : memref<4x?xf32>
func.func @f(%a: memref<4x?xf32>, %i: index, %x: f32) -> f32 {
  %c = arith.constant 1 : index
  %v = memref.load %a[%i, %c] : memref<4x?xf32>
  %s = arith.addf %v, %x : f32
  memref.store %s, %a[%i, %i] : memref<4x?xf32>
  return %s : f32
}


// -----

// func.constant is the function's address (function types convert to !llvm.ptr, so
// function values can be passed), call_indirect a call through it with the direct
// call's convention (memref fields, packed results). An unused memref argument gets
// no descriptor.
// CHECK-LABEL: llvm.func @indirect(
// CHECK:         llvm.mlir.addressof @pair {tag = "t"} : !llvm.ptr
// CHECK:         llvm.mlir.addressof @ext2 : !llvm.ptr
// CHECK:         arith.select %arg6, %{{.*}}, %{{.*}} : (memref<4xf32>, f32) -> (f32, i64)
// CHECK:         %[[H:.*]] = builtin.unrealized_conversion_cast %{{.*}} : (memref<4xf32>, f32) -> (f32, i64) to !llvm.ptr
// CHECK:         llvm.call %[[H]](%{{.*}}) : !llvm.ptr, (!llvm.ptr, !llvm.ptr, i64, i64, i64, f32) -> !llvm.struct<(f32, i64)>
func.func private @ext2(memref<4xf32>, f32) -> (f32, i64)
func.func @pair(%m: memref<4xf32>, %x: f32) -> (f32, i64) {
  %c = arith.constant 7 : i64
  return %x, %c : f32, i64
}
func.func @indirect(%m: memref<4xf32>, %x: f32, %c: i1) -> (f32, i64) {
  %f = func.constant {tag = "t"} @pair : (memref<4xf32>, f32) -> (f32, i64)
  %g = func.constant @ext2 : (memref<4xf32>, f32) -> (f32, i64)
  %h = arith.select %c, %f, %g : (memref<4xf32>, f32) -> (f32, i64)
  %r:2 = func.call_indirect %h(%m, %x) : (memref<4xf32>, f32) -> (f32, i64)
  return %r#0, %r#1 : f32, i64
}
