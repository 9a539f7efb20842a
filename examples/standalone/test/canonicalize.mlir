// Folders (constants, x + 0, x * 1), the constant materializer, and neg's
// canonicalization pattern (neg(neg(x)) is x), through --canonicalize.
// RUN: standalone-opt %s --canonicalize --split-input-file | FileCheck %s

// CHECK-LABEL: func.func @fold_constants
func.func @fold_constants() -> !standalone.fixed<16, 8> {
  // 1.5 * 2.25 + -0.25 = 3.125; 1.5 * 2.25 = 3.375 exactly in 8 fraction bits.
  // CHECK-NEXT: %[[C:.*]] = standalone.constant 3.125000e+00 : !standalone.fixed<16, 8>
  // CHECK-NEXT: return %[[C]]
  %a = standalone.constant 1.5 : !standalone.fixed<16, 8>
  %b = standalone.constant 2.25 : !standalone.fixed<16, 8>
  %c = standalone.constant -0.25 : !standalone.fixed<16, 8>
  %m = standalone.mul %a, %b : !standalone.fixed<16, 8>
  %s = standalone.add %m, %c : !standalone.fixed<16, 8>
  return %s : !standalone.fixed<16, 8>
}

// -----

// The product of raw values shifts its fraction bits out: rounding toward negative
// infinity (-0.5 * 0.5 in 1 fraction bit is -0.25, which is -0.5 rounded down).
// CHECK-LABEL: func.func @mul_rounds_down
// CHECK-NEXT: %[[C:.*]] = standalone.constant -5.000000e-01 : !standalone.fixed<8, 1>
func.func @mul_rounds_down() -> !standalone.fixed<8, 1> {
  %a = standalone.constant -0.5 : !standalone.fixed<8, 1>
  %b = standalone.constant 0.5 : !standalone.fixed<8, 1>
  %m = standalone.mul %a, %b : !standalone.fixed<8, 1>
  return %m : !standalone.fixed<8, 1>
}

// -----

// Addition wraps, as the integers do: 127 + 1 in 8 bits is -128.
// CHECK-LABEL: func.func @add_wraps
// CHECK-NEXT: %[[C:.*]] = standalone.constant -1.280000e+02 : !standalone.fixed<8, 0>
func.func @add_wraps() -> !standalone.fixed<8, 0> {
  %a = standalone.constant 127.0 : !standalone.fixed<8, 0>
  %b = standalone.constant 1.0 : !standalone.fixed<8, 0>
  %s = standalone.add %a, %b : !standalone.fixed<8, 0>
  return %s : !standalone.fixed<8, 0>
}

// -----

// CHECK-LABEL: func.func @identities
// CHECK-SAME: (%[[X:.*]]: !standalone.fixed<32, 16>)
// CHECK-NEXT: return %[[X]], %[[X]], %[[X]]
func.func @identities(%x: !standalone.fixed<32, 16>)
    -> (!standalone.fixed<32, 16>, !standalone.fixed<32, 16>, !standalone.fixed<32, 16>) {
  %zero = standalone.constant 0.0 : !standalone.fixed<32, 16>
  %one = standalone.constant 1.0 : !standalone.fixed<32, 16>
  %a = standalone.add %zero, %x : !standalone.fixed<32, 16>
  %m = standalone.mul %x, %one : !standalone.fixed<32, 16>
  %n = standalone.neg %x : !standalone.fixed<32, 16>
  %nn = standalone.neg %n : !standalone.fixed<32, 16>
  return %a, %m, %nn : !standalone.fixed<32, 16>, !standalone.fixed<32, 16>, !standalone.fixed<32, 16>
}
