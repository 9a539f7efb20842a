// Builtin composite types: function, tuple, complex, vector.
// RUN: %pto-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: %roundtrip %s --allow-unregistered-dialect
// RUN: %compat %s

// Function types as values of a type attribute and as op result types.
// CHECK-LABEL: module {
// CHECK-NEXT:   "xt.fn"() {a = () -> (), b = (i32) -> i32, c = (i32, f32) -> (i32, f32), d = () -> (() -> i32), e = (() -> i32) -> i32} : () -> ()
"xt.fn"() {a = () -> (), b = (i32) -> i32, c = (i32, f32) -> (i32, f32), d = () -> (() -> i32), e = (() -> i32) -> i32} : () -> ()
// A single result of function type keeps its parentheses; extra parentheses around a
// single non-function result are dropped.
// CHECK-NEXT:   %0 = "xt.fnres"() : () -> ((i32) -> i32)
"xt.fnres"() : () -> ((i32) -> i32)
// CHECK-NEXT:   %1 = "xt.fnres2"() : () -> i32
"xt.fnres2"() : () -> (i32)
// CHECK-NEXT:   %2:3 = "xt.fnmulti"() : () -> ((i1) -> (i2, i3), (i4, i5) -> (), index)
"xt.fnmulti"() : () -> ((i1) -> (i2, i3), (i4, i5) -> (), index)
// Nested function types in inputs and results.
// CHECK-NEXT:   "xt.fnnest"() {t = ((i32) -> i64) -> ((f32) -> ((f16) -> bf16))} : () -> ()
"xt.fnnest"() {t = ((i32) -> (i64)) -> ((f32) -> ((f16) -> bf16))} : () -> ()

// Tuples.
// CHECK-NEXT:   %3:4 = "xt.tuple"() : () -> (tuple<>, tuple<i32>, tuple<i32, f32>, tuple<tuple<i1>, tuple<>>)
"xt.tuple"() : () -> (tuple<>, tuple<i32>, tuple<i32, f32>, tuple<tuple<i1>, tuple<>>)
// CHECK-NEXT:   %4 = "xt.tuple16"() : () -> tuple<i1, i2, i3, i4, i5, i6, i7, i8, i9, i10, i11, i12, i13, i14, i15, i16>
"xt.tuple16"() : () -> tuple<i1, i2, i3, i4, i5, i6, i7, i8, i9, i10, i11, i12, i13, i14, i15, i16>

// Complex.
// CHECK-NEXT:   %5:5 = "xt.complex"() : () -> (complex<f32>, complex<f64>, complex<i8>, complex<bf16>, complex<si16>)
"xt.complex"() : () -> (complex<f32>, complex<f64>, complex<i8>, complex<bf16>, complex<si16>)

// Vectors: fixed, multi-dim, 0-d, scalable.
// CHECK-NEXT:   %6:4 = "xt.vector"() : () -> (vector<4xf32>, vector<2x3xi8>, vector<f32>, vector<1x1x1xindex>)
"xt.vector"() : () -> (vector<4xf32>, vector<2x3xi8>, vector<f32>, vector<1x1x1xindex>)
// CHECK-NEXT:   %7:4 = "xt.scalable"() : () -> (vector<[4]xf32>, vector<2x[4]xf32>, vector<[2]x[4]xi1>, vector<4x[8]x2xf16>)
"xt.scalable"() : () -> (vector<[4]xf32>, vector<2x[4]xf32>, vector<[2]x[4]xi1>, vector<4x[8]x2xf16>)
// CHECK-NEXT:   %8:3 = "xt.vecelt"() : () -> (vector<4xindex>, vector<2xf8E5M2>, vector<3xi1>)
"xt.vecelt"() : () -> (vector<4xindex>, vector<2xf8E5M2>, vector<3xi1>)
// CHECK-NEXT: }
