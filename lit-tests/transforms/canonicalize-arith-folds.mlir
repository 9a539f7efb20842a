// canonicalize: the folders of arith's rounding divisions, remf, negf, the extended
// operations and the float casts, as MLIR 22's (division by one is the dividend;
// no fold by zero, on overflow, for an invalid or, for truncf, inexact cast); cmpf,
// and/or/div identities, and constant folding of dense (vector) operands and of the
// 16-bit float formats.
// RUN: %pto-opt %s --canonicalize --split-input-file | FileCheck %s
// RUN: %compat %s --canonicalize --split-input-file
// RUN: %compat %s --canonicalize=top-down=false --mlir-print-debuginfo --split-input-file

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

// -----

// cmpf: scalar constants compare as APFloat does (-0 == +0); a NaN operand decides
// alone; f16 too.
// CHECK-LABEL: func.func @cmpf_constants(
// CHECK-NEXT:    %[[TRUE:.*]] = arith.constant true
// CHECK-NEXT:    %[[FALSE:.*]] = arith.constant false
// CHECK-NEXT:    %[[V0:.*]] = arith.cmpf oeq, %arg0, %arg0 : f32
// CHECK-NEXT:    return %[[TRUE]], %[[FALSE]], %[[TRUE]], %[[FALSE]], %[[TRUE]], %[[TRUE]], %[[V0]], %[[TRUE]] : i1, i1, i1, i1, i1, i1, i1, i1
// CHECK-NEXT:  }
func.func @cmpf_constants(%x: f32) -> (i1, i1, i1, i1, i1, i1, i1, i1) {
  %a = arith.constant 1.0 : f32
  %b = arith.constant 2.0 : f32
  %nan = arith.constant 0x7FC00000 : f32
  %z = arith.constant 0.0 : f32
  %nz = arith.constant -0.0 : f32
  %0 = arith.cmpf olt, %a, %b : f32
  %1 = arith.cmpf uge, %a, %b : f32
  %2 = arith.cmpf uno, %x, %nan : f32
  %3 = arith.cmpf one, %nan, %x : f32
  %4 = arith.cmpf oeq, %z, %nz : f32
  %5 = arith.cmpf ueq, %nan, %a : f32
  // Not both constant: kept (no rule for equal operands).
  %6 = arith.cmpf oeq, %x, %x : f32
  %h = arith.constant 1.5 : f16
  %i = arith.constant 1.25 : f16
  %7 = arith.cmpf ogt, %h, %i : f16
  return %0, %1, %2, %3, %4, %5, %6, %7 : i1, i1, i1, i1, i1, i1, i1, i1
}

// -----

// addui_extended: x + 0 is x without overflow; constants fold to the wrapped sum and
// the carry, elementwise on vectors.
// CHECK-LABEL: func.func @addui_extended(
// CHECK-NEXT:    %[[FALSE:.*]] = arith.constant false
// CHECK-NEXT:    %[[C3_I32:.*]] = arith.constant 3 : i32
// CHECK-NEXT:    %[[TRUE:.*]] = arith.constant true
// CHECK-NEXT:    %[[C12_I32:.*]] = arith.constant 12 : i32
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[-56, 44]> : vector<2xi8>
// CHECK-NEXT:    %[[CST_0:.*]] = arith.constant dense<[false, true]> : vector<2xi1>
// CHECK-NEXT:    return %arg0, %[[FALSE]], %[[C3_I32]], %[[TRUE]], %[[C12_I32]], %[[FALSE]], %[[CST]], %[[CST_0]] : i32, i1, i32, i1, i32, i1, vector<2xi8>, vector<2xi1>
// CHECK-NEXT:  }
func.func @addui_extended(%x: i32, %v: vector<2xi8>) -> (i32, i1, i32, i1, i32, i1, vector<2xi8>, vector<2xi1>) {
  %c0 = arith.constant 0 : i32
  %c5 = arith.constant 5 : i32
  %m2 = arith.constant -2 : i32
  %c7 = arith.constant 7 : i32
  %s0, %o0 = arith.addui_extended %x, %c0 : i32, i1
  %s1, %o1 = arith.addui_extended %c5, %m2 : i32, i1
  %s2, %o2 = arith.addui_extended %c5, %c7 : i32, i1
  %a = arith.constant dense<[100, 200]> : vector<2xi8>
  %b = arith.constant dense<[100, 100]> : vector<2xi8>
  %s3, %o3 = arith.addui_extended %a, %b : vector<2xi8>, vector<2xi1>
  return %s0, %o0, %s1, %o1, %s2, %o2, %s3, %o3 : i32, i1, i32, i1, i32, i1, vector<2xi8>, vector<2xi1>
}

// -----

// and(a, and(a, b)) is and(a, b); or(x, not(x)) is the all-ones mask operand.
// CHECK-LABEL: func.func @logic(
// CHECK-NEXT:    %[[C_1_I32:.*]] = arith.constant -1 : i32
// CHECK-NEXT:    %[[V0:.*]] = arith.andi %arg0, %arg1 : i32
// CHECK-NEXT:    return %[[V0]], %[[V0]], %[[C_1_I32]], %[[C_1_I32]] : i32, i32, i32, i32
// CHECK-NEXT:  }
func.func @logic(%a: i32, %b: i32) -> (i32, i32, i32, i32) {
  %m = arith.constant -1 : i32
  %ab = arith.andi %a, %b : i32
  %0 = arith.andi %a, %ab : i32
  %1 = arith.andi %ab, %b : i32
  %n = arith.xori %a, %m : i32
  %2 = arith.ori %a, %n : i32
  %3 = arith.ori %n, %a : i32
  return %0, %1, %2, %3 : i32, i32, i32, i32
}

// -----

// (a * b) / b is a when the product carries nuw (divui) or nsw (divsi).
// CHECK-LABEL: func.func @div_of_mul(
// CHECK-NEXT:    %[[V0:.*]] = arith.muli %arg0, %arg1 : i32
// CHECK-NEXT:    %[[V1:.*]] = arith.divsi %[[V0]], %arg1 : i32
// CHECK-NEXT:    return %arg0, %arg1, %[[V1]], %arg0 : i32, i32, i32, i32
// CHECK-NEXT:  }
func.func @div_of_mul(%x: i32, %y: i32) -> (i32, i32, i32, i32) {
  %u = arith.muli %x, %y overflow<nuw> : i32
  %0 = arith.divui %u, %y : i32
  %s = arith.muli %x, %y overflow<nsw, nuw> : i32
  %1 = arith.divsi %s, %x : i32
  // Without the flag the division stays.
  %p = arith.muli %x, %y : i32
  %2 = arith.divsi %p, %y : i32
  %3 = arith.divui %s, %y : i32
  return %0, %1, %2, %3 : i32, i32, i32, i32
}

// -----

// x * 0 is the zero operand under nnan and nsz (scalar or splat, either sign).
// CHECK-LABEL: func.func @mulf_zero(
// CHECK-NEXT:    %[[CST:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:    %[[CST_0:.*]] = arith.constant -0.000000e+00 : f32
// CHECK-NEXT:    %[[CST_1:.*]] = arith.constant dense<0.000000e+00> : vector<2xf32>
// CHECK-NEXT:    %[[V0:.*]] = arith.mulf %arg0, %[[CST]] fastmath<nnan> : f32
// CHECK-NEXT:    return %[[CST]], %[[CST_0]], %[[CST_1]], %[[V0]] : f32, f32, vector<2xf32>, f32
// CHECK-NEXT:  }
func.func @mulf_zero(%x: f32, %v: vector<2xf32>) -> (f32, f32, vector<2xf32>, f32) {
  %z = arith.constant 0.0 : f32
  %nz = arith.constant -0.0 : f32
  %vz = arith.constant dense<0.0> : vector<2xf32>
  %0 = arith.mulf %x, %z fastmath<nnan,nsz> : f32
  %1 = arith.mulf %x, %nz fastmath<fast> : f32
  %2 = arith.mulf %v, %vz fastmath<nnan,nsz> : vector<2xf32>
  // Without both flags the product stays.
  %3 = arith.mulf %x, %z fastmath<nnan> : f32
  return %0, %1, %2, %3 : f32, f32, vector<2xf32>, f32
}

// -----

// Dense integer constants fold elementwise (splats to splats); equal operands and
// identities also on vectors.
// CHECK-LABEL: func.func @vector_ints(
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[4, 5, 6, -1]> : vector<4xi32>
// CHECK-NEXT:    %[[CST_0:.*]] = arith.constant dense<false> : vector<4xi1>
// CHECK-NEXT:    %[[CST_1:.*]] = arith.constant dense<[3, 2, 3, -4]> : vector<4xi32>
// CHECK-NEXT:    %[[CST_2:.*]] = arith.constant dense<[1, 2, 3, -4]> : vector<4xi64>
// CHECK-NEXT:    %[[CST_3:.*]] = arith.constant dense<[1, 2, 3, -4]> : vector<4xi8>
// CHECK-NEXT:    %[[CST_4:.*]] = arith.constant dense<9> : vector<4xi32>
// CHECK-NEXT:    %[[CST_5:.*]] = arith.constant dense<true> : vector<4xi1>
// CHECK-NEXT:    %[[CST_6:.*]] = arith.constant dense<0> : vector<4xi32>
// CHECK-NEXT:    return %[[CST]], %arg0, %[[CST_0]], %[[CST_1]], %[[CST_2]], %[[CST_3]], %[[CST_4]], %[[CST_5]], %[[CST_6]] : vector<4xi32>, vector<4xi32>, vector<4xi1>, vector<4xi32>, vector<4xi64>, vector<4xi8>, vector<4xi32>, vector<4xi1>, vector<4xi32>
// CHECK-NEXT:  }
func.func @vector_ints(%v: vector<4xi32>) -> (vector<4xi32>, vector<4xi32>, vector<4xi1>, vector<4xi32>, vector<4xi64>, vector<4xi8>, vector<4xi32>, vector<4xi1>, vector<4xi32>) {
  %a = arith.constant dense<3> : vector<4xi32>
  %b = arith.constant dense<[1, 2, 3, -4]> : vector<4xi32>
  %0 = arith.addi %a, %b : vector<4xi32>
  %z = arith.constant dense<0> : vector<4xi32>
  %1 = arith.addi %v, %z : vector<4xi32>
  %2 = arith.cmpi slt, %a, %b : vector<4xi32>
  %c = arith.constant dense<[true, false, true, false]> : vector<4xi1>
  %3 = arith.select %c, %a, %b : vector<4xi1>, vector<4xi32>
  %4 = arith.extsi %b : vector<4xi32> to vector<4xi64>
  %5 = arith.trunci %b : vector<4xi32> to vector<4xi8>
  %6 = arith.muli %a, %a : vector<4xi32>
  %7 = arith.cmpi ule, %v, %v : vector<4xi32>
  %8 = arith.subi %v, %v : vector<4xi32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : vector<4xi32>, vector<4xi32>, vector<4xi1>, vector<4xi32>, vector<4xi64>, vector<4xi8>, vector<4xi32>, vector<4xi1>, vector<4xi32>
}

// -----

// Dense float constants fold elementwise: arithmetic, negf, casts, remf.
// CHECK-LABEL: func.func @vector_floats(
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[1.750000e+00, -1.750000e+00]> : vector<2xf32>
// CHECK-NEXT:    %[[CST_0:.*]] = arith.constant dense<[2.500000e-01, 9.000000e+00]> : vector<2xf16>
// CHECK-NEXT:    %[[CST_1:.*]] = arith.constant dense<[-1.500000e+00, 2.000000e+00]> : vector<2xf32>
// CHECK-NEXT:    %[[CST_2:.*]] = arith.constant dense<[1, -2]> : vector<2xi32>
// CHECK-NEXT:    %[[CST_3:.*]] = arith.constant dense<[1.500000e+00, -2.000000e+00]> : vector<2xf64>
// CHECK-NEXT:    %[[CST_4:.*]] = arith.constant dense<[7.000000e+00, -9.000000e+00]> : vector<2xf32>
// CHECK-NEXT:    %[[CST_5:.*]] = arith.constant dense<[0.000000e+00, -0.000000e+00]> : vector<2xf32>
// CHECK-NEXT:    return %[[CST]], %[[CST_0]], %[[CST_1]], %[[CST_2]], %[[CST_3]], %[[CST_4]], %[[CST_5]] : vector<2xf32>, vector<2xf16>, vector<2xf32>, vector<2xi32>, vector<2xf64>, vector<2xf32>, vector<2xf32>
// CHECK-NEXT:  }
func.func @vector_floats() -> (vector<2xf32>, vector<2xf16>, vector<2xf32>, vector<2xi32>, vector<2xf64>, vector<2xf32>, vector<2xf32>) {
  %a = arith.constant dense<[1.5, -2.0]> : vector<2xf32>
  %b = arith.constant dense<0.25> : vector<2xf32>
  %0 = arith.addf %a, %b : vector<2xf32>
  %h = arith.constant dense<[0.5, 3.0]> : vector<2xf16>
  %1 = arith.mulf %h, %h : vector<2xf16>
  %2 = arith.negf %a : vector<2xf32>
  %3 = arith.fptosi %a : vector<2xf32> to vector<2xi32>
  %4 = arith.extf %a : vector<2xf32> to vector<2xf64>
  %i = arith.constant dense<[7, -9]> : vector<2xi32>
  %5 = arith.sitofp %i : vector<2xi32> to vector<2xf32>
  %6 = arith.remf %a, %b : vector<2xf32>
  return %0, %1, %2, %3, %4, %5, %6 : vector<2xf32>, vector<2xf16>, vector<2xf32>, vector<2xi32>, vector<2xf64>, vector<2xf32>, vector<2xf32>
}

// -----

// f16 and bf16 constants fold with one rounding to nearest even (overflow to inf,
// subnormal results); truncf only when exact; integers round once.
// CHECK-LABEL: func.func @half_floats(
// CHECK-NEXT:    %[[CST:.*]] = arith.constant 9.007190e+15 : bf16
// CHECK-NEXT:    %[[CST_0:.*]] = arith.constant 5.000000e-01 : f16
// CHECK-NEXT:    %[[CST_1:.*]] = arith.constant 1.000000e-01 : f32
// CHECK-NEXT:    %[[CST_2:.*]] = arith.constant 3.332520e-01 : f16
// CHECK-NEXT:    %[[CST_3:.*]] = arith.constant 4.125000e+00 : bf16
// CHECK-NEXT:    %[[CST_4:.*]] = arith.constant 0x7C00 : f16
// CHECK-NEXT:    %[[CST_5:.*]] = arith.constant 1.788140e-07 : f16
// CHECK-NEXT:    %[[CST_6:.*]] = arith.constant 3.000000e+00 : f32
// CHECK-NEXT:    %[[V0:.*]] = arith.truncf %[[CST_1]] : f32 to f16
// CHECK-NEXT:    return %[[CST_2]], %[[CST_3]], %[[CST_4]], %[[CST_5]], %[[CST_6]], %[[V0]], %[[CST_0]], %[[CST]], %[[CST_4]] : f16, bf16, f16, f16, f32, f16, f16, bf16, f16
// CHECK-NEXT:  }
func.func @half_floats() -> (f16, bf16, f16, f16, f32, f16, f16, bf16, f16) {
  %a = arith.constant 1.0 : f16
  %b = arith.constant 3.0 : f16
  %0 = arith.divf %a, %b : f16
  %c = arith.constant 1.5 : bf16
  %d = arith.constant 2.75 : bf16
  %1 = arith.mulf %c, %d : bf16
  %big = arith.constant 60000.0 : f16
  %2 = arith.addf %big, %big : f16
  %tiny = arith.constant 6.0e-8 : f16
  %3 = arith.mulf %tiny, %b : f16
  %4 = arith.extf %b : f16 to f32
  %e = arith.constant 0.1 : f32
  %5 = arith.truncf %e : f32 to f16
  %f = arith.constant 0.5 : f32
  %6 = arith.truncf %f : f32 to f16
  %l = arith.constant 9007199791611905 : i64
  %7 = arith.sitofp %l : i64 to bf16
  %m = arith.constant 65520 : i32
  %8 = arith.uitofp %m : i32 to f16
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : f16, bf16, f16, f16, f32, f16, f16, bf16, f16
}

// -----

// The extended multiplications fold elementwise.
// CHECK-LABEL: func.func @mul_extended_vectors(
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[44, -21]> : vector<2xi8>
// CHECK-NEXT:    %[[CST_0:.*]] = arith.constant dense<[1, 6]> : vector<2xi8>
// CHECK-NEXT:    %[[CST_1:.*]] = arith.constant dense<[1, -1]> : vector<2xi8>
// CHECK-NEXT:    return %[[CST]], %[[CST_0]], %[[CST]], %[[CST_1]] : vector<2xi8>, vector<2xi8>, vector<2xi8>, vector<2xi8>
// CHECK-NEXT:  }
func.func @mul_extended_vectors() -> (vector<2xi8>, vector<2xi8>, vector<2xi8>, vector<2xi8>) {
  %a = arith.constant dense<[100, -3]> : vector<2xi8>
  %b = arith.constant dense<[3, 7]> : vector<2xi8>
  %l, %h = arith.mului_extended %a, %b : vector<2xi8>
  %l2, %h2 = arith.mulsi_extended %a, %b : vector<2xi8>
  return %l, %h, %l2, %h2 : vector<2xi8>, vector<2xi8>, vector<2xi8>, vector<2xi8>
}

// -----

// An i64 needing more than one rounding step in f64 rounds once to bf16.
// CHECK-LABEL: func.func @int_to_bf16(
// CHECK-NEXT:    %[[CST:.*]] = arith.constant 1.161930e+18 : bf16
// CHECK-NEXT:    %[[CST_0:.*]] = arith.constant 2.048000e+03 : f16
// CHECK-NEXT:    %[[CST_1:.*]] = arith.constant -1.161930e+18 : bf16
// CHECK-NEXT:    return %[[CST]], %[[CST_0]], %[[CST_1]] : bf16, f16, bf16
// CHECK-NEXT:  }
func.func @int_to_bf16() -> (bf16, f16, bf16) {
  %l = arith.constant 1157425104234217473 : i64
  %0 = arith.sitofp %l : i64 to bf16
  %m = arith.constant 2049 : i32
  %1 = arith.uitofp %m : i32 to f16
  %n = arith.constant -1157425104234217473 : i64
  %2 = arith.sitofp %n : i64 to bf16
  return %0, %1, %2 : bf16, f16, bf16
}

// -----

// min/max of splats; shifts of element lists fold as MLIR's folders do (an element
// shifted by the width or more is shifted out, but only the last element's amount
// decides whether the fold counts); unsigned results of index ops sign-extended.
// CHECK-LABEL: func.func @elementwise_edges(
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<false> : vector<2xi1>
// CHECK-NEXT:    %[[C9223372036854775803:.*]] = arith.constant 9223372036854775803 : index
// CHECK-NEXT:    %[[CST_0:.*]] = arith.constant dense<[0, 63, 9]> : vector<3xi8>
// CHECK-NEXT:    %[[CST_1:.*]] = arith.constant dense<3> : vector<3xi8>
// CHECK-NEXT:    %[[CST_2:.*]] = arith.constant dense<-4> : vector<3xi8>
// CHECK-NEXT:    %[[CST_3:.*]] = arith.constant dense<[0, 0, 3]> : vector<3xi8>
// CHECK-NEXT:    %[[V0:.*]] = arith.shli %[[CST_1]], %[[CST_0]] : vector<3xi8>
// CHECK-NEXT:    return %[[CST_2]], %[[CST_3]], %[[V0]], %[[C9223372036854775803]], %[[CST]] : vector<3xi8>, vector<3xi8>, vector<3xi8>, index, vector<2xi1>
// CHECK-NEXT:  }
func.func @elementwise_edges() -> (vector<3xi8>, vector<3xi8>, vector<3xi8>, index, vector<2xi1>) {
  %a = arith.constant dense<-128> : vector<3xi8>
  %b = arith.constant dense<-4> : vector<3xi8>
  %0 = arith.maxui %a, %b : vector<3xi8>
  %c = arith.constant dense<3> : vector<3xi8>
  %s = arith.constant dense<[5, 63, 0]> : vector<3xi8>
  %1 = arith.shrui %c, %s : vector<3xi8>
  %t = arith.constant dense<[0, 63, 9]> : vector<3xi8>
  %2 = arith.shli %c, %t : vector<3xi8>
  %m = arith.constant -9 : index
  %n = arith.constant 2 : index
  %3 = arith.divui %m, %n : index
  %f = arith.constant dense<false> : vector<2xi1>
  %g = arith.constant dense<[true, false]> : vector<2xi1>
  %4 = arith.shrui %f, %g : vector<2xi1>
  return %0, %1, %2, %3, %4 : vector<3xi8>, vector<3xi8>, vector<3xi8>, index, vector<2xi1>
}

// -----

// maxnumf/minnumf: a signaling NaN wins (quieted), a quiet NaN loses; maximumf and
// minimumf: the first NaN wins, quieted; payloads and zero signs are kept.
// CHECK-LABEL: func.func @nan_min_max(
// CHECK-NEXT:    %[[CST:.*]] = arith.constant -9.575000e+01 : f32
// CHECK-NEXT:    %[[CST_0:.*]] = arith.constant 0x7FE00000 : f32
// CHECK-NEXT:    %[[CST_1:.*]] = arith.constant 0xFFC00001 : f32
// CHECK-NEXT:    %[[CST_2:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:    %[[CST_3:.*]] = arith.constant -0.000000e+00 : f32
// CHECK-NEXT:    return %[[CST_0]], %[[CST]], %[[CST_1]], %[[CST_0]], %[[CST_2]], %[[CST_3]] : f32, f32, f32, f32, f32, f32
// CHECK-NEXT:  }
func.func @nan_min_max(%x: f32) -> (f32, f32, f32, f32, f32, f32) {
  %snan = arith.constant 0x7FA00000 : f32
  %qnan = arith.constant 0xFFC00001 : f32
  %a = arith.constant -95.75 : f32
  %z = arith.constant 0.0 : f32
  %nz = arith.constant -0.0 : f32
  %0 = arith.minnumf %snan, %a : f32
  %1 = arith.maxnumf %a, %qnan : f32
  %2 = arith.maximumf %qnan, %snan : f32
  %3 = arith.minimumf %a, %snan : f32
  %4 = arith.maxnumf %nz, %z : f32
  %5 = arith.minimumf %z, %nz : f32
  return %0, %1, %2, %3, %4, %5 : f32, f32, f32, f32, f32, f32
}

// -----

// The idempotent fold comes after the constant fold: or(c, c) materializes the result.
// CHECK-LABEL: func.func @idempotent_after_constant(
// CHECK-NEXT:    %[[C24_I32:.*]] = arith.constant 24 : i32
// CHECK-NEXT:    return %[[C24_I32]], %arg1 : i32, i32
// CHECK-NEXT:  }
func.func @idempotent_after_constant(%c: i1, %y: i32) -> (i32, i32) {
  %f = arith.constant false
  %k = arith.constant 24 : i32
  %s = arith.select %f, %y, %k : i32
  %0 = arith.ori %s, %k : i32
  %1 = arith.andi %y, %y : i32
  return %0, %1 : i32, i32
}
