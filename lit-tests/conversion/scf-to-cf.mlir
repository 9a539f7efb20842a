// convert-scf-to-cf: scf.for/if/while/execute_region/index_switch/parallel become
// blocks and branches in the parent region, identical to mlir-opt's output (custom,
// generic, with locations). scf.parallel goes through a nest of scf.for, its reductions
// merged into the innermost body; a while whose 'after' region only forwards its
// arguments becomes a do-while loop.
// RUN: %compat %s --convert-scf-to-cf
// RUN: %compat %s --convert-scf-to-cf --mlir-print-debuginfo
// RUN: %compat %s --pass-pipeline='builtin.module(func.func(convert-scf-to-cf))'
// RUN: %pto-opt --allow-unregistered-dialect %s --convert-scf-to-cf | FileCheck %s

// CHECK-LABEL: func.func @for_loop(
// CHECK-NEXT:    cf.br ^bb1(%arg0, %arg3 : index, f32)
// CHECK-NEXT:  ^bb1(%0: index, %1: f32):
// CHECK-NEXT:    %2 = arith.cmpi slt, %0, %arg1 : index
// CHECK-NEXT:    cf.cond_br %2, ^bb2, ^bb3
// CHECK:         %4 = arith.addi %0, %arg2 : index
// CHECK-NEXT:    cf.br ^bb1(%4, %3 : index, f32)
func.func @for_loop(%lb: index, %ub: index, %step: index, %init: f32) -> f32 {
  %r = scf.for %i = %lb to %ub step %step iter_args(%acc = %init) -> (f32) {
    %s = arith.addf %acc, %acc : f32
    scf.yield %s : f32
  }
  scf.for %j = %lb to %ub step %step {
    "test.body"(%j) : (index) -> ()
  }
  return %r : f32
}
func.func @if_else(%c: i1, %a: f32) -> f32 {
  %r = scf.if %c -> f32 {
    scf.yield %a : f32
  } else {
    %b = arith.addf %a, %a : f32
    scf.yield %b : f32
  }
  scf.if %c {
    "test.then"() : () -> ()
  }
  return %r : f32
}
func.func @while_loop(%a: i32) -> i32 {
  %r = scf.while (%x = %a) : (i32) -> i32 {
    %c = "test.cond"(%x) : (i32) -> i1
    scf.condition(%c) %x : i32
  } do {
  ^bb0(%y: i32):
    %n = arith.addi %y, %y : i32
    scf.yield %n : i32
  }
  return %r : i32
}
func.func @exec(%a: i32) -> i32 {
  %r = scf.execute_region -> i32 {
    %n = arith.addi %a, %a : i32
    scf.yield %n : i32
  }
  return %r : i32
}
func.func @switch(%i: index, %a: i32) -> i32 {
  %r = scf.index_switch %i -> i32
  case 2 {
    scf.yield %a : i32
  }
  case 5 {
    %n = arith.addi %a, %a : i32
    scf.yield %n : i32
  }
  default {
    scf.yield %a : i32
  }
  return %r : i32
}
func.func @par(%lb: index, %ub: index, %s: index) {
  scf.parallel (%i, %j) = (%lb, %lb) to (%ub, %ub) step (%s, %s) {
    "test.body"(%i, %j) : (index, index) -> ()
    scf.reduce
  }
  return
}

// CHECK-LABEL: func.func @unsigned(
// CHECK:         arith.cmpi ult
func.func @par_reduce(%lb: index, %ub: index, %s: index, %init: f32, %i2: i32) -> (f32, i32) {
  %r:2 = scf.parallel (%i, %j) = (%lb, %lb) to (%ub, %ub) step (%s, %s) init (%init, %i2) -> (f32, i32) {
    %v = "test.val"(%i, %j) : (index, index) -> f32
    %w = "test.val2"() : () -> i32
    scf.reduce(%v, %w : f32, i32) {
    ^bb0(%a: f32, %b: f32):
      %sum = arith.addf %a, %b : f32
      scf.reduce.return %sum : f32
    }, {
    ^bb0(%a: i32, %b: i32):
      %m = arith.maxsi %a, %b : i32
      scf.reduce.return %m : i32
    }
  }
  return %r#0, %r#1 : f32, i32
}
func.func @nested(%n: index, %m: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %m) -> i32 {
    %r2 = scf.for %j = %c0 to %n step %c1 iter_args(%acc2 = %acc) -> i32 {
      %c = arith.cmpi slt, %i, %j : index
      %x = scf.if %c -> i32 {
        %y = arith.addi %acc2, %acc2 : i32
        scf.yield %y : i32
      } else {
        scf.yield %acc2 : i32
      }
      scf.yield %x : i32
    }
    scf.yield %r2 : i32
  }
  return %r : i32
}
func.func @unsigned(%lb: i32, %ub: i32, %s: i32) {
  scf.for unsigned %i = %lb to %ub step %s : i32 {
    "test.use"(%i) : (i32) -> ()
  }
  return
}
func.func @dowhile(%a: i32) -> i32 {
  %r = scf.while (%x = %a) : (i32) -> i32 {
    %n = arith.addi %x, %x : i32
    %c = "test.cond"(%n) : (i32) -> i1
    scf.condition(%c) %n : i32
  } do {
  ^bb0(%y: i32):
    scf.yield %y : i32
  }
  return %r : i32
}
func.func @exec_multi(%c: i1) -> i32 {
  %r = scf.execute_region -> i32 {
    cf.cond_br %c, ^a, ^b
  ^a:
    %x = "test.a"() : () -> i32
    scf.yield %x : i32
  ^b:
    %y = "test.b"() : () -> i32
    scf.yield %y : i32
  }
  return %r : i32
}
func.func @while_multi(%a: i32, %f: f32) -> (i32, f32) {
  %r:2 = scf.while (%x = %a, %z = %f) : (i32, f32) -> (f32, i32) {
    %c = "test.cond"(%x) : (i32) -> i1
    scf.condition(%c) %z, %x : f32, i32
  } do {
  ^bb0(%q: f32, %y: i32):
    %n = arith.addi %y, %y : i32
    scf.yield %n, %q : i32, f32
  }
  return %r#1, %r#0 : i32, f32
}
func.func @switch_noresult(%i: index) {
  scf.index_switch %i
  case 7 {
    "test.x"() : () -> ()
    scf.yield
  }
  default {
  }
  return
}
