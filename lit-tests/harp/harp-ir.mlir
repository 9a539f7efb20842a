// Harp's printed form: imported (types inferred, buffers sized, arguments, result and
// arena derived), exported exactly as upstream prints, export -> import -> export a
// fixed point, run against numpy; the extensions (offset, valid, Cast, reduce) too.
// RUN: pto-translate --import-harp-ir %S/Inputs/two_kernels.harp | FileCheck %s --check-prefix=IR
// RUN: pto-translate --import-harp-ir %S/Inputs/two_kernels.harp | pto-translate --export-harp-ir | FileCheck %s --check-prefix=TEXT
// RUN: pto-translate --import-harp-ir %S/Inputs/two_kernels.harp | pto-translate --export-harp-ir > %t.harp
// RUN: pto-translate --import-harp-ir %t.harp | pto-translate --export-harp-ir | diff %t.harp -
// RUN: rm -rf %t.d && mkdir -p %t.d && %python %S/Inputs/gen.py %t.d
// RUN: pto-run %S/Inputs/two_kernels.harp -e add_relu --arg %t.d/a.npy --arg %t.d/b.npy --expect 0=%t.d/two_kernels.npy --rtol 0 --atol 0 > /dev/null

// IR: harp.func @add_relu args [0, 1] ret 3 memory {{[0-9]+}} buffers [#harp.buffer<0, f32, size 24, offset {{[0-9]+}}, host, shape [2, 3]>, #harp.buffer<1, f32, size 12, offset {{[0-9]+}}, host, shape [3]>, #harp.buffer<2, f32, size 24, offset {{[0-9]+}}, host>, #harp.buffer<3, f32, size 24, offset {{[0-9]+}}, host, shape [6]>]
// IR: harp.kernel "main_kernel" launch [2, 3] reads [0, 1] writes [2]
// IR: %3 = harp.const 0.000000e+00 : f32
// IR: %4 = harp.alu LessThan %3, %2 : f32 -> i1
// IR: harp.kernel "second" launch [6] reads [0, 2] writes [3]
// IR: harp.load 2 <shape [6], strides [1], valid [1 : 5]> : f32
// IR: harp.reduce Sum [2] : f32
// IR: harp.load 0 <shape [6, 2], strides [0, 3], offset 1> : f32
// IR: harp.alu Cast %{{.*}} : f32 -> i32
// TEXT:      function add_relu:
// TEXT-NEXT: kernel main_kernel:
// TEXT-NEXT:   v0 = load buf0[shape=[2, 3], map=(idx * 3) + idx]
// TEXT-NEXT:   v1 = load buf1[shape=[2, 3], map=0 + idx]
// TEXT-NEXT:   v2 = Add v0, v1
// TEXT-NEXT:   v3 = const 0
// TEXT-NEXT:   v4 = LessThan v3, v2
// TEXT-NEXT:   v5 = Where v4, v2, v3
// TEXT-NEXT:   store buf2[shape=[2, 3], map=(idx * 3) + idx] = v5
// TEXT-NEXT: kernel second:
// TEXT-NEXT:   v0 = load buf2[shape=[6], map=idx, valid=[1:5]]
// TEXT-NEXT:   v1 = reduce Sum [2]:
// TEXT-NEXT:     v2 = load buf0[shape=[6, 2], map=0 + (idx * 3) + 1]
// TEXT-NEXT:     yield v2
// TEXT-NEXT:   v3 = Add v0, v1
// TEXT-NEXT:   v4 = Cast v3 as i32
// TEXT-NEXT:   v5 = Cast v4 as f32
// TEXT-NEXT:   store buf3[shape=[6], map=idx] = v5
