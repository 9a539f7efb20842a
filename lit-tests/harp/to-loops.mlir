// convert-harp-to-loops: arguments read in place, the result allocated and returned,
// intermediates as views of one arena freed before the return, the launch grid's
// outer dimension an scf.parallel, views as index arithmetic, a reduction as an
// scf.for carrying its accumulator; mlir-opt parses and verifies the result.
// RUN: %pto-opt %s -split-input-file --convert-harp-to-loops --canonicalize -verify-diagnostics | FileCheck %s
// RUN: %pto-opt %s -split-input-file --convert-harp-to-loops -verify-diagnostics | %mlir-opt -split-input-file > /dev/null
// RUN: %pto-opt %S/Inputs/softmax.mlir --convert-harp-to-loops | %mlir-opt > /dev/null
// RUN: %pto-opt %S/Inputs/pad_flip.mlir --convert-harp-to-loops | %mlir-opt > /dev/null
// RUN: %pto-opt %S/Inputs/acc.mlir --convert-harp-to-loops --canonicalize | FileCheck %S/Inputs/acc.mlir
// RUN: rm -rf %t && mkdir -p %t && %python -c "import numpy as np; r = np.random.default_rng(3); a = r.standard_normal((2, 3)).astype(np.float32); b = r.standard_normal((3, 4)).astype(np.float32); np.save('%t/a.npy', a); np.save('%t/b.npy', b); np.save('%t/r.npy', np.exp2((a.astype(np.float64) @ b).astype(np.float32)).astype(np.float32))"
// RUN: pto-run %S/Inputs/acc.mlir -e acc --arg %t/a.npy --arg %t/b.npy --expect 0=%t/r.npy --rtol 1e-6 --atol 1e-7 > /dev/null
// RUN: pto-run %S/Inputs/acc.mlir -e acc --arg %t/a.npy --arg %t/b.npy --expect 0=%t/r.npy --rtol 1e-6 --atol 1e-7 --interpret > /dev/null

// CHECK-LABEL: func.func @two(%arg0: memref<4x8xf32>) -> memref<4xf32> {
// CHECK:         %[[RET:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK:         %[[X:.*]] = memref.reinterpret_cast %arg0 to offset: [0], sizes: [32], strides: [1] : memref<4x8xf32> to memref<32xf32>
// CHECK:         %[[ARENA:.*]] = memref.alloc() {alignment = 64 : i64} : memref<256xi8>
// CHECK:         %[[T:.*]] = memref.view %[[ARENA]][%{{.*}}][] : memref<256xi8> to memref<4xf32>
// CHECK:         scf.parallel (%[[I:.*]]) = (%{{.*}}) to (%{{.*}}) step (%{{.*}}) {
// CHECK:           %[[S:.*]] = scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (f32) {
// CHECK:             %[[R:.*]] = arith.muli %[[I]], %{{.*}} : index
// CHECK:             %[[E:.*]] = arith.addi %[[R]], %[[K]] : index
// CHECK:             %[[V:.*]] = memref.load %[[X]][%[[E]]] : memref<32xf32>
// CHECK:             %[[N:.*]] = arith.addf %[[ACC]], %[[V]] fastmath<reassoc> : f32
// CHECK:             scf.yield %[[N]] : f32
// CHECK:           memref.store %[[S]], %[[T]][%[[I]]] : memref<4xf32>
// CHECK:         scf.parallel
// CHECK:           memref.load %[[T]]
// CHECK:           math.sqrt
// CHECK:           memref.store %{{.*}}, %[[RET]]
// CHECK:         memref.dealloc %[[ARENA]] : memref<256xi8>
// CHECK:         return %[[RET]] : memref<4xf32>
harp.func @two args [0] ret 2 memory 256
    buffers [#harp.buffer<0, f32, size 128, offset 0, host, shape [4, 8]>,
             #harp.buffer<1, f32, size 16, offset 128, host>,
             #harp.buffer<2, f32, size 16, offset 192, host, shape [4]>] {
  harp.kernel "sum" launch [4] reads [0] writes [1] {
    %s = harp.reduce Sum [8] : f32 {
      %x = harp.load 0 <shape [4, 8], strides [8, 1]> : f32
      harp.yield %x : f32
    }
    harp.store %s, 1 <shape [4], strides [1]> : f32
  }
  harp.kernel "root" launch [4] reads [1] writes [2] {
    %s = harp.load 1 <shape [4], strides [1]> : f32
    %r = harp.alu Sqrt %s : f32
    harp.store %r, 2 <shape [4], strides [1]> : f32
  }
}

// -----

// An unplanned function (memory 0) whose intermediates need the arena.
// expected-error @+1 {{convert-harp-to-loops: function 'unplanned' has no arena yet (required_memory is 0); run harp-plan-arena first}}
harp.func @unplanned args [0] ret 2 memory 0
    buffers [#harp.buffer<0, f32, size 16, offset 0, host, shape [4]>,
             #harp.buffer<1, f32, size 16, offset 0, host>,
             #harp.buffer<2, f32, size 16, offset 0, host, shape [4]>] {
  harp.kernel "a" launch [4] reads [0] writes [1] {
    %x = harp.load 0 <shape [4], strides [1]> : f32
    harp.store %x, 1 <shape [4], strides [1]> : f32
  }
  harp.kernel "b" launch [4] reads [1] writes [2] {
    %x = harp.load 1 <shape [4], strides [1]> : f32
    harp.store %x, 2 <shape [4], strides [1]> : f32
  }
}

