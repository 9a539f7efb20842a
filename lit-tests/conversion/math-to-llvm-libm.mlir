// convert-math-to-llvm on ops without an intrinsic: scalar tanh/erf/erfc/cbrt call libm (declared
// once per function name), 1/sqrt for rsqrt; the result translates to LLVM IR.
// RUN: %pto-opt %s --convert-math-to-llvm | FileCheck %s
// RUN: %pto-opt %s --convert-math-to-llvm --convert-func-to-llvm | mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=IR

// CHECK-DAG:   llvm.func @erf(f64) -> f64
// CHECK-DAG:   llvm.func @tanhf(f32) -> f32
// CHECK-LABEL: func.func @libm(
// CHECK:         llvm.call @tanhf(%arg0) : (f32) -> f32
// CHECK:         llvm.call @erf(%arg1) : (f64) -> f64
// CHECK:         %[[S:.*]] = llvm.intr.sqrt(%arg0) : (f32) -> f32
// CHECK-NEXT:    llvm.fdiv %{{.*}}, %[[S]] : f32
// CHECK:         llvm.call @erfcf(%arg0) : (f32) -> f32
// CHECK:         llvm.call @cbrt(%arg1) : (f64) -> f64
// IR: declare float @tanhf(float)
// IR: call float @tanhf(float %0)
// IR: call double @cbrt(double %1)
func.func @libm(%x: f32, %y: f64) -> (f32, f64, f32, f32, f32, f64) {
  %0 = math.tanh %x : f32
  %1 = math.erf %y : f64
  %2 = math.rsqrt %x : f32
  %3 = math.tanh %0 : f32
  %4 = math.erfc %x : f32
  %5 = math.cbrt %y : f64
  return %0, %1, %2, %3, %4, %5 : f32, f64, f32, f32, f32, f64
}
