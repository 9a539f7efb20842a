// canonicalize with ub.poison operands, as MLIR 22's arith folders: the binary integer
// and float ops, negf and the casts fold to poison (materialized as ub.poison), after their
// identities (x * 0 is 0, x & 0 is 0, x - x is 0); the shifts and comparisons do not
// fold (a poison operand, a constant, moves to the right of cmpi); select of a poison
// value is the other value. Output identical to mlir-opt.
// RUN: %pto-opt %s --canonicalize --split-input-file | FileCheck %s
// RUN: %compat %s --canonicalize --split-input-file
// RUN: %compat %s --canonicalize=top-down=false --split-input-file

// CHECK-LABEL: func.func @int_binary(
// CHECK-NEXT:    %[[P:.*]] = ub.poison : i32
// CHECK-NEXT:    return %[[P]], %[[P]], %[[P]], %[[P]], %[[P]], %[[P]], %[[P]], %[[P]], %[[P]], %[[P]], %[[P]], %[[P]]
func.func @int_binary(%a: i32) -> (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) {
  %p = ub.poison : i32
  %c5 = arith.constant 5 : i32
  %0 = arith.addi %p, %a : i32
  %1 = arith.subi %c5, %p : i32
  %2 = arith.muli %a, %p : i32
  %3 = arith.divsi %p, %c5 : i32
  %4 = arith.divui %a, %p : i32
  %5 = arith.remsi %p, %a : i32
  %6 = arith.remui %c5, %p : i32
  %7 = arith.andi %p, %a : i32
  %8 = arith.ori %a, %p : i32
  %9 = arith.xori %p, %c5 : i32
  %10 = arith.maxsi %p, %a : i32
  %11 = arith.minui %c5, %p : i32
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11 : i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32
}

// -----

// The rounding divisions, remf, negf, the extended multiplications and the float casts
// fold poison too.
// CHECK-LABEL: func.func @more_ops(
// CHECK-DAG:     %[[P:.*]] = ub.poison : i32
// CHECK-DAG:     %[[PF:.*]] = ub.poison : f32
// CHECK-DAG:     %[[PD:.*]] = ub.poison : f64
// CHECK:         return %[[P]], %[[P]], %[[P]], %[[PF]], %[[PF]], %[[P]], %[[P]], %[[PD]], %[[PF]], %[[P]]
func.func @more_ops(%a: i32, %f: f32) -> (i32, i32, i32, f32, f32, i32, i32, f64, f32, i32) {
  %p = ub.poison : i32
  %pf = ub.poison : f32
  %0 = arith.ceildivsi %p, %a : i32
  %1 = arith.ceildivui %a, %p : i32
  %2 = arith.floordivsi %p, %a : i32
  %3 = arith.remf %f, %pf : f32
  %4 = arith.negf %pf : f32
  %5, %6 = arith.mului_extended %a, %p : i32
  %7 = arith.extf %pf : f32 to f64
  %8 = arith.sitofp %p : i32 to f32
  %9 = arith.fptoui %pf : f32 to i32
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : i32, i32, i32, f32, f32, i32, i32, f64, f32, i32
}

// -----

// Identities come first: x * 0, x & 0 and x - x are 0, x | -1 is -1.
// CHECK-LABEL: func.func @identities_first(
// CHECK-DAG:     %[[M1:.*]] = arith.constant -1 : i32
// CHECK-DAG:     %[[Z:.*]] = arith.constant 0 : i32
// CHECK:         return %[[Z]], %[[Z]], %[[Z]], %[[M1]]
func.func @identities_first() -> (i32, i32, i32, i32) {
  %p = ub.poison : i32
  %c0 = arith.constant 0 : i32
  %m1 = arith.constant -1 : i32
  %0 = arith.muli %p, %c0 : i32
  %1 = arith.andi %p, %c0 : i32
  %2 = arith.subi %p, %p : i32
  %3 = arith.ori %p, %m1 : i32
  return %0, %1, %2, %3 : i32, i32, i32, i32
}

// -----

// Shifts and comparisons keep a poison operand.
// CHECK-LABEL: func.func @not_folded(
// CHECK-NEXT:    %[[P:.*]] = ub.poison : i32
// CHECK-NEXT:    %[[S:.*]] = arith.shli %arg0, %[[P]] : i32
// CHECK-NEXT:    %[[T:.*]] = arith.shrui %[[P]], %arg0 : i32
// CHECK-NEXT:    %[[C:.*]] = arith.cmpi sgt, %arg0, %[[P]] : i32
// CHECK-NEXT:    return %[[S]], %[[T]], %[[C]]
func.func @not_folded(%a: i32) -> (i32, i32, i1) {
  %p = ub.poison : i32
  %0 = arith.shli %a, %p : i32
  %1 = arith.shrui %p, %a : i32
  %2 = arith.cmpi slt, %p, %a : i32
  return %0, %1, %2 : i32, i32, i1
}

// -----

// CHECK-LABEL: func.func @float_binary(
// CHECK-NEXT:    %[[P:.*]] = ub.poison : f32
// CHECK-NEXT:    return %[[P]], %[[P]], %[[P]], %[[P]], %[[P]], %[[P]]
func.func @float_binary(%a: f32) -> (f32, f32, f32, f32, f32, f32) {
  %p = ub.poison : f32
  %c = arith.constant 2.0 : f32
  %0 = arith.addf %p, %a : f32
  %1 = arith.subf %c, %p : f32
  %2 = arith.mulf %a, %p : f32
  %3 = arith.divf %p, %c : f32
  %4 = arith.maximumf %p, %a : f32
  %5 = arith.minnumf %a, %p : f32
  return %0, %1, %2, %3, %4, %5 : f32, f32, f32, f32, f32, f32
}

// -----

// Casts of poison are poison of the result type.
// CHECK-LABEL: func.func @casts(
// CHECK-DAG:     %[[P8:.*]] = ub.poison : i8
// CHECK-DAG:     %[[P64:.*]] = ub.poison : i64
// CHECK-DAG:     %[[PI:.*]] = ub.poison : index
// CHECK-DAG:     %[[PF:.*]] = ub.poison : f32
// CHECK:         return %[[P64]], %[[P64]], %[[P8]], %[[PI]], %[[PI]], %[[PF]]
func.func @casts() -> (i64, i64, i8, index, index, f32) {
  %p = ub.poison : i32
  %0 = arith.extsi %p : i32 to i64
  %1 = arith.extui %p : i32 to i64
  %2 = arith.trunci %p : i32 to i8
  %3 = arith.index_cast %p : i32 to index
  %4 = arith.index_castui %p : i32 to index
  %5 = arith.bitcast %p : i32 to f32
  return %0, %1, %2, %3, %4, %5 : i64, i64, i8, index, index, f32
}

// -----

// select never picks a poison value; a poison condition stays.
// CHECK-LABEL: func.func @select(
// CHECK-NEXT:    %[[P:.*]] = ub.poison : i1
// CHECK-NEXT:    %[[S:.*]] = arith.select %[[P]], %arg1, %arg2 : i32
// CHECK-NEXT:    return %arg1, %arg2, %[[S]]
func.func @select(%c: i1, %a: i32, %b: i32) -> (i32, i32, i32) {
  %p = ub.poison : i32
  %pc = ub.poison : i1
  %0 = arith.select %c, %a, %p : i32
  %1 = arith.select %c, %p, %b : i32
  %2 = arith.select %pc, %a, %b : i32
  return %0, %1, %2 : i32, i32, i32
}

// -----

// Vectors: a poison vector operand gives a poison vector.
// CHECK-LABEL: func.func @vector(
// CHECK-NEXT:    %[[P:.*]] = ub.poison : vector<4xi32>
// CHECK-NEXT:    return %[[P]], %[[P]]
func.func @vector(%a: vector<4xi32>) -> (vector<4xi32>, vector<4xi32>) {
  %p = ub.poison : vector<4xi32>
  %0 = arith.addi %p, %a : vector<4xi32>
  %1 = arith.andi %a, %p : vector<4xi32>
  return %0, %1 : vector<4xi32>, vector<4xi32>
}

// -----

// Poison flows on: a chain of ops on poison folds to poison, which a loop then starts
// from (its iteration value is not poison after the first iteration).
// CHECK-LABEL: func.func @chain(
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : i32
// CHECK-NEXT:    %[[P:.*]] = ub.poison : i32
// CHECK-NEXT:    %[[R:.*]] = scf.for {{.*}} iter_args(%[[A:.*]] = %[[P]]) -> (i32) {
// CHECK-NEXT:      memref.store %[[A]], %arg3[]
// CHECK-NEXT:      %[[N:.*]] = arith.addi %[[A]], %[[C1]] : i32
// CHECK-NEXT:      scf.yield %[[N]] : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]] : i32
func.func @chain(%lb: index, %ub: index, %st: index, %m: memref<i32>) -> i32 {
  %p = ub.poison : i32
  %c1 = arith.constant 1 : i32
  %0 = arith.addi %p, %c1 : i32
  %1 = arith.muli %0, %0 : i32
  %r = scf.for %i = %lb to %ub step %st iter_args(%a = %1) -> (i32) {
    memref.store %a, %m[] : memref<i32>
    %n = arith.addi %a, %c1 : i32
    scf.yield %n : i32
  }
  return %r : i32
}
