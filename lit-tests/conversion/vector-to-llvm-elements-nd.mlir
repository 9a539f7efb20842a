// convert-vector-to-llvm on vectors of rank > 1: from_elements, to_elements, shuffle
// and the strided slices are unrolled row by row within `vector` (vector.extract and
// vector.insert of 1-D ops, on ub.poison where a new vector is built), then lowered as
// 1-D ones, the rows becoming extractvalue/insertvalue. mlir-translate accepts the
// result of lower-to-llvm.
// RUN: %pto-opt %s --split-input-file --convert-vector-to-llvm | FileCheck %s
// RUN: %pto-opt %s --split-input-file --lower-to-llvm | mlir-translate --split-input-file --mlir-to-llvmir | FileCheck %s --check-prefix=LLVM

// CHECK-LABEL: func.func @from_elements
// CHECK: ub.poison : vector<2x2xf32>
// CHECK: llvm.insertvalue %{{.*}}[0] : !llvm.array<2 x vector<2xf32>>
// CHECK: llvm.insertvalue %{{.*}}[1] : !llvm.array<2 x vector<2xf32>>
// LLVM-LABEL: define {{.*}} @from_elements
// LLVM: insertvalue [2 x <2 x float>]
func.func @from_elements(%a: f32, %b: f32) -> vector<2x2xf32> {
  %0 = vector.from_elements %a, %b, %b, %a : vector<2x2xf32>
  return %0 : vector<2x2xf32>
}

// -----

// CHECK-LABEL: func.func @to_elements
// CHECK: llvm.extractvalue %{{.*}}[0] : !llvm.array<2 x vector<2xf32>>
// CHECK: llvm.extractvalue %{{.*}}[1] : !llvm.array<2 x vector<2xf32>>
// CHECK: llvm.extractelement
// LLVM-LABEL: define {{.*}} @to_elements
// LLVM: extractelement <2 x float>
func.func @to_elements(%v: vector<2x2xf32>) -> (f32, f32) {
  %0:4 = vector.to_elements %v : vector<2x2xf32>
  return %0#0, %0#3 : f32, f32
}

// -----

// Rows of the two operands; a poison row stays poison.
// CHECK-LABEL: func.func @shuffle
// CHECK: %[[B:.*]] = builtin.unrealized_conversion_cast %arg1 : vector<1x4xf32> to !llvm.array<1 x vector<4xf32>>
// CHECK: %[[R:.*]] = llvm.extractvalue %[[B]][0] : !llvm.array<1 x vector<4xf32>>
// CHECK: llvm.insertvalue %[[R]], %{{.*}}[0] : !llvm.array<3 x vector<4xf32>>
// CHECK-NOT: llvm.insertvalue %{{.*}}[1]
// CHECK: llvm.insertvalue %{{.*}}[2] : !llvm.array<3 x vector<4xf32>>
// LLVM-LABEL: define {{.*}} @shuffle
func.func @shuffle(%a: vector<2x4xf32>, %b: vector<1x4xf32>) -> vector<3x4xf32> {
  %0 = vector.shuffle %a, %b [2, -1, 0] : vector<2x4xf32>, vector<1x4xf32>
  return %0 : vector<3x4xf32>
}

// -----

// CHECK-LABEL: func.func @extract_strided_slice
// CHECK: llvm.extractvalue %{{.*}}[1] : !llvm.array<4 x vector<8xf32>>
// CHECK: llvm.shufflevector %{{.*}} [2, 3, 4] : vector<8xf32>
// CHECK: llvm.extractvalue %{{.*}}[2] : !llvm.array<4 x vector<8xf32>>
// CHECK: llvm.shufflevector %{{.*}} [2, 3, 4] : vector<8xf32>
// LLVM-LABEL: define {{.*}} @extract_strided_slice
// LLVM: shufflevector <8 x float>
func.func @extract_strided_slice(%a: vector<4x8xf32>) -> vector<2x3xf32> {
  %0 = vector.extract_strided_slice %a {offsets = [1, 2], sizes = [2, 3], strides = [1, 1]} : vector<4x8xf32> to vector<2x3xf32>
  return %0 : vector<2x3xf32>
}

// -----

// Of lower rank: into the destination's row at the leading offset.
// CHECK-LABEL: func.func @insert_strided_slice_row
// CHECK: llvm.extractvalue %{{.*}}[1] : !llvm.array<4 x vector<8xf32>>
// CHECK: llvm.shufflevector %arg0, %arg0 [0, 1, 0, 0, 0, 0, 0, 0] : vector<2xf32>
// CHECK: llvm.shufflevector %{{.*}}, %{{.*}} [8, 9, 10, 0, 1, 13, 14, 15] : vector<8xf32>
// CHECK: llvm.insertvalue %{{.*}}[1] : !llvm.array<4 x vector<8xf32>>
// LLVM-LABEL: define {{.*}} @insert_strided_slice_row
func.func @insert_strided_slice_row(%a: vector<2xf32>, %b: vector<4x8xf32>) -> vector<4x8xf32> {
  %0 = vector.insert_strided_slice %a, %b {offsets = [1, 3], strides = [1]} : vector<2xf32> into vector<4x8xf32>
  return %0 : vector<4x8xf32>
}

// -----

// Of the same rank: row by row.
// CHECK-LABEL: func.func @insert_strided_slice_rows
// CHECK-COUNT-2: llvm.insertvalue %{{.*}} : !llvm.array<4 x vector<8xf32>>
// LLVM-LABEL: define {{.*}} @insert_strided_slice_rows
func.func @insert_strided_slice_rows(%a: vector<2x2xf32>, %b: vector<4x8xf32>) -> vector<4x8xf32> {
  %0 = vector.insert_strided_slice %a, %b {offsets = [2, 6], strides = [1, 1]} : vector<2x2xf32> into vector<4x8xf32>
  return %0 : vector<4x8xf32>
}
