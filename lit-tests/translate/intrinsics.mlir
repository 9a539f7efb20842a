// Intrinsic ops become calls of LLVM intrinsics, declared with their overloaded types
// (immediate flags of ctlz/cttz/abs/memcpy/memmove/memset as i1 arguments, the hints
// of prefetch as i32 ones).
// RUN: %translate-compat %s
// RUN: pto-translate --mlir-to-llvmir %s | FileCheck %s
// RUN: mlir-translate --mlir-to-llvmir %s | FileCheck %s

// CHECK-LABEL: define float @float_intrinsics
// CHECK: call float @llvm.fabs.f32(
// CHECK: call afn float @llvm.log.f32(
// CHECK: call float @llvm.pow.f32(
// CHECK: call float @llvm.fma.f32(
// CHECK: call float @llvm.fmuladd.f32(
// CHECK: call float @llvm.roundeven.f32(
// CHECK: call float @llvm.maximum.f32(
// CHECK: call float @llvm.powi.f32.i32(float %{{[0-9]+}}, i32 2)
// CHECK: call <4 x double> @llvm.sqrt.v4f64(
// CHECK: call double @llvm.vector.reduce.fmax.v4f64(
// CHECK: call reassoc double @llvm.vector.reduce.fadd.v4f64(double 0.000000e+00,
// CHECK-LABEL: define i32 @int_intrinsics
// CHECK: call i32 @llvm.ctlz.i32(i32 %0, i1 false)
// CHECK: call i32 @llvm.cttz.i32(i32 %{{[0-9]+}}, i1 true)
// CHECK: call i32 @llvm.abs.i32(i32 %{{[0-9]+}}, i1 false)
// CHECK: call i32 @llvm.umin.i32(
// CHECK: call i32 @llvm.vector.reduce.add.v4i32(
// CHECK-LABEL: define void @memory_intrinsics
// CHECK: call void @llvm.memcpy.p0.p0.i64(ptr %0, ptr %1, i64 %2, i1 false)
// CHECK: call void @llvm.memset.p0.i64(ptr %0, i8 %3, i64 %2, i1 true)
// CHECK: call void @llvm.memmove.p0.p0.i32(ptr %0, ptr %1, i32 %2, i1 false)

llvm.func @float_intrinsics(%x: f32, %y: f32, %z: f32, %v: vector<4xf64>) -> f32 {
  %0 = llvm.intr.fabs(%x) : (f32) -> f32
  %1 = llvm.intr.sqrt(%0) : (f32) -> f32
  %2 = llvm.intr.exp(%1) : (f32) -> f32
  %3 = llvm.intr.exp2(%2) : (f32) -> f32
  %4 = llvm.intr.log(%3) {fastmathFlags = #llvm.fastmath<afn>} : (f32) -> f32
  %5 = llvm.intr.log2(%4) : (f32) -> f32
  %6 = llvm.intr.log10(%5) : (f32) -> f32
  %7 = llvm.intr.pow(%6, %y) : (f32, f32) -> f32
  %8 = llvm.intr.fma(%7, %y, %z) : (f32, f32, f32) -> f32
  %9 = llvm.intr.fmuladd(%8, %y, %z) : (f32, f32, f32) -> f32
  %10 = llvm.intr.copysign(%9, %y) : (f32, f32) -> f32
  %11 = llvm.intr.floor(%10) : (f32) -> f32
  %12 = llvm.intr.ceil(%11) : (f32) -> f32
  %13 = llvm.intr.trunc(%12) : (f32) -> f32
  %14 = llvm.intr.round(%13) : (f32) -> f32
  %15 = llvm.intr.roundeven(%14) : (f32) -> f32
  %16 = llvm.intr.minnum(%15, %y) : (f32, f32) -> f32
  %17 = llvm.intr.maxnum(%16, %y) : (f32, f32) -> f32
  %18 = llvm.intr.minimum(%17, %y) : (f32, f32) -> f32
  %19 = llvm.intr.maximum(%18, %y) : (f32, f32) -> f32
  %20 = llvm.intr.sin(%19) : (f32) -> f32
  %21 = llvm.intr.cos(%20) : (f32) -> f32
  %22 = llvm.intr.tanh(%21) : (f32) -> f32
  %23 = llvm.intr.rint(%22) : (f32) -> f32
  %c2 = llvm.mlir.constant(2 : i32) : i32
  %24 = llvm.intr.powi(%23, %c2) : (f32, i32) -> f32
  %25 = llvm.intr.sqrt(%v) : (vector<4xf64>) -> vector<4xf64>
  %26 = llvm.intr.vector.reduce.fmax(%25) : (vector<4xf64>) -> f64
  %zero = llvm.mlir.constant(0.0 : f64) : f64
  %27 = "llvm.intr.vector.reduce.fadd"(%zero, %25) <{fastmathFlags = #llvm.fastmath<reassoc>}> : (f64, vector<4xf64>) -> f64
  llvm.return %24 : f32
}
llvm.func @int_intrinsics(%a: i32, %b: i32, %v: vector<4xi32>) -> i32 {
  %0 = "llvm.intr.ctlz"(%a) <{is_zero_poison = false}> : (i32) -> i32
  %1 = "llvm.intr.cttz"(%0) <{is_zero_poison = true}> : (i32) -> i32
  %2 = llvm.intr.ctpop(%1) : (i32) -> i32
  %3 = "llvm.intr.abs"(%2) <{is_int_min_poison = false}> : (i32) -> i32
  %4 = llvm.intr.smax(%3, %b) : (i32, i32) -> i32
  %5 = llvm.intr.smin(%4, %b) : (i32, i32) -> i32
  %6 = llvm.intr.umax(%5, %b) : (i32, i32) -> i32
  %7 = llvm.intr.umin(%6, %b) : (i32, i32) -> i32
  %8 = llvm.intr.bitreverse(%7) : (i32) -> i32
  %9 = "llvm.intr.vector.reduce.add"(%v) : (vector<4xi32>) -> i32
  %10 = llvm.add %8, %9 : i32
  llvm.return %10 : i32
}
llvm.func @memory_intrinsics(%d: !llvm.ptr, %s: !llvm.ptr, %n: i64, %b: i8) {
  "llvm.intr.memcpy"(%d, %s, %n) <{isVolatile = false}> : (!llvm.ptr, !llvm.ptr, i64) -> ()
  "llvm.intr.memset"(%d, %b, %n) <{isVolatile = true}> : (!llvm.ptr, i8, i64) -> ()
  llvm.return
}
llvm.func @memmove(%d: !llvm.ptr, %s: !llvm.ptr, %n: i32) {
  "llvm.intr.memmove"(%d, %s, %n) <{isVolatile = false}> : (!llvm.ptr, !llvm.ptr, i32) -> ()
  llvm.return
}

// CHECK-LABEL: define void @prefetch
// CHECK: call void @llvm.prefetch.p0(ptr %0, i32 0, i32 3, i32 1)
// CHECK: call void @llvm.prefetch.p0(ptr %0, i32 1, i32 0, i32 0)
llvm.func @prefetch(%p: !llvm.ptr) {
  "llvm.intr.prefetch"(%p) <{cache = 1 : i32, hint = 3 : i32, rw = 0 : i32}> : (!llvm.ptr) -> ()
  "llvm.intr.prefetch"(%p) <{cache = 0 : i32, hint = 0 : i32, rw = 1 : i32}> : (!llvm.ptr) -> ()
  llvm.return
}

// The with.overflow intrinsics (what arith.addui_extended lowers to) are overloaded on
// the operand type; they return {iN, i1}.
// CHECK-LABEL: define { i8, i1 } @overflow
// CHECK: call { i8, i1 } @llvm.uadd.with.overflow.i8(i8 %0, i8 %1)
// CHECK: call { i64, i1 } @llvm.smul.with.overflow.i64(
// CHECK: call { <2 x i32>, <2 x i1> } @llvm.usub.with.overflow.v2i32(
llvm.func @overflow(%a: i8, %b: i8, %c: i64, %v: vector<2xi32>) -> !llvm.struct<(i8, i1)> {
  %0 = "llvm.intr.uadd.with.overflow"(%a, %b) : (i8, i8) -> !llvm.struct<(i8, i1)>
  %1 = "llvm.intr.sadd.with.overflow"(%a, %b) : (i8, i8) -> !llvm.struct<(i8, i1)>
  %2 = "llvm.intr.smul.with.overflow"(%c, %c) : (i64, i64) -> !llvm.struct<(i64, i1)>
  %3 = "llvm.intr.umul.with.overflow"(%c, %c) : (i64, i64) -> !llvm.struct<(i64, i1)>
  %4 = "llvm.intr.ssub.with.overflow"(%a, %b) : (i8, i8) -> !llvm.struct<(i8, i1)>
  %5 = "llvm.intr.usub.with.overflow"(%v, %v) : (vector<2xi32>, vector<2xi32>) -> !llvm.struct<(vector<2xi32>, vector<2xi1>)>
  llvm.return %0 : !llvm.struct<(i8, i1)>
}

// Constrained intrinsics: the rounding mode and exception behavior are metadata
// strings, the call is strictfp.
// CHECK-LABEL: define bfloat @constrained
// CHECK: call bfloat @llvm.experimental.constrained.fptrunc.bf16.f32(float %0, metadata !"round.tonearest", metadata !"fpexcept.ignore") #[[STRICT:[0-9]+]]
// CHECK: call <2 x float> @llvm.experimental.constrained.fptrunc.v2f32.v2f64(<2 x double> %1, metadata !"round.downward", metadata !"fpexcept.strict")
// CHECK: call half @llvm.experimental.constrained.fptrunc.f16.f32(float %0, metadata !"round.towardzero", metadata !"fpexcept.maytrap")
// CHECK: attributes #[[STRICT]] = { strictfp }
llvm.func @constrained(%x: f32, %v: vector<2xf64>) -> bf16 {
  %0 = llvm.intr.experimental.constrained.fptrunc %x tonearest ignore : f32 to bf16
  %1 = llvm.intr.experimental.constrained.fptrunc %v downward strict : vector<2xf64> to vector<2xf32>
  %2 = llvm.intr.experimental.constrained.fptrunc %x towardzero maytrap : f32 to f16
  llvm.return %0 : bf16
}
