// canonicalize on scf.parallel, as MLIR 22: ParallelOpSingleOrZeroIterationDimsFolder
// (a dimension running once is dropped, one running zero times makes the loop its
// initial values, a loop running once is its body followed by its reductions) and
// MergeNestedParallelLoops; no region branch patterns (an unused result stays). Output
// identical to mlir-opt in every traversal mode, with locations.
// RUN: %pto-opt %s --allow-unregistered-dialect --canonicalize --split-input-file | FileCheck %s
// RUN: %compat %s --canonicalize --split-input-file
// RUN: %compat %s --canonicalize=top-down=false --split-input-file
// RUN: %compat %s --canonicalize=region-simplify=disabled --split-input-file
// RUN: %compat %s --canonicalize --mlir-print-debuginfo --split-input-file
// One iteration is not a fixed point, so compare single runs instead of round trips:
// RUN: %pto-opt %s --allow-unregistered-dialect --canonicalize=max-iterations=1 --split-input-file > %t.pto
// RUN: %mlir-opt %s --allow-unregistered-dialect --canonicalize=max-iterations=1 --split-input-file > %t.mlir
// RUN: diff %t.pto %t.mlir

// A dimension that runs once is dropped: its induction variable is its lower bound.
// CHECK-LABEL: func.func @single_dim(
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK:         scf.parallel (%[[J:.*]]) = (%arg0) to (%arg1) step (%[[C1]]) {
// CHECK-NEXT:      "test.use"(%[[C0]], %[[J]])
func.func @single_dim(%a: index, %b: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i, %j) = (%c0, %a) to (%c1, %b) step (%c1, %c1) {
    "test.use"(%i, %j) : (index, index) -> ()
    scf.reduce
  }
  return
}

// -----

// A step at least as large as the range runs once; the other dimension stays, and so
// does the reduction. Discardable attributes are not kept on the new loop.
// CHECK-LABEL: func.func @big_step_reduce(
// CHECK:         %[[R:.*]] = scf.parallel (%[[J:.*]]) = (%[[C0:.*]]) to (%{{.*}}) step (%{{.*}}) init (%arg0) -> f32 {
// CHECK-NEXT:      "test.val"(%[[C0]], %[[J]])
// CHECK:           scf.reduce.return
// CHECK-NEXT:      }
// CHECK-NEXT:    }{{$}}
// CHECK-NEXT:    return %[[R]]
func.func @big_step_reduce(%x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c10 = arith.constant 10 : index
  %c7 = arith.constant 7 : index
  %c20 = arith.constant 20 : index
  %r = scf.parallel (%i, %j) = (%c0, %c0) to (%c10, %c10) step (%c20, %c7) init (%x) -> f32 {
    %v = "test.val"(%i, %j) : (index, index) -> f32
    scf.reduce(%v : f32) {
    ^bb0(%l: f32, %m: f32):
      %s = arith.addf %l, %m : f32
      scf.reduce.return %s : f32
    }
  } {test.attr}
  return %r : f32
}

// -----

// Every dimension runs once: the body runs in place and each reduction combines the
// initial value with the value the body contributes.
// CHECK-LABEL: func.func @all_single(
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK:         %[[V:.*]] = "test.val"(%[[C0]], %[[C1]])
// CHECK-NEXT:    %[[W:.*]] = "test.ival"(%[[C1]])
// CHECK-NEXT:    %[[M:.*]] = arith.mulf %arg0, %[[V]] : f32
// CHECK-NEXT:    %[[A:.*]] = arith.addi %arg1, %[[W]] : i32
// CHECK-NEXT:    return %[[M]], %[[A]]
func.func @all_single(%x: f32, %y: i32) -> (f32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r:2 = scf.parallel (%i, %j) = (%c0, %c1) to (%c1, %c4) step (%c1, %c4) init (%x, %y) -> (f32, i32) {
    %v = "test.val"(%i, %j) : (index, index) -> f32
    %w = "test.ival"(%j) : (index) -> i32
    scf.reduce(%v, %w : f32, i32) {
    ^bb0(%l: f32, %m: f32):
      %s = arith.mulf %l, %m : f32
      scf.reduce.return %s : f32
    }, {
    ^bb0(%l: i32, %m: i32):
      %s = arith.addi %l, %m : i32
      scf.reduce.return %s : i32
    }
  }
  return %r#0, %r#1 : f32, i32
}

// -----

// A body with regions runs in place too.
// CHECK-LABEL: func.func @all_single_regions(
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    scf.if %arg0 {
// CHECK-NEXT:      "test.use"(%[[C0]])
// CHECK-NEXT:    }
// CHECK-NEXT:    return
func.func @all_single_regions(%c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i) = (%c0) to (%c1) step (%c1) {
    scf.if %c {
      "test.use"(%i) : (index) -> ()
    }
    scf.reduce
  }
  return
}

// -----

// A dimension that runs zero times (equal bounds, or a constant empty range whatever
// the step) makes the loop its initial values.
// CHECK-LABEL: func.func @zero(
// CHECK-NEXT:    return %arg0, %arg0
func.func @zero(%x: f32, %a: index, %b: index, %s: index) -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %r = scf.parallel (%i, %j) = (%a, %c0) to (%b, %c0) step (%s, %s) init (%x) -> f32 {
    %v = "test.val"(%i, %j) : (index, index) -> f32
    scf.reduce(%v : f32) {
    ^bb0(%l: f32, %m: f32):
      %t = arith.addf %l, %m : f32
      scf.reduce.return %t : f32
    }
  }
  %q = scf.parallel (%i) = (%c4) to (%c2) step (%s) init (%x) -> f32 {
    %v = "test.val"(%i) : (index) -> f32
    scf.reduce(%v : f32) {
    ^bb0(%l: f32, %m: f32):
      %t = arith.addf %l, %m : f32
      scf.reduce.return %t : f32
    }
  }
  scf.parallel (%i) = (%a) to (%a) step (%s) {
    "test.use"(%i) : (index) -> ()
    scf.reduce
  }
  return %r, %q : f32, f32
}

// -----

// Not known to run once: a dynamic step, a bound MLIR does not evaluate (%a + 1), two
// iterations. Nothing changes.
// CHECK-LABEL: func.func @not_single(
// CHECK:         scf.parallel (%{{.*}}, %{{.*}}, %{{.*}}) = (%{{.*}}, %arg0, %{{.*}}) to
func.func @not_single(%a: index, %s: index) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %b = arith.addi %a, %c1 : index
  scf.parallel (%i, %j, %k) = (%c2, %a, %c2) to (%c4, %b, %c4) step (%s, %c1, %c1) {
    "test.use"(%i, %j, %k) : (index, index, index) -> ()
    scf.reduce
  }
  return
}

// -----

// A loop whose body is only another loop becomes one loop over both, at the outer
// loop's location; nested three deep, all three merge.
// CHECK-LABEL: func.func @nested(
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:    scf.parallel (%[[I:.*]], %[[J:.*]], %[[K:.*]], %[[L:.*]]) = (%arg0, %arg0, %arg0, %arg0) to (%arg1, %arg2, %arg1, %arg2) step (%[[C1]], %[[C1]], %[[C1]], %[[C1]]) {
// CHECK-NEXT:      "test.use"(%[[I]], %[[J]], %[[K]], %[[L]])
// CHECK-NEXT:      scf.reduce
// CHECK-NEXT:    }{{$}}
// CHECK-NEXT:    return
func.func @nested(%a: index, %b: index, %c: index) {
  %c1 = arith.constant 1 : index
  scf.parallel (%i) = (%a) to (%b) step (%c1) {
    scf.parallel (%j, %k) = (%a, %a) to (%c, %b) step (%c1, %c1) {
      scf.parallel (%l) = (%a) to (%c) step (%c1) {
        "test.use"(%i, %j, %k, %l) : (index, index, index, index) -> ()
        scf.reduce
      }
      scf.reduce
    }
    scf.reduce
  } {test.attr}
  return
}

// -----

// Not merged: inner bounds using the outer induction variable, an op beside the inner
// loop, a reduction.
// CHECK-LABEL: func.func @not_nested(
// CHECK-COUNT-6: scf.parallel
func.func @not_nested(%a: index, %b: index, %x: f32) -> f32 {
  %c1 = arith.constant 1 : index
  scf.parallel (%i) = (%a) to (%b) step (%c1) {
    scf.parallel (%j) = (%i) to (%b) step (%c1) {
      "test.use"(%i, %j) : (index, index) -> ()
      scf.reduce
    }
    scf.reduce
  }
  scf.parallel (%i) = (%a) to (%b) step (%c1) {
    "test.use"(%i) : (index) -> ()
    scf.parallel (%j) = (%a) to (%b) step (%c1) {
      "test.use"(%i, %j) : (index, index) -> ()
      scf.reduce
    }
    scf.reduce
  }
  %r = scf.parallel (%i) = (%a) to (%b) step (%c1) init (%x) -> f32 {
    scf.parallel (%j) = (%a) to (%b) step (%c1) {
      "test.use"(%i, %j) : (index, index) -> ()
      scf.reduce
    }
    scf.reduce(%x : f32) {
    ^bb0(%l: f32, %m: f32):
      %t = arith.addf %l, %m : f32
      scf.reduce.return %t : f32
    }
  }
  return %r : f32
}

// -----

// An unused result stays: MLIR 22 gives scf.parallel no region branch patterns.
// CHECK-LABEL: func.func @unused_result(
// CHECK:         scf.parallel {{.*}} init (%arg0) -> f32
func.func @unused_result(%x: f32, %a: index, %b: index) {
  %c1 = arith.constant 1 : index
  %r = scf.parallel (%i) = (%a) to (%b) step (%c1) init (%x) -> f32 {
    %v = "test.val"(%i) : (index) -> f32
    scf.reduce(%v : f32) {
    ^bb0(%l: f32, %m: f32):
      %t = arith.addf %l, %m : f32
      scf.reduce.return %t : f32
    }
  }
  return
}

// -----

// After dropping the dimension that runs once, the loops nest directly and merge.
// CHECK-LABEL: func.func @collapse_then_merge(
// CHECK:         scf.parallel (%[[I:.*]], %[[J:.*]]) = (%arg0, %arg0) to (%arg1, %arg1)
// CHECK-NEXT:      "test.use"(%[[I]], %[[J]], %[[C0:.*]])
func.func @collapse_then_merge(%a: index, %b: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i, %z) = (%a, %c0) to (%b, %c1) step (%c1, %c1) {
    scf.parallel (%j) = (%a) to (%b) step (%c1) {
      "test.use"(%i, %j, %z) : (index, index, index) -> ()
      scf.reduce
    }
    scf.reduce
  }
  return
}
