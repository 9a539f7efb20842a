// Folders of the math ops on constants (f32 and f64 scalars, elements attributes):
// exact ops on any value, the others with the C library function of the operand's
// width where MLIR folds them (not logarithms or roots of negative numbers, -0.0
// included); identical to mlir-opt, whose folders call the same functions.
// The exact ones also fold f16 and bf16; absf and copysign keep NaN payloads
// (signaling ones included).
// RUN: %compat %s --canonicalize
// RUN: %pto-opt %s --canonicalize | FileCheck %s

// CHECK-LABEL: func.func @exp_f32(
// CHECK-NEXT:    arith.constant 1.000000e+00 : f32
// CHECK-NEXT:    arith.constant 2.71828175 : f32
// CHECK:         return
// CHECK-LABEL: func.func @log_f32(
// CHECK:         math.log %{{.*}} : f32
// CHECK-LABEL: func.func @vec(
// CHECK-DAG:     arith.constant dense<[2.71828175, 0.135335281, 1.64872122, 20.085537]> : vector<4xf32>
// CHECK-DAG:     arith.constant dense<0.69314718055994529> : vector<2xf64>
// CHECK-DAG:     arith.constant -128 : i8
// CHECK-DAG:     arith.constant 5 : index

func.func @exp_f32() -> (f32, f32, f32, f32, f32, f32, f32, f32) {
  %c0 = arith.constant 0x00000000 : f32
  %r0 = math.exp %c0 : f32
  %c1 = arith.constant 0x80000000 : f32
  %r1 = math.exp %c1 : f32
  %c2 = arith.constant 0x3F800000 : f32
  %r2 = math.exp %c2 : f32
  %c3 = arith.constant 0xC0200000 : f32
  %r3 = math.exp %c3 : f32
  %c4 = arith.constant 0x42C80000 : f32
  %r4 = math.exp %c4 : f32
  %c5 = arith.constant 0x7F800000 : f32
  %r5 = math.exp %c5 : f32
  %c6 = arith.constant 0xFF800000 : f32
  %r6 = math.exp %c6 : f32
  %c7 = arith.constant 0x7FC00000 : f32
  %r7 = math.exp %c7 : f32
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7 : f32, f32, f32, f32, f32, f32, f32, f32
}
func.func @exp_f64() -> (f64, f64, f64, f64, f64) {
  %c0 = arith.constant 0x8000000000000000 : f64
  %r0 = math.exp %c0 : f64
  %c1 = arith.constant 0x3FE0000000000000 : f64
  %r1 = math.exp %c1 : f64
  %c2 = arith.constant 0xC004000000000000 : f64
  %r2 = math.exp %c2 : f64
  %c3 = arith.constant 0x7FF0000000000000 : f64
  %r3 = math.exp %c3 : f64
  %c4 = arith.constant 0x7FF8000000000000 : f64
  %r4 = math.exp %c4 : f64
  return %r0, %r1, %r2, %r3, %r4 : f64, f64, f64, f64, f64
}
func.func @exp2_f32() -> (f32, f32, f32, f32, f32, f32, f32, f32) {
  %c0 = arith.constant 0x00000000 : f32
  %r0 = math.exp2 %c0 : f32
  %c1 = arith.constant 0x80000000 : f32
  %r1 = math.exp2 %c1 : f32
  %c2 = arith.constant 0x3F800000 : f32
  %r2 = math.exp2 %c2 : f32
  %c3 = arith.constant 0xC0200000 : f32
  %r3 = math.exp2 %c3 : f32
  %c4 = arith.constant 0x42C80000 : f32
  %r4 = math.exp2 %c4 : f32
  %c5 = arith.constant 0x7F800000 : f32
  %r5 = math.exp2 %c5 : f32
  %c6 = arith.constant 0xFF800000 : f32
  %r6 = math.exp2 %c6 : f32
  %c7 = arith.constant 0x7FC00000 : f32
  %r7 = math.exp2 %c7 : f32
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7 : f32, f32, f32, f32, f32, f32, f32, f32
}
func.func @exp2_f64() -> (f64, f64, f64, f64, f64) {
  %c0 = arith.constant 0x8000000000000000 : f64
  %r0 = math.exp2 %c0 : f64
  %c1 = arith.constant 0x3FE0000000000000 : f64
  %r1 = math.exp2 %c1 : f64
  %c2 = arith.constant 0xC004000000000000 : f64
  %r2 = math.exp2 %c2 : f64
  %c3 = arith.constant 0x7FF0000000000000 : f64
  %r3 = math.exp2 %c3 : f64
  %c4 = arith.constant 0x7FF8000000000000 : f64
  %r4 = math.exp2 %c4 : f64
  return %r0, %r1, %r2, %r3, %r4 : f64, f64, f64, f64, f64
}
func.func @log_f32() -> (f32, f32, f32, f32, f32, f32, f32, f32) {
  %c0 = arith.constant 0x00000000 : f32
  %r0 = math.log %c0 : f32
  %c1 = arith.constant 0x80000000 : f32
  %r1 = math.log %c1 : f32
  %c2 = arith.constant 0x3F800000 : f32
  %r2 = math.log %c2 : f32
  %c3 = arith.constant 0xC0200000 : f32
  %r3 = math.log %c3 : f32
  %c4 = arith.constant 0x42C80000 : f32
  %r4 = math.log %c4 : f32
  %c5 = arith.constant 0x7F800000 : f32
  %r5 = math.log %c5 : f32
  %c6 = arith.constant 0xFF800000 : f32
  %r6 = math.log %c6 : f32
  %c7 = arith.constant 0x7FC00000 : f32
  %r7 = math.log %c7 : f32
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7 : f32, f32, f32, f32, f32, f32, f32, f32
}
func.func @log_f64() -> (f64, f64, f64, f64, f64) {
  %c0 = arith.constant 0x8000000000000000 : f64
  %r0 = math.log %c0 : f64
  %c1 = arith.constant 0x3FE0000000000000 : f64
  %r1 = math.log %c1 : f64
  %c2 = arith.constant 0xC004000000000000 : f64
  %r2 = math.log %c2 : f64
  %c3 = arith.constant 0x7FF0000000000000 : f64
  %r3 = math.log %c3 : f64
  %c4 = arith.constant 0x7FF8000000000000 : f64
  %r4 = math.log %c4 : f64
  return %r0, %r1, %r2, %r3, %r4 : f64, f64, f64, f64, f64
}
func.func @log2_f32() -> (f32, f32, f32, f32, f32, f32, f32, f32) {
  %c0 = arith.constant 0x00000000 : f32
  %r0 = math.log2 %c0 : f32
  %c1 = arith.constant 0x80000000 : f32
  %r1 = math.log2 %c1 : f32
  %c2 = arith.constant 0x3F800000 : f32
  %r2 = math.log2 %c2 : f32
  %c3 = arith.constant 0xC0200000 : f32
  %r3 = math.log2 %c3 : f32
  %c4 = arith.constant 0x42C80000 : f32
  %r4 = math.log2 %c4 : f32
  %c5 = arith.constant 0x7F800000 : f32
  %r5 = math.log2 %c5 : f32
  %c6 = arith.constant 0xFF800000 : f32
  %r6 = math.log2 %c6 : f32
  %c7 = arith.constant 0x7FC00000 : f32
  %r7 = math.log2 %c7 : f32
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7 : f32, f32, f32, f32, f32, f32, f32, f32
}
func.func @log2_f64() -> (f64, f64, f64, f64, f64) {
  %c0 = arith.constant 0x8000000000000000 : f64
  %r0 = math.log2 %c0 : f64
  %c1 = arith.constant 0x3FE0000000000000 : f64
  %r1 = math.log2 %c1 : f64
  %c2 = arith.constant 0xC004000000000000 : f64
  %r2 = math.log2 %c2 : f64
  %c3 = arith.constant 0x7FF0000000000000 : f64
  %r3 = math.log2 %c3 : f64
  %c4 = arith.constant 0x7FF8000000000000 : f64
  %r4 = math.log2 %c4 : f64
  return %r0, %r1, %r2, %r3, %r4 : f64, f64, f64, f64, f64
}
func.func @sqrt_f32() -> (f32, f32, f32, f32, f32, f32, f32, f32) {
  %c0 = arith.constant 0x00000000 : f32
  %r0 = math.sqrt %c0 : f32
  %c1 = arith.constant 0x80000000 : f32
  %r1 = math.sqrt %c1 : f32
  %c2 = arith.constant 0x3F800000 : f32
  %r2 = math.sqrt %c2 : f32
  %c3 = arith.constant 0xC0200000 : f32
  %r3 = math.sqrt %c3 : f32
  %c4 = arith.constant 0x42C80000 : f32
  %r4 = math.sqrt %c4 : f32
  %c5 = arith.constant 0x7F800000 : f32
  %r5 = math.sqrt %c5 : f32
  %c6 = arith.constant 0xFF800000 : f32
  %r6 = math.sqrt %c6 : f32
  %c7 = arith.constant 0x7FC00000 : f32
  %r7 = math.sqrt %c7 : f32
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7 : f32, f32, f32, f32, f32, f32, f32, f32
}
func.func @sqrt_f64() -> (f64, f64, f64, f64, f64) {
  %c0 = arith.constant 0x8000000000000000 : f64
  %r0 = math.sqrt %c0 : f64
  %c1 = arith.constant 0x3FE0000000000000 : f64
  %r1 = math.sqrt %c1 : f64
  %c2 = arith.constant 0xC004000000000000 : f64
  %r2 = math.sqrt %c2 : f64
  %c3 = arith.constant 0x7FF0000000000000 : f64
  %r3 = math.sqrt %c3 : f64
  %c4 = arith.constant 0x7FF8000000000000 : f64
  %r4 = math.sqrt %c4 : f64
  return %r0, %r1, %r2, %r3, %r4 : f64, f64, f64, f64, f64
}
func.func @tanh_f32() -> (f32, f32, f32, f32, f32, f32, f32, f32) {
  %c0 = arith.constant 0x00000000 : f32
  %r0 = math.tanh %c0 : f32
  %c1 = arith.constant 0x80000000 : f32
  %r1 = math.tanh %c1 : f32
  %c2 = arith.constant 0x3F800000 : f32
  %r2 = math.tanh %c2 : f32
  %c3 = arith.constant 0xC0200000 : f32
  %r3 = math.tanh %c3 : f32
  %c4 = arith.constant 0x42C80000 : f32
  %r4 = math.tanh %c4 : f32
  %c5 = arith.constant 0x7F800000 : f32
  %r5 = math.tanh %c5 : f32
  %c6 = arith.constant 0xFF800000 : f32
  %r6 = math.tanh %c6 : f32
  %c7 = arith.constant 0x7FC00000 : f32
  %r7 = math.tanh %c7 : f32
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7 : f32, f32, f32, f32, f32, f32, f32, f32
}
func.func @tanh_f64() -> (f64, f64, f64, f64, f64) {
  %c0 = arith.constant 0x8000000000000000 : f64
  %r0 = math.tanh %c0 : f64
  %c1 = arith.constant 0x3FE0000000000000 : f64
  %r1 = math.tanh %c1 : f64
  %c2 = arith.constant 0xC004000000000000 : f64
  %r2 = math.tanh %c2 : f64
  %c3 = arith.constant 0x7FF0000000000000 : f64
  %r3 = math.tanh %c3 : f64
  %c4 = arith.constant 0x7FF8000000000000 : f64
  %r4 = math.tanh %c4 : f64
  return %r0, %r1, %r2, %r3, %r4 : f64, f64, f64, f64, f64
}
func.func @sin_f32() -> (f32, f32, f32, f32, f32, f32, f32, f32) {
  %c0 = arith.constant 0x00000000 : f32
  %r0 = math.sin %c0 : f32
  %c1 = arith.constant 0x80000000 : f32
  %r1 = math.sin %c1 : f32
  %c2 = arith.constant 0x3F800000 : f32
  %r2 = math.sin %c2 : f32
  %c3 = arith.constant 0xC0200000 : f32
  %r3 = math.sin %c3 : f32
  %c4 = arith.constant 0x42C80000 : f32
  %r4 = math.sin %c4 : f32
  %c5 = arith.constant 0x7F800000 : f32
  %r5 = math.sin %c5 : f32
  %c6 = arith.constant 0xFF800000 : f32
  %r6 = math.sin %c6 : f32
  %c7 = arith.constant 0x7FC00000 : f32
  %r7 = math.sin %c7 : f32
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7 : f32, f32, f32, f32, f32, f32, f32, f32
}
func.func @sin_f64() -> (f64, f64, f64, f64, f64) {
  %c0 = arith.constant 0x8000000000000000 : f64
  %r0 = math.sin %c0 : f64
  %c1 = arith.constant 0x3FE0000000000000 : f64
  %r1 = math.sin %c1 : f64
  %c2 = arith.constant 0xC004000000000000 : f64
  %r2 = math.sin %c2 : f64
  %c3 = arith.constant 0x7FF0000000000000 : f64
  %r3 = math.sin %c3 : f64
  %c4 = arith.constant 0x7FF8000000000000 : f64
  %r4 = math.sin %c4 : f64
  return %r0, %r1, %r2, %r3, %r4 : f64, f64, f64, f64, f64
}
func.func @cos_f32() -> (f32, f32, f32, f32, f32, f32, f32, f32) {
  %c0 = arith.constant 0x00000000 : f32
  %r0 = math.cos %c0 : f32
  %c1 = arith.constant 0x80000000 : f32
  %r1 = math.cos %c1 : f32
  %c2 = arith.constant 0x3F800000 : f32
  %r2 = math.cos %c2 : f32
  %c3 = arith.constant 0xC0200000 : f32
  %r3 = math.cos %c3 : f32
  %c4 = arith.constant 0x42C80000 : f32
  %r4 = math.cos %c4 : f32
  %c5 = arith.constant 0x7F800000 : f32
  %r5 = math.cos %c5 : f32
  %c6 = arith.constant 0xFF800000 : f32
  %r6 = math.cos %c6 : f32
  %c7 = arith.constant 0x7FC00000 : f32
  %r7 = math.cos %c7 : f32
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7 : f32, f32, f32, f32, f32, f32, f32, f32
}
func.func @cos_f64() -> (f64, f64, f64, f64, f64) {
  %c0 = arith.constant 0x8000000000000000 : f64
  %r0 = math.cos %c0 : f64
  %c1 = arith.constant 0x3FE0000000000000 : f64
  %r1 = math.cos %c1 : f64
  %c2 = arith.constant 0xC004000000000000 : f64
  %r2 = math.cos %c2 : f64
  %c3 = arith.constant 0x7FF0000000000000 : f64
  %r3 = math.cos %c3 : f64
  %c4 = arith.constant 0x7FF8000000000000 : f64
  %r4 = math.cos %c4 : f64
  return %r0, %r1, %r2, %r3, %r4 : f64, f64, f64, f64, f64
}
func.func @absf_f32() -> (f32, f32, f32, f32, f32, f32, f32, f32) {
  %c0 = arith.constant 0x00000000 : f32
  %r0 = math.absf %c0 : f32
  %c1 = arith.constant 0x80000000 : f32
  %r1 = math.absf %c1 : f32
  %c2 = arith.constant 0x3F800000 : f32
  %r2 = math.absf %c2 : f32
  %c3 = arith.constant 0xC0200000 : f32
  %r3 = math.absf %c3 : f32
  %c4 = arith.constant 0x42C80000 : f32
  %r4 = math.absf %c4 : f32
  %c5 = arith.constant 0x7F800000 : f32
  %r5 = math.absf %c5 : f32
  %c6 = arith.constant 0xFF800000 : f32
  %r6 = math.absf %c6 : f32
  %c7 = arith.constant 0x7FC00000 : f32
  %r7 = math.absf %c7 : f32
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7 : f32, f32, f32, f32, f32, f32, f32, f32
}
func.func @absf_f64() -> (f64, f64, f64, f64, f64) {
  %c0 = arith.constant 0x8000000000000000 : f64
  %r0 = math.absf %c0 : f64
  %c1 = arith.constant 0x3FE0000000000000 : f64
  %r1 = math.absf %c1 : f64
  %c2 = arith.constant 0xC004000000000000 : f64
  %r2 = math.absf %c2 : f64
  %c3 = arith.constant 0x7FF0000000000000 : f64
  %r3 = math.absf %c3 : f64
  %c4 = arith.constant 0x7FF8000000000000 : f64
  %r4 = math.absf %c4 : f64
  return %r0, %r1, %r2, %r3, %r4 : f64, f64, f64, f64, f64
}
func.func @erf_f32() -> (f32, f32, f32, f32, f32, f32, f32, f32) {
  %c0 = arith.constant 0x00000000 : f32
  %r0 = math.erf %c0 : f32
  %c1 = arith.constant 0x80000000 : f32
  %r1 = math.erf %c1 : f32
  %c2 = arith.constant 0x3F800000 : f32
  %r2 = math.erf %c2 : f32
  %c3 = arith.constant 0xC0200000 : f32
  %r3 = math.erf %c3 : f32
  %c4 = arith.constant 0x42C80000 : f32
  %r4 = math.erf %c4 : f32
  %c5 = arith.constant 0x7F800000 : f32
  %r5 = math.erf %c5 : f32
  %c6 = arith.constant 0xFF800000 : f32
  %r6 = math.erf %c6 : f32
  %c7 = arith.constant 0x7FC00000 : f32
  %r7 = math.erf %c7 : f32
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7 : f32, f32, f32, f32, f32, f32, f32, f32
}
func.func @erf_f64() -> (f64, f64, f64, f64, f64) {
  %c0 = arith.constant 0x8000000000000000 : f64
  %r0 = math.erf %c0 : f64
  %c1 = arith.constant 0x3FE0000000000000 : f64
  %r1 = math.erf %c1 : f64
  %c2 = arith.constant 0xC004000000000000 : f64
  %r2 = math.erf %c2 : f64
  %c3 = arith.constant 0x7FF0000000000000 : f64
  %r3 = math.erf %c3 : f64
  %c4 = arith.constant 0x7FF8000000000000 : f64
  %r4 = math.erf %c4 : f64
  return %r0, %r1, %r2, %r3, %r4 : f64, f64, f64, f64, f64
}
func.func @floor_f32() -> (f32, f32, f32, f32, f32, f32, f32, f32) {
  %c0 = arith.constant 0x00000000 : f32
  %r0 = math.floor %c0 : f32
  %c1 = arith.constant 0x80000000 : f32
  %r1 = math.floor %c1 : f32
  %c2 = arith.constant 0x3F800000 : f32
  %r2 = math.floor %c2 : f32
  %c3 = arith.constant 0xC0200000 : f32
  %r3 = math.floor %c3 : f32
  %c4 = arith.constant 0x42C80000 : f32
  %r4 = math.floor %c4 : f32
  %c5 = arith.constant 0x7F800000 : f32
  %r5 = math.floor %c5 : f32
  %c6 = arith.constant 0xFF800000 : f32
  %r6 = math.floor %c6 : f32
  %c7 = arith.constant 0x7FC00000 : f32
  %r7 = math.floor %c7 : f32
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7 : f32, f32, f32, f32, f32, f32, f32, f32
}
func.func @floor_f64() -> (f64, f64, f64, f64, f64) {
  %c0 = arith.constant 0x8000000000000000 : f64
  %r0 = math.floor %c0 : f64
  %c1 = arith.constant 0x3FE0000000000000 : f64
  %r1 = math.floor %c1 : f64
  %c2 = arith.constant 0xC004000000000000 : f64
  %r2 = math.floor %c2 : f64
  %c3 = arith.constant 0x7FF0000000000000 : f64
  %r3 = math.floor %c3 : f64
  %c4 = arith.constant 0x7FF8000000000000 : f64
  %r4 = math.floor %c4 : f64
  return %r0, %r1, %r2, %r3, %r4 : f64, f64, f64, f64, f64
}
func.func @ceil_f32() -> (f32, f32, f32, f32, f32, f32, f32, f32) {
  %c0 = arith.constant 0x00000000 : f32
  %r0 = math.ceil %c0 : f32
  %c1 = arith.constant 0x80000000 : f32
  %r1 = math.ceil %c1 : f32
  %c2 = arith.constant 0x3F800000 : f32
  %r2 = math.ceil %c2 : f32
  %c3 = arith.constant 0xC0200000 : f32
  %r3 = math.ceil %c3 : f32
  %c4 = arith.constant 0x42C80000 : f32
  %r4 = math.ceil %c4 : f32
  %c5 = arith.constant 0x7F800000 : f32
  %r5 = math.ceil %c5 : f32
  %c6 = arith.constant 0xFF800000 : f32
  %r6 = math.ceil %c6 : f32
  %c7 = arith.constant 0x7FC00000 : f32
  %r7 = math.ceil %c7 : f32
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7 : f32, f32, f32, f32, f32, f32, f32, f32
}
func.func @ceil_f64() -> (f64, f64, f64, f64, f64) {
  %c0 = arith.constant 0x8000000000000000 : f64
  %r0 = math.ceil %c0 : f64
  %c1 = arith.constant 0x3FE0000000000000 : f64
  %r1 = math.ceil %c1 : f64
  %c2 = arith.constant 0xC004000000000000 : f64
  %r2 = math.ceil %c2 : f64
  %c3 = arith.constant 0x7FF0000000000000 : f64
  %r3 = math.ceil %c3 : f64
  %c4 = arith.constant 0x7FF8000000000000 : f64
  %r4 = math.ceil %c4 : f64
  return %r0, %r1, %r2, %r3, %r4 : f64, f64, f64, f64, f64
}
func.func @acos_f32() -> (f32, f32, f32, f32, f32, f32, f32, f32) {
  %c0 = arith.constant 0x00000000 : f32
  %r0 = math.acos %c0 : f32
  %c1 = arith.constant 0x80000000 : f32
  %r1 = math.acos %c1 : f32
  %c2 = arith.constant 0x3F800000 : f32
  %r2 = math.acos %c2 : f32
  %c3 = arith.constant 0xC0200000 : f32
  %r3 = math.acos %c3 : f32
  %c4 = arith.constant 0x42C80000 : f32
  %r4 = math.acos %c4 : f32
  %c5 = arith.constant 0x7F800000 : f32
  %r5 = math.acos %c5 : f32
  %c6 = arith.constant 0xFF800000 : f32
  %r6 = math.acos %c6 : f32
  %c7 = arith.constant 0x7FC00000 : f32
  %r7 = math.acos %c7 : f32
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7 : f32, f32, f32, f32, f32, f32, f32, f32
}
func.func @acos_f64() -> (f64, f64, f64, f64, f64) {
  %c0 = arith.constant 0x8000000000000000 : f64
  %r0 = math.acos %c0 : f64
  %c1 = arith.constant 0x3FE0000000000000 : f64
  %r1 = math.acos %c1 : f64
  %c2 = arith.constant 0xC004000000000000 : f64
  %r2 = math.acos %c2 : f64
  %c3 = arith.constant 0x7FF0000000000000 : f64
  %r3 = math.acos %c3 : f64
  %c4 = arith.constant 0x7FF8000000000000 : f64
  %r4 = math.acos %c4 : f64
  return %r0, %r1, %r2, %r3, %r4 : f64, f64, f64, f64, f64
}
func.func @asin_f32() -> (f32, f32, f32, f32, f32, f32, f32, f32) {
  %c0 = arith.constant 0x00000000 : f32
  %r0 = math.asin %c0 : f32
  %c1 = arith.constant 0x80000000 : f32
  %r1 = math.asin %c1 : f32
  %c2 = arith.constant 0x3F800000 : f32
  %r2 = math.asin %c2 : f32
  %c3 = arith.constant 0xC0200000 : f32
  %r3 = math.asin %c3 : f32
  %c4 = arith.constant 0x42C80000 : f32
  %r4 = math.asin %c4 : f32
  %c5 = arith.constant 0x7F800000 : f32
  %r5 = math.asin %c5 : f32
  %c6 = arith.constant 0xFF800000 : f32
  %r6 = math.asin %c6 : f32
  %c7 = arith.constant 0x7FC00000 : f32
  %r7 = math.asin %c7 : f32
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7 : f32, f32, f32, f32, f32, f32, f32, f32
}
func.func @asin_f64() -> (f64, f64, f64, f64, f64) {
  %c0 = arith.constant 0x8000000000000000 : f64
  %r0 = math.asin %c0 : f64
  %c1 = arith.constant 0x3FE0000000000000 : f64
  %r1 = math.asin %c1 : f64
  %c2 = arith.constant 0xC004000000000000 : f64
  %r2 = math.asin %c2 : f64
  %c3 = arith.constant 0x7FF0000000000000 : f64
  %r3 = math.asin %c3 : f64
  %c4 = arith.constant 0x7FF8000000000000 : f64
  %r4 = math.asin %c4 : f64
  return %r0, %r1, %r2, %r3, %r4 : f64, f64, f64, f64, f64
}
func.func @atan_f32() -> (f32, f32, f32, f32, f32, f32, f32, f32) {
  %c0 = arith.constant 0x00000000 : f32
  %r0 = math.atan %c0 : f32
  %c1 = arith.constant 0x80000000 : f32
  %r1 = math.atan %c1 : f32
  %c2 = arith.constant 0x3F800000 : f32
  %r2 = math.atan %c2 : f32
  %c3 = arith.constant 0xC0200000 : f32
  %r3 = math.atan %c3 : f32
  %c4 = arith.constant 0x42C80000 : f32
  %r4 = math.atan %c4 : f32
  %c5 = arith.constant 0x7F800000 : f32
  %r5 = math.atan %c5 : f32
  %c6 = arith.constant 0xFF800000 : f32
  %r6 = math.atan %c6 : f32
  %c7 = arith.constant 0x7FC00000 : f32
  %r7 = math.atan %c7 : f32
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7 : f32, f32, f32, f32, f32, f32, f32, f32
}
func.func @atan_f64() -> (f64, f64, f64, f64, f64) {
  %c0 = arith.constant 0x8000000000000000 : f64
  %r0 = math.atan %c0 : f64
  %c1 = arith.constant 0x3FE0000000000000 : f64
  %r1 = math.atan %c1 : f64
  %c2 = arith.constant 0xC004000000000000 : f64
  %r2 = math.atan %c2 : f64
  %c3 = arith.constant 0x7FF0000000000000 : f64
  %r3 = math.atan %c3 : f64
  %c4 = arith.constant 0x7FF8000000000000 : f64
  %r4 = math.atan %c4 : f64
  return %r0, %r1, %r2, %r3, %r4 : f64, f64, f64, f64, f64
}
func.func @expm1_f32() -> (f32, f32, f32, f32, f32, f32, f32, f32) {
  %c0 = arith.constant 0x00000000 : f32
  %r0 = math.expm1 %c0 : f32
  %c1 = arith.constant 0x80000000 : f32
  %r1 = math.expm1 %c1 : f32
  %c2 = arith.constant 0x3F800000 : f32
  %r2 = math.expm1 %c2 : f32
  %c3 = arith.constant 0xC0200000 : f32
  %r3 = math.expm1 %c3 : f32
  %c4 = arith.constant 0x42C80000 : f32
  %r4 = math.expm1 %c4 : f32
  %c5 = arith.constant 0x7F800000 : f32
  %r5 = math.expm1 %c5 : f32
  %c6 = arith.constant 0xFF800000 : f32
  %r6 = math.expm1 %c6 : f32
  %c7 = arith.constant 0x7FC00000 : f32
  %r7 = math.expm1 %c7 : f32
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7 : f32, f32, f32, f32, f32, f32, f32, f32
}
func.func @expm1_f64() -> (f64, f64, f64, f64, f64) {
  %c0 = arith.constant 0x8000000000000000 : f64
  %r0 = math.expm1 %c0 : f64
  %c1 = arith.constant 0x3FE0000000000000 : f64
  %r1 = math.expm1 %c1 : f64
  %c2 = arith.constant 0xC004000000000000 : f64
  %r2 = math.expm1 %c2 : f64
  %c3 = arith.constant 0x7FF0000000000000 : f64
  %r3 = math.expm1 %c3 : f64
  %c4 = arith.constant 0x7FF8000000000000 : f64
  %r4 = math.expm1 %c4 : f64
  return %r0, %r1, %r2, %r3, %r4 : f64, f64, f64, f64, f64
}
func.func @log1p_f32() -> (f32, f32, f32, f32, f32, f32, f32, f32) {
  %c0 = arith.constant 0x00000000 : f32
  %r0 = math.log1p %c0 : f32
  %c1 = arith.constant 0x80000000 : f32
  %r1 = math.log1p %c1 : f32
  %c2 = arith.constant 0x3F800000 : f32
  %r2 = math.log1p %c2 : f32
  %c3 = arith.constant 0xC0200000 : f32
  %r3 = math.log1p %c3 : f32
  %c4 = arith.constant 0x42C80000 : f32
  %r4 = math.log1p %c4 : f32
  %c5 = arith.constant 0x7F800000 : f32
  %r5 = math.log1p %c5 : f32
  %c6 = arith.constant 0xFF800000 : f32
  %r6 = math.log1p %c6 : f32
  %c7 = arith.constant 0x7FC00000 : f32
  %r7 = math.log1p %c7 : f32
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7 : f32, f32, f32, f32, f32, f32, f32, f32
}
func.func @log1p_f64() -> (f64, f64, f64, f64, f64) {
  %c0 = arith.constant 0x8000000000000000 : f64
  %r0 = math.log1p %c0 : f64
  %c1 = arith.constant 0x3FE0000000000000 : f64
  %r1 = math.log1p %c1 : f64
  %c2 = arith.constant 0xC004000000000000 : f64
  %r2 = math.log1p %c2 : f64
  %c3 = arith.constant 0x7FF0000000000000 : f64
  %r3 = math.log1p %c3 : f64
  %c4 = arith.constant 0x7FF8000000000000 : f64
  %r4 = math.log1p %c4 : f64
  return %r0, %r1, %r2, %r3, %r4 : f64, f64, f64, f64, f64
}
func.func @erfc_f32() -> (f32, f32, f32, f32, f32, f32, f32, f32) {
  %c0 = arith.constant 0x00000000 : f32
  %r0 = math.erfc %c0 : f32
  %c1 = arith.constant 0x80000000 : f32
  %r1 = math.erfc %c1 : f32
  %c2 = arith.constant 0x3F800000 : f32
  %r2 = math.erfc %c2 : f32
  %c3 = arith.constant 0xC0200000 : f32
  %r3 = math.erfc %c3 : f32
  %c4 = arith.constant 0x42C80000 : f32
  %r4 = math.erfc %c4 : f32
  %c5 = arith.constant 0x7F800000 : f32
  %r5 = math.erfc %c5 : f32
  %c6 = arith.constant 0xFF800000 : f32
  %r6 = math.erfc %c6 : f32
  %c7 = arith.constant 0x7FC00000 : f32
  %r7 = math.erfc %c7 : f32
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7 : f32, f32, f32, f32, f32, f32, f32, f32
}
func.func @erfc_f64() -> (f64, f64, f64, f64, f64) {
  %c0 = arith.constant 0x8000000000000000 : f64
  %r0 = math.erfc %c0 : f64
  %c1 = arith.constant 0x3FE0000000000000 : f64
  %r1 = math.erfc %c1 : f64
  %c2 = arith.constant 0xC004000000000000 : f64
  %r2 = math.erfc %c2 : f64
  %c3 = arith.constant 0x7FF0000000000000 : f64
  %r3 = math.erfc %c3 : f64
  %c4 = arith.constant 0x7FF8000000000000 : f64
  %r4 = math.erfc %c4 : f64
  return %r0, %r1, %r2, %r3, %r4 : f64, f64, f64, f64, f64
}
func.func @powf_f32() -> (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32) {
  %a0 = arith.constant 0x00000000 : f32
  %b0 = arith.constant 0x00000000 : f32
  %r0 = math.powf %a0, %b0 : f32
  %a1 = arith.constant 0x00000000 : f32
  %b1 = arith.constant 0x80000000 : f32
  %r1 = math.powf %a1, %b1 : f32
  %a2 = arith.constant 0x00000000 : f32
  %b2 = arith.constant 0x3F800000 : f32
  %r2 = math.powf %a2, %b2 : f32
  %a3 = arith.constant 0x00000000 : f32
  %b3 = arith.constant 0xC0200000 : f32
  %r3 = math.powf %a3, %b3 : f32
  %a4 = arith.constant 0x00000000 : f32
  %b4 = arith.constant 0x42C80000 : f32
  %r4 = math.powf %a4, %b4 : f32
  %a5 = arith.constant 0x80000000 : f32
  %b5 = arith.constant 0x00000000 : f32
  %r5 = math.powf %a5, %b5 : f32
  %a6 = arith.constant 0x80000000 : f32
  %b6 = arith.constant 0x80000000 : f32
  %r6 = math.powf %a6, %b6 : f32
  %a7 = arith.constant 0x80000000 : f32
  %b7 = arith.constant 0x3F800000 : f32
  %r7 = math.powf %a7, %b7 : f32
  %a8 = arith.constant 0x80000000 : f32
  %b8 = arith.constant 0xC0200000 : f32
  %r8 = math.powf %a8, %b8 : f32
  %a9 = arith.constant 0x80000000 : f32
  %b9 = arith.constant 0x42C80000 : f32
  %r9 = math.powf %a9, %b9 : f32
  %a10 = arith.constant 0x3F800000 : f32
  %b10 = arith.constant 0x00000000 : f32
  %r10 = math.powf %a10, %b10 : f32
  %a11 = arith.constant 0x3F800000 : f32
  %b11 = arith.constant 0x80000000 : f32
  %r11 = math.powf %a11, %b11 : f32
  %a12 = arith.constant 0x3F800000 : f32
  %b12 = arith.constant 0x3F800000 : f32
  %r12 = math.powf %a12, %b12 : f32
  %a13 = arith.constant 0x3F800000 : f32
  %b13 = arith.constant 0xC0200000 : f32
  %r13 = math.powf %a13, %b13 : f32
  %a14 = arith.constant 0x3F800000 : f32
  %b14 = arith.constant 0x42C80000 : f32
  %r14 = math.powf %a14, %b14 : f32
  %a15 = arith.constant 0xC0200000 : f32
  %b15 = arith.constant 0x00000000 : f32
  %r15 = math.powf %a15, %b15 : f32
  %a16 = arith.constant 0xC0200000 : f32
  %b16 = arith.constant 0x80000000 : f32
  %r16 = math.powf %a16, %b16 : f32
  %a17 = arith.constant 0xC0200000 : f32
  %b17 = arith.constant 0x3F800000 : f32
  %r17 = math.powf %a17, %b17 : f32
  %a18 = arith.constant 0xC0200000 : f32
  %b18 = arith.constant 0xC0200000 : f32
  %r18 = math.powf %a18, %b18 : f32
  %a19 = arith.constant 0xC0200000 : f32
  %b19 = arith.constant 0x42C80000 : f32
  %r19 = math.powf %a19, %b19 : f32
  %a20 = arith.constant 0x42C80000 : f32
  %b20 = arith.constant 0x00000000 : f32
  %r20 = math.powf %a20, %b20 : f32
  %a21 = arith.constant 0x42C80000 : f32
  %b21 = arith.constant 0x80000000 : f32
  %r21 = math.powf %a21, %b21 : f32
  %a22 = arith.constant 0x42C80000 : f32
  %b22 = arith.constant 0x3F800000 : f32
  %r22 = math.powf %a22, %b22 : f32
  %a23 = arith.constant 0x42C80000 : f32
  %b23 = arith.constant 0xC0200000 : f32
  %r23 = math.powf %a23, %b23 : f32
  %a24 = arith.constant 0x42C80000 : f32
  %b24 = arith.constant 0x42C80000 : f32
  %r24 = math.powf %a24, %b24 : f32
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11, %r12, %r13, %r14, %r15, %r16, %r17, %r18, %r19, %r20, %r21, %r22, %r23, %r24 : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32
}
func.func @powf_f64() -> (f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64) {
  %a0 = arith.constant 0x8000000000000000 : f64
  %b0 = arith.constant 0x8000000000000000 : f64
  %r0 = math.powf %a0, %b0 : f64
  %a1 = arith.constant 0x8000000000000000 : f64
  %b1 = arith.constant 0x3FE0000000000000 : f64
  %r1 = math.powf %a1, %b1 : f64
  %a2 = arith.constant 0x8000000000000000 : f64
  %b2 = arith.constant 0xC004000000000000 : f64
  %r2 = math.powf %a2, %b2 : f64
  %a3 = arith.constant 0x8000000000000000 : f64
  %b3 = arith.constant 0x7FF0000000000000 : f64
  %r3 = math.powf %a3, %b3 : f64
  %a4 = arith.constant 0x3FE0000000000000 : f64
  %b4 = arith.constant 0x8000000000000000 : f64
  %r4 = math.powf %a4, %b4 : f64
  %a5 = arith.constant 0x3FE0000000000000 : f64
  %b5 = arith.constant 0x3FE0000000000000 : f64
  %r5 = math.powf %a5, %b5 : f64
  %a6 = arith.constant 0x3FE0000000000000 : f64
  %b6 = arith.constant 0xC004000000000000 : f64
  %r6 = math.powf %a6, %b6 : f64
  %a7 = arith.constant 0x3FE0000000000000 : f64
  %b7 = arith.constant 0x7FF0000000000000 : f64
  %r7 = math.powf %a7, %b7 : f64
  %a8 = arith.constant 0xC004000000000000 : f64
  %b8 = arith.constant 0x8000000000000000 : f64
  %r8 = math.powf %a8, %b8 : f64
  %a9 = arith.constant 0xC004000000000000 : f64
  %b9 = arith.constant 0x3FE0000000000000 : f64
  %r9 = math.powf %a9, %b9 : f64
  %a10 = arith.constant 0xC004000000000000 : f64
  %b10 = arith.constant 0xC004000000000000 : f64
  %r10 = math.powf %a10, %b10 : f64
  %a11 = arith.constant 0xC004000000000000 : f64
  %b11 = arith.constant 0x7FF0000000000000 : f64
  %r11 = math.powf %a11, %b11 : f64
  %a12 = arith.constant 0x7FF0000000000000 : f64
  %b12 = arith.constant 0x8000000000000000 : f64
  %r12 = math.powf %a12, %b12 : f64
  %a13 = arith.constant 0x7FF0000000000000 : f64
  %b13 = arith.constant 0x3FE0000000000000 : f64
  %r13 = math.powf %a13, %b13 : f64
  %a14 = arith.constant 0x7FF0000000000000 : f64
  %b14 = arith.constant 0xC004000000000000 : f64
  %r14 = math.powf %a14, %b14 : f64
  %a15 = arith.constant 0x7FF0000000000000 : f64
  %b15 = arith.constant 0x7FF0000000000000 : f64
  %r15 = math.powf %a15, %b15 : f64
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11, %r12, %r13, %r14, %r15 : f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64
}
func.func @atan2_f32() -> (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32) {
  %a0 = arith.constant 0x00000000 : f32
  %b0 = arith.constant 0x00000000 : f32
  %r0 = math.atan2 %a0, %b0 : f32
  %a1 = arith.constant 0x00000000 : f32
  %b1 = arith.constant 0x80000000 : f32
  %r1 = math.atan2 %a1, %b1 : f32
  %a2 = arith.constant 0x00000000 : f32
  %b2 = arith.constant 0x3F800000 : f32
  %r2 = math.atan2 %a2, %b2 : f32
  %a3 = arith.constant 0x00000000 : f32
  %b3 = arith.constant 0xC0200000 : f32
  %r3 = math.atan2 %a3, %b3 : f32
  %a4 = arith.constant 0x00000000 : f32
  %b4 = arith.constant 0x42C80000 : f32
  %r4 = math.atan2 %a4, %b4 : f32
  %a5 = arith.constant 0x80000000 : f32
  %b5 = arith.constant 0x00000000 : f32
  %r5 = math.atan2 %a5, %b5 : f32
  %a6 = arith.constant 0x80000000 : f32
  %b6 = arith.constant 0x80000000 : f32
  %r6 = math.atan2 %a6, %b6 : f32
  %a7 = arith.constant 0x80000000 : f32
  %b7 = arith.constant 0x3F800000 : f32
  %r7 = math.atan2 %a7, %b7 : f32
  %a8 = arith.constant 0x80000000 : f32
  %b8 = arith.constant 0xC0200000 : f32
  %r8 = math.atan2 %a8, %b8 : f32
  %a9 = arith.constant 0x80000000 : f32
  %b9 = arith.constant 0x42C80000 : f32
  %r9 = math.atan2 %a9, %b9 : f32
  %a10 = arith.constant 0x3F800000 : f32
  %b10 = arith.constant 0x00000000 : f32
  %r10 = math.atan2 %a10, %b10 : f32
  %a11 = arith.constant 0x3F800000 : f32
  %b11 = arith.constant 0x80000000 : f32
  %r11 = math.atan2 %a11, %b11 : f32
  %a12 = arith.constant 0x3F800000 : f32
  %b12 = arith.constant 0x3F800000 : f32
  %r12 = math.atan2 %a12, %b12 : f32
  %a13 = arith.constant 0x3F800000 : f32
  %b13 = arith.constant 0xC0200000 : f32
  %r13 = math.atan2 %a13, %b13 : f32
  %a14 = arith.constant 0x3F800000 : f32
  %b14 = arith.constant 0x42C80000 : f32
  %r14 = math.atan2 %a14, %b14 : f32
  %a15 = arith.constant 0xC0200000 : f32
  %b15 = arith.constant 0x00000000 : f32
  %r15 = math.atan2 %a15, %b15 : f32
  %a16 = arith.constant 0xC0200000 : f32
  %b16 = arith.constant 0x80000000 : f32
  %r16 = math.atan2 %a16, %b16 : f32
  %a17 = arith.constant 0xC0200000 : f32
  %b17 = arith.constant 0x3F800000 : f32
  %r17 = math.atan2 %a17, %b17 : f32
  %a18 = arith.constant 0xC0200000 : f32
  %b18 = arith.constant 0xC0200000 : f32
  %r18 = math.atan2 %a18, %b18 : f32
  %a19 = arith.constant 0xC0200000 : f32
  %b19 = arith.constant 0x42C80000 : f32
  %r19 = math.atan2 %a19, %b19 : f32
  %a20 = arith.constant 0x42C80000 : f32
  %b20 = arith.constant 0x00000000 : f32
  %r20 = math.atan2 %a20, %b20 : f32
  %a21 = arith.constant 0x42C80000 : f32
  %b21 = arith.constant 0x80000000 : f32
  %r21 = math.atan2 %a21, %b21 : f32
  %a22 = arith.constant 0x42C80000 : f32
  %b22 = arith.constant 0x3F800000 : f32
  %r22 = math.atan2 %a22, %b22 : f32
  %a23 = arith.constant 0x42C80000 : f32
  %b23 = arith.constant 0xC0200000 : f32
  %r23 = math.atan2 %a23, %b23 : f32
  %a24 = arith.constant 0x42C80000 : f32
  %b24 = arith.constant 0x42C80000 : f32
  %r24 = math.atan2 %a24, %b24 : f32
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11, %r12, %r13, %r14, %r15, %r16, %r17, %r18, %r19, %r20, %r21, %r22, %r23, %r24 : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32
}
func.func @atan2_f64() -> (f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64) {
  %a0 = arith.constant 0x8000000000000000 : f64
  %b0 = arith.constant 0x8000000000000000 : f64
  %r0 = math.atan2 %a0, %b0 : f64
  %a1 = arith.constant 0x8000000000000000 : f64
  %b1 = arith.constant 0x3FE0000000000000 : f64
  %r1 = math.atan2 %a1, %b1 : f64
  %a2 = arith.constant 0x8000000000000000 : f64
  %b2 = arith.constant 0xC004000000000000 : f64
  %r2 = math.atan2 %a2, %b2 : f64
  %a3 = arith.constant 0x8000000000000000 : f64
  %b3 = arith.constant 0x7FF0000000000000 : f64
  %r3 = math.atan2 %a3, %b3 : f64
  %a4 = arith.constant 0x3FE0000000000000 : f64
  %b4 = arith.constant 0x8000000000000000 : f64
  %r4 = math.atan2 %a4, %b4 : f64
  %a5 = arith.constant 0x3FE0000000000000 : f64
  %b5 = arith.constant 0x3FE0000000000000 : f64
  %r5 = math.atan2 %a5, %b5 : f64
  %a6 = arith.constant 0x3FE0000000000000 : f64
  %b6 = arith.constant 0xC004000000000000 : f64
  %r6 = math.atan2 %a6, %b6 : f64
  %a7 = arith.constant 0x3FE0000000000000 : f64
  %b7 = arith.constant 0x7FF0000000000000 : f64
  %r7 = math.atan2 %a7, %b7 : f64
  %a8 = arith.constant 0xC004000000000000 : f64
  %b8 = arith.constant 0x8000000000000000 : f64
  %r8 = math.atan2 %a8, %b8 : f64
  %a9 = arith.constant 0xC004000000000000 : f64
  %b9 = arith.constant 0x3FE0000000000000 : f64
  %r9 = math.atan2 %a9, %b9 : f64
  %a10 = arith.constant 0xC004000000000000 : f64
  %b10 = arith.constant 0xC004000000000000 : f64
  %r10 = math.atan2 %a10, %b10 : f64
  %a11 = arith.constant 0xC004000000000000 : f64
  %b11 = arith.constant 0x7FF0000000000000 : f64
  %r11 = math.atan2 %a11, %b11 : f64
  %a12 = arith.constant 0x7FF0000000000000 : f64
  %b12 = arith.constant 0x8000000000000000 : f64
  %r12 = math.atan2 %a12, %b12 : f64
  %a13 = arith.constant 0x7FF0000000000000 : f64
  %b13 = arith.constant 0x3FE0000000000000 : f64
  %r13 = math.atan2 %a13, %b13 : f64
  %a14 = arith.constant 0x7FF0000000000000 : f64
  %b14 = arith.constant 0xC004000000000000 : f64
  %r14 = math.atan2 %a14, %b14 : f64
  %a15 = arith.constant 0x7FF0000000000000 : f64
  %b15 = arith.constant 0x7FF0000000000000 : f64
  %r15 = math.atan2 %a15, %b15 : f64
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11, %r12, %r13, %r14, %r15 : f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64
}
func.func @copysign_f32() -> (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32) {
  %a0 = arith.constant 0x00000000 : f32
  %b0 = arith.constant 0x00000000 : f32
  %r0 = math.copysign %a0, %b0 : f32
  %a1 = arith.constant 0x00000000 : f32
  %b1 = arith.constant 0x80000000 : f32
  %r1 = math.copysign %a1, %b1 : f32
  %a2 = arith.constant 0x00000000 : f32
  %b2 = arith.constant 0x3F800000 : f32
  %r2 = math.copysign %a2, %b2 : f32
  %a3 = arith.constant 0x00000000 : f32
  %b3 = arith.constant 0xC0200000 : f32
  %r3 = math.copysign %a3, %b3 : f32
  %a4 = arith.constant 0x00000000 : f32
  %b4 = arith.constant 0x42C80000 : f32
  %r4 = math.copysign %a4, %b4 : f32
  %a5 = arith.constant 0x80000000 : f32
  %b5 = arith.constant 0x00000000 : f32
  %r5 = math.copysign %a5, %b5 : f32
  %a6 = arith.constant 0x80000000 : f32
  %b6 = arith.constant 0x80000000 : f32
  %r6 = math.copysign %a6, %b6 : f32
  %a7 = arith.constant 0x80000000 : f32
  %b7 = arith.constant 0x3F800000 : f32
  %r7 = math.copysign %a7, %b7 : f32
  %a8 = arith.constant 0x80000000 : f32
  %b8 = arith.constant 0xC0200000 : f32
  %r8 = math.copysign %a8, %b8 : f32
  %a9 = arith.constant 0x80000000 : f32
  %b9 = arith.constant 0x42C80000 : f32
  %r9 = math.copysign %a9, %b9 : f32
  %a10 = arith.constant 0x3F800000 : f32
  %b10 = arith.constant 0x00000000 : f32
  %r10 = math.copysign %a10, %b10 : f32
  %a11 = arith.constant 0x3F800000 : f32
  %b11 = arith.constant 0x80000000 : f32
  %r11 = math.copysign %a11, %b11 : f32
  %a12 = arith.constant 0x3F800000 : f32
  %b12 = arith.constant 0x3F800000 : f32
  %r12 = math.copysign %a12, %b12 : f32
  %a13 = arith.constant 0x3F800000 : f32
  %b13 = arith.constant 0xC0200000 : f32
  %r13 = math.copysign %a13, %b13 : f32
  %a14 = arith.constant 0x3F800000 : f32
  %b14 = arith.constant 0x42C80000 : f32
  %r14 = math.copysign %a14, %b14 : f32
  %a15 = arith.constant 0xC0200000 : f32
  %b15 = arith.constant 0x00000000 : f32
  %r15 = math.copysign %a15, %b15 : f32
  %a16 = arith.constant 0xC0200000 : f32
  %b16 = arith.constant 0x80000000 : f32
  %r16 = math.copysign %a16, %b16 : f32
  %a17 = arith.constant 0xC0200000 : f32
  %b17 = arith.constant 0x3F800000 : f32
  %r17 = math.copysign %a17, %b17 : f32
  %a18 = arith.constant 0xC0200000 : f32
  %b18 = arith.constant 0xC0200000 : f32
  %r18 = math.copysign %a18, %b18 : f32
  %a19 = arith.constant 0xC0200000 : f32
  %b19 = arith.constant 0x42C80000 : f32
  %r19 = math.copysign %a19, %b19 : f32
  %a20 = arith.constant 0x42C80000 : f32
  %b20 = arith.constant 0x00000000 : f32
  %r20 = math.copysign %a20, %b20 : f32
  %a21 = arith.constant 0x42C80000 : f32
  %b21 = arith.constant 0x80000000 : f32
  %r21 = math.copysign %a21, %b21 : f32
  %a22 = arith.constant 0x42C80000 : f32
  %b22 = arith.constant 0x3F800000 : f32
  %r22 = math.copysign %a22, %b22 : f32
  %a23 = arith.constant 0x42C80000 : f32
  %b23 = arith.constant 0xC0200000 : f32
  %r23 = math.copysign %a23, %b23 : f32
  %a24 = arith.constant 0x42C80000 : f32
  %b24 = arith.constant 0x42C80000 : f32
  %r24 = math.copysign %a24, %b24 : f32
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11, %r12, %r13, %r14, %r15, %r16, %r17, %r18, %r19, %r20, %r21, %r22, %r23, %r24 : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32
}
func.func @copysign_f64() -> (f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64) {
  %a0 = arith.constant 0x8000000000000000 : f64
  %b0 = arith.constant 0x8000000000000000 : f64
  %r0 = math.copysign %a0, %b0 : f64
  %a1 = arith.constant 0x8000000000000000 : f64
  %b1 = arith.constant 0x3FE0000000000000 : f64
  %r1 = math.copysign %a1, %b1 : f64
  %a2 = arith.constant 0x8000000000000000 : f64
  %b2 = arith.constant 0xC004000000000000 : f64
  %r2 = math.copysign %a2, %b2 : f64
  %a3 = arith.constant 0x8000000000000000 : f64
  %b3 = arith.constant 0x7FF0000000000000 : f64
  %r3 = math.copysign %a3, %b3 : f64
  %a4 = arith.constant 0x3FE0000000000000 : f64
  %b4 = arith.constant 0x8000000000000000 : f64
  %r4 = math.copysign %a4, %b4 : f64
  %a5 = arith.constant 0x3FE0000000000000 : f64
  %b5 = arith.constant 0x3FE0000000000000 : f64
  %r5 = math.copysign %a5, %b5 : f64
  %a6 = arith.constant 0x3FE0000000000000 : f64
  %b6 = arith.constant 0xC004000000000000 : f64
  %r6 = math.copysign %a6, %b6 : f64
  %a7 = arith.constant 0x3FE0000000000000 : f64
  %b7 = arith.constant 0x7FF0000000000000 : f64
  %r7 = math.copysign %a7, %b7 : f64
  %a8 = arith.constant 0xC004000000000000 : f64
  %b8 = arith.constant 0x8000000000000000 : f64
  %r8 = math.copysign %a8, %b8 : f64
  %a9 = arith.constant 0xC004000000000000 : f64
  %b9 = arith.constant 0x3FE0000000000000 : f64
  %r9 = math.copysign %a9, %b9 : f64
  %a10 = arith.constant 0xC004000000000000 : f64
  %b10 = arith.constant 0xC004000000000000 : f64
  %r10 = math.copysign %a10, %b10 : f64
  %a11 = arith.constant 0xC004000000000000 : f64
  %b11 = arith.constant 0x7FF0000000000000 : f64
  %r11 = math.copysign %a11, %b11 : f64
  %a12 = arith.constant 0x7FF0000000000000 : f64
  %b12 = arith.constant 0x8000000000000000 : f64
  %r12 = math.copysign %a12, %b12 : f64
  %a13 = arith.constant 0x7FF0000000000000 : f64
  %b13 = arith.constant 0x3FE0000000000000 : f64
  %r13 = math.copysign %a13, %b13 : f64
  %a14 = arith.constant 0x7FF0000000000000 : f64
  %b14 = arith.constant 0xC004000000000000 : f64
  %r14 = math.copysign %a14, %b14 : f64
  %a15 = arith.constant 0x7FF0000000000000 : f64
  %b15 = arith.constant 0x7FF0000000000000 : f64
  %r15 = math.copysign %a15, %b15 : f64
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11, %r12, %r13, %r14, %r15 : f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64
}
func.func @vec() -> (vector<4xf32>, vector<2xf64>, i8, index) {
  %v = arith.constant dense<[1.0, -2.0, 0.5, 3.0]> : vector<4xf32>
  %0 = math.exp %v : vector<4xf32>
  %w = arith.constant dense<2.0> : vector<2xf64>
  %1 = math.log %w : vector<2xf64>
  %i = arith.constant -128 : i8
  %2 = math.absi %i : i8
  %j = arith.constant -5 : index
  %3 = math.absi %j : index
  return %0, %1, %2, %3 : vector<4xf32>, vector<2xf64>, i8, index
}

// CHECK-LABEL: func.func @narrow(
// CHECK-DAG:     arith.constant 0x7D00 : f16
// CHECK-DAG:     arith.constant -3.000000e+00 : f16
// CHECK-DAG:     arith.constant -2.000000e+00 : bf16
// CHECK-DAG:     arith.constant 0xFFA0 : bf16
// CHECK:         math.exp %{{.*}} : f16
func.func @narrow() -> (f16, f16, f16, bf16, bf16, f16, f32) {
  %h = arith.constant -2.5 : f16
  %snan = arith.constant 0xFD00 : f16
  %0 = math.absf %snan : f16
  %1 = math.floor %h : f16
  %2 = math.exp %h : f16
  %b = arith.constant -2.5 : bf16
  %3 = math.ceil %b : bf16
  %bsnan = arith.constant 0x7FA0 : bf16
  %4 = math.copysign %bsnan, %b : bf16
  %sub = arith.constant 0x8201 : f16
  %5 = math.ceil %sub : f16
  %f = arith.constant 0xFFA00000 : f32
  %6 = math.absf %f : f32
  return %0, %1, %2, %3, %4, %5, %6 : f16, f16, f16, bf16, bf16, f16, f32
}
