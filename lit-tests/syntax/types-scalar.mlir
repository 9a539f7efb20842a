// Builtin scalar types: integers, index, floats, none.
// RUN: %pto-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: %roundtrip %s --allow-unregistered-dialect
// RUN: %compat %s

// CHECK-LABEL: module {
// CHECK-NEXT:   %0:9 = "xt.ints"() : () -> (i1, i8, i16, i32, i64, i128, i7, i1024, i16777215)
"xt.ints"() : () -> (i1, i8, i16, i32, i64, i128, i7, i1024, i16777215)

// Signed and unsigned, leading zeros in the width are dropped.
// CHECK-NEXT:   %1:11 = "xt.signed"() : () -> (si1, si8, si32, si64, ui1, ui8, ui32, ui64, i7, si3, ui12)
"xt.signed"() : () -> (si1, si8, si32, si64, ui1, ui8, ui32, ui64, i007, si03, ui0012)

// Zero-width integers are valid.
// CHECK-NEXT:   %2:3 = "xt.zero"() : () -> (i0, si0, ui0)
"xt.zero"() : () -> (i0, si0, ui0)

// CHECK-NEXT:   %3 = "xt.index"() : () -> index
"xt.index"() : () -> index

// CHECK-NEXT:   %4:7 = "xt.floats"() : () -> (f16, bf16, tf32, f32, f64, f80, f128)
"xt.floats"() : () -> (f16, bf16, tf32, f32, f64, f80, f128)

// CHECK-NEXT:   %5:8 = "xt.f8"() : () -> (f8E5M2, f8E4M3, f8E4M3FN, f8E5M2FNUZ, f8E4M3FNUZ, f8E4M3B11FNUZ, f8E3M4, f8E8M0FNU)
"xt.f8"() : () -> (f8E5M2, f8E4M3, f8E4M3FN, f8E5M2FNUZ, f8E4M3FNUZ, f8E4M3B11FNUZ, f8E3M4, f8E8M0FNU)

// CHECK-NEXT:   %6:3 = "xt.f6f4"() : () -> (f6E2M3FN, f6E3M2FN, f4E2M1FN)
"xt.f6f4"() : () -> (f6E2M3FN, f6E3M2FN, f4E2M1FN)

// CHECK-NEXT:   %7 = "xt.none"() : () -> none
"xt.none"() : () -> none

// Types as operands: a single result is printed bare, types are kept per operand.
// CHECK-NEXT:   %8:3 = "xt.def"() : () -> (i32, f16, index)
%v:3 = "xt.def"() : () -> (i32, f16, index)
// CHECK-NEXT:   %9 = "xt.use"(%8#0, %8#1, %8#2) : (i32, f16, index) -> i1
"xt.use"(%v#0, %v#1, %v#2) : (i32, f16, index) -> i1
// CHECK-NEXT: }
