// canonicalize: folders (constants, identities, commutative operands to the right),
// arith reassociation patterns, constant uniquing and hoisting, dead code, and cf
// branch simplification; output identical to mlir-opt in every traversal mode.
// RUN: %pto-opt %s --canonicalize --split-input-file | FileCheck %s
// RUN: %compat %s --canonicalize --split-input-file
// RUN: %compat %s --canonicalize=top-down=false --split-input-file
// RUN: %compat %s --canonicalize=region-simplify=disabled --split-input-file
// One iteration is not a fixed point, so compare single runs instead of round trips:
// RUN: %pto-opt %s --canonicalize=max-iterations=1 --split-input-file > %t.pto
// RUN: %mlir-opt %s --canonicalize=max-iterations=1 --split-input-file > %t.mlir
// RUN: diff %t.pto %t.mlir
// RUN: %compat %s --canonicalize --mlir-print-debuginfo --split-input-file
// RUN: %compat %s --pass-pipeline='builtin.module(func.func(canonicalize{top-down=false}))' --split-input-file

// CHECK-LABEL: func.func @arith(
// CHECK-NEXT:    %[[C2:.*]] = arith.constant 2 : i32
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : i32
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : i32
// CHECK-NEXT:    %[[C5:.*]] = arith.constant 5 : i32
// CHECK-NEXT:    %[[U:.*]] = arith.addi %arg0, %[[C5]] : i32
// CHECK-NEXT:    %[[CMP:.*]] = arith.cmpi sgt, %arg0, %[[C1]] : i32
// CHECK-NEXT:    %[[V:.*]] = arith.subi %[[C2]], %arg0 : i32
// CHECK-NEXT:    return %arg0, %[[U]], %[[C0]], %[[CMP]], %[[V]]
func.func @arith(%x: i32, %y: i32) -> (i32, i32, i32, i1, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %a = arith.addi %x, %c0 : i32
  %b = arith.muli %c1, %a : i32
  %s = arith.addi %c1, %c2 : i32
  %t = arith.addi %x, %s : i32
  %u = arith.addi %t, %c2 : i32
  %d = arith.subi %y, %y : i32
  %dead = arith.muli %x, %y : i32
  %cmp = arith.cmpi slt, %c1, %x : i32
  %c7 = arith.constant 7 : i32
  %v = arith.subi %c7, %u : i32
  return %b, %u, %d, %cmp, %v : i32, i32, i32, i1, i32
}

// CHECK-LABEL: func.func @index_chain(
// CHECK-NEXT:    %[[C3:.*]] = arith.constant 3 : index
// CHECK-NEXT:    %[[C12:.*]] = arith.constant 12 : index
// CHECK-NEXT:    %[[M:.*]] = arith.muli %arg0, %[[C12]] : index
// CHECK-NEXT:    %[[D:.*]] = arith.divui %[[M]], %[[C3]] : index
func.func @index_chain(%x: index) -> index {
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %0 = arith.muli %x, %c3 : index
  %1 = arith.muli %0, %c4 : index
  %2 = arith.divui %1, %c3 : index
  return %2 : index
}

// CHECK-LABEL: func.func @merge_constants(
// CHECK-NEXT:    %[[C:.*]] = arith.constant 14 : i32
// CHECK-NEXT:    %[[T:.*]] = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:    %[[D:.*]] = arith.addi %[[T]], %[[C]] : i32
// CHECK-NEXT:    return %[[T]], %[[D]]
func.func @merge_constants(%x: i32) -> (i32, i32) {
  %t = arith.addi %x, %x : i32
  %c1 = arith.constant 1 : i32
  %a = arith.muli %t, %c1 : i32
  %c2 = arith.constant 7 : i32
  %b = arith.addi %t, %c2 : i32
  %c3 = arith.constant 7 : i32
  %d = arith.addi %b, %c3 : i32
  return %a, %d : i32, i32
}

// CHECK-LABEL: func.func @folds(
// CHECK-DAG:     %[[TRUE:.*]] = arith.constant true
// CHECK-DAG:     %[[M:.*]] = arith.constant -128 : i8
// CHECK:         return %[[TRUE]], %[[M]], %arg0, %arg1
func.func @folds(%x: i8, %c: i1) -> (i1, i8, i8, i1) {
  %a = arith.constant 127 : i8
  %one = arith.constant 1 : i8
  %ovf = arith.addi %a, %one : i8
  %eq = arith.cmpi sle, %x, %x : i8
  %t = arith.constant true
  %f = arith.constant false
  %s = arith.select %c, %x, %x : i8
  %sel = arith.select %c, %t, %f : i1
  %and = arith.andi %s, %s : i8
  %min = arith.minsi %and, %a : i8
  return %eq, %ovf, %min, %sel : i1, i8, i8, i1
}

// -----

// CHECK-LABEL: func.func @cfg(
// CHECK:         cf.cond_br %arg0, ^bb1(%arg1 : i32), ^bb2(%{{.*}} : i32)
// CHECK:       ^bb1(%{{.*}}: i32):
// CHECK:         cf.br ^bb2
// CHECK:       ^bb2(%{{.*}}: i32):
// CHECK-NEXT:    return
// CHECK-NOT:   ^bb3
func.func @cfg(%c: i1, %x: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  cf.cond_br %c, ^bb1(%x, %c1 : i32, i32), ^bb2(%c1 : i32)
^bb1(%a: i32, %unused: i32):
  %s = arith.addi %a, %c1 : i32
  cf.br ^bb3(%s : i32)
^bb2(%b: i32):
  cf.br ^bb3(%b : i32)
^bb3(%r: i32):
  return %r : i32
^dead:
  %z = arith.addi %x, %x : i32
  cf.br ^bb3(%z : i32)
}

// CHECK-LABEL: func.func @const_cond(
// CHECK-NEXT:    return %arg0 : i32
func.func @const_cond(%x: i32, %y: i32) -> i32 {
  %true = arith.constant true
  cf.cond_br %true, ^bb1(%x : i32), ^bb1(%y : i32)
^bb1(%r: i32):
  return %r : i32
}

// CHECK-LABEL: func.func @same_successor(
// CHECK-NEXT:    %[[S:.*]] = arith.select %arg0, %arg1, %arg2 : i32
// CHECK-NEXT:    return %[[S]] : i32
func.func @same_successor(%c: i1, %x: i32, %y: i32) -> i32 {
  cf.cond_br %c, ^bb1(%x : i32), ^bb1(%y : i32)
^bb1(%r: i32):
  return %r : i32
}

// CHECK-LABEL: func.func @truth(
// CHECK:         cf.cond_br %arg0, ^bb1, ^bb2
// CHECK:       ^bb1:
// CHECK-NEXT:    return %true
// CHECK:       ^bb2:
// CHECK-NEXT:    return %false
func.func @truth(%c: i1) -> i1 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  return %c : i1
^bb2:
  return %c : i1
}

// -----

// CHECK-LABEL: func.func @loops(
// CHECK-NOT:     arith.mulf
// CHECK:         scf.for
// CHECK-NEXT:      memref.load
// CHECK-NEXT:      arith.addf
// CHECK-NEXT:      scf.yield
// CHECK:         return
func.func @loops(%n: index, %m: memref<?xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  %z = arith.constant 0.0 : f32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> f32 {
    %two = arith.constant 2.0 : f32
    %v = memref.load %m[%i] : memref<?xf32>
    %unused = arith.mulf %v, %two : f32
    %w = arith.mulf %v, %f : f32
    %s = arith.addf %acc, %w : f32
    scf.yield %s : f32
  }
  %x = arith.addi %c1, %c1 : index
  %dead = memref.load %m[%x] : memref<?xf32>
  return %r : f32
}

// -----

// scf: constant conditions, trivial ifs to selects, unused results, empty else
// regions, zero- and one-trip loops, single-block execute_region.
// CHECK-LABEL: func.func @if_const(
// CHECK-NEXT:    arith.addi %arg0, %arg1
// CHECK-NEXT:    arith.muli %arg0, %arg1
// CHECK-NEXT:    return
// CHECK-LABEL: func.func @if_select(
// CHECK:         scf.if %arg0 {
// CHECK-NEXT:      memref.store
// CHECK-NEXT:    }
// CHECK-NOT:     else
// CHECK-LABEL: func.func @loops(
// CHECK-NOT:     scf.execute_region
// CHECK:         scf.for
// CHECK-NOT:     scf.for
func.func @if_const(%x: i32, %y: i32, %m: memref<4xi32>) -> (i32, i32) {
  %true = arith.constant true
  %false = arith.constant false
  %a = scf.if %true -> i32 {
    %s = arith.addi %x, %y : i32
    scf.yield %s : i32
  } else {
    scf.yield %y : i32
  }
  %b = scf.if %false -> i32 {
    scf.yield %x : i32
  } else {
    %p = arith.muli %x, %y : i32
    scf.yield %p : i32
  }
  scf.if %false {
    %c0 = arith.constant 0 : index
    memref.store %x, %m[%c0] : memref<4xi32>
  }
  return %a, %b : i32, i32
}
func.func @if_select(%c: i1, %d: i1, %x: i32, %y: i32, %m: memref<4xi32>) -> (i32, i32, i32) {
  %r:3 = scf.if %c -> (i32, i32, i32) {
    %c0 = arith.constant 0 : index
    memref.store %x, %m[%c0] : memref<4xi32>
    %s = arith.addi %x, %y : i32
    scf.yield %x, %y, %s : i32, i32, i32
  } else {
    scf.yield %y, %y, %x : i32, i32, i32
  }
  %q = scf.if %d -> i32 {
    scf.yield %x : i32
  } else {
    scf.yield %y : i32
  }
  return %r#0, %r#1, %q : i32, i32, i32
}
func.func @loops(%m: memref<4xi32>, %x: i32, %n: index) -> (i32, i32, i32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %a = scf.for %i = %c0 to %c0 step %c1 iter_args(%acc = %x) -> i32 {
    %s = arith.addi %acc, %acc : i32
    scf.yield %s : i32
  }
  %b = scf.for %i = %c1 to %c0 step %c1 iter_args(%acc = %x) -> i32 {
    scf.yield %acc : i32
  }
  %c = scf.for %i = %c0 to %c4 step %c4 iter_args(%acc = %x) -> i32 {
    memref.store %acc, %m[%i] : memref<4xi32>
    %s = arith.addi %acc, %acc : i32
    scf.yield %s : i32
  }
  %d = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %x) -> i32 {
    scf.yield %x : i32
  }
  %e = scf.execute_region -> i32 {
    %s = arith.addi %x, %x : i32
    scf.yield %s : i32
  }
  scf.for %i = %c0 to %n step %c1 {
    memref.store %x, %m[%i] : memref<4xi32>
  }
  %f = arith.addi %e, %d : i32
  return %a, %b, %c, %f : i32, i32, i32, i32
}

// -----

// Bitcasts of constants fold (scalars and splats), in both directions.
// CHECK-LABEL: func.func @bitcast_constants(
// CHECK-DAG:     arith.constant 1.000000e+00 : f32
// CHECK-DAG:     arith.constant -2147483648 : i32
// CHECK-DAG:     arith.constant 0x7FC00000 : f32
// CHECK-DAG:     arith.constant dense<2.000000e+00> : vector<2xf32>
// CHECK-NOT:     arith.bitcast
func.func @bitcast_constants() -> (f32, i32, f32, vector<2xf32>) {
  %c = arith.constant 1065353216 : i32
  %0 = arith.bitcast %c : i32 to f32
  %m = arith.constant -0.0 : f32
  %1 = arith.bitcast %m : f32 to i32
  %n = arith.constant 2143289344 : i32
  %2 = arith.bitcast %n : i32 to f32
  %v = arith.constant dense<1073741824> : vector<2xi32>
  %3 = arith.bitcast %v : vector<2xi32> to vector<2xf32>
  return %0, %1, %2, %3 : f32, i32, f32, vector<2xf32>
}

// -----

// An scf.if condition used inside the if's regions is true in the then region and false
// in the else region (nested ifs included); uses outside stay.
// CHECK-LABEL: func.func @condition_propagation(
// CHECK-NEXT:    %false = arith.constant false
// CHECK-NEXT:    %true = arith.constant true
// CHECK:         func.call @g(%true, %arg1)
// CHECK:         func.call @g(%false, %arg1)
// CHECK:         call @g(%arg0, %0)
func.func private @g(i1, i32) -> i32
func.func @condition_propagation(%c: i1, %x: i32) -> i32 {
  %2 = scf.if %c -> i32 {
    %a = func.call @g(%c, %x) : (i1, i32) -> i32
    %b = func.call @g(%c, %a) : (i1, i32) -> i32
    scf.yield %b : i32
  } else {
    %4 = func.call @g(%c, %x) : (i1, i32) -> i32
    %5 = scf.if %c -> i32 {
      %6 = func.call @g(%c, %4) : (i1, i32) -> i32
      scf.yield %6 : i32
    } else {
      scf.yield %4 : i32
    }
    scf.yield %5 : i32
  }
  %z = func.call @g(%c, %2) : (i1, i32) -> i32
  return %z : i32
}
