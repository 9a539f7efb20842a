// Control flow: block arguments become phis (incoming values in mlir-translate's
// order), a terminator reaching the same block twice with arguments goes through a
// forwarding block, switch with arguments, unreachable; calls: direct, indirect,
// through addressof, variadic, tail, calling conventions; function and argument
// attributes.
// RUN: %translate-compat %s
// RUN: pto-translate --mlir-to-llvmir %s | FileCheck %s
// RUN: mlir-translate --mlir-to-llvmir %s | FileCheck %s

// CHECK: declare i32 @printf(ptr, ...)
// CHECK-LABEL: define i64 @loop(i64 %0)
// CHECK: [[HEAD:[0-9]+]]:{{.*}}preds = %[[LATCH:[0-9]+]], %1
// CHECK-NEXT: phi i64 [ %{{[0-9]+}}, %[[LATCH]] ], [ 0, %1 ]
// CHECK: br i1 %{{[0-9]+}}, label %[[LATCH]], label %[[FWD:[0-9]+]]
// CHECK: [[LATCH]]:{{.*}}preds = %[[FWD]], %{{[0-9]+}}
// CHECK: [[FWD]]:
// CHECK-NEXT: phi i64 [ 0, %{{[0-9]+}} ]
// CHECK-NEXT: br label %[[LATCH]]
// CHECK-LABEL: define i32 @sw
// CHECK: switch i32 %0, label %{{[0-9]+}} [
// CHECK-NEXT: i32 0, label
// CHECK-NEXT: i32 5, label
// CHECK-NEXT: i32 -7, label
// CHECK: unreachable
// CHECK-LABEL: define i32 @calls
// CHECK: call i32 @callee(i32 %0)
// CHECK: call i32 %1(i32
// CHECK: call i32 (ptr, ...) @printf(ptr @fmt, i32
// CHECK: tail call i32 @callee
// CHECK: call fastcc i32 @fast
// CHECK: define fastcc i32 @fast(i32 %0) #[[ATTRS:[0-9]+]]
// CHECK: define internal noundef i32 @attrs(ptr noalias nonnull align 16 %0, ptr readonly %1)
// CHECK: attributes #[[ATTRS]] = { noinline }

llvm.func @printf(!llvm.ptr, ...) -> i32
llvm.func @callee(i32) -> i32
llvm.func @loop(%n: i64) -> i64 {
  %c0 = llvm.mlir.constant(0 : i64) : i64
  %c1 = llvm.mlir.constant(1 : i64) : i64
  llvm.br ^header(%c0, %c0 : i64, i64)
^header(%i: i64, %acc: i64):
  %more = llvm.icmp "slt" %i, %n : i64
  llvm.cond_br %more, ^body, ^exit(%acc : i64)
^body:
  %odd = llvm.and %i, %c1 : i64
  %isodd = llvm.icmp "ne" %odd, %c0 : i64
  llvm.cond_br %isodd, ^latch(%i : i64), ^latch(%c0 : i64)
^latch(%add: i64):
  %acc2 = llvm.add %acc, %add : i64
  %i2 = llvm.add %i, %c1 : i64
  llvm.br ^header(%i2, %acc2 : i64, i64)
^exit(%r: i64):
  llvm.return %r : i64
}
llvm.func @sw(%x: i32, %y: i32) -> i32 {
  llvm.switch %x : i32, ^default(%y : i32) [
    0: ^one(%x : i32),
    5: ^one(%y : i32),
    -7: ^two
  ]
^default(%a: i32):
  llvm.return %a : i32
^one(%b: i32):
  llvm.return %b : i32
^two:
  llvm.unreachable
}
llvm.func @calls(%x: i32, %f: !llvm.ptr) -> i32 {
  %0 = llvm.call @callee(%x) : (i32) -> i32
  %1 = llvm.call %f(%0) : !llvm.ptr, (i32) -> i32
  %2 = llvm.mlir.addressof @callee : !llvm.ptr
  %3 = llvm.call %2(%1) : !llvm.ptr, (i32) -> i32
  %s = llvm.mlir.addressof @fmt : !llvm.ptr
  %4 = llvm.call @printf(%s, %3) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32) -> i32
  %5 = llvm.call tail @callee(%4) : (i32) -> i32
  %6 = llvm.call fastcc @fast(%5) : (i32) -> i32
  llvm.return %6 : i32
}
llvm.func fastcc @fast(%x: i32) -> i32 attributes {no_inline} {
  llvm.return %x : i32
}
llvm.func internal @attrs(%p: !llvm.ptr {llvm.noalias, llvm.nonnull, llvm.align = 16 : i64}, %q: !llvm.ptr {llvm.readonly}) -> (i32 {llvm.noundef}) {
  %0 = llvm.load %q : !llvm.ptr -> i32
  llvm.return %0 : i32
}
llvm.mlir.global private constant @fmt("%d\0A\00") : !llvm.array<4 x i8>
