// harp-graph-specialize: sizes bound by name, or from the entry's argument shapes
// (what pto-run passes), which must agree with each other and with known sizes.
// RUN: %pto-opt %s --harp-graph-specialize=sizes=N=8 | FileCheck %s --check-prefix=NAMED
// RUN: %pto-opt %s '--harp-graph-specialize=entry=f shapes=3x8;8' | FileCheck %s --check-prefix=SHAPES
// RUN: not %pto-opt %s '--harp-graph-specialize=entry=f shapes=3x8;5' 2>&1 | FileCheck %s --check-prefix=CONFLICT
// RUN: not %pto-opt %s '--harp-graph-specialize=entry=f shapes=3x8' 2>&1 | FileCheck %s --check-prefix=COUNT
// RUN: not %pto-opt %s --harp-graph-specialize=sizes=N=0 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: rm -rf %t && mkdir -p %t && %python -c "import numpy as np; np.save('%t/a.npy', np.ones((3, 8), np.float32)); np.save('%t/b.npy', np.ones(5, np.float32))"
// RUN: not pto-run %s -e f --arg %t/a.npy --arg %t/b.npy 2>&1 | FileCheck %s --check-prefix=RUNERR

// NAMED: harp_graph.graph @f<M>(%arg0: !harp_graph.tensor<[M, 8], f32>, %arg1: !harp_graph.tensor<[8], f32>) -> !harp_graph.tensor<[M, 8], f32>
// SHAPES: harp_graph.graph @f(%arg0: !harp_graph.tensor<[3, 8], f32>, %arg1: !harp_graph.tensor<[8], f32>) -> !harp_graph.tensor<[3, 8], f32>
// SHAPES: harp_graph.binary add %arg0, %arg1 : !harp_graph.tensor<[3, 8], f32>, !harp_graph.tensor<[8], f32> -> !harp_graph.tensor<[3, 8], f32>
// CONFLICT: error: harp-graph-specialize: @f: size 'N' is 8 by an earlier argument but 5 by argument 1
// COUNT: error: harp-graph-specialize: @f: the graph takes 2 arguments, got 1
// BAD: error: harp-graph-specialize: the size of 'N' must be at least 1, got 0
// RUNERR: size 'N' is 8 by an earlier argument but 5 by argument 1
harp_graph.graph @f<M, N>(%a: !harp_graph.tensor<[M, N], f32>, %b: !harp_graph.tensor<[N], f32>) -> !harp_graph.tensor<[M, N], f32> {
  %s = harp_graph.binary add %a, %b : !harp_graph.tensor<[M, N], f32>, !harp_graph.tensor<[N], f32> -> !harp_graph.tensor<[M, N], f32>
  harp_graph.return %s : !harp_graph.tensor<[M, N], f32>
}
