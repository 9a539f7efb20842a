// llvm dialect, part 4: intrinsics and forms the other corpus files leave out (asin,
// atan, sinh, cosh, tan, vector reductions, overflow arithmetic, stacksave/restore,
// is.fpclass, memmove), volatile and nontemporal memory ops, a vararg call, globals with
// initializer regions, switch with successor operands.
// RUN: %pto-opt %s | FileCheck %s
// RUN: %roundtrip %s
// RUN: %compat %s

module {
  llvm.mlir.global internal @gs() {addr_space = 0 : i32} : !llvm.struct<(i32, array<2 x f64>)> {
    %0 = llvm.mlir.undef : !llvm.struct<(i32, array<2 x f64>)>
    %c = llvm.mlir.constant(7 : i32) : i32
    %1 = llvm.insertvalue %c, %0[0] : !llvm.struct<(i32, array<2 x f64>)>
    llvm.return %1 : !llvm.struct<(i32, array<2 x f64>)>
  }
  llvm.mlir.global external constant @fp() : !llvm.ptr {
    %a = llvm.mlir.addressof @callee : !llvm.ptr
    llvm.return %a : !llvm.ptr
  }
  llvm.func @callee(%x: f32, ...) -> f32
  llvm.func @sw(%a: i32, %f: f32, %v: vector<4xf32>, %p: !llvm.ptr) -> f32 {
    llvm.switch %a : i32, ^bb1 [
      1: ^bb2(%f : f32),
      5: ^bb1
    ]
  ^bb1:
    %e = llvm.intr.exp(%f) : (f32) -> f32
    %s = llvm.intr.asin(%f) : (f32) -> f32
    %t = llvm.intr.atan(%s) : (f32) -> f32
    %sh = llvm.intr.sinh(%t) : (f32) -> f32
    %ch = llvm.intr.cosh(%sh) : (f32) -> f32
    %tn = llvm.intr.tan(%ch) : (f32) -> f32
    %r = "llvm.intr.vector.reduce.fmul"(%tn, %v) <{fastmathFlags = #llvm.fastmath<reassoc>}> : (f32, vector<4xf32>) -> f32
    %r2 = "llvm.intr.vector.reduce.fminimum"(%v) : (vector<4xf32>) -> f32
    %ff = llvm.fadd %r, %r2 {fastmathFlags = #llvm.fastmath<fast>} : f32
    %c1 = llvm.mlir.constant(1 : i32) : i32
    %sv = llvm.intr.stacksave : !llvm.ptr
    llvm.intr.stackrestore %sv : !llvm.ptr
    %ov = "llvm.intr.smul.with.overflow"(%a, %c1) : (i32, i32) -> !llvm.struct<(i32, i1)>
    %ld = llvm.load volatile %p {alignment = 8 : i64} : !llvm.ptr -> f32
    llvm.store volatile %ld, %p {alignment = 4 : i64, nontemporal} : f32, !llvm.ptr
    %g = llvm.getelementptr inbounds %p[%a, 1] : (!llvm.ptr, i32) -> !llvm.ptr, !llvm.struct<(i32, f32)>
    %isc = "llvm.intr.is.fpclass"(%f) <{bit = 3 : i32}> : (f32) -> i1
    %call = llvm.call @callee(%ff, %a) vararg(!llvm.func<f32 (f32, ...)>) : (f32, i32) -> f32
    llvm.return %call : f32
  ^bb2(%y: f32):
    %z = llvm.mlir.zero : !llvm.ptr
    %pz = llvm.mlir.poison : !llvm.array<3 x i8>
    "llvm.intr.memmove"(%p, %z, %a) <{isVolatile = false}> : (!llvm.ptr, !llvm.ptr, i32) -> ()
    llvm.return %y : f32
  }
}

// CHECK: module {
// CHECK-NEXT: llvm.mlir.global internal @gs() {addr_space = 0 : i32} : !llvm.struct<(i32, array<2 x f64>)> {
// CHECK-NEXT: %0 = llvm.mlir.undef : !llvm.struct<(i32, array<2 x f64>)>
// CHECK-NEXT: %1 = llvm.mlir.constant(7 : i32) : i32
// CHECK-NEXT: %2 = llvm.insertvalue %1, %0[0] : !llvm.struct<(i32, array<2 x f64>)>
// CHECK-NEXT: llvm.return %2 : !llvm.struct<(i32, array<2 x f64>)>
// CHECK-NEXT: }
// CHECK-NEXT: llvm.mlir.global external constant @fp() {addr_space = 0 : i32} : !llvm.ptr {
// CHECK-NEXT: %0 = llvm.mlir.addressof @callee : !llvm.ptr
// CHECK-NEXT: llvm.return %0 : !llvm.ptr
// CHECK-NEXT: }
// CHECK-NEXT: llvm.func @callee(f32, ...) -> f32
// CHECK-NEXT: llvm.func @sw(%arg0: i32, %arg1: f32, %arg2: vector<4xf32>, %arg3: !llvm.ptr) -> f32 {
// CHECK-NEXT: llvm.switch %arg0 : i32, ^bb1 [
// CHECK-NEXT: 1: ^bb2(%arg1 : f32),
// CHECK-NEXT: 5: ^bb1
// CHECK-NEXT: ]
// CHECK-NEXT: ^bb1:  // 2 preds: ^bb0, ^bb0
// CHECK-NEXT: %0 = llvm.intr.exp(%arg1) : (f32) -> f32
// CHECK-NEXT: %1 = llvm.intr.asin(%arg1) : (f32) -> f32
// CHECK-NEXT: %2 = llvm.intr.atan(%1) : (f32) -> f32
// CHECK-NEXT: %3 = llvm.intr.sinh(%2) : (f32) -> f32
// CHECK-NEXT: %4 = llvm.intr.cosh(%3) : (f32) -> f32
// CHECK-NEXT: %5 = llvm.intr.tan(%4) : (f32) -> f32
// CHECK-NEXT: %6 = "llvm.intr.vector.reduce.fmul"(%5, %arg2) <{fastmathFlags = #llvm.fastmath<reassoc>}> : (f32, vector<4xf32>) -> f32
// CHECK-NEXT: %7 = llvm.intr.vector.reduce.fminimum(%arg2) : (vector<4xf32>) -> f32
// CHECK-NEXT: %8 = llvm.fadd %6, %7 {fastmathFlags = #llvm.fastmath<fast>} : f32
// CHECK-NEXT: %9 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %10 = llvm.intr.stacksave : !llvm.ptr
// CHECK-NEXT: llvm.intr.stackrestore %10 : !llvm.ptr
// CHECK-NEXT: %11 = "llvm.intr.smul.with.overflow"(%arg0, %9) : (i32, i32) -> !llvm.struct<(i32, i1)>
// CHECK-NEXT: %12 = llvm.load volatile %arg3 {alignment = 8 : i64} : !llvm.ptr -> f32
// CHECK-NEXT: llvm.store volatile %12, %arg3 {alignment = 4 : i64, nontemporal} : f32, !llvm.ptr
// CHECK-NEXT: %13 = llvm.getelementptr inbounds %arg3[%arg0, 1] : (!llvm.ptr, i32) -> !llvm.ptr, !llvm.struct<(i32, f32)>
// CHECK-NEXT: %14 = "llvm.intr.is.fpclass"(%arg1) <{bit = 3 : i32}> : (f32) -> i1
// CHECK-NEXT: %15 = llvm.call @callee(%8, %arg0) vararg(!llvm.func<f32 (f32, ...)>) : (f32, i32) -> f32
// CHECK-NEXT: llvm.return %15 : f32
// CHECK-NEXT: ^bb2(%16: f32):  // pred: ^bb0
// CHECK-NEXT: %17 = llvm.mlir.zero : !llvm.ptr
// CHECK-NEXT: %18 = llvm.mlir.poison : !llvm.array<3 x i8>
// CHECK-NEXT: "llvm.intr.memmove"(%arg3, %17, %arg0) <{isVolatile = false}> : (!llvm.ptr, !llvm.ptr, i32) -> ()
// CHECK-NEXT: llvm.return %16 : f32
// CHECK-NEXT: }
// CHECK-NEXT: }
