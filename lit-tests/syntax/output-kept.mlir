// Nothing is lost: a failed run leaves an existing output file as it was (the tools
// write a temporary file beside it and rename it over the output only on success), and
// a successful run replaces it whole.
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: echo previous > %t.d/out
// RUN: not pto-opt %s -o %t.d/out
// RUN: FileCheck %s --check-prefix=KEPT < %t.d/out
// RUN: not pto-translate %s --mlir-to-llvmir -o %t.d/out
// RUN: FileCheck %s --check-prefix=KEPT < %t.d/out
// RUN: echo previous > %t.d/x.npy
// RUN: not pto-run %s -e f --out %t.d/x.npy
// RUN: FileCheck %s --check-prefix=KEPT < %t.d/x.npy
// KEPT: previous
// RUN: pto-opt %S/Inputs/output-ok.mlir -o %t.d/out
// RUN: FileCheck %s --check-prefix=NEW < %t.d/out
// NEW: func.func @ok
// NEW-NOT: previous
// A temporary file is left behind by none of them.
// RUN: ls -a %t.d | FileCheck %s --check-prefix=TMP
// TMP-NOT: .tmp

func.func @f() -> i32 {
  %c = arith.constant 1 : i64
  return %c : i32
}
