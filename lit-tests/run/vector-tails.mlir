// Vector loops with a tail: transfers that run past the end of a dynamically sized row
// (a reinterpret_cast view) read the padding and write only the lanes in bounds (masked
// loads and stores after lowering). Run by the interpreter and compiled (-O0, -O2); the compiled kernels must
// match the interpreter exactly. `squares` writes row 5 from row 0 for n = 13 (the
// lanes after 13 must keep their old values); `padded_sum` adds 3 elements and 5 lanes
// of padding 0.5.
// RUN: pto-run --interpret %s -e squares --arg %S/Inputs/vector_m.npy --arg 13 --save-arg 0=%t.ref.npy
// RUN: pto-run -O0 %s -e squares --arg %S/Inputs/vector_m.npy --arg 13 --expect-arg 0=%t.ref.npy --rtol 0 --atol 0
// RUN: pto-run -O2 %s -e squares --arg %S/Inputs/vector_m.npy --arg 13 --expect-arg 0=%t.ref.npy --rtol 0 --atol 0
// RUN: pto-run --interpret %s -e padded_sum --arg %S/Inputs/vector_m.npy --arg 3 > %t.interp
// RUN: pto-run -O0 %s -e padded_sum --arg %S/Inputs/vector_m.npy --arg 3 > %t.o0
// RUN: pto-run -O2 %s -e padded_sum --arg %S/Inputs/vector_m.npy --arg 3 > %t.o2
// RUN: diff %t.interp %t.o0
// RUN: diff %t.interp %t.o2
// The padding is in the sum: with n = 0 it is 8 * 0.5.
// RUN: pto-run -O2 %s -e padded_sum --arg %S/Inputs/vector_m.npy --arg 0 | FileCheck %s --check-prefix=EMPTY
// EMPTY: 4

func.func @squares(%m: memref<16x32xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %pad = arith.constant 0.0 : f32
  %src = memref.reinterpret_cast %m to offset: [0], sizes: [1, %n], strides: [32, 1] : memref<16x32xf32> to memref<1x?xf32, strided<[32, 1]>>
  %dst = memref.reinterpret_cast %m to offset: [160], sizes: [1, %n], strides: [32, 1] : memref<16x32xf32> to memref<1x?xf32, strided<[32, 1], offset: 160>>
  scf.for %i = %c0 to %n step %c8 {
    %x = vector.transfer_read %src[%c0, %i], %pad : memref<1x?xf32, strided<[32, 1]>>, vector<8xf32>
    %y = arith.mulf %x, %x : vector<8xf32>
    vector.transfer_write %y, %dst[%c0, %i] : vector<8xf32>, memref<1x?xf32, strided<[32, 1], offset: 160>>
  }
  return
}

func.func @padded_sum(%m: memref<16x32xf32>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.5 : f32
  %src = memref.reinterpret_cast %m to offset: [0], sizes: [1, %n], strides: [32, 1] : memref<16x32xf32> to memref<1x?xf32, strided<[32, 1]>>
  %x = vector.transfer_read %src[%c0, %c0], %pad : memref<1x?xf32, strided<[32, 1]>>, vector<8xf32>
  %s = vector.reduction <add>, %x : vector<8xf32> into f32
  return %s : f32
}
