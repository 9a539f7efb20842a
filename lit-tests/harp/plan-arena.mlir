// harp-plan-arena: buffers whose lifetimes do not meet share bytes, those that meet
// never do, offsets are 64-byte aligned, required_memory is the arena's end; the
// statistics report the max-live lower bound.
// RUN: %pto-opt %s --harp-plan-arena | FileCheck %s
// RUN: %pto-opt %s --harp-plan-arena --mlir-pass-statistics 2>&1 >/dev/null | FileCheck %s --check-prefix=STATS
// RUN: %pto-opt %s --harp-plan-arena=alignment=256 | FileCheck %s --check-prefix=ALIGN
// RUN: not %pto-opt %s --harp-plan-arena=alignment=48 2>&1 | FileCheck %s --check-prefix=BAD

// A chain x -> t1 -> t2 -> t3 -> y of 1 KiB buffers (x is read until kernel 1): at
// most three are live at once (x, t1, t2 at kernel 1), so the arena is 3 KiB, the
// lower bound; t3 reuses x's bytes and y t1's.
// CHECK: harp.func @chain args [0] ret 4 memory 3072 buffers [#harp.buffer<0, f32, size 1024, offset [[X:[0-9]+]], host, shape [256]>, #harp.buffer<1, f32, size 1024, offset [[T1:[0-9]+]], host>, #harp.buffer<2, f32, size 1024, offset {{[0-9]+}}, host>, #harp.buffer<3, f32, size 1024, offset [[X]], host>, #harp.buffer<4, f32, size 1024, offset [[T1]], host, shape [256]>]
// STATS: 3072 arena-bytes
// STATS: 3072 max-live-bytes
// ALIGN: memory 3072
// BAD: error: harp-plan-arena: alignment must be a power of two, got 48
harp.func @chain args [0] ret 4 memory 0
    buffers [#harp.buffer<0, f32, size 1024, offset 0, host, shape [256]>,
             #harp.buffer<1, f32, size 1024, offset 0, host>,
             #harp.buffer<2, f32, size 1024, offset 0, host>,
             #harp.buffer<3, f32, size 1024, offset 0, host>,
             #harp.buffer<4, f32, size 1024, offset 0, host, shape [256]>] {
  harp.kernel "k0" launch [256] reads [0] writes [1] {
    %x = harp.load 0 <shape [256], strides [1]> : f32
    harp.store %x, 1 <shape [256], strides [1]> : f32
  }
  harp.kernel "k1" launch [256] reads [0, 1] writes [2] {
    %x = harp.load 0 <shape [256], strides [1]> : f32
    %y = harp.load 1 <shape [256], strides [1]> : f32
    %z = harp.alu Add %x, %y : f32
    harp.store %z, 2 <shape [256], strides [1]> : f32
  }
  harp.kernel "k2" launch [256] reads [2] writes [3] {
    %x = harp.load 2 <shape [256], strides [1]> : f32
    harp.store %x, 3 <shape [256], strides [1]> : f32
  }
  harp.kernel "k3" launch [256] reads [3] writes [4] {
    %x = harp.load 3 <shape [256], strides [1]> : f32
    harp.store %x, 4 <shape [256], strides [1]> : f32
  }
}
