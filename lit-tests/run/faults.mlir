// A fault in compiled code (an integer division by zero or INT_MIN / -1, a stack
// overflow from unbounded recursion) is reported naming the entry and the signal, with
// exit status 1 and no core dump; the same calls run normally otherwise.
// RUN: not pto-run %s -e div --arg 7 --arg 0 2>&1 | FileCheck %s --check-prefix=DIV
// RUN: not pto-run %s -e div --arg -2147483648 --arg -1 2>&1 | FileCheck %s --check-prefix=DIV
// DIV: pto-run: error: compiled code of '@div' was stopped by SIGFPE (an integer division by zero, or INT_MIN / -1)
// RUN: not pto-run %s -e rec --arg 0 -O0 2>&1 | FileCheck %s --check-prefix=REC
// REC: pto-run: error: compiled code of '@rec' was stopped by SIGSEGV
// RUN: pto-run %s -e div --arg 7 --arg 2 | FileCheck %s --check-prefix=OK
// OK: 3
// The interpreter reports the same division at the op.
// RUN: not pto-run %s -e div --arg 7 --arg 0 --interpret 2>&1 | FileCheck %s --check-prefix=INTERP
// INTERP: faults.mlir:[[# @LINE + 3]]:8: error:

func.func @div(%a: i32, %b: i32) -> i32 {
  %q = arith.divsi %a, %b : i32
  return %q : i32
}

func.func @rec(%n: i64) -> i64 {
  %c1 = arith.constant 1 : i64
  %m = arith.addi %n, %c1 : i64
  %r = func.call @rec(%m) : (i64) -> i64
  %s = arith.addi %r, %c1 : i64
  return %s : i64
}

// Unbounded recursion at -O2 becomes a loop without end (LLVM may assume recursion
// terminates): --timeout stops it with an error.
// RUN: not pto-run %s -e rec --arg 0 -O2 --timeout 1 2>&1 | FileCheck %s --check-prefix=TIMEOUT
// TIMEOUT: pto-run: error: '@rec' did not finish within 1 s (--timeout)
