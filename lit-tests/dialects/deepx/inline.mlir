// deepx-inline: a call becomes its callee's body, the callee's dimension variables the
// caller's sizes, its other variables fresh ones of the caller.
// RUN: %pto-opt %s -split-input-file --deepx-inline | FileCheck %s
// RUN: %pto-opt %s -split-input-file -verify-diagnostics --deepx-inline --deepx-verify > /dev/null

deepx.func @scale(%x: !deepx.tensor<[?1, ?2], f32>, %s: f32) -> (%y: !deepx.tensor<[?1, ?2], f32>) {
  %t = deepx.newtensor : !deepx.tensor<[?1, ?2], f32>
  deepx.mulscalar %x, %s -> %t : !deepx.tensor<[?1, ?2], f32>, f32 -> !deepx.tensor<[?1, ?2], f32>
  deepx.copytensor %t -> %y : !deepx.tensor<[?1, ?2], f32> -> !deepx.tensor<[?1, ?2], f32>
  %u = deepx.newtensor : !deepx.tensor<[?7], f32>
  deepx.deltensor %u : !deepx.tensor<[?7], f32>
  deepx.deltensor %t : !deepx.tensor<[?1, ?2], f32>
}

// CHECK-LABEL: deepx.func @caller(
// CHECK-NOT: deepx.call
// CHECK: %[[C:.*]] = deepx.const 2.000000e+00 : f32
// CHECK: %[[T:.*]] = deepx.newtensor : !deepx.tensor<[4, ?1], f32>
// CHECK: deepx.mulscalar %arg0, %[[C]] -> %[[T]] : !deepx.tensor<[4, ?1], f32>, f32 -> !deepx.tensor<[4, ?1], f32>
// CHECK: deepx.copytensor %[[T]] -> %arg1
// CHECK: deepx.newtensor : !deepx.tensor<[?{{[0-9]+}}], f32>
deepx.func @caller(%a: !deepx.tensor<[4, ?1], f32>) -> (%b: !deepx.tensor<[4, ?1], f32>) {
  %c = deepx.const 2.0 : f32
  deepx.call @scale(%a, %c) -> (%b) : (!deepx.tensor<[4, ?1], f32>, f32) -> !deepx.tensor<[4, ?1], f32>
}
