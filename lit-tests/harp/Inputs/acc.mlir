// A reduction whose loads walk the innermost launch dimension contiguously (here a
// matmul row) is scheduled with the reduced loop outside it, adding into the stored
// element (same order per element, vectorizable over n). Exp2 is exp(f ln 2) * 2^n.
// (Checked by to-loops.mlir, and run against numpy there.)
// CHECK-LABEL: func.func @acc(
// CHECK:         scf.parallel (%[[M:.*]]) =
// CHECK:           scf.for %[[N0:.*]] =
// CHECK:             memref.store %{{.*}}, %[[OUT:.*]][%{{.*}}] : memref<8xf32>
// CHECK:           scf.for %[[K:.*]] =
// CHECK-NEXT:        scf.for %[[N:.*]] =
// CHECK:               memref.load %[[OUT]]
// CHECK:               arith.addf
// CHECK:               memref.store %{{.*}}, %[[OUT]]
// CHECK:           scf.for
// CHECK:             math.roundeven
// CHECK:             math.exp
// CHECK:             arith.bitcast
harp.func @acc args [0, 1] ret 2 memory 192
    buffers [#harp.buffer<0, f32, size 24, offset 0, host, shape [2, 3]>,
             #harp.buffer<1, f32, size 48, offset 64, host, shape [3, 4]>,
             #harp.buffer<2, f32, size 32, offset 128, host, shape [2, 4]>] {
  harp.kernel "mm" launch [2, 4] reads [0, 1] writes [2] {
    %s = harp.reduce Sum [3] : f32 {
      %a = harp.load 0 <shape [2, 4, 3], strides [3, 0, 1]> : f32
      %b = harp.load 1 <shape [2, 4, 3], strides [0, 1, 4]> : f32
      %p = harp.alu Mul %a, %b : f32
      harp.yield %p : f32
    }
    %e = harp.alu Exp2 %s : f32
    harp.store %e, 2 <shape [2, 4], strides [4, 1]> : f32
  }
}
