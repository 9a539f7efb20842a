// builtin.module: names, attributes, visibility, nesting, and the implicit
// top-level module.
// RUN: %pto-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: %pto-opt %s --allow-unregistered-dialect --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: %roundtrip %s --allow-unregistered-dialect
// RUN: %compat %s

// Two top-level ops: both are wrapped in a new implicit module.
module @named attributes {xt.z = 1 : i32, xt.a} {
  "xt.in"() : () -> ()
}
module {
  module @inner {
  }
  builtin.module attributes {xt.x = "y"} {
    "xt.deep"() : () -> ()
  }
  "builtin.module"() <{sym_name = "gen"}> ({
    "xt.g"() : () -> ()
  }) : () -> ()
  module @priv attributes {sym_visibility = "private"} {
  }
  "builtin.module"() <{sym_name = "pub", sym_visibility = "public"}> ({
  ^bb0:
  }) {xt.attr} : () -> ()
  // Inside an unregistered op's region the dialect prefix is printed.
  "xt.wrap"() ({
    builtin.module @wrapped {
    }
  }) : () -> ()
}

// CHECK: module {
// CHECK-NEXT:   module @named attributes {xt.a, xt.z = 1 : i32} {
// CHECK-NEXT:     "xt.in"() : () -> ()
// CHECK-NEXT:   }
// CHECK-NEXT:   module {
// CHECK-NEXT:     module @inner {
// CHECK-NEXT:     }
// CHECK-NEXT:     module attributes {xt.x = "y"} {
// CHECK-NEXT:       "xt.deep"() : () -> ()
// CHECK-NEXT:     }
// CHECK-NEXT:     module @gen {
// CHECK-NEXT:       "xt.g"() : () -> ()
// CHECK-NEXT:     }
// CHECK-NEXT:     module @priv attributes {sym_visibility = "private"} {
// CHECK-NEXT:     }
// CHECK-NEXT:     module @pub attributes {sym_visibility = "public", xt.attr} {
// CHECK-NEXT:     }
// CHECK-NEXT:     "xt.wrap"() ({
// CHECK-NEXT:       builtin.module @wrapped {
// CHECK-NEXT:       }
// CHECK-NEXT:     }) : () -> ()
// CHECK-NEXT:   }
// CHECK-NEXT: }

// GENERIC: "builtin.module"() ({
// GENERIC-NEXT:   "builtin.module"() <{sym_name = "named"}> ({
// GENERIC-NEXT:     "xt.in"() : () -> ()
// GENERIC-NEXT:   }) {xt.a, xt.z = 1 : i32} : () -> ()
// GENERIC-NEXT:   "builtin.module"() ({
// GENERIC-NEXT:     "builtin.module"() <{sym_name = "inner"}> ({
// GENERIC-NEXT:     ^bb0:
// GENERIC-NEXT:     }) : () -> ()
// GENERIC-NEXT:     "builtin.module"() ({
// GENERIC-NEXT:       "xt.deep"() : () -> ()
// GENERIC-NEXT:     }) {xt.x = "y"} : () -> ()
// GENERIC-NEXT:     "builtin.module"() <{sym_name = "gen"}> ({
// GENERIC-NEXT:       "xt.g"() : () -> ()
// GENERIC-NEXT:     }) : () -> ()
// GENERIC-NEXT:     "builtin.module"() <{sym_name = "priv", sym_visibility = "private"}> ({
// GENERIC-NEXT:     ^bb0:
// GENERIC-NEXT:     }) : () -> ()
// GENERIC-NEXT:     "builtin.module"() <{sym_name = "pub", sym_visibility = "public"}> ({
// GENERIC-NEXT:     ^bb0:
// GENERIC-NEXT:     }) {xt.attr} : () -> ()
// GENERIC-NEXT:     "xt.wrap"() ({
// GENERIC-NEXT:       "builtin.module"() <{sym_name = "wrapped"}> ({
// GENERIC-NEXT:       ^bb0:
// GENERIC-NEXT:       }) : () -> ()
// GENERIC-NEXT:     }) : () -> ()
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT: }) : () -> ()
