// llvm dialect, part 3: the remaining syntax forms: linkage/visibility/cconv on
// functions and globals, initializer regions, calls with calling conventions and tail
// markers, indirect variadic calls, atomic and nontemporal memory accesses, GEP flags,
// flags on integer ops and casts, aggregates and vectors, switch without cases, branch
// weights, and the intrinsics without custom syntax.
// RUN: %pto-opt %s | FileCheck %s
// RUN: %roundtrip %s
// RUN: %compat %s
// RUN: %compat %s --canonicalize
// RUN: %compat %s --mlir-print-debuginfo

// CHECK-LABEL: llvm.mlir.global private unnamed_addr constant @str("abc") {addr_space = 0 : i32, dso_local}
llvm.mlir.global private unnamed_addr constant @str("abc") {dso_local}
// CHECK-LABEL: llvm.mlir.global internal hidden thread_local @tls(0 : i64) {addr_space = 0 : i32} : i64
llvm.mlir.global internal hidden thread_local @tls(0 : i64) : i64
// CHECK-LABEL: llvm.mlir.global external @arr(dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>) {addr_space = 1 : i32, alignment = 16 : i64} : !llvm.array<2 x f32>
llvm.mlir.global @arr(dense<[1.0, 2.0]> : tensor<2xf32>) {addr_space = 1 : i32, alignment = 16 : i64} : !llvm.array<2 x f32>
// CHECK-LABEL: llvm.mlir.global linkonce_odr @init() {addr_space = 0 : i32} : !llvm.ptr {
// CHECK-NEXT:   %0 = llvm.mlir.addressof @str : !llvm.ptr
// CHECK-NEXT:   %1 = llvm.getelementptr %0[1] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK-NEXT:   llvm.return %1 : !llvm.ptr
// CHECK-NEXT: }
llvm.mlir.global linkonce_odr @init() : !llvm.ptr {
  %0 = llvm.mlir.addressof @str : !llvm.ptr
  %1 = llvm.getelementptr %0[1] : (!llvm.ptr) -> !llvm.ptr, i8
  llvm.return %1 : !llvm.ptr
}

// CHECK-LABEL: llvm.func weak protected fastcc @attrs(%arg0: i32) -> i32 attributes {no_unwind} {
llvm.func weak protected fastcc @attrs(%a: i32) -> i32 attributes {no_unwind} {
  llvm.return %a : i32
}
// CHECK-LABEL: llvm.func extern_weak local_unnamed_addr @ext(...)
llvm.func extern_weak local_unnamed_addr @ext(...)
// CHECK-LABEL: llvm.func @printf(!llvm.ptr, ...) -> i32
llvm.func @printf(!llvm.ptr, ...) -> i32

// CHECK-LABEL: llvm.func @calls(%arg0: i32, %arg1: !llvm.ptr) {
// CHECK-NEXT:   %0 = llvm.call fastcc @attrs(%arg0) : (i32) -> i32
// CHECK-NEXT:   %1 = llvm.call tail @attrs(%0) {no_unwind} : (i32) -> i32
// CHECK-NEXT:   llvm.call %arg1(%arg0) vararg(!llvm.func<void (...)>) : !llvm.ptr, (i32) -> ()
// CHECK-NEXT:   %2 = llvm.call @printf(%arg1, %arg0, %arg0) vararg(!llvm.func<i32 (ptr, ...)>) {fastmathFlags = #llvm.fastmath<nnan>} : (!llvm.ptr, i32, i32) -> i32
// CHECK-NEXT:   llvm.return
llvm.func @calls(%a: i32, %p: !llvm.ptr) {
  %0 = llvm.call fastcc @attrs(%a) : (i32) -> i32
  %1 = llvm.call tail @attrs(%0) {no_unwind} : (i32) -> i32
  llvm.call %p(%a) vararg(!llvm.func<void (...)>) : !llvm.ptr, (i32) -> ()
  %2 = llvm.call @printf(%p, %a, %a) vararg(!llvm.func<i32 (ptr, ...)>) {fastmathFlags = #llvm.fastmath<nnan>} : (!llvm.ptr, i32, i32) -> i32
  llvm.return
}

// CHECK-LABEL: llvm.func @memory(%arg0: !llvm.ptr, %arg1: i64, %arg2: i32) {
// CHECK-NEXT:   %0 = llvm.load %arg0 atomic acquire {alignment = 4 : i64} : !llvm.ptr -> i32
// CHECK-NEXT:   %1 = llvm.load %arg0 atomic syncscope("agent") monotonic {alignment = 4 : i64} : !llvm.ptr -> i32
// CHECK-NEXT:   llvm.store %arg2, %arg0 atomic release {alignment = 4 : i64} : i32, !llvm.ptr
// CHECK-NEXT:   %2 = llvm.load %arg0 {nontemporal} : !llvm.ptr -> f32
// CHECK-NEXT:   %3 = llvm.load %arg0 invariant : !llvm.ptr -> f32
// CHECK-NEXT:   %4 = llvm.getelementptr nuw %arg0[%arg1] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK-NEXT:   %5 = llvm.getelementptr inbounds|nuw %arg0[%arg1, 1] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.struct<(i8, f64)>
// CHECK-NEXT:   %6 = llvm.alloca inalloca %arg1 x !llvm.array<4 x i8> {alignment = 8 : i64} : (i64) -> !llvm.ptr
llvm.func @memory(%p: !llvm.ptr, %n: i64, %v: i32) {
  %0 = llvm.load %p atomic acquire {alignment = 4 : i64} : !llvm.ptr -> i32
  %1 = llvm.load %p atomic syncscope("agent") monotonic {alignment = 4 : i64} : !llvm.ptr -> i32
  llvm.store %v, %p atomic release {alignment = 4 : i64} : i32, !llvm.ptr
  %2 = llvm.load %p {nontemporal} : !llvm.ptr -> f32
  %3 = llvm.load %p invariant : !llvm.ptr -> f32
  %4 = llvm.getelementptr nuw %p[%n] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %5 = llvm.getelementptr inbounds|nuw %p[%n, 1] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.struct<(i8, f64)>
  %6 = llvm.alloca inalloca %n x !llvm.array<4 x i8> {alignment = 8 : i64} : (i64) -> !llvm.ptr
  %7 = llvm.alloca %n x i8 {alignment = 0 : i64} : (i64) -> !llvm.ptr
  llvm.return
}

// CHECK-LABEL: llvm.func @flags(%arg0: i32, %arg1: i16) {
// CHECK-NEXT:   %0 = llvm.or disjoint %arg0, %arg0 : i32
// CHECK-NEXT:   %1 = llvm.shl %arg0, %arg0 overflow<nsw> : i32
// CHECK-NEXT:   %2 = llvm.mul %arg0, %arg0 overflow<nuw> : i32
// CHECK-NEXT:   %3 = llvm.lshr exact %arg0, %arg0 : i32
// CHECK-NEXT:   %4 = llvm.uitofp nneg %arg0 : i32 to f32
// CHECK-NEXT:   %5 = llvm.trunc %arg0 overflow<nsw, nuw> : i32 to i16
// CHECK-NEXT:   %6 = llvm.sext %arg1 : i16 to i32
llvm.func @flags(%a: i32, %h: i16) {
  %0 = llvm.or disjoint %a, %a : i32
  %1 = llvm.shl %a, %a overflow<nsw> : i32
  %2 = llvm.mul %a, %a overflow<nuw> : i32
  %3 = llvm.lshr exact %a, %a : i32
  %4 = llvm.uitofp nneg %a : i32 to f32
  %5 = llvm.trunc %a overflow<nuw, nsw> : i32 to i16
  %6 = llvm.sext %h : i16 to i32
  llvm.return
}

// CHECK-LABEL: llvm.func @vectors(%arg0: vector<4xf32>, %arg1: i32, %arg2: f32) -> vector<2xf32> {
// CHECK-NEXT:   %0 = llvm.extractelement %arg0[%arg1 : i32] : vector<4xf32>
// CHECK-NEXT:   %1 = llvm.insertelement %arg2, %arg0[%arg1 : i32] : vector<4xf32>
// CHECK-NEXT:   %2 = llvm.shufflevector %1, %arg0 [0, 5] : vector<4xf32>
// CHECK-NEXT:   %3 = llvm.freeze %2 : vector<2xf32>
// CHECK-NEXT:   %4 = llvm.mlir.constant(dense<0.000000e+00> : vector<2xf32>) : vector<2xf32>
// CHECK-NEXT:   %5 = llvm.mlir.constant(true) : i1
// CHECK-NEXT:   %6 = llvm.select %5, %3, %4 : i1, vector<2xf32>
llvm.func @vectors(%v: vector<4xf32>, %i: i32, %f: f32) -> vector<2xf32> {
  %0 = llvm.extractelement %v[%i : i32] : vector<4xf32>
  %1 = llvm.insertelement %f, %v[%i : i32] : vector<4xf32>
  %2 = llvm.shufflevector %1, %v [0, 5] : vector<4xf32>
  %3 = llvm.freeze %2 : vector<2xf32>
  %4 = llvm.mlir.constant(dense<0.0> : vector<2xf32>) : vector<2xf32>
  %t = llvm.mlir.constant(true) : i1
  %5 = llvm.select %t, %3, %4 : i1, vector<2xf32>
  llvm.return %5 : vector<2xf32>
}

// CHECK-LABEL: llvm.func @branches(%arg0: i1, %arg1: i8) {
// CHECK-NEXT:   llvm.cond_br %arg0 weights([3, 5]), ^bb1, ^bb2
// CHECK:        llvm.switch %arg1 : i8, ^bb2 [
// CHECK-NEXT:   ]
// CHECK:        llvm.switch %arg1 : i8, ^bb1 [
// CHECK-NEXT:     -1: ^bb2,
// CHECK-NEXT:     127: ^bb3
// CHECK-NEXT:   ]
// CHECK:        llvm.unreachable
llvm.func @branches(%c: i1, %b: i8) {
  llvm.cond_br %c weights([3, 5]), ^bb1, ^bb2
^bb1:
  llvm.switch %b : i8, ^bb2 []
^bb2:
  llvm.switch %b : i8, ^bb1 [
    255: ^bb2,
    127: ^bb3
  ]
^bb3:
  llvm.unreachable
}

// CHECK-LABEL: llvm.func @intrinsics
llvm.func @intrinsics(%a: i32, %p: !llvm.ptr, %q: !llvm.ptr, %n: i64, %v: vector<4xi32>, %fv: vector<4xf32>, %f: f32, %b: i8) {
  %0 = "llvm.intr.abs"(%a) <{is_int_min_poison = false}> : (i32) -> i32
  %1 = "llvm.intr.ctlz"(%a) <{is_zero_poison = true}> : (i32) -> i32
  %2 = "llvm.intr.cttz"(%a) <{is_zero_poison = false}> : (i32) -> i32
  "llvm.intr.memcpy"(%p, %q, %n) <{isVolatile = false}> : (!llvm.ptr, !llvm.ptr, i64) -> ()
  "llvm.intr.memset"(%p, %b, %n) <{isVolatile = false}> : (!llvm.ptr, i8, i64) -> ()
  %3 = "llvm.intr.vector.reduce.add"(%v) : (vector<4xi32>) -> i32
  %4 = "llvm.intr.vector.reduce.smax"(%v) : (vector<4xi32>) -> i32
  %5 = "llvm.intr.vector.reduce.fadd"(%f, %fv) <{fastmathFlags = #llvm.fastmath<reassoc>}> : (f32, vector<4xf32>) -> f32
  %6 = llvm.intr.vector.reduce.fmax(%fv) : (vector<4xf32>) -> f32
  %7 = llvm.intr.powi(%f, %a) : (f32, i32) -> f32
  %8 = llvm.intr.copysign(%f, %f) : (f32, f32) -> f32
  %9 = llvm.intr.maxnum(%f, %f) {fastmathFlags = #llvm.fastmath<nnan>} : (f32, f32) -> f32
  %10 = llvm.intr.minimum(%fv, %fv) : (vector<4xf32>, vector<4xf32>) -> vector<4xf32>
  %11 = llvm.intr.smax(%a, %a) : (i32, i32) -> i32
  %12 = llvm.intr.umin(%v, %v) : (vector<4xi32>, vector<4xi32>) -> vector<4xi32>
  %13 = llvm.intr.ctpop(%a) : (i32) -> i32
  %14 = llvm.intr.exp2(%f) : (f32) -> f32
  %15 = llvm.intr.log2(%f) : (f32) -> f32
  %16 = llvm.intr.log10(%f) : (f32) -> f32
  %17 = llvm.intr.sin(%f) : (f32) -> f32
  %18 = llvm.intr.cos(%f) : (f32) -> f32
  %19 = llvm.intr.tanh(%f) : (f32) -> f32
  %20 = llvm.intr.round(%f) : (f32) -> f32
  %21 = llvm.intr.roundeven(%f) : (f32) -> f32
  %22 = llvm.intr.trunc(%f) : (f32) -> f32
  %23 = llvm.intr.fmuladd(%f, %f, %f) : (f32, f32, f32) -> f32
  %24 = llvm.intr.maximum(%f, %f) : (f32, f32) -> f32
  %25 = llvm.intr.minnum(%f, %f) : (f32, f32) -> f32
  %26 = llvm.intr.rint(%f) : (f32) -> f32
  %27 = llvm.intr.bitreverse(%a) : (i32) -> i32
  llvm.return
}

// CHECK-LABEL: llvm.func @constants
// CHECK: llvm.mlir.constant("abc") : !llvm.array<3 x i8>
// CHECK: llvm.mlir.constant([1 : i32, 2.000000e+00 : f32]) : !llvm.struct<(i32, f32)>
// CHECK: llvm.mlir.constant(42 : i64) : i64
llvm.func @constants() {
  %0 = llvm.mlir.constant("abc") : !llvm.array<3 x i8>
  %1 = llvm.mlir.constant([1 : i32, 2.0 : f32]) : !llvm.struct<(i32, f32)>
  %2 = llvm.mlir.constant(42) : i64
  llvm.return
}
