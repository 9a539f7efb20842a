// What convert-deepx-to-pypto cannot lower is an error at the op.
// RUN: %pto-opt %s -split-input-file -verify-diagnostics --convert-deepx-to-pypto

deepx.func @f(%x: !deepx.tensor<[4], f32>) -> (%y: !deepx.tensor<[4], f32>) {
  // expected-error @+1 {{deepx.cos has no lowering to pypto (PyPTO's tensor level has no counterpart)}}
  deepx.cos %x -> %y : !deepx.tensor<[4], f32> -> !deepx.tensor<[4], f32>
}

// -----

deepx.func @f(%x: !deepx.tensor<[4], f32>) -> (%y: !deepx.tensor<[4], f32>) {
  %t = deepx.newtensor : !deepx.tensor<[4], f32> loc("t")
  // expected-error @+1 {{'t' is read before anything is written to it (newtensor's zeros are not lowered)}}
  deepx.add %x, %t -> %y : !deepx.tensor<[4], f32>, !deepx.tensor<[4], f32> -> !deepx.tensor<[4], f32>
  deepx.deltensor %t : !deepx.tensor<[4], f32>
}

// -----

// expected-error @+1 {{cannot lower 'x' of 'f': a tensor<?x4xf32> has a dimension of any size ('?')}}
deepx.func @f(%x: !deepx.tensor<[?, 4], f32> loc("x")) -> () {
}

// -----

// expected-error @+1 {{'f' never writes its write parameter 'y'}}
deepx.func @f(%x: !deepx.tensor<[4], f32>) -> (%y: !deepx.tensor<[4], f32> loc("y")) {
}

// -----

deepx.func @f(%x: !deepx.tensor<[4, 4], f32>, %axes: !deepx.list<i32>) -> (%y: !deepx.tensor<[4, 1], f32>) {
  %t = deepx.const true : i1
  // expected-error @+1 {{the axes must be known when compiling (a literal, or given on the command line)}}
  deepx.sum %x, %axes, %t -> %y : !deepx.tensor<[4, 4], f32>, !deepx.list<i32>, i1 -> !deepx.tensor<[4, 1], f32>
}
