// canonicalize: the folders of arith's rounding divisions, remf, negf, the extended
// multiplications and the float casts, as MLIR 22's (division by one is the dividend;
// no fold by zero, on overflow, for an invalid or, for truncf, inexact cast).
// RUN: %pto-opt %s --canonicalize --split-input-file | FileCheck %s
// RUN: %compat %s --canonicalize --split-input-file

// CHECK-LABEL: func.func @divisions(
// CHECK-DAG:     %[[M1:.*]] = arith.constant -1 : i8
// CHECK-DAG:     %[[M2:.*]] = arith.constant -2 : i8
// CHECK-DAG:     %[[P3:.*]] = arith.constant 3 : i8
// CHECK-DAG:     %[[P2:.*]] = arith.constant 2 : i8
// CHECK:         %[[N1:.*]] = arith.ceildivsi %{{.*}}, %{{.*}} : i8
// CHECK-NEXT:    %[[N2:.*]] = arith.floordivsi %{{.*}}, %{{.*}} : i8
// CHECK-NEXT:    %[[N3:.*]] = arith.ceildivui %{{.*}}, %{{.*}} : i8
// CHECK-NEXT:    return %[[P3]], %[[M1]], %[[M2]], %[[P2]], %[[P3]], %arg0, %arg0, %arg0, %[[N1]], %[[N2]], %[[N3]]
func.func @divisions(%x: i8) -> (i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8) {
  %c7 = arith.constant 7 : i8
  %cm7 = arith.constant -7 : i8
  %c3 = arith.constant 3 : i8
  %c4 = arith.constant 4 : i8
  %c1 = arith.constant 1 : i8
  %c0 = arith.constant 0 : i8
  %min = arith.constant -128 : i8
  %m1 = arith.constant -1 : i8
  // ceil(7 / 3) = 3, ceil(-7 / 4) = -1, floor(-7 / 4) = -2, floor(7 / 3) = 2
  %0 = arith.ceildivsi %c7, %c3 : i8
  %1 = arith.ceildivsi %cm7, %c4 : i8
  %2 = arith.floordivsi %cm7, %c4 : i8
  %3 = arith.floordivsi %c7, %c3 : i8
  // unsigned ceil(7 / 3) = 3
  %4 = arith.ceildivui %c7, %c3 : i8
  %5 = arith.ceildivsi %x, %c1 : i8
  %6 = arith.floordivsi %x, %c1 : i8
  %7 = arith.ceildivui %x, %c1 : i8
  // By zero and MIN / -1 do not fold.
  %8 = arith.ceildivsi %min, %c3 : i8
  %9 = arith.floordivsi %min, %m1 : i8
  %10 = arith.ceildivui %c7, %c0 : i8
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10 : i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8
}

// -----

// CHECK-LABEL: func.func @float_ops(
// CHECK-DAG:     %[[R:.*]] = arith.constant -1.000000e+00 : f32
// CHECK-DAG:     %[[NAN:.*]] = arith.constant 0x7FC00000 : f32
// CHECK-DAG:     %[[NEG:.*]] = arith.constant -1.500000e+00 : f32
// CHECK-DAG:     %[[H:.*]] = arith.constant -2.500000e-01 : f16
// CHECK:         return %[[R]], %[[NAN]], %[[NEG]], %arg0, %[[H]]
func.func @float_ops(%x: f32) -> (f32, f32, f32, f32, f16) {
  %a = arith.constant -7.0 : f32
  %b = arith.constant 2.0 : f32
  %z = arith.constant 0.0 : f32
  %p = arith.constant 1.5 : f32
  %h = arith.constant 0.25 : f16
  // fmod(-7, 2) = -1; fmod(x, 0) is NaN.
  %0 = arith.remf %a, %b : f32
  %1 = arith.remf %a, %z : f32
  %2 = arith.negf %p : f32
  %n = arith.negf %x : f32
  %3 = arith.negf %n : f32
  %4 = arith.negf %h : f16
  return %0, %1, %2, %3, %4 : f32, f32, f32, f32, f16
}

// -----

// CHECK-LABEL: func.func @mul_extended(
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : i8
// CHECK-DAG:     %[[C127:.*]] = arith.constant 127 : i8
// CHECK-DAG:     %[[CM2:.*]] = arith.constant -2 : i8
// CHECK:         return %[[CM2]], %[[C127]], %[[CM2]], %[[C0]], %arg0, %[[C0]], %[[C0]], %[[C0]]
func.func @mul_extended(%x: i8) -> (i8, i8, i8, i8, i8, i8, i8, i8) {
  %a = arith.constant -127 : i8
  %b = arith.constant -2 : i8
  %c0 = arith.constant 0 : i8
  %c1 = arith.constant 1 : i8
  // Unsigned 129 * 254 = 0x7FFE: low -2, high 127; signed -127 * -2 = 254: low -2, high 0.
  %ul, %uh = arith.mului_extended %a, %b : i8
  %sl, %sh = arith.mulsi_extended %a, %b : i8
  %ol, %oh = arith.mului_extended %x, %c1 : i8
  %zl, %zh = arith.mulsi_extended %x, %c0 : i8
  return %ul, %uh, %sl, %sh, %ol, %oh, %zl, %zh : i8, i8, i8, i8, i8, i8, i8, i8
}

// -----

// CHECK-LABEL: func.func @casts(
// CHECK-DAG:     %[[E:.*]] = arith.constant 1.500000e+00 : f64
// CHECK-DAG:     %[[T:.*]] = arith.constant 2.500000e-01 : f32
// CHECK-DAG:     %[[S:.*]] = arith.constant -3.000000e+00 : f32
// CHECK-DAG:     %[[U:.*]] = arith.constant 2.530000e+02 : f32
// CHECK-DAG:     %[[I:.*]] = arith.constant -2 : i8
// CHECK-DAG:     %[[J:.*]] = arith.constant 200 : i32
// CHECK:         %[[INEXACT:.*]] = arith.truncf %{{.*}} : f64 to f32
// CHECK-NEXT:    %[[RANGE:.*]] = arith.fptosi %{{.*}} : f32 to i8
// CHECK-NEXT:    %[[NEGU:.*]] = arith.fptoui %{{.*}} : f32 to i32
// CHECK-NEXT:    return %[[E]], %[[T]], %[[INEXACT]], %[[S]], %[[U]], %[[I]], %[[J]], %[[RANGE]], %[[NEGU]], %arg0
func.func @casts(%x: f32) -> (f64, f32, f32, f32, f32, i8, i32, i8, i32, f32) {
  %h = arith.constant 1.5 : f32
  %q = arith.constant 0.25 : f64
  %tenth = arith.constant 0.1 : f64
  %m3 = arith.constant -3 : i8
  %fd = arith.constant -3 : i8
  %m2f = arith.constant -2.75 : f32
  %big = arith.constant 200.5 : f32
  %neg = arith.constant -1.0 : f32
  %0 = arith.extf %h : f32 to f64
  %1 = arith.truncf %q : f64 to f32
  // 0.1 is not exact in f32: no fold.
  %2 = arith.truncf %tenth : f64 to f32
  %3 = arith.sitofp %m3 : i8 to f32
  // -3 as an unsigned i8 is 253.
  %4 = arith.uitofp %fd : i8 to f32
  %5 = arith.fptosi %m2f : f32 to i8
  %6 = arith.fptoui %big : f32 to i32
  // Out of range: no fold.
  %7 = arith.fptosi %big : f32 to i8
  %8 = arith.fptoui %neg : f32 to i32
  %e = arith.extf %x : f32 to f64
  %9 = arith.truncf %e : f64 to f32
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : f64, f32, f32, f32, f32, i8, i32, i8, i32, f32
}
