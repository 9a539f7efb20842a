// remove-dead-values (MLIR's RemoveDeadValues): the liveness analysis of the whole
// module, then private functions lose dead arguments and unused results (calls
// follow), dead ops are erased (in code that never runs even ops with effects), branches
// stop passing dead values, region ops pass poison for dead values and are then
// canonicalized. Identical to mlir-opt on every case; the cases that still differ (the
// canonicalization of scf.if, scf.for, scf.while and scf.index_switch results) are in
// remove-dead-values-pending.mlir, and in remove-dead-values-no-canonicalize.mlir
// without the canonicalization.
// The pass is not idempotent (a second run finds more), so one run of each tool is
// compared, in custom and generic form.
// RUN: %pto-opt %s --split-input-file --remove-dead-values > %t.pto
// RUN: %mlir-opt %s --split-input-file --remove-dead-values > %t.mlir
// RUN: diff %t.mlir %t.pto
// RUN: %pto-opt %s --split-input-file --remove-dead-values --mlir-print-op-generic > %t.pto
// RUN: %mlir-opt %s --split-input-file --remove-dead-values --mlir-print-op-generic > %t.mlir
// RUN: diff %t.mlir %t.pto
// RUN: %pto-opt %s --split-input-file --remove-dead-values | FileCheck %s

// CHECK-LABEL: func.func @dead_if(
// CHECK-NEXT:    return

// Ops without effects and live results go (a load reads memory: it stays).
func.func @simple(%a: i32, %m: memref<i32>) -> i32 {
  %c2 = arith.constant 2 : i32
  %x = arith.addi %a, %c2 : i32
  %dead = arith.muli %x, %x : i32
  %dead2 = arith.subi %dead, %a : i32
  %l = memref.load %m[] : memref<i32>
  %y = arith.addi %a, %a : i32
  memref.store %y, %m[] : memref<i32>
  return %x : i32
}

// -----

// A private function loses its dead arguments and the results no call uses; its calls follow.
func.func private @callee(%a: i32, %b: i32, %m: memref<i32>) -> (i32, i32) {
  %c = arith.addi %b, %b : i32
  memref.store %c, %m[] : memref<i32>
  return %a, %c : i32, i32
}
func.func @caller(%x: i32, %m: memref<i32>) -> i32 {
  %0:2 = call @callee(%x, %x, %m) : (i32, i32, memref<i32>) -> (i32, i32)
  %1:2 = call @callee(%x, %x, %m) : (i32, i32, memref<i32>) -> (i32, i32)
  return %0#1 : i32
}

// -----

// A public function keeps its signature.
func.func @public_dead_arg(%a: i32, %b: i32) -> i32 {
  return %a : i32
}

// -----

// Symbol ops other than functions do not stop the pass (MLIR 22 no longer refuses them).
memref.global "private" constant @g : memref<i32> = dense<0>
func.func @with_global(%a: i32) -> i32 {
  %d = arith.addi %a, %a : i32
  return %a : i32
}

// -----

// named
module @named {
  func.func @f(%a: i32) -> i32 {
    %d = arith.addi %a, %a : i32
    return %a : i32
  }
}

// -----

// Branches stop passing dead values; their successors lose the arguments.
func.func @branches(%c: i1, %a: i32, %b: i32) -> i32 {
  %d = arith.addi %a, %b : i32
  cf.cond_br %c, ^bb1(%a, %d : i32, i32), ^bb2(%b : i32)
^bb1(%x: i32, %y: i32):
  cf.br ^bb3(%x : i32)
^bb2(%z: i32):
  cf.br ^bb3(%z : i32)
^bb3(%r: i32):
  return %r : i32
}

// -----

// A loop without effects and without live results is erased.
func.func @for_all_dead(%lb: index, %ub: index, %st: index, %a: i32) {
  %r = scf.for %i = %lb to %ub step %st iter_args(%x = %a) -> (i32) {
    %x2 = arith.addi %x, %x : i32
    scf.yield %x2 : i32
  }
  return
}

// -----

// Code that never runs: its ops see dead operands and are erased, effects or not.
func.func @dead_if(%a: i32, %m: memref<i32>) {
  %false = arith.constant false
  %x = arith.addi %a, %a : i32
  scf.if %false {
    memref.store %x, %m[] : memref<i32>
  }
  return
}

// -----

// A private function nobody calls loses all its arguments and results.
func.func private @no_callers(%a: i32, %b: i32) -> (i32, i32) {
  %s = arith.addi %a, %b : i32
  return %s, %a : i32, i32
}

// -----

// A recursive function's values live through the recursion.
func.func private @rec(%n: i32, %acc: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %done = arith.cmpi eq, %n, %c0 : i32
  %r = scf.if %done -> (i32) {
    scf.yield %acc : i32
  } else {
    %n1 = arith.subi %n, %c1 : i32
    %a1 = arith.addi %acc, %n : i32
    %v = func.call @rec(%n1, %a1) : (i32, i32) -> i32
    scf.yield %v : i32
  }
  return %r : i32
}
func.func @use_rec(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %r = func.call @rec(%n, %c0) : (i32, i32) -> i32
  return %r : i32
}

// -----

// Argument and result attributes follow the signature.
func.func private @attrs(%a: i32 {foo.bar = 1}, %b: i32 {foo.baz}) -> (i32 {foo.r}, i32) {
  return %b, %b : i32, i32
}
func.func @call_attrs(%x: i32) -> i32 {
  %r:2 = call @attrs(%x, %x) : (i32, i32) -> (i32, i32)
  return %r#0 : i32
}

// -----

// cf.switch successors.
func.func @switch(%f: i32, %a: i32, %b: i32) -> i32 {
  cf.switch %f : i32, [
    default: ^bb1(%a, %b : i32, i32),
    1: ^bb1(%b, %a : i32, i32),
    2: ^bb2(%a : i32)
  ]
^bb1(%x: i32, %y: i32):
  return %x : i32
^bb2(%z: i32):
  %c = arith.constant 3 : i32
  return %c : i32
}

// -----

// scf.execute_region results.
func.func @exec(%a: i32, %m: memref<i32>) -> i32 {
  %r:2 = scf.execute_region -> (i32, i32) {
    memref.store %a, %m[] : memref<i32>
    %b = arith.addi %a, %a : i32
    scf.yield %a, %b : i32, i32
  }
  return %r#0 : i32
}

// -----

// Functions of a nested module, called there.
module {
  module @inner {
    func.func private @f(%a: i32) -> i32 {
      return %a : i32
    }
    func.func @g(%a: i32) {
      %0 = func.call @f(%a) : (i32) -> i32
      return
    }
  }
}

// -----

// Calls of declarations use their operands.
func.func private @decl(i32) -> i32
func.func @call_decl(%a: i32) {
  %0 = func.call @decl(%a) : (i32) -> i32
  %1 = arith.addi %0, %0 : i32
  return
}

// -----

// An unreachable block's ops are erased.
func.func @unreachable_block(%a: i32, %m: memref<i32>) {
  return
^bb1:
  %x = arith.addi %a, %a : i32
  memref.store %x, %m[] : memref<i32>
  cf.br ^bb1
}

// -----

// A branch on a live condition stays.
func.func @dead_cond_branch(%c: i1, %a: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  return %a : i32
^bb2:
  return %a : i32
}

// -----

// An llvm.func with internal linkage is still a public symbol: untouched.
llvm.func internal @lf(%a: i32, %b: i32) -> i32 {
  llvm.return %a : i32
}
llvm.func @lcaller(%a: i32) -> i32 {
  %r = llvm.call @lf(%a, %a) : (i32, i32) -> i32
  llvm.return %r : i32
}
