// Value numbering with nested entry-block arguments (the %arg counter continues
// into nested regions), non-entry block arguments (numbered like results), and
// values defined after a nested region.
// RUN: %pto-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: %pto-opt %s --allow-unregistered-dialect --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: %roundtrip %s --allow-unregistered-dialect
// RUN: %compat %s

// CHECK-LABEL: module {
// CHECK-NEXT:   "xt.func"() ({
// CHECK-NEXT:   ^bb0(%arg0: i32, %arg1: i32):
// CHECK-NEXT:     %0 = "xt.op"(%arg0) : (i32) -> i32
// CHECK-NEXT:     "xt.loop"(%0) ({
// CHECK-NEXT:     ^bb0(%arg2: index, %arg3: i32):
// CHECK-NEXT:       %3 = "xt.body"(%arg2, %arg3, %arg1) : (index, i32, i32) -> i32
// CHECK-NEXT:       "xt.br"(%3)[^bb1] : (i32) -> ()
// CHECK-NEXT:     ^bb1(%4: i32):  // pred: ^bb0
// CHECK-NEXT:       "xt.yield"(%4, %0) : (i32, i32) -> ()
// CHECK-NEXT:     }) : (i32) -> ()
// CHECK-NEXT:     %1 = "xt.after"(%0) : (i32) -> i32
// CHECK-NEXT:     "xt.br"(%1)[^bb1] : (i32) -> ()
// CHECK-NEXT:   ^bb1(%2: i32):  // pred: ^bb0
// CHECK-NEXT:     "xt.loop2"() ({
// CHECK-NEXT:     ^bb0(%arg2: index):
// CHECK-NEXT:       "xt.use"(%arg2, %2, %1) : (index, i32, i32) -> ()
// CHECK-NEXT:     }) : () -> ()
// CHECK-NEXT:     "xt.return"(%2) : (i32) -> ()
// CHECK-NEXT:   }) : () -> ()
"xt.func"() ({
^bb0(%a: i32, %b: i32):
  %0 = "xt.op"(%a) : (i32) -> i32
  "xt.loop"(%0) ({
  ^bb0(%i: index, %iter: i32):
    %1 = "xt.body"(%i, %iter, %b) : (index, i32, i32) -> i32
    "xt.br"(%1)[^next] : (i32) -> ()
  ^next(%n: i32):
    "xt.yield"(%n, %0) : (i32, i32) -> ()
  }) : (i32) -> ()
  %2 = "xt.after"(%0) : (i32) -> i32
  "xt.br"(%2)[^exit] : (i32) -> ()
^exit(%r: i32):
  "xt.loop2"() ({
  ^bb0(%j: index):
    "xt.use"(%j, %r, %2) : (index, i32, i32) -> ()
  }) : () -> ()
  "xt.return"(%r) : (i32) -> ()
}) : () -> ()
// CHECK-NEXT:   "xt.func2"() ({
// CHECK-NEXT:   ^bb0(%arg0: f32):
// CHECK-NEXT:     "xt.return"(%arg0) : (f32) -> ()
// CHECK-NEXT:   }) : () -> ()
"xt.func2"() ({
^bb0(%c: f32):
  "xt.return"(%c) : (f32) -> ()
}) : () -> ()
// CHECK-NEXT: }

// GENERIC: "builtin.module"() ({
// GENERIC-NEXT:   "xt.func"() ({
// GENERIC-NEXT:   ^bb0(%arg1: i32, %arg2: i32):
// GENERIC-NEXT:     %0 = "xt.op"(%arg1) : (i32) -> i32
// GENERIC-NEXT:     "xt.loop"(%0) ({
// GENERIC-NEXT:     ^bb0(%arg4: index, %arg5: i32):
// GENERIC-NEXT:       %3 = "xt.body"(%arg4, %arg5, %arg2) : (index, i32, i32) -> i32
// GENERIC-NEXT:       "xt.br"(%3)[^bb1] : (i32) -> ()
// GENERIC-NEXT:     ^bb1(%4: i32):  // pred: ^bb0
// GENERIC-NEXT:       "xt.yield"(%4, %0) : (i32, i32) -> ()
// GENERIC-NEXT:     }) : (i32) -> ()
// GENERIC-NEXT:     %1 = "xt.after"(%0) : (i32) -> i32
// GENERIC-NEXT:     "xt.br"(%1)[^bb1] : (i32) -> ()
// GENERIC-NEXT:   ^bb1(%2: i32):  // pred: ^bb0
// GENERIC-NEXT:     "xt.loop2"() ({
// GENERIC-NEXT:     ^bb0(%arg3: index):
// GENERIC-NEXT:       "xt.use"(%arg3, %2, %1) : (index, i32, i32) -> ()
// GENERIC-NEXT:     }) : () -> ()
// GENERIC-NEXT:     "xt.return"(%2) : (i32) -> ()
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT:   "xt.func2"() ({
// GENERIC-NEXT:   ^bb0(%arg0: f32):
// GENERIC-NEXT:     "xt.return"(%arg0) : (f32) -> ()
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT: }) : () -> ()
