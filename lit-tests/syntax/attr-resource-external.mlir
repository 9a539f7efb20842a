// File-metadata cases on which pto-opt disagrees with mlir-opt (see bugs.md):
// only referenced blobs are printed, in order of first reference, and
// external_resources are passed through.
// RUN: %pto-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: %roundtrip %s --allow-unregistered-dialect
// RUN: %compat %s

// CHECK-LABEL: module {
// CHECK-NEXT:   "xt.res"() {a = dense_resource<blob1> : tensor<2xi32>, b = dense_resource<"blob 2"> : tensor<1xi8>} : () -> ()
"xt.res"() {a = dense_resource<blob1> : tensor<2xi32>, b = dense_resource<"blob 2"> : tensor<1xi8>} : () -> ()

{-#
  dialect_resources: {
    builtin: {
      unused: "0x0400000001",
      "blob 2": "0x0100000007",
      blob1: "0x040000000100000002000000"
    }
  },
  external_resources: {
    foo: {
      b: true,
      s: "hi\n"
    },
    bar: { q: false }
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
// CHECK-NEXT:   },
// CHECK-NEXT:   external_resources: {
// CHECK-NEXT:     foo: {
// CHECK-NEXT:       b: true,
// CHECK-NEXT:       s: "hi\0A"
// CHECK-NEXT:     },
// CHECK-NEXT:     bar: {
// CHECK-NEXT:       q: false
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT: #-}
