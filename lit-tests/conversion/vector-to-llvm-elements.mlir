// convert-vector-to-llvm on 1-D and 0-D vector.from_elements (insertelement chains on
// poison), vector.to_elements (extractelement of the elements in use), vector.shuffle
// (a shufflevector for operands of one type, else an extract/insert chain with the
// poison lanes read at -1, out of range) and the strided slices (shufflevectors; an insertion
// first widens the value). Identical to mlir-opt. Rank > 1 is in
// vector-to-llvm-elements-nd.mlir.
// RUN: %dump-compat %s --split-input-file --convert-vector-to-llvm
// RUN: %pto-opt %s --split-input-file --convert-vector-to-llvm | FileCheck %s

// CHECK-LABEL: func.func @from_elements
// CHECK: llvm.mlir.poison : vector<2xf32>
// CHECK-COUNT-2: llvm.insertelement
func.func @from_elements(%a: f32, %b: f32) -> vector<2xf32> {
  %0 = vector.from_elements %a, %b : vector<2xf32>
  return %0 : vector<2xf32>
}

// -----

// Only the elements in use are extracted.
// CHECK-LABEL: func.func @to_elements
// CHECK-COUNT-2: llvm.extractelement
// CHECK-NOT: llvm.extractelement
func.func @to_elements(%v: vector<4xi32>) -> (i32, i32) {
  %0:4 = vector.to_elements %v : vector<4xi32>
  return %0#1, %0#3 : i32, i32
}

// -----

// CHECK-LABEL: func.func @shuffle_same
// CHECK: llvm.shufflevector %arg0, %arg1 [7, 0, -1] : vector<4xf32>
func.func @shuffle_same(%a: vector<4xf32>, %b: vector<4xf32>) -> vector<3xf32> {
  %0 = vector.shuffle %a, %b [7, 0, -1] : vector<4xf32>, vector<4xf32>
  return %0 : vector<3xf32>
}

// -----

// CHECK-LABEL: func.func @shuffle_mixed
// CHECK: llvm.mlir.constant(-1 : index) : i64
// CHECK-COUNT-2: llvm.insertelement
// CHECK-NOT: llvm.insertelement
func.func @shuffle_mixed(%a: vector<4xi8>, %b: vector<2xi8>) -> vector<3xi8> {
  %0 = vector.shuffle %a, %b [5, -1, 1] : vector<4xi8>, vector<2xi8>
  return %0 : vector<3xi8>
}

// -----

// 0-D vectors are one-lane LLVM vectors.
// CHECK-LABEL: func.func @zero_d
// CHECK: llvm.shufflevector %{{.*}}, %{{.*}} [1, 0, 1] : vector<1xf32>
func.func @zero_d(%a: f32, %b: f32) -> vector<3xf32> {
  %z0 = vector.from_elements %a : vector<f32>
  %z1 = vector.from_elements %b : vector<f32>
  %s = vector.shuffle %z0, %z1 [1, 0, 1] : vector<f32>, vector<f32>
  return %s : vector<3xf32>
}

// -----

// CHECK-LABEL: func.func @extract_strided_slice
// CHECK: llvm.shufflevector %arg0, %arg0 [2, 3, 4] : vector<8xf32>
func.func @extract_strided_slice(%a: vector<8xf32>) -> vector<3xf32> {
  %0 = vector.extract_strided_slice %a {offsets = [2], sizes = [3], strides = [1]} : vector<8xf32> to vector<3xf32>
  return %0 : vector<3xf32>
}

// -----

// CHECK-LABEL: func.func @insert_strided_slice
// CHECK: %[[W:.*]] = llvm.shufflevector %arg0, %arg0 [0, 1, 0, 0, 0, 0, 0, 0] : vector<2xf32>
// CHECK: llvm.shufflevector %[[W]], %arg1 [8, 9, 10, 0, 1, 13, 14, 15] : vector<8xf32>
func.func @insert_strided_slice(%a: vector<2xf32>, %b: vector<8xf32>) -> vector<8xf32> {
  %0 = vector.insert_strided_slice %a, %b {offsets = [3], strides = [1]} : vector<2xf32> into vector<8xf32>
  return %0 : vector<8xf32>
}
