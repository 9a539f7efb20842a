// Vectors (dense and splat constants, insert/extractelement, shufflevector with a
// poison lane, vector compare and select), scalar constants of every kind (i1, i128,
// half, bfloat, NaN), undef/poison/zero, and aggregates with nested positions (one
// instruction, as mlir-translate's).
// RUN: %translate-compat %s
// RUN: pto-translate --mlir-to-llvmir %s | FileCheck %s

// CHECK-LABEL: define <4 x float> @vectors
// CHECK: fadd <4 x float> %0, <float 1.000000e+00, float 2.000000e+00, float 3.000000e+00, float 4.000000e+00>
// CHECK: fmul <4 x float> %{{[0-9]+}}, splat (float 5.000000e-01)
// CHECK: insertelement <4 x float> %{{[0-9]+}}, float %1, i32 %2
// CHECK: extractelement <4 x float> %{{[0-9]+}}, i32 %2
// CHECK: shufflevector <4 x float> %{{[0-9]+}}, <4 x float> %0, <4 x i32> <i32 0, i32 5, i32 poison, i32 7>
// CHECK: fadd <4 x float> %{{[0-9]+}}, zeroinitializer
// CHECK: select <4 x i1> %{{[0-9]+}}, <4 x float> %{{[0-9]+}}, <4 x float> undef
// CHECK-LABEL: define { i1, i8, i64, half, bfloat, double, i128 } @constants
// CHECK: { i1 true, i8 -1, i64 -9223372036854775808, half 0xH3E00, bfloat 0xRC000, double 0x7FF8000000000000, i128 170141183460469231731687303715884105727 }
// CHECK-LABEL: define i32 @arrays
// CHECK: extractvalue [2 x [3 x i32]] %0, 1, 2
// CHECK: add i32 %{{[0-9]+}}, 2

llvm.func @vectors(%v: vector<4xf32>, %x: f32, %i: i32) -> vector<4xf32> {
  %c = llvm.mlir.constant(dense<[1.0, 2.0, 3.0, 4.0]> : vector<4xf32>) : vector<4xf32>
  %s = llvm.mlir.constant(dense<0.5> : vector<4xf32>) : vector<4xf32>
  %0 = llvm.fadd %v, %c : vector<4xf32>
  %1 = llvm.fmul %0, %s : vector<4xf32>
  %2 = llvm.insertelement %x, %1[%i : i32] : vector<4xf32>
  %3 = llvm.extractelement %2[%i : i32] : vector<4xf32>
  %4 = llvm.shufflevector %2, %v [0, 5, -1, 7] : vector<4xf32>
  %u = llvm.mlir.undef : vector<4xf32>
  %p = llvm.mlir.poison : vector<4xf32>
  %z = llvm.mlir.zero : vector<4xf32>
  %5 = llvm.fadd %4, %z : vector<4xf32>
  %m = llvm.fcmp "olt" %5, %c : vector<4xf32>
  %r = llvm.select %m, %5, %u : vector<4xi1>, vector<4xf32>
  llvm.return %r : vector<4xf32>
}
llvm.func @constants() -> !llvm.struct<(i1, i8, i64, f16, bf16, f64, i128)> {
  %0 = llvm.mlir.constant(true) : i1
  %1 = llvm.mlir.constant(-1 : i8) : i8
  %2 = llvm.mlir.constant(-9223372036854775808 : i64) : i64
  %3 = llvm.mlir.constant(1.5 : f16) : f16
  %4 = llvm.mlir.constant(-2.0 : bf16) : bf16
  %5 = llvm.mlir.constant(0x7FF8000000000000 : f64) : f64
  %6 = llvm.mlir.constant(170141183460469231731687303715884105727 : i128) : i128
  %s0 = llvm.mlir.undef : !llvm.struct<(i1, i8, i64, f16, bf16, f64, i128)>
  %s1 = llvm.insertvalue %0, %s0[0] : !llvm.struct<(i1, i8, i64, f16, bf16, f64, i128)>
  %s2 = llvm.insertvalue %1, %s1[1] : !llvm.struct<(i1, i8, i64, f16, bf16, f64, i128)>
  %s3 = llvm.insertvalue %2, %s2[2] : !llvm.struct<(i1, i8, i64, f16, bf16, f64, i128)>
  %s4 = llvm.insertvalue %3, %s3[3] : !llvm.struct<(i1, i8, i64, f16, bf16, f64, i128)>
  %s5 = llvm.insertvalue %4, %s4[4] : !llvm.struct<(i1, i8, i64, f16, bf16, f64, i128)>
  %s6 = llvm.insertvalue %5, %s5[5] : !llvm.struct<(i1, i8, i64, f16, bf16, f64, i128)>
  %s7 = llvm.insertvalue %6, %s6[6] : !llvm.struct<(i1, i8, i64, f16, bf16, f64, i128)>
  llvm.return %s7 : !llvm.struct<(i1, i8, i64, f16, bf16, f64, i128)>
}
llvm.func @arrays(%a: !llvm.array<2 x array<3 x i32>>, %x: i32) -> i32 {
  %c = llvm.mlir.constant(dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>) : !llvm.array<2 x array<3 x i32>>
  %0 = llvm.extractvalue %a[1, 2] : !llvm.array<2 x array<3 x i32>>
  %1 = llvm.extractvalue %c[0, 1] : !llvm.array<2 x array<3 x i32>>
  %2 = llvm.add %0, %1 : i32
  llvm.return %2 : i32
}
