// Invalid affine.apply, with MLIR's messages (checked on mlir-opt too).
// RUN: %pto-opt %s -split-input-file -verify-diagnostics
// RUN: %mlir-opt %s -split-input-file -verify-diagnostics

func.func @operands(%i: index) -> index {
  // expected-error @+1 {{custom op 'affine.apply' dimension or symbol index mismatch}}
  %0 = affine.apply affine_map<(d0, d1) -> (d0 + d1)>(%i)
  return %0 : index
}

// -----

func.func @results(%i: index) -> index {
  // expected-error @+1 {{'affine.apply' op mapping must produce one value}}
  %0 = "affine.apply"(%i) <{map = affine_map<(d0) -> (d0, d0)>}> : (index) -> index
  return %0 : index
}

// -----

func.func @count(%i: index) -> index {
  // expected-error @+1 {{'affine.apply' op operand count and affine map dimension and symbol count must match}}
  %0 = "affine.apply"(%i, %i) <{map = affine_map<(d0) -> (d0)>}> : (index, index) -> index
  return %0 : index
}

// -----

func.func @index_only(%i: i32) -> index {
  // expected-note @-1 {{prior use here}}
  // expected-error @+1 {{use of value '%i' expects different type than prior uses: 'index' vs 'i32'}}
  %0 = affine.apply affine_map<(d0) -> (d0)>(%i)
  return %0 : index
}
