// The harp_graph dialect: every operator, symbolic sizes, custom and generic forms
// agree.
// RUN: %pto-opt %s | FileCheck %s
// RUN: %roundtrip %s

// CHECK-LABEL: harp_graph.graph @all<M, N>(%arg0: !harp_graph.tensor<[M, N], f32>, %arg1: !harp_graph.tensor<[N], f32>) -> !harp_graph.tensor<[N, M], f32> {
// CHECK:         %[[C:.*]] = harp_graph.constant 5.000000e-01 : f32
// CHECK:         harp_graph.binary add %arg0, %arg1 : !harp_graph.tensor<[M, N], f32>, !harp_graph.tensor<[N], f32> -> !harp_graph.tensor<[M, N], f32>
// CHECK:         harp_graph.binary lt %{{.*}}, %[[C]] : !harp_graph.tensor<[M, N], f32>, !harp_graph.tensor<[], f32> -> !harp_graph.tensor<[M, N], i1>
// CHECK:         harp_graph.where
// CHECK:         harp_graph.unary exp2 %{{.*}} : !harp_graph.tensor<[M, N], f32>
// CHECK:         harp_graph.cast %{{.*}} : !harp_graph.tensor<[M, N], f32> to !harp_graph.tensor<[M, N], f16>
// CHECK:         harp_graph.reduce max %{{.*}} axis 1 : !harp_graph.tensor<[M, N], f32> -> !harp_graph.tensor<[M, 1], f32>
// CHECK:         harp_graph.move expand %{{.*}} [] : !harp_graph.tensor<[M, 1], f32> -> !harp_graph.tensor<[M, N], f32>
// CHECK:         harp_graph.move permute %{{.*}} [1, 0] : !harp_graph.tensor<[M, N], f32> -> !harp_graph.tensor<[N, M], f32>
// CHECK:         harp_graph.rand normal seed 3 : !harp_graph.tensor<[4, 4], f32>
// CHECK:         harp_graph.move pad %{{.*}} [1, 2, 0, 0] : !harp_graph.tensor<[4, 4], f32> -> !harp_graph.tensor<[7, 4], f32>
// CHECK:         harp_graph.move shrink %{{.*}} [0, 4, 1, 3] : !harp_graph.tensor<[7, 4], f32> -> !harp_graph.tensor<[4, 2], f32>
// CHECK:         harp_graph.move stride %{{.*}} [2, 1] : !harp_graph.tensor<[4, 2], f32> -> !harp_graph.tensor<[2, 2], f32>
// CHECK:         harp_graph.move flip %{{.*}} [0]
// CHECK:         harp_graph.move reshape %{{.*}} [] : !harp_graph.tensor<[2, 2], f32> -> !harp_graph.tensor<[4], f32>
// CHECK:         harp_graph.move unsqueeze %{{.*}} [0] : !harp_graph.tensor<[4], f32> -> !harp_graph.tensor<[1, 4], f32>
// CHECK:         harp_graph.move squeeze %{{.*}} [0] : !harp_graph.tensor<[1, 4], f32> -> !harp_graph.tensor<[4], f32>
// CHECK:         harp_graph.move contiguous %{{.*}} [] : !harp_graph.tensor<[N, M], f32> -> !harp_graph.tensor<[N, M], f32>
// CHECK:         harp_graph.return %{{.*}} : !harp_graph.tensor<[N, M], f32>
harp_graph.graph @all<M, N>(%a: !harp_graph.tensor<[M, N], f32>, %b: !harp_graph.tensor<[N], f32>) -> !harp_graph.tensor<[N, M], f32> {
  %c = harp_graph.constant 0.5 : f32
  %s = harp_graph.binary add %a, %b : !harp_graph.tensor<[M, N], f32>, !harp_graph.tensor<[N], f32> -> !harp_graph.tensor<[M, N], f32>
  %lt = harp_graph.binary lt %s, %c : !harp_graph.tensor<[M, N], f32>, !harp_graph.tensor<[], f32> -> !harp_graph.tensor<[M, N], i1>
  %w = harp_graph.where %lt, %s, %c : !harp_graph.tensor<[M, N], i1>, !harp_graph.tensor<[M, N], f32>, !harp_graph.tensor<[], f32> -> !harp_graph.tensor<[M, N], f32>
  %e = harp_graph.unary exp2 %w : !harp_graph.tensor<[M, N], f32>
  %h = harp_graph.cast %e : !harp_graph.tensor<[M, N], f32> to !harp_graph.tensor<[M, N], f16>
  %m = harp_graph.reduce max %e axis 1 : !harp_graph.tensor<[M, N], f32> -> !harp_graph.tensor<[M, 1], f32>
  %x = harp_graph.move expand %m [] : !harp_graph.tensor<[M, 1], f32> -> !harp_graph.tensor<[M, N], f32>
  %t = harp_graph.move permute %x [1, 0] : !harp_graph.tensor<[M, N], f32> -> !harp_graph.tensor<[N, M], f32>
  %r = harp_graph.rand normal seed 3 : !harp_graph.tensor<[4, 4], f32>
  %p = harp_graph.move pad %r [1, 2, 0, 0] : !harp_graph.tensor<[4, 4], f32> -> !harp_graph.tensor<[7, 4], f32>
  %k = harp_graph.move shrink %p [0, 4, 1, 3] : !harp_graph.tensor<[7, 4], f32> -> !harp_graph.tensor<[4, 2], f32>
  %st = harp_graph.move stride %k [2, 1] : !harp_graph.tensor<[4, 2], f32> -> !harp_graph.tensor<[2, 2], f32>
  %f = harp_graph.move flip %st [0] : !harp_graph.tensor<[2, 2], f32> -> !harp_graph.tensor<[2, 2], f32>
  %rs = harp_graph.move reshape %f [] : !harp_graph.tensor<[2, 2], f32> -> !harp_graph.tensor<[4], f32>
  %u = harp_graph.move unsqueeze %rs [0] : !harp_graph.tensor<[4], f32> -> !harp_graph.tensor<[1, 4], f32>
  %q = harp_graph.move squeeze %u [0] : !harp_graph.tensor<[1, 4], f32> -> !harp_graph.tensor<[4], f32>
  %cc = harp_graph.move contiguous %t [] : !harp_graph.tensor<[N, M], f32> -> !harp_graph.tensor<[N, M], f32>
  harp_graph.return %cc : !harp_graph.tensor<[N, M], f32>
}
