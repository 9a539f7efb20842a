// math-polynomial-approximation: transcendental math ops on f32 become arith/math.fma
// polynomial code, identical to mlir-opt's test-math-polynomial-approximation (the
// compat script renames the flag), locations included. Narrow floats are computed in
// f32 between extf and truncf; f64 is left alone. enable-avx2 adds the widening of
// rsqrt (its vector approximation needs the x86vector dialect).
// RUN: %compat %s --math-polynomial-approximation
// RUN: %compat %s --math-polynomial-approximation --mlir-print-debuginfo
// RUN: %compat %s --math-polynomial-approximation=enable-avx2
// RUN: %pto-opt %s --math-polynomial-approximation | FileCheck %s
// RUN: %pto-opt %s --math-polynomial-approximation=enable-avx2 | FileCheck %s --check-prefix=AVX2

// One function per op, then chains, narrow types, vectors and regions.

// CHECK-LABEL: func.func @exp(
// CHECK-DAG:     %[[LOG2E:.*]] = arith.constant 1.44269502 : f32
// CHECK-DAG:     %[[C127:.*]] = arith.constant 127 : i32
// CHECK:         math.fma %{{.*}}, %[[LOG2E]], %{{.*}} : f32
// CHECK:         math.floor
// CHECK:         arith.fptosi %{{.*}} : f32 to i32
// CHECK:         arith.addi %{{.*}}, %[[C127]] : i32
// CHECK:         arith.bitcast %{{.*}} : i32 to f32
// CHECK-NOT:     math.exp
// CHECK:         return
func.func @exp(%x: f32) -> f32 {
  %0 = math.exp %x : f32
  return %0 : f32
}

func.func @expm1(%x: f32) -> f32 {
  %0 = math.expm1 %x : f32
  return %0 : f32
}

// CHECK-LABEL: func.func @log(
// CHECK-DAG:     arith.constant 0.693147182 : f32
// CHECK-DAG:     arith.constant -2139095041 : i32
// CHECK-DAG:     arith.constant 0xFF800000 : f32
// CHECK-NOT:     math.log
// CHECK:         return
func.func @log(%x: f32) -> f32 {
  %0 = math.log %x : f32
  return %0 : f32
}

func.func @log2(%x: f32) -> f32 {
  %0 = math.log2 %x : f32
  return %0 : f32
}

func.func @log1p(%x: f32) -> f32 {
  %0 = math.log1p %x : f32
  return %0 : f32
}

// CHECK-LABEL: func.func @tanh(
// CHECK:         %[[LO:.*]] = arith.cmpf ult, %arg0, %{{.*}} : f32
// CHECK:         math.absf %arg0 : f32
// CHECK:         arith.divf
// CHECK-NOT:     math.tanh
// CHECK:         return
func.func @tanh(%x: f32) -> f32 {
  %0 = math.tanh %x : f32
  return %0 : f32
}

func.func @erf(%x: f32) -> f32 {
  %0 = math.erf %x : f32
  return %0 : f32
}

func.func @erfc(%x: f32) -> f32 {
  %0 = math.erfc %x : f32
  return %0 : f32
}

func.func @atan(%x: f32) -> f32 {
  %0 = math.atan %x : f32
  return %0 : f32
}

// CHECK-LABEL: func.func @atan2(
// CHECK-NOT:     math.atan
// CHECK:         math.copysign
// CHECK-NOT:     math.atan
// CHECK:         return
func.func @atan2(%y: f32, %x: f32) -> f32 {
  %0 = math.atan2 %y, %x : f32
  return %0 : f32
}

func.func @asin(%x: f32) -> f32 {
  %0 = math.asin %x : f32
  return %0 : f32
}

func.func @acos(%x: f32) -> f32 {
  %0 = math.acos %x : f32
  return %0 : f32
}

func.func @sin(%x: f32) -> f32 {
  %0 = math.sin %x : f32
  return %0 : f32
}

func.func @cos(%x: f32) -> f32 {
  %0 = math.cos %x : f32
  return %0 : f32
}

func.func @cbrt(%x: f32) -> f32 {
  %0 = math.cbrt %x : f32
  return %0 : f32
}

// Approximations feeding each other, fastmath flags on the inputs.
func.func @chain(%x: f32, %y: f32) -> (f32, f32, f32, f32) {
  %0 = math.exp %x fastmath<fast> : f32
  %1 = math.tanh %0 : f32
  %2 = math.log %1 : f32
  %3 = math.erf %2 : f32
  %4 = math.atan2 %3, %y : f32
  %5 = math.sin %4 : f32
  %6 = math.cos %5 : f32
  %7 = math.expm1 %6 : f32
  %8 = math.log1p %7 : f32
  %9 = math.acos %8 : f32
  %10 = math.log2 %9 : f32
  %11 = math.cbrt %10 : f32
  %12 = math.erfc %11 : f32
  return %12, %0, %3, %9 : f32, f32, f32, f32
}

// CHECK-LABEL: func.func @narrow(
// CHECK:         %[[E:.*]] = arith.extf %arg0 : f16 to f32
// CHECK:         arith.truncf %{{.*}} : f32 to f16
// CHECK:         arith.extf %arg1 : bf16 to f32
// CHECK:         math.log %arg2 : f64
// CHECK:         math.sqrt %{{.*}} : f16
// CHECK:         return
func.func @narrow(%h: f16, %b: bf16, %d: f64) -> (f16, bf16, f64, f16, f16, f16) {
  %0 = math.tanh %h : f16
  %1 = math.exp %b fastmath<nnan> : bf16
  %2 = math.log %d : f64
  %3 = math.asin %h : f16
  %4 = math.acos %h : f16
  %5 = math.atan2 %h, %h : f16
  return %0, %1, %2, %3, %4, %5 : f16, bf16, f64, f16, f16, f16
}

// Vectors: the same code on vectors, constants as splats (what vector.broadcast of the
// scalar constants folds to in mlir-opt).
// CHECK-LABEL: func.func @vectors(
// CHECK:         arith.constant dense<1.44269502> : vector<4xf32>
// CHECK-NOT:     math.exp
// CHECK-NOT:     math.tanh
// CHECK:         return
func.func @vectors(%x: vector<4xf32>, %y: vector<2x3xf32>) -> (vector<4xf32>, vector<2x3xf32>) {
  %0 = math.exp %x : vector<4xf32>
  %1 = math.tanh %y : vector<2x3xf32>
  return %0, %1 : vector<4xf32>, vector<2x3xf32>
}

// In a loop; other math ops stay.
// CHECK-LABEL: func.func @loop(
// CHECK:         scf.for
// CHECK:           math.floor
// CHECK:         math.sqrt
// CHECK:         math.rsqrt %{{.*}} : f32
// AVX2-LABEL:  func.func @rsqrt(
// AVX2:          %[[W:.*]] = arith.extf %arg0 : f16 to f32
// AVX2-NEXT:     %[[R:.*]] = math.rsqrt %[[W]] : f32
// AVX2-NEXT:     arith.truncf %[[R]] : f32 to f16
// AVX2-NEXT:     math.rsqrt %arg1 : f32
func.func @loop(%n: index, %x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x) -> (f32) {
    %e = math.exp %a : f32
    %t = math.tanh %e : f32
    scf.yield %t : f32
  }
  %s = math.sqrt %r : f32
  %q = math.rsqrt %s : f32
  %l = math.log %q : f32
  return %l : f32
}

// CHECK-LABEL: func.func @rsqrt(
// CHECK-NEXT:    math.rsqrt %arg0 : f16
func.func @rsqrt(%x: f16, %y: f32, %b: bf16) -> (f16, f32, bf16) {
  %0 = math.rsqrt %x : f16
  %1 = math.rsqrt %y : f32
  %2 = math.rsqrt %b : bf16
  return %0, %1, %2 : f16, f32, bf16
}

// Every approximation on vectors, and the widening of f16 vectors.
func.func @all_vectors(%x: vector<4xf32>, %y: vector<4xf32>, %h: vector<8xf16>) -> (vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<8xf16>) {
  %0 = math.exp %x : vector<4xf32>
  %1 = math.expm1 %0 : vector<4xf32>
  %2 = math.log %1 : vector<4xf32>
  %3 = math.log2 %2 : vector<4xf32>
  %4 = math.log1p %3 : vector<4xf32>
  %5 = math.tanh %4 : vector<4xf32>
  %6 = math.erf %5 : vector<4xf32>
  %7 = math.erfc %6 : vector<4xf32>
  %8 = math.atan %7 : vector<4xf32>
  %9 = math.atan2 %8, %y : vector<4xf32>
  %10 = math.asin %9 : vector<4xf32>
  %11 = math.acos %10 : vector<4xf32>
  %12 = math.sin %11 : vector<4xf32>
  %13 = math.cos %12 : vector<4xf32>
  %14 = math.cbrt %13 : vector<4xf32>
  %15 = math.erf %h : vector<8xf16>
  %16 = math.asin %15 : vector<8xf16>
  return %14, %3, %7, %11, %16 : vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<8xf16>
}

// Ops on constants fold before any approximation applies (the greedy driver folds
// first), with the C library's values.
// CHECK-LABEL: func.func @constants(
// CHECK-NEXT:    arith.constant 7.3890562 : f32
// CHECK-NEXT:    arith.constant 0.964027583 : f32
// CHECK-NEXT:    arith.constant 0.995322287 : f32
// CHECK-NEXT:    return
func.func @constants() -> (f32, f32, f32) {
  %c = arith.constant 2.0 : f32
  %e = math.exp %c : f32
  %t = math.tanh %c : f32
  %l = math.erf %c : f32
  return %e, %t, %l : f32, f32, f32
}
