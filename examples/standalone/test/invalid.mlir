// The verifiers: the type's parameters, the constant's value, the ops' types.
// RUN: standalone-opt %s --split-input-file --verify-diagnostics

// expected-error @+1 {{width must be 2 to 64 bits, got 80}}
func.func @wide(%x: !standalone.fixed<80, 8>)

// -----

// expected-error @+1 {{fraction bits must be fewer than the width, got 16 of 16}}
func.func @all_fraction(%x: !standalone.fixed<16, 16>)

// -----

func.func @not_a_multiple() {
  // expected-error @+1 {{'standalone.constant' op value 1.3 is not a !standalone.fixed<16, 8>: not a multiple of 2^-8 within its range}}
  %c = standalone.constant 1.3 : !standalone.fixed<16, 8>
  return
}

// -----

func.func @out_of_range() {
  // expected-error @+1 {{'standalone.constant' op value 128 is not a !standalone.fixed<16, 8>}}
  %c = standalone.constant 128.0 : !standalone.fixed<16, 8>
  return
}

// -----

func.func @mixed(%x: !standalone.fixed<16, 8>, %y: !standalone.fixed<16, 4>) {
  // expected-error @+1 {{'standalone.add' op requires the same type for all operands and results}}
  %a = "standalone.add"(%x, %y) : (!standalone.fixed<16, 8>, !standalone.fixed<16, 4>) -> !standalone.fixed<16, 8>
  return
}

// -----

func.func @from_int(%i: i32) {
  // expected-error @+1 {{'standalone.from_float' op operand #0 must be floating-point, but got 'i32'}}
  %a = "standalone.from_float"(%i) : (i32) -> !standalone.fixed<16, 8>
  return
}

// -----

func.func @bad_rounding(%f: f32) {
  // expected-error @+1 {{expected ::standalone::Rounding to be one of: nearest, toward_zero}}
  %a = standalone.from_float %f {rounding = #standalone.rounding<up>} : f32 to !standalone.fixed<16, 8>
  return
}
