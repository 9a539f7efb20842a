// A chain of 100k blocks that each branch to the next canonicalizes to one block in
// time linear in the chain (predecessors come from the ops that name a block, not from a
// scan of the region: 27 s before, a fraction of a second after, in release builds).
// RUN: %python %S/Inputs/branch_chain.py 100000 > %t.mlir
// RUN: %pto-opt %t.mlir --canonicalize | FileCheck %s
// CHECK: func.func @f(%arg0: i32) -> i32 {
// CHECK-NEXT: return %arg0 : i32
// CHECK-NEXT: }
