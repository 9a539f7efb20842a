// cse: identical side-effect-free ops fold into the dominating one, unused ones are
// erased, reads merge only when nothing in between may write, and values flow down the
// dominator tree (into nested regions and dominated blocks, never across siblings).
// RUN: %pto-opt %s --cse | FileCheck %s
// RUN: %compat %s --cse
// RUN: %compat %s --pass-pipeline='builtin.module(func.func(cse))'
// RUN: %pto-opt %s --pass-pipeline='builtin.module(func.func(cse))' --mlir-disable-threading | FileCheck %s

// CHECK-LABEL: func.func @simple(
// CHECK-NEXT:    %[[S:.*]] = arith.addi %arg0, %arg1 : i32
// CHECK-NEXT:    %[[C:.*]] = arith.constant 1 : i32
// CHECK-NEXT:    %[[M:.*]] = arith.muli %[[S]], %[[C]] : i32
// CHECK-NEXT:    return %[[M]], %[[M]] : i32, i32
func.func @simple(%a: i32, %b: i32) -> (i32, i32) {
  %0 = arith.addi %a, %b : i32
  %1 = arith.addi %a, %b : i32
  %c1 = arith.constant 1 : i32
  %c1_0 = arith.constant 1 : i32
  %2 = arith.muli %0, %c1 : i32
  %3 = arith.muli %1, %c1_0 : i32
  return %2, %3 : i32, i32
}

// CHECK-LABEL: func.func @dead(
// CHECK-NEXT:    return
func.func @dead(%a: f32) {
  %0 = arith.addf %a, %a : f32
  return
}

// CHECK-LABEL: func.func @reads(
// CHECK-NEXT:    %[[L:.*]] = memref.load %arg0[%arg1]
// CHECK-NEXT:    memref.store %arg2, %arg0[%arg1]
// CHECK-NEXT:    %[[L2:.*]] = memref.load %arg0[%arg1]
// CHECK-NEXT:    return %[[L]], %[[L]], %[[L2]] : f32, f32, f32
func.func @reads(%m: memref<4xf32>, %i: index, %v: f32) -> (f32, f32, f32) {
  %0 = memref.load %m[%i] : memref<4xf32>
  %1 = memref.load %m[%i] : memref<4xf32>
  memref.store %v, %m[%i] : memref<4xf32>
  %2 = memref.load %m[%i] : memref<4xf32>
  return %0, %1, %2 : f32, f32, f32
}

// CHECK-LABEL: func.func @regions(
// CHECK:         %[[A:.*]] = arith.addi %arg1, %arg1 : i32
// CHECK:         scf.if
// CHECK-NEXT:      scf.yield %[[A]] : i32
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %[[M1:.*]] = arith.muli %arg1, %arg1 : i32
// CHECK-NEXT:      scf.yield %[[M1]] : i32
// CHECK:         %[[M2:.*]] = arith.muli %arg1, %arg1 : i32
func.func @regions(%c: i1, %a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %r = scf.if %c -> i32 {
    %1 = arith.addi %a, %a : i32
    scf.yield %1 : i32
  } else {
    %2 = arith.muli %a, %a : i32
    scf.yield %2 : i32
  }
  %3 = arith.muli %a, %a : i32
  %4 = arith.addi %r, %3 : i32
  %5 = arith.addi %4, %0 : i32
  return %5 : i32
}

// CHECK-LABEL: func.func @blocks(
// CHECK-NEXT:    %[[A:.*]] = arith.addi %arg1, %arg1 : i32
// CHECK-NEXT:    cf.cond_br
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    %[[B:.*]] = arith.addi %[[A]], %[[A]] : i32
// CHECK-NEXT:    return %[[B]]
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    %[[C:.*]] = arith.muli %arg1, %arg1 : i32
// CHECK-NEXT:    cf.br ^bb3
// CHECK-NEXT:  ^bb3:
// CHECK-NEXT:    %[[E:.*]] = arith.addi %[[C]], %[[C]] : i32
// CHECK-NEXT:    return %[[E]]
func.func @blocks(%c: i1, %a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %1 = arith.addi %a, %a : i32
  %s = arith.addi %1, %0 : i32
  return %s : i32
^bb2:
  %m = arith.muli %a, %a : i32
  cf.br ^bb3
^bb3:
  %m2 = arith.muli %a, %a : i32
  %t = arith.addi %m, %m2 : i32
  return %t : i32
}
