// harp_graph's verifier: broadcasting, comparisons, reductions, every movement's
// shape rule, element types, declared sizes, the result.
// RUN: %pto-opt %s -split-input-file -verify-diagnostics -allow-unregistered-dialect

harp_graph.graph @f(%a: !harp_graph.tensor<[4, 8], f32>) -> !harp_graph.tensor<[4, 8], f32> {
  %b = "test.src"() : () -> !harp_graph.tensor<[3], f32>
  // expected-error @+1 {{shapes [4, 8] and [3] do not broadcast (sizes 8 and 3)}}
  %c = harp_graph.binary add %a, %b : !harp_graph.tensor<[4, 8], f32>, !harp_graph.tensor<[3], f32> -> !harp_graph.tensor<[4, 8], f32>
  harp_graph.return %a : !harp_graph.tensor<[4, 8], f32>
}

// -----

harp_graph.graph @f(%a: !harp_graph.tensor<[4, 8], f32>) -> !harp_graph.tensor<[4, 8], f32> {
  // expected-error @+1 {{a comparison gives i1}}
  %c = harp_graph.binary lt %a, %a : !harp_graph.tensor<[4, 8], f32>, !harp_graph.tensor<[4, 8], f32> -> !harp_graph.tensor<[4, 8], f32>
  harp_graph.return %a : !harp_graph.tensor<[4, 8], f32>
}

// -----

harp_graph.graph @f(%a: !harp_graph.tensor<[4, 8], f32>) -> !harp_graph.tensor<[4, 8], f32> {
  // expected-error @+1 {{axis 2 is out of range for rank 2}}
  %c = harp_graph.reduce sum %a axis 2 : !harp_graph.tensor<[4, 8], f32> -> !harp_graph.tensor<[4, 1], f32>
  harp_graph.return %a : !harp_graph.tensor<[4, 8], f32>
}

// -----

harp_graph.graph @f(%a: !harp_graph.tensor<[4, 8], f32>) -> !harp_graph.tensor<[4, 8], f32> {
  // expected-error @+1 {{result type must be !harp_graph.tensor<[4, 1], f32>, got !harp_graph.tensor<[4], f32>}}
  %c = harp_graph.reduce sum %a axis 1 : !harp_graph.tensor<[4, 8], f32> -> !harp_graph.tensor<[4], f32>
  harp_graph.return %a : !harp_graph.tensor<[4, 8], f32>
}

// -----

harp_graph.graph @f(%a: !harp_graph.tensor<[4, 8], f32>) -> !harp_graph.tensor<[4, 8], f32> {
  // expected-error @+1 {{expand: size 8 of dimension 1 is neither 1 nor the target's 9}}
  %c = harp_graph.move expand %a [] : !harp_graph.tensor<[4, 8], f32> -> !harp_graph.tensor<[4, 9], f32>
  harp_graph.return %a : !harp_graph.tensor<[4, 8], f32>
}

// -----

harp_graph.graph @f(%a: !harp_graph.tensor<[4, 8], f32>) -> !harp_graph.tensor<[4, 8], f32> {
  // expected-error @+1 {{reshape must keep the element count: [4, 8] to [5, 6]}}
  %c = harp_graph.move reshape %a [] : !harp_graph.tensor<[4, 8], f32> -> !harp_graph.tensor<[5, 6], f32>
  harp_graph.return %a : !harp_graph.tensor<[4, 8], f32>
}

// -----

harp_graph.graph @f(%a: !harp_graph.tensor<[4, 8], f32>) -> !harp_graph.tensor<[4, 8], f32> {
  // expected-error @+1 {{permute needs a permutation of 0..2, got [0, 0]}}
  %c = harp_graph.move permute %a [0, 0] : !harp_graph.tensor<[4, 8], f32> -> !harp_graph.tensor<[4, 4], f32>
  harp_graph.return %a : !harp_graph.tensor<[4, 8], f32>
}

// -----

harp_graph.graph @f<M>(%a: !harp_graph.tensor<[M, 8], f32>) -> !harp_graph.tensor<[M, 8], f32> {
  // expected-error @+1 {{pad of the symbolic size 'M' needs its value (to pad it)}}
  %c = harp_graph.move pad %a [1, 0, 0, 0] : !harp_graph.tensor<[M, 8], f32> -> !harp_graph.tensor<[M, 8], f32>
  harp_graph.return %a : !harp_graph.tensor<[M, 8], f32>
}

// -----

harp_graph.graph @f(%a: !harp_graph.tensor<[4, 8], f32>) -> !harp_graph.tensor<[4, 8], f32> {
  // expected-error @+1 {{squeeze: dimension 1 has size 8, not 1}}
  %c = harp_graph.move squeeze %a [1] : !harp_graph.tensor<[4, 8], f32> -> !harp_graph.tensor<[4], f32>
  harp_graph.return %a : !harp_graph.tensor<[4, 8], f32>
}

// -----

harp_graph.graph @f(%a: !harp_graph.tensor<[4, 8], f32>) -> !harp_graph.tensor<[4, 8], f32> {
  // expected-error @+1 {{shrink range 2..9 is not within 0..8}}
  %c = harp_graph.move shrink %a [0, 4, 2, 9] : !harp_graph.tensor<[4, 8], f32> -> !harp_graph.tensor<[4, 7], f32>
  harp_graph.return %a : !harp_graph.tensor<[4, 8], f32>
}

// -----

// expected-error @+1 {{'harp_graph.graph' op parameter 0 uses the size 'K', which the graph does not declare (graph<K, ...>)}}
harp_graph.graph @f<M>(%a: !harp_graph.tensor<[K, 8], f32>) -> !harp_graph.tensor<[K, 8], f32> {
  harp_graph.return %a : !harp_graph.tensor<[K, 8], f32>
}

// -----

harp_graph.graph @f(%a: !harp_graph.tensor<[4, 8], f32>) -> !harp_graph.tensor<[4, 8], f32> {
  %i = harp_graph.cast %a : !harp_graph.tensor<[4, 8], f32> to !harp_graph.tensor<[4, 8], i32>
  // expected-error @+1 {{exp needs floats, not i32}}
  %e = harp_graph.unary exp %i : !harp_graph.tensor<[4, 8], i32>
  harp_graph.return %a : !harp_graph.tensor<[4, 8], f32>
}

// -----

harp_graph.graph @f(%a: !harp_graph.tensor<[4, 8], f32>) -> !harp_graph.tensor<[4, 8], f32> {
  %i = harp_graph.cast %a : !harp_graph.tensor<[4, 8], f32> to !harp_graph.tensor<[4, 8], i32>
  // expected-error @+1 {{div needs floats (Harp has no integer division), not i32}}
  %d = harp_graph.binary div %i, %i : !harp_graph.tensor<[4, 8], i32>, !harp_graph.tensor<[4, 8], i32> -> !harp_graph.tensor<[4, 8], i32>
  harp_graph.return %a : !harp_graph.tensor<[4, 8], f32>
}

// -----

harp_graph.graph @f(%a: !harp_graph.tensor<[4, 8], f32>) -> !harp_graph.tensor<[4, 8], f32> {
  %c = harp_graph.constant 1.0 : f32
  // expected-error @+1 {{returns !harp_graph.tensor<[], f32>, but the graph's result is !harp_graph.tensor<[4, 8], f32>}}
  harp_graph.return %c : !harp_graph.tensor<[], f32>
}

// -----

// expected-error @+1 {{tensor element type must be a Harp data type, got index}}
"test.use"() {t = !harp_graph.tensor<[4], index>} : () -> ()
