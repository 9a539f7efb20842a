// Integer and float arithmetic with their flags, comparisons, select, freeze and casts:
// the same LLVM IR as mlir-translate, and the flags checked.
// RUN: %translate-compat %s
// RUN: pto-translate --mlir-to-llvmir %s | FileCheck %s
// RUN: mlir-translate --mlir-to-llvmir %s | FileCheck %s

// CHECK-LABEL: define i32 @ints(i32 %0, i32 %1)
// CHECK: add nsw i32 %0, %1
// CHECK: sub nuw i32
// CHECK: mul nuw nsw i32
// CHECK: sdiv exact i32
// CHECK: lshr exact i32
// CHECK: or disjoint i32
// CHECK-LABEL: define float @floats
// CHECK: fsub nnan ninf float
// CHECK: fmul fast float
// CHECK: frem float
// CHECK: fneg nsz float
// CHECK-LABEL: define i1 @compare
// CHECK-COUNT-10: icmp {{eq|ne|slt|sle|sgt|sge|ult|ule|ugt|uge}} i64 %0, %1
// CHECK: fcmp oeq double
// CHECK: fcmp nnan ult double
// CHECK: fcmp uno double
// CHECK: icmp eq ptr %4, %4
// CHECK: select i1
// CHECK: freeze i1
// CHECK-LABEL: define i64 @casts
// CHECK: sext i32 %0 to i64
// CHECK: zext nneg i32 %0 to i64
// CHECK: trunc nsw i64 %{{.*}} to i16
// CHECK: fptrunc double %{{.*}} to half
// CHECK: addrspacecast ptr %{{.*}} to ptr addrspace(1)
// CHECK: bitcast i32 %{{.*}} to <2 x i16>
// CHECK: !{i32 2, !"Debug Info Version", i32 3}

llvm.func @ints(%a: i32, %b: i32) -> i32 {
  %0 = llvm.add %a, %b overflow<nsw> : i32
  %1 = llvm.sub %0, %b overflow<nuw> : i32
  %2 = llvm.mul %1, %a overflow<nsw, nuw> : i32
  %3 = llvm.sdiv exact %2, %b : i32
  %4 = llvm.udiv %3, %b : i32
  %5 = llvm.srem %4, %a : i32
  %6 = llvm.urem %5, %a : i32
  %7 = llvm.shl %6, %b : i32
  %8 = llvm.lshr exact %7, %b : i32
  %9 = llvm.ashr %8, %b : i32
  %10 = llvm.and %9, %a : i32
  %11 = llvm.or disjoint %10, %b : i32
  %12 = llvm.xor %11, %a : i32
  llvm.return %12 : i32
}
llvm.func @floats(%x: f32, %y: f32) -> f32 {
  %0 = llvm.fadd %x, %y : f32
  %1 = llvm.fsub %0, %y {fastmathFlags = #llvm.fastmath<nnan, ninf>} : f32
  %2 = llvm.fmul %1, %x {fastmathFlags = #llvm.fastmath<fast>} : f32
  %3 = llvm.fdiv %2, %y : f32
  %4 = llvm.frem %3, %x : f32
  %5 = llvm.fneg %4 {fastmathFlags = #llvm.fastmath<nsz>} : f32
  llvm.return %5 : f32
}
llvm.func @compare(%a: i64, %b: i64, %x: f64, %y: f64, %p: !llvm.ptr) -> i1 {
  %0 = llvm.icmp "eq" %a, %b : i64
  %1 = llvm.icmp "ne" %a, %b : i64
  %2 = llvm.icmp "slt" %a, %b : i64
  %3 = llvm.icmp "sle" %a, %b : i64
  %4 = llvm.icmp "sgt" %a, %b : i64
  %5 = llvm.icmp "sge" %a, %b : i64
  %6 = llvm.icmp "ult" %a, %b : i64
  %7 = llvm.icmp "ule" %a, %b : i64
  %8 = llvm.icmp "ugt" %a, %b : i64
  %9 = llvm.icmp "uge" %a, %b : i64
  %10 = llvm.fcmp "oeq" %x, %y : f64
  %11 = llvm.fcmp "ult" %x, %y {fastmathFlags = #llvm.fastmath<nnan>} : f64
  %12 = llvm.fcmp "uno" %x, %y : f64
  %13 = llvm.icmp "eq" %p, %p : !llvm.ptr
  %14 = llvm.select %13, %10, %11 : i1, i1
  %15 = llvm.freeze %14 : i1
  llvm.return %15 : i1
}
llvm.func @casts(%a: i32, %x: f32, %p: !llvm.ptr) -> i64 {
  %0 = llvm.sext %a : i32 to i64
  %1 = llvm.zext nneg %a : i32 to i64
  %2 = llvm.trunc %0 overflow<nsw> : i64 to i16
  %3 = llvm.sitofp %a : i32 to f64
  %4 = llvm.uitofp %a : i32 to f32
  %5 = llvm.fptosi %x : f32 to i32
  %6 = llvm.fptoui %x : f32 to i8
  %7 = llvm.fpext %x : f32 to f64
  %8 = llvm.fptrunc %3 : f64 to f16
  %9 = llvm.bitcast %x : f32 to i32
  %10 = llvm.ptrtoint %p : !llvm.ptr to i64
  %11 = llvm.inttoptr %10 : i64 to !llvm.ptr
  %12 = llvm.addrspacecast %11 : !llvm.ptr to !llvm.ptr<1>
  %13 = llvm.bitcast %9 : i32 to vector<2xi16>
  llvm.return %1 : i64
}
