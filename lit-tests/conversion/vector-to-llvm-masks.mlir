// convert-vector-to-llvm with masks, as MLIR: a 1-D transfer that may run out of
// bounds gets the mask of its in-bounds lanes (create_mask of the dimension less the
// index, and-ed with its own mask) and becomes a masked load or store; constant_mask
// is a dense constant; a 1-D create_mask compares the i32 lane indices with the
// broadcast bound; an n-D one selects its rows; maskedload/maskedstore become
// llvm.intr.masked.load/store. Identical to mlir-opt; mlir-translate takes the
// result of lower-to-llvm.
// RUN: %dump-compat %s --split-input-file --convert-vector-to-llvm
// RUN: %pto-opt %s --split-input-file --convert-vector-to-llvm | FileCheck %s
// RUN: %pto-opt %s --split-input-file --lower-to-llvm | mlir-translate --split-input-file --mlir-to-llvmir | FileCheck %s --check-prefix=LLVM
// LLVM: call <8 x float> @llvm.masked.load.v8f32.p0(ptr align 4
// LLVM: call void @llvm.masked.store.v8f32.p0(<8 x float>

// CHECK-LABEL: func.func @ml
// CHECK: %[[IDX:.*]] = arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7]> : vector<8xi32>
// CHECK: arith.index_cast %arg2 : index to i32
// CHECK: %[[M:.*]] = arith.cmpi sgt, %{{.*}}, %[[IDX]] : vector<8xi32>
// CHECK: %[[V:.*]] = llvm.intr.masked.load %{{.*}}, %[[M]], %arg3 {alignment = 4 : i32}
// CHECK: llvm.intr.masked.store %[[V]], %{{.*}}, %[[M]] {alignment = 4 : i32}
func.func @ml(%m: memref<?xf32>, %i: index, %n: index, %p: vector<8xf32>) -> vector<8xf32> {
  %mask = vector.create_mask %n : vector<8xi1>
  %0 = vector.maskedload %m[%i], %mask, %p : memref<?xf32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
  vector.maskedstore %m[%i], %mask, %0 : memref<?xf32>, vector<8xi1>, vector<8xf32>
  return %0 : vector<8xf32>
}

// -----

// CHECK-LABEL: func.func @cm(
// CHECK: arith.constant dense<[true, true, true, false]> : vector<4xi1>
func.func @cm() -> vector<4xi1> {
  %mask = vector.constant_mask [3] : vector<4xi1>
  return %mask : vector<4xi1>
}

// -----

// CHECK-LABEL: func.func @cm2(
// CHECK: arith.constant dense<{{\[\[}}true, true, true, false], [false, false, false, false{{\]\]}}> : vector<2x4xi1>
func.func @cm2() -> vector<2x4xi1> {
  %mask = vector.constant_mask [1, 3] : vector<2x4xi1>
  return %mask : vector<2x4xi1>
}

// -----

// The in-bounds lanes of an out-of-bounds read: dim - index.
// CHECK-LABEL: func.func @tr(
// CHECK: %[[DIM:.*]] = memref.dim %arg0
// CHECK: arith.subi %[[DIM]], %arg1 : index
// CHECK: llvm.intr.masked.load
func.func @tr(%m: memref<?xf32>, %i: index, %p: f32) -> vector<8xf32> {
  %0 = vector.transfer_read %m[%i], %p : memref<?xf32>, vector<8xf32>
  return %0 : vector<8xf32>
}

// -----

// A static size folds; the transfer's own mask is and-ed in.
// CHECK-LABEL: func.func @tw(
// CHECK: %[[C:.*]] = arith.constant 64 : index
// CHECK: arith.subi %[[C]], %arg1 : index
// CHECK: %[[M:.*]] = arith.andi %{{.*}}, %arg3 : vector<8xi1>
// CHECK: llvm.intr.masked.store %arg2, %{{.*}}, %[[M]] {alignment = 4 : i32}
func.func @tw(%m: memref<64xf32>, %i: index, %v: vector<8xf32>, %k: vector<8xi1>) {
  vector.transfer_write %v, %m[%i], %k : vector<8xf32>, memref<64xf32>
  return
}

// -----

// Row d of an n-D create_mask is the lower mask if d < the first size.
// CHECK-LABEL: func.func @cm2_dynamic(
// CHECK: %[[Z:.*]] = arith.constant dense<false> : vector<4xi1>
// CHECK: %[[LOW:.*]] = arith.cmpi sgt, %{{.*}} : vector<4xi32>
// CHECK: %[[C0:.*]] = arith.cmpi sgt, %arg0, %c0 : index
// CHECK: arith.select %[[C0]], %[[LOW]], %[[Z]] : vector<4xi1>
// CHECK: %[[C1:.*]] = arith.cmpi sgt, %arg0, %c1 : index
// CHECK: arith.select %[[C1]], %[[LOW]], %[[Z]] : vector<4xi1>
func.func @cm2_dynamic(%a: index, %b: index) -> vector<2x4xi1> {
  %mask = vector.create_mask %a, %b : vector<2x4xi1>
  return %mask : vector<2x4xi1>
}

// -----

// CHECK-LABEL: func.func @tr2(
// CHECK: memref.dim %arg0, %c1 : memref<?x?xf32>
// CHECK: arith.subi %{{.*}}, %arg2 : index
func.func @tr2(%m: memref<?x?xf32>, %i: index, %j: index, %p: f32) -> vector<8xf32> {
  %0 = vector.transfer_read %m[%i, %j], %p : memref<?x?xf32>, vector<8xf32>
  return %0 : vector<8xf32>
}
