// RUN: pto-opt %s --split-input-file --verify-diagnostics --pypto-tensor-to-block="tile-rows=4 matmul-tile=16,16,16"

func.func @matmul_tile(%a: !pypto.tensor<[16, 8], f32>, %b: !pypto.tensor<[8, 16], f32>) -> !pypto.tensor<[16, 16], f32> {
  // expected-error @+1 {{matmul-tile=16,16,16 does not fit the 16x16x8 product (K blocks must divide K)}}
  %0 = pypto.tensor.matmul %a, %b : (!pypto.tensor<[16, 8], f32>, !pypto.tensor<[8, 16], f32>) -> !pypto.tensor<[16, 16], f32>
  return %0 : !pypto.tensor<[16, 16], f32>
}
