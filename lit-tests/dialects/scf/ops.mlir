// scf dialect: scf.for (with and without iter_args, index and integer induction
// variables), scf.if (with and without else, with results), scf.yield, scf.while /
// scf.condition, scf.execute_region, scf.parallel / scf.reduce / scf.reduce.return,
// scf.index_switch. (scf.forall is not covered.)
// RUN: %pto-opt %s | FileCheck %s
// RUN: %roundtrip %s
// RUN: %compat %s

// CHECK-LABEL: func.func @for_simple(%arg0: index, %arg1: index, %arg2: index, %arg3: memref<?xf32>) {
// CHECK-NEXT:   scf.for %arg4 = %arg0 to %arg1 step %arg2 {
// CHECK-NEXT:     %0 = memref.load %arg3[%arg4] : memref<?xf32>
// CHECK-NEXT:     memref.store %0, %arg3[%arg4] : memref<?xf32>
// CHECK-NEXT:   }
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @for_simple(%lb: index, %ub: index, %step: index, %m: memref<?xf32>) {
  scf.for %i = %lb to %ub step %step {
    %v = memref.load %m[%i] : memref<?xf32>
    memref.store %v, %m[%i] : memref<?xf32>
  }
  return
}

// CHECK-LABEL: func.func @for_iter_args(%arg0: index, %arg1: index, %arg2: index, %arg3: f32, %arg4: i32) -> (f32, i32) {
// CHECK-NEXT:   %0:2 = scf.for %arg5 = %arg0 to %arg1 step %arg2 iter_args(%arg6 = %arg3, %arg7 = %arg4) -> (f32, i32) {
// CHECK-NEXT:     %1 = arith.addf %arg6, %arg6 : f32
// CHECK-NEXT:     scf.yield %1, %arg7 : f32, i32
// CHECK-NEXT:   }
// CHECK-NEXT:   return %0#0, %0#1 : f32, i32
// CHECK-NEXT: }
func.func @for_iter_args(%lb: index, %ub: index, %step: index, %a: f32, %b: i32) -> (f32, i32) {
  %r:2 = scf.for %i = %lb to %ub step %step iter_args(%x = %a, %y = %b) -> (f32, i32) {
    %x2 = arith.addf %x, %x : f32
    scf.yield %x2, %y : f32, i32
  }
  return %r#0, %r#1 : f32, i32
}

// CHECK-LABEL: func.func @for_integer_iv(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: i32) -> i32 {
// CHECK-NEXT:   scf.for %arg4 = %arg0 to %arg1 step %arg2  : i32 {
// CHECK-NEXT:   }
// CHECK-NEXT:   %0 = scf.for %arg4 = %arg0 to %arg1 step %arg2 iter_args(%arg5 = %arg3) -> (i32)  : i32 {
// CHECK-NEXT:     %1 = arith.addi %arg5, %arg4 : i32
// CHECK-NEXT:     scf.yield %1 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   return %0 : i32
// CHECK-NEXT: }
func.func @for_integer_iv(%lb: i32, %ub: i32, %step: i32, %init: i32) -> i32 {
  scf.for %i = %lb to %ub step %step : i32 {
  }
  %r = scf.for %i = %lb to %ub step %step iter_args(%acc = %init) -> (i32) : i32 {
    %n = arith.addi %acc, %i : i32
    scf.yield %n : i32
  }
  return %r : i32
}

// CHECK-LABEL: func.func @if_else(%arg0: i1, %arg1: i32, %arg2: memref<i32>) {
// CHECK-NEXT:   scf.if %arg0 {
// CHECK-NEXT:     memref.store %arg1, %arg2[] : memref<i32>
// CHECK-NEXT:   }
// CHECK-NEXT:   scf.if %arg0 {
// CHECK-NEXT:     %0 = arith.addi %arg1, %arg1 : i32
// CHECK-NEXT:   } else {
// CHECK-NEXT:     %0 = arith.muli %arg1, %arg1 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @if_else(%c: i1, %a: i32, %m: memref<i32>) {
  scf.if %c {
    memref.store %a, %m[] : memref<i32>
  }
  scf.if %c {
    %x = arith.addi %a, %a : i32
  } else {
    %y = arith.muli %a, %a : i32
  }
  return
}

// CHECK-LABEL: func.func @if_results(%arg0: i1, %arg1: f32, %arg2: f32) -> (f32, f32) {
// CHECK-NEXT:   %0:2 = scf.if %arg0 -> (f32, f32) {
// CHECK-NEXT:     scf.yield %arg1, %arg2 : f32, f32
// CHECK-NEXT:   } else {
// CHECK-NEXT:     %2 = arith.addf %arg1, %arg2 : f32
// CHECK-NEXT:     scf.yield %2, %2 : f32, f32
// CHECK-NEXT:   }
// CHECK-NEXT:   %1 = scf.if %arg0 -> (f32) {
// CHECK-NEXT:     scf.yield %arg1 : f32
// CHECK-NEXT:   } else {
// CHECK-NEXT:     scf.yield %arg2 : f32
// CHECK-NEXT:   }
// CHECK-NEXT:   return %0#0, %1 : f32, f32
// CHECK-NEXT: }
func.func @if_results(%c: i1, %a: f32, %b: f32) -> (f32, f32) {
  %r:2 = scf.if %c -> (f32, f32) {
    scf.yield %a, %b : f32, f32
  } else {
    %s = arith.addf %a, %b : f32
    scf.yield %s, %s : f32, f32
  }
  %t = scf.if %c -> f32 {
    scf.yield %a : f32
  } else {
    scf.yield %b : f32
  }
  return %r#0, %t : f32, f32
}

// CHECK-LABEL: func.func @while_loop(%arg0: i32, %arg1: i32) -> i64 {
// CHECK-NEXT:   %0 = scf.while (%arg2 = %arg0) : (i32) -> i64 {
// CHECK-NEXT:     %1 = arith.cmpi slt, %arg2, %arg1 : i32
// CHECK-NEXT:     %2 = arith.extsi %arg2 : i32 to i64
// CHECK-NEXT:     scf.condition(%1) %2 : i64
// CHECK-NEXT:   } do {
// CHECK-NEXT:   ^bb0(%arg2: i64):
// CHECK-NEXT:     %1 = arith.trunci %arg2 : i64 to i32
// CHECK-NEXT:     scf.yield %1 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   return %0 : i64
// CHECK-NEXT: }
func.func @while_loop(%init: i32, %limit: i32) -> i64 {
  %res = scf.while (%arg = %init) : (i32) -> i64 {
    %cond = arith.cmpi slt, %arg, %limit : i32
    %ext = arith.extsi %arg : i32 to i64
    scf.condition(%cond) %ext : i64
  } do {
  ^bb0(%x: i64):
    %t = arith.trunci %x : i64 to i32
    scf.yield %t : i32
  }
  return %res : i64
}

// CHECK-LABEL: func.func @while_no_args(%arg0: i1) {
// CHECK-NEXT:   scf.while : () -> () {
// CHECK-NEXT:     scf.condition(%arg0)
// CHECK-NEXT:   } do {
// CHECK-NEXT:     scf.yield
// CHECK-NEXT:   }
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @while_no_args(%c: i1) {
  scf.while : () -> () {
    scf.condition(%c)
  } do {
    scf.yield
  }
  return
}

// CHECK-LABEL: func.func @execute_region(%arg0: i32) -> i32 {
// CHECK-NEXT:   %0 = scf.execute_region -> i32 {
// CHECK-NEXT:     %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:     cf.br ^bb1(%c1_i32 : i32)
// CHECK-NEXT:   ^bb1(%2: i32):  // pred: ^bb0
// CHECK-NEXT:     scf.yield %2 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   scf.execute_region {
// CHECK-NEXT:     scf.yield
// CHECK-NEXT:   }
// CHECK-NEXT:   %1 = scf.execute_region -> i32 no_inline {
// CHECK-NEXT:     scf.yield %arg0 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   return %0 : i32
// CHECK-NEXT: }
func.func @execute_region(%a: i32) -> i32 {
  %r = scf.execute_region -> i32 {
    %c = arith.constant 1 : i32
    cf.br ^bb1(%c : i32)
  ^bb1(%x: i32):
    scf.yield %x : i32
  }
  scf.execute_region {
    scf.yield
  }
  %n = scf.execute_region -> i32 no_inline {
    scf.yield %a : i32
  }
  return %r : i32
}

// CHECK-LABEL: func.func @parallel(%arg0: index, %arg1: index, %arg2: index, %arg3: f32, %arg4: memref<?x?xf32>) -> f32 {
// CHECK-NEXT:   scf.parallel (%arg5, %arg6) = (%arg0, %arg0) to (%arg1, %arg1) step (%arg2, %arg2) {
// CHECK-NEXT:     %1 = memref.load %arg4[%arg5, %arg6] : memref<?x?xf32>
// CHECK-NEXT:     scf.reduce
// CHECK-NEXT:   }
// CHECK-NEXT:   %0 = scf.parallel (%arg5) = (%arg0) to (%arg1) step (%arg2) init (%arg3) -> f32 {
// CHECK-NEXT:     %1 = memref.load %arg4[%arg5, %arg5] : memref<?x?xf32>
// CHECK-NEXT:     scf.reduce(%1 : f32) {
// CHECK-NEXT:     ^bb0(%arg6: f32, %arg7: f32):
// CHECK-NEXT:       %2 = arith.addf %arg6, %arg7 : f32
// CHECK-NEXT:       scf.reduce.return %2 : f32
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   return %0 : f32
// CHECK-NEXT: }
func.func @parallel(%lb: index, %ub: index, %st: index, %init: f32, %m: memref<?x?xf32>) -> f32 {
  scf.parallel (%i, %j) = (%lb, %lb) to (%ub, %ub) step (%st, %st) {
    %v = memref.load %m[%i, %j] : memref<?x?xf32>
    scf.reduce
  }
  %sum = scf.parallel (%i) = (%lb) to (%ub) step (%st) init (%init) -> f32 {
    %v = memref.load %m[%i, %i] : memref<?x?xf32>
    scf.reduce(%v : f32) {
    ^bb0(%l: f32, %r: f32):
      %s = arith.addf %l, %r : f32
      scf.reduce.return %s : f32
    }
  }
  return %sum : f32
}

// CHECK-LABEL: func.func @index_switch(%arg0: index, %arg1: i32) -> i32 {
// CHECK-NEXT:   %0 = scf.index_switch %arg0 -> i32
// CHECK-NEXT:   case 2 {
// CHECK-NEXT:     scf.yield %arg1 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   case 5 {
// CHECK-NEXT:     %c10_i32 = arith.constant 10 : i32
// CHECK-NEXT:     scf.yield %c10_i32 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   default {
// CHECK-NEXT:     %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:     scf.yield %c0_i32 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   scf.index_switch %arg0
// CHECK-NEXT:   default {
// CHECK-NEXT:   }
// CHECK-NEXT:   return %0 : i32
// CHECK-NEXT: }
func.func @index_switch(%i: index, %a: i32) -> i32 {
  %r = scf.index_switch %i -> i32
  case 2 {
    scf.yield %a : i32
  }
  case 5 {
    %c = arith.constant 10 : i32
    scf.yield %c : i32
  }
  default {
    %c = arith.constant 0 : i32
    scf.yield %c : i32
  }
  scf.index_switch %i
  default {
  }
  return %r : i32
}
