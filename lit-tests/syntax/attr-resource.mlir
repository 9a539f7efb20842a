// dense_resource attributes and the {-# dialect_resources #-} file metadata.
// RUN: %pto-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: %roundtrip %s --allow-unregistered-dialect
// RUN: %compat %s

// CHECK-LABEL: module {
// CHECK-NEXT:   "xt.res"() {a = dense_resource<blob1> : tensor<2xi32>, b = dense_resource<"blob 2"> : tensor<1xi8>} : () -> ()
"xt.res"() {a = dense_resource<blob1> : tensor<2xi32>, b = dense_resource<"blob 2"> : tensor<1xi8>} : () -> ()
// CHECK-NEXT:   "xt.res2"() {c = dense_resource<blob1> : tensor<2xi32>, d = dense_resource<__elided__> : tensor<4xf32>} : () -> ()
"xt.res2"() {c = dense_resource<blob1> : tensor<2xi32>, d = dense_resource<__elided__> : tensor<4xf32>} : () -> ()

{-#
  dialect_resources: {
    builtin: {
      blob1: "0x040000000100000002000000",
      "blob 2": "0x0100000007"
    }
  }
#-}
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: {-#
// CHECK-NEXT:   dialect_resources: {
// CHECK-NEXT:     builtin: {
// CHECK-NEXT:       blob1: "0x040000000100000002000000",
// CHECK-NEXT:       "blob 2": "0x0100000007"
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT: #-}
