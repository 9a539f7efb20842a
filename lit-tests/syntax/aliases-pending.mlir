// Alias cases on which pto-opt disagrees with mlir-opt (see bugs.md): the builtin
// !tuple alias for tuples of more than 16 elements, and distinct attributes.
// RUN: %pto-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: %roundtrip %s --allow-unregistered-dialect
// RUN: %compat %s

!big = tuple<i1, i2, i3, i4, i5, i6, i7, i8, i9, i10, i11, i12, i13, i14, i15, i16, i17>
// CHECK: !tuple = tuple<i1, i2, i3, i4, i5, i6, i7, i8, i9, i10, i11, i12, i13, i14, i15, i16, i17>
// CHECK-NEXT: #distinct = distinct[0]<1 : i32>
// CHECK-NEXT: #map = affine_map<(d0) -> (d0 + 11)>
// CHECK-NEXT: #distinct1 = distinct[1]<#map>
// CHECK-NEXT: module {
// CHECK-NEXT:   %0:3 = "xt.types"() : () -> (!tuple, tuple<!tuple>, tuple<i1, i2, i3, i4, i5, i6, i7, i8, i9, i10, i11, i12, i13, i14, i15, i16>)
"xt.types"() : () -> (!big, tuple<!big>, tuple<i1, i2, i3, i4, i5, i6, i7, i8, i9, i10, i11, i12, i13, i14, i15, i16>)
// distinct ids are renumbered in print order; non-unit ones are aliased.
// CHECK-NEXT:   "xt.d"() {a = #distinct, b = distinct[2]<>, c = #distinct1, d = #distinct} : () -> ()
"xt.d"() {a = distinct[0]<1 : i32>, b = distinct[5]<>, c = distinct[3]<affine_map<(d0) -> (d0 + 11)>>, d = distinct[0]<1 : i32>} : () -> ()
// CHECK-NEXT: }
