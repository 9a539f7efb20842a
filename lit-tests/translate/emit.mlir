// Output kinds and optimization: --emit=obj gives an object file llvm-nm reads,
// --emit=asm assembly, --emit=bc bitcode llvm-dis reads; -O2 runs LLVM's default<O2>
// (the loop becomes a closed form); an explicit triple is honored.
// RUN: pto-translate --mlir-to-llvmir --emit=obj %s -o %t.o
// RUN: llvm-nm %t.o | FileCheck %s --check-prefix=NM
// RUN: llvm-objdump -d %t.o | FileCheck %s --check-prefix=OBJDUMP
// RUN: pto-translate --mlir-to-llvmir --emit=asm -O2 %s | FileCheck %s --check-prefix=ASM
// RUN: pto-translate --mlir-to-llvmir --emit=bc %s -o %t.bc
// RUN: llvm-dis %t.bc -o - | FileCheck %s --check-prefix=BC
// RUN: pto-translate --mlir-to-llvmir -O2 %s | FileCheck %s --check-prefix=O2
// RUN: pto-translate --mlir-to-llvmir -O2 %s | opt -S -passes=verify | FileCheck %s --check-prefix=O2
// RUN: pto-translate --mlir-to-llvmir %s | FileCheck %s --check-prefix=O0
// RUN: pto-translate --mlir-to-llvmir --target-triple=x86_64-unknown-linux-gnu --target-cpu=skylake -O1 %s | FileCheck %s --check-prefix=TRIPLE
// RUN: pto-translate --mlir-to-llvmir --emit=obj --target-triple=aarch64-unknown-linux-gnu %s -o %t.arm.o
// RUN: llvm-objdump -f %t.arm.o | FileCheck %s --check-prefix=ARM

// NM: T sum_to
// NM: T twice
// OBJDUMP: <sum_to>:
// ASM: sum_to:
// BC: define i64 @sum_to(i64 %0)
// O0-NOT: target triple
// O0: phi i64
// O2: target triple =
// O2-LABEL: define i64 @sum_to
// O2-NOT: br label %{{.*}}loop
// O2: lshr i65
// O2: ret i64
// O2-LABEL: @twice(i64 %0)
// O2-NEXT: shl i64 %0, 1
// TRIPLE: target triple = "x86_64-unknown-linux-gnu"
// ARM: file format elf64-littleaarch64

llvm.func @sum_to(%n: i64) -> i64 {
  %c0 = llvm.mlir.constant(0 : i64) : i64
  %c1 = llvm.mlir.constant(1 : i64) : i64
  llvm.br ^loop(%c0, %c0 : i64, i64)
^loop(%i: i64, %acc: i64):
  %more = llvm.icmp "slt" %i, %n : i64
  llvm.cond_br %more, ^body, ^done
^body:
  %acc2 = llvm.add %acc, %i : i64
  %i2 = llvm.add %i, %c1 : i64
  llvm.br ^loop(%i2, %acc2 : i64, i64)
^done:
  llvm.return %acc : i64
}
llvm.func @twice(%x: i64) -> i64 {
  %0 = llvm.add %x, %x : i64
  llvm.return %0 : i64
}
