// The ops and the type print as they parse, in custom and generic form.
// RUN: standalone-opt %s | FileCheck %s
// RUN: standalone-opt %s | standalone-opt | FileCheck %s
// RUN: standalone-opt %s --mlir-print-op-generic | standalone-opt | FileCheck %s

// CHECK-LABEL: func.func @ops
// CHECK-SAME: (%[[X:.*]]: !standalone.fixed<16, 8>, %[[F:.*]]: f32)
func.func @ops(%x: !standalone.fixed<16, 8>, %f: f32) -> f64 {
  // CHECK: %[[C:.*]] = standalone.constant -2.500000e+00 : !standalone.fixed<16, 8>
  %c = standalone.constant -2.5 : !standalone.fixed<16, 8>
  // CHECK: %[[A:.*]] = standalone.add %[[X]], %[[C]] : !standalone.fixed<16, 8>
  %a = standalone.add %x, %c : !standalone.fixed<16, 8>
  // CHECK: %[[M:.*]] = standalone.mul %[[A]], %[[A]] : !standalone.fixed<16, 8>
  %m = standalone.mul %a, %a : !standalone.fixed<16, 8>
  // CHECK: %[[N:.*]] = standalone.neg %[[M]] {tag} : !standalone.fixed<16, 8>
  %n = standalone.neg %m {tag} : !standalone.fixed<16, 8>
  // The default rounding is not printed.
  // CHECK: standalone.from_float %[[F]] : f32 to !standalone.fixed<16, 8>
  %g = standalone.from_float %f {rounding = #standalone.rounding<nearest>} : f32 to !standalone.fixed<16, 8>
  // CHECK: standalone.from_float %[[F]] {rounding = #standalone.rounding<toward_zero>} : f32 to !standalone.fixed<16, 8>
  %h = standalone.from_float %f {rounding = #standalone.rounding<toward_zero>} : f32 to !standalone.fixed<16, 8>
  // CHECK: standalone.to_float %[[N]] : !standalone.fixed<16, 8> to f64
  %r = standalone.to_float %n : !standalone.fixed<16, 8> to f64
  return %r : f64
}
