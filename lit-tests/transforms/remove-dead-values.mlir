// remove-dead-values (MLIR's RemoveDeadValues): the liveness analysis of the whole
// module, then private functions lose dead arguments and unused results (calls
// follow), dead ops are erased (in code that never runs even ops with effects), branches
// stop passing dead values, region ops pass poison for dead values and are then
// canonicalized (MLIR 22's region branch patterns drop the poisoned iteration values and
// results; the poison ops inside the regions stay, as the patterns only run on the region
// ops). Identical to mlir-opt on every case; remove-dead-values-no-canonicalize.mlir has
// the region op cases without the canonicalization.
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

// -----

// A loop's dead iteration value becomes poison, then the canonicalization drops it.
// CHECK-LABEL: func.func @for_dead_iter(
// CHECK:         %[[R:.*]] = scf.for {{.*}} iter_args(%[[A:.*]] = %arg3) -> (i32) {
// CHECK-NEXT:      %[[S:.*]] = arith.addi %[[A]], %[[A]] : i32
// CHECK-NEXT:      ub.poison : i32
// CHECK-NEXT:      scf.yield %[[S]] : i32
// CHECK:         return %[[R]] : i32
func.func @for_dead_iter(%lb: index, %ub: index, %st: index, %a: i32, %m: memref<i32>) -> i32 {
  %r:2 = scf.for %i = %lb to %ub step %st iter_args(%x = %a, %y = %a) -> (i32, i32) {
    %x2 = arith.addi %x, %x : i32
    %y2 = arith.muli %y, %y : i32
    scf.yield %x2, %y2 : i32, i32
  }
  return %r#0 : i32
}

// -----

// A loop with effects keeps running, without its dead iteration value.
// CHECK-LABEL: func.func @for_effects(
// CHECK:         scf.for %{{.*}} = %arg0 to %arg1 step %arg2 {
// CHECK-NEXT:      memref.store %arg3, %arg4[]
func.func @for_effects(%lb: index, %ub: index, %st: index, %a: i32, %m: memref<i32>) {
  %r = scf.for %i = %lb to %ub step %st iter_args(%x = %a) -> (i32) {
    %x2 = arith.addi %x, %x : i32
    memref.store %a, %m[] : memref<i32>
    scf.yield %x2 : i32
  }
  return
}

// -----

// scf.while: values forwarded only to dead values are dropped (the dead "before"
// argument with its init and yielded value, the dead result with its "after" argument).
// CHECK-LABEL: func.func @while_case(
// CHECK:         %{{.*}}:2 = scf.while (%[[A:.*]] = %arg2) : (i32) -> (i32, i32) {
// CHECK:           scf.condition(%arg0) %{{.*}}, %[[A]] : i32, i32
// CHECK:           scf.yield %{{.*}} : i32
func.func @while_case(%arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
  %live, %non_live, %non_live_0 = scf.while (%arg3 = %arg1, %arg4 = %arg2) : (i32, i32) -> (i32, i32, i32) {
    %live_0 = arith.addi %arg4, %arg4 : i32
    %non_live_1 = arith.addi %arg3, %arg3 : i32
    scf.condition(%arg0) %live_0, %arg4, %non_live_1 : i32, i32, i32
  } do {
  ^bb0(%arg5: i32, %arg6: i32, %arg7: i32):
    %live_1 = arith.addi %arg6, %arg6 : i32
    scf.yield %arg7, %live_1 : i32, i32
  }
  return %live : i32
}

// -----

// scf.index_switch: the dead result goes.
// CHECK-LABEL: func.func @index_switch(
// CHECK:         scf.index_switch %arg0{{ *$}}
// CHECK:           scf.yield{{$}}
func.func @index_switch(%arg0 : index, %arg1 : memref<i32>) {
  %non_live = scf.index_switch %arg0 -> i32
  case 1 {
    %c10 = arith.constant 10 : i32
    memref.store %c10, %arg1[] : memref<i32>
    scf.yield %c10 : i32
  }
  default {
    %c11 = arith.constant 11 : i32
    scf.yield %c11 : i32
  }
  return
}

// -----

// Nested loops: an inner loop feeding only a dead iteration value is erased.
// CHECK-LABEL: func.func @nested_loops(
// CHECK:         scf.for {{.*}} iter_args(%{{.*}} = %arg1) -> (f32) {
// CHECK-NOT:       scf.for
// CHECK:         return
func.func @nested_loops(%n: index, %a: f32, %m: memref<f32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a, %y = %a) -> (f32, f32) {
    %inner = scf.for %j = %c0 to %n step %c1 iter_args(%z = %y) -> (f32) {
      %z2 = arith.addf %z, %z : f32
      scf.yield %z2 : f32
    }
    %x2 = arith.mulf %x, %x : f32
    memref.store %x2, %m[] : memref<f32>
    scf.yield %x2, %inner : f32, f32
  }
  return %r#0 : f32
}

// -----

// Results of a region op that nothing needs are fed poison, then dropped; the unused
// poison ops in the branches stay (as MLIR's scf.if canonicalization leaves them).
// CHECK-LABEL: func.func @if_dead(
// CHECK-NEXT:    %[[S:.*]] = arith.select %arg0, %arg1, %arg2 : i32
// CHECK-NEXT:    scf.if %arg0 {
// CHECK-NEXT:      memref.store %arg1, %arg3[]
// CHECK-NEXT:      ub.poison : i32
// CHECK-NEXT:    } else {
// CHECK-NEXT:      ub.poison : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[S]] : i32
func.func @if_dead(%c: i1, %a: i32, %b: i32, %m: memref<i32>) -> i32 {
  %r:2 = scf.if %c -> (i32, i32) {
    memref.store %a, %m[] : memref<i32>
    scf.yield %a, %b : i32, i32
  } else {
    %s = arith.addi %a, %b : i32
    scf.yield %b, %s : i32, i32
  }
  return %r#0 : i32
}

// -----

// Only the region ops' own patterns run, on the region ops and what the rewrites touch:
// the ops moved into the new scf.if are not revisited (the constant stays on the left).
// CHECK-LABEL: func.func @if_select_keeps_body(
// CHECK-NEXT:    %[[S:.*]] = arith.select %arg0, %arg1, %arg2 : i32
// CHECK-NEXT:    scf.if %arg0 {
// CHECK:         } else {
// CHECK-NEXT:      %[[C3:.*]] = arith.constant 3 : i32
// CHECK-NEXT:      %{{.*}} = arith.addi %[[C3]], %arg2 : i32
// CHECK:         return %[[S]] : i32
func.func @if_select_keeps_body(%c: i1, %a: i32, %b: i32, %m: memref<i32>) -> i32 {
  %r:2 = scf.if %c -> (i32, i32) {
    memref.store %a, %m[] : memref<i32>
    scf.yield %a, %b : i32, i32
  } else {
    %c3 = arith.constant 3 : i32
    %s = arith.addi %c3, %b : i32
    memref.store %s, %m[] : memref<i32>
    scf.yield %b, %s : i32, i32
  }
  return %r#0 : i32
}
