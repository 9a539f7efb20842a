// convert-standalone-to-arith: the integer code of each op, and function signatures
// converted with them.
// RUN: standalone-opt %s --split-input-file --convert-standalone-to-arith --verify-diagnostics | FileCheck %s
// The lowered IR is valid upstream IR: mlir-opt reads it.
// RUN: standalone-opt %s --split-input-file --convert-standalone-to-arith --verify-diagnostics | mlir-opt --split-input-file > /dev/null

// CHECK-LABEL: func.func @arith
// CHECK-SAME: (%[[X:.*]]: i16, %[[Y:.*]]: i16) -> i16
func.func @arith(%x: !standalone.fixed<16, 4>, %y: !standalone.fixed<16, 4>) -> !standalone.fixed<16, 4> {
  // 2.5 in 4 fraction bits is 40.
  // CHECK: %[[C:.*]] = arith.constant 40 : i16
  %c = standalone.constant 2.5 : !standalone.fixed<16, 4>
  // CHECK: %[[A:.*]] = arith.addi %[[X]], %[[C]] : i16
  %a = standalone.add %x, %c : !standalone.fixed<16, 4>
  // CHECK: %[[SH:.*]] = arith.constant 4 : i32
  // CHECK: %[[L:.*]] = arith.extsi %[[A]] : i16 to i32
  // CHECK: %[[R:.*]] = arith.extsi %[[Y]] : i16 to i32
  // CHECK: %[[P:.*]] = arith.muli %[[L]], %[[R]] : i32
  // CHECK: %[[S:.*]] = arith.shrsi %[[P]], %[[SH]] : i32
  // CHECK: %[[M:.*]] = arith.trunci %[[S]] : i32 to i16
  %m = standalone.mul %a, %y : !standalone.fixed<16, 4>
  // CHECK: %[[Z:.*]] = arith.constant 0 : i16
  // CHECK: %[[N:.*]] = arith.subi %[[Z]], %[[M]] : i16
  %n = standalone.neg %m : !standalone.fixed<16, 4>
  // CHECK: return %[[N]] : i16
  return %n : !standalone.fixed<16, 4>
}

// -----

// CHECK-LABEL: func.func @floats
// CHECK-SAME: (%[[F:.*]]: f64) -> f32
func.func @floats(%f: f64) -> f32 {
  // CHECK: %[[UP:.*]] = arith.constant 2.560000e+02 : f64
  // CHECK: %[[SC:.*]] = arith.mulf %[[F]], %[[UP]] : f64
  // CHECK: %[[RD:.*]] = math.roundeven %[[SC]] : f64
  // CHECK: %[[I:.*]] = arith.fptosi %[[RD]] : f64 to i16
  %a = standalone.from_float %f : f64 to !standalone.fixed<16, 8>
  // Toward zero is what fptosi does: no rounding op.
  // CHECK: %[[SC2:.*]] = arith.mulf %[[F]], {{.*}} : f64
  // CHECK-NEXT: arith.fptosi %[[SC2]] : f64 to i16
  %b = standalone.from_float %f {rounding = #standalone.rounding<toward_zero>} : f64 to !standalone.fixed<16, 8>
  // CHECK: %[[DOWN:.*]] = arith.constant 3.906250e-03 : f32
  // CHECK: %[[G:.*]] = arith.sitofp %[[I]] : i16 to f32
  // CHECK: %[[R:.*]] = arith.mulf %[[G]], %[[DOWN]] : f32
  %r = standalone.to_float %a : !standalone.fixed<16, 8> to f32
  // CHECK: return %[[R]] : f32
  return %r : f32
}

// -----

// Calls follow their callees' signatures.
// CHECK-LABEL: func.func @callee(%{{.*}}: i8) -> i8
// CHECK-LABEL: func.func @caller
// CHECK: %{{.*}} = call @callee(%{{.*}}) : (i8) -> i8
func.func @callee(%x: !standalone.fixed<8, 2>) -> !standalone.fixed<8, 2> {
  return %x : !standalone.fixed<8, 2>
}
func.func @caller(%x: !standalone.fixed<8, 2>) -> !standalone.fixed<8, 2> {
  %r = call @callee(%x) : (!standalone.fixed<8, 2>) -> !standalone.fixed<8, 2>
  return %r : !standalone.fixed<8, 2>
}

// -----

// Only f32 and f64 convert: an f16 stays, an error at the op.
func.func @half(%x: !standalone.fixed<16, 8>) -> f16 {
  // expected-error @+1 {{failed to legalize operation 'standalone.to_float'}}
  %r = standalone.to_float %x : !standalone.fixed<16, 8> to f16
  return %r : f16
}
