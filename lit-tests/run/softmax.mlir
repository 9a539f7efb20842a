// Row-wise softmax (max-subtracted) in scf/arith/math/memref, interpreted and checked
// against numpy (f32, rtol 1e-5); also lowered to branches first (convert-scf-to-cf),
// which must compute the same, and compiled (lower-to-llvm, JIT) against the interpreter.
// RUN: pto-run --interpret %s -e softmax --arg %S/Inputs/softmax_x.npy --arg %S/Inputs/softmax_y0.npy --expect-arg 1=%S/Inputs/softmax_ref.npy --rtol 1e-5 --atol 1e-6
// RUN: pto-opt %s --convert-scf-to-cf | pto-run --interpret - -e softmax --arg %S/Inputs/softmax_x.npy --arg %S/Inputs/softmax_y0.npy --expect-arg 1=%S/Inputs/softmax_ref.npy --rtol 1e-5 --atol 1e-6
// RUN: pto-run %s -e softmax --arg %S/Inputs/softmax_x.npy --arg %S/Inputs/softmax_y0.npy --expect-arg 1=%S/Inputs/softmax_ref.npy --rtol 1e-5 --atol 1e-6
// RUN: pto-run --interpret %s -e softmax --arg %S/Inputs/softmax_x.npy --arg %S/Inputs/softmax_y0.npy --save-arg 1=%t.npy
// RUN: pto-run -O3 %s -e softmax --arg %S/Inputs/softmax_x.npy --arg %S/Inputs/softmax_y0.npy --expect-arg 1=%t.npy --rtol 1e-6 --atol 1e-7

func.func @softmax(%x: memref<4x16xf32>, %y: memref<4x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = arith.constant 4 : index
  %cols = arith.constant 16 : index
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  scf.for %i = %c0 to %rows step %c1 {
    %max = scf.for %j = %c0 to %cols step %c1 iter_args(%m = %ninf) -> (f32) {
      %v = memref.load %x[%i, %j] : memref<4x16xf32>
      %n = arith.maximumf %m, %v : f32
      scf.yield %n : f32
    }
    %sum = scf.for %j = %c0 to %cols step %c1 iter_args(%s = %zero) -> (f32) {
      %v = memref.load %x[%i, %j] : memref<4x16xf32>
      %d = arith.subf %v, %max : f32
      %e = math.exp %d : f32
      memref.store %e, %y[%i, %j] : memref<4x16xf32>
      %n = arith.addf %s, %e : f32
      scf.yield %n : f32
    }
    scf.for %j = %c0 to %cols step %c1 {
      %e = memref.load %y[%i, %j] : memref<4x16xf32>
      %q = arith.divf %e, %sum : f32
      memref.store %q, %y[%i, %j] : memref<4x16xf32>
    }
  }
  return
}
