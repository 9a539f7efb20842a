// Invalid vector dialect input for which MLIR reports two errors: an enum value that
// does not parse (the value's error, then the attribute parameter's), and result types
// that differ from the inferred ones. Both tools report both.
// RUN: %pto-opt %s -split-input-file -verify-diagnostics
// RUN: %mlir-opt %s -split-input-file -verify-diagnostics

// -----

func.func @reduction_unknown_kind(%v: vector<4xf32>) {
  // expected-error @+2 {{custom op 'vector.reduction' expected ::mlir::vector::CombiningKind to be one of: add, mul, minui, minsi, minnumf, maxui, maxsi, maxnumf, and, or, xor, maximumf, minimumf}}
  // expected-error @+1 {{custom op 'vector.reduction' failed to parse Vector_CombiningKindAttr parameter 'value' which is to be a `::mlir::vector::CombiningKind`}}
  %0 = vector.reduction <sum>, %v : vector<4xf32> into f32
  return
}

// -----

func.func @extract_result_type(%v: vector<2x4xf32>) {
  // expected-error @+2 {{'vector.extract' op inferred type(s) 'vector<4xf32>' are incompatible with return type(s) of operation 'f32'}}
  // expected-error @+1 {{'vector.extract' op failed to infer returned types}}
  %0 = vector.extract %v[1] : f32 from vector<2x4xf32>
  return
}
