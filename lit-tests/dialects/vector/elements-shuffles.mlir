// vector.from_elements / vector.to_elements (the result types of to_elements are
// inferred from the source), vector.shuffle (its result type is inferred from the mask
// and v1; 0-D operands give a 1-D result; -1 is poison), and the strided slices.
// RUN: %pto-opt %s | FileCheck %s
// RUN: %roundtrip %s
// RUN: %compat %s

// CHECK-LABEL: func.func @elements
func.func @elements(%a: f32, %b: f32, %v: vector<2x1x2xi8>) -> (vector<2x2xf32>, vector<1xf32>, i8) {
  // CHECK: %[[V:.*]] = vector.from_elements %arg0, %arg1, %arg1, %arg0 : vector<2x2xf32>
  %0 = vector.from_elements %a, %b, %b, %a : vector<2x2xf32>
  // CHECK: vector.from_elements %arg0 : vector<1xf32>
  %1 = vector.from_elements %a : vector<1xf32>
  // CHECK: %{{.*}}:4 = vector.to_elements %arg2 : vector<2x1x2xi8>
  %2:4 = vector.to_elements %v : vector<2x1x2xi8>
  return %0, %1, %2#3 : vector<2x2xf32>, vector<1xf32>, i8
}

// CHECK-LABEL: func.func @zero_d
func.func @zero_d(%a: f32, %v: vector<f32>) -> (vector<f32>, f32, vector<3xf32>) {
  // CHECK: vector.from_elements %arg0 : vector<f32>
  %0 = vector.from_elements %a : vector<f32>
  // CHECK: vector.to_elements %arg1 : vector<f32>
  %1 = vector.to_elements %v : vector<f32>
  // CHECK: vector.shuffle %arg1, %0 [1, -1, 0] : vector<f32>, vector<f32>
  %2 = vector.shuffle %v, %0 [1, -1, 0] : vector<f32>, vector<f32>
  return %0, %1, %2 : vector<f32>, f32, vector<3xf32>
}

// CHECK-LABEL: func.func @shuffles
func.func @shuffles(%a: vector<4xi32>, %b: vector<2xi32>, %c: vector<2x8xf16>, %d: vector<3x8xf16>)
    -> (vector<5xi32>, vector<4x8xf16>) {
  // CHECK: vector.shuffle %arg0, %arg1 [5, 0, -1, 4, 3] : vector<4xi32>, vector<2xi32>
  %0 = vector.shuffle %a, %b [5, 0, -1, 4, 3] : vector<4xi32>, vector<2xi32>
  // CHECK: vector.shuffle %arg2, %arg3 [4, 0, 1, 2] : vector<2x8xf16>, vector<3x8xf16>
  %1 = vector.shuffle %c, %d [4, 0, 1, 2] : vector<2x8xf16>, vector<3x8xf16>
  return %0, %1 : vector<5xi32>, vector<4x8xf16>
}

// CHECK-LABEL: func.func @strided_slices
func.func @strided_slices(%v: vector<4x8x16xf32>, %w: vector<2x4xf32>) -> (vector<2x4x16xf32>, vector<4x8x16xf32>) {
  // CHECK: vector.extract_strided_slice %arg0 {offsets = [0, 2], sizes = [2, 4], strides = [1, 1]} : vector<4x8x16xf32> to vector<2x4x16xf32>
  %0 = vector.extract_strided_slice %v {offsets = [0, 2], sizes = [2, 4], strides = [1, 1]} : vector<4x8x16xf32> to vector<2x4x16xf32>
  // CHECK: vector.insert_strided_slice %arg1, %arg0 {offsets = [1, 4, 12], strides = [1, 1]} : vector<2x4xf32> into vector<4x8x16xf32>
  %1 = vector.insert_strided_slice %w, %v {offsets = [1, 4, 12], strides = [1, 1]} : vector<2x4xf32> into vector<4x8x16xf32>
  return %0, %1 : vector<2x4x16xf32>, vector<4x8x16xf32>
}

// Scalable dimensions: sliced whole, inserted whole.
// CHECK-LABEL: func.func @scalable
func.func @scalable(%v: vector<4x[8]xf32>, %w: vector<[8]xf32>) -> (vector<2x[8]xf32>, vector<4x[8]xf32>) {
  // CHECK: vector.extract_strided_slice %arg0 {offsets = [1, 0], sizes = [2, 8], strides = [1, 1]} : vector<4x[8]xf32> to vector<2x[8]xf32>
  %0 = vector.extract_strided_slice %v {offsets = [1, 0], sizes = [2, 8], strides = [1, 1]} : vector<4x[8]xf32> to vector<2x[8]xf32>
  // CHECK: vector.insert_strided_slice %arg1, %arg0 {offsets = [3, 0], strides = [1]} : vector<[8]xf32> into vector<4x[8]xf32>
  %1 = vector.insert_strided_slice %w, %v {offsets = [3, 0], strides = [1]} : vector<[8]xf32> into vector<4x[8]xf32>
  return %0, %1 : vector<2x[8]xf32>, vector<4x[8]xf32>
}
