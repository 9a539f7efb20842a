// cf dialect: cf.br (with and without block arguments), cf.cond_br (with arguments
// on both sides, weights), cf.switch (default only, default + cases, with arguments,
// other flag types) and cf.assert.
// RUN: %pto-opt %s | FileCheck %s
// RUN: %roundtrip %s
// RUN: %compat %s

// CHECK-LABEL: func.func @br_no_args() {
// CHECK-NEXT:   cf.br ^bb1
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT:   cf.br ^bb2
// CHECK-NEXT: ^bb2:  // pred: ^bb1
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @br_no_args() {
  cf.br ^bb1
^bb1:
  cf.br ^bb2
^bb2:
  return
}

// CHECK-LABEL: func.func @br_args(%arg0: i32, %arg1: f32) -> f32 {
// CHECK-NEXT:   cf.br ^bb1(%arg0, %arg1 : i32, f32)
// CHECK-NEXT: ^bb1(%0: i32, %1: f32):  // pred: ^bb0
// CHECK-NEXT:   cf.br ^bb2(%1 : f32)
// CHECK-NEXT: ^bb2(%2: f32):  // pred: ^bb1
// CHECK-NEXT:   return %2 : f32
// CHECK-NEXT: }
func.func @br_args(%a: i32, %b: f32) -> f32 {
  cf.br ^bb1(%a, %b : i32, f32)
^bb1(%x: i32, %y: f32):
  cf.br ^bb2(%y : f32)
^bb2(%z: f32):
  return %z : f32
}

// Loops: a block may branch to itself and have several predecessors.
// CHECK-LABEL: func.func @loop(%arg0: index) {
// CHECK-NEXT:   %c0 = arith.constant 0 : index
// CHECK-NEXT:   %c1 = arith.constant 1 : index
// CHECK-NEXT:   cf.br ^bb1(%c0 : index)
// CHECK-NEXT: ^bb1(%0: index):  // 2 preds: ^bb0, ^bb2
// CHECK-NEXT:   %1 = arith.cmpi slt, %0, %arg0 : index
// CHECK-NEXT:   cf.cond_br %1, ^bb2, ^bb3
// CHECK-NEXT: ^bb2:  // pred: ^bb1
// CHECK-NEXT:   %2 = arith.addi %0, %c1 : index
// CHECK-NEXT:   cf.br ^bb1(%2 : index)
// CHECK-NEXT: ^bb3:  // pred: ^bb1
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @loop(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.br ^header(%c0 : index)
^header(%i: index):
  %cond = arith.cmpi slt, %i, %n : index
  cf.cond_br %cond, ^body, ^exit
^body:
  %next = arith.addi %i, %c1 : index
  cf.br ^header(%next : index)
^exit:
  return
}

// CHECK-LABEL: func.func @cond_br_args(%arg0: i1, %arg1: i32, %arg2: i64) -> i64 {
// CHECK-NEXT:   cf.cond_br %arg0, ^bb1(%arg1 : i32), ^bb2(%arg2, %arg1 : i64, i32)
// CHECK-NEXT: ^bb1(%0: i32):  // pred: ^bb0
// CHECK-NEXT:   %1 = arith.extsi %0 : i32 to i64
// CHECK-NEXT:   return %1 : i64
// CHECK-NEXT: ^bb2(%2: i64, %3: i32):  // pred: ^bb0
// CHECK-NEXT:   return %2 : i64
// CHECK-NEXT: }
func.func @cond_br_args(%c: i1, %a: i32, %b: i64) -> i64 {
  cf.cond_br %c, ^bb1(%a : i32), ^bb2(%b, %a : i64, i32)
^bb1(%x: i32):
  %e = arith.extsi %x : i32 to i64
  return %e : i64
^bb2(%y: i64, %z: i32):
  return %y : i64
}

// Both successors are the same block, with different arguments.
// CHECK-LABEL: func.func @cond_br_same_dest(%arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
// CHECK-NEXT:   cf.cond_br %arg0, ^bb1(%arg1 : i32), ^bb1(%arg2 : i32)
// CHECK-NEXT: ^bb1(%0: i32):  // 2 preds: ^bb0, ^bb0
// CHECK-NEXT:   return %0 : i32
// CHECK-NEXT: }
func.func @cond_br_same_dest(%c: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c, ^bb1(%a : i32), ^bb1(%b : i32)
^bb1(%x: i32):
  return %x : i32
}

// CHECK-LABEL: func.func @cond_br_weights(%arg0: i1) {
// CHECK-NEXT:   cf.cond_br %arg0 weights([10, 90]), ^bb1, ^bb2
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT:   return
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @cond_br_weights(%c: i1) {
  cf.cond_br %c, ^bb1, ^bb2 {branch_weights = array<i32: 10, 90>}
^bb1:
  return
^bb2:
  return
}

// CHECK-LABEL: func.func @switch_default_only(%arg0: i32) {
// CHECK-NEXT:   cf.switch %arg0 : i32, [
// CHECK-NEXT:     default: ^bb1]
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @switch_default_only(%f: i32) {
  cf.switch %f : i32, [
    default: ^bb1
  ]
^bb1:
  return
}

// CHECK-LABEL: func.func @switch_cases(%arg0: i32, %arg1: f32, %arg2: f32) -> f32 {
// CHECK-NEXT:   cf.switch %arg0 : i32, [
// CHECK-NEXT:     default: ^bb1(%arg1 : f32),
// CHECK-NEXT:     42: ^bb1(%arg2 : f32),
// CHECK-NEXT:     4294967293: ^bb2,
// CHECK-NEXT:     7: ^bb3(%arg1, %arg2 : f32, f32)
// CHECK-NEXT:   ]
// CHECK-NEXT: ^bb1(%0: f32):  // 2 preds: ^bb0, ^bb0
// CHECK-NEXT:   return %0 : f32
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT:   return %arg1 : f32
// CHECK-NEXT: ^bb3(%1: f32, %2: f32):  // pred: ^bb0
// CHECK-NEXT:   return %2 : f32
// CHECK-NEXT: }
func.func @switch_cases(%f: i32, %a: f32, %b: f32) -> f32 {
  cf.switch %f : i32, [
    default: ^bb1(%a : f32),
    42: ^bb1(%b : f32),
    -3: ^bb2,
    7: ^bb3(%a, %b : f32, f32)
  ]
^bb1(%x: f32):
  return %x : f32
^bb2:
  return %a : f32
^bb3(%y: f32, %z: f32):
  return %z : f32
}

// CHECK-LABEL: func.func @switch_types(%arg0: i8, %arg1: i64) {
// CHECK-NEXT:   cf.switch %arg0 : i8, [
// CHECK-NEXT:     default: ^bb1,
// CHECK-NEXT:     0: ^bb1,
// CHECK-NEXT:     1: ^bb2
// CHECK-NEXT:   ]
// CHECK-NEXT: ^bb1:  // 2 preds: ^bb0, ^bb0
// CHECK-NEXT:   cf.switch %arg1 : i64, [
// CHECK-NEXT:     default: ^bb2,
// CHECK-NEXT:     123456789012: ^bb2
// CHECK-NEXT:   ]
// CHECK-NEXT: ^bb2:  // 3 preds: ^bb0, ^bb1, ^bb1
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @switch_types(%i: i8, %j: i64) {
  cf.switch %i : i8, [
    default: ^bb1,
    0: ^bb1,
    1: ^bb2
  ]
^bb1:
  cf.switch %j : i64, [
    default: ^bb2,
    123456789012: ^bb2
  ]
^bb2:
  return
}

// CHECK-LABEL: func.func @assert(%arg0: i1) {
// CHECK-NEXT:   cf.assert %arg0, "expected the condition to hold"
// CHECK-NEXT:   cf.assert %arg0, "quotes \22 and \\ backslash"
// CHECK-NEXT:   cf.assert %arg0, ""
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @assert(%c: i1) {
  cf.assert %c, "expected the condition to hold"
  cf.assert %c, "quotes \" and \\ backslash"
  cf.assert %c, ""
  return
}

// Generic forms.
// CHECK-LABEL: func.func @generic_forms(%arg0: i1, %arg1: i32) {
// CHECK-NEXT:   cf.cond_br %arg0, ^bb1(%arg1 : i32), ^bb2
// CHECK-NEXT: ^bb1(%0: i32):  // pred: ^bb0
// CHECK-NEXT:   cf.br ^bb2
// CHECK-NEXT: ^bb2:  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT:   cf.switch %arg1 : i32, [
// CHECK-NEXT:     default: ^bb3]
// CHECK-NEXT: ^bb3:  // pred: ^bb2
// CHECK-NEXT:   cf.assert %arg0, "generic"
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @generic_forms(%c: i1, %a: i32) {
  "cf.cond_br"(%c, %a) [^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (i1, i32) -> ()
^bb1(%x: i32):
  "cf.br"()[^bb2] : () -> ()
^bb2:
  "cf.switch"(%a) [^bb3] <{case_operand_segments = array<i32>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb3:
  "cf.assert"(%c) <{msg = "generic"}> : (i1) -> ()
  return
}
