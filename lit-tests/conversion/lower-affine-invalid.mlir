// lower-affine rejects constant divisors that are not positive, with MLIR's messages.
// RUN: %pto-opt %s --split-input-file --verify-diagnostics --lower-affine
// RUN: %mlir-opt %s --split-input-file --verify-diagnostics --lower-affine

func.func @mod(%i: index) -> index {
  // expected-error @+1 {{modulo by non-positive value is not supported}}
  %0 = affine.apply affine_map<(d0) -> (d0 mod -2)>(%i)
  return %0 : index
}

// -----

func.func @floordiv(%i: index) -> index {
  // expected-error @+1 {{division by non-positive value is not supported}}
  %0 = affine.apply affine_map<(d0) -> (d0 floordiv -2)>(%i)
  return %0 : index
}
