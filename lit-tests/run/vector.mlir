// Vector kernels over f32 (8 lanes): saxpy (broadcast, load, fma, store), row sums
// (in-bounds transfer_read, reduction with an accumulator carried by scf.for) and
// column maxima (arith.maximumf on vectors, vector.store), run by the interpreter and
// compiled (lower-to-llvm, JIT), checked against numpy (scripts/gen_kernel_data.py).
// Tolerances: saxpy rtol 1e-6 (fma may fuse or round twice), row sums rtol 1e-5
// (ordered f32 sums vs numpy's f64 sum), column maxima exact.
// RUN: pto-run --interpret %s -e saxpy --arg 1.5 --arg %S/Inputs/vector_x.npy --arg %S/Inputs/vector_y.npy --expect-arg 2=%S/Inputs/vector_saxpy_ref.npy --rtol 1e-6 --atol 1e-6
// RUN: pto-run --interpret %s -e rowsum --arg %S/Inputs/vector_m.npy --arg %S/Inputs/vector_out0.npy --expect-arg 1=%S/Inputs/vector_rowsum_ref.npy --rtol 1e-5 --atol 1e-5
// RUN: pto-run --interpret %s -e colmax --arg %S/Inputs/vector_m.npy --expect 0=%S/Inputs/vector_colmax_ref.npy --rtol 0 --atol 0
// RUN: pto-run --interpret %s -e lanes --arg 2.0 | FileCheck %s --check-prefix=LANES
// LANES: 11
// Compiled, against numpy with the same tolerances, and against the interpreter.
// RUN: pto-run %s -e saxpy --arg 1.5 --arg %S/Inputs/vector_x.npy --arg %S/Inputs/vector_y.npy --expect-arg 2=%S/Inputs/vector_saxpy_ref.npy --rtol 1e-6 --atol 1e-6
// RUN: pto-run %s -e rowsum --arg %S/Inputs/vector_m.npy --arg %S/Inputs/vector_out0.npy --expect-arg 1=%S/Inputs/vector_rowsum_ref.npy --rtol 1e-5 --atol 1e-5
// RUN: pto-run %s -e colmax --arg %S/Inputs/vector_m.npy --expect 0=%S/Inputs/vector_colmax_ref.npy --rtol 0 --atol 0
// RUN: pto-run %s -e lanes --arg 2.0 | FileCheck %s --check-prefix=LANES
// RUN: pto-run --interpret %s -e rowsum --arg %S/Inputs/vector_m.npy --arg %S/Inputs/vector_out0.npy --save-arg 1=%t.rowsum.npy
// RUN: pto-run -O0 %s -e rowsum --arg %S/Inputs/vector_m.npy --arg %S/Inputs/vector_out0.npy --expect-arg 1=%t.rowsum.npy --rtol 0 --atol 0
// RUN: pto-run --interpret %s -e saxpy --arg 1.5 --arg %S/Inputs/vector_x.npy --arg %S/Inputs/vector_y.npy --save-arg 2=%t.saxpy.npy
// RUN: pto-run %s -e saxpy --arg 1.5 --arg %S/Inputs/vector_x.npy --arg %S/Inputs/vector_y.npy --expect-arg 2=%t.saxpy.npy --rtol 1e-7 --atol 1e-7

func.func @saxpy(%a: f32, %x: memref<64xf32>, %y: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %av = vector.broadcast %a : f32 to vector<8xf32>
  scf.for %i = %c0 to %c64 step %c8 {
    %xv = vector.load %x[%i] : memref<64xf32>, vector<8xf32>
    %yv = vector.load %y[%i] : memref<64xf32>, vector<8xf32>
    %r = vector.fma %av, %xv, %yv : vector<8xf32>
    vector.store %r, %y[%i] : memref<64xf32>, vector<8xf32>
  }
  return
}

func.func @rowsum(%m: memref<16x32xf32>, %out: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %zero = arith.constant 0.0 : f32
  scf.for %r = %c0 to %c16 step %c1 {
    %s = scf.for %j = %c0 to %c32 step %c8 iter_args(%acc = %zero) -> (f32) {
      %v = vector.transfer_read %m[%r, %j], %zero {in_bounds = [true]} : memref<16x32xf32>, vector<8xf32>
      %t = vector.reduction <add>, %v, %acc : vector<8xf32> into f32
      scf.yield %t : f32
    }
    memref.store %s, %out[%r] : memref<16xf32>
  }
  return
}

func.func @colmax(%m: memref<16x32xf32>) -> memref<32xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %out = memref.alloc() : memref<32xf32>
  scf.for %j = %c0 to %c32 step %c8 {
    %first = vector.load %m[%c0, %j] : memref<16x32xf32>, vector<8xf32>
    %mx = scf.for %r = %c1 to %c16 step %c1 iter_args(%acc = %first) -> (vector<8xf32>) {
      %v = vector.load %m[%r, %j] : memref<16x32xf32>, vector<8xf32>
      %n = arith.maximumf %acc, %v : vector<8xf32>
      scf.yield %n : vector<8xf32>
    }
    vector.store %mx, %out[%j] : memref<32xf32>, vector<8xf32>
  }
  return %out : memref<32xf32>
}

// Extract and insert at constant and dynamic positions: [x, x, x, x] with lane 2 set to
// 5 and lane 1 read, plus lane 2 of the step vector as f32: 2 + 5 + 2*2 = 11.
func.func @lanes(%x: f32) -> f32 {
  %c2 = arith.constant 2 : index
  %five = arith.constant 5.0 : f32
  %v = vector.broadcast %x : f32 to vector<4xf32>
  %w = vector.insert %five, %v[%c2] : f32 into vector<4xf32>
  %a = vector.extract %w[1] : f32 from vector<4xf32>
  %b = vector.extract %w[2] : f32 from vector<4xf32>
  %st = vector.step : vector<4xindex>
  %i = vector.extract %st[%c2] : index from vector<4xindex>
  %ii = arith.index_cast %i : index to i32
  %fi = arith.sitofp %ii : i32 to f32
  %d = arith.mulf %fi, %x : f32
  %s = arith.addf %a, %b : f32
  %t = arith.addf %s, %d : f32
  return %t : f32
}
