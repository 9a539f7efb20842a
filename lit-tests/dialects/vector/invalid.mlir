// Invalid vector dialect input: loads and stores (index counts, layouts, element
// types, ranks), masked accesses, transfers (permutation maps, masks, in_bounds,
// padding, custom syntax), broadcasts, extract/insert positions, shape casts, masks
// and reductions. Messages as mlir-opt reports them.
// RUN: %pto-opt %s -split-input-file -verify-diagnostics
// RUN: %mlir-opt %s -split-input-file -verify-diagnostics

func.func @case0(%m: memref<4x4xf32>, %i: index) {
  // expected-error @+1 {{'vector.load' op requires 2 indices}}
  %0 = vector.load %m[%i] : memref<4x4xf32>, vector<4xf32>
  return
}

// -----

func.func @case1(%m: memref<4x4xf32, strided<[1, 4]>>, %i: index) {
  // expected-error @+1 {{'vector.load' op most minor memref dim must have unit stride}}
  %0 = vector.load %m[%i, %i] : memref<4x4xf32, strided<[1, 4]>>, vector<4xf32>
  return
}

// -----

func.func @case2(%m: memref<4x4xvector<4xf32>>, %i: index) {
  // expected-error @+1 {{'vector.load' op base memref and result vector types should match}}
  %0 = vector.load %m[%i, %i] : memref<4x4xvector<4xf32>>, vector<8xf32>
  return
}

// -----

func.func @case3(%m: memref<4x4xf32>, %i: index, %v: vector<4xi32>) {
  // expected-error @+1 {{'vector.store' op base and valueToStore element type should match}}
  vector.store %v, %m[%i, %i] : memref<4x4xf32>, vector<4xi32>
  return
}

// -----

func.func @case4(%m: memref<4x4xf32>, %i: index, %v: vector<4xf32>) {
  // expected-error @+1 {{'vector.store' op requires 2 indices}}
  vector.store %v, %m[%i] : memref<4x4xf32>, vector<4xf32>
  return
}

// -----

func.func @case5(%v: vector<4xf32>) {
  // expected-error @+1 {{'vector.broadcast' op dimension mismatch (4 vs. 3)}}
  %0 = vector.broadcast %v : vector<4xf32> to vector<4x3xf32>
  return
}

// -----

func.func @case6(%v: vector<2x4xf32>) {
  // expected-error @+1 {{'vector.broadcast' op source rank higher than destination rank}}
  %0 = vector.broadcast %v : vector<2x4xf32> to vector<4xf32>
  return
}

// -----

func.func @case7(%v: vector<2x4xf32>) {
  // expected-error @+1 {{'vector.extract' op expected position attribute of rank no greater than vector rank}}
  %0 = vector.extract %v[1, 2, 3] : f32 from vector<2x4xf32>
  return
}

// -----

func.func @case8(%v: vector<2x4xf32>) {
  // expected-error @+1 {{'vector.extract' op expected position attribute #1 to be a non-negative integer smaller than the corresponding vector dimension or poison (-1)}}
  %0 = vector.extract %v[2] : vector<4xf32> from vector<2x4xf32>
  return
}

// -----

func.func @case9(%v: vector<2x4xf32>, %s: f32) {
  // expected-error @+1 {{'vector.insert' op expected position attribute #2 to be a non-negative integer smaller than the corresponding dest vector dimension}}
  %0 = vector.insert %s, %v[1, 7] : f32 into vector<2x4xf32>
  return
}

// -----

func.func @case10(%v: vector<2x4xf32>, %s: f32) {
  // expected-error @+1 {{'vector.insert' op expected position attribute rank to match the dest vector rank}}
  %0 = vector.insert %s, %v[1] : f32 into vector<2x4xf32>
  return
}

// -----

func.func @case11(%v: vector<2x4xf32>, %s: f32) {
  // expected-error @+1 {{'vector.insert' op expected position attribute of rank no greater than dest vector rank}}
  %0 = vector.insert %s, %v[1, 2, 3] : f32 into vector<2x4xf32>
  return
}

// -----

func.func @case12(%v: vector<2x4xf32>) {
  // expected-error @+1 {{'vector.shape_cast' op has different number of elements at source (8) and result (9)}}
  %0 = vector.shape_cast %v : vector<2x4xf32> to vector<9xf32>
  return
}

// -----

func.func @case13(%v: vector<2x4xf32>) {
  // expected-error @+1 {{'vector.shape_cast' op has different source and result element types}}
  %0 = vector.shape_cast %v : vector<2x4xf32> to vector<8xi32>
  return
}

// -----

func.func @case14() {
  // expected-error @+1 {{'vector.constant_mask' op array attr of size out of bounds of vector result dimension size}}
  %0 = vector.constant_mask [5, 3] : vector<4x8xi1>
  return
}

// -----

func.func @case15() {
  // expected-error @+1 {{'vector.constant_mask' op must specify array attr of size equal vector result rank}}
  %0 = vector.constant_mask [2] : vector<4x8xi1>
  return
}

// -----

func.func @case16() {
  // expected-error @+1 {{'vector.constant_mask' op expected all mask dim sizes to be zeros, as a result of conjunction with zero mask dim}}
  %0 = vector.constant_mask [2, 0] : vector<4x8xi1>
  return
}

// -----

func.func @case17(%i: index) {
  // expected-error @+1 {{'vector.create_mask' op must specify an operand for each result vector dimension}}
  %0 = vector.create_mask %i : vector<4x8xi1>
  return
}

// -----

func.func @case18(%v: vector<2x4xf32>) {
  // expected-error @+1 {{'vector.reduction' op unsupported reduction rank: 2}}
  %0 = vector.reduction <add>, %v : vector<2x4xf32> into f32
  return
}

// -----

func.func @case19(%v: vector<4xi32>) {
  // expected-error @+1 {{'vector.reduction' op unsupported reduction type ''i32'' for kind 'minimumf'}}
  %0 = vector.reduction <minimumf>, %v : vector<4xi32> into i32
  return
}

// -----

func.func @case20(%v: vector<4xf32>) {
  // expected-error @+1 {{'vector.reduction' op unsupported reduction type ''f32'' for kind 'xor'}}
  %0 = vector.reduction <xor>, %v : vector<4xf32> into f32
  return
}

// -----

func.func @case21(%v: vector<4xf32>, %a: f64) {
  // expected-error @+1 {{'vector.reduction' op failed to verify that dest and acc have the same type}}
  %0 = "vector.reduction"(%v, %a) <{kind = #vector.kind<add>}> : (vector<4xf32>, f64) -> f32
  return
}

// -----

func.func @case22(%v: vector<4xf32>) {
  // expected-error @+1 {{'vector.broadcast' op failed to verify that source operand and result have same element type}}
  %0 = vector.broadcast %v : vector<4xf32> to vector<2x4xf64>
  return
}

// -----

func.func @case23(%m: memref<?xf32>, %i: index, %mask: vector<8xi1>, %p: vector<8xf32>) {
  // expected-error @+1 {{'vector.maskedload' op expected result shape to match mask shape}}
  %0 = vector.maskedload %m[%i], %mask, %p : memref<?xf32>, vector<8xi1>, vector<8xf32> into vector<4xf32>
  return
}

// -----

func.func @case24(%m: memref<?xf32>, %i: index, %mask: vector<4xi1>, %p: vector<8xf32>) {
  // expected-error @+1 {{'vector.maskedload' op expected result shape to match mask shape}}
  %0 = vector.maskedload %m[%i], %mask, %p : memref<?xf32>, vector<4xi1>, vector<8xf32> into vector<8xf32>
  return
}

// -----

func.func @case25(%m: memref<?xf32>, %i: index, %mask: vector<4xi1>, %p: vector<8xf32>) {
  // expected-error @+1 {{'vector.maskedstore' op expected valueToStore shape to match mask shape}}
  vector.maskedstore %m[%i], %mask, %p : memref<?xf32>, vector<4xi1>, vector<8xf32>
  return
}

// -----

func.func @case26(%m: memref<?xf32>, %mask: vector<4xi1>, %p: vector<8xf32>) {
  // expected-error @+1 {{'vector.maskedstore' op requires 1 indices}}
  vector.maskedstore %m[], %mask, %p : memref<?xf32>, vector<4xi1>, vector<8xf32>
  return
}

// -----

func.func @case27(%m: memref<?xi32>, %i: index, %mask: vector<8xi1>, %p: vector<8xf32>) {
  // expected-error @+1 {{'vector.maskedstore' op base and valueToStore element type should match}}
  vector.maskedstore %m[%i], %mask, %p : memref<?xi32>, vector<8xi1>, vector<8xf32>
  return
}

// -----

func.func @case28(%m: memref<?xi32>, %i: index) {
  // expected-error @+1 {{custom op 'vector.load' 'vector.load' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0}}
  %0 = vector.load %m[%i] {alignment = 3} : memref<?xi32>, vector<4xi32>
  return
}

// -----

func.func @case29(%v: vector<2x4xf32>) {
  // expected-error @+1 {{'vector.extract' op expected position attribute #1 to be a non-negative integer smaller than the corresponding vector dimension or poison (-1)}}
  %0 = vector.extract %v[5] : f32 from vector<2x4xf32>
  return
}

// -----

func.func @case30(%v: vector<2x4xf32>) {
  // expected-error @+1 {{'vector.extract' op expected position attribute of rank no greater than vector rank}}
  %0 = vector.extract %v[1,2,3] : vector<7xf32> from vector<2x4xf32>
  return
}

// -----

func.func @case31(%v: vector<2x4xf32>, %s: f64) {
  // expected-error @+1 {{'vector.insert' op failed to verify that source operand and result have same element type}}
  %0 = vector.insert %s, %v[1, 2] : f64 into vector<2x4xf32>
  return
}

// -----

func.func @case32(%v: vector<2x4xf32>, %s: vector<3xf32>) {
  %0 = vector.insert %s, %v[1] : vector<3xf32> into vector<2x4xf32>
  return
}

// -----

func.func @case33(%v: vector<2x4xf32>) {
  // expected-error @+1 {{'vector.extract' op expected position attribute #2 to be a non-negative integer smaller than the corresponding vector dimension or poison (-1)}}
  %0 = vector.extract %v[1, -2] : f32 from vector<2x4xf32>
  return
}

// -----

func.func @case34(%v: vector<2x4xf32>, %s: f32) {
  %0 = vector.insert %s, %v[1, -1] : f32 into vector<2x4xf32>
  return
}

// -----

func.func @case35(%v: vector<4xf32>) {
  // expected-error @+1 {{'vector.shape_cast' op has different number of scalable dims at source (0) and result (1)}}
  %0 = vector.shape_cast %v : vector<4xf32> to vector<[4]xf32>
  return
}

// -----

func.func @case36(%m: memref<?x?xf32>, %i: index, %p: f32) {
  // expected-error @+1 {{'vector.transfer_read' op requires 2 indices}}
  %0 = vector.transfer_read %m[%i], %p : memref<?x?xf32>, vector<4xf32>
  return
}

// -----

func.func @case37(%m: memref<?x?xf32>, %i: index, %p: f32) {
  // expected-error @+1 {{'vector.transfer_read' op requires a permutation_map with result dims of the same rank as the vector type}}
  %0 = vector.transfer_read %m[%i, %i], %p {permutation_map = affine_map<(d0, d1) -> (d0, d1)>} : memref<?x?xf32>, vector<4xf32>
  return
}

// -----

func.func @case38(%m: memref<?x?xf32>, %i: index, %p: f32) {
  // expected-error @+1 {{'vector.transfer_read' op requires a permutation_map with input dims of the same rank as the source type}}
  %0 = vector.transfer_read %m[%i, %i], %p {permutation_map = affine_map<(d0) -> (d0)>} : memref<?x?xf32>, vector<4xf32>
  return
}

// -----

func.func @case39(%m: memref<?x?xf32>, %i: index, %p: f32) {
  // expected-error @+1 {{'vector.transfer_read' op requires a projected permutation_map (at most one dim or the zero constant can appear in each result)}}
  %0 = vector.transfer_read %m[%i, %i], %p {permutation_map = affine_map<(d0, d1) -> (d0 + d1)>} : memref<?x?xf32>, vector<4xf32>
  return
}

// -----

func.func @case40(%m: memref<?x?xf32>, %i: index, %p: f32) {
  // expected-error @+1 {{'vector.transfer_read' op requires a permutation_map that is a permutation (found one dim used more than once)}}
  %0 = vector.transfer_read %m[%i, %i], %p {permutation_map = affine_map<(d0, d1) -> (d0, d0)>} : memref<?x?xf32>, vector<4x4xf32>
  return
}

// -----

func.func @case41(%m: memref<?x?xf32>, %i: index, %p: f32) {
  // expected-error @+1 {{custom op 'vector.transfer_read' expected a custom permutation_map when rank(source) != rank(destination)}}
  %0 = vector.transfer_read %m[%i, %i], %p : memref<?x?xf32>, vector<2x3x4xf32>
  return
}

// -----

// expected-note @+1 {{prior use here}}
func.func @case42(%m: memref<?x?xf32>, %i: index, %p: f32, %mask: vector<3xi1>) {
  // expected-error @+1 {{use of value '%mask' expects different type than prior uses: 'vector<4xi1>' vs 'vector<3xi1>'}}
  %0 = vector.transfer_read %m[%i, %i], %p, %mask : memref<?x?xf32>, vector<4xf32>
  return
}

// -----

func.func @case43(%m: memref<?x?xf32>, %i: index, %p: f32) {
  // expected-error @+1 {{'vector.transfer_read' op expects the in_bounds attr of same rank as permutation_map results: affine_map<(d0, d1) -> (d1)> vs inBounds of size: 2}}
  %0 = vector.transfer_read %m[%i, %i], %p {in_bounds = [true, false]} : memref<?x?xf32>, vector<4xf32>
  return
}

// -----

func.func @case44(%m: memref<?x?xf32>, %i: index, %v: vector<4xf32>) {
  // expected-error @+1 {{'vector.transfer_write' op requires 2 indices}}
  vector.transfer_write %v, %m[%i] : vector<4xf32>, memref<?x?xf32>
  return
}

// -----

func.func @case45(%m: memref<?x?xf32>, %i: index, %v: vector<4xf32>) {
  // expected-error @+1 {{'vector.transfer_write' op should not have broadcast dimensions}}
  vector.transfer_write %v, %m[%i, %i] {permutation_map = affine_map<(d0, d1) -> (0)>} : vector<4xf32>, memref<?x?xf32>
  return
}

// -----

func.func @case46(%m: memref<?x?xf32>, %i: index, %v: vector<4xi32>) {
  vector.transfer_write %v, %m[%i, %i] : vector<4xi32>, memref<?x?xf32>
  return
}

// -----

func.func @case47(%m: memref<?x?xf32>, %i: index, %p: f32) {
  %0 = vector.transfer_read %m[%i, %i], %p : memref<?x?xf32>, vector<4xi32>
  return
}

// -----

func.func @case48(%m: f32, %i: index, %p: f32) {
  // expected-error @+1 {{custom op 'vector.transfer_read' requires memref or ranked tensor type}}
  %0 = vector.transfer_read %m[%i, %i], %p : f32, vector<4xi32>
  return
}

// -----

func.func @case49(%m: memref<?x?xf32>, %i: index, %p: f32) {
  // expected-error @+1 {{custom op 'vector.transfer_read' requires two types}}
  %0 = vector.transfer_read %m[%i, %i], %p : memref<?x?xf32>
  return
}

// -----

func.func @case50(%m: memref<?x?xf32>, %i: index, %p: f32) {
  // expected-error @+1 {{custom op 'vector.transfer_read' requires vector type}}
  %0 = vector.transfer_read %m[%i, %i], %p : memref<?x?xf32>, f32
  return
}

// -----

func.func @case51(%m: memref<?x?xf32>, %i: index, %p: f32) {
  %0 = "vector.transfer_read"(%m, %i, %i, %p) <{in_bounds = [false], operandSegmentSizes = array<i32: 1, 2, 1, 0>, permutation_map = affine_map<(d0, d1) -> (d1)>}> : (memref<?x?xf32>, index, index, f32) -> vector<4xf32>
  %1 = "vector.transfer_read"(%m, %i, %i, %p) <{in_bounds = [false], operandSegmentSizes = array<i32: 1, 2, 1, 0>, permutation_map = affine_map<(d0, d1) -> (d1)>}> : (memref<?x?xf32>, index, index, f32) -> vector<4xf64>
  return
}

// -----

func.func @case52(%m: memref<4xf32>, %i: index) {
  // expected-error @+1 {{'vector.load' op destination memref has lower rank than the result vector}}
  %0 = vector.load %m[%i] : memref<4xf32>, vector<2x4xf32>
  return
}

// -----

func.func @case53(%m: memref<?xf32>, %i: index, %mask: vector<8xi1>, %p: vector<8xf64>) {
  // expected-error @+1 {{'vector.maskedload' op expected pass_thru of same type as result type}}
  %0 = vector.maskedload %m[%i], %mask, %p : memref<?xf32>, vector<8xi1>, vector<8xf64> into vector<8xf32>
  return
}

// -----

func.func @case54(%m: memref<?xf32>, %i: index, %v: vector<2x4xf32>) {
  // expected-error @+1 {{'vector.store' op source memref has lower rank than the vector to store}}
  vector.store %v, %m[%i] : memref<?xf32>, vector<2x4xf32>
  return
}

// -----

func.func @case55(%v: vector<2x4xf32>) {
  // expected-error @+1 {{expected a scalar instead of a 0-d vector as the result type}}
  %0 = vector.extract %v[1, 2] : vector<f32> from vector<2x4xf32>
  return
}

// -----

func.func @case56(%m: memref<?x?xf32>, %i: index, %p: f64) {
  // expected-error @+1 {{'vector.transfer_read' op requires formal padding and source of the same elemental type}}
  %0 = "vector.transfer_read"(%m, %i, %i, %p) <{in_bounds = [false], operandSegmentSizes = array<i32: 1, 2, 1, 0>, permutation_map = affine_map<(d0, d1) -> (d1)>}> : (memref<?x?xf32>, index, index, f64) -> vector<4xf32>
  return
}

// -----

func.func @case57(%m: memref<?x?xf32>, %i: index, %p: f32, %k: vector<2xi1>) {
  // expected-error @+1 {{'vector.transfer_read' op inferred mask type ('vector<4xi1>') and mask operand type ('vector<2xi1>') don't match}}
  %0 = "vector.transfer_read"(%m, %i, %i, %p, %k) <{in_bounds = [false], operandSegmentSizes = array<i32: 1, 2, 1, 1>, permutation_map = affine_map<(d0, d1) -> (d1)>}> : (memref<?x?xf32>, index, index, f32, vector<2xi1>) -> vector<4xf32>
  return
}

// -----

func.func @case58(%m: memref<?x?xf64>, %i: index, %p: f64) {
  // expected-error @+1 {{'vector.transfer_read' op requires the bitwidth of the minor 1-D vector to be an integral multiple of the bitwidth of the source element type}}
  %0 = vector.transfer_read %m[%i, %i], %p : memref<?x?xf64>, vector<3xf32>
  return
}

// -----

func.func @reduction_result_type(%v: vector<4xf32>) {
  // expected-error @+1 {{'vector.reduction' op failed to verify that source operand and result have same element type}}
  %0 = vector.reduction <add>, %v : vector<4xf32> into i32
  return
}

// -----

func.func @fma_mismatch(%a: vector<4xf32>, %b: vector<4xf64>) {
  // expected-error @+1 {{'vector.fma' op failed to verify that all of {lhs, rhs, acc, result} have same type}}
  %0 = "vector.fma"(%a, %a, %b) : (vector<4xf32>, vector<4xf32>, vector<4xf64>) -> vector<4xf32>
  return
}

// -----

func.func @fma_int(%a: vector<4xi32>) {
  // expected-error @+1 {{'vector.fma' op operand #0 must be vector of floating-point values, but got 'vector<4xi32>'}}
  %0 = vector.fma %a, %a, %a : vector<4xi32>
  return
}

// -----

// MLIR 22 removed vector.splat (vector.broadcast of a scalar replaces it).
func.func @splat_removed(%f: f32) {
  // expected-error @+1 {{custom op 'vector.splat' is unknown}}
  %0 = vector.splat %f : vector<4xf32>
  return
}

// -----

func.func @extractelement_removed(%v: vector<4xf32>, %i: index) {
  // expected-error @+1 {{custom op 'vector.extractelement' is unknown}}
  %0 = vector.extractelement %v[%i : index] : vector<4xf32>
  return
}

// -----

func.func @step_rank(%v: vector<4xf32>) {
  // expected-error @+1 {{'vector.step' op result #0 must be vector of index values of ranks 1, but got 'vector<2x2xindex>'}}
  %0 = vector.step : vector<2x2xindex>
  return
}
