// What pto-opt prints for the llvm dialect is accepted by mlir-translate and becomes
// LLVM IR: a small program with globals, a loop, memory, aggregates, calls (variadic
// included), a switch and intrinsics, as lowering memref/arith/cf/func to LLVM makes.
// RUN: %pto-opt %s | /usr/lib/llvm-22/bin/mlir-translate --mlir-to-llvmir | FileCheck %s
// RUN: %pto-opt %s --mlir-print-op-generic | /usr/lib/llvm-22/bin/mlir-translate --mlir-to-llvmir | FileCheck %s

// CHECK: @fmt = private constant [4 x i8] c"%d\0A\00"
llvm.mlir.global private constant @fmt("%d\0A\00") {addr_space = 0 : i32}
// CHECK: @counter = internal global i64 0
llvm.mlir.global internal @counter(0 : i64) : i64
// CHECK: @table = global { i32, ptr } { i32 7, ptr @counter }
llvm.mlir.global external @table() : !llvm.struct<(i32, ptr)> {
  %0 = llvm.mlir.undef : !llvm.struct<(i32, ptr)>
  %1 = llvm.mlir.constant(7 : i32) : i32
  %2 = llvm.insertvalue %1, %0[0] : !llvm.struct<(i32, ptr)>
  %3 = llvm.mlir.addressof @counter : !llvm.ptr
  %4 = llvm.insertvalue %3, %2[1] : !llvm.struct<(i32, ptr)>
  llvm.return %4 : !llvm.struct<(i32, ptr)>
}

// CHECK: declare i32 @printf(ptr, ...)
llvm.func @printf(!llvm.ptr, ...) -> i32
// CHECK: declare ptr @malloc(i64)
llvm.func @malloc(i64) -> !llvm.ptr

// A memref<?xf32> descriptor as the lowering builds it.
// CHECK-LABEL: define { ptr, ptr, i64, [1 x i64], [1 x i64] } @alloc(i64 %0)
llvm.func @alloc(%n: i64) -> !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> {
  %c1 = llvm.mlir.constant(1 : index) : i64
  %c0 = llvm.mlir.constant(0 : index) : i64
  %null = llvm.mlir.zero : !llvm.ptr
  %gep = llvm.getelementptr %null[%n] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %size = llvm.ptrtoint %gep : !llvm.ptr to i64
  // CHECK: call ptr @malloc(
  %p = llvm.call @malloc(%size) : (i64) -> !llvm.ptr
  %d0 = llvm.mlir.undef : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
  %d1 = llvm.insertvalue %p, %d0[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
  %d2 = llvm.insertvalue %p, %d1[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
  %d3 = llvm.insertvalue %c0, %d2[2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
  %d4 = llvm.insertvalue %n, %d3[3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
  %d5 = llvm.insertvalue %c1, %d4[4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
  // CHECK: ret { ptr, ptr, i64, [1 x i64], [1 x i64] }
  llvm.return %d5 : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
}

// Sum of a[0..n) with a loop in blocks.
// CHECK-LABEL: define float @sum(ptr %0, i64 %1)
llvm.func @sum(%a: !llvm.ptr, %n: i64) -> f32 {
  %zero = llvm.mlir.constant(0.0 : f32) : f32
  %c0 = llvm.mlir.constant(0 : i64) : i64
  %c1 = llvm.mlir.constant(1 : i64) : i64
  llvm.br ^loop(%c0, %zero : i64, f32)
^loop(%i: i64, %acc: f32):
  // CHECK: icmp slt i64
  %more = llvm.icmp "slt" %i, %n : i64
  llvm.cond_br %more, ^body, ^exit
^body:
  // CHECK: getelementptr inbounds float, ptr
  %ptr = llvm.getelementptr inbounds %a[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  // CHECK: load float, ptr {{.*}}, align 4
  %x = llvm.load %ptr {alignment = 4 : i64} : !llvm.ptr -> f32
  // CHECK: fadd fast float
  %s = llvm.fadd %acc, %x {fastmathFlags = #llvm.fastmath<fast>} : f32
  %next = llvm.add %i, %c1 overflow<nsw> : i64
  llvm.br ^loop(%next, %s : i64, f32)
^exit:
  llvm.return %acc : f32
}

// CHECK-LABEL: define i32 @main()
llvm.func @main() -> i32 {
  %c4 = llvm.mlir.constant(4 : i64) : i64
  %buf = llvm.alloca %c4 x f32 {alignment = 16 : i64} : (i64) -> !llvm.ptr
  %one = llvm.mlir.constant(1.0 : f32) : f32
  // CHECK: store float 1.000000e+00, ptr
  llvm.store %one, %buf : f32, !llvm.ptr
  // CHECK: call void @llvm.memset.p0.i64(
  %z = llvm.mlir.constant(0 : i8) : i8
  "llvm.intr.memset"(%buf, %z, %c4) <{isVolatile = false}> : (!llvm.ptr, i8, i64) -> ()
  %r = llvm.call @sum(%buf, %c4) : (!llvm.ptr, i64) -> f32
  // CHECK: call float @llvm.sqrt.f32(
  %q = llvm.intr.sqrt(%r) : (f32) -> f32
  // CHECK: call float @llvm.fma.f32(
  %m = llvm.intr.fma(%q, %q, %q) : (f32, f32, f32) -> f32
  %i = llvm.fptosi %m : f32 to i32
  %fmt = llvm.mlir.addressof @fmt : !llvm.ptr
  // CHECK: call i32 (ptr, ...) @printf(ptr @fmt, i32
  %n = llvm.call @printf(%fmt, %i) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32) -> i32
  // CHECK: switch i32
  llvm.switch %n : i32, ^done(%n : i32) [
    0: ^done(%i : i32),
    3: ^fail
  ]
^fail:
  llvm.unreachable
^done(%ret: i32):
  %v = llvm.mlir.undef : vector<4xi32>
  %v1 = llvm.insertelement %ret, %v[%z : i8] : vector<4xi32>
  %v2 = llvm.shufflevector %v1, %v1 [0, 0, 0, 0] : vector<4xi32>
  // CHECK: call i32 @llvm.vector.reduce.add.v4i32(
  %red = "llvm.intr.vector.reduce.add"(%v2) : (vector<4xi32>) -> i32
  %cmp = llvm.icmp "ugt" %red, %ret : i32
  %sel = llvm.select %cmp, %red, %ret : i1, i32
  llvm.return %sel : i32
}
