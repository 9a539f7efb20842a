// Ops without a translation are errors at their location (never a crash); module-level
// ops are checked before function bodies; the output file is written only on success
// (an existing one is left as it was);
// bad flags are refused.
// RUN: pto-translate --mlir-to-llvmir --allow-unregistered-dialect --split-input-file --verify-diagnostics %s
// RUN: echo stale > %t.ll
// RUN: not pto-translate --mlir-to-llvmir --allow-unregistered-dialect %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: grep -q stale %t.ll
// RUN: not pto-translate --mlir-to-llvmir --emit=exe %s 2>&1 | FileCheck %s --check-prefix=EMIT
// RUN: not pto-translate --allow-unregistered-dialect %s 2>&1 | FileCheck %s --check-prefix=NONE
// RUN: not pto-translate --mlir-to-llvmir -O7 %s 2>&1 | FileCheck %s --check-prefix=OPT
// RUN: not pto-translate --mlir-to-llvmir --emit=obj --split-input-file %s 2>&1 | FileCheck %s --check-prefix=SPLIT
// RUN: not pto-translate --mlir-to-llvmir --emit=obj --target-triple=nonsense-unknown-none %S/emit.mlir 2>&1 | FileCheck %s --check-prefix=TRIPLE
// RUN: not pto-translate --mlir-to-llvmir -O2 --target-cpu=no-such-cpu %S/emit.mlir 2>&1 | FileCheck %s --check-prefix=CPU

// ERR: errors.mlir:[[# @LINE + 25]]:1: error: 'func.func' cannot be translated to LLVM IR at module level
// EMIT: invalid value 'exe' for '--emit <emit>'
// NONE: pto-translate: error: no translation given
// OPT: invalid value '7' for '-O <opt>'
// SPLIT: pto-translate: error: --split-input-file needs a textual output
// TRIPLE: error: no target for triple 'nonsense-unknown-none'
// CPU-NOT: LLVM ERROR
// CPU: error: unknown target CPU 'no-such-cpu' for '{{.*}}' (`llc -mtriple={{.*}} -mcpu=help` lists them)
// CPU-NOT: recognized processor

llvm.func @ok(%x: i32) -> i32 {
  llvm.return %x : i32
}

// -----

llvm.func @f(%x: i32) -> i32 {
  // expected-error @below {{cannot translate 'test.op' to LLVM IR (no translation for this op)}}
  %0 = "test.op"(%x) : (i32) -> i32
  llvm.return %0 : i32
}

// -----

// expected-error @below {{'func.func' cannot be translated to LLVM IR at module level}}
func.func @g() {
  return
}

// -----

// A float constant of an integer type of its width is its bits (mlir-translate's
// rule); of another width it is an error.
// expected-error @below {{global '@x': a float attribute needs a float type}}
llvm.mlir.global external @x(1.5 : f32) : i64

// -----

// expected-error @below {{type vector<[4]xi32> has no LLVM IR equivalent}}
llvm.func @scalable(%a: vector<[4]xi32>) -> vector<[4]xi32> {
  llvm.return %a : vector<[4]xi32>
}

// -----

llvm.func @short() -> !llvm.array<2 x i32> {
  // expected-error @below {{dense attribute of 3 elements for a type of 2 elements}}
  %0 = llvm.mlir.constant(dense<[1, 2, 3]> : tensor<3xi32>) : !llvm.array<2 x i32>
  llvm.return %0 : !llvm.array<2 x i32>
}
