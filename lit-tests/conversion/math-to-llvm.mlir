// convert-math-to-llvm: math ops become LLVM intrinsics with their fast-math flags;
// identical to mlir-opt. tanh and erf, which have no intrinsic, call libm.
// RUN: %compat %s --convert-math-to-llvm
// RUN: %pto-opt %s --convert-math-to-llvm | FileCheck %s

// CHECK:       llvm.intr.exp(%arg0) {fastmathFlags = #llvm.fastmath<fast>} : (f32) -> f32
// CHECK:       llvm.intr.sqrt(%arg1) : (f64) -> f64
// CHECK:       "llvm.intr.abs"(%arg2) <{is_int_min_poison = false}> : (i32) -> i32
// CHECK:       llvm.intr.floor(%arg3) : (vector<4xf32>) -> vector<4xf32>
func.func @m(%x: f32, %y: f64, %i: i32, %v: vector<4xf32>) -> (f32, f64, i32, vector<4xf32>) {
  %0 = math.exp %x fastmath<fast> : f32
  %1 = math.sqrt %y : f64
  %2 = math.absi %i : i32
  %3 = math.powf %0, %x : f32
  %4 = math.floor %v : vector<4xf32>
  return %3, %1, %2, %4 : f32, f64, i32, vector<4xf32>
}

// Inverse trigonometric functions and copysign are intrinsics; expm1 and log1p are
// exp(x) - 1 and log(1 + x) with the op's flags on both, on scalars and 1-D vectors.
// CHECK-LABEL: func.func @more(
// CHECK:       llvm.intr.atan2(%arg0, %arg1) {fastmathFlags = #llvm.fastmath<nnan>} : (f32, f32) -> f32
// CHECK:       %[[ONE:.*]] = llvm.mlir.constant(1.000000e+00 : f32) : f32
// CHECK-NEXT:  %[[S:.*]] = llvm.fadd %[[ONE]], %arg0 : f32
// CHECK-NEXT:  llvm.intr.log(%[[S]]) : (f32) -> f32
// CHECK:       %[[ONE2:.*]] = llvm.mlir.constant(1.000000e+00 : f32) : f32
// CHECK-NEXT:  %[[E:.*]] = llvm.intr.exp(%arg0) {fastmathFlags = #llvm.fastmath<fast>} : (f32) -> f32
// CHECK-NEXT:  llvm.fsub %[[E]], %[[ONE2]] {fastmathFlags = #llvm.fastmath<fast>} : f32
// CHECK:       llvm.intr.acos(%arg2) : (f64) -> f64
// CHECK:       llvm.mlir.constant(dense<1.000000e+00> : vector<4xf32>) : vector<4xf32>
func.func @more(%x: f32, %y: f32, %d: f64, %v: vector<4xf32>) -> (f32, f32, f32, f32, f32, f64, f32, vector<4xf32>, vector<4xf32>, vector<4xf32>) {
  %0 = math.atan %x : f32
  %1 = math.atan2 %x, %y fastmath<nnan> : f32
  %2 = math.log1p %x : f32
  %3 = math.expm1 %x fastmath<fast> : f32
  %4 = math.asin %x : f32
  %5 = math.acos %d : f64
  %6 = math.copysign %x, %y : f32
  %7 = math.log1p %v fastmath<nnan> : vector<4xf32>
  %8 = math.expm1 %v : vector<4xf32>
  %9 = math.copysign %v, %v : vector<4xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : f32, f32, f32, f32, f32, f64, f32, vector<4xf32>, vector<4xf32>, vector<4xf32>
}

// CHECK-LABEL: func.func @rounding(
// CHECK:         llvm.intr.round(%arg0) : (f32) -> f32
// CHECK:         llvm.intr.roundeven(%arg0) : (f32) -> f32
// CHECK:         llvm.intr.trunc(%arg1) : (vector<4xf16>) -> vector<4xf16>
func.func @rounding(%x: f32, %v: vector<4xf16>) -> (f32, f32, vector<4xf16>) {
  %0 = math.round %x : f32
  %1 = math.roundeven %x : f32
  %2 = math.trunc %v : vector<4xf16>
  return %0, %1, %2 : f32, f32, vector<4xf16>
}

// rsqrt of 16-bit floats: 1 / sqrt with a 1.0 of the operand's type, as MLIR lowers any
// float type.
// CHECK-LABEL: func.func @rsqrt16(
// CHECK:         llvm.mlir.constant(1.000000e+00 : f16) : f16
// CHECK:         llvm.intr.sqrt(%arg0) : (f16) -> f16
// CHECK:         llvm.mlir.constant(1.000000e+00 : bf16) : bf16
// CHECK:         llvm.intr.sqrt(%arg1) : (bf16) -> bf16
func.func @rsqrt16(%h: f16, %b: bf16) -> (f16, bf16) {
  %0 = math.rsqrt %h : f16
  %1 = math.rsqrt %b : bf16
  return %0, %1 : f16, bf16
}

// What the pass does not convert stays, as in mlir-opt (it converts partially): math on
// tensors.
// CHECK-LABEL: func.func @leftover(
// CHECK:         math.exp %arg0 : tensor<4xf32>
// CHECK:         math.sqrt %arg1 fastmath<fast> : tensor<2x2xf64>
func.func @leftover(%t: tensor<4xf32>, %u: tensor<2x2xf64>) -> (tensor<4xf32>, tensor<2x2xf64>) {
  %0 = math.exp %t : tensor<4xf32>
  %1 = math.sqrt %u fastmath<fast> : tensor<2x2xf64>
  return %0, %1 : tensor<4xf32>, tensor<2x2xf64>
}

// exp2 and log2 are intrinsics (found lowering Harp's Exp2 and Log2).
// CHECK-LABEL: func.func @base2(
// CHECK:       llvm.intr.exp2(%arg0) {fastmathFlags = #llvm.fastmath<afn>} : (f32) -> f32
// CHECK:       llvm.intr.log2(%arg1) : (vector<2xf64>) -> vector<2xf64>
func.func @base2(%x: f32, %v: vector<2xf64>) -> (f32, vector<2xf64>) {
  %0 = math.exp2 %x fastmath<afn> : f32
  %1 = math.log2 %v : vector<2xf64>
  return %0, %1 : f32, vector<2xf64>
}
