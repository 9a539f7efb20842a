// affine.apply evaluated by the interpreter and compiled (expand, lower-affine,
// lower-to-llvm, JIT at -O0 and -O2): floordiv, mod and ceildiv round toward -inf,
// return a non-negative remainder and round toward +inf, for negative operands too.
// Values by hand for (i, n) = (-7, 3) and (9, 4).
// RUN: pto-run --interpret %s -e f --arg -7 --arg 3 | FileCheck %s --check-prefix=NEG
// RUN: pto-run -O0 %s -e f --arg -7 --arg 3 | FileCheck %s --check-prefix=NEG
// RUN: pto-run -O2 %s -e f --arg -7 --arg 3 | FileCheck %s --check-prefix=NEG
// RUN: pto-run --interpret %s -e f --arg 9 --arg 4 | FileCheck %s --check-prefix=POS
// RUN: pto-run -O2 %s -e f --arg 9 --arg 4 | FileCheck %s --check-prefix=POS
// NEG: -2
// NEG-NEXT: 2
// NEG-NEXT: -3
// NEG-NEXT: -32
// NEG-NEXT: -3
// NEG-NEXT: 2
// NEG-NEXT: -2
// POS: 2
// POS-NEXT: 0
// POS-NEXT: 5
// POS-NEXT: 33
// POS-NEXT: 2
// POS-NEXT: 1
// POS-NEXT: 3

func.func @f(%i: index, %n: index) -> (index, index, index, index, index, index, index) {
  %0 = affine.apply affine_map<(d0) -> (d0 floordiv 4)>(%i)
  %1 = affine.apply affine_map<(d0) -> (d0 mod 3)>(%i)
  %2 = affine.apply affine_map<(d0) -> (d0 ceildiv 2)>(%i)
  %3 = affine.apply affine_map<(d0)[s0] -> (d0 * 4 + s0 - 7)>(%i)[%n]
  %4 = affine.apply affine_map<(d0)[s0] -> (d0 floordiv s0)>(%i)[%n]
  %5 = affine.apply affine_map<(d0)[s0] -> (d0 mod s0)>(%i)[%n]
  %6 = affine.apply affine_map<(d0)[s0] -> (d0 ceildiv s0)>(%i)[%n]
  return %0, %1, %2, %3, %4, %5, %6 : index, index, index, index, index, index, index
}
