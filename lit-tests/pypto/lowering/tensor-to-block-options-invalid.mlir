// RUN: pto-opt %s --split-input-file --verify-diagnostics --pypto-tensor-to-block="tile-rows=4 matmul-tile=16,16,16"

func.func @tile_rows(%a: !pypto.tensor<[6, 8], f32>) -> !pypto.tensor<[6, 8], f32> {
  // expected-error @+1 {{tile-rows=4 does not divide the 6 rows of the chain}}
  %0 = pypto.tensor.exp %a : (!pypto.tensor<[6, 8], f32>) -> !pypto.tensor<[6, 8], f32>
  return %0 : !pypto.tensor<[6, 8], f32>
}

// -----

func.func @matmul_tile(%a: !pypto.tensor<[16, 8], f32>, %b: !pypto.tensor<[8, 16], f32>) -> !pypto.tensor<[16, 16], f32> {
  // expected-error @+1 {{matmul-tile=16,16,16 does not divide the 16x16x8 product}}
  %0 = pypto.tensor.matmul %a, %b : (!pypto.tensor<[16, 8], f32>, !pypto.tensor<[8, 16], f32>) -> !pypto.tensor<[16, 16], f32>
  return %0 : !pypto.tensor<[16, 16], f32>
}
