// harp-lower-graph: elementwise chains and movements fuse into the kernel that
// stores them, reductions are kernels over the kept axes with the reduced input
// fused into their loop, buffers and the arena are filled in; the results verify.
// RUN: %pto-opt %s -split-input-file --harp-lower-graph -verify-diagnostics | FileCheck %s

// Softmax: three kernels (row maximum, row sum, normalization); the exponential is
// recomputed rather than stored, and nothing else is materialized.
// CHECK-LABEL: harp.func @softmax args [0] ret 3 memory {{[0-9]+}}
// CHECK-SAME:    #harp.buffer<0, f32, size 128, offset {{[0-9]+}}, host, shape [4, 8]>
// CHECK-SAME:    #harp.buffer<3, f32, size 128, offset {{[0-9]+}}, host, shape [4, 8]>
// CHECK:         harp.kernel "k0" launch [4, 1] reads [0] writes [1] {
// CHECK:           harp.reduce Max [8] : f32 {
// CHECK:             harp.load 0 <shape [4, 1, 8], strides [8, 0, 1]> : f32
// CHECK:         harp.kernel "k1" launch [4, 1] reads [0, 1] writes [2] {
// CHECK:           harp.reduce Sum [8] : f32 {
// CHECK:             harp.load 1 <shape [4, 1, 8], strides [1, 0, 0]> : f32
// CHECK:             harp.alu Exp2
// CHECK:         harp.kernel "k2" launch [4, 8] reads [0, 1, 2] writes [3] {
// CHECK:           harp.alu Recip
// CHECK:           harp.store %{{.*}}, 3 <shape [4, 8], strides [8, 1]> : f32
// CHECK-NOT:     harp.kernel
harp_graph.graph @softmax(%x: !harp_graph.tensor<[4, 8], f32>) -> !harp_graph.tensor<[4, 8], f32> {
  %m = harp_graph.reduce max %x axis 1 : !harp_graph.tensor<[4, 8], f32> -> !harp_graph.tensor<[4, 1], f32>
  %d = harp_graph.binary sub %x, %m : !harp_graph.tensor<[4, 8], f32>, !harp_graph.tensor<[4, 1], f32> -> !harp_graph.tensor<[4, 8], f32>
  %p = harp_graph.unary exp %d : !harp_graph.tensor<[4, 8], f32>
  %s = harp_graph.reduce sum %p axis 1 : !harp_graph.tensor<[4, 8], f32> -> !harp_graph.tensor<[4, 1], f32>
  %y = harp_graph.binary div %p, %s : !harp_graph.tensor<[4, 8], f32>, !harp_graph.tensor<[4, 1], f32> -> !harp_graph.tensor<[4, 8], f32>
  harp_graph.return %y : !harp_graph.tensor<[4, 8], f32>
}

// -----

// Matmul as expand-multiply-sum: one kernel over [M, 1, N] looping over K; the
// M x K x N product is never a buffer, and the squeezed sum is the result itself.
// CHECK-LABEL: harp.func @matmul args [0, 1] ret 2
// CHECK-NOT:     size 384
// CHECK:         harp.kernel "k0" launch [4, 1, 2] reads [0, 1] writes [2] {
// CHECK-NEXT:      harp.reduce Sum [3] : f32 {
// CHECK-NEXT:        harp.load 0 <shape [4, 1, 2, 3], strides [3, 0, 0, 1]> : f32
// CHECK-NEXT:        harp.load 1 <shape [4, 1, 2, 3], strides [0, 0, 1, 2]> : f32
// CHECK-NEXT:        harp.alu Mul
// CHECK-NOT:     harp.kernel
harp_graph.graph @matmul(%a: !harp_graph.tensor<[4, 3], f32>, %b: !harp_graph.tensor<[3, 2], f32>) -> !harp_graph.tensor<[4, 2], f32> {
  %au = harp_graph.move unsqueeze %a [2] : !harp_graph.tensor<[4, 3], f32> -> !harp_graph.tensor<[4, 3, 1], f32>
  %ae = harp_graph.move expand %au [] : !harp_graph.tensor<[4, 3, 1], f32> -> !harp_graph.tensor<[4, 3, 2], f32>
  %bu = harp_graph.move unsqueeze %b [0] : !harp_graph.tensor<[3, 2], f32> -> !harp_graph.tensor<[1, 3, 2], f32>
  %be = harp_graph.move expand %bu [] : !harp_graph.tensor<[1, 3, 2], f32> -> !harp_graph.tensor<[4, 3, 2], f32>
  %p = harp_graph.binary mul %ae, %be : !harp_graph.tensor<[4, 3, 2], f32>, !harp_graph.tensor<[4, 3, 2], f32> -> !harp_graph.tensor<[4, 3, 2], f32>
  %s = harp_graph.reduce sum %p axis 1 : !harp_graph.tensor<[4, 3, 2], f32> -> !harp_graph.tensor<[4, 1, 2], f32>
  %r = harp_graph.move squeeze %s [1] : !harp_graph.tensor<[4, 1, 2], f32> -> !harp_graph.tensor<[4, 2], f32>
  harp_graph.return %r : !harp_graph.tensor<[4, 2], f32>
}

// -----

// Movements of views cost nothing: a transposed, flipped, padded read is one load
// with a mask. Padding an expression (not a view) materializes it first, since the
// padding must be 0, not f(0).
// CHECK-LABEL: harp.func @moves
// CHECK:         harp.kernel "k0" launch [4, 3] reads [0] writes [1] {
// CHECK-NEXT:      harp.load 0 <shape [4, 3], strides [1, 2], offset -1, valid [1 : 3, 0 : 3]> : f32
// CHECK-NEXT:      harp.alu Exp2
// CHECK-NEXT:      harp.store
// CHECK:         harp.kernel "k1" launch [6, 3] reads [1] writes [2] {
// CHECK-NEXT:      harp.load 1 <shape [6, 3], strides [3, 1], offset -3, valid [1 : 5, 0 : 3]> : f32
// CHECK-NEXT:      harp.store
harp_graph.graph @moves(%a: !harp_graph.tensor<[3, 2], f32>) -> !harp_graph.tensor<[6, 3], f32> {
  %t = harp_graph.move permute %a [1, 0] : !harp_graph.tensor<[3, 2], f32> -> !harp_graph.tensor<[2, 3], f32>
  %p = harp_graph.move pad %t [1, 1, 0, 0] : !harp_graph.tensor<[2, 3], f32> -> !harp_graph.tensor<[4, 3], f32>
  %e = harp_graph.unary exp2 %p : !harp_graph.tensor<[4, 3], f32>
  %q = harp_graph.move pad %e [1, 1, 0, 0] : !harp_graph.tensor<[4, 3], f32> -> !harp_graph.tensor<[6, 3], f32>
  harp_graph.return %q : !harp_graph.tensor<[6, 3], f32>
}

// -----

// expected-error @+1 {{harp-lower-graph: !harp_graph.tensor<[M, 8], f32> has symbolic sizes; bind them first (-D NAME=SIZE, or harp-graph-specialize)}}
harp_graph.graph @unbound<M>(%x: !harp_graph.tensor<[M, 8], f32>) -> !harp_graph.tensor<[M, 8], f32> {
  harp_graph.return %x : !harp_graph.tensor<[M, 8], f32>
}
