// Invalid vector.bitcast, with MLIR's messages (checked on mlir-opt too).
// RUN: %pto-opt %s -split-input-file -verify-diagnostics
// RUN: %mlir-opt %s -split-input-file -verify-diagnostics

func.func @rank(%a: vector<4x8xf16>) -> vector<32xi16> {
  // expected-error @+1 {{'vector.bitcast' op failed to verify that all of {source, result} have same rank}}
  %0 = vector.bitcast %a : vector<4x8xf16> to vector<32xi16>
  return %0 : vector<32xi16>
}

// -----

func.func @dim(%a: vector<4x8xf16>) -> vector<2x8xi16> {
  // expected-error @+1 {{'vector.bitcast' op dimension size mismatch at: 0}}
  %0 = vector.bitcast %a : vector<4x8xf16> to vector<2x8xi16>
  return %0 : vector<2x8xi16>
}

// -----

func.func @bits(%a: vector<4x8xf16>) -> vector<4x8xi32> {
  // expected-error @+1 {{'vector.bitcast' op source/result bitwidth of the minor 1-D vectors must be equal}}
  %0 = vector.bitcast %a : vector<4x8xf16> to vector<4x8xi32>
  return %0 : vector<4x8xi32>
}

// -----

func.func @zero(%a: vector<f16>) -> vector<i32> {
  // expected-error @+1 {{'vector.bitcast' op source/result bitwidth of the 0-D vector element types must be equal}}
  %0 = vector.bitcast %a : vector<f16> to vector<i32>
  return %0 : vector<i32>
}
