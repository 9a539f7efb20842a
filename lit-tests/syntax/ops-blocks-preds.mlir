// Block-header cases on which pto-opt disagrees with mlir-opt (see bugs.md).
// RUN: %pto-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: %roundtrip %s --allow-unregistered-dialect
// RUN: %compat %s

// One predecessor reaching a block through two edges is listed twice.
// CHECK-LABEL: module {
// CHECK-NEXT:   "xt.preds"() ({
// CHECK-NEXT:     "xt.br"()[^bb1] : () -> ()
// CHECK-NEXT:   ^bb1:  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT:     "xt.switch"()[^bb1, ^bb2, ^bb2] : () -> ()
// CHECK-NEXT:   ^bb2:  // 2 preds: ^bb1, ^bb1
// CHECK-NEXT:     "xt.ret"() : () -> ()
// CHECK-NEXT:   }) : () -> ()
"xt.preds"() ({
  "xt.br"()[^loop] : () -> ()
^loop:
  "xt.switch"()[^loop, ^twice, ^twice] : () -> ()
^twice:
  "xt.ret"() : () -> ()
}) : () -> ()
// CHECK-NEXT: }
