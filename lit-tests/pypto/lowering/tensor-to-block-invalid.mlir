// RUN: pto-opt %s --split-input-file --verify-diagnostics --pypto-tensor-to-block
// RUN: not pto-opt %s --split-input-file --pypto-tensor-to-block="tile-rows=-1" 2>&1 | FileCheck %s --check-prefix=OPT
// OPT: invalid value of option 'tile-rows'
// RUN: not pto-opt %s --split-input-file --pypto-tensor-to-block="matmul-tile=8,8" 2>&1 | FileCheck %s --check-prefix=MM
// MM: invalid value of option 'matmul-tile'

func.func @transpose(%a: !pypto.tensor<[4, 16], f32>) -> !pypto.tensor<[16, 4], f32> {
  // expected-error @+1 {{pypto-tensor-to-block: 'pypto.tensor.transpose' is not supported}}
  %0 = pypto.tensor.transpose %a {axis1 = 0, axis2 = 1} : (!pypto.tensor<[4, 16], f32>) -> !pypto.tensor<[16, 4], f32>
  return %0 : !pypto.tensor<[16, 4], f32>
}

// -----

func.func @trans(%a: !pypto.tensor<[8, 4], f32>, %b: !pypto.tensor<[8, 16], f32>) -> !pypto.tensor<[4, 16], f32> {
  // expected-error @+1 {{tensor.matmul with a_trans is not supported yet}}
  %0 = pypto.tensor.matmul %a, %b {a_trans = true} : (!pypto.tensor<[8, 4], f32>, !pypto.tensor<[8, 16], f32>) -> !pypto.tensor<[4, 16], f32>
  return %0 : !pypto.tensor<[4, 16], f32>
}

// -----

func.func @symbolic(%a: !pypto.tensor<[n, 16], f32>) -> !pypto.tensor<[n, 16], f32> {
  // expected-error @+1 {{'pypto.tensor.exp' is not supported}}
  %0 = pypto.tensor.exp %a : (!pypto.tensor<[n, 16], f32>) -> !pypto.tensor<[n, 16], f32>
  return %0 : !pypto.tensor<[n, 16], f32>
}

// -----

func.func @too_wide(%a: !pypto.tensor<[2, 65536], f32>) -> !pypto.tensor<[2, 65536], f32> {
  // expected-error @+1 {{one row of this chain's tiles takes 524288 bytes, more than UB holds (196608 bytes)}}
  %0 = pypto.tensor.exp %a : (!pypto.tensor<[2, 65536], f32>) -> !pypto.tensor<[2, 65536], f32>
  return %0 : !pypto.tensor<[2, 65536], f32>
}

