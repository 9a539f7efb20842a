// convert-deepx-to-pypto: write lists become SSA values and results, lifetimes go,
// ops become pypto tensor ops; ?N is the symbolic dimension dN.
// RUN: %pto-opt %s -split-input-file --convert-deepx-to-pypto | FileCheck %s

// CHECK-LABEL: func.func @linear(
// CHECK-SAME: %arg0: !pypto.tensor<[d1, 32], f32>, %arg1: !pypto.tensor<[32, 48], f32>, %arg2: !pypto.tensor<[48], f32>, %arg3: f32) -> !pypto.tensor<[d1, 48], f32>
// CHECK-SAME: attributes {pypto.function_type = #pypto.function_type<InCore>}
// CHECK: %[[MM:.*]] = pypto.tensor.matmul %arg0, %arg1
// CHECK: %[[B:.*]] = pypto.tensor.add %[[MM]], %arg2
// CHECK: %[[S:.*]] = pypto.tensor.mul_scalar %[[B]], %arg3
// CHECK: %[[C:.*]] = pypto.const 1.000000e+00 : f32
// CHECK: %[[R:.*]] = pypto.tensor.neg %[[S]]
// CHECK: %[[R2:.*]] = pypto.tensor.add_scalar %[[R]], %[[C]]
// CHECK: return %[[R2]] : !pypto.tensor<[d1, 48], f32>
deepx.func @linear(%a: !deepx.tensor<[?1, 32], f32>, %w: !deepx.tensor<[32, 48], f32>, %b: !deepx.tensor<[48], f32>, %s: f32)
    -> (%out: !deepx.tensor<[?1, 48], f32>) {
  %mm = deepx.newtensor : !deepx.tensor<[?1, 48], f32>
  deepx.matmul %a, %w -> %mm : !deepx.tensor<[?1, 32], f32>, !deepx.tensor<[32, 48], f32> -> !deepx.tensor<[?1, 48], f32>
  deepx.add %mm, %b -> %mm : !deepx.tensor<[?1, 48], f32>, !deepx.tensor<[48], f32> -> !deepx.tensor<[?1, 48], f32>
  deepx.mulscalar %mm, %s -> %mm : !deepx.tensor<[?1, 48], f32>, f32 -> !deepx.tensor<[?1, 48], f32>
  %one = deepx.const 1 : i32
  deepx.rsubscalar %one, %mm -> %out : i32, !deepx.tensor<[?1, 48], f32> -> !deepx.tensor<[?1, 48], f32>
  deepx.deltensor %mm : !deepx.tensor<[?1, 48], f32>
}

// -----

// Reductions over either axis of a matrix; keepdims false is a reshape.
// CHECK-LABEL: func.func @reduce(
// CHECK: pypto.tensor.row_sum %arg0 {axis = 1 : i64, keep_dim = true}
// CHECK: pypto.tensor.transpose %arg0 {axis1 = 0 : i64, axis2 = 1 : i64}
// CHECK: pypto.tensor.row_max {{.*}} {axis = 1 : i64, keep_dim = true}
// CHECK: pypto.tensor.transpose {{.*}} {axis1 = 0 : i64, axis2 = 1 : i64}
// CHECK: pypto.tensor.reshape
// CHECK: return {{.*}} : !pypto.tensor<[16, 1], f32>, !pypto.tensor<[32], f32>
deepx.func @reduce(%x: !deepx.tensor<[16, 32], f32>) -> (%s: !deepx.tensor<[16, 1], f32>, %m: !deepx.tensor<[32], f32>) {
  %a1 = deepx.const [1] : !deepx.list<i32>
  %a0 = deepx.const [0] : !deepx.list<i32>
  %t = deepx.const true : i1
  %f = deepx.const false : i1
  deepx.sum %x, %a1, %t -> %s : !deepx.tensor<[16, 32], f32>, !deepx.list<i32>, i1 -> !deepx.tensor<[16, 1], f32>
  deepx.reducemax %x, %a0, %f -> %m : !deepx.tensor<[16, 32], f32>, !deepx.list<i32>, i1 -> !deepx.tensor<[32], f32>
}

// -----

// GELU in its tanh form, from exp and arithmetic.
// CHECK-LABEL: func.func @gelu(
// CHECK: pypto.const 4.471500e-02 : f32
// CHECK: pypto.tensor.exp
// CHECK: pypto.tensor.div %arg0
deepx.func @gelu(%x: !deepx.tensor<[16, 32], f32>) -> (%y: !deepx.tensor<[16, 32], f32>) {
  deepx.gelu %x -> %y : !deepx.tensor<[16, 32], f32> -> !deepx.tensor<[16, 32], f32>
}

// -----

// CHECK-LABEL: func.func @activations(
// CHECK: pypto.tensor.relu %arg0
// CHECK: pypto.tensor.abs
// CHECK: pypto.tensor.log
// CHECK: pypto.tensor.maximum_scalar
// CHECK: pypto.tensor.minimum_scalar
deepx.func @activations(%x: !deepx.tensor<[4, 4], f32>) -> (%y: !deepx.tensor<[4, 4], f32>) {
  %c = deepx.const 0.5 : f32
  deepx.relu %x -> %y : !deepx.tensor<[4, 4], f32> -> !deepx.tensor<[4, 4], f32>
  deepx.abs %y -> %y : !deepx.tensor<[4, 4], f32> -> !deepx.tensor<[4, 4], f32>
  deepx.log %y -> %y : !deepx.tensor<[4, 4], f32> -> !deepx.tensor<[4, 4], f32>
  deepx.maxscalar %y, %c -> %y : !deepx.tensor<[4, 4], f32>, f32 -> !deepx.tensor<[4, 4], f32>
  deepx.minscalar %y, %c -> %y : !deepx.tensor<[4, 4], f32>, f32 -> !deepx.tensor<[4, 4], f32>
}
