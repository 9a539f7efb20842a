// RUN: pto-opt %s --split-input-file --verify-diagnostics --pypto-block-to-pto

func.func @tensor_op(%a: !pypto.tensor<[8, 8], f32>) -> !pypto.tensor<[8, 8], f32> {
  // expected-error @+1 {{pypto-block-to-pto: 'pypto.tensor.exp' is not supported (lower tensor ops with pypto-tensor-to-block first)}}
  %0 = pypto.tensor.exp %a : (!pypto.tensor<[8, 8], f32>) -> !pypto.tensor<[8, 8], f32>
  return %a : !pypto.tensor<[8, 8], f32>
}

// -----

func.func @if_tensor(%a: !pypto.tensor<[8, 8], f32>, %b: !pypto.tensor<[8, 8], f32>, %c: i1) -> !pypto.tensor<[8, 8], f32> {
  // expected-error @+1 {{'scf.if' returning tensors or tiles is not supported}}
  %0 = scf.if %c -> (!pypto.tensor<[8, 8], f32>) {
    scf.yield %a : !pypto.tensor<[8, 8], f32>
  } else {
    scf.yield %b : !pypto.tensor<[8, 8], f32>
  }
  return %0 : !pypto.tensor<[8, 8], f32>
}

// -----

func.func @window(%a: !pypto.tensor<[8, 8], f32>, %h: i64) -> !pypto.tensor<[8, 8], f32> {
  %c0 = pypto.const 0 : i64
  %c8 = pypto.const 8 : i64
  // expected-error @+1 {{the window's height and width must be constants}}
  %t = pypto.block.load %a, %c0, %c0, %h, %c8 : (!pypto.tensor<[8, 8], f32>, i64, i64, i64, i64) -> !pypto.tile<[h, 8], f32>
  %s = pypto.block.store %t, %c0, %c0, %h, %c8, %a : (!pypto.tile<[h, 8], f32>, i64, i64, i64, i64, !pypto.tensor<[8, 8], f32>) -> !pypto.tensor<[8, 8], f32>
  return %s : !pypto.tensor<[8, 8], f32>
}

// -----

func.func @returned(%a: !pypto.tensor<[8, 8], f32>) -> !pypto.tensor<[8, 8], f32> {
  %c0 = pypto.const 0 : i64
  %c8 = pypto.const 8 : i64
  %v = pypto.tensor.view %a [%c8, %c8] [%c0, %c0] : (!pypto.tensor<[8, 8], f32>, i64, i64, i64, i64) -> !pypto.tensor<[8, 8], f32>
  // expected-error @+1 {{a returned tensor must be a parameter or a tensor the function creates (tensor.create)}}
  return %v : !pypto.tensor<[8, 8], f32>
}

// -----

func.func @unsigned(%a: ui32, %b: ui32) -> ui32 {
  // expected-error @+1 {{'pypto.add' on unsigned or signed-typed integers is not supported}}
  %0 = pypto.add %a, %b : ui32
  return %0 : ui32
}

// -----

func.func @transpose_move(%a: !pypto.tensor<[16, 16], f32>) -> !pypto.tensor<[16, 16], f32> {
  %c0 = pypto.const 0 : i64
  %c16 = pypto.const 16 : i64
  %t = pypto.block.load %a, %c0, %c0, %c16, %c16 {target_memory = 2} : (!pypto.tensor<[16, 16], f32>, i64, i64, i64, i64) -> !pypto.tile<[16, 16], f32>
  // expected-error @+1 {{block.move with transpose is not supported yet}}
  %l = pypto.block.move %t {target_memory = 3, transpose = true} : (!pypto.tile<[16, 16], f32>) -> !pypto.tile<[16, 16], f32>
  return %a : !pypto.tensor<[16, 16], f32>
}

// -----

func.func @sync(%a: !pypto.tensor<[16, 16], f32>) -> !pypto.tensor<[16, 16], f32> {
  // expected-error @+1 {{'pypto.system.bar_v' is not supported}}
  pypto.system.bar_v
  return %a : !pypto.tensor<[16, 16], f32>
}

// -----

func.func @twice(%a: !pypto.tensor<[8, 8], f32>) -> (!pypto.tensor<[8, 8], f32>, !pypto.tensor<[8, 8], f32>) {
  %c8 = pypto.const 8 : i64
  %t = pypto.tensor.create[%c8, %c8] {dtype = f32} : (i64, i64) -> !pypto.tensor<[8, 8], f32>
  // expected-error @+1 {{the same tensor is returned twice}}
  return %t, %t : !pypto.tensor<[8, 8], f32>, !pypto.tensor<[8, 8], f32>
}

// -----

// expected-error @+1 {{recursive calls are not supported}}
func.func @rec(%a: !pypto.tensor<[8, 8], f32>) -> !pypto.tensor<[8, 8], f32> {
  %r = call @rec(%a) : (!pypto.tensor<[8, 8], f32>) -> !pypto.tensor<[8, 8], f32>
  return %r : !pypto.tensor<[8, 8], f32>
}

// -----

func.func @cells(%a: i64) -> i64 {
  // expected-error @+1 {{the program is not in SSA form; run pypto-convert-to-ssa first}}
  %v = pypto.var : !pypto.var<i64>
  pypto.assign %v, %a : !pypto.var<i64>, i64
  %r = pypto.read %v : !pypto.var<i64> -> i64
  return %r : i64
}
