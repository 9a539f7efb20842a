// convert-vector-to-llvm on vector.bitcast: llvm.bitcast of 1-D (and 0-D, one-lane)
// vectors; rank > 1 is unrolled row by row first. Identical to mlir-opt.
// RUN: %dump-compat %s --convert-vector-to-llvm
// RUN: %pto-opt %s --convert-vector-to-llvm | FileCheck %s

// CHECK-LABEL: func.func @ok
// CHECK-COUNT-4: llvm.bitcast %{{.*}} : vector<8xf16> to vector<4xi32>
// CHECK: llvm.bitcast %arg1 : vector<8xi1> to vector<1xi8>
// CHECK: llvm.bitcast %{{.*}} : vector<1xf32> to vector<1xi32>
func.func @ok(%a: vector<4x8xf16>, %b: vector<8xi1>, %c: vector<f32>) -> (vector<4x4xi32>, vector<1xi8>, vector<i32>) {
  %0 = vector.bitcast %a : vector<4x8xf16> to vector<4x4xi32>
  %1 = vector.bitcast %b : vector<8xi1> to vector<1xi8>
  %2 = vector.bitcast %c : vector<f32> to vector<i32>
  return %0, %1, %2 : vector<4x4xi32>, vector<1xi8>, vector<i32>
}
