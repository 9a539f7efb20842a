// --no-implicit-module: the single top-level op is printed as is, even when it is
// not a module.
// RUN: %pto-opt %s --allow-unregistered-dialect --no-implicit-module | FileCheck %s
// RUN: %pto-opt %s --allow-unregistered-dialect --no-implicit-module --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: %pto-opt %s --allow-unregistered-dialect | FileCheck %s --check-prefix=IMPLICIT
// RUN: %roundtrip %s --allow-unregistered-dialect --no-implicit-module
// RUN: %compat %s --no-implicit-module

"xt.top"() ({
^bb0(%arg0: i32):
  "xt.use"(%arg0) : (i32) -> ()
  builtin.module {
    "xt.in"() : () -> ()
  }
}) {xt.a} : () -> ()

// CHECK: "xt.top"() ({
// CHECK-NEXT: ^bb0(%arg0: i32):
// CHECK-NEXT:   "xt.use"(%arg0) : (i32) -> ()
// CHECK-NEXT:   builtin.module {
// CHECK-NEXT:     "xt.in"() : () -> ()
// CHECK-NEXT:   }
// CHECK-NEXT: }) {xt.a} : () -> ()

// GENERIC: "xt.top"() ({
// GENERIC-NEXT: ^bb0(%arg0: i32):
// GENERIC-NEXT:   "xt.use"(%arg0) : (i32) -> ()
// GENERIC-NEXT:   "builtin.module"() ({
// GENERIC-NEXT:     "xt.in"() : () -> ()
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT: }) {xt.a} : () -> ()

// IMPLICIT: module {
// IMPLICIT-NEXT:   "xt.top"() ({
// IMPLICIT-NEXT:   ^bb0(%arg0: i32):
// IMPLICIT-NEXT:     "xt.use"(%arg0) : (i32) -> ()
// IMPLICIT-NEXT:     builtin.module {
// IMPLICIT-NEXT:       "xt.in"() : () -> ()
// IMPLICIT-NEXT:     }
// IMPLICIT-NEXT:   }) {xt.a} : () -> ()
// IMPLICIT-NEXT: }
