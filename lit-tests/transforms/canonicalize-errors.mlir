// canonicalize failures: non-convergence under test-convergence is a pass failure with
// a diagnostic (mlir-opt only exits 1), bad option values are rejected, and nothing is
// written to the output file.
// RUN: rm -f %t.out
// RUN: not %pto-opt %s --pass-pipeline='builtin.module(func.func(canonicalize{max-iterations=1 test-convergence}))' -o %t.out 2>&1 | FileCheck %s --check-prefix=CONVERGE
// RUN: not %pto-opt %s --canonicalize="max-iterations=1 test-convergence" 2>&1 | FileCheck %s --check-prefix=MODULE
// RUN: not test -e %t.out
// RUN: %pto-opt %s --canonicalize="max-iterations=2 test-convergence" | FileCheck %s --check-prefix=OK
// RUN: not %pto-opt %s --canonicalize="region-simplify=aggressive" 2>&1 | FileCheck %s --check-prefix=OPTION

// CONVERGE: canonicalize-errors.mlir:[[@LINE+4]]:1: error: canonicalizer failed to converge
// MODULE: canonicalize-errors.mlir:0:0: error: canonicalizer failed to converge
// OK-LABEL: func.func @unreachable(
// OK-NEXT:    return %arg0 : i32
func.func @unreachable(%x: i32) -> i32 {
  return %x : i32
^dead:
  %z = arith.addi %x, %x : i32
  return %z : i32
}

// OPTION: for the --region-simplify option: Cannot find option named 'aggressive'!
