// vector.bitcast: innermost rows reinterpreted (f16 pairs as i32, i1 lanes as the bits
// of an i8, 0-D).
// RUN: %pto-opt %s | FileCheck %s
// RUN: %roundtrip %s
// RUN: %compat %s

// CHECK-LABEL: func.func @ok
// CHECK: vector.bitcast %arg0 : vector<4x8xf16> to vector<4x4xi32>
// CHECK: vector.bitcast %arg1 : vector<8xi1> to vector<1xi8>
// CHECK: vector.bitcast %arg2 : vector<f32> to vector<i32>
func.func @ok(%a: vector<4x8xf16>, %b: vector<8xi1>, %c: vector<f32>) -> (vector<4x4xi32>, vector<1xi8>, vector<i32>) {
  %0 = vector.bitcast %a : vector<4x8xf16> to vector<4x4xi32>
  %1 = vector.bitcast %b : vector<8xi1> to vector<1xi8>
  %2 = vector.bitcast %c : vector<f32> to vector<i32>
  return %0, %1, %2 : vector<4x4xi32>, vector<1xi8>, vector<i32>
}
