// The interpreter has a step budget (--max-steps, default 10^10 ops): a loop that never
// ends is a located error with exit status 1, not a hang. A run within the budget is
// unaffected.
// RUN: not pto-run %s -e spin --arg 0 --interpret --max-steps 100000 2>&1 | FileCheck %s
// CHECK: max-steps.mlir:14:9: error: the interpreter stopped after 100000 steps (--max-steps): the program may not end
// RUN: pto-run %s -e count --arg 1000 --interpret --max-steps 100000 | FileCheck %s --check-prefix=OK
// OK: 1000
// RUN: not pto-run %s -e count --arg 100000 --interpret --max-steps 100000 2>&1 | FileCheck %s --check-prefix=OVER
// OVER: error: the interpreter stopped after 100000 steps

func.func @spin(%n: i64) -> i64 {
  cf.br ^bb1(%n : i64)
^bb1(%i: i64):
  %c1 = arith.constant 1 : i64
  %j = arith.addi %i, %c1 : i64
  cf.br ^bb1(%j : i64)
}

func.func @count(%n: i64) -> i64 {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %c0) -> (i64) : i64 {
    %b = arith.addi %a, %c1 : i64
    scf.yield %b : i64
  }
  return %r : i64
}
