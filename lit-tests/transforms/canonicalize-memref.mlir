// canonicalize on the memref patterns, as MLIR 22 (MemRefOps.cpp): alloc/alloca
// SimplifyAllocConst (constant non-negative sizes become static, cast back; the new
// allocation keeps symbols and alignment only) and SimplifyDeadAlloc (only stored into
// and freed: erased with those users); copy FoldEmptyCopy and FoldSelfCopy; subview
// OpWithOffsetSizesAndStridesConstantArgumentFolder (in bounds and valid only),
// SubViewOpMemRefCastFolder and TrivialSubViewOpFolder; view ViewOpShapeFolder and
// ViewOpMemrefCastFolder; reinterpret_cast ReinterpretCastOpExtractStridedMetadataFolder
// and ReinterpretCastOpConstantFolder; collapse_shape CollapseShapeOpMemRefCastFolder;
// ComposeReassociativeReshapeOps, ComposeCollapseOfExpandOp, ComposeExpandOfCollapseOp.
// Output identical to mlir-opt in every traversal mode.
// RUN: %pto-opt %s --allow-unregistered-dialect --canonicalize --split-input-file | FileCheck %s
// RUN: %compat %s --canonicalize --split-input-file
// RUN: %compat %s --canonicalize=top-down=false --split-input-file
// RUN: %compat %s --canonicalize=region-simplify=disabled --split-input-file
// RUN: %compat %s --canonicalize --mlir-print-debuginfo --split-input-file
// One iteration is not a fixed point, so compare single runs instead of round trips:
// RUN: %pto-opt %s --allow-unregistered-dialect --canonicalize=max-iterations=1 --split-input-file > %t.pto
// RUN: %mlir-opt %s --allow-unregistered-dialect --canonicalize=max-iterations=1 --split-input-file > %t.mlir
// RUN: diff %t.pto %t.mlir

// CHECK-LABEL: func.func @alloc_const(
// CHECK-NEXT:    %[[A:.*]] = memref.alloc(%arg0) {alignment = 64 : i64} : memref<8x4x?xf32>
// CHECK-NEXT:    %[[C:.*]] = memref.cast %[[A]] : memref<8x4x?xf32> to memref<?x4x?xf32>
// CHECK-NEXT:    %[[B:.*]] = memref.alloc()[%arg1, %arg0] : memref<8x4xf32, strided<[?, 1], offset: ?>>
// CHECK-NEXT:    %[[D:.*]] = memref.cast %[[B]] : memref<8x4xf32, strided<[?, 1], offset: ?>> to memref<?x4xf32, strided<[?, 1], offset: ?>>
// CHECK-NEXT:    %[[E:.*]] = memref.alloc() {alignment = 16 : i64} : memref<4xf32, 3>
// CHECK-NEXT:    %[[F:.*]] = memref.cast %[[E]] : memref<4xf32, 3> to memref<?xf32, 3>
// CHECK-NEXT:    return %[[C]], %[[D]], %[[F]] :
func.func @alloc_const(%n: index, %s: index) -> (memref<?x4x?xf32>, memref<?x4xf32, strided<[?, 1], offset: ?>>, memref<?xf32, 3>) {
  %c8 = arith.constant 8 : index
  %c4 = arith.constant 4 : index
  %0 = memref.alloc(%c8, %n) {alignment = 64 : i64} : memref<?x4x?xf32>
  %1 = memref.alloc(%c8)[%s, %n] : memref<?x4xf32, strided<[?, 1], offset: ?>>
  %2 = memref.alloc(%c4) {foo = 1 : i32, alignment = 16 : i64} : memref<?xf32, 3>
  return %0, %1, %2 : memref<?x4x?xf32>, memref<?x4xf32, strided<[?, 1], offset: ?>>, memref<?xf32, 3>
}

// -----

// A negative size stays dynamic; a load through the alloca's cast reads the new one.
// CHECK-LABEL: func.func @alloca_const(
// CHECK-DAG:     %[[CM:.*]] = arith.constant -1 : index
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK:         %[[A:.*]] = memref.alloca() : memref<8xf32>
// CHECK-NEXT:    memref.load %[[A]][%[[C0]]] : memref<8xf32>
// CHECK-NEXT:    memref.alloc(%[[CM]]) : memref<?xf32>
func.func @alloca_const() -> (f32, memref<?xf32>) {
  %c8 = arith.constant 8 : index
  %c0 = arith.constant 0 : index
  %cm = arith.constant -1 : index
  %0 = memref.alloca(%c8) : memref<?xf32>
  %1 = memref.load %0[%c0] : memref<?xf32>
  %2 = memref.alloc(%cm) : memref<?xf32>
  return %1, %2 : f32, memref<?xf32>
}

// -----

// Only stored into and freed, also from a nested region: erased. Loaded from, or
// stored as a value: kept.
// CHECK-LABEL: func.func @dead_alloc(
// CHECK-NEXT:    %[[L:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT:    memref.store %arg0, %[[L]][%arg1] : memref<4xf32>
// CHECK-NEXT:    %[[V:.*]] = memref.load %[[L]][%arg1] : memref<4xf32>
// CHECK-NEXT:    memref.dealloc %[[L]] : memref<4xf32>
// CHECK-NEXT:    %[[E:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT:    memref.store %[[E]], %arg3[%arg1] : memref<1xmemref<4xf32>>
// CHECK-NEXT:    return %[[V]] : f32
func.func @dead_alloc(%v: f32, %i: index, %b: i1, %m: memref<1xmemref<4xf32>>) -> f32 {
  %0 = memref.alloc() : memref<4xf32>
  memref.store %v, %0[%i] : memref<4xf32>
  memref.dealloc %0 : memref<4xf32>
  %1 = memref.alloca() : memref<4xf32>
  memref.store %v, %1[%i] : memref<4xf32>
  %2 = memref.alloc() : memref<4xf32>
  scf.if %b {
    memref.store %v, %2[%i] : memref<4xf32>
  }
  memref.dealloc %2 : memref<4xf32>
  %3 = memref.alloc() : memref<4xf32>
  memref.store %v, %3[%i] : memref<4xf32>
  %4 = memref.load %3[%i] : memref<4xf32>
  memref.dealloc %3 : memref<4xf32>
  %5 = memref.alloc() : memref<4xf32>
  memref.store %5, %m[%i] : memref<1xmemref<4xf32>>
  %6 = memref.alloc() : memref<4xmemref<4xf32>>
  %7 = memref.alloc() : memref<4xf32>
  memref.store %7, %6[%i] : memref<4xmemref<4xf32>>
  %c8 = arith.constant 8 : index
  %c0 = arith.constant 0 : index
  %8 = memref.alloc(%c8, %i) : memref<?x?xf32>
  memref.store %v, %8[%c0, %c0] : memref<?x?xf32>
  memref.dealloc %8 : memref<?x?xf32>
  return %4 : f32
}

// -----

// CHECK-LABEL: func.func @copies(
// CHECK-NEXT:    memref.copy %arg0, %arg2 : memref<4xf32> to memref<4xf32>
// CHECK-NEXT:    %[[C:.*]] = memref.cast %arg1 : memref<0x4xf32> to memref<*xf32>
// CHECK-NEXT:    memref.copy %[[C]], %arg3 : memref<*xf32> to memref<*xf32>
// CHECK-NEXT:    return
func.func @copies(%a: memref<4xf32>, %e: memref<0x4xf32>, %b: memref<4xf32>, %u: memref<*xf32>) {
  memref.copy %a, %a : memref<4xf32> to memref<4xf32>
  memref.copy %e, %e : memref<0x4xf32> to memref<0x4xf32>
  %0 = memref.cast %a : memref<4xf32> to memref<?xf32>
  memref.copy %0, %a : memref<?xf32> to memref<4xf32>
  memref.copy %a, %b : memref<4xf32> to memref<4xf32>
  %1 = memref.cast %e : memref<0x4xf32> to memref<*xf32>
  memref.copy %1, %u : memref<*xf32> to memref<*xf32>
  return
}

// -----

// CHECK-LABEL: func.func @subview_constants(
// CHECK-NEXT:    %[[S:.*]] = memref.subview %arg0[2, %arg1] [4, %arg1] [1, 2] : memref<16x16xf32> to memref<4x?xf32, strided<[16, 2], offset: ?>>
// CHECK-NEXT:    %[[C:.*]] = memref.cast %[[S]] : memref<4x?xf32, strided<[16, 2], offset: ?>> to memref<?x?xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT:    %[[R:.*]] = memref.subview %arg2[3, 0, 0] [1, 16, 4] [1, 1, 1] : memref<8x16x4xf32> to memref<16x4xf32, strided<[4, 1], offset: 192>>
// CHECK-NEXT:    %[[RC:.*]] = memref.cast %[[R]] : memref<16x4xf32, strided<[4, 1], offset: 192>> to memref<16x4xf32, strided<[4, 1], offset: ?>>
// CHECK-NEXT:    %[[A:.*]] = memref.subview %arg3[2, 2] [8, 8] [2, 1] : memref<32x32xf32> to memref<8x8xf32, strided<[64, 1], offset: 66>>
// CHECK-NEXT:    %[[B:.*]] = memref.subview %[[A]][2, %arg1] [4, 4] [1, 2] : memref<8x8xf32, strided<[64, 1], offset: 66>> to memref<4x4xf32, strided<[64, 2], offset: ?>>
// CHECK-NEXT:    %[[BC:.*]] = memref.cast %[[B]]
// CHECK-NEXT:    return %[[C]], %[[RC]], %[[BC]] :
func.func @subview_constants(%a: memref<16x16xf32>, %n: index, %r: memref<8x16x4xf32>, %big: memref<32x32xf32>) -> (memref<?x?xf32, strided<[?, ?], offset: ?>>, memref<16x4xf32, strided<[4, 1], offset: ?>>, memref<4x4xf32, strided<[?, ?], offset: ?>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %0 = memref.subview %a[%c2, %n] [%c4, %n] [%c1, %c2] : memref<16x16xf32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
  %1 = memref.subview %r[%c3, %c0, %c0] [1, 16, 4] [1, 1, 1] : memref<8x16x4xf32> to memref<16x4xf32, strided<[4, 1], offset: ?>>
  %2 = memref.subview %big[%c2, %c2] [%c8, %c8] [%c2, 1] : memref<32x32xf32> to memref<?x?xf32, strided<[?, 1], offset: ?>>
  %3 = memref.subview %2[%c2, %n] [4, 4] [1, %c2] : memref<?x?xf32, strided<[?, 1], offset: ?>> to memref<4x4xf32, strided<[?, ?], offset: ?>>
  return %0, %1, %3 : memref<?x?xf32, strided<[?, ?], offset: ?>>, memref<16x4xf32, strided<[4, 1], offset: ?>>, memref<4x4xf32, strided<[?, ?], offset: ?>>
}

// -----

// Constants that would make the subview invalid or out of bounds stay operands.
// CHECK-LABEL: func.func @subview_constants_kept(
// CHECK:         memref.subview %arg0[2] [4] [%{{.*}}] :
// CHECK:         memref.subview %arg0[%{{.*}}] [4] [1] :
// CHECK:         memref.subview %arg0[14] [%{{.*}}] [1] : memref<16xf32> to memref<?xf32, strided<[1], offset: 14>>
// CHECK:         memref.subview %arg1[%{{.*}}] [%{{.*}}] [1] : memref<?xf32>
func.func @subview_constants_kept(%a: memref<16xf32>, %d: memref<?xf32>) -> (memref<4xf32, strided<[?], offset: 2>>, memref<4xf32, strided<[1], offset: ?>>, memref<?xf32, strided<[1], offset: ?>>, memref<?xf32, strided<[1], offset: ?>>) {
  %c0 = arith.constant 0 : index
  %c20 = arith.constant 20 : index
  %c14 = arith.constant 14 : index
  %c8 = arith.constant 8 : index
  %cm = arith.constant -2 : index
  %0 = memref.subview %a[2] [4] [%c0] : memref<16xf32> to memref<4xf32, strided<[?], offset: 2>>
  %1 = memref.subview %a[%c20] [4] [1] : memref<16xf32> to memref<4xf32, strided<[1], offset: ?>>
  %2 = memref.subview %a[%c14] [%c8] [1] : memref<16xf32> to memref<?xf32, strided<[1], offset: ?>>
  %3 = memref.subview %d[%cm] [%cm] [1] : memref<?xf32> to memref<?xf32, strided<[1], offset: ?>>
  return %0, %1, %2, %3 : memref<4xf32, strided<[?], offset: 2>>, memref<4xf32, strided<[1], offset: ?>>, memref<?xf32, strided<[1], offset: ?>>, memref<?xf32, strided<[1], offset: ?>>
}

// -----

// CHECK-LABEL: func.func @subview_of_cast(
// CHECK-NEXT:    %[[A:.*]] = memref.subview %arg0[%arg1, 0] [3, 4] [1, 1] : memref<16x16xf32> to memref<3x4xf32, strided<[16, 1], offset: ?>>
// CHECK-NEXT:    %[[AC:.*]] = memref.cast %[[A]] : memref<3x4xf32, strided<[16, 1], offset: ?>> to memref<3x4xf32, strided<[?, 1], offset: ?>>
// CHECK-NEXT:    %[[B:.*]] = memref.subview %arg0[%arg1, 0] [1, 4] [1, 1] : memref<16x16xf32> to memref<4xf32, strided<[1], offset: ?>>
// CHECK-NEXT:    %[[C:.*]] = memref.subview %arg2[%arg1, 0, 0] [1, 1, 4] [1, 1, 1] : memref<16x1x16xf32> to memref<1x4xf32, strided<[16, 1], offset: ?>>
// CHECK-NEXT:    %[[CC:.*]] = memref.cast %[[C]]
// CHECK-NEXT:    %[[D:.*]] = memref.subview %arg2[%arg1, 0, 0] [1, 1, 4] [1, 1, 1] : memref<16x1x16xf32> to memref<4xf32, strided<[1], offset: ?>>
// CHECK-NEXT:    return %[[AC]], %[[B]], %[[CC]], %[[D]] :
func.func @subview_of_cast(%a: memref<16x16xf32>, %i: index, %b: memref<16x1x16xf32>) -> (memref<3x4xf32, strided<[?, 1], offset: ?>>, memref<4xf32, strided<[1], offset: ?>>, memref<1x4xf32, strided<[?, 1], offset: ?>>, memref<4xf32, strided<[1], offset: ?>>) {
  %0 = memref.cast %a : memref<16x16xf32> to memref<?x?xf32>
  %1 = memref.subview %0[%i, 0] [3, 4] [1, 1] : memref<?x?xf32> to memref<3x4xf32, strided<[?, 1], offset: ?>>
  %2 = memref.subview %0[%i, 0] [1, 4] [1, 1] : memref<?x?xf32> to memref<4xf32, strided<[1], offset: ?>>
  %3 = memref.cast %b : memref<16x1x16xf32> to memref<?x1x?xf32>
  %4 = memref.subview %3[%i, 0, 0] [1, 1, 4] [1, 1, 1] : memref<?x1x?xf32> to memref<1x4xf32, strided<[?, 1], offset: ?>>
  %5 = memref.subview %3[%i, 0, 0] [1, 1, 4] [1, 1, 1] : memref<?x1x?xf32> to memref<4xf32, strided<[1], offset: ?>>
  return %1, %2, %4, %5 : memref<3x4xf32, strided<[?, 1], offset: ?>>, memref<4xf32, strided<[1], offset: ?>>, memref<1x4xf32, strided<[?, 1], offset: ?>>, memref<4xf32, strided<[1], offset: ?>>
}

// -----

// CHECK-LABEL: func.func @subview_trivial(
// CHECK:         %[[C:.*]] = memref.cast %arg0 : memref<4x8xf32> to memref<4x8xf32, strided<[8, 1]>>
// CHECK:         %[[S:.*]] = memref.subview %arg1[0, 0] [%{{.*}}, %{{.*}}] [1, 1]
// CHECK-NEXT:    return %[[C]], %[[S]] :
func.func @subview_trivial(%a: memref<4x8xf32>, %d: memref<?x?xf32>) -> (memref<4x8xf32, strided<[8, 1]>>, memref<?x?xf32, strided<[?, 1]>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0 = memref.subview %a[0, 0] [4, 8] [1, 1] : memref<4x8xf32> to memref<4x8xf32, strided<[8, 1]>>
  %d0 = memref.dim %d, %c0 : memref<?x?xf32>
  %d1 = memref.dim %d, %c1 : memref<?x?xf32>
  %1 = memref.subview %d[0, 0] [%d0, %d1] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1]>>
  return %0, %1 : memref<4x8xf32, strided<[8, 1]>>, memref<?x?xf32, strided<[?, 1]>>
}

// -----

// CHECK-LABEL: func.func @views(
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C8:.*]] = arith.constant 8 : index
// CHECK:         %[[A:.*]] = memref.alloc() : memref<2048xi8>
// CHECK-NEXT:    %[[V:.*]] = memref.view %[[A]][%[[C0]]][%arg0] : memref<2048xi8> to memref<4x?xf32>
// CHECK-NEXT:    %[[VC:.*]] = memref.cast %[[V]] : memref<4x?xf32> to memref<?x?xf32>
// CHECK-NEXT:    %[[W:.*]] = memref.view %[[A]][%[[C8]]][%arg0] : memref<2048xi8> to memref<?xf32>
// CHECK-NEXT:    %[[B:.*]] = memref.alloc() : memref<1024xi8>
// CHECK-NEXT:    %[[X:.*]] = memref.view %[[B]][%arg1][%arg0] : memref<1024xi8> to memref<?xf32>
// CHECK-NEXT:    return %[[VC]], %[[W]], %[[X]] :
func.func @views(%n: index, %s: index) -> (memref<?x?xf32>, memref<?xf32>, memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %buf = memref.alloc() : memref<2048xi8>
  %0 = memref.view %buf[%c0][%c4, %n] : memref<2048xi8> to memref<?x?xf32>
  %1 = memref.view %buf[%c8][%n] : memref<2048xi8> to memref<?xf32>
  %b2 = memref.alloc() : memref<1024xi8>
  %c2 = memref.cast %b2 : memref<1024xi8> to memref<?xi8>
  %2 = memref.view %c2[%s][%n] : memref<?xi8> to memref<?xf32>
  return %0, %1, %2 : memref<?x?xf32>, memref<?xf32>, memref<?xf32>
}

// -----

// CHECK-LABEL: func.func @reinterpret_cast_of_metadata(
// CHECK-NEXT:    %[[A:.*]] = memref.cast %arg0 : memref<4x4xf32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT:    %[[B:.*]] = memref.cast %arg1 : memref<?x4xf32> to memref<?x4xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT:    %[[C:.*]] = memref.reinterpret_cast %arg1 to offset: [0], sizes: [%arg2, 4], strides: [4, 1] : memref<?x4xf32> to memref<?x4xf32, strided<[4, 1]>>
// CHECK-NEXT:    %[[CC:.*]] = memref.cast %[[C]]
// CHECK-NEXT:    %{{.*}}, %{{.*}}, %[[SZ:.*]]:2, %{{.*}}:2 = memref.extract_strided_metadata %arg3
// CHECK-NEXT:    %[[D:.*]] = memref.reinterpret_cast %arg3 to offset: [0], sizes: [%[[SZ]]#0, %[[SZ]]#1], strides: [%[[SZ]]#1, 1] : memref<?x?xf32> to memref<?x?xf32>
// CHECK-NEXT:    return %[[A]], %[[B]], %[[CC]], %[[D]] :
func.func @reinterpret_cast_of_metadata(%a: memref<4x4xf32>, %b: memref<?x4xf32>, %n: index, %c: memref<?x?xf32>) -> (memref<?x?xf32, strided<[?, ?], offset: ?>>, memref<?x4xf32, strided<[?, ?], offset: ?>>, memref<?x4xf32, strided<[?, ?], offset: ?>>, memref<?x?xf32>) {
  %base, %off, %sizes:2, %strides:2 = memref.extract_strided_metadata %a : memref<4x4xf32> -> memref<f32>, index, index, index, index, index
  %0 = memref.reinterpret_cast %base to offset: [%off], sizes: [%sizes#0, %sizes#1], strides: [%strides#0, %strides#1] : memref<f32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
  %base2, %off2, %sizes2:2, %strides2:2 = memref.extract_strided_metadata %b : memref<?x4xf32> -> memref<f32>, index, index, index, index, index
  %1 = memref.reinterpret_cast %base2 to offset: [%off2], sizes: [%sizes2#0, 4], strides: [%strides2#0, %strides2#1] : memref<f32> to memref<?x4xf32, strided<[?, ?], offset: ?>>
  %2 = memref.reinterpret_cast %base2 to offset: [%off2], sizes: [%n, 4], strides: [%strides2#0, %strides2#1] : memref<f32> to memref<?x4xf32, strided<[?, ?], offset: ?>>
  %base3, %off3, %sizes3:2, %strides3:2 = memref.extract_strided_metadata %c : memref<?x?xf32> -> memref<f32>, index, index, index, index, index
  %3 = memref.reinterpret_cast %base3 to offset: [0], sizes: [%sizes3#0, %sizes3#1], strides: [%sizes3#1, 1] : memref<f32> to memref<?x?xf32>
  return %0, %1, %2, %3 : memref<?x?xf32, strided<[?, ?], offset: ?>>, memref<?x4xf32, strided<[?, ?], offset: ?>>, memref<?x4xf32, strided<[?, ?], offset: ?>>, memref<?x?xf32>
}

// -----

// CHECK-LABEL: func.func @reinterpret_cast_constants(
// CHECK-NEXT:    %[[A:.*]] = memref.reinterpret_cast %arg0 to offset: [0], sizes: [4, %arg1], strides: [4, 1] : memref<16xf32> to memref<4x?xf32, strided<[4, 1]>>
// CHECK-NEXT:    %[[AC:.*]] = memref.cast %[[A]] : memref<4x?xf32, strided<[4, 1]>> to memref<?x?xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT:    %[[B:.*]] = memref.reinterpret_cast %arg0 to offset: [2], sizes: [4, %arg1], strides: [%arg1, 1] : memref<16xf32> to memref<?x?xf32, strided<[?, 1], offset: ?>>
// CHECK-NEXT:    %[[C:.*]] = memref.reinterpret_cast %arg0 to offset: [2], sizes: [4, %arg1], strides: [%arg1, 1] : memref<16xf32> to memref<4x?xf32, strided<[?, 1], offset: 2>>
// CHECK-NEXT:    %[[CC:.*]] = memref.cast %[[C]]
// CHECK-NEXT:    return %[[AC]], %[[B]], %[[CC]] :
func.func @reinterpret_cast_constants(%a: memref<16xf32>, %n: index) -> (memref<?x?xf32, strided<[?, ?], offset: ?>>, memref<?x?xf32, strided<[?, 1], offset: ?>>, memref<?x?xf32, strided<[?, 1], offset: ?>>) {
  %c4 = arith.constant 4 : index
  %c2 = arith.constant 2 : index
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  %0 = memref.reinterpret_cast %a to offset: [%c0], sizes: [%c4, %n], strides: [%c4, %c1] : memref<16xf32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
  %1 = memref.reinterpret_cast %a to offset: [2], sizes: [4, %n], strides: [%n, 1] : memref<16xf32> to memref<?x?xf32, strided<[?, 1], offset: ?>>
  %2 = memref.reinterpret_cast %a to offset: [%c2], sizes: [%c4, %n], strides: [%n, 1] : memref<16xf32> to memref<?x?xf32, strided<[?, 1], offset: ?>>
  return %0, %1, %2 : memref<?x?xf32, strided<[?, ?], offset: ?>>, memref<?x?xf32, strided<[?, 1], offset: ?>>, memref<?x?xf32, strided<[?, 1], offset: ?>>
}

// -----

// CHECK-LABEL: func.func @collapse_of_cast(
// CHECK-NEXT:    %[[A:.*]] = memref.collapse_shape %arg0 {{\[}}[0, 1], [2]] : memref<2x3x4xf32> into memref<6x4xf32>
// CHECK-NEXT:    %[[AC:.*]] = memref.cast %[[A]] : memref<6x4xf32> to memref<?x4xf32>
// CHECK-NEXT:    %[[B:.*]] = memref.collapse_shape %arg1 {{\[}}[0, 1]] : memref<3x4xf32, strided<[4, 1], offset: 5>> into memref<12xf32, strided<[1], offset: 5>>
// CHECK-NEXT:    %[[BC:.*]] = memref.cast %[[B]] : memref<12xf32, strided<[1], offset: 5>> to memref<12xf32, strided<[1], offset: ?>>
// CHECK-NEXT:    %[[C:.*]] = memref.collapse_shape %arg0 {{\[}}[0, 1], [2]] : memref<2x3x4xf32> into memref<6x4xf32>
// CHECK-NEXT:    return %[[AC]], %[[BC]], %[[C]] :
func.func @collapse_of_cast(%a: memref<2x3x4xf32>, %b: memref<3x4xf32, strided<[4, 1], offset: 5>>) -> (memref<?x4xf32>, memref<12xf32, strided<[1], offset: ?>>, memref<6x4xf32>) {
  %0 = memref.cast %a : memref<2x3x4xf32> to memref<?x?x4xf32>
  %1 = memref.collapse_shape %0 [[0, 1], [2]] : memref<?x?x4xf32> into memref<?x4xf32>
  %2 = memref.cast %b : memref<3x4xf32, strided<[4, 1], offset: 5>> to memref<3x4xf32, strided<[?, 1], offset: ?>>
  %3 = memref.collapse_shape %2 [[0, 1]] : memref<3x4xf32, strided<[?, 1], offset: ?>> into memref<12xf32, strided<[1], offset: ?>>
  %4 = memref.cast %a : memref<2x3x4xf32> to memref<2x3x4xf32, strided<[12, 4, 1]>>
  %5 = memref.collapse_shape %4 [[0, 1], [2]] : memref<2x3x4xf32, strided<[12, 4, 1]>> into memref<6x4xf32, strided<[4, 1]>>
  %6 = memref.cast %5 : memref<6x4xf32, strided<[4, 1]>> to memref<6x4xf32>
  return %1, %3, %6 : memref<?x4xf32>, memref<12xf32, strided<[1], offset: ?>>, memref<6x4xf32>
}

// -----

// The reshape compose patterns (identity layouts only): chains of one kind compose,
// a collapse of an expand and an expand of a collapse become one reshape when the
// groups line up (found left to right and right to left; unit dims may go either way).
// CHECK-LABEL: func.func @compose_reshapes(
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG:     %[[M:.*]] = arith.muli %arg4, %[[C2]] : index
// CHECK-DAG:     %[[A:.*]] = memref.collapse_shape %arg0 {{\[}}[0, 1, 2]] : memref<?x3x4xf32> into memref<?xf32>
// CHECK-DAG:     %[[B:.*]] = memref.expand_shape %arg1 {{\[}}[0, 1, 2]] output_shape [%arg3, 3, 4] : memref<?xf32> into memref<?x3x4xf32>
// CHECK-DAG:     %[[C:.*]] = memref.expand_shape %arg2 {{\[}}[0], [1, 2]] output_shape [6, %[[M]], %arg5] : memref<6x?xf32> into memref<6x?x?xf32>
// CHECK-DAG:     %[[D:.*]] = memref.collapse_shape %arg6 {{\[}}[0], [1, 2, 3]] : memref<2x1x3x1xf32> into memref<2x3xf32>
// CHECK-DAG:     %[[E:.*]] = memref.expand_shape %arg7 {{\[}}[0, 1], [2, 3]] output_shape [%arg3, 2, 3, 5] : memref<?x15xf32> into memref<?x2x3x5xf32>
// CHECK-DAG:     %[[F:.*]] = memref.collapse_shape %arg8 {{\[}}[0, 1, 2]] : memref<2x2x?xf32> into memref<?xf32>
// CHECK-DAG:     %[[G:.*]] = memref.expand_shape %[[F]] {{\[}}[0, 1]] output_shape [2, %arg3] : memref<?xf32> into memref<2x?xf32>
// CHECK:         return %[[A]], %[[B]], %[[C]], %[[D]], %[[E]], %[[G]], %arg9 :
func.func @compose_reshapes(%a: memref<?x3x4xf32>, %b: memref<?xf32>, %c: memref<6x?xf32>, %n: index, %p: index, %q: index, %d: memref<2x1x3x1xf32>, %e: memref<?x15xf32>, %f: memref<2x2x?xf32>, %g: memref<?x4xf32>) -> (memref<?xf32>, memref<?x3x4xf32>, memref<6x?x?xf32>, memref<2x3xf32>, memref<?x2x3x5xf32>, memref<2x?xf32>, memref<?x4xf32>) {
  %0 = memref.collapse_shape %a [[0, 1], [2]] : memref<?x3x4xf32> into memref<?x4xf32>
  %1 = memref.collapse_shape %0 [[0, 1]] : memref<?x4xf32> into memref<?xf32>
  %2 = memref.expand_shape %b [[0, 1]] output_shape [%n, 4] : memref<?xf32> into memref<?x4xf32>
  %3 = memref.expand_shape %2 [[0, 1], [2]] output_shape [%n, 3, 4] : memref<?x4xf32> into memref<?x3x4xf32>
  %4 = memref.expand_shape %c [[0], [1, 2, 3]] output_shape [6, %p, 2, %q] : memref<6x?xf32> into memref<6x?x2x?xf32>
  %5 = memref.collapse_shape %4 [[0], [1, 2], [3]] : memref<6x?x2x?xf32> into memref<6x?x?xf32>
  %6 = memref.collapse_shape %d [[0, 1, 2, 3]] : memref<2x1x3x1xf32> into memref<6xf32>
  %7 = memref.expand_shape %6 [[0, 1]] output_shape [2, 3] : memref<6xf32> into memref<2x3xf32>
  %8 = memref.collapse_shape %e [[0, 1]] : memref<?x15xf32> into memref<?xf32>
  %9 = memref.expand_shape %8 [[0, 1, 2, 3]] output_shape [%n, 2, 3, 5] : memref<?xf32> into memref<?x2x3x5xf32>
  %10 = memref.collapse_shape %f [[0, 1, 2]] : memref<2x2x?xf32> into memref<?xf32>
  %11 = memref.expand_shape %10 [[0, 1]] output_shape [2, %n] : memref<?xf32> into memref<2x?xf32>
  %12 = memref.expand_shape %g [[0, 1], [2]] output_shape [%n, 1, 4] : memref<?x4xf32> into memref<?x1x4xf32>
  %13 = memref.collapse_shape %12 [[0], [1, 2]] : memref<?x1x4xf32> into memref<?x4xf32>
  return %1, %3, %5, %7, %9, %11, %13 : memref<?xf32>, memref<?x3x4xf32>, memref<6x?x?xf32>, memref<2x3xf32>, memref<?x2x3x5xf32>, memref<2x?xf32>, memref<?x4xf32>
}

// -----

// Strided (non-identity) layouts do not compose.
// CHECK-LABEL: func.func @compose_strided(
// CHECK-NEXT:    memref.collapse_shape %arg0 {{\[}}[0, 1], [2]]
// CHECK-NEXT:    memref.collapse_shape %{{.*}} {{\[}}[0, 1]]
func.func @compose_strided(%a: memref<2x3x4xf32, strided<[12, 4, 1]>>) -> memref<24xf32, strided<[1]>> {
  %0 = memref.collapse_shape %a [[0, 1], [2]] : memref<2x3x4xf32, strided<[12, 4, 1]>> into memref<6x4xf32, strided<[4, 1]>>
  %1 = memref.collapse_shape %0 [[0, 1]] : memref<6x4xf32, strided<[4, 1]>> into memref<24xf32, strided<[1]>>
  return %1 : memref<24xf32, strided<[1]>>
}
