// vector.bitcast run by the interpreter and compiled (-O0, -O2): f32 bits as i32, a
// 2x2 f32 as 2x4 i16 (element 0 in the low half, as LLVM lays out vectors), an i8 as
// 8 i1 lanes (lane 0 the lowest bit). Values by hand: 1.5 = 0x3FC00000, -2.0 =
// 0xC0000000 (its high half -16384), -127 = 0b10000001.
// RUN: pto-run --interpret %s -e f --arg 1.5 --arg -2.0 --arg -127 | FileCheck %s
// RUN: pto-run -O0 %s -e f --arg 1.5 --arg -2.0 --arg -127 | FileCheck %s
// RUN: pto-run -O2 %s -e f --arg 1.5 --arg -2.0 --arg -127 | FileCheck %s
// CHECK: 1069547520
// CHECK-NEXT: -1073741824
// CHECK-NEXT: true
// CHECK-NEXT: true
// CHECK-NEXT: false
// CHECK-NEXT: -16384

func.func @f(%x: f32, %y: f32, %k: i8) -> (i32, i32, i1, i1, i1, i16) {
  %v = vector.from_elements %x, %y, %x, %y : vector<2x2xf32>
  %b = vector.bitcast %v : vector<2x2xf32> to vector<2x4xi16>
  %e:8 = vector.to_elements %b : vector<2x4xi16>
  %w = vector.from_elements %x, %y : vector<2xf32>
  %i = vector.bitcast %w : vector<2xf32> to vector<2xi32>
  %ie:2 = vector.to_elements %i : vector<2xi32>
  %kv = vector.from_elements %k : vector<1xi8>
  %bits = vector.bitcast %kv : vector<1xi8> to vector<8xi1>
  %be:8 = vector.to_elements %bits : vector<8xi1>
  return %ie#0, %ie#1, %be#0, %be#7, %be#1, %e#3 : i32, i32, i1, i1, i1, i16
}
