// Eclat import: upstream's example forms (graph<...> sizes, -D bindings, weak
// number literals, expand/unsqueeze/squeeze, where over a comparison), and
// located errors.
// RUN: pto-translate --import-ecl %S/../../examples/harp/matmul.ecl | FileCheck %s --check-prefix=MATMUL
// RUN: pto-translate --import-ecl %S/../../examples/harp/relu.ecl -D batch=32 -D hidden=64 | FileCheck %s --check-prefix=RELU
// RUN: pto-translate --import-ecl %S/../../examples/harp/layer_norm.ecl | FileCheck %s --check-prefix=LN
// RUN: pto-translate --import-ecl %S/../../examples/harp/matmul.ecl -D M=4 -D K=3 -D N=2 | FileCheck %s --check-prefix=BOUND
// RUN: pto-translate --import-ecl %S/../../examples/harp/softmax.ecl | pto-opt --harp-graph-specialize=sizes=M=2 --harp-lower-graph --harp-plan-arena --convert-harp-to-loops | %mlir-opt > /dev/null
// RUN: not pto-translate --import-ecl %S/../../examples/harp/relu.ecl 2>&1 | FileCheck %s --check-prefix=UNBOUND
// RUN: not pto-translate --import-ecl %S/Inputs/errors.ecl 2>&1 | FileCheck %s --check-prefix=UNDEF
// RUN: printf 'program {\n  graph f(x: f32[4]) -> f32[4] {\n    return x +;\n  }\n}\n' > %t.ecl
// RUN: not pto-translate --import-ecl %t.ecl 2>&1 | FileCheck %s --check-prefix=SYNTAX
// RUN: printf 'program {\n  graph f(x: f32[4]) -> f32[4] {\n    return floor(x);\n  }\n}\n' > %t2.ecl
// RUN: not pto-translate --import-ecl %t2.ecl 2>&1 | FileCheck %s --check-prefix=FLOOR
// RUN: printf 'program {\n  graph f(x: f32[4, 3]) -> f32[4, 3] {\n    return x + sum(x, axis=0) * expand(x, [4, 5]);\n  }\n}\n' > %t3.ecl
// RUN: not pto-translate --import-ecl %t3.ecl 2>&1 | FileCheck %s --check-prefix=SHAPE
// RUN: printf 'program {\n  graph f(x: f32[4]) -> f32[5] {\n    return x;\n  }\n}\n' > %t4.ecl
// RUN: not pto-translate --import-ecl %t4.ecl 2>&1 | FileCheck %s --check-prefix=RESULT

// Sizes that overflow are errors, not crashes.
// RUN: printf 'program {\n  graph f(x: f32[4]) -> f32[4] {\n    return shrink(pad(x, [9223372036854775807, 0]), [0, 4]);\n  }\n}\n' > %t5.ecl
// RUN: not pto-translate --import-ecl %t5.ecl 2>&1 | FileCheck %s --check-prefix=OVERFLOW
// RUN: printf 'program {\n  graph f(x: f32[2000000, 2000000]) -> f32[2000000, 2000000] {\n    return exp(x);\n  }\n}\n' > %t6.ecl
// RUN: pto-translate --import-ecl %t6.ecl | not pto-opt --harp-lower-graph 2>&1 | FileCheck %s --check-prefix=HUGE

// MATMUL: harp_graph.graph @matmul<M, K, N>(%arg0: !harp_graph.tensor<[M, K], f32>, %arg1: !harp_graph.tensor<[K, N], f32>) -> !harp_graph.tensor<[M, N], f32>
// MATMUL: harp_graph.move unsqueeze %arg0 [2] : !harp_graph.tensor<[M, K], f32> -> !harp_graph.tensor<[M, K, 1], f32>
// MATMUL: harp_graph.move expand %{{.*}} [] : !harp_graph.tensor<[M, K, 1], f32> -> !harp_graph.tensor<[M, K, N], f32>
// MATMUL: harp_graph.reduce sum %{{.*}} axis 1 : !harp_graph.tensor<[M, K, N], f32> -> !harp_graph.tensor<[M, 1, N], f32>
// MATMUL: harp_graph.move squeeze %{{.*}} [1] : !harp_graph.tensor<[M, 1, N], f32> -> !harp_graph.tensor<[M, N], f32>

// RELU: harp_graph.graph @relu(%arg0: !harp_graph.tensor<[32, 64], f32>) -> !harp_graph.tensor<[32, 64], f32>
// RELU: harp_graph.binary gt %arg0, %{{.*}} : !harp_graph.tensor<[32, 64], f32>, !harp_graph.tensor<[], f32> -> !harp_graph.tensor<[32, 64], i1>
// RELU: harp_graph.where

// The number 1024.0 divides a sum: a scalar of the sum's type.
// LN: %[[N:.*]] = harp_graph.constant 1.024000e+03 : f32
// LN: harp_graph.binary div %{{.*}}, %[[N]] : !harp_graph.tensor<[B, 1], f32>, !harp_graph.tensor<[], f32> -> !harp_graph.tensor<[B, 1], f32>
// LN: harp_graph.binary mul %{{.*}}, %arg1 : !harp_graph.tensor<[B, 1024], f32>, !harp_graph.tensor<[1024], f32> -> !harp_graph.tensor<[B, 1024], f32>

// BOUND: harp_graph.graph @matmul(%arg0: !harp_graph.tensor<[4, 3], f32>, %arg1: !harp_graph.tensor<[3, 2], f32>) -> !harp_graph.tensor<[4, 2], f32>

// UNBOUND: relu.ecl:4:19: error: size 'batch' is neither declared (graph<batch, ...>) nor given (-D batch=SIZE)
// UNDEF: errors.ecl:3:21: error: undefined name 'undefined_name'
// SYNTAX: .ecl:3:15: error: expected an expression, found ';'
// FLOOR: .ecl:3:12: error: 'floor' has no Harp operation (Harp's ALU has no floor)
// SHAPE: .ecl:3:33: error: expand: size 3 of dimension 1 is neither 1 nor the target's 5
// OVERFLOW: .ecl:3:19: error: pad: the padded size overflows
// HUGE: error: harp-lower-graph: !harp_graph.tensor<[2000000, 2000000], f32> has more than 2^40 elements
// RESULT: .ecl:3:12: error: returns !harp_graph.tensor<[4], f32>, but the graph declares !harp_graph.tensor<[5], f32>
