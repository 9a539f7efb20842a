// finalize-memref-to-llvm: alloc (malloc, aligned by rounding up), alloca, dealloc (free), dim, copy (memcpy)
// and strided load/store/prefetch addressing on MLIR's descriptor; identical to mlir-opt.
// RUN: %compat %s --split-input-file --finalize-memref-to-llvm
// RUN: %compat %s --split-input-file --finalize-memref-to-llvm --mlir-print-debuginfo
// RUN: %pto-opt %s --split-input-file --finalize-memref-to-llvm | FileCheck %s

// CHECK:       llvm.func @free(!llvm.ptr)
// CHECK-NEXT:  llvm.func @malloc(i64) -> !llvm.ptr
// CHECK:         %8 = llvm.call @malloc(%7) : (i64) -> !llvm.ptr
// CHECK:         %20 = llvm.alloca %18 x i32 : (i64) -> !llvm.ptr
// CHECK:         "llvm.intr.memcpy"(%44, %41, %38) <{isVolatile = false}> : (!llvm.ptr, !llvm.ptr, i64) -> ()
// CHECK:         llvm.call @free(%45) : (!llvm.ptr) -> ()
func.func @f(%n: index, %src: memref<4x?xf32>) -> index {
  %a = memref.alloc(%n) : memref<4x?xf32>
  %b = memref.alloca() : memref<8xi32>
  %c1 = arith.constant 1 : index
  %d = memref.dim %src, %c1 : memref<4x?xf32>
  memref.copy %src, %a : memref<4x?xf32> to memref<4x?xf32>
  memref.dealloc %a : memref<4x?xf32>
  return %d : index
}

// -----

// CHECK-LABEL: func.func @prefetch(
// CHECK:         %[[P:.*]] = llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK:         "llvm.intr.prefetch"(%[[P]]) <{cache = 1 : i32, hint = 3 : i32, rw = 0 : i32}> : (!llvm.ptr) -> ()
// CHECK:         "llvm.intr.prefetch"(%{{.*}}) <{cache = 0 : i32, hint = 1 : i32, rw = 1 : i32}> : (!llvm.ptr) -> ()
func.func @prefetch(%a: memref<4x?xf32>, %i: index) {
  memref.prefetch %a[%i, %i], read, locality<3>, data : memref<4x?xf32>
  memref.prefetch %a[%i, %i], write, locality<1>, instr : memref<4x?xf32>
  return
}

// -----

// CHECK-LABEL: func.func @load_store(
// CHECK:         %{{.*}} = llvm.mul %0, %{{.*}} overflow<nsw, nuw> : i64
// CHECK:         llvm.getelementptr inbounds|nuw %{{.*}}[%{{.*}}] : (!llvm.ptr, i64) -> !llvm.ptr, f32
func.func @load_store(%a: memref<4x?xf32>, %i: index, %x: f32) -> f32 {
  %c = arith.constant 1 : index
  %v = memref.load %a[%i, %c] : memref<4x?xf32>
  %s = arith.addf %v, %x : f32
  memref.store %s, %a[%i, %i] : memref<4x?xf32>
  return %s : f32
}

// -----

// A non-zero offset, static or dynamic, moves the base pointer first (one GEP without
// flags), then the indices are added.
// CHECK-LABEL: func.func @offsets(
// CHECK:         %[[OFF:.*]] = llvm.mlir.constant(9 : index) : i64
// CHECK-NEXT:    %[[BASE:.*]] = llvm.getelementptr %{{.*}}[%[[OFF]]] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK:         llvm.getelementptr inbounds|nuw %[[BASE]][%{{.*}}] : (!llvm.ptr, i64) -> !llvm.ptr, f32
func.func @offsets(%a: memref<2x3xf32, strided<[8, 2], offset: 9>>, %b: memref<?xi64, strided<[?], offset: ?>>, %i: index) -> (f32, i64) {
  %v = memref.load %a[%i, %i] : memref<2x3xf32, strided<[8, 2], offset: 9>>
  %w = memref.load %b[%i] : memref<?xi64, strided<[?], offset: ?>>
  memref.store %w, %b[%i] : memref<?xi64, strided<[?], offset: ?>>
  return %v, %w : f32, i64
}

// -----

// An aligned heap allocation mallocs `alignment` more bytes and rounds the aligned
// pointer up to a multiple of it.
// CHECK-LABEL: func.func @aligned_alloc(
// CHECK:         %[[A:.*]] = llvm.mlir.constant(64 : index) : i64
// CHECK:         %[[SIZE:.*]] = llvm.add %{{.*}}, %[[A]] : i64
// CHECK:         %[[P:.*]] = llvm.call @malloc(%[[SIZE]])
// CHECK:         llvm.urem
// CHECK:         %[[Q:.*]] = llvm.inttoptr %{{.*}} : i64 to !llvm.ptr
// CHECK:         llvm.insertvalue %[[P]], %{{.*}}[0]
// CHECK:         llvm.insertvalue %[[Q]], %{{.*}}[1]
func.func @aligned_alloc(%n: index) -> (memref<16xf32>, memref<?x4xi8>) {
  %a = memref.alloc() {alignment = 64 : i64} : memref<16xf32>
  %b = memref.alloc(%n) {alignment = 32 : i64} : memref<?x4xi8>
  return %a, %b : memref<16xf32>, memref<?x4xi8>
}
