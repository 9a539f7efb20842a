// convert-vector-to-llvm on 0-D vectors, which convert to one-lane LLVM vectors as in
// MLIR: broadcast (one insertelement), extract/insert at lane 0, elementwise arith,
// reduction. Identical to mlir-opt, and to its full lowering.
// RUN: %dump-compat %s --convert-vector-to-llvm
// RUN: %pto-opt %s --lower-to-llvm > %t.pto
// RUN: %mlir-opt %s --convert-vector-to-llvm --convert-arith-to-llvm --convert-func-to-llvm --reconcile-unrealized-casts > %t.mlir
// RUN: diff %t.mlir %t.pto
// RUN: FileCheck %s < %t.pto

// CHECK-LABEL: llvm.func @b(
// CHECK: llvm.insertelement %arg0, %{{.*}}[%{{.*}} : i32] : vector<1xf32>
// CHECK-LABEL: llvm.func @r(
// CHECK: llvm.intr.vector.reduce.fadd
func.func @b(%x: f32) -> vector<f32> {
  %0 = vector.broadcast %x : f32 to vector<f32>
  return %0 : vector<f32>
}
func.func @e(%v: vector<f32>) -> f32 {
  %0 = vector.extract %v[] : f32 from vector<f32>
  return %0 : f32
}
func.func @i(%x: f32, %v: vector<f32>) -> vector<f32> {
  %0 = vector.insert %x, %v[] : f32 into vector<f32>
  return %0 : vector<f32>
}
func.func @a(%v: vector<f32>, %w: vector<f32>) -> vector<f32> {
  %0 = arith.addf %v, %w : vector<f32>
  return %0 : vector<f32>
}
func.func @r(%v: vector<f32>) -> f32 {
  %0 = vector.reduction <add>, %v : vector<f32> into f32
  return %0 : f32
}
