// Float attribute cases on which pto-opt disagrees with mlir-opt (see bugs.md).
// RUN: %pto-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: %roundtrip %s --allow-unregistered-dialect
// RUN: %compat %s

// Decimal literals for f80 and the 8/6/4-bit float types.
// CHECK-LABEL: module {
// CHECK-NEXT:   "xt.f.other"() {a = 0.100000000000000005551 : f80, b = 1.500000e+00 : f8E4M3FN, c = 9.375000e-02 : f8E5M2, d = 2.000000e+00 : f8E8M0FNU, e = 5.000000e-01 : f4E2M1FN, f = 1.250000e-01 : f6E3M2FN} : () -> ()
"xt.f.other"() {a = 0.1 : f80, b = 1.5 : f8E4M3FN, c = 0.1 : f8E5M2, d = 2.0 : f8E8M0FNU, e = 0.5 : f4E2M1FN, f = 0.1 : f6E3M2FN} : () -> ()
// CHECK-NEXT:   "xt.f.small"() {a = 1.000000e+00 : f8E4M3, b = 1.000000e+00 : f8E5M2FNUZ, c = 1.000000e+00 : f8E4M3FNUZ, d = 1.000000e+00 : f8E4M3B11FNUZ, e = 1.000000e+00 : f8E3M4, f = 1.000000e+00 : f6E2M3FN} : () -> ()
"xt.f.small"() {a = 1.0 : f8E4M3, b = 1.0 : f8E5M2FNUZ, c = 1.0 : f8E4M3FNUZ, d = 1.0 : f8E4M3B11FNUZ, e = 1.0 : f8E3M4, f = 1.0 : f6E2M3FN} : () -> ()
// Saturation to NaN in a type without infinity.
// CHECK-NEXT:   "xt.f.sat"() {a = 0x7F : f8E4M3FN} : () -> ()
"xt.f.sat"() {a = 1.0e20 : f8E4M3FN} : () -> ()
// Hex bit patterns of small floats print as values.
// CHECK-NEXT:   "xt.f.hexsmall"() {a = 1.000000e+00 : f8E4M3FN, b = 1.000000e+00 : f8E5M2, c = 1.000000e+00 : f8E8M0FNU, d = 1.000000e+00 : f4E2M1FN, e = 2.000000e+00 : f6E3M2FN, f = 2.000000e+00 : f8E3M4, g = 0.000000e+00 : f8E4M3FNUZ} : () -> ()
"xt.f.hexsmall"() {a = 0x38 : f8E4M3FN, b = 0x3C : f8E5M2, c = 0x7F : f8E8M0FNU, d = 0x2 : f4E2M1FN, e = 0x10 : f6E3M2FN, f = 0x40 : f8E3M4, g = 0x0 : f8E4M3FNUZ} : () -> ()
// CHECK-NEXT:   "xt.f.hexf80"() {a = 1.000000e+00 : f80} : () -> ()
"xt.f.hexf80"() {a = 0x3FFF8000000000000000 : f80} : () -> ()
// A decimal f128 literal is not rounded through f64 when printing.
// CHECK-NEXT:   "xt.f.f128"() {a = 0.100000000000000005551115123125782702 : f128} : () -> ()
"xt.f.f128"() {a = 0.1 : f128} : () -> ()
// CHECK-NEXT: }
