// lower-to-llvm on vector ops that convert-vector-to-llvm leaves (as MLIR's partial
// conversion does): permuted transfers, scalable masks and shape casts fail the
// pipeline at the op.
// RUN: %pto-opt %s --split-input-file --verify-diagnostics --lower-to-llvm

func.func @permuted(%m: memref<?x?xf32>, %v: vector<4xf32>, %i: index) {
  // expected-error @+1 {{failed to legalize operation 'vector.transfer_write'}}
  vector.transfer_write %v, %m[%i, %i] {in_bounds = [true], permutation_map = affine_map<(d0, d1) -> (d0)>} : vector<4xf32>, memref<?x?xf32>
  return
}

// -----

func.func @scalable_mask(%i: index) -> vector<[4]xi1> {
  // expected-error @+1 {{failed to legalize operation 'vector.create_mask'}}
  %0 = vector.create_mask %i : vector<[4]xi1>
  return %0 : vector<[4]xi1>
}

// -----

func.func @shape_cast(%v: vector<2x4xf32>) -> vector<8xf32> {
  // expected-error @+1 {{failed to legalize operation 'vector.shape_cast'}}
  %0 = vector.shape_cast %v : vector<2x4xf32> to vector<8xf32>
  return %0 : vector<8xf32>
}

// -----

// A scalable vector has no elements to take apart.
func.func @to_elements_scalable(%v: vector<[4]xf32>) -> f32 {
  // expected-error @+1 {{failed to legalize operation 'vector.to_elements'}}
  %0:4 = vector.to_elements %v : vector<[4]xf32>
  return %0#0 : f32
}
