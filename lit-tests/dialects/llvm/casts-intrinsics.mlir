// llvm dialect, part 2: cast ops (sext zext trunc sitofp uitofp fptosi fptoui fpext
// fptrunc bitcast ptrtoint inttoptr addrspacecast) on scalars and vectors, and some
// llvm.intr.* ops (exp log sqrt fma fabs pow floor ceil), with fastmath flags.
// RUN: %pto-opt %s | FileCheck %s
// RUN: %roundtrip %s
// RUN: %compat %s
// RUN: %compat %s --canonicalize
// RUN: %compat %s --mlir-print-debuginfo

// CHECK-LABEL: llvm.func @casts(%arg0: i32, %arg1: f32, %arg2: !llvm.ptr, %arg3: vector<2xi32>) {
// CHECK-NEXT:   %0 = llvm.sext %arg0 : i32 to i64
// CHECK-NEXT:   %1 = llvm.zext %arg0 : i32 to i64
// CHECK-NEXT:   %2 = llvm.trunc %arg0 : i32 to i8
// CHECK-NEXT:   %3 = llvm.sitofp %arg0 : i32 to f64
// CHECK-NEXT:   %4 = llvm.uitofp %arg0 : i32 to f32
// CHECK-NEXT:   %5 = llvm.fptosi %arg1 : f32 to i16
// CHECK-NEXT:   %6 = llvm.fptoui %arg1 : f32 to i32
// CHECK-NEXT:   %7 = llvm.fpext %arg1 : f32 to f64
// CHECK-NEXT:   %8 = llvm.fptrunc %arg1 : f32 to f16
// CHECK-NEXT:   %9 = llvm.bitcast %arg0 : i32 to f32
// CHECK-NEXT:   %10 = llvm.ptrtoint %arg2 : !llvm.ptr to i64
// CHECK-NEXT:   %11 = llvm.inttoptr %10 : i64 to !llvm.ptr
// CHECK-NEXT:   %12 = llvm.bitcast %arg3 : vector<2xi32> to i64
// CHECK-NEXT:   %13 = llvm.zext nneg %arg0 : i32 to i64
// CHECK-NEXT:   llvm.return
// CHECK-NEXT: }
llvm.func @casts(%i: i32, %f: f32, %p: !llvm.ptr, %v: vector<2xi32>) {
  %0 = llvm.sext %i : i32 to i64
  %1 = llvm.zext %i : i32 to i64
  %2 = llvm.trunc %i : i32 to i8
  %3 = llvm.sitofp %i : i32 to f64
  %4 = llvm.uitofp %i : i32 to f32
  %5 = llvm.fptosi %f : f32 to i16
  %6 = llvm.fptoui %f : f32 to i32
  %7 = llvm.fpext %f : f32 to f64
  %8 = llvm.fptrunc %f : f32 to f16
  %9 = llvm.bitcast %i : i32 to f32
  %10 = llvm.ptrtoint %p : !llvm.ptr to i64
  %11 = llvm.inttoptr %10 : i64 to !llvm.ptr
  %12 = llvm.bitcast %v : vector<2xi32> to i64
  %13 = llvm.zext nneg %i : i32 to i64
  llvm.return
}

// CHECK-LABEL: llvm.func @intrinsics(%arg0: f32, %arg1: f32, %arg2: f32, %arg3: vector<4xf64>) {
// CHECK-NEXT:   %0 = llvm.intr.exp(%arg0) : (f32) -> f32
// CHECK-NEXT:   %1 = llvm.intr.log(%arg0) : (f32) -> f32
// CHECK-NEXT:   %2 = llvm.intr.sqrt(%arg3) : (vector<4xf64>) -> vector<4xf64>
// CHECK-NEXT:   %3 = llvm.intr.fma(%arg0, %arg1, %arg2) : (f32, f32, f32) -> f32
// CHECK-NEXT:   %4 = llvm.intr.fabs(%arg0) : (f32) -> f32
// CHECK-NEXT:   %5 = llvm.intr.pow(%arg0, %arg1) : (f32, f32) -> f32
// CHECK-NEXT:   %6 = llvm.intr.floor(%arg3) : (vector<4xf64>) -> vector<4xf64>
// CHECK-NEXT:   %7 = llvm.intr.ceil(%arg0) {fastmathFlags = #llvm.fastmath<fast>} : (f32) -> f32
// CHECK-NEXT:   llvm.return
// CHECK-NEXT: }
llvm.func @intrinsics(%a: f32, %b: f32, %c: f32, %v: vector<4xf64>) {
  %0 = llvm.intr.exp(%a) : (f32) -> f32
  %1 = llvm.intr.log(%a) : (f32) -> f32
  %2 = llvm.intr.sqrt(%v) : (vector<4xf64>) -> vector<4xf64>
  %3 = llvm.intr.fma(%a, %b, %c) : (f32, f32, f32) -> f32
  %4 = llvm.intr.fabs(%a) : (f32) -> f32
  %5 = llvm.intr.pow(%a, %b) : (f32, f32) -> f32
  %6 = llvm.intr.floor(%v) : (vector<4xf64>) -> vector<4xf64>
  %7 = llvm.intr.ceil(%a) {fastmathFlags = #llvm.fastmath<fast>} : (f32) -> f32
  llvm.return
}

// CHECK-LABEL: llvm.func @vector_casts(%arg0: vector<4xi16>, %arg1: vector<4xf32>, %arg2: !llvm.ptr<1>) {
// CHECK-NEXT:   %0 = llvm.sext %arg0 : vector<4xi16> to vector<4xi32>
// CHECK-NEXT:   %1 = llvm.trunc %arg0 : vector<4xi16> to vector<4xi8>
// CHECK-NEXT:   %2 = llvm.fptosi %arg1 : vector<4xf32> to vector<4xi32>
// CHECK-NEXT:   %3 = llvm.fpext %arg1 : vector<4xf32> to vector<4xf64>
// CHECK-NEXT:   %4 = llvm.bitcast %arg1 : vector<4xf32> to vector<2xi64>
// CHECK-NEXT:   %5 = llvm.addrspacecast %arg2 : !llvm.ptr<1> to !llvm.ptr
// CHECK-NEXT:   %6 = llvm.ptrtoint %arg2 : !llvm.ptr<1> to i32
// CHECK-NEXT:   %7 = llvm.trunc %arg0 overflow<nuw> : vector<4xi16> to vector<4xi8>
// CHECK-NEXT:   llvm.return
// CHECK-NEXT: }
llvm.func @vector_casts(%v: vector<4xi16>, %f: vector<4xf32>, %p: !llvm.ptr<1>) {
  %0 = llvm.sext %v : vector<4xi16> to vector<4xi32>
  %1 = llvm.trunc %v : vector<4xi16> to vector<4xi8>
  %2 = llvm.fptosi %f : vector<4xf32> to vector<4xi32>
  %3 = llvm.fpext %f : vector<4xf32> to vector<4xf64>
  %4 = llvm.bitcast %f : vector<4xf32> to vector<2xi64>
  %5 = llvm.addrspacecast %p : !llvm.ptr<1> to !llvm.ptr
  %6 = llvm.ptrtoint %p : !llvm.ptr<1> to i32
  %7 = llvm.trunc %v overflow<nuw> : vector<4xi16> to vector<4xi8>
  llvm.return
}

// CHECK-LABEL: llvm.func @intrinsics_more(%arg0: f64, %arg1: vector<2xf32>) -> f64 {
// CHECK-NEXT:   %0 = llvm.intr.exp(%arg1) {fastmathFlags = #llvm.fastmath<nnan>} : (vector<2xf32>) -> vector<2xf32>
// CHECK-NEXT:   %1 = llvm.intr.fma(%arg1, %arg1, %arg1) : (vector<2xf32>, vector<2xf32>, vector<2xf32>) -> vector<2xf32>
// CHECK-NEXT:   %2 = llvm.intr.pow(%arg0, %arg0) {fastmathFlags = #llvm.fastmath<contract, afn>} : (f64, f64) -> f64
// CHECK-NEXT:   %3 = llvm.intr.fabs(%arg1) : (vector<2xf32>) -> vector<2xf32>
// CHECK-NEXT:   llvm.return %2 : f64
// CHECK-NEXT: }
llvm.func @intrinsics_more(%a: f64, %v: vector<2xf32>) -> f64 {
  %0 = llvm.intr.exp(%v) {fastmathFlags = #llvm.fastmath<nnan>} : (vector<2xf32>) -> vector<2xf32>
  %1 = llvm.intr.fma(%v, %v, %v) : (vector<2xf32>, vector<2xf32>, vector<2xf32>) -> vector<2xf32>
  %2 = llvm.intr.pow(%a, %a) {fastmathFlags = #llvm.fastmath<afn, contract>} : (f64, f64) -> f64
  %3 = llvm.intr.fabs(%v) : (vector<2xf32>) -> vector<2xf32>
  llvm.return %2 : f64
}
