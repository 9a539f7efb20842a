// canonicalize on affine.apply, as MLIR: constant operands fold into the map, operands
// defined at the top of a function (valid symbols) become symbols, an affine.apply of
// symbols feeding another is composed in, a linear result is rebuilt in MLIR's order
// (dims, symbols, constant), a map that returns an operand or a constant folds away.
// (Expressions with divisions keep their form here; MLIR flattens them with local
// variables, so they are not compared.) Output identical to mlir-opt.
// RUN: %pto-opt %s --canonicalize --allow-unregistered-dialect | FileCheck %s
// RUN: %compat %s --canonicalize

// CHECK-DAG: #[[M0:.*]] = affine_map<()[s0, s1] -> (s0 + s1 * 4)>
// CHECK-DAG: #[[M2:.*]] = affine_map<()[s0, s1] -> (s0 * 96 + s1 * 3 + 2)>
// CHECK-DAG: #[[ML:.*]] = affine_map<(d0)[s0] -> (d0 * 2 + s0 + 1)>
// CHECK-LABEL: func.func @canon
// CHECK: affine.apply #[[M0]]()[%arg1, %arg0]
// CHECK: affine.apply #[[M2]]()[%arg0, %arg1]
func.func @canon(%i: index, %n: index) -> (index, index, index, index, index) {
  %0 = affine.apply affine_map<(d0)[s0] -> (d0 * 4 + s0)>(%i)[%n]
  %1 = affine.apply affine_map<()[s0, s1] -> (s0 * 32 + s1)>()[%i, %n]
  %c3 = arith.constant 3 : index
  %2 = affine.apply affine_map<()[s0, s1] -> (s0 * s1 + 2)>()[%1, %c3]
  %3 = affine.apply affine_map<(d0, d1) -> (d1)>(%i, %n)
  %c5 = arith.constant 5 : index
  %4 = affine.apply affine_map<(d0)[s0] -> (d0 * 4 - s0)>(%c5)[%c3]
  return %0, %1, %2, %3, %4 : index, index, index, index, index
}

// Inside a loop the induction variable is not a valid symbol: it stays a dimension.
// CHECK-LABEL: func.func @in_loop
// CHECK: affine.apply #[[ML]](%arg1)[%arg0]
func.func @in_loop(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %0 = affine.apply affine_map<(d0)[s0] -> (s0 + d0 * 2 + 1)>(%i)[%n]
    "test.use"(%0) : (index) -> ()
  }
  return
}
