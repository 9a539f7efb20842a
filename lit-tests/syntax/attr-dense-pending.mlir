// Dense/sparse elements cases on which pto-opt disagrees with mlir-opt (see bugs.md).
// RUN: %pto-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: %roundtrip %s --allow-unregistered-dialect
// RUN: %compat %s

// Zero-element tensor with a non-leading dimension.
// CHECK-LABEL: module {
// CHECK-NEXT:   "xt.d.empty"() {c = dense<> : tensor<0x3xi32>} : () -> ()
"xt.d.empty"() {c = dense<> : tensor<0x3xi32>} : () -> ()
// Memref shaped type.
// CHECK-NEXT:   "xt.d.memref"() {c = dense<{{\[\[}}1, 2]]> : memref<1x2xi32>} : () -> ()
"xt.d.memref"() {c = dense<[[1, 2]]> : memref<1x2xi32>} : () -> ()
// String elements (splat detection applies).
// CHECK-NEXT:   "xt.d.string"() {a = dense<["a", "b\22c"]> : tensor<2x!xt.s>, b = dense<"x"> : tensor<3x!xt.s>, c = dense<"p"> : tensor<2x!xt.s>} : () -> ()
"xt.d.string"() {a = dense<["a", "b\"c"]> : tensor<2x!xt.s>, b = dense<"x"> : tensor<3x!xt.s>, c = dense<["p", "p"]> : tensor<2x!xt.s>} : () -> ()
// Sparse elements.
// CHECK-NEXT:   "xt.sparse"() {a = sparse<{{\[\[}}0, 0], [1, 2]], [1, 5]> : tensor<3x4xi32>, b = sparse<> : tensor<2xf32>, c = sparse<1, 2.500000e+00> : tensor<4xf32>} : () -> ()
"xt.sparse"() {a = sparse<[[0, 0], [1, 2]], [1, 5]> : tensor<3x4xi32>, b = sparse<> : tensor<2xf32>, c = sparse<[[1]], [2.5]> : tensor<4xf32>} : () -> ()
// Hex data for i1 is bit-packed.
// CHECK-NEXT:   "xt.d.hex.i1"() {a = dense<[true, false, false, false, false]> : tensor<5xi1>, b = dense<[true, true, false, false, false, false, false, false, true]> : tensor<9xi1>, c = dense<true> : tensor<2xi1>} : () -> ()
"xt.d.hex.i1"() {a = dense<"0x01"> : tensor<5xi1>, b = dense<"0x0301"> : tensor<9xi1>, c = dense<"0x03"> : tensor<2xi1>} : () -> ()
// More than 100 elements: i1 prints bit-packed hex (which must parse back), sub-byte
// integers are stored zero-extended.
// CHECK-NEXT:   "xt.d.large.i1"() {a = dense<"0x55555555555555555555555515"> : tensor<101xi1>} : () -> ()
"xt.d.large.i1"() {a = dense<[true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true]> : tensor<101xi1>} : () -> ()
// CHECK-NEXT:   "xt.d.large.i3"() {a = dense<"0x0405060700010203040506070001020304050607000102030405060700010203040506070001020304050607000102030405060700010203040506070001020304050607000102030405060700010203040506070001020304050607000102030405060700"> : tensor<101xi3>} : () -> ()
"xt.d.large.i3"() {a = dense<[-4, -3, -2, -1, 0, 1, 2, 3, -4, -3, -2, -1, 0, 1, 2, 3, -4, -3, -2, -1, 0, 1, 2, 3, -4, -3, -2, -1, 0, 1, 2, 3, -4, -3, -2, -1, 0, 1, 2, 3, -4, -3, -2, -1, 0, 1, 2, 3, -4, -3, -2, -1, 0, 1, 2, 3, -4, -3, -2, -1, 0, 1, 2, 3, -4, -3, -2, -1, 0, 1, 2, 3, -4, -3, -2, -1, 0, 1, 2, 3, -4, -3, -2, -1, 0, 1, 2, 3, -4, -3, -2, -1, 0, 1, 2, 3, -4, -3, -2, -1, 0]> : tensor<101xi3>} : () -> ()
// CHECK-NEXT: }
