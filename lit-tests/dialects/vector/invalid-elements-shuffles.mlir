// Invalid vector.shuffle, vector.from_elements/to_elements and strided slices, with
// MLIR's messages (checked on mlir-opt too).
// RUN: %pto-opt %s -split-input-file -verify-diagnostics
// RUN: %mlir-opt %s -split-input-file -verify-diagnostics

func.func @s1(%a: vector<4xf32>, %b: vector<2x2xf32>) {
  // expected-error @+1 {{'vector.shuffle' op rank mismatch}}
  %0 = vector.shuffle %a, %b [0, 1] : vector<4xf32>, vector<2x2xf32>
  return
}
// -----
func.func @s2(%a: vector<4x3xf32>, %b: vector<2x2xf32>) {
  // expected-error @+1 {{'vector.shuffle' op dimension mismatch}}
  %0 = vector.shuffle %a, %b [0, 1] : vector<4x3xf32>, vector<2x2xf32>
  return
}
// -----
func.func @s3(%a: vector<4xf32>, %b: vector<2xf32>) {
  // expected-error @+1 {{'vector.shuffle' op mask index #2 out of range}}
  %0 = vector.shuffle %a, %b [0, 6] : vector<4xf32>, vector<2xf32>
  return
}
// -----
func.func @s4(%a: vector<4xf32>, %b: vector<2xf32>) {
  // expected-error @+1 {{'vector.shuffle' op invalid mask length}}
  %0 = vector.shuffle %a, %b [] : vector<4xf32>, vector<2xf32>
  return
}
// -----
func.func @s5(%a: vector<4xf32>, %b: vector<2xf32>) {
  // expected-error @+1 {{'vector.shuffle' op mask index #1 out of range}}
  %0 = vector.shuffle %a, %b [-2] : vector<4xf32>, vector<2xf32>
  return
}
// -----
func.func @s6(%a: vector<4xf32>, %b: vector<2xf32>) {
  // expected-error @+1 {{'vector.shuffle' op mask length mismatch}}
  %0 = "vector.shuffle"(%a, %b) <{mask = array<i64: 0, 1>}> : (vector<4xf32>, vector<2xf32>) -> vector<3xf32>
  return
}
// -----
func.func @s7(%a: vector<4xf32>, %b: vector<2xi32>) {
  // expected-error @+1 {{'vector.shuffle' op failed to verify that second operand v2 and result have same element type}}
  %0 = vector.shuffle %a, %b [0] : vector<4xf32>, vector<2xi32>
  return
}
// -----
func.func @s8(%a: vector<[4]xf32>, %b: vector<[4]xf32>) {
  // expected-error @+1 {{'vector.shuffle' op operand #0 must be fixed-length vector of any type values, but got 'vector<[4]xf32>'}}
  %0 = vector.shuffle %a, %b [0] : vector<[4]xf32>, vector<[4]xf32>
  return
}
// -----
func.func @s9(%a: vector<f32>, %b: vector<f32>) {
  %0 = vector.shuffle %a, %b [0, 1, -1] : vector<f32>, vector<f32>
  return
}
// -----
func.func @e1(%a: vector<4x8xf32>) {
  // expected-error @+1 {{'vector.extract_strided_slice' op expected offsets attribute of rank no greater than vector rank}}
  %0 = vector.extract_strided_slice %a {offsets = [0, 0, 0], sizes = [2, 2, 2], strides = [1, 1, 1]} : vector<4x8xf32> to vector<2x2xf32>
  return
}
// -----
func.func @e2(%a: vector<4x8xf32>) {
  // expected-error @+1 {{'vector.extract_strided_slice' op expected offsets, sizes and strides attributes of same size}}
  %0 = vector.extract_strided_slice %a {offsets = [0, 0], sizes = [2], strides = [1]} : vector<4x8xf32> to vector<2x8xf32>
  return
}
// -----
func.func @e3(%a: vector<4x8xf32>) {
  // expected-error @+1 {{'vector.extract_strided_slice' op expected offsets dimension 0 to be confined to [0, 4)}}
  %0 = vector.extract_strided_slice %a {offsets = [4], sizes = [2], strides = [1]} : vector<4x8xf32> to vector<2x8xf32>
  return
}
// -----
func.func @e4(%a: vector<4x8xf32>) {
  // expected-error @+1 {{'vector.extract_strided_slice' op expected sum(offsets, sizes) dimension 0 to be confined to [1, 5)}}
  %0 = vector.extract_strided_slice %a {offsets = [3], sizes = [2], strides = [1]} : vector<4x8xf32> to vector<2x8xf32>
  return
}
// -----
func.func @e5(%a: vector<4x8xf32>) {
  // expected-error @+1 {{'vector.extract_strided_slice' op expected strides to be confined to [1, 2)}}
  %0 = vector.extract_strided_slice %a {offsets = [1], sizes = [2], strides = [2]} : vector<4x8xf32> to vector<2x8xf32>
  return
}
// -----
func.func @e6(%a: vector<4x8xf32>) {
  // expected-error @+1 {{'vector.extract_strided_slice' op expected result type to be 'vector<2x8xf32>'}}
  %0 = vector.extract_strided_slice %a {offsets = [1], sizes = [2], strides = [1]} : vector<4x8xf32> to vector<2x4xf32>
  return
}
// -----
func.func @e7(%a: vector<4x8xf32>) {
  // expected-error @+1 {{vector types must have positive constant sizes but got 0, 8}}
  %0 = vector.extract_strided_slice %a {offsets = [1], sizes = [0], strides = [1]} : vector<4x8xf32> to vector<0x8xf32>
  return
}
// -----
func.func @e8(%a: vector<4x8xf32>) {
  // expected-error @+1 {{'vector.extract_strided_slice' op expected offsets dimension 0 to be confined to [0, 4)}}
  %0 = vector.extract_strided_slice %a {offsets = [-1], sizes = [2], strides = [1]} : vector<4x8xf32> to vector<2x8xf32>
  return
}
// -----
func.func @e9(%a: vector<4x[8]xf32>) {
  // expected-error @+1 {{'vector.extract_strided_slice' op expected size at idx=1 to match the corresponding base size from the input vector (4 vs 8)}}
  %0 = vector.extract_strided_slice %a {offsets = [0, 0], sizes = [2, 4], strides = [1, 1]} : vector<4x[8]xf32> to vector<2x[4]xf32>
  return
}
// -----
func.func @i1(%a: vector<2x4xf32>, %b: vector<16x4x8xf32>) {
  // expected-error @+1 {{'vector.insert_strided_slice' op expected offsets of same size as destination vector rank}}
  %0 = vector.insert_strided_slice %a, %b {offsets = [0, 0], strides = [1, 1]} : vector<2x4xf32> into vector<16x4x8xf32>
  return
}
// -----
func.func @i2(%a: vector<2x4xf32>, %b: vector<16x4x8xf32>) {
  // expected-error @+1 {{'vector.insert_strided_slice' op expected strides of same size as source vector rank}}
  %0 = vector.insert_strided_slice %a, %b {offsets = [0, 0, 2], strides = [1]} : vector<2x4xf32> into vector<16x4x8xf32>
  return
}
// -----
func.func @i3(%a: vector<2x4xf32>, %b: vector<16x4x8xf32>) {
  // expected-error @+1 {{'vector.insert_strided_slice' op expected sum(offsets, source vector shape) dimension 2 to be confined to [1, 9)}}
  %0 = vector.insert_strided_slice %a, %b {offsets = [0, 0, 6], strides = [1, 1]} : vector<2x4xf32> into vector<16x4x8xf32>
  return
}
// -----
func.func @i4(%a: vector<2x4xf32>, %b: vector<16x4x8xf32>) {
  // expected-error @+1 {{'vector.insert_strided_slice' op expected strides to be confined to [1, 2)}}
  %0 = vector.insert_strided_slice %a, %b {offsets = [0, 0, 2], strides = [1, 2]} : vector<2x4xf32> into vector<16x4x8xf32>
  return
}
// -----
func.func @i5(%a: vector<2x4xf32>, %b: vector<16x4x8xf32>) {
  // expected-error @+1 {{'vector.insert_strided_slice' op expected sum(offsets, source vector shape) dimension 1 to be confined to [1, 5)}}
  %0 = vector.insert_strided_slice %a, %b {offsets = [0, 3, 2], strides = [1, 1]} : vector<2x4xf32> into vector<16x4x8xf32>
  return
}
// -----
func.func @i6(%a: vector<2x4x8x2xf32>, %b: vector<4x8xf32>) {
  // expected-error @+1 {{'vector.insert_strided_slice' op expected source rank to be no greater than destination rank}}
  %0 = vector.insert_strided_slice %a, %b {offsets = [0, 0], strides = [1, 1, 1, 1]} : vector<2x4x8x2xf32> into vector<4x8xf32>
  return
}
// -----
func.func @i7(%a: vector<2x4xf32>, %b: vector<16x4x8xf32>) {
  // expected-error @+1 {{'vector.insert_strided_slice' op expected offsets dimension 1 to be confined to [0, 4)}}
  %0 = vector.insert_strided_slice %a, %b {offsets = [0, -1, 2], strides = [1, 1]} : vector<2x4xf32> into vector<16x4x8xf32>
  return
}
// -----
func.func @f1(%a: f32) {
  // expected-error @+1 {{custom op 'vector.from_elements' number of operands and types do not match: got 2 operands and 3 types}}
  %0 = vector.from_elements %a, %a : vector<3xf32>
  return
}
// -----
func.func @f2(%a: f32) {
  // expected-error @+1 {{'vector.from_elements' op failed to verify that shaped type 'dest' matches 'elements' element count and types}}
  %0 = "vector.from_elements"(%a, %a) : (f32, f32) -> vector<2xf64>
  return
}
// -----
func.func @t1(%a: vector<2xf32>) {
  // expected-error @+1 {{'vector.to_elements' op failed to verify that shaped type 'source' matches 'elements' element count and types}}
  %0:3 = "vector.to_elements"(%a) : (vector<2xf32>) -> (f32, f32, f32)
  return
}
// -----
func.func @t2(%a: vector<[2]xf32>) {
  %0:2 = vector.to_elements %a : vector<[2]xf32>
  return
}
