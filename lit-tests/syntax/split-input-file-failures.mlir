// When a chunk fails, the chunks that succeeded are still printed on stdout, each in its
// place between the markers (the failed one leaves an empty place), and the exit status
// is 1, as mlir-opt does; an output file is not written at all.
// RUN: not %pto-opt %s --split-input-file 2>/dev/null | FileCheck %s
// RUN: not %mlir-opt %s --split-input-file 2>/dev/null | FileCheck %s
// RUN: rm -f %t.out && not %pto-opt %s --split-input-file -o %t.out 2>/dev/null
// RUN: not test -e %t.out
// With --verify-diagnostics the expected failure also keeps its place.
// RUN: sed -e 's|^// VERIFY: ||' %s > %t.verify.mlir
// RUN: %pto-opt %t.verify.mlir --split-input-file --verify-diagnostics | FileCheck %s
// RUN: %mlir-opt %t.verify.mlir --split-input-file --verify-diagnostics | FileCheck %s

func.func @first() {
  return
}

// -----

// VERIFY: // expected-error @+1 {{expected 2 operands, but found 0}}
%0 = "arith.addi"() : () -> i32

// -----

func.func @third() {
  return
}

// CHECK:      func.func @first()
// CHECK:      {{^}}}
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}//{{ -----$}}
// CHECK-NEXT: {{^}}//{{ -----$}}
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @third()
