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
