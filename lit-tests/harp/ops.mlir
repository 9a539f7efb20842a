// The harp dialect's custom forms: every op, the buffer and view attributes (offset,
// negative strides, valid ranges), a reduction; custom and generic forms agree.
// RUN: %pto-opt %s | FileCheck %s
// RUN: %roundtrip %s

// CHECK-LABEL: harp.func @all args [0] ret 1 memory 256 buffers [#harp.buffer<0, f32, size 64, offset 0, host, shape [4, 4]>, #harp.buffer<1, f32, size 64, offset 64, host, shape [4, 4]>, #harp.buffer<2, i32, size 16, offset 128, device>] {
// CHECK:         harp.kernel "k0" launch [4] reads [0] writes [2] {
// CHECK-NEXT:      %[[S:.*]] = harp.reduce Max [4] : f32 {
// CHECK-NEXT:        %[[X:.*]] = harp.load 0 <shape [4, 4], strides [4, 1]> : f32
// CHECK-NEXT:        harp.yield %[[X]] : f32
// CHECK-NEXT:      }
// CHECK-NEXT:      %[[I:.*]] = harp.alu Cast %[[S]] : f32 -> i32
// CHECK-NEXT:      harp.store %[[I]], 2 <shape [4], strides [1]> : i32
// CHECK:         harp.kernel "k1" launch [4, 4] reads [0, 2] writes [1] {
// CHECK-NEXT:      %{{.*}} = harp.load 0 <shape [4, 4], strides [-4, 1], offset 12, valid [0 : 4, 1 : 4]> : f32
// CHECK-NEXT:      %{{.*}} = harp.load 2 <shape [4, 4], strides [1, 0]> : i32
// CHECK-NEXT:      %{{.*}} = harp.const 2 : i32
// CHECK-NEXT:      %{{.*}} = harp.alu Rem %{{.*}}, %{{.*}} : i32
// CHECK-NEXT:      %{{.*}} = harp.alu Max %{{.*}}, %{{.*}} : i32
// CHECK-NEXT:      %{{.*}} = harp.alu Cast %{{.*}} : i32 -> f32
// CHECK-NEXT:      %{{.*}} = harp.rand Normal <shape [4, 4], strides [4, 1]> seed 3 : f32
// CHECK-NEXT:      %{{.*}} = harp.alu LessThan %{{.*}}, %{{.*}} : f32 -> i1
// CHECK-NEXT:      %{{.*}} = harp.alu Where %{{.*}}, %{{.*}}, %{{.*}} : f32
// CHECK-NEXT:      %{{.*}} = harp.alu Sqrt %{{.*}} : f32
// CHECK-NEXT:      harp.store %{{.*}}, 1 <shape [4, 4], strides [4, 1]> : f32
harp.func @all args [0] ret 1 memory 256
    buffers [#harp.buffer<0, f32, size 64, offset 0, host, shape [4, 4]>,
             #harp.buffer<1, f32, size 64, offset 64, host, shape [4, 4]>,
             #harp.buffer<2, i32, size 16, offset 128, device>] {
  harp.kernel "k0" launch [4] reads [0] writes [2] {
    %s = harp.reduce Max [4] : f32 {
      %x = harp.load 0 <shape [4, 4], strides [4, 1]> : f32
      harp.yield %x : f32
    }
    %i = harp.alu Cast %s : f32 -> i32
    harp.store %i, 2 <shape [4], strides [1]> : i32
  }
  harp.kernel "k1" launch [4, 4] reads [0, 2] writes [1] {
    %x = harp.load 0 <shape [4, 4], strides [-4, 1], offset 12, valid [0 : 4, 1 : 4]> : f32
    %m = harp.load 2 <shape [4, 4], strides [1, 0]> : i32
    %two = harp.const 2 : i32
    %r = harp.alu Rem %m, %two : i32
    %mx = harp.alu Max %r, %m : i32
    %f = harp.alu Cast %mx : i32 -> f32
    %n = harp.rand Normal <shape [4, 4], strides [4, 1]> seed 3 : f32
    %lt = harp.alu LessThan %x, %n : f32 -> i1
    %w = harp.alu Where %lt, %f, %x : f32
    %q = harp.alu Sqrt %w : f32
    harp.store %q, 1 <shape [4, 4], strides [4, 1]> : f32
  }
}
