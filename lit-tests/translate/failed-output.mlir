// A failed run leaves its output as it was: `-o /dev/null` (or a pipe) survives a
// failure, and so does an existing regular file; pto-translate and pto-opt alike. A FIFO stands in for
// /dev/null here, so a regression cannot break the machine.
// RUN: rm -f %t.fifo && mkfifo %t.fifo
// RUN: not pto-translate --mlir-to-llvmir %s -o %t.fifo
// RUN: not pto-opt %s -o %t.fifo
// RUN: test -p %t.fifo
// A regular file is kept.
// RUN: echo stale > %t.ll
// RUN: not pto-translate --mlir-to-llvmir %s -o %t.ll
// RUN: not pto-opt %s -o %t.ll
// RUN: grep -q stale %t.ll

// An llvm.func with a func.return: invalid, so both tools fail.
llvm.func @f() {
  func.return
}
