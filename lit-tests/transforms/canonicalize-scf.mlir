// canonicalize on scf region ops, as MLIR 22: the region branch patterns of every scf
// region op (a value that can only hold one outside value is that value, of two values
// always fed the same the later goes, unused tied sets are erased with what feeds them),
// scf.if's CombineIfs, CombineNestedIfs and fold (a negated condition swaps the
// regions), scf.for's SimplifyTrivialLoops, scf.while's WhileConditionTruth,
// WhileCmpCond, WhileOpAlignBeforeArgs and WhileMoveIfDown, scf.index_switch's
// FoldConstantCase and scf.execute_region's inliners. Output identical to mlir-opt in
// every traversal mode.
// RUN: %pto-opt %s --allow-unregistered-dialect --canonicalize --split-input-file | FileCheck %s
// RUN: %compat %s --canonicalize --split-input-file
// RUN: %compat %s --canonicalize=top-down=false --split-input-file
// RUN: %compat %s --canonicalize=region-simplify=disabled --split-input-file
// RUN: %compat %s --canonicalize --mlir-print-debuginfo --split-input-file
// One iteration is not a fixed point, so compare single runs instead of round trips:
// RUN: %pto-opt %s --allow-unregistered-dialect --canonicalize=max-iterations=1 --split-input-file > %t.pto
// RUN: %mlir-opt %s --allow-unregistered-dialect --canonicalize=max-iterations=1 --split-input-file > %t.mlir
// RUN: diff %t.pto %t.mlir

// A loop-carried value the body passes on unchanged is its initial value.
// CHECK-LABEL: func.func @for_forwarded(
// CHECK-NEXT:    %[[R:.*]] = scf.for %{{.*}} = %arg0 to %arg1 step %arg2 iter_args(%[[A:.*]] = %arg3) -> (i32) {
// CHECK-NEXT:      %[[S:.*]] = arith.addi %[[A]], %arg4 : i32
// CHECK-NEXT:      scf.yield %[[S]] : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]], %arg4 : i32, i32
func.func @for_forwarded(%lb: index, %ub: index, %st: index, %x: i32, %y: i32) -> (i32, i32) {
  %r:2 = scf.for %i = %lb to %ub step %st iter_args(%a = %x, %b = %y) -> (i32, i32) {
    %s = arith.addi %a, %b : i32
    scf.yield %s, %b : i32, i32
  }
  return %r#0, %r#1 : i32, i32
}

// -----

// An iteration value nothing reads, with an unused result, disappears with the value
// computing it. One that only feeds its own next value is still read: it stays.
// CHECK-LABEL: func.func @for_unused(
// CHECK-NEXT:    %[[R:.*]]:2 = scf.for {{.*}} iter_args(%[[A:.*]] = %arg3, %[[C:.*]] = %arg3) -> (i32, i32) {
// CHECK-NEXT:      %[[S:.*]] = arith.addi %[[A]], %[[A]] : i32
// CHECK-NEXT:      %[[U:.*]] = arith.muli %[[C]], %[[C]] : i32
// CHECK-NEXT:      memref.store %[[A]], %arg4[]
// CHECK-NEXT:      scf.yield %[[S]], %[[U]] : i32, i32
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]]#0 : i32
func.func @for_unused(%lb: index, %ub: index, %st: index, %x: i32, %m: memref<i32>) -> i32 {
  %r:3 = scf.for %i = %lb to %ub step %st iter_args(%a = %x, %b = %x, %c = %x) -> (i32, i32, i32) {
    %s = arith.addi %a, %a : i32
    %t = arith.muli %a, %s : i32
    %u = arith.muli %c, %c : i32
    memref.store %a, %m[] : memref<i32>
    scf.yield %s, %t, %u : i32, i32, i32
  }
  return %r#0 : i32
}

// -----

// The body yields the initial value: the result is that value, the loop stays for its
// effects.
// CHECK-LABEL: func.func @for_init_yielded(
// CHECK-NEXT:    scf.for %{{.*}} = %arg0 to %arg1 step %arg2 {
// CHECK-NEXT:      memref.store %arg3, %arg4[]
// CHECK-NEXT:    }
// CHECK-NEXT:    return %arg3 : i32
func.func @for_init_yielded(%lb: index, %ub: index, %st: index, %x: i32, %m: memref<i32>) -> i32 {
  %r = scf.for %i = %lb to %ub step %st iter_args(%a = %x) -> (i32) {
    memref.store %x, %m[] : memref<i32>
    scf.yield %x : i32
  }
  return %r : i32
}

// -----

// Two iteration values with equal inits and equal yields merge.
// CHECK-LABEL: func.func @for_duplicate(
// CHECK-NEXT:    %[[R:.*]] = scf.for {{.*}} iter_args(%[[A:.*]] = %arg3) -> (i32) {
// CHECK-NEXT:      %[[S:.*]] = arith.addi %[[A]], %[[A]] : i32
// CHECK-NEXT:      scf.yield %[[S]] : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]], %[[R]] : i32, i32
func.func @for_duplicate(%lb: index, %ub: index, %st: index, %x: i32) -> (i32, i32) {
  %r:2 = scf.for %i = %lb to %ub step %st iter_args(%a = %x, %b = %x) -> (i32, i32) {
    %s = arith.addi %a, %b : i32
    scf.yield %s, %s : i32, i32
  }
  return %r#0, %r#1 : i32, i32
}

// -----

// Values that may differ keep their iteration values: an outside value unlike the init,
// and two values swapping.
// CHECK-LABEL: func.func @for_kept(
// CHECK-NEXT:    %[[R:.*]] = scf.for {{.*}} iter_args(%[[A:.*]] = %arg3) -> (i32) {
// CHECK-NEXT:      memref.store %[[A]], %arg5[]
// CHECK-NEXT:      scf.yield %arg4 : i32
// CHECK:         %[[S:.*]]:2 = scf.for {{.*}} iter_args(%[[B:.*]] = %arg3, %[[C:.*]] = %arg4) -> (i32, i32) {
// CHECK-NEXT:      scf.yield %[[C]], %[[B]] : i32, i32
// CHECK:         return %[[R]], %[[S]]#0, %[[S]]#1
func.func @for_kept(%lb: index, %ub: index, %st: index, %x: i32, %y: i32, %m: memref<i32>) -> (i32, i32, i32) {
  %r = scf.for %i = %lb to %ub step %st iter_args(%a = %x) -> (i32) {
    memref.store %a, %m[] : memref<i32>
    scf.yield %y : i32
  }
  %s:2 = scf.for %i = %lb to %ub step %st iter_args(%a = %x, %b = %y) -> (i32, i32) {
    scf.yield %b, %a : i32, i32
  }
  return %r, %s#0, %s#1 : i32, i32, i32
}

// -----

// Swapping two values that start equal changes nothing: the loop without effects goes.
// CHECK-LABEL: func.func @for_same_swap(
// CHECK-NEXT:    return %arg3, %arg3 : i32, i32
func.func @for_same_swap(%lb: index, %ub: index, %st: index, %x: i32) -> (i32, i32) {
  %r:2 = scf.for %i = %lb to %ub step %st iter_args(%a = %x, %b = %x) -> (i32, i32) {
    scf.yield %b, %a : i32, i32
  }
  return %r#0, %r#1 : i32, i32
}

// -----

// Nested loops passing a value through (and an unsigned loop with an i32 counter).
// CHECK-LABEL: func.func @for_nested(
// CHECK:         scf.for %{{.*}} = %c0 to %arg0 step %c1 {
// CHECK-NEXT:      scf.for %{{.*}} = %c0 to %arg0 step %c1 {
// CHECK-NEXT:        memref.store %arg1, %arg2[]
// CHECK:         scf.for unsigned %{{.*}} = %c0_i32 to %c10_i32 step %c1_i32  : i32 {
// CHECK:         return %arg1, %arg3 : f32, i32
func.func @for_nested(%n: index, %x: f32, %m: memref<f32>, %y: i32, %mi: memref<i32>) -> (f32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x) -> (f32) {
    %in = scf.for %j = %c0 to %n step %c1 iter_args(%b = %a) -> (f32) {
      memref.store %b, %m[] : memref<f32>
      scf.yield %b : f32
    }
    scf.yield %in : f32
  }
  %i0 = arith.constant 0 : i32
  %i10 = arith.constant 10 : i32
  %i1 = arith.constant 1 : i32
  %u:2 = scf.for unsigned %i = %i0 to %i10 step %i1 iter_args(%a = %y, %b = %y) -> (i32, i32) : i32 {
    memref.store %i, %mi[] : memref<i32>
    scf.yield %b, %a : i32, i32
  }
  return %r, %u#1 : f32, i32
}

// -----

// scf.while: the condition passed to the "after" region is true there; then the
// arguments that carry nothing go.
// CHECK-LABEL: func.func @while_truth(
// CHECK-NEXT:    %[[T:.*]] = arith.constant true
// CHECK-NEXT:    %[[R:.*]] = scf.while : () -> i1 {
// CHECK-NEXT:      %[[C:.*]] = "test.cond"(%arg0) : (i32) -> i1
// CHECK-NEXT:      scf.condition(%[[C]]) %[[C]] : i1
// CHECK-NEXT:    } do {
// CHECK-NEXT:    ^bb0(%{{.*}}: i1):
// CHECK-NEXT:      memref.store %[[T]], %arg1[]
// CHECK-NEXT:      memref.store %[[T]], %arg1[]
// CHECK-NEXT:      scf.yield
// CHECK-NEXT:    }
// CHECK-NEXT:    return %arg0, %[[R]] : i32, i1
func.func @while_truth(%x: i32, %m: memref<i1>) -> (i32, i1) {
  %r:3 = scf.while (%a = %x) : (i32) -> (i32, i1, i1) {
    %c = "test.cond"(%a) : (i32) -> i1
    scf.condition(%c) %a, %c, %c : i32, i1, i1
  } do {
  ^bb0(%b: i32, %c2: i1, %c3: i1):
    memref.store %c2, %m[] : memref<i1>
    memref.store %c3, %m[] : memref<i1>
    scf.yield %b : i32
  }
  return %r#0, %r#2 : i32, i1
}

// -----

// scf.while: comparisons equal to the condition, or to its negation, are constants made
// before the loop (in use-list order); another predicate stays.
// CHECK-LABEL: func.func @while_cmp(
// CHECK-NEXT:    %[[F:.*]] = arith.constant false
// CHECK-NEXT:    %[[T:.*]] = arith.constant true
// CHECK:         ^bb0(%[[B:.*]]: i32):
// CHECK-NEXT:      %[[O:.*]] = arith.cmpi sgt, %[[B]], %arg1 : i32
// CHECK-NEXT:      memref.store %[[T]], %arg2[]
// CHECK-NEXT:      memref.store %[[F]], %arg2[]
// CHECK-NEXT:      memref.store %[[O]], %arg2[]
func.func @while_cmp(%x: i32, %n: i32, %m: memref<i1>) -> i32 {
  %r = scf.while (%a = %x) : (i32) -> i32 {
    %c = arith.cmpi slt, %a, %n : i32
    scf.condition(%c) %a : i32
  } do {
  ^bb0(%b: i32):
    %same = arith.cmpi slt, %b, %n : i32
    %inv = arith.cmpi sge, %b, %n : i32
    %other = arith.cmpi sgt, %b, %n : i32
    memref.store %same, %m[] : memref<i1>
    memref.store %inv, %m[] : memref<i1>
    memref.store %other, %m[] : memref<i1>
    %b2 = arith.addi %b, %b : i32
    scf.yield %b2 : i32
  }
  return %r : i32
}

// -----

// scf.while: "before" arguments passed in another order are put in order; the results
// and "after" arguments follow.
// CHECK-LABEL: func.func @while_align(
// CHECK-NEXT:    %[[R:.*]]:2 = scf.while (%[[A:.*]] = %arg0, %[[B:.*]] = %arg1) : (i32, f32) -> (i32, f32) {
// CHECK-NEXT:      %[[C:.*]] = "test.cond"(%[[A]], %[[B]])
// CHECK-NEXT:      scf.condition(%[[C]]) %[[A]], %[[B]] : i32, f32
// CHECK-NEXT:    } do {
// CHECK-NEXT:    ^bb0(%[[I:.*]]: i32, %[[F:.*]]: f32):
// CHECK-NEXT:      %[[F2:.*]] = arith.addf %[[F]], %[[F]] : f32
// CHECK-NEXT:      %[[I2:.*]] = arith.addi %[[I]], %[[I]] : i32
// CHECK-NEXT:      scf.yield %[[I2]], %[[F2]] : i32, f32
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]]#1, %[[R]]#0 : f32, i32
func.func @while_align(%x: i32, %y: f32) -> (f32, i32) {
  %r:2 = scf.while (%a = %x, %b = %y) : (i32, f32) -> (f32, i32) {
    %c = "test.cond"(%a, %b) : (i32, f32) -> i1
    scf.condition(%c) %b, %a : f32, i32
  } do {
  ^bb0(%f: f32, %i: i32):
    %f2 = arith.addf %f, %f : f32
    %i2 = arith.addi %i, %i : i32
    scf.yield %i2, %f2 : i32, f32
  }
  return %r#0, %r#1 : f32, i32
}

// -----

// scf.while: an scf.if on the condition right before scf.condition moves into the
// "after" region; the "before" values it used become new "after" arguments.
// CHECK-LABEL: func.func @while_if_down(
// CHECK-NEXT:    %[[R:.*]]:2 = scf.while (%[[A:.*]] = %arg0) : (i32) -> (i32, i32) {
// CHECK-NEXT:      %[[T:.*]] = arith.muli %[[A]], %[[A]] : i32
// CHECK-NEXT:      scf.condition(%arg1) %[[A]], %[[T]] : i32, i32
// CHECK-NEXT:    } do {
// CHECK-NEXT:    ^bb0(%[[B:.*]]: i32, %[[T2:.*]]: i32):
// CHECK-NEXT:      %[[Q:.*]] = arith.addi %[[B]], %[[T2]] : i32
// CHECK-NEXT:      memref.store %[[Q]], %arg2[]
// CHECK-NEXT:      %[[W:.*]] = arith.muli %[[Q]], %[[Q]] : i32
// CHECK-NEXT:      scf.yield %[[W]] : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]]#0 : i32
func.func @while_if_down(%x: i32, %c: i1, %m: memref<i32>) -> i32 {
  %r = scf.while (%a = %x) : (i32) -> i32 {
    %t = arith.muli %a, %a : i32
    %z = scf.if %c -> i32 {
      %q = arith.addi %a, %t : i32
      memref.store %q, %m[] : memref<i32>
      scf.yield %q : i32
    } else {
      scf.yield %a : i32
    }
    scf.condition(%c) %z : i32
  } do {
  ^bb0(%b: i32):
    %w = arith.muli %b, %b : i32
    scf.yield %w : i32
  }
  return %r : i32
}

// -----

// scf.while: a loop-invariant argument is its init, an unused result and a duplicate go.
// CHECK-LABEL: func.func @while_values(
// CHECK-NEXT:    %[[R:.*]] = scf.while (%[[A:.*]] = %arg0) : (i32) -> i32 {
// CHECK-NEXT:      %[[C:.*]] = "test.cond"(%[[A]], %arg1)
// CHECK-NEXT:      scf.condition(%[[C]]) %[[A]] : i32
// CHECK-NEXT:    } do {
// CHECK-NEXT:    ^bb0(%[[B:.*]]: i32):
// CHECK-NEXT:      %[[S:.*]] = arith.addi %[[B]], %arg1 : i32
// CHECK-NEXT:      %[[S2:.*]] = arith.addi %[[S]], %[[B]] : i32
// CHECK-NEXT:      memref.store %[[S2]], %arg2[]
// CHECK-NEXT:      scf.yield %[[S]] : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]], %arg1 : i32, i32
func.func @while_values(%x: i32, %y: i32, %m: memref<i32>) -> (i32, i32) {
  %r:3 = scf.while (%a = %x, %k = %y) : (i32, i32) -> (i32, i32, i32) {
    %c = "test.cond"(%a, %k) : (i32, i32) -> i1
    scf.condition(%c) %a, %k, %a : i32, i32, i32
  } do {
  ^bb0(%b: i32, %k2: i32, %b2: i32):
    %s = arith.addi %b, %k2 : i32
    %s2 = arith.addi %s, %b2 : i32
    memref.store %s2, %m[] : memref<i32>
    scf.yield %s, %k2 : i32, i32
  }
  return %r#0, %r#1 : i32, i32
}

// -----

// scf.while: a loop whose result nothing uses still runs (it may not terminate).
// CHECK-LABEL: func.func @while_unused(
// CHECK-NEXT:    scf.while (%{{.*}} = %arg0) : (i32) -> i32 {
func.func @while_unused(%x: i32) {
  %r = scf.while (%a = %x) : (i32) -> i32 {
    %c = "test.cond"(%a) : (i32) -> i1
    scf.condition(%c) %a : i32
  } do {
  ^bb0(%b: i32):
    %n = arith.addi %b, %b : i32
    scf.yield %n : i32
  }
  return
}

// -----

// scf.index_switch on a constant runs the selected case (or the default) in place.
// CHECK-LABEL: func.func @switch_constant(
// CHECK-NEXT:    %[[C13:.*]] = arith.constant 13 : i32
// CHECK-NEXT:    %[[C10:.*]] = arith.constant 10 : i32
// CHECK-NEXT:    memref.store %[[C10]], %arg0[]
// CHECK-NEXT:    memref.store %[[C13]], %arg0[]
// CHECK-NEXT:    memref.store %[[C10]], %arg0[]
// CHECK-NEXT:    return %[[C10]], %[[C13]] : i32, i32
func.func @switch_constant(%m: memref<i32>) -> (i32, i32) {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c7 = arith.constant 7 : index
  %a = scf.index_switch %c1 -> i32
  case 1 {
    %v = arith.constant 10 : i32
    memref.store %v, %m[] : memref<i32>
    scf.yield %v : i32
  }
  default {
    %v = arith.constant 11 : i32
    scf.yield %v : i32
  }
  %b = scf.index_switch %c7 -> i32
  case 1 {
    %v = arith.constant 12 : i32
    scf.yield %v : i32
  }
  default {
    %v = arith.constant 13 : i32
    memref.store %v, %m[] : memref<i32>
    scf.yield %v : i32
  }
  scf.index_switch %c3
  case 3 {
    %v = arith.constant 10 : i32
    memref.store %v, %m[] : memref<i32>
    scf.yield
  }
  default {
  }
  return %a, %b : i32, i32
}

// -----

// scf.index_switch: an unused result goes, a value every region yields is that value.
// CHECK-LABEL: func.func @switch_results(
// CHECK:         %[[R:.*]] = scf.index_switch %arg0 -> i32
// CHECK-NEXT:    case 1 {
// CHECK:         return %[[R]], %arg1 : i32, i32
func.func @switch_results(%i: index, %x: i32, %m: memref<i32>) -> (i32, i32) {
  %a, %b, %c = scf.index_switch %i -> i32, i32, i32
  case 1 {
    %v = arith.constant 10 : i32
    memref.store %v, %m[] : memref<i32>
    scf.yield %v, %x, %v : i32, i32, i32
  }
  case 2 {
    %v = arith.constant 12 : i32
    scf.yield %v, %x, %v : i32, i32, i32
  }
  default {
    %v = arith.constant 11 : i32
    scf.yield %v, %x, %x : i32, i32, i32
  }
  return %a, %b : i32, i32
}

// -----

// scf.if and scf.execute_region (no_inline): unused results go, equal results merge, a
// value both branches yield is that value.
// CHECK-LABEL: func.func @if_exec(
// CHECK-NEXT:    %[[A:.*]] = scf.if %arg0 -> (i32) {
// CHECK:         %[[D:.*]] = scf.execute_region -> i32 no_inline {
// CHECK:         return %arg1, %[[A]], %[[A]], %[[D]] : i32, i32, i32, i32
func.func @if_exec(%c: i1, %x: i32, %m: memref<i32>) -> (i32, i32, i32, i32) {
  %a, %b, %u, %v = scf.if %c -> (i32, i32, i32, i32) {
    %s = arith.addi %x, %x : i32
    memref.store %s, %m[] : memref<i32>
    scf.yield %x, %s, %s, %s : i32, i32, i32, i32
  } else {
    %t = arith.muli %x, %x : i32
    scf.yield %x, %t, %t, %x : i32, i32, i32, i32
  }
  %d, %e = scf.execute_region -> (i32, i32) no_inline {
    %s = arith.addi %x, %b : i32
    memref.store %s, %m[] : memref<i32>
    scf.yield %s, %x : i32, i32
  }
  return %a, %b, %u, %d : i32, i32, i32, i32
}

// -----

// A multi-block scf.execute_region in a function becomes blocks of the function; with
// no_inline it stays.
// CHECK-LABEL: func.func @multi_block(
// CHECK-NEXT:    "test.foo"() : () -> ()
// CHECK-NEXT:    cf.cond_br %arg0, ^bb1, ^bb2(%arg1 : i64)
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    %[[V:.*]] = "test.val1"() : () -> i64
// CHECK-NEXT:    cf.br ^bb2(%[[V]] : i64)
// CHECK-NEXT:  ^bb2(%[[Z:.*]]: i64):
// CHECK-NEXT:    %[[N:.*]] = scf.execute_region -> i64 no_inline {
// CHECK:         return %[[Z]], %[[N]] : i64, i64
func.func @multi_block(%c: i1, %x: i64) -> (i64, i64) {
  "test.foo"() : () -> ()
  %v = scf.execute_region -> i64 {
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    %a = "test.val1"() : () -> i64
    cf.br ^bb3(%a : i64)
  ^bb2:
    cf.br ^bb3(%x : i64)
  ^bb3(%z : i64):
    scf.yield %z : i64
  }
  %w, %u = scf.execute_region -> (i64, i64) no_inline {
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    %a = "test.val1"() : () -> i64
    scf.yield %a, %x : i64, i64
  ^bb2:
    scf.yield %x, %x : i64, i64
  }
  return %v, %w : i64, i64
}

// -----

// Consecutive scf.ifs on one condition merge; inside the second, the first's results
// are the values its regions yield (here %r - %a is %a - %a, 0, in the else region).
// CHECK-LABEL: func.func @combine_ifs(
// CHECK-NEXT:    %[[Z:.*]] = arith.constant 0 : i32
// CHECK-NEXT:    %[[R:.*]]:2 = scf.if %arg0 -> (i32, i32) {
// CHECK-NEXT:      %[[X:.*]] = arith.addi %arg1, %arg1 : i32
// CHECK-NEXT:      %[[Y:.*]] = arith.muli %[[X]], %[[X]] : i32
// CHECK-NEXT:      memref.store %[[Y]], %arg2[]
// CHECK-NEXT:      scf.yield %[[X]], %[[Y]] : i32, i32
// CHECK-NEXT:    } else {
// CHECK-NEXT:      scf.yield %arg1, %[[Z]] : i32, i32
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]]#0, %[[R]]#1 : i32, i32
func.func @combine_ifs(%c: i1, %a: i32, %m: memref<i32>) -> (i32, i32) {
  %r = scf.if %c -> i32 {
    %x = arith.addi %a, %a : i32
    scf.yield %x : i32
  } else {
    scf.yield %a : i32
  }
  %t = scf.if %c -> i32 {
    %y = arith.muli %r, %r : i32
    memref.store %y, %m[] : memref<i32>
    scf.yield %y : i32
  } else {
    %z = arith.subi %r, %a : i32
    scf.yield %z : i32
  }
  return %r, %t : i32, i32
}

// -----

// An scf.if on the negated condition merges with swapped regions; an scf.if on a
// negated condition swaps its own regions (its fold).
// CHECK-LABEL: func.func @combine_negated(
// CHECK-NEXT:    scf.if %arg0 {
// CHECK-NEXT:      memref.store %arg1, %arg2[]
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %[[Y:.*]] = arith.muli %arg1, %arg1 : i32
// CHECK-NEXT:      memref.store %[[Y]], %arg2[]
// CHECK-NEXT:    }
// CHECK-NEXT:    "test.barrier"
// CHECK-NEXT:    %[[R:.*]] = scf.if %arg0 -> (i32) {
// CHECK-NEXT:      %[[Q:.*]] = arith.addi %arg1, %arg1 : i32
// CHECK-NEXT:      %[[S:.*]] = arith.muli %[[Q]], %[[Q]] : i32
// CHECK-NEXT:      scf.yield %[[S]] : i32
// CHECK-NEXT:    } else {
// CHECK-NEXT:      memref.store %arg1, %arg2[]
// CHECK-NEXT:      memref.store %arg1, %arg2[]
// CHECK-NEXT:      scf.yield %arg1 : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]] : i32
func.func @combine_negated(%c: i1, %a: i32, %m: memref<i32>) -> i32 {
  %true = arith.constant true
  %n = arith.xori %c, %true : i1
  scf.if %c {
    memref.store %a, %m[] : memref<i32>
  }
  scf.if %n {
    %y = arith.muli %a, %a : i32
    memref.store %y, %m[] : memref<i32>
  }
  "test.barrier"() : () -> ()
  %r = scf.if %n -> i32 {
    memref.store %a, %m[] : memref<i32>
    scf.yield %a : i32
  } else {
    %q = arith.addi %a, %a : i32
    scf.yield %q : i32
  }
  %t = scf.if %c -> i32 {
    %y = arith.muli %r, %r : i32
    scf.yield %y : i32
  } else {
    memref.store %r, %m[] : memref<i32>
    scf.yield %a : i32
  }
  return %t : i32
}

// -----

// An scf.if holding only another becomes one on both conditions; a value yielded from
// outside becomes a select on the outer condition.
// CHECK-LABEL: func.func @combine_nested(
// CHECK-NEXT:    %[[AND:.*]] = arith.andi %arg0, %arg1 : i1
// CHECK-NEXT:    %[[SEL:.*]] = arith.select %arg0, %arg3, %arg2 : i32
// CHECK-NEXT:    %[[R:.*]] = scf.if %[[AND]] -> (i32) {
// CHECK-NEXT:      %[[Y:.*]] = arith.muli %arg2, %arg3 : i32
// CHECK-NEXT:      memref.store %[[Y]], %arg4[]
// CHECK-NEXT:      scf.yield %[[Y]] : i32
// CHECK-NEXT:    } else {
// CHECK-NEXT:      scf.yield %arg2 : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    "test.barrier"
// CHECK-NEXT:    %[[AND2:.*]] = arith.andi %arg0, %arg1 : i1
// CHECK-NEXT:    scf.if %[[AND2]] {
// CHECK-NEXT:      memref.store %arg3, %arg4[]
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]], %[[SEL]] : i32, i32
func.func @combine_nested(%c: i1, %d: i1, %a: i32, %b: i32, %m: memref<i32>) -> (i32, i32) {
  %r:2 = scf.if %c -> (i32, i32) {
    %s:2 = scf.if %d -> (i32, i32) {
      %y = arith.muli %a, %b : i32
      memref.store %y, %m[] : memref<i32>
      scf.yield %y, %y : i32, i32
    } else {
      scf.yield %a, %b : i32, i32
    }
    scf.yield %s#0, %b : i32, i32
  } else {
    scf.yield %a, %a : i32, i32
  }
  "test.barrier"() : () -> ()
  scf.if %c {
    scf.if %d {
      memref.store %b, %m[] : memref<i32>
    }
  }
  return %r#0, %r#1 : i32, i32
}
