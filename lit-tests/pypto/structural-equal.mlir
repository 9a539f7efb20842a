// pypto-structural-equal: the input against another file, names and spans ignored,
// definitions and free values mapped one to one; the first difference is an error at
// the input's op, with a note at the other file's and the path to it.
// RUN: pto-opt %s --pypto-structural-equal=file=%S/Inputs/structural-equal-renamed.mlir | FileCheck %s
// RUN: not pto-opt %s --pypto-structural-equal=file=%S/Inputs/structural-equal-other.mlir 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: not pto-opt %s --pypto-structural-equal=file=%S/Inputs/missing.mlir 2>&1 | FileCheck %s --check-prefix=MISSING

// CHECK-LABEL: func.func @f
// ERR: structural-equal.mlir:[[# @LINE + 8]]:12: error: not structurally equal to '{{.*}}structural-equal-other.mlir': func.func @f > scf.for #2 > pypto.add #0: operand 1 refers to a different variable
// ERR: structural-equal-other.mlir:7:12: note: the other program differs here
// MISSING: error: cannot read '{{.*}}missing.mlir'
module @a {
  func.func @f(%x: i64, %y: i64) -> i64 {
    %c0 = pypto.const 0 : i64 loc("zero")
    %c1 = pypto.const 1 : i64
    %r = scf.for %i = %c0 to %x step %c1 iter_args(%s = %x) -> (i64) : i64 {
      %t = pypto.add %s, %i : i64
      scf.yield %t : i64
    } {pypto.arg_names = ["i", "s"]}
    return %r : i64
  }
}
