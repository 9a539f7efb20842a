// Globals (attribute and region initializers, linkage, constness, alignment, address
// of another global), allocas, loads and stores (alignment, volatile, nontemporal,
// atomic) and getelementptr (constant and dynamic indices, struct fields, flags).
// RUN: %translate-compat %s
// RUN: pto-translate --mlir-to-llvmir %s | FileCheck %s
// RUN: mlir-translate --mlir-to-llvmir %s | FileCheck %s

// CHECK: @table = private constant [4 x float] [float 1.000000e+00, float 2.000000e+00, float 3.000000e+00, float 4.000000e+00], align 16
// CHECK: @counter = internal global i64 7
// CHECK: @matrix = global [2 x [3 x i32]] {{\[}}[3 x i32] zeroinitializer, [3 x i32] [i32 0, i32 0, i32 5]]
// CHECK: @str = constant [3 x i8] c"hi\00"
// CHECK: @ext_var = external global i32
// CHECK: @w = weak global [2 x [2 x i16]]
// CHECK: @pt = private global ptr @counter
// CHECK: @s = private global { i32, double } { i32 3, double 2.500000e+00 }
// CHECK-LABEL: define float @memory
// CHECK: alloca float, align 16
// CHECK: alloca { i32, double }, i64 %0
// CHECK: getelementptr inbounds [4 x float], ptr @table, i32 0, i64 %1
// CHECK: store float %{{.*}}, ptr %{{.*}}, align 16
// CHECK: getelementptr { i32, double }, ptr %{{.*}}, i64 %1, i32 1
// CHECK: load volatile double
// CHECK: getelementptr inbounds nuw float, ptr %2, i32 3
// CHECK: store volatile float
// CHECK: load float, ptr %{{.*}}, align 4, !nontemporal
// CHECK: load atomic i64, ptr @counter monotonic, align 8
// CHECK: store atomic i64 %{{.*}}, ptr @counter release, align 8

llvm.mlir.global private constant @table(dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>) {addr_space = 0 : i32, alignment = 16 : i64} : !llvm.array<4 x f32>
llvm.mlir.global internal @counter(7 : i64) : i64
llvm.mlir.global external @matrix() : !llvm.array<2 x array<3 x i32>> {
  %0 = llvm.mlir.zero : !llvm.array<2 x array<3 x i32>>
  %1 = llvm.mlir.constant(5 : i32) : i32
  %2 = llvm.insertvalue %1, %0[1, 2] : !llvm.array<2 x array<3 x i32>>
  llvm.return %2 : !llvm.array<2 x array<3 x i32>>
}
llvm.mlir.global external constant @str("hi\00") : !llvm.array<3 x i8>
llvm.mlir.global external @ext_var() : i32
llvm.mlir.global weak @w(dense<7> : tensor<2x2xi16>) : !llvm.array<2 x array<2 x i16>>
llvm.mlir.global private @pt() : !llvm.ptr {
  %0 = llvm.mlir.addressof @counter : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}
llvm.mlir.global private @s() : !llvm.struct<(i32, f64)> {
  %0 = llvm.mlir.undef : !llvm.struct<(i32, f64)>
  %1 = llvm.mlir.constant(3 : i32) : i32
  %2 = llvm.insertvalue %1, %0[0] : !llvm.struct<(i32, f64)>
  %3 = llvm.mlir.constant(2.5 : f64) : f64
  %4 = llvm.insertvalue %3, %2[1] : !llvm.struct<(i32, f64)>
  llvm.return %4 : !llvm.struct<(i32, f64)>
}
llvm.func @memory(%n: i64, %i: i64, %p: !llvm.ptr) -> f32 {
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %a = llvm.alloca %c1 x f32 {alignment = 16 : i64} : (i32) -> !llvm.ptr
  %b = llvm.alloca %n x !llvm.struct<(i32, f64)> : (i64) -> !llvm.ptr
  %t = llvm.mlir.addressof @table : !llvm.ptr
  %g = llvm.getelementptr inbounds %t[0, %i] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.array<4 x f32>
  %v = llvm.load %g {alignment = 4 : i64} : !llvm.ptr -> f32
  llvm.store %v, %a {alignment = 16 : i64} : f32, !llvm.ptr
  %f = llvm.getelementptr %b[%i, 1] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.struct<(i32, f64)>
  %d = llvm.load volatile %f : !llvm.ptr -> f64
  %q = llvm.getelementptr inbounds|nuw %p[3] : (!llvm.ptr) -> !llvm.ptr, f32
  llvm.store volatile %v, %q : f32, !llvm.ptr
  %w = llvm.load %q {nontemporal} : !llvm.ptr -> f32
  llvm.store %w, %p {nontemporal} : f32, !llvm.ptr
  %c = llvm.mlir.addressof @counter : !llvm.ptr
  %k = llvm.load %c atomic monotonic {alignment = 8 : i64} : !llvm.ptr -> i64
  llvm.store %k, %c atomic release {alignment = 8 : i64} : i64, !llvm.ptr
  %r = llvm.load %a : !llvm.ptr -> f32
  llvm.return %r : f32
}
