// canonicalize on vector.extract of a shape_cast or a create_mask, as MLIR 22
// (VectorOps.cpp): the folder foldExtractFromShapeCast (static positions, linearized in
// the cast's result and delinearized in its source, when the extracted dimensions are
// the source's innermost), the patterns foldExtractFromShapeCastToShapeCast and
// ExtractOpFromCreateMask (a smaller create_mask; all false past a constant size or for
// a size <= 0; unchanged when a bound is unknown). Output identical to mlir-opt.
// RUN: %pto-opt %s --canonicalize --split-input-file | FileCheck %s
// RUN: %compat %s --canonicalize --split-input-file
// RUN: %compat %s --canonicalize=top-down=false --split-input-file
// RUN: %pto-opt %s --canonicalize=max-iterations=1 --split-input-file > %t.pto
// RUN: %mlir-opt %s --canonicalize=max-iterations=1 --split-input-file > %t.mlir
// RUN: diff %t.pto %t.mlir

// CHECK-LABEL: func.func @scalar(
// CHECK-NEXT: %0 = vector.extract %arg0[1, 1, 1] : f32 from vector<2x3x4xf32>
// CHECK-NEXT: return %0 : f32
// CHECK-NEXT: }
func.func @scalar(%a: vector<2x3x4xf32>) -> f32 {
  %0 = vector.shape_cast %a : vector<2x3x4xf32> to vector<24xf32>
  %1 = vector.extract %0[17] : f32 from vector<24xf32>
  return %1 : f32
}

// -----

// CHECK-LABEL: func.func @inner(
// CHECK-NEXT: %0 = vector.extract %arg0[1, 1] : vector<4xf32> from vector<2x3x4xf32>
// CHECK-NEXT: return %0 : vector<4xf32>
// CHECK-NEXT: }
func.func @inner(%a: vector<2x3x4xf32>) -> vector<4xf32> {
  %0 = vector.shape_cast %a : vector<2x3x4xf32> to vector<6x4xf32>
  %1 = vector.extract %0[4] : vector<4xf32> from vector<6x4xf32>
  return %1 : vector<4xf32>
}

// -----

// CHECK-LABEL: func.func @up(
// CHECK-NEXT: %0 = vector.extract %arg0[8] : f32 from vector<12xf32>
// CHECK-NEXT: return %0 : f32
// CHECK-NEXT: }
func.func @up(%a: vector<12xf32>) -> f32 {
  %0 = vector.shape_cast %a : vector<12xf32> to vector<2x2x3xf32>
  %1 = vector.extract %0[1, 0, 2] : f32 from vector<2x2x3xf32>
  return %1 : f32
}

// -----

// CHECK-LABEL: func.func @mismatch(
// CHECK-NEXT: %0 = vector.shape_cast %arg0 : vector<2x6xf32> to vector<3x4xf32>
// CHECK-NEXT: %1 = vector.extract %0[1] : vector<4xf32> from vector<3x4xf32>
// CHECK-NEXT: return %1 : vector<4xf32>
// CHECK-NEXT: }
func.func @mismatch(%a: vector<2x6xf32>) -> vector<4xf32> {
  %0 = vector.shape_cast %a : vector<2x6xf32> to vector<3x4xf32>
  %1 = vector.extract %0[1] : vector<4xf32> from vector<3x4xf32>
  return %1 : vector<4xf32>
}

// -----

// CHECK-LABEL: func.func @dyn(
// CHECK-NEXT: %0 = vector.shape_cast %arg0 : vector<2x6xf32> to vector<12xf32>
// CHECK-NEXT: %1 = vector.extract %0[%arg1] : f32 from vector<12xf32>
// CHECK-NEXT: return %1 : f32
// CHECK-NEXT: }
func.func @dyn(%a: vector<2x6xf32>, %i: index) -> f32 {
  %0 = vector.shape_cast %a : vector<2x6xf32> to vector<12xf32>
  %1 = vector.extract %0[%i] : f32 from vector<12xf32>
  return %1 : f32
}

// -----

// CHECK-LABEL: func.func @scal(
// CHECK-NEXT: %0 = vector.extract %arg0[1] : vector<[4]xf32> from vector<2x[4]xf32>
// CHECK-NEXT: return %0 : vector<[4]xf32>
// CHECK-NEXT: }
func.func @scal(%a: vector<2x[4]xf32>) -> vector<[4]xf32> {
  %0 = vector.shape_cast %a : vector<2x[4]xf32> to vector<2x1x[4]xf32>
  %1 = vector.extract %0[1, 0] : vector<[4]xf32> from vector<2x1x[4]xf32>
  return %1 : vector<[4]xf32>
}

// -----

// CHECK-LABEL: func.func @zero(
// CHECK-NEXT: %0 = vector.extract %arg0[] : f32 from vector<f32>
// CHECK-NEXT: return %0 : f32
// CHECK-NEXT: }
func.func @zero(%a: vector<f32>) -> f32 {
  %0 = vector.shape_cast %a : vector<f32> to vector<1xf32>
  %1 = vector.extract %0[0] : f32 from vector<1xf32>
  return %1 : f32
}

// -----

// CHECK-LABEL: func.func @cst(
// CHECK-NEXT: %0 = vector.extract %arg0[1, 1] : f32 from vector<2x3xf32>
// CHECK-NEXT: return %0 : f32
// CHECK-NEXT: }
func.func @cst(%a: vector<2x3xf32>) -> f32 {
  %c = arith.constant 4 : index
  %0 = vector.shape_cast %a : vector<2x3xf32> to vector<6xf32>
  %1 = vector.extract %0[%c] : f32 from vector<6xf32>
  return %1 : f32
}

// -----

// CHECK-LABEL: func.func @cm_vec(
// CHECK-NEXT: %0 = vector.create_mask %arg0 : vector<4xi1>
// CHECK-NEXT: return %0 : vector<4xi1>
// CHECK-NEXT: }
func.func @cm_vec(%n: index) -> vector<4xi1> {
  %c2 = arith.constant 2 : index
  %m = vector.create_mask %c2, %n : vector<3x4xi1>
  %e = vector.extract %m[1] : vector<4xi1> from vector<3x4xi1>
  return %e : vector<4xi1>
}

// -----

// CHECK-LABEL: func.func @cm_past(
// CHECK-NEXT: %cst = arith.constant dense<false> : vector<4xi1>
// CHECK-NEXT: return %cst : vector<4xi1>
// CHECK-NEXT: }
func.func @cm_past(%n: index) -> vector<4xi1> {
  %c2 = arith.constant 2 : index
  %m = vector.create_mask %c2, %n : vector<3x4xi1>
  %e = vector.extract %m[2] : vector<4xi1> from vector<3x4xi1>
  return %e : vector<4xi1>
}

// -----

// CHECK-LABEL: func.func @cm_unknown(
// CHECK-NEXT: %0 = vector.create_mask %arg1, %arg0 : vector<3x4xi1>
// CHECK-NEXT: %1 = vector.extract %0[1] : vector<4xi1> from vector<3x4xi1>
// CHECK-NEXT: return %1 : vector<4xi1>
// CHECK-NEXT: }
func.func @cm_unknown(%n: index, %k: index) -> vector<4xi1> {
  %m = vector.create_mask %k, %n : vector<3x4xi1>
  %e = vector.extract %m[1] : vector<4xi1> from vector<3x4xi1>
  return %e : vector<4xi1>
}

// -----

// CHECK-LABEL: func.func @cm_dyn_full(
// CHECK-NEXT: %0 = vector.create_mask %arg0 : vector<4xi1>
// CHECK-NEXT: return %0 : vector<4xi1>
// CHECK-NEXT: }
func.func @cm_dyn_full(%n: index, %i: index) -> vector<4xi1> {
  %c3 = arith.constant 3 : index
  %m = vector.create_mask %c3, %n : vector<3x4xi1>
  %e = vector.extract %m[%i] : vector<4xi1> from vector<3x4xi1>
  return %e : vector<4xi1>
}

// -----

// CHECK-LABEL: func.func @cm_dyn_part(
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %0 = vector.create_mask %c2, %arg0 : vector<3x4xi1>
// CHECK-NEXT: %1 = vector.extract %0[%arg1] : vector<4xi1> from vector<3x4xi1>
// CHECK-NEXT: return %1 : vector<4xi1>
// CHECK-NEXT: }
func.func @cm_dyn_part(%n: index, %i: index) -> vector<4xi1> {
  %c2 = arith.constant 2 : index
  %m = vector.create_mask %c2, %n : vector<3x4xi1>
  %e = vector.extract %m[%i] : vector<4xi1> from vector<3x4xi1>
  return %e : vector<4xi1>
}

// -----

// CHECK-LABEL: func.func @cm_zero(
// CHECK-NEXT: %cst = arith.constant dense<false> : vector<4xi1>
// CHECK-NEXT: return %cst : vector<4xi1>
// CHECK-NEXT: }
func.func @cm_zero(%n: index, %i: index) -> vector<4xi1> {
  %c0 = arith.constant 0 : index
  %m = vector.create_mask %n, %c0 : vector<3x4xi1>
  %e = vector.extract %m[%i] : vector<4xi1> from vector<3x4xi1>
  return %e : vector<4xi1>
}

// -----

// CHECK-LABEL: func.func @cm_neg(
// CHECK-NEXT: %cst = arith.constant dense<false> : vector<4xi1>
// CHECK-NEXT: return %cst : vector<4xi1>
// CHECK-NEXT: }
func.func @cm_neg(%n: index) -> vector<4xi1> {
  %c = arith.constant -1 : index
  %m = vector.create_mask %c, %n : vector<3x4xi1>
  %e = vector.extract %m[0] : vector<4xi1> from vector<3x4xi1>
  return %e : vector<4xi1>
}

// -----

// CHECK-LABEL: func.func @cm_scalar(
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %0 = vector.create_mask %c2, %arg0 : vector<3x4xi1>
// CHECK-NEXT: %1 = vector.extract %0[1, 1] : i1 from vector<3x4xi1>
// CHECK-NEXT: return %1 : i1
// CHECK-NEXT: }
func.func @cm_scalar(%n: index) -> i1 {
  %c2 = arith.constant 2 : index
  %m = vector.create_mask %c2, %n : vector<3x4xi1>
  %e = vector.extract %m[1, 1] : i1 from vector<3x4xi1>
  return %e : i1
}

// -----

// CHECK-LABEL: func.func @cm_3d(
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %0 = vector.create_mask %c2, %arg1, %arg0 : vector<3x5x4xi1>
// CHECK-NEXT: %1 = vector.extract %0[1, 3] : vector<4xi1> from vector<3x5x4xi1>
// CHECK-NEXT: return %1 : vector<4xi1>
// CHECK-NEXT: }
func.func @cm_3d(%n: index, %k: index) -> vector<4xi1> {
  %c2 = arith.constant 2 : index
  %m = vector.create_mask %c2, %k, %n : vector<3x5x4xi1>
  %e = vector.extract %m[1, 3] : vector<4xi1> from vector<3x5x4xi1>
  return %e : vector<4xi1>
}

// -----

// CHECK-LABEL: func.func @cm_scalable(
// CHECK-NEXT: %0 = vector.create_mask %arg0 : vector<[4]xi1>
// CHECK-NEXT: return %0 : vector<[4]xi1>
// CHECK-NEXT: }
func.func @cm_scalable(%n: index) -> vector<[4]xi1> {
  %c2 = arith.constant 2 : index
  %m = vector.create_mask %c2, %n : vector<3x[4]xi1>
  %e = vector.extract %m[1] : vector<[4]xi1> from vector<3x[4]xi1>
  return %e : vector<[4]xi1>
}

// -----

// CHECK-LABEL: func.func @sc_sc(
// CHECK-NEXT: %0 = vector.shape_cast %arg0 : vector<2x6xf32> to vector<3x4xf32>
// CHECK-NEXT: return %0 : vector<3x4xf32>
// CHECK-NEXT: }
func.func @sc_sc(%a: vector<2x6xf32>) -> vector<3x4xf32> {
  %0 = vector.shape_cast %a : vector<2x6xf32> to vector<1x3x4xf32>
  %1 = vector.extract %0[0] : vector<3x4xf32> from vector<1x3x4xf32>
  return %1 : vector<3x4xf32>
}

// -----

// CHECK-LABEL: func.func @sc_sc2(
// CHECK-NEXT: %0 = vector.shape_cast %arg0 : vector<12xf32> to vector<4x3xf32>
// CHECK-NEXT: return %0 : vector<4x3xf32>
// CHECK-NEXT: }
func.func @sc_sc2(%a: vector<12xf32>) -> vector<4x3xf32> {
  %0 = vector.shape_cast %a : vector<12xf32> to vector<1x1x4x3xf32>
  %1 = vector.extract %0[0, 0] : vector<4x3xf32> from vector<1x1x4x3xf32>
  return %1 : vector<4x3xf32>
}
