// Invalid vector dialect input: bad broadcasts, reductions, loads/stores and
// transfer ops.
// RUN: %pto-opt %s -split-input-file -verify-diagnostics

// -----

func.func @broadcast_incompatible(%v: vector<4xf32>) {
  // expected-error @+1 {{'vector.broadcast' op dimension mismatch (4 vs. 3)}}
  %0 = vector.broadcast %v : vector<4xf32> to vector<3xf32>
  return
}

// -----

func.func @broadcast_elem_type(%f: f32) {
  // expected-error @+1 {{'vector.broadcast' op failed to verify that source operand and result have same element type}}
  %0 = vector.broadcast %f : f32 to vector<4xi32>
  return
}

// -----

func.func @reduction_result_type(%v: vector<4xf32>) {
  // expected-error @+1 {{'vector.reduction' op failed to verify that source operand and result have same element type}}
  %0 = vector.reduction <add>, %v : vector<4xf32> into i32
  return
}

// -----

func.func @reduction_bad_kind_for_int(%v: vector<4xi32>) {
  // expected-error @+1 {{'vector.reduction' op unsupported reduction type ''i32'' for kind 'maxnumf'}}
  %0 = vector.reduction <maxnumf>, %v : vector<4xi32> into i32
  return
}

// -----

func.func @reduction_unknown_kind(%v: vector<4xf32>) {
  // expected-error @+2 {{custom op 'vector.reduction' expected ::mlir::vector::CombiningKind to be one of: add, mul, minui, minsi, minnumf, maxui, maxsi, maxnumf, and, or, xor, maximumf, minimumf}}
  // expected-error @+1 {{custom op 'vector.reduction' failed to parse Vector_CombiningKindAttr parameter 'value' which is to be a `::mlir::vector::CombiningKind`}}
  %0 = vector.reduction <sum>, %v : vector<4xf32> into f32
  return
}

// -----

func.func @load_index_count(%m: memref<4x4xf32>, %i: index) {
  // expected-error @+1 {{'vector.load' op requires 2 indices}}
  %0 = vector.load %m[%i] : memref<4x4xf32>, vector<4xf32>
  return
}

// -----

func.func @load_elem_type(%m: memref<16xf32>, %i: index) {
  // expected-error @+1 {{'vector.load' op base and result element types should match}}
  %0 = vector.load %m[%i] : memref<16xf32>, vector<4xi32>
  return
}

// -----

func.func @transfer_read_in_bounds_rank(%m: memref<?x?xf32>, %i: index, %p: f32) {
  // expected-error @+1 {{'vector.transfer_read' op expects the in_bounds attr of same rank as permutation_map results: affine_map<(d0, d1) -> (d1)> vs inBounds of size: 2}}
  %0 = vector.transfer_read %m[%i, %i], %p {in_bounds = [true, true]} : memref<?x?xf32>, vector<4xf32>
  return
}

// -----

// expected-note @+1 {{prior use here}}
func.func @transfer_read_pad_type(%m: memref<?xf32>, %i: index, %p: i32) {
  // expected-error @+1 {{use of value '%p' expects different type than prior uses: 'f32' vs 'i32'}}
  %0 = vector.transfer_read %m[%i], %p : memref<?xf32>, vector<4xf32>
  return
}

// -----

func.func @fma_mismatch(%a: vector<4xf32>, %b: vector<4xf64>) {
  // expected-error @+1 {{'vector.fma' op failed to verify that all of {lhs, rhs, acc, result} have same type}}
  %0 = "vector.fma"(%a, %a, %b) : (vector<4xf32>, vector<4xf32>, vector<4xf64>) -> vector<4xf32>
  return
}

// -----

func.func @splat_removed(%f: f32) {
  // expected-error @+1 {{custom op 'vector.splat' is unknown}}
  %0 = vector.splat %f : vector<4xf32>
  return
}
