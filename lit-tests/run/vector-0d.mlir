// 0-D vectors (one-lane LLVM vectors once lowered): broadcast, arithmetic, insert,
// extract, reduction and shuffle, interpreted and compiled (-O0, -O2). With x = 1.5,
// y = 4: (x + x) + x * 4 = 9, then the sum of the shuffle [b, a, b] with a = 1.5 and
// b = 9: 19.5.
// RUN: pto-run --interpret %s -e f --arg 1.5 --arg 4.0 | FileCheck %s
// RUN: pto-run -O0 %s -e f --arg 1.5 --arg 4.0 | FileCheck %s
// RUN: pto-run -O2 %s -e f --arg 1.5 --arg 4.0 | FileCheck %s
// CHECK: 9
// CHECK-NEXT: 19.5

func.func @f(%x: f32, %y: f32) -> (f32, f32) {
  %a = vector.broadcast %x : f32 to vector<f32>
  %s = arith.addf %a, %a : vector<f32>
  %m = vector.insert %y, %a[] : f32 into vector<f32>
  %p = arith.mulf %a, %m : vector<f32>
  %t = arith.addf %s, %p : vector<f32>
  %r = vector.reduction <add>, %t : vector<f32> into f32
  %e = vector.extract %t[] : f32 from vector<f32>
  %sh = vector.shuffle %t, %a [0, 1, 0] : vector<f32>, vector<f32>
  %sum = vector.reduction <add>, %sh : vector<3xf32> into f32
  %eq = arith.cmpf oeq, %r, %e : f32
  cf.assert %eq, "reduction of one lane is the lane"
  return %r, %sum : f32, f32
}
