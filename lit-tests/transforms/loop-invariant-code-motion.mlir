// loop-invariant-code-motion: ops of scf.for / scf.while / scf.parallel bodies move
// before the loop when they are free of memory effects, speculatable and use only values
// from outside the loop; inner loops first, so hoisted ops may leave the outer loop
// next; users of a hoisted op are reconsidered. Integer division moves only
// with a constant divisor that cannot trap (non-zero, and not -1 for signed division);
// memref.dim only with a constant index below the rank; scf.if when its branches may
// move; scf.for only with a constant step of 1 (it then terminates); loads, stores,
// unregistered ops and terminators stay.
// RUN: %compat %s --loop-invariant-code-motion
// RUN: %compat %s --pass-pipeline='builtin.module(func.func(loop-invariant-code-motion))'
// RUN: %pto-opt --allow-unregistered-dialect %s --loop-invariant-code-motion | FileCheck %s

// CHECK-LABEL: func.func @basic(
// CHECK:         arith.addi %arg1, %arg2
// CHECK-NEXT:    arith.muli
// CHECK-NEXT:    scf.for
// CHECK-NEXT:      memref.load
// CHECK-NEXT:      arith.addi %arg7
func.func @basic(%m: memref<4xf32>, %a: i32, %b: i32, %lb: index, %ub: index, %s: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %a) -> i32 {
    %v = memref.load %m[%c0] : memref<4xf32>
    %x = arith.addi %a, %b : i32
    %y = arith.muli %x, %x : i32
    %z = arith.addi %acc, %y : i32
    scf.yield %z : i32
  }
  return %r : i32
}

// CHECK-LABEL: func.func @nested_and_speculation(
// CHECK:         %[[SUB:.*]] = arith.subi
// CHECK-NEXT:    arith.divui %arg0, %c7_i32
// CHECK-NEXT:    arith.divsi %arg0, %c7_i32
// CHECK-NEXT:    arith.ceildivsi %arg0, %c7_i32
// CHECK-NEXT:    arith.divui %arg6, %cst
// CHECK-NEXT:    arith.remsi
// CHECK-NEXT:    memref.dim %arg5, %c0
// CHECK-NEXT:    scf.if
// CHECK:         } else {
// CHECK:         arith.addi %arg0, %arg1
// CHECK-NEXT:    scf.for {{.*}} step %arg4 {
// CHECK-NEXT:      scf.for {{.*}} step %c2
// CHECK-NEXT:        scf.yield %[[SUB]]
// CHECK:           arith.divsi %arg0, %c-1_i32
// CHECK-NEXT:      arith.divui %arg0, %c0_i32
// CHECK-NEXT:      memref.dim %arg5, %arg
// CHECK-NEXT:      scf.while
func.func @nested_and_speculation(%a: i32, %b: i32, %lb: index, %ub: index, %s: index, %m: memref<?xf32>, %vec: vector<4xi32>, %c: i1) {
  %c2 = arith.constant 2 : index
  %c0 = arith.constant 0 : index
  %c7 = arith.constant 7 : i32
  %cm1 = arith.constant -1 : i32
  %cz = arith.constant 0 : i32
  %c3v = arith.constant dense<3> : vector<4xi32>
  scf.for %i = %lb to %ub step %s {
    %in = scf.for %j = %lb to %ub step %c2 iter_args(%q = %a) -> i32 {
       %t = arith.subi %a, %b : i32
       scf.yield %t : i32
    }
    %d1 = arith.divui %a, %c7 : i32
    %d2 = arith.divsi %a, %cm1 : i32
    %d3 = arith.divsi %a, %c7 : i32
    %d4 = arith.ceildivsi %a, %c7 : i32
    %d5 = arith.divui %a, %cz : i32
    %d6 = arith.divui %vec, %c3v : vector<4xi32>
    %r1 = arith.remsi %a, %b : i32
    %dm = memref.dim %m, %c0 : memref<?xf32>
    %dm2 = memref.dim %m, %i : memref<?xf32>
    %if = scf.if %c -> i32 {
      %u = arith.addi %a, %b : i32
      scf.yield %u : i32
    } else {
      scf.yield %a : i32
    }
    %w = scf.while (%arg = %a) : (i32) -> i32 {
      scf.condition(%c) %arg : i32
    } do {
    ^bb0(%x: i32):
      %x2 = arith.addi %a, %b : i32
      scf.yield %x2 : i32
    }
    "test.use"(%in, %d1, %d2, %d3, %d4, %d5, %d6, %r1, %dm, %dm2, %if, %w) : (i32, i32, i32, i32, i32, i32, vector<4xi32>, i32, index, index, i32, i32) -> ()
  }
  return
}

// A loop stepping by one moves as a whole once its body is invariant; ops using values
// defined inside them stay (they depend on the iteration); effects keep the store and
// the unregistered op in place, and the ops using their results.
// CHECK-LABEL: func.func @whole_loops(
// CHECK:         arith.constant 1
// CHECK-NEXT:    arith.addi %arg0, %arg0
// CHECK-NEXT:    scf.for {{.*}} step %c1 iter_args
// CHECK:         arith.addi
// CHECK-NEXT:    scf.for {{.*}} step %arg3 {
// CHECK-NEXT:      arith.index_cast %arg
// CHECK-NEXT:      memref.store
// CHECK-NEXT:      "foo.opaque"
// CHECK-NEXT:      arith.addi %{{.*}}, %arg0
func.func @whole_loops(%a: i32, %m: memref<4xi32>, %lb: index, %s: index) {
  scf.for %i = %lb to %lb step %s {
    %c1 = arith.constant 1 : index
    %inner = scf.for %j = %lb to %lb step %c1 iter_args(%x = %a) -> i32 {
      %y = arith.addi %a, %a : i32
      scf.yield %y : i32
    }
    %k = arith.index_cast %i : index to i32
    memref.store %k, %m[%lb] : memref<4xi32>
    %o = "foo.opaque"(%inner) : (i32) -> i32
    %p = arith.addi %o, %a : i32
    %q = arith.addi %inner, %a : i32
    "test.use"(%p, %q) : (i32, i32) -> ()
  }
  return
}

// scf.parallel's body; a chain of invariant ops.
// CHECK-LABEL: func.func @parallel(
// CHECK:         %[[X:.*]] = arith.muli %arg0, %arg0
// CHECK-NEXT:    arith.addi %[[X]], %arg0
// CHECK-NEXT:    arith.subi %[[X]], %arg0
// CHECK-NEXT:    scf.parallel
func.func @parallel(%a: i32, %lb: index, %ub: index, %s: index) {
  scf.parallel (%i) = (%lb) to (%ub) step (%s) {
    %x = arith.muli %a, %a : i32
    %y = arith.addi %x, %a : i32
    %z = arith.subi %x, %a : i32
    "test.use"(%y, %z, %i) : (i32, i32, index) -> ()
    scf.reduce
  }
  return
}

// Loops inside a nested module's function are reached too.
// CHECK-LABEL: module @inner
// CHECK:         arith.addi
// CHECK-NEXT:    scf.for
module @inner {
  func.func @f(%a: i32, %lb: index) {
    scf.for %i = %lb to %lb step %lb {
      %x = arith.addi %a, %a : i32
      "test.use"(%x) : (i32) -> ()
    }
    return
  }
}
