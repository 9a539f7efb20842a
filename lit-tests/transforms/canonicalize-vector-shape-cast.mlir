// canonicalize on vector.shape_cast of masks and vector.broadcast of shape_cast, as
// MLIR 22 (VectorOps.cpp): ShapeCastCreateMaskFolderTrailingOneDim (dropping trailing
// unit dimensions whose mask size is the index constant 1, of create_mask and
// constant_mask; not leading ones, not adding any) and the broadcast folder
// foldBroadcastOfShapeCast (the cast only changes leading unit dimensions and its
// source broadcasts to the result). Output identical to mlir-opt.
// RUN: %pto-opt %s --canonicalize --split-input-file | FileCheck %s
// RUN: %compat %s --canonicalize --split-input-file
// RUN: %compat %s --canonicalize=top-down=false --split-input-file
// RUN: %pto-opt %s --canonicalize=max-iterations=1 --split-input-file > %t.pto
// RUN: %mlir-opt %s --canonicalize=max-iterations=1 --split-input-file > %t.mlir
// RUN: diff %t.pto %t.mlir

// CHECK-LABEL: func.func @cm_drop(
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %0 = vector.create_mask %c1, %arg0 : vector<1x4xi1>
// CHECK-NEXT: return %0 : vector<1x4xi1>
// CHECK-NEXT: }
func.func @cm_drop(%n: index) -> vector<1x4xi1> {
  %c1 = arith.constant 1 : index
  %m = vector.create_mask %c1, %n, %c1 : vector<1x4x1xi1>
  %0 = vector.shape_cast %m : vector<1x4x1xi1> to vector<1x4xi1>
  return %0 : vector<1x4xi1>
}

// -----

// CHECK-LABEL: func.func @cm_drop2(
// CHECK-NEXT: %0 = vector.create_mask %arg0 : vector<4xi1>
// CHECK-NEXT: return %0 : vector<4xi1>
// CHECK-NEXT: }
func.func @cm_drop2(%n: index) -> vector<4xi1> {
  %c1 = arith.constant 1 : index
  %m = vector.create_mask %n, %c1, %c1 : vector<4x1x1xi1>
  %0 = vector.shape_cast %m : vector<4x1x1xi1> to vector<4xi1>
  return %0 : vector<4xi1>
}

// -----

// CHECK-LABEL: func.func @cm_drop_nonconst(
// CHECK-NEXT: %0 = vector.create_mask %arg0, %arg1 : vector<4x1xi1>
// CHECK-NEXT: %1 = vector.shape_cast %0 : vector<4x1xi1> to vector<4xi1>
// CHECK-NEXT: return %1 : vector<4xi1>
// CHECK-NEXT: }
func.func @cm_drop_nonconst(%n: index, %k: index) -> vector<4xi1> {
  %m = vector.create_mask %n, %k : vector<4x1xi1>
  %0 = vector.shape_cast %m : vector<4x1xi1> to vector<4xi1>
  return %0 : vector<4xi1>
}

// -----

// CHECK-LABEL: func.func @cm_lead(
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %0 = vector.create_mask %c1, %arg0 : vector<1x4xi1>
// CHECK-NEXT: %1 = vector.shape_cast %0 : vector<1x4xi1> to vector<4xi1>
// CHECK-NEXT: return %1 : vector<4xi1>
// CHECK-NEXT: }
func.func @cm_lead(%n: index) -> vector<4xi1> {
  %c1 = arith.constant 1 : index
  %m = vector.create_mask %c1, %n : vector<1x4xi1>
  %0 = vector.shape_cast %m : vector<1x4xi1> to vector<4xi1>
  return %0 : vector<4xi1>
}

// -----

// CHECK-LABEL: func.func @cm_add(
// CHECK-NEXT: %0 = vector.create_mask %arg0 : vector<4xi1>
// CHECK-NEXT: %1 = vector.shape_cast %0 : vector<4xi1> to vector<4x1xi1>
// CHECK-NEXT: return %1 : vector<4x1xi1>
// CHECK-NEXT: }
func.func @cm_add(%n: index) -> vector<4x1xi1> {
  %m = vector.create_mask %n : vector<4xi1>
  %0 = vector.shape_cast %m : vector<4xi1> to vector<4x1xi1>
  return %0 : vector<4x1xi1>
}

// -----

// CHECK-LABEL: func.func @km_drop(
// CHECK-NEXT: %0 = vector.constant_mask [1, 3] : vector<2x4xi1>
// CHECK-NEXT: return %0 : vector<2x4xi1>
// CHECK-NEXT: }
func.func @km_drop() -> vector<2x4xi1> {
  %m = vector.constant_mask [1, 3, 1] : vector<2x4x1xi1>
  %0 = vector.shape_cast %m : vector<2x4x1xi1> to vector<2x4xi1>
  return %0 : vector<2x4xi1>
}

// -----

// CHECK-LABEL: func.func @km_zero(
// CHECK-NEXT: %cst = arith.constant dense<false> : vector<2x4xi1>
// CHECK-NEXT: return %cst : vector<2x4xi1>
// CHECK-NEXT: }
func.func @km_zero() -> vector<2x4xi1> {
  %m = vector.constant_mask [0, 0, 0] : vector<2x4x1xi1>
  %0 = vector.shape_cast %m : vector<2x4x1xi1> to vector<2x4xi1>
  return %0 : vector<2x4xi1>
}

// -----

// CHECK-LABEL: func.func @cm_scal(
// CHECK-NEXT: %0 = vector.create_mask %arg0 : vector<[4]xi1>
// CHECK-NEXT: return %0 : vector<[4]xi1>
// CHECK-NEXT: }
func.func @cm_scal(%n: index) -> vector<[4]xi1> {
  %c1 = arith.constant 1 : index
  %m = vector.create_mask %n, %c1 : vector<[4]x1xi1>
  %0 = vector.shape_cast %m : vector<[4]x1xi1> to vector<[4]xi1>
  return %0 : vector<[4]xi1>
}

// -----

// CHECK-LABEL: func.func @bc_sc(
// CHECK-NEXT: %0 = vector.broadcast %arg0 : vector<4xf32> to vector<3x4xf32>
// CHECK-NEXT: return %0 : vector<3x4xf32>
// CHECK-NEXT: }
func.func @bc_sc(%a: vector<4xf32>) -> vector<3x4xf32> {
  %0 = vector.shape_cast %a : vector<4xf32> to vector<1x4xf32>
  %1 = vector.broadcast %0 : vector<1x4xf32> to vector<3x4xf32>
  return %1 : vector<3x4xf32>
}

// -----

// CHECK-LABEL: func.func @bc_sc2(
// CHECK-NEXT: %0 = vector.broadcast %arg0 : vector<1x1x4xf32> to vector<2x3x4xf32>
// CHECK-NEXT: return %0 : vector<2x3x4xf32>
// CHECK-NEXT: }
func.func @bc_sc2(%a: vector<1x1x4xf32>) -> vector<2x3x4xf32> {
  %0 = vector.shape_cast %a : vector<1x1x4xf32> to vector<4xf32>
  %1 = vector.broadcast %0 : vector<4xf32> to vector<2x3x4xf32>
  return %1 : vector<2x3x4xf32>
}

// -----

// CHECK-LABEL: func.func @bc_sc3(
// CHECK-NEXT: %0 = vector.shape_cast %arg0 : vector<2x2xf32> to vector<4xf32>
// CHECK-NEXT: %1 = vector.broadcast %0 : vector<4xf32> to vector<3x4xf32>
// CHECK-NEXT: return %1 : vector<3x4xf32>
// CHECK-NEXT: }
func.func @bc_sc3(%a: vector<2x2xf32>) -> vector<3x4xf32> {
  %0 = vector.shape_cast %a : vector<2x2xf32> to vector<4xf32>
  %1 = vector.broadcast %0 : vector<4xf32> to vector<3x4xf32>
  return %1 : vector<3x4xf32>
}

// -----

// CHECK-LABEL: func.func @bc_sc4(
// CHECK-NEXT: %0 = vector.shape_cast %arg0 : vector<4x1xf32> to vector<1x4xf32>
// CHECK-NEXT: %1 = vector.broadcast %0 : vector<1x4xf32> to vector<3x1x4xf32>
// CHECK-NEXT: return %1 : vector<3x1x4xf32>
// CHECK-NEXT: }
func.func @bc_sc4(%a: vector<4x1xf32>) -> vector<3x1x4xf32> {
  %0 = vector.shape_cast %a : vector<4x1xf32> to vector<1x4xf32>
  %1 = vector.broadcast %0 : vector<1x4xf32> to vector<3x1x4xf32>
  return %1 : vector<3x1x4xf32>
}

// -----

// CHECK-LABEL: func.func @bc_scal(
// CHECK-NEXT: %0 = vector.broadcast %arg0 : vector<[4]xf32> to vector<3x[4]xf32>
// CHECK-NEXT: return %0 : vector<3x[4]xf32>
// CHECK-NEXT: }
func.func @bc_scal(%a: vector<[4]xf32>) -> vector<3x[4]xf32> {
  %0 = vector.shape_cast %a : vector<[4]xf32> to vector<1x[4]xf32>
  %1 = vector.broadcast %0 : vector<1x[4]xf32> to vector<3x[4]xf32>
  return %1 : vector<3x[4]xf32>
}

// -----

// CHECK-LABEL: func.func @bc_same(
// CHECK-NEXT: %0 = vector.shape_cast %arg0 : vector<4xf32> to vector<1x4xf32>
// CHECK-NEXT: return %0 : vector<1x4xf32>
// CHECK-NEXT: }
func.func @bc_same(%a: vector<4xf32>) -> vector<1x4xf32> {
  %0 = vector.shape_cast %a : vector<4xf32> to vector<1x4xf32>
  %1 = vector.broadcast %0 : vector<1x4xf32> to vector<1x4xf32>
  return %1 : vector<1x4xf32>
}
