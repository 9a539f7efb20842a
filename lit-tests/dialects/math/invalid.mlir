// Invalid math dialect input: operand/result type mismatches and wrong element
// kinds.
// RUN: %pto-opt %s -split-input-file -verify-diagnostics
// RUN: %mlir-opt %s -split-input-file -verify-diagnostics

// -----

func.func @exp_int(%a: i32) {
  // expected-error @+1 {{'math.exp' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = math.exp %a : i32
  return
}

// -----

func.func @absi_float(%a: f32) {
  // expected-error @+1 {{'math.absi' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = math.absi %a : f32
  return
}

// -----

func.func @sqrt_result_mismatch(%a: f32) {
  // expected-error @+1 {{'math.sqrt' op requires the same type for all operands and results}}
  %0 = "math.sqrt"(%a) : (f32) -> f64
  return
}

// -----

func.func @powf_operand_mismatch(%a: f32, %b: f64) {
  // expected-error @+1 {{'math.powf' op requires the same type for all operands and results}}
  %0 = "math.powf"(%a, %b) : (f32, f64) -> f32
  return
}

// -----

func.func @fma_vector_shape(%a: vector<4xf32>, %b: vector<2xf32>) {
  // expected-error @+1 {{'math.fma' op requires the same type for all operands and results}}
  %0 = "math.fma"(%a, %a, %b) : (vector<4xf32>, vector<4xf32>, vector<2xf32>) -> vector<4xf32>
  return
}

// -----

func.func @bad_fastmath(%a: f32) {
  // expected-error @+1 {{invalid properties {fastmath = 1 : i32} for op math.exp: Invalid attribute `fastmath` in property conversion: 1 : i32}}
  %0 = "math.exp"(%a) <{fastmath = 1 : i32}> : (f32) -> f32
  return
}
