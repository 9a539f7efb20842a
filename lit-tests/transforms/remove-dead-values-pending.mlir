// remove-dead-values cases where pto-opt still differs from mlir-opt: the
// canonicalization after the cleanup lacks MLIR's removal of unused iteration values of
// scf.for and scf.while and of unused scf.index_switch results, and the
// unused poison values that MLIR's scf.if canonicalization leaves in place.
// The pass is not idempotent (a second run finds more), so one run of each tool is
// compared, in custom and generic form.
// RUN: %pto-opt %s --split-input-file --remove-dead-values > %t.pto
// RUN: %mlir-opt %s --split-input-file --remove-dead-values > %t.mlir
// RUN: diff %t.mlir %t.pto
// RUN: %pto-opt %s --split-input-file --remove-dead-values --mlir-print-op-generic > %t.pto
// RUN: %mlir-opt %s --split-input-file --remove-dead-values --mlir-print-op-generic > %t.mlir
// RUN: diff %t.mlir %t.pto

// A loop's dead iteration value becomes poison (MLIR's for canonicalization then drops it).
func.func @for_dead_iter(%lb: index, %ub: index, %st: index, %a: i32, %m: memref<i32>) -> i32 {
  %r:2 = scf.for %i = %lb to %ub step %st iter_args(%x = %a, %y = %a) -> (i32, i32) {
    %x2 = arith.addi %x, %x : i32
    %y2 = arith.muli %y, %y : i32
    scf.yield %x2, %y2 : i32, i32
  }
  return %r#0 : i32
}

// -----

// A loop with effects keeps running; its dead iteration value becomes poison.
func.func @for_effects(%lb: index, %ub: index, %st: index, %a: i32, %m: memref<i32>) {
  %r = scf.for %i = %lb to %ub step %st iter_args(%x = %a) -> (i32) {
    %x2 = arith.addi %x, %x : i32
    memref.store %a, %m[] : memref<i32>
    scf.yield %x2 : i32
  }
  return
}

// -----

// scf.while: values forwarded only to dead values become poison.
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

// scf.index_switch results.
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

// Results of a region op that nothing needs are fed poison (then canonicalized away).
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
