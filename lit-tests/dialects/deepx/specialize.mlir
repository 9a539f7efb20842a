// deepx-specialize: a function bound to the arguments it will be called with.
// RUN: not %pto-opt %s -split-input-file --deepx-specialize='entry=f args="s64x32xf32;s32x48xf32;vtrue;l1"' 2>/dev/null | FileCheck %s
// RUN: %pto-opt %s -split-input-file -verify-diagnostics --deepx-specialize='entry=f args="s64x32xf32;s32x48xf32;vtrue;l1"' > /dev/null

// Dimension variables from the arrays, scalars and lists from their values, the open
// shape of what `f` writes from the ops' rules.
// CHECK-LABEL: deepx.func @f(
// CHECK-SAME: %arg0: !deepx.tensor<[64, 32], f32>, %arg1: !deepx.tensor<[32, 48], f32>, %arg2: i1, %arg3: !deepx.list<i32>) -> (%arg4: !deepx.tensor<[64, 1], f32>)
// CHECK-DAG: %[[K:.*]] = deepx.const true : i1
// CHECK-DAG: %[[A:.*]] = deepx.const [1] : !deepx.list<i32>
// CHECK: %[[M:.*]] = deepx.newtensor : !deepx.tensor<[64, 48], f32>
// CHECK: deepx.sum %[[M]], %[[A]], %[[K]] -> %arg4
deepx.func @f(%a: !deepx.tensor<[?1, ?2], f32>, %w: !deepx.tensor<[?2, ?3], f32>, %keep: i1, %axis: !deepx.list<i32>)
    -> (%out: !deepx.tensor<[?, ?], f32>) {
  %m = deepx.newtensor : !deepx.tensor<[?1, ?3], f32>
  deepx.matmul %a, %w -> %m : !deepx.tensor<[?1, ?2], f32>, !deepx.tensor<[?2, ?3], f32> -> !deepx.tensor<[?1, ?3], f32>
  deepx.sum %m, %axis, %keep -> %out : !deepx.tensor<[?1, ?3], f32>, !deepx.list<i32>, i1 -> !deepx.tensor<[?, ?], f32>
  deepx.deltensor %m : !deepx.tensor<[?1, ?3], f32>
}

// -----

// One variable, two sizes.
// expected-error @+1 {{argument 1: ?1 is 64 (from 'a') but the array [32, 48] for 'w' has 32 in dimension 0}}
deepx.func @f(%a: !deepx.tensor<[?1, ?2], f32> loc("a"), %w: !deepx.tensor<[?1, ?3], f32> loc("w"), %keep: i1, %axis: !deepx.list<i32>) -> () {
}

// -----

// expected-error @+1 {{argument 0: 'a' of 'f' has rank 1, the array [64, 32] has rank 2}}
deepx.func @f(%a: !deepx.tensor<[?1], f32> loc("a"), %w: !deepx.tensor<[?2, ?3], f32>, %keep: i1, %axis: !deepx.list<i32>) -> () {
}

// -----

// expected-error @+1 {{argument 2: 'true' is not a i32 for 'keep'}}
deepx.func @f(%a: !deepx.tensor<[?1, ?2], f32>, %w: !deepx.tensor<[?2, ?3], f32>, %keep: i32 loc("keep"), %axis: !deepx.list<i32>) -> () {
}
