// canonicalize: MLIR 22's cf.switch patterns and cf.assert's canonicalization, the
// cf.cond_br ones added since (DropUnreachableCondBranch), branch collapsing next to
// cycles and how region simplification's block argument removal meets them (the older
// cf.br and cf.cond_br cases are in canonicalize.mlir); output identical to mlir-opt in
// every traversal mode, with locations.
// RUN: %pto-opt %s --allow-unregistered-dialect --canonicalize --split-input-file | FileCheck %s
// RUN: %compat %s --canonicalize --split-input-file
// RUN: %compat %s --canonicalize=top-down=false --split-input-file
// RUN: %compat %s --canonicalize=region-simplify=disabled --split-input-file
// RUN: %compat %s --canonicalize --mlir-print-debuginfo --split-input-file
// One iteration is not a fixed point, so compare single runs instead of round trips:
// RUN: %pto-opt %s --allow-unregistered-dialect --canonicalize=max-iterations=1 --split-input-file > %t.pto
// RUN: %mlir-opt %s --allow-unregistered-dialect --canonicalize=max-iterations=1 --split-input-file > %t.mlir
// RUN: diff %t.pto %t.mlir

// SimplifySwitchWithOnlyDefault: a switch without cases is a branch.
// CHECK-LABEL: func.func @only_default(
// CHECK-NEXT:    return %arg1 : i32
// CHECK-NEXT:  }
func.func @only_default(%f: i32, %a: i32) -> i32 {
  cf.switch %f : i32, [ default: ^bb1(%a : i32) ]
^bb1(%x: i32):
  return %x : i32
}
// -----
// DropSwitchCasesThatMatchDefault: cases going where the default goes, with its
// operands, are dropped (discardable attributes too, as MLIR rebuilds the op).
// CHECK-LABEL: func.func @match_default(
// CHECK-NEXT:    cf.switch %arg0 : i32, [
// CHECK-NEXT:    default: ^bb1(%arg1 : i32),
// CHECK-NEXT:    43: ^bb2(%arg2 : i32),
// CHECK-NEXT:    44: ^bb1(%arg2 : i32)
// CHECK-NEXT:    ]
// CHECK-NEXT:    ^bb1(%0: i32):  // 2 preds: ^bb0, ^bb0
// CHECK-NEXT:    "foo.a"(%0) : (i32) -> ()
// CHECK-NEXT:    return
// CHECK-NEXT:    ^bb2(%1: i32):  // pred: ^bb0
// CHECK-NEXT:    "foo.b"(%1) : (i32) -> ()
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @match_default(%f: i32, %a: i32, %b: i32) {
  cf.switch %f : i32, [
    default: ^bb1(%a : i32),
    42: ^bb1(%a : i32),
    43: ^bb2(%b : i32),
    44: ^bb1(%b : i32)
  ] {foo}
^bb1(%x: i32):
  "foo.a"(%x) : (i32) -> ()
  return
^bb2(%y: i32):
  "foo.b"(%y) : (i32) -> ()
  return
}
// -----
// SimplifyConstSwitchValue: a constant flag picks its case.
// CHECK-LABEL: func.func @const_flag(
// CHECK-NEXT:    "foo.b"(%arg1) : (i32) -> ()
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @const_flag(%a: i32, %b: i32) {
  %c = arith.constant 43 : i32
  cf.switch %c : i32, [
    default: ^bb1(%a : i32),
    42: ^bb1(%b : i32),
    43: ^bb2(%b : i32)
  ]
^bb1(%x: i32):
  "foo.a"(%x) : (i32) -> ()
  return
^bb2(%y: i32):
  "foo.b"(%y) : (i32) -> ()
  return
}
// -----
// SimplifyPassThroughSwitch: successors that only branch on are collapsed.
// CHECK-LABEL: func.func @pass_through(
// CHECK-NEXT:    cf.switch %arg0 : i32, [
// CHECK-NEXT:    default: ^bb1(%arg1 : i32),
// CHECK-NEXT:    42: ^bb1(%arg2 : i32),
// CHECK-NEXT:    43: ^bb2(%arg2 : i32)
// CHECK-NEXT:    ]
// CHECK-NEXT:    ^bb1(%0: i32):  // 2 preds: ^bb0, ^bb0
// CHECK-NEXT:    "foo.a"(%0) : (i32) -> ()
// CHECK-NEXT:    return
// CHECK-NEXT:    ^bb2(%1: i32):  // pred: ^bb0
// CHECK-NEXT:    "foo.b"(%1) : (i32) -> ()
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @pass_through(%f: i32, %a: i32, %b: i32) {
  cf.switch %f : i32, [
    default: ^bb1(%a : i32),
    42: ^bb2,
    43: ^bb3(%b : i32)
  ]
^bb1(%x: i32):
  cf.br ^bb4(%x : i32)
^bb2:
  cf.br ^bb4(%b : i32)
^bb3(%z: i32):
  cf.br ^bb5(%z : i32)
^bb4(%w: i32):
  "foo.a"(%w) : (i32) -> ()
  return
^bb5(%v: i32):
  "foo.b"(%v) : (i32) -> ()
  return
}
// -----
// SimplifySwitchFromSwitchOnSameCondition and ...FromDefaultSwitchOnSameCondition:
// a block reached only from a switch on the same flag knows the flag (or what it is
// not).
// CHECK-LABEL: func.func @same_cond(
// CHECK-NEXT:    cf.switch %arg0 : i32, [
// CHECK-NEXT:    default: ^bb1,
// CHECK-NEXT:    42: ^bb2
// CHECK-NEXT:    ]
// CHECK-NEXT:    ^bb1:  // pred: ^bb0
// CHECK-NEXT:    cf.switch %arg0 : i32, [
// CHECK-NEXT:    default: ^bb3,
// CHECK-NEXT:    43: ^bb4
// CHECK-NEXT:    ]
// CHECK-NEXT:    ^bb2:  // pred: ^bb0
// CHECK-NEXT:    "foo.d"() : () -> ()
// CHECK-NEXT:    return
// CHECK-NEXT:    ^bb3:  // pred: ^bb1
// CHECK-NEXT:    "foo.c"() : () -> ()
// CHECK-NEXT:    return
// CHECK-NEXT:    ^bb4:  // pred: ^bb1
// CHECK-NEXT:    "foo.e"() : () -> ()
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @same_cond(%f: i32) {
  cf.switch %f : i32, [
    default: ^bb1,
    42: ^bb2
  ]
^bb1:
  cf.switch %f : i32, [
    default: ^bb3,
    42: ^bb4,
    43: ^bb5
  ]
^bb2:
  cf.switch %f : i32, [
    default: ^bb3,
    42: ^bb4,
    43: ^bb5
  ]
^bb3:
  "foo.c"() : () -> ()
  return
^bb4:
  "foo.d"() : () -> ()
  return
^bb5:
  "foo.e"() : () -> ()
  return
}
// -----
// cf.assert of a constant true is erased.
// CHECK-LABEL: func.func @assert(
// CHECK-NEXT:    cf.assert %arg0, "maybe"
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @assert(%c: i1) {
  %t = arith.constant true
  cf.assert %t, "never"
  cf.assert %c, "maybe"
  return
}

// -----

// Negative case values of a narrow flag, a constant flag matching none (the default),
// and duplicate values (the first case wins).
// CHECK-LABEL: func.func @narrow_flag(
// CHECK-NEXT:    "foo.c"() : () -> ()
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @narrow_flag(%a: i8) {
  %c = arith.constant -1 : i8
  cf.switch %c : i8, [
    default: ^bb1,
    -2: ^bb2,
    255: ^bb3
  ]
^bb1:
  "foo.a"() : () -> ()
  return
^bb2:
  "foo.b"() : () -> ()
  return
^bb3:
  "foo.c"() : () -> ()
  return
}

// -----

// CHECK-LABEL: func.func @no_match(
// CHECK-NEXT:    %[[C2_I32:.*]] = arith.constant 2 : i32
// CHECK-NEXT:    return %[[C2_I32]] : i32
// CHECK-NEXT:  }
func.func @no_match(%a: i32) -> i32 {
  %c = arith.constant 7 : i32
  cf.switch %c : i32, [
    default: ^bb1(%a : i32),
    1: ^bb2,
    7: ^bb3,
    7: ^bb2
  ]
^bb1(%x: i32):
  return %x : i32
^bb2:
  %one = arith.constant 1 : i32
  return %one : i32
^bb3:
  %two = arith.constant 2 : i32
  return %two : i32
}

// -----

// A block reached twice from the same switch has no single predecessor: kept.
// CHECK-LABEL: func.func @two_edges(
// CHECK-NEXT:    cf.switch %arg0 : i32, [
// CHECK-NEXT:    default: ^bb3,
// CHECK-NEXT:    1: ^bb1,
// CHECK-NEXT:    2: ^bb1
// CHECK-NEXT:    ]
// CHECK-NEXT:    ^bb1:  // 2 preds: ^bb0, ^bb0
// CHECK-NEXT:    cf.switch %arg0 : i32, [
// CHECK-NEXT:    default: ^bb2,
// CHECK-NEXT:    1: ^bb3
// CHECK-NEXT:    ]
// CHECK-NEXT:    ^bb2:  // pred: ^bb1
// CHECK-NEXT:    "foo.a"() : () -> ()
// CHECK-NEXT:    return
// CHECK-NEXT:    ^bb3:  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT:    "foo.b"() : () -> ()
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @two_edges(%f: i32) {
  cf.switch %f : i32, [
    default: ^bb3,
    1: ^bb1,
    2: ^bb1
  ]
^bb1:
  cf.switch %f : i32, [
    default: ^bb2,
    1: ^bb3,
    3: ^bb2
  ]
^bb2:
  "foo.a"() : () -> ()
  return
^bb3:
  "foo.b"() : () -> ()
  return
}

// -----

// Pass-through successors with block arguments forwarded, in a loop-free chain.
// CHECK-LABEL: func.func @pass_through_args(
// CHECK-NEXT:    "foo.use"(%arg1) : (i32) -> ()
// CHECK-NEXT:    return %arg1 : i32
// CHECK-NEXT:  }
func.func @pass_through_args(%f: i32, %a: i32, %b: i32) -> i32 {
  cf.switch %f : i32, [
    default: ^bb1(%a : i32),
    5: ^bb2(%b, %a : i32, i32)
  ]
^bb1(%x: i32):
  cf.br ^bb3(%x : i32)
^bb2(%y: i32, %z: i32):
  cf.br ^bb3(%z : i32)
^bb3(%r: i32):
  "foo.use"(%r) : (i32) -> ()
  cf.br ^bb4(%r : i32)
^bb4(%s: i32):
  return %s : i32
}

// -----

// A branch is not collapsed into a cycle of branches (MLIR's guard; this looped
// forever); the blocks merge instead.
// CHECK-LABEL: func.func @branch_cycle(
// CHECK-NEXT:    "foo.op0"(%arg1) : (i32) -> ()
// CHECK-NEXT:    cf.br ^bb1
// CHECK-NEXT:    ^bb1:  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT:    cf.br ^bb1
// CHECK-NEXT:  }
func.func @branch_cycle(%f: i32, %a: i32, %b: i32) -> i32 {
  "foo.op0"(%a) : (i32) -> ()
  cf.br ^bb1(%b, %f : i32, i32)
^bb1(%b1_0: i32, %b1_1: i32):
  cf.br ^bb2(%b1_1 : i32)
^bb2(%b2_0: i32):
  cf.br ^bb1(%a, %b2_0 : i32, i32)
}

// -----

// DropUnreachableCondBranch: a successor holding only ub.unreachable is never taken.
// CHECK-LABEL: func.func @unreachable_successor(
// CHECK-NEXT:    "foo.a"(%arg2) : (i32) -> ()
// CHECK-NEXT:    return %arg2 : i32
// CHECK-NEXT:  }
func.func @unreachable_successor(%c: i1, %d: i1, %a: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2(%a : i32)
^bb1:
  ub.unreachable
^bb2(%x: i32):
  "foo.a"(%x) : (i32) -> ()
  cf.cond_br %d, ^bb3(%x : i32), ^bb4
^bb3(%y: i32):
  return %y : i32
^bb4:
  ub.unreachable
}
