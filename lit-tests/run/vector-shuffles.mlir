// Element rearrangements run by the interpreter and compiled (lower-to-llvm, JIT at
// -O0 and -O2): vector.shuffle (1-D of equal and of different lengths, 0-D, n-D rows),
// vector.from_elements/to_elements (1-D and n-D), and the strided slices (1-D and n-D,
// inserted at an offset, of equal and lower rank). `rearrange` reads rows 0-3 of a
// 16x32 matrix and writes rows 8-11; pure data movement, so the compiled kernel must
// match the interpreter exactly. `pick` checks one computation by hand.
// RUN: pto-run --interpret %s -e rearrange --arg %S/Inputs/vector_m.npy --save-arg 0=%t.ref.npy
// RUN: pto-run -O0 %s -e rearrange --arg %S/Inputs/vector_m.npy --expect-arg 0=%t.ref.npy --rtol 0 --atol 0
// RUN: pto-run -O2 %s -e rearrange --arg %S/Inputs/vector_m.npy --expect-arg 0=%t.ref.npy --rtol 0 --atol 0
// RUN: pto-run --interpret %s -e pick --arg 1.0 --arg 2.0 --arg 3.0 | FileCheck %s --check-prefix=PICK
// RUN: pto-run -O0 %s -e pick --arg 1.0 --arg 2.0 --arg 3.0 | FileCheck %s --check-prefix=PICK
// RUN: pto-run -O2 %s -e pick --arg 1.0 --arg 2.0 --arg 3.0 | FileCheck %s --check-prefix=PICK
// The rows written differ from the rows read (the kernel did something).
// RUN: not pto-run %s -e rearrange --arg %S/Inputs/vector_m.npy --expect-arg 0=%S/Inputs/vector_m.npy --rtol 0 --atol 0 2>&1 | FileCheck %s --check-prefix=CHANGED
// CHANGED: differs

// (a, b, c) = (1, 2, 3): the shuffle gives (3, 1, 2), the 2x2 is [[3, 1], [2, 1]], its
// second row (2, 1): 3*1000 + 1*100 + 2*10 + 1.
// PICK: 3121
func.func @pick(%a: f32, %b: f32, %c: f32) -> f32 {
  %va = vector.from_elements %a, %b : vector<2xf32>
  %vc = vector.from_elements %c : vector<1xf32>
  %s = vector.shuffle %va, %vc [2, 0, 1] : vector<2xf32>, vector<1xf32>
  %e:3 = vector.to_elements %s : vector<3xf32>
  %m = vector.from_elements %e#0, %e#1, %e#2, %e#1 : vector<2x2xf32>
  %r = vector.extract_strided_slice %m {offsets = [1, 0], sizes = [1, 2], strides = [1, 1]} : vector<2x2xf32> to vector<1x2xf32>
  %x:2 = vector.to_elements %r : vector<1x2xf32>
  %c1000 = arith.constant 1000.0 : f32
  %c100 = arith.constant 100.0 : f32
  %c10 = arith.constant 10.0 : f32
  %t0 = arith.mulf %e#0, %c1000 : f32
  %t1 = arith.mulf %e#1, %c100 : f32
  %t2 = arith.mulf %x#0, %c10 : f32
  %s0 = arith.addf %t0, %t1 : f32
  %s1 = arith.addf %s0, %t2 : f32
  %s2 = arith.addf %s1, %x#1 : f32
  return %s2 : f32
}

func.func @rearrange(%m: memref<16x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c8 = arith.constant 8 : index
  %c9 = arith.constant 9 : index
  %c10 = arith.constant 10 : index
  %c11 = arith.constant 11 : index
  %c16 = arith.constant 16 : index
  %a = vector.load %m[%c0, %c0] : memref<16x32xf32>, vector<8xf32>
  %b = vector.load %m[%c1, %c0] : memref<16x32xf32>, vector<8xf32>
  %c = vector.load %m[%c2, %c0] : memref<16x32xf32>, vector<4xf32>
  %d = vector.load %m[%c3, %c0] : memref<16x32xf32>, vector<8xf32>
  // Row 8: a and b interleaved (operands of one type: a shufflevector), then c
  // shuffled against a (operands of different lengths).
  %ab = vector.shuffle %a, %b [0, 8, 1, 9, 2, 10, 3, 11, 15, 14, 13, 12, 4, 5, 6, 7] : vector<8xf32>, vector<8xf32>
  vector.store %ab, %m[%c8, %c0] : memref<16x32xf32>, vector<16xf32>
  %ca = vector.shuffle %c, %a [3, 11, 0, 2, 1, 4, 8, 5] : vector<4xf32>, vector<8xf32>
  vector.store %ca, %m[%c8, %c16] : memref<16x32xf32>, vector<8xf32>
  // Row 9: a as a 2x4 and c reversed as a 1x4, rows picked by a 2-D shuffle, a 2x3
  // slice of that inserted into a 3x8 of halves, and c inserted into its first row.
  %e:8 = vector.to_elements %a : vector<8xf32>
  %m2 = vector.from_elements %e#0, %e#1, %e#2, %e#3, %e#4, %e#5, %e#6, %e#7 : vector<2x4xf32>
  %ce:4 = vector.to_elements %c : vector<4xf32>
  %cr = vector.from_elements %ce#3, %ce#2, %ce#1, %ce#0 : vector<1x4xf32>
  %sh = vector.shuffle %m2, %cr [2, 1, 0] : vector<2x4xf32>, vector<1x4xf32>
  %sl = vector.extract_strided_slice %sh {offsets = [1, 1], sizes = [2, 3], strides = [1, 1]} : vector<3x4xf32> to vector<2x3xf32>
  %half = arith.constant 0.5 : f32
  %z = vector.broadcast %half : f32 to vector<3x8xf32>
  %i1 = vector.insert_strided_slice %sl, %z {offsets = [1, 4], strides = [1, 1]} : vector<2x3xf32> into vector<3x8xf32>
  %i2 = vector.insert_strided_slice %c, %i1 {offsets = [0, 2], strides = [1]} : vector<4xf32> into vector<3x8xf32>
  %r0 = vector.extract %i2[0] : vector<8xf32> from vector<3x8xf32>
  %r1 = vector.extract %i2[1] : vector<8xf32> from vector<3x8xf32>
  %r2 = vector.extract %i2[2] : vector<8xf32> from vector<3x8xf32>
  vector.store %r0, %m[%c9, %c0] : memref<16x32xf32>, vector<8xf32>
  vector.store %r1, %m[%c9, %c8] : memref<16x32xf32>, vector<8xf32>
  vector.store %r2, %m[%c9, %c16] : memref<16x32xf32>, vector<8xf32>
  // Row 10: a 1-D slice of d, and c inserted into d at lane 2.
  %ds = vector.extract_strided_slice %d {offsets = [3], sizes = [4], strides = [1]} : vector<8xf32> to vector<4xf32>
  vector.store %ds, %m[%c10, %c0] : memref<16x32xf32>, vector<4xf32>
  %di = vector.insert_strided_slice %c, %d {offsets = [2], strides = [1]} : vector<4xf32> into vector<8xf32>
  vector.store %di, %m[%c10, %c8] : memref<16x32xf32>, vector<8xf32>
  // Row 11: the 2x3 slice's elements reversed, and a shuffle of 0-D vectors.
  %t:6 = vector.to_elements %sl : vector<2x3xf32>
  %rev = vector.from_elements %t#5, %t#4, %t#3, %t#2, %t#1, %t#0 : vector<6xf32>
  vector.store %rev, %m[%c11, %c0] : memref<16x32xf32>, vector<6xf32>
  %z0 = vector.from_elements %e#0 : vector<f32>
  %z1 = vector.from_elements %e#7 : vector<f32>
  %s01 = vector.shuffle %z0, %z1 [1, 0, 1] : vector<f32>, vector<f32>
  vector.store %s01, %m[%c11, %c8] : memref<16x32xf32>, vector<3xf32>
  return
}
