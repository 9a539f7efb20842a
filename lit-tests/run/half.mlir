// f16 and bf16 element data, interpreted and compiled, against numpy
// (scripts/gen_kernel_data.py). f16 arithmetic is bit-exact against numpy's float16
// (both round each float32 result to f16); conversions are bit-exact against
// astype(float16) and a ties-to-even bfloat16 rounding (ml_dtypes' too); exp within
// one f16 ulp (rtol 1e-3: the f32 exp may round differently once more). bf16 inputs
// come as ml_dtypes saves them ('<V2') or as uint16 bits.
// RUN: pto-run --interpret %s -e fma --arg %S/Inputs/half_x.npy --arg %S/Inputs/half_y.npy --arg %S/Inputs/half_out0.npy --expect-arg 2=%S/Inputs/half_fma_ref.npy --rtol 0 --atol 0
// RUN: pto-run %s -e fma --arg %S/Inputs/half_x.npy --arg %S/Inputs/half_y.npy --arg %S/Inputs/half_out0.npy --expect-arg 2=%S/Inputs/half_fma_ref.npy --rtol 0 --atol 0
// RUN: pto-run --interpret %s -e mix --arg %S/Inputs/half_x.npy --arg %S/Inputs/half_y.npy --arg %S/Inputs/half_out0.npy --expect-arg 2=%S/Inputs/half_mix_ref.npy --rtol 0 --atol 0
// RUN: pto-run %s -e mix --arg %S/Inputs/half_x.npy --arg %S/Inputs/half_y.npy --arg %S/Inputs/half_out0.npy --expect-arg 2=%S/Inputs/half_mix_ref.npy --rtol 0 --atol 0
// RUN: pto-run --interpret %s -e ext --arg %S/Inputs/half_x.npy --arg %S/Inputs/half_f32_out0.npy --expect-arg 1=%S/Inputs/half_ext_ref.npy --rtol 0 --atol 0
// RUN: pto-run %s -e ext --arg %S/Inputs/half_x.npy --arg %S/Inputs/half_f32_out0.npy --expect-arg 1=%S/Inputs/half_ext_ref.npy --rtol 0 --atol 0
// RUN: pto-run --interpret %s -e trunc --arg %S/Inputs/half_trunc_x.npy --arg %S/Inputs/half_trunc_out0.npy --expect-arg 1=%S/Inputs/half_trunc_ref.npy --rtol 0 --atol 0
// RUN: pto-run %s -e trunc --arg %S/Inputs/half_trunc_x.npy --arg %S/Inputs/half_trunc_out0.npy --expect-arg 1=%S/Inputs/half_trunc_ref.npy --rtol 0 --atol 0
// RUN: pto-run --interpret %s -e exp --arg %S/Inputs/half_x.npy --arg %S/Inputs/half_out0.npy --expect-arg 1=%S/Inputs/half_exp_ref.npy --rtol 1e-3 --atol 0
// RUN: pto-run %s -e exp --arg %S/Inputs/half_x.npy --arg %S/Inputs/half_out0.npy --expect-arg 1=%S/Inputs/half_exp_ref.npy --rtol 1e-3 --atol 0
// Scalar f16 arguments and results.
// RUN: pto-run --interpret %s -e sum --arg %S/Inputs/half_x.npy --arg 0.5 --expect 0=%S/Inputs/half_sum_ref.npy --rtol 0 --atol 0 | FileCheck %s --check-prefix=SUM
// RUN: pto-run %s -e sum --arg %S/Inputs/half_x.npy --arg 0.5 --expect 0=%S/Inputs/half_sum_ref.npy --rtol 0 --atol 0 | FileCheck %s --check-prefix=SUM
// SUM: {{^-?[0-9]+\.[0-9]+$}}
// bf16: '<V2' and uint16 inputs, a float32 reference; the truncation against bits.
// RUN: pto-run --interpret %s -e bfma --arg %S/Inputs/bf16_x.npy --arg %S/Inputs/bf16_y.npy --arg %S/Inputs/bf16_out0.npy --expect-arg 2=%S/Inputs/bf16_fma_ref.npy --rtol 0 --atol 0
// RUN: pto-run %s -e bfma --arg %S/Inputs/bf16_x.npy --arg %S/Inputs/bf16_y.npy --arg %S/Inputs/bf16_out0.npy --expect-arg 2=%S/Inputs/bf16_fma_ref.npy --rtol 0 --atol 0
// RUN: pto-run --interpret %s -e btrunc --arg %S/Inputs/half_trunc_x.npy --arg %S/Inputs/bf16_trunc_out0.npy --expect-arg 1=%S/Inputs/bf16_trunc_ref.npy --rtol 0 --atol 0
// RUN: pto-run %s -e btrunc --arg %S/Inputs/half_trunc_x.npy --arg %S/Inputs/bf16_trunc_out0.npy --expect-arg 1=%S/Inputs/bf16_trunc_ref.npy --rtol 0 --atol 0
// Outputs: f16 as '<f2', bf16 as '<V2'; what was written reads back as the reference.
// RUN: pto-run %s -e fma --arg %S/Inputs/half_x.npy --arg %S/Inputs/half_y.npy --arg %S/Inputs/half_out0.npy --save-arg 2=%t.f16.npy
// RUN: head -c 64 %t.f16.npy | FileCheck %s --check-prefix=F2
// RUN: pto-run --interpret %s -e ext --arg %t.f16.npy --arg %S/Inputs/half_f32_out0.npy --expect-arg 0=%S/Inputs/half_fma_ref.npy --rtol 0 --atol 0
// RUN: pto-run --interpret %s -e bfma --arg %S/Inputs/bf16_x.npy --arg %S/Inputs/bf16_y.npy --arg %S/Inputs/bf16_out0.npy --save-arg 2=%t.bf16.npy
// RUN: head -c 64 %t.bf16.npy | FileCheck %s --check-prefix=V2
// RUN: pto-run %s -e bfma --arg %t.bf16.npy --arg %S/Inputs/bf16_y.npy --arg %S/Inputs/bf16_out0.npy --expect-arg 0=%S/Inputs/bf16_fma_ref.npy --rtol 0 --atol 0
// RUN: pto-run --interpret %s -e iota --out %t.iota.npy --expect 0=%S/Inputs/half_iota_ref.npy --rtol 0 --atol 0
// RUN: pto-run %s -e iota --out %t.iota2.npy --expect 0=%S/Inputs/half_iota_ref.npy --rtol 0 --atol 0
// RUN: cmp %t.iota.npy %t.iota2.npy
// RUN: head -c 64 %t.iota.npy | FileCheck %s --check-prefix=F2
// F2: 'descr': '<f2'
// V2: 'descr': '<V2'
// Wrong dtypes are errors.
// RUN: not pto-run %s -e fma --arg %S/Inputs/half_trunc_x.npy --arg %S/Inputs/half_y.npy --arg %S/Inputs/half_out0.npy 2>&1 | FileCheck %s --check-prefix=DTYPE
// RUN: not pto-run --interpret %s -e bfma --arg %S/Inputs/half_x.npy --arg %S/Inputs/bf16_y.npy --arg %S/Inputs/bf16_out0.npy 2>&1 | FileCheck %s --check-prefix=BDTYPE
// RUN: not pto-run %s -e fma --arg %S/Inputs/half_x.npy --arg %S/Inputs/half_y.npy --arg %S/Inputs/half_out0.npy --expect-arg 2=%S/Inputs/half_x.npy 2>&1 | FileCheck %s --check-prefix=DIFF
// DTYPE: pto-run: error: argument 0: {{.*}}half_trunc_x.npy holds float32 elements, memref<?xf16> expected (float16)
// BDTYPE: pto-run: error: argument 0: {{.*}}half_x.npy holds float16 elements; memref<?xbf16> takes bfloat16 ('<V2', as ml_dtypes saves it) or uint16 bit patterns
// DIFF: pto-run: error: argument 2 differs from {{.*}}half_x.npy (rtol 0.00001, atol 0.000001; largest error

func.func @fma(%x: memref<?xf16>, %y: memref<?xf16>, %out: memref<?xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c0 : memref<?xf16>
  scf.for %i = %c0 to %n step %c1 {
    %a = memref.load %x[%i] : memref<?xf16>
    %b = memref.load %y[%i] : memref<?xf16>
    %p = arith.mulf %a, %b : f16
    %s = arith.addf %p, %a : f16
    memref.store %s, %out[%i] : memref<?xf16>
  }
  return
}

// where(x < y, max(x / y, x - y), min(x / y, x - y))
func.func @mix(%x: memref<?xf16>, %y: memref<?xf16>, %out: memref<?xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c0 : memref<?xf16>
  scf.for %i = %c0 to %n step %c1 {
    %a = memref.load %x[%i] : memref<?xf16>
    %b = memref.load %y[%i] : memref<?xf16>
    %q = arith.divf %a, %b : f16
    %d = arith.subf %a, %b : f16
    %hi = arith.maximumf %q, %d : f16
    %lo = arith.minimumf %q, %d : f16
    %lt = arith.cmpf olt, %a, %b : f16
    %r = arith.select %lt, %hi, %lo : f16
    memref.store %r, %out[%i] : memref<?xf16>
  }
  return
}

func.func @ext(%x: memref<?xf16>, %out: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c0 : memref<?xf16>
  scf.for %i = %c0 to %n step %c1 {
    %a = memref.load %x[%i] : memref<?xf16>
    %b = arith.extf %a : f16 to f32
    memref.store %b, %out[%i] : memref<?xf32>
  }
  return
}

func.func @trunc(%x: memref<?xf32>, %out: memref<?xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  scf.for %i = %c0 to %n step %c1 {
    %a = memref.load %x[%i] : memref<?xf32>
    %b = arith.truncf %a : f32 to f16
    memref.store %b, %out[%i] : memref<?xf16>
  }
  return
}

func.func @exp(%x: memref<?xf16>, %out: memref<?xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c0 : memref<?xf16>
  scf.for %i = %c0 to %n step %c1 {
    %a = memref.load %x[%i] : memref<?xf16>
    %b = math.exp %a : f16
    memref.store %b, %out[%i] : memref<?xf16>
  }
  return
}

func.func @sum(%x: memref<?xf16>, %init: f16) -> f16 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c0 : memref<?xf16>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (f16) {
    %a = memref.load %x[%i] : memref<?xf16>
    %t = arith.addf %acc, %a : f16
    scf.yield %t : f16
  }
  return %r : f16
}

func.func @bfma(%x: memref<?xbf16>, %y: memref<?xbf16>, %out: memref<?xbf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c0 : memref<?xbf16>
  scf.for %i = %c0 to %n step %c1 {
    %a = memref.load %x[%i] : memref<?xbf16>
    %b = memref.load %y[%i] : memref<?xbf16>
    %p = arith.mulf %a, %b : bf16
    %s = arith.addf %p, %a : bf16
    memref.store %s, %out[%i] : memref<?xbf16>
  }
  return
}

func.func @btrunc(%x: memref<?xf32>, %out: memref<?xbf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  scf.for %i = %c0 to %n step %c1 {
    %a = memref.load %x[%i] : memref<?xf32>
    %b = arith.truncf %a : f32 to bf16
    memref.store %b, %out[%i] : memref<?xbf16>
  }
  return
}

// A memref result: [-1, -0.5, 0, 0.5] from sitofp and a multiplication in f16.
func.func @iota() -> memref<4xf16> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %half = arith.constant 0.5 : f16
  %one = arith.constant 1.0 : f16
  %m = memref.alloc() : memref<4xf16>
  scf.for %i = %c0 to %c4 step %c1 {
    %k = arith.index_cast %i : index to i32
    %f = arith.sitofp %k : i32 to f16
    %h = arith.mulf %f, %half : f16
    %v = arith.subf %h, %one : f16
    memref.store %v, %m[%i] : memref<4xf16>
  }
  return %m : memref<4xf16>
}
