// Blocks unreachable from the entry are not converted, as MLIR's driver walks blocks
// in reverse post-order from the entry: their arguments keep `index` and their
// branches stay cf ops. Identical to mlir-opt.
// RUN: %compat %s --split-input-file --convert-cf-to-llvm
// RUN: %pto-opt %s --split-input-file --convert-cf-to-llvm | FileCheck %s

// CHECK-LABEL: func.func @self_loop(
// CHECK:       ^bb1(%0: index):  // pred: ^bb1
// CHECK-NEXT:    cf.br ^bb1(%0 : index)
func.func @self_loop(%a: index) -> index {
  return %a : index
^bb1(%y: index):
  cf.br ^bb1(%y : index)
}

// -----

// Reachable blocks are converted whatever their place in the region.
// CHECK-LABEL: func.func @out_of_order(
// CHECK:         llvm.br ^bb2(%{{.*}} : i64)
// CHECK:       ^bb1(%{{.*}}: index):  // no predecessors
// CHECK:       ^bb2(%[[X:.*]]: i64):
// CHECK:         llvm.br ^bb3(%[[X]] : i64)
// CHECK:       ^bb3(%{{.*}}: i64):
func.func @out_of_order(%a: index) -> index {
  cf.br ^bb2(%a : index)
^bb1(%u: index):
  return %u : index
^bb2(%x: index):
  cf.br ^bb3(%x : index)
^bb3(%z: index):
  return %z : index
}
