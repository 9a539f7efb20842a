// sccp: sparse conditional constant propagation. Values constant on every path that
// can run (through cf branches whose conditions are constant, scf regions the op can
// enter, and calls: a private function's arguments join those of its live calls, a
// call's results those of the callee's live returns) are replaced by constants, made
// without a location at the start of the function's entry block in the reverse of the
// order the rewrite reaches them; ops all of whose results were replaced are erased if
// they have no side effects. Unreachable code and uncalled private functions are left
// as they are. mlir-opt is the oracle; a second run reorders the constants again, so
// each tool runs once and the outputs are compared.
// RUN: %pto-opt --allow-unregistered-dialect --split-input-file %s --sccp > %t.pto
// RUN: %mlir-opt --allow-unregistered-dialect --split-input-file %s --sccp > %t.mlir
// RUN: diff %t.mlir %t.pto
// RUN: %pto-opt --allow-unregistered-dialect --split-input-file %s --sccp --mlir-print-debuginfo --mlir-print-op-generic > %t.pto
// RUN: %mlir-opt --allow-unregistered-dialect --split-input-file %s --sccp --mlir-print-debuginfo --mlir-print-op-generic > %t.mlir
// RUN: diff %t.mlir %t.pto
// RUN: %pto-opt --allow-unregistered-dialect --split-input-file %s --pass-pipeline='builtin.module(func.func(sccp))' > %t.pto
// RUN: %mlir-opt --allow-unregistered-dialect --split-input-file %s --pass-pipeline='builtin.module(func.func(sccp))' > %t.mlir
// RUN: diff %t.mlir %t.pto
// RUN: %pto-opt --allow-unregistered-dialect --split-input-file %s --sccp | FileCheck %s

// Branch on a constant: only one edge is live, the block argument is constant.
// CHECK-LABEL: func.func @cond_branch(
// CHECK-NEXT:    %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT:    %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:    %true = arith.constant true
// CHECK:       ^bb1(%0: i32):
// CHECK-NEXT:    cf.br ^bb3(%c2_i32 : i32)
// CHECK:         return %c2_i32 : i32
func.func @cond_branch(%x: i32) -> i32 {
  %true = arith.constant true
  %c1 = arith.constant 1 : i32
  cf.cond_br %true, ^bb1(%c1 : i32), ^bb2(%x : i32)
^bb1(%a: i32):
  %r = arith.addi %a, %a : i32
  cf.br ^bb3(%r : i32)
^bb2(%b: i32):
  cf.br ^bb3(%b : i32)
^bb3(%z: i32):
  return %z : i32
}

// -----

// A loop whose carried value stays the same on every path.
// CHECK-LABEL: func.func @loop(
// CHECK:         cf.br ^bb1(%c0_i32 : i32)
// CHECK:         return %c0_i32 : i32
func.func @loop(%cond: i1) -> i32 {
  %c0 = arith.constant 0 : i32
  cf.br ^header(%c0 : i32)
^header(%i: i32):
  cf.cond_br %cond, ^body, ^exit
^body:
  %n = arith.muli %i, %i : i32
  cf.br ^header(%n : i32)
^exit:
  return %i : i32
}

// -----

// A loop whose carried value changes: nothing is constant.
// CHECK-LABEL: func.func @counting(
// CHECK:         %1 = arith.addi %0, %c1_i32 : i32
// CHECK:         return %0 : i32
func.func @counting(%cond: i1) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  cf.br ^header(%c0 : i32)
^header(%i: i32):
  cf.cond_br %cond, ^body, ^exit
^body:
  %n = arith.addi %i, %c1 : i32
  cf.br ^header(%n : i32)
^exit:
  return %i : i32
}

// -----

// scf.if with a constant condition: only the taken branch's yield counts.
// CHECK-LABEL: func.func @if_const(
// CHECK-NEXT:    %c14_i32 = arith.constant 14 : i32
// CHECK-NOT:     scf.if
// CHECK:         return %c14_i32 : i32
func.func @if_const(%x: i32) -> i32 {
  %false = arith.constant false
  %c7 = arith.constant 7 : i32
  %r = scf.if %false -> i32 {
    scf.yield %x : i32
  } else {
    %y = arith.addi %c7, %c7 : i32
    scf.yield %y : i32
  }
  return %r : i32
}

// -----

// scf.if with an unknown condition but the same value on both sides.
// CHECK-LABEL: func.func @if_same(
// CHECK:         scf.yield %c1_i32, %c3_i32
// CHECK:         scf.yield %c1_i32, %c4_i32
// CHECK:         return %c1_i32, %0#1
func.func @if_same(%c: i1) -> (i32, i32) {
  %c3 = arith.constant 3 : i32
  %c4 = arith.constant 4 : i32
  %r:2 = scf.if %c -> (i32, i32) {
    %a = arith.subi %c4, %c3 : i32
    scf.yield %a, %c3 : i32, i32
  } else {
    %b = arith.divsi %c4, %c4 : i32
    scf.yield %b, %c4 : i32, i32
  }
  return %r#0, %r#1 : i32, i32
}

// -----

// scf.for: an iteration argument that every iteration keeps; the induction variable is
// never constant.
// CHECK-LABEL: func.func @for_keep(
// CHECK:         scf.yield %c5_i32, %arg1 : i32, index
// CHECK:         return %c5_i32, %0#1
func.func @for_keep(%n: index) -> (i32, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : i32
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %c5, %b = %c0) -> (i32, index) {
    %m = arith.muli %a, %a : i32
    %d = arith.divui %m, %a : i32
    scf.yield %d, %i : i32, index
  }
  return %r#0, %r#1 : i32, index
}

// -----

// scf.while whose condition is false at once: the after region never runs.
// CHECK-LABEL: func.func @while_once(
// CHECK-NEXT:    %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT:    return %c2_i32 : i32
func.func @while_once(%x: i32) -> i32 {
  %c2 = arith.constant 2 : i32
  %r = scf.while (%a = %c2) : (i32) -> i32 {
    %false = arith.constant false
    scf.condition(%false) %a : i32
  } do {
  ^bb0(%b: i32):
    %n = arith.addi %b, %x : i32
    scf.yield %n : i32
  }
  return %r : i32
}

// -----

// scf.index_switch on a constant picks one case.
// CHECK-LABEL: func.func @switch(
// CHECK-NEXT:    %c9_i32 = arith.constant 9 : i32
// CHECK-NEXT:    %c2 = arith.constant 2 : index
// CHECK-NEXT:    return %c9_i32 : i32
func.func @switch(%x: i32) -> i32 {
  %c2 = arith.constant 2 : index
  %r = scf.index_switch %c2 -> i32
  case 1 {
    scf.yield %x : i32
  }
  case 2 {
    %c9 = arith.constant 9 : i32
    scf.yield %c9 : i32
  }
  default {
    scf.yield %x : i32
  }
  return %r : i32
}

// -----

// Inter-procedural: a private function called with the same constant everywhere gets
// it as its argument; its result reaches the calls. A public function's arguments are
// unknown, but its constant results still reach its callers.
// CHECK-LABEL: func.func private @callee(
// CHECK-NEXT:    %c3_i32 = arith.constant 3 : i32
// CHECK-NEXT:    %c9_i32 = arith.constant 9 : i32
// CHECK-NEXT:    return %c9_i32 : i32
// CHECK:       func.func @caller(
// CHECK:         return %c9_i32, %c9_i32, %c8_i32 : i32, i32, i32
func.func private @callee(%a: i32) -> i32 {
  %r = arith.muli %a, %a : i32
  return %r : i32
}
func.func @pub(%a: i32) -> i32 {
  %c8 = arith.constant 8 : i32
  return %c8 : i32
}
func.func @caller(%x: i32) -> (i32, i32, i32) {
  %c3 = arith.constant 3 : i32
  %0 = call @callee(%c3) : (i32) -> i32
  %1 = call @callee(%c3) : (i32) -> i32
  %2 = call @pub(%x) : (i32) -> i32
  return %0, %1, %2 : i32, i32, i32
}

// -----

// Different arguments at two calls: the argument is unknown. A private function no one
// calls is never analyzed.
// CHECK-LABEL: func.func private @two(
// CHECK:         %0 = arith.addi %arg0, %c0_i32 : i32
// CHECK:       func.func private @dead(
// CHECK:         %0 = arith.addi %c1_i32, %c2_i32 : i32
func.func private @two(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %r = arith.addi %a, %c0 : i32
  return %r : i32
}
func.func private @dead(%a: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %r = arith.addi %c1, %c2 : i32
  return %r : i32
}
func.func @caller() -> (i32, i32) {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %0 = call @two(%c1) : (i32) -> i32
  %1 = call @two(%c2) : (i32) -> i32
  return %0, %1 : i32, i32
}

// -----

// Side effects stay even when their results are constant; unknown ops are unknown.
// CHECK-LABEL: func.func @effects(
// CHECK:         memref.store %c1_i32
// CHECK:         "foo.op"(%c1_i32)
func.func @effects(%m: memref<4xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : i32
  memref.store %c1, %m[%c0] : memref<4xi32>
  %v = memref.load %m[%c0] : memref<4xi32>
  %u = "foo.op"(%c1) : (i32) -> i32
  %s = arith.addi %v, %u : i32
  return %s : i32
}

// -----

// Constants inside regions go to the function's entry block.
// CHECK-LABEL: func.func @nested(
// CHECK-NEXT:    %cst = arith.constant 4.000000e+00 : f32
// CHECK:         scf.for
// CHECK-NEXT:      memref.store %cst
func.func @nested(%n: index, %m: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %f = arith.constant 2.0 : f32
    %g = arith.addf %f, %f : f32
    memref.store %g, %m[%i] : memref<?xf32>
  }
  return
}

// -----

// cf.switch on a constant.
// CHECK-LABEL: func.func @cf_switch(
// CHECK:       ^bb2(%1: i32):
// CHECK-NEXT:    return %c25_i32 : i32
func.func @cf_switch(%x: i32) -> i32 {
  %c2 = arith.constant 2 : i32
  %c5 = arith.constant 5 : i32
  cf.switch %c2 : i32, [
    default: ^bb1(%x : i32),
    1: ^bb1(%x : i32),
    2: ^bb2(%c5 : i32)
  ]
^bb1(%a: i32):
  return %a : i32
^bb2(%b: i32):
  %d = arith.muli %b, %b : i32
  return %d : i32
}

// -----

// Floats and math ops fold too.
// CHECK-LABEL: func.func @float(
// CHECK:         return %cst_2, %cst : f32, f64
func.func @float() -> (f32, f64) {
  %a = arith.constant 1.5 : f32
  %b = arith.addf %a, %a : f32
  %c = arith.constant 2.0 : f64
  %d = math.sqrt %c : f64
  %e = arith.mulf %d, %d : f64
  return %b, %e : f32, f64
}

// -----

// Recursion: the argument joins the outer call's constant and the recursive call's.
// CHECK-LABEL: func.func private @rec(
// CHECK:         func.call @rec(%c4_i32, %
func.func private @rec(%a: i32, %n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c = arith.cmpi eq, %n, %c0 : i32
  %r = scf.if %c -> i32 {
    scf.yield %a : i32
  } else {
    %c1 = arith.constant 1 : i32
    %m = arith.subi %n, %c1 : i32
    %x = func.call @rec(%a, %m) : (i32, i32) -> i32
    scf.yield %x : i32
  }
  return %r : i32
}
func.func @use_rec(%n: i32) -> i32 {
  %c4 = arith.constant 4 : i32
  %0 = call @rec(%c4, %n) : (i32, i32) -> i32
  return %0 : i32
}

// -----

// A function whose symbol a non-call op uses may have unknown callers; func.constant
// is re-made like any constant.
// CHECK-LABEL: func.func private @taken(%arg0: i32) -> i32 {
// CHECK-NEXT:    return %arg0 : i32
// CHECK:       func.func @addr(
// CHECK-NEXT:    %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:    %f = constant @taken
func.func private @taken(%a: i32) -> i32 {
  return %a : i32
}
func.func @addr() -> ((i32) -> i32, i32) {
  %f = func.constant @taken : (i32) -> i32
  %c1 = arith.constant 1 : i32
  %r = call @taken(%c1) : (i32) -> i32
  return %f, %r : (i32) -> i32, i32
}

// -----

// scf.while: the loop-invariant carried value is constant, the counter is not.
// CHECK-LABEL: func.func @while_loop(
// CHECK:         return %0#0, %c7_i32 : i32, i32
func.func @while_loop(%n: i32) -> (i32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c7 = arith.constant 7 : i32
  %r:2 = scf.while (%i = %c0, %k = %c7) : (i32, i32) -> (i32, i32) {
    %lt = arith.cmpi slt, %i, %n : i32
    scf.condition(%lt) %i, %k : i32, i32
  } do {
  ^bb0(%a: i32, %b: i32):
    %next = arith.addi %a, %c1 : i32
    scf.yield %next, %b : i32, i32
  }
  return %r#0, %r#1 : i32, i32
}

// -----

// The regions of an unknown op may run, with unknown arguments; its constants stay in
// its own region.
// CHECK-LABEL: func.func @region_op(
// CHECK:         "foo.region"(%c1_i32) ({
// CHECK-NEXT:    ^bb0(%arg1: i32):
// CHECK-NEXT:      %c4_i32 = arith.constant 4 : i32
func.func @region_op(%x: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %r = "foo.region"(%c1) ({
  ^bb0(%a: i32):
    %c2 = arith.constant 2 : i32
    %s = arith.addi %c2, %c2 : i32
    "foo.yield"(%s) : (i32) -> ()
  }) : (i32) -> i32
  %t = arith.addi %c1, %c1 : i32
  return %t : i32
}

// -----

// Folds that need no constant operand.
// CHECK-LABEL: func.func @select_fold(
// CHECK:         return %c3_i32, %c0_i32, %true
func.func @select_fold(%c: i1, %x: i32) -> (i32, i32, i1) {
  %c3 = arith.constant 3 : i32
  %s = arith.select %c, %c3, %c3 : i32
  %z = arith.subi %x, %x : i32
  %cmp = arith.cmpi eq, %x, %x : i32
  return %s, %z, %cmp : i32, i32, i1
}

// -----

// A private function called with different constants: its returns join to unknown.
// CHECK-LABEL: func.func @callm(
// CHECK:         return %0, %1 : i32, i32
func.func private @multi(%c: i1) -> i32 {
  cf.cond_br %c, ^a, ^b
^a:
  %c1 = arith.constant 1 : i32
  return %c1 : i32
^b:
  %c2 = arith.constant 2 : i32
  return %c2 : i32
}
func.func @callm() -> (i32, i32) {
  %t = arith.constant true
  %0 = call @multi(%t) : (i1) -> i32
  %f = arith.constant false
  %1 = call @multi(%f) : (i1) -> i32
  return %0, %1 : i32, i32
}

// -----

// Blocks inside scf.execute_region.
// CHECK-LABEL: func.func @exec(
// CHECK:         return %c5_i32 : i32
func.func @exec(%x: i32) -> i32 {
  %r = scf.execute_region -> i32 {
    %c5 = arith.constant 5 : i32
    cf.br ^bb1(%c5 : i32)
  ^bb1(%v: i32):
    scf.yield %v : i32
  }
  return %r : i32
}

// -----

// llvm functions and calls are followed too; llvm.add has no folder, so nothing is
// constant beyond the constants themselves.
// CHECK-LABEL: llvm.func @lcall() -> i32 {
// CHECK-NEXT:    %0 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT:    %1 = llvm.call @lf(%0)
llvm.func @lf(%a: i32) -> i32 {
  %c = llvm.mlir.constant(3 : i32) : i32
  %s = llvm.add %c, %c : i32
  llvm.return %s : i32
}
llvm.func @lcall() -> i32 {
  %c = llvm.mlir.constant(1 : i32) : i32
  %r = llvm.call @lf(%c) : (i32) -> i32
  llvm.return %r : i32
}

// -----

// Both regions of a switch on an unknown index yield the same constant.
// CHECK-LABEL: func.func @idx(
// CHECK:         return %c9_i32 : i32
func.func @idx(%i: index, %x: i32) -> i32 {
  %r = scf.index_switch %i -> i32
  case 1 {
    %c9 = arith.constant 9 : i32
    scf.yield %c9 : i32
  }
  default {
    %c9 = arith.constant 9 : i32
    scf.yield %c9 : i32
  }
  return %r : i32
}
