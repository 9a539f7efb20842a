// deepx-inline cannot inline recursion: the call chain is cut at 64 levels.
// RUN: %pto-opt %s -verify-diagnostics --deepx-inline


deepx.func @loop(%x: !deepx.tensor<[2], f32>) -> (%y: !deepx.tensor<[2], f32>) {
  // expected-error @+1 {{calls nest more than 64 deep (recursion cannot be inlined)}}
  deepx.call @loop(%x) -> (%y) : (!deepx.tensor<[2], f32>) -> !deepx.tensor<[2], f32>
}
