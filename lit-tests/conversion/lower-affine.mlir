// lower-affine: affine.apply expanded into arith as MLIR does, operands first: muli
// with nsw, addi, and MLIR's sequences for mod (remsi and a correction), floordiv and
// ceildiv (divsi of an adjusted dividend), by constants and by symbols. Identical to mlir-opt;
// the run test run/affine.mlir checks the values.
// RUN: %dump-compat %s --lower-affine
// RUN: %pto-opt %s --lower-affine | FileCheck %s

// CHECK-LABEL: func.func @l
// CHECK: arith.muli %arg0, %c4 overflow<nsw> : index
// CHECK: arith.remsi %arg0, %c3 : index
// CHECK: arith.divsi
// CHECK: arith.cmpi sle
// CHECK-NOT: affine.apply
func.func @l(%i: index, %j: index) -> (index, index, index, index) {
  %0 = affine.apply affine_map<(d0)[s0] -> (d0 * 4 + s0 - 7)>(%i)[%j]
  %1 = affine.apply affine_map<(d0) -> (d0 mod 3)>(%i)
  %2 = affine.apply affine_map<(d0) -> (d0 floordiv 4)>(%i)
  %3 = affine.apply affine_map<(d0)[s0] -> ((d0 + s0) ceildiv 8)>(%i)[%j]
  return %0, %1, %2, %3 : index, index, index, index
}

// Divisions by a symbol lower the same way.
// CHECK-LABEL: func.func @semi
// CHECK: arith.remsi %arg0, %arg1 : index
// CHECK: arith.divsi %{{.*}}, %arg1 : index
// CHECK-NOT: affine.apply
func.func @semi(%i: index, %n: index) -> (index, index) {
  %0 = affine.apply affine_map<(d0)[s0] -> (d0 mod s0)>(%i)[%n]
  %1 = affine.apply affine_map<(d0)[s0] -> (d0 ceildiv s0)>(%i)[%n]
  return %0, %1 : index, index
}
