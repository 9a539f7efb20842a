// llvm dialect, part 1: llvm.func, llvm.return, llvm.call, llvm.br, llvm.cond_br,
// llvm.switch, integer and float arithmetic, icmp/fcmp, select, load/store,
// getelementptr, alloca, mlir.constant/undef/poison/zero/addressof, mlir.global,
// insertvalue/extractvalue, and the types !llvm.ptr, !llvm.struct, !llvm.array,
// !llvm.func. Casts and llvm.intr.* ops are in casts-intrinsics.mlir.
// RUN: %pto-opt %s | FileCheck %s
// RUN: %roundtrip %s
// RUN: %compat %s
// RUN: %compat %s --canonicalize
// RUN: %compat %s --mlir-print-debuginfo

// CHECK-LABEL: llvm.mlir.global external @gvar(42 : i32) {addr_space = 0 : i32} : i32
llvm.mlir.global external @gvar(42 : i32) : i32
// CHECK-LABEL: llvm.mlir.global internal constant @gstr("hello\00") {addr_space = 0 : i32}
llvm.mlir.global internal constant @gstr("hello\00") {addr_space = 0 : i32} : !llvm.array<6 x i8>
// CHECK-LABEL: llvm.mlir.global private @gzero() {addr_space = 0 : i32, alignment = 8 : i64} : !llvm.struct<(i32, f64)> {
// CHECK-NEXT:   %0 = llvm.mlir.zero : !llvm.struct<(i32, f64)>
// CHECK-NEXT:   llvm.return %0 : !llvm.struct<(i32, f64)>
// CHECK-NEXT: }
llvm.mlir.global private @gzero() {alignment = 8 : i64} : !llvm.struct<(i32, f64)> {
  %0 = llvm.mlir.zero : !llvm.struct<(i32, f64)>
  llvm.return %0 : !llvm.struct<(i32, f64)>
}
// CHECK-LABEL: llvm.mlir.global external @gext() {addr_space = 0 : i32} : !llvm.ptr
llvm.mlir.global external @gext() : !llvm.ptr

// CHECK-LABEL: llvm.func @decl(i32, !llvm.ptr) -> f32
llvm.func @decl(i32, !llvm.ptr) -> f32
// CHECK-LABEL: llvm.func @vararg_decl(!llvm.ptr, ...) -> i32
llvm.func @vararg_decl(!llvm.ptr, ...) -> i32
// CHECK-LABEL: llvm.func internal @void_fn() {
// CHECK-NEXT:   llvm.return
// CHECK-NEXT: }
llvm.func internal @void_fn() {
  llvm.return
}

// CHECK-LABEL: llvm.func private @arg_attrs(%arg0: !llvm.ptr {llvm.noalias, llvm.nonnull}, %arg1: i32 {llvm.signext}) -> (i32 {llvm.zeroext}) {
// CHECK-NEXT:   llvm.return %arg1 : i32
// CHECK-NEXT: }
llvm.func private @arg_attrs(%p: !llvm.ptr {llvm.noalias, llvm.nonnull}, %x: i32 {llvm.signext}) -> (i32 {llvm.zeroext}) {
  llvm.return %x : i32
}

// CHECK-LABEL: llvm.func @calls(%arg0: i32, %arg1: !llvm.ptr) -> f32 {
// CHECK-NEXT:   %0 = llvm.call @decl(%arg0, %arg1) : (i32, !llvm.ptr) -> f32
// CHECK-NEXT:   llvm.call @void_fn() : () -> ()
// CHECK-NEXT:   %1 = llvm.call @vararg_decl(%arg1, %arg0, %0) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32, f32) -> i32
// CHECK-NEXT:   %2 = llvm.mlir.addressof @decl : !llvm.ptr
// CHECK-NEXT:   %3 = llvm.call %2(%arg0, %arg1) : !llvm.ptr, (i32, !llvm.ptr) -> f32
// CHECK-NEXT:   llvm.return %3 : f32
// CHECK-NEXT: }
llvm.func @calls(%a: i32, %p: !llvm.ptr) -> f32 {
  %0 = llvm.call @decl(%a, %p) : (i32, !llvm.ptr) -> f32
  llvm.call @void_fn() : () -> ()
  %1 = llvm.call @vararg_decl(%p, %a, %0) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32, f32) -> i32
  %f = llvm.mlir.addressof @decl : !llvm.ptr
  %2 = llvm.call %f(%a, %p) : !llvm.ptr, (i32, !llvm.ptr) -> f32
  llvm.return %2 : f32
}

// CHECK-LABEL: llvm.func @int_arith(%arg0: i32, %arg1: i32) -> i32 {
// CHECK-NEXT:   %0 = llvm.add %arg0, %arg1 : i32
// CHECK-NEXT:   %1 = llvm.sub %arg0, %arg1 : i32
// CHECK-NEXT:   %2 = llvm.mul %arg0, %arg1 : i32
// CHECK-NEXT:   %3 = llvm.sdiv %arg0, %arg1 : i32
// CHECK-NEXT:   %4 = llvm.udiv %arg0, %arg1 : i32
// CHECK-NEXT:   %5 = llvm.srem %arg0, %arg1 : i32
// CHECK-NEXT:   %6 = llvm.urem %arg0, %arg1 : i32
// CHECK-NEXT:   %7 = llvm.and %arg0, %arg1 : i32
// CHECK-NEXT:   %8 = llvm.or %arg0, %arg1 : i32
// CHECK-NEXT:   %9 = llvm.xor %arg0, %arg1 : i32
// CHECK-NEXT:   %10 = llvm.shl %arg0, %arg1 : i32
// CHECK-NEXT:   %11 = llvm.lshr %arg0, %arg1 : i32
// CHECK-NEXT:   %12 = llvm.ashr %arg0, %arg1 : i32
// CHECK-NEXT:   %13 = llvm.add %arg0, %arg1 overflow<nsw, nuw> : i32
// CHECK-NEXT:   %14 = llvm.sdiv exact %arg0, %arg1 : i32
// CHECK-NEXT:   llvm.return %0 : i32
// CHECK-NEXT: }
llvm.func @int_arith(%a: i32, %b: i32) -> i32 {
  %0 = llvm.add %a, %b : i32
  %1 = llvm.sub %a, %b : i32
  %2 = llvm.mul %a, %b : i32
  %3 = llvm.sdiv %a, %b : i32
  %4 = llvm.udiv %a, %b : i32
  %5 = llvm.srem %a, %b : i32
  %6 = llvm.urem %a, %b : i32
  %7 = llvm.and %a, %b : i32
  %8 = llvm.or %a, %b : i32
  %9 = llvm.xor %a, %b : i32
  %10 = llvm.shl %a, %b : i32
  %11 = llvm.lshr %a, %b : i32
  %12 = llvm.ashr %a, %b : i32
  %13 = llvm.add %a, %b overflow<nsw, nuw> : i32
  %14 = llvm.sdiv exact %a, %b : i32
  llvm.return %0 : i32
}

// CHECK-LABEL: llvm.func @float_arith(%arg0: f64, %arg1: f64, %arg2: vector<4xf32>) -> f64 {
// CHECK-NEXT:   %0 = llvm.fadd %arg0, %arg1 : f64
// CHECK-NEXT:   %1 = llvm.fsub %arg0, %arg1 : f64
// CHECK-NEXT:   %2 = llvm.fmul %arg0, %arg1 : f64
// CHECK-NEXT:   %3 = llvm.fdiv %arg0, %arg1 : f64
// CHECK-NEXT:   %4 = llvm.frem %arg0, %arg1 : f64
// CHECK-NEXT:   %5 = llvm.fneg %arg0 : f64
// CHECK-NEXT:   %6 = llvm.fadd %arg2, %arg2 {fastmathFlags = #llvm.fastmath<fast>} : vector<4xf32>
// CHECK-NEXT:   %7 = llvm.fmul %arg0, %arg1 {fastmathFlags = #llvm.fastmath<nnan, ninf>} : f64
// CHECK-NEXT:   llvm.return %0 : f64
// CHECK-NEXT: }
llvm.func @float_arith(%a: f64, %b: f64, %v: vector<4xf32>) -> f64 {
  %0 = llvm.fadd %a, %b : f64
  %1 = llvm.fsub %a, %b : f64
  %2 = llvm.fmul %a, %b : f64
  %3 = llvm.fdiv %a, %b : f64
  %4 = llvm.frem %a, %b : f64
  %5 = llvm.fneg %a : f64
  %6 = llvm.fadd %v, %v {fastmathFlags = #llvm.fastmath<fast>} : vector<4xf32>
  %7 = llvm.fmul %a, %b {fastmathFlags = #llvm.fastmath<nnan, ninf>} : f64
  llvm.return %0 : f64
}

// CHECK-LABEL: llvm.func @compare_select(%arg0: i64, %arg1: i64, %arg2: f32, %arg3: f32) -> i64 {
// CHECK-NEXT:   %0 = llvm.icmp "eq" %arg0, %arg1 : i64
// CHECK-NEXT:   %1 = llvm.icmp "slt" %arg0, %arg1 : i64
// CHECK-NEXT:   %2 = llvm.icmp "uge" %arg0, %arg1 : i64
// CHECK-NEXT:   %3 = llvm.fcmp "olt" %arg2, %arg3 : f32
// CHECK-NEXT:   %4 = llvm.fcmp "uno" %arg2, %arg3 {fastmathFlags = #llvm.fastmath<fast>} : f32
// CHECK-NEXT:   %5 = llvm.select %1, %arg0, %arg1 : i1, i64
// CHECK-NEXT:   llvm.return %5 : i64
// CHECK-NEXT: }
llvm.func @compare_select(%a: i64, %b: i64, %x: f32, %y: f32) -> i64 {
  %0 = llvm.icmp "eq" %a, %b : i64
  %1 = llvm.icmp "slt" %a, %b : i64
  %2 = llvm.icmp "uge" %a, %b : i64
  %3 = llvm.fcmp "olt" %x, %y : f32
  %4 = llvm.fcmp "uno" %x, %y {fastmathFlags = #llvm.fastmath<fast>} : f32
  %5 = llvm.select %1, %a, %b : i1, i64
  llvm.return %5 : i64
}

// CHECK-LABEL: llvm.func @memory(%arg0: !llvm.ptr, %arg1: i64, %arg2: f32) -> f32 {
// CHECK-NEXT:   %0 = llvm.alloca %arg1 x f32 : (i64) -> !llvm.ptr
// CHECK-NEXT:   %1 = llvm.alloca %arg1 x i32 {alignment = 16 : i64} : (i64) -> !llvm.ptr
// CHECK-NEXT:   llvm.store %arg2, %0 : f32, !llvm.ptr
// CHECK-NEXT:   llvm.store %arg2, %0 {alignment = 4 : i64} : f32, !llvm.ptr
// CHECK-NEXT:   llvm.store volatile %arg2, %0 : f32, !llvm.ptr
// CHECK-NEXT:   %2 = llvm.load %0 : !llvm.ptr -> f32
// CHECK-NEXT:   %3 = llvm.load %0 {alignment = 8 : i64} : !llvm.ptr -> f32
// CHECK-NEXT:   %4 = llvm.load volatile %0 : !llvm.ptr -> f32
// CHECK-NEXT:   %5 = llvm.getelementptr %arg0[%arg1] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK-NEXT:   %6 = llvm.getelementptr %arg0[0, 1] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(i32, f64)>
// CHECK-NEXT:   %7 = llvm.getelementptr inbounds %arg0[%arg1, 2] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.array<4 x i8>
// CHECK-NEXT:   %8 = llvm.load %5 : !llvm.ptr -> !llvm.ptr
// CHECK-NEXT:   llvm.return %2 : f32
// CHECK-NEXT: }
llvm.func @memory(%p: !llvm.ptr, %n: i64, %v: f32) -> f32 {
  %0 = llvm.alloca %n x f32 : (i64) -> !llvm.ptr
  %1 = llvm.alloca %n x i32 {alignment = 16 : i64} : (i64) -> !llvm.ptr
  llvm.store %v, %0 : f32, !llvm.ptr
  llvm.store %v, %0 {alignment = 4 : i64} : f32, !llvm.ptr
  llvm.store volatile %v, %0 : f32, !llvm.ptr
  %2 = llvm.load %0 : !llvm.ptr -> f32
  %3 = llvm.load %0 {alignment = 8 : i64} : !llvm.ptr -> f32
  %4 = llvm.load volatile %0 : !llvm.ptr -> f32
  %5 = llvm.getelementptr %p[%n] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %6 = llvm.getelementptr %p[0, 1] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(i32, f64)>
  %7 = llvm.getelementptr inbounds %p[%n, 2] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.array<4 x i8>
  %8 = llvm.load %5 : !llvm.ptr -> !llvm.ptr
  llvm.return %2 : f32
}

// CHECK-LABEL: llvm.func @constants() -> !llvm.struct<(i32, f32, ptr)> {
// CHECK-NEXT:   %0 = llvm.mlir.constant(7 : i32) : i32
// CHECK-NEXT:   %1 = llvm.mlir.constant(1.500000e+00 : f32) : f32
// CHECK-NEXT:   %2 = llvm.mlir.constant(dense<[1, 2]> : vector<2xi64>) : vector<2xi64>
// CHECK-NEXT:   %3 = llvm.mlir.undef : !llvm.struct<(i32, f32, ptr)>
// CHECK-NEXT:   %4 = llvm.mlir.poison : i8
// CHECK-NEXT:   %5 = llvm.mlir.zero : !llvm.ptr
// CHECK-NEXT:   %6 = llvm.mlir.addressof @gvar : !llvm.ptr
// CHECK-NEXT:   %7 = llvm.insertvalue %0, %3[0] : !llvm.struct<(i32, f32, ptr)>
// CHECK-NEXT:   %8 = llvm.insertvalue %1, %7[1] : !llvm.struct<(i32, f32, ptr)>
// CHECK-NEXT:   %9 = llvm.insertvalue %6, %8[2] : !llvm.struct<(i32, f32, ptr)>
// CHECK-NEXT:   %10 = llvm.extractvalue %9[1] : !llvm.struct<(i32, f32, ptr)>
// CHECK-NEXT:   %11 = llvm.mlir.undef : !llvm.array<2 x struct<(i8, array<3 x i16>)>>
// CHECK-NEXT:   %12 = llvm.extractvalue %11[1, 1, 2] : !llvm.array<2 x struct<(i8, array<3 x i16>)>>
// CHECK-NEXT:   %13 = llvm.mlir.constant(true) : i1
// CHECK-NEXT:   llvm.return %9 : !llvm.struct<(i32, f32, ptr)>
// CHECK-NEXT: }
llvm.func @constants() -> !llvm.struct<(i32, f32, ptr)> {
  %0 = llvm.mlir.constant(7 : i32) : i32
  %1 = llvm.mlir.constant(1.5 : f32) : f32
  %2 = llvm.mlir.constant(dense<[1, 2]> : vector<2xi64>) : vector<2xi64>
  %3 = llvm.mlir.undef : !llvm.struct<(i32, f32, ptr)>
  %4 = llvm.mlir.poison : i8
  %5 = llvm.mlir.zero : !llvm.ptr
  %6 = llvm.mlir.addressof @gvar : !llvm.ptr
  %7 = llvm.insertvalue %0, %3[0] : !llvm.struct<(i32, f32, ptr)>
  %8 = llvm.insertvalue %1, %7[1] : !llvm.struct<(i32, f32, ptr)>
  %9 = llvm.insertvalue %6, %8[2] : !llvm.struct<(i32, f32, ptr)>
  %10 = llvm.extractvalue %9[1] : !llvm.struct<(i32, f32, ptr)>
  %11 = llvm.mlir.undef : !llvm.array<2 x struct<(i8, array<3 x i16>)>>
  %12 = llvm.extractvalue %11[1, 1, 2] : !llvm.array<2 x struct<(i8, array<3 x i16>)>>
  %13 = llvm.mlir.constant(true) : i1
  llvm.return %9 : !llvm.struct<(i32, f32, ptr)>
}

// CHECK-LABEL: llvm.func @control_flow(%arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
// CHECK-NEXT:   llvm.cond_br %arg0, ^bb1(%arg1 : i32), ^bb2
// CHECK-NEXT: ^bb1(%0: i32):  // 2 preds: ^bb0, ^bb2
// CHECK-NEXT:   llvm.br ^bb3(%0 : i32)
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT:   llvm.switch %arg2 : i32, ^bb3(%arg1 : i32) [
// CHECK-NEXT:     1: ^bb3(%arg2 : i32),
// CHECK-NEXT:     5: ^bb1(%arg1 : i32)
// CHECK-NEXT:   ]
// CHECK-NEXT: ^bb3(%1: i32):  // 3 preds: ^bb1, ^bb2, ^bb2
// CHECK-NEXT:   llvm.return %1 : i32
// CHECK-NEXT: }
llvm.func @control_flow(%c: i1, %a: i32, %s: i32) -> i32 {
  llvm.cond_br %c, ^bb1(%a : i32), ^bb2
^bb1(%x: i32):
  llvm.br ^bb3(%x : i32)
^bb2:
  llvm.switch %s : i32, ^bb3(%a : i32) [
    1: ^bb3(%s : i32),
    5: ^bb1(%a : i32)
  ]
^bb3(%r: i32):
  llvm.return %r : i32
}

// CHECK-LABEL: llvm.func @func_types(%arg0: !llvm.ptr, %arg1: !llvm.array<4 x array<2 x f32>>, %arg2: !llvm.struct<packed (i8, i32)>) -> !llvm.struct<()> attributes {passthrough = ["nounwind"]} {
// CHECK-NEXT:   %0 = llvm.mlir.undef : !llvm.struct<()>
// CHECK-NEXT:   llvm.return %0 : !llvm.struct<()>
// CHECK-NEXT: }
llvm.func @func_types(%f: !llvm.ptr, %arr: !llvm.array<4 x array<2 x f32>>, %p: !llvm.struct<packed (i8, i32)>) -> !llvm.struct<()> attributes {passthrough = ["nounwind"]} {
  %0 = llvm.mlir.undef : !llvm.struct<()>
  llvm.return %0 : !llvm.struct<()>
}
