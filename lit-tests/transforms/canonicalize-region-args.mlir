// canonicalize: region simplification drops unused block arguments with the branch
// operands feeding them but, as MLIR's runRegionDCE, does not count that as a change, so
// no further iteration revisits the branches whose successors it made identical. Not a
// fixed point of canonicalize, so the outputs of single runs are compared (no round
// trips).
// RUN: %pto-opt %s --allow-unregistered-dialect --canonicalize --split-input-file | FileCheck %s
// RUN: %pto-opt %s --allow-unregistered-dialect --canonicalize --split-input-file > %t.pto
// RUN: %mlir-opt %s --allow-unregistered-dialect --canonicalize --split-input-file > %t.mlir
// RUN: diff %t.pto %t.mlir
// RUN: %pto-opt %s --allow-unregistered-dialect --canonicalize=top-down=false --mlir-print-debuginfo --split-input-file > %t.pto
// RUN: %mlir-opt %s --allow-unregistered-dialect --canonicalize=top-down=false --mlir-print-debuginfo --split-input-file > %t.mlir
// RUN: diff %t.pto %t.mlir
// RUN: %pto-opt %s --allow-unregistered-dialect --canonicalize --mlir-print-op-generic --split-input-file > %t.pto
// RUN: %mlir-opt %s --allow-unregistered-dialect --canonicalize --mlir-print-op-generic --split-input-file > %t.mlir
// RUN: diff %t.pto %t.mlir

// Region simplification drops the unused block arguments and the operands feeding
// them, but (as MLIR's) does not count that as a change: no further iteration
// revisits the branches, so their now identical successors stay.
// CHECK-LABEL: func.func @args_erased_only(
// CHECK-NEXT:    cf.cond_br %arg1, ^bb1, ^bb2
// CHECK-NEXT:    ^bb1:  // pred: ^bb0
// CHECK-NEXT:    "foo.b"() : () -> ()
// CHECK-NEXT:    cf.cond_br %arg0, ^bb3, ^bb3
// CHECK-NEXT:    ^bb2:  // pred: ^bb0
// CHECK-NEXT:    "foo.a"() : () -> ()
// CHECK-NEXT:    cf.br ^bb3
// CHECK-NEXT:    ^bb3:  // 3 preds: ^bb1, ^bb1, ^bb2
// CHECK-NEXT:    "foo.use"() : () -> ()
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @args_erased_only(%c: i1, %d: i1, %x: i32, %z: i32) {
  cf.cond_br %d, ^bb3, ^bb2
^bb3:
  "foo.b"() : () -> ()
  cf.cond_br %c, ^bb1(%x : i32), ^bb1(%z : i32)
^bb2:
  "foo.a"() : () -> ()
  cf.br ^bb1(%x : i32)
^bb1(%v: i32):
  "foo.use"() : () -> ()
  return
}
// -----
// CHECK-LABEL: func.func @switch_args_erased_only(
// CHECK-NEXT:    cf.switch %arg0 : i32, [
// CHECK-NEXT:    default: ^bb1,
// CHECK-NEXT:    7: ^bb2(%arg3 : i32),
// CHECK-NEXT:    8: ^bb1
// CHECK-NEXT:    ]
// CHECK-NEXT:    ^bb1:  // 2 preds: ^bb0, ^bb0
// CHECK-NEXT:    "foo.use"() : () -> ()
// CHECK-NEXT:    return %arg1 : i32
// CHECK-NEXT:    ^bb2(%0: i32):  // pred: ^bb0
// CHECK-NEXT:    "foo.use2"(%0) : (i32) -> ()
// CHECK-NEXT:    return %0 : i32
// CHECK-NEXT:  }
func.func @switch_args_erased_only(%f: i32, %x: i32, %z: i32, %w: i32) -> i32 {
  cf.switch %f : i32, [
    default: ^bb1(%x : i32),
    7: ^bb2(%z, %w : i32, i32),
    8: ^bb1(%w : i32)
  ]
^bb1(%v: i32):
  "foo.use"() : () -> ()
  return %x : i32
^bb2(%p: i32, %q: i32):
  "foo.use2"(%q) : (i32) -> ()
  return %q : i32
}
