// Buffers whose size the program chooses are checked before they are allocated: a byte
// count that overflows, or one past the interpreter's 4 GiB, is an error at the op,
// never an abort.
// RUN: not pto-run %s -e big --interpret 2>&1 | FileCheck %s --check-prefix=BIG
// BIG: alloc-limits.mlir:[[# @LINE + 9]]:8: error: a buffer of 4611686018427387900 bytes is more than the interpreter allocates (at most 4294967296)
// RUN: not pto-run %s -e dynamic --arg 9223372036854775807 --interpret 2>&1 | FileCheck %s --check-prefix=OVER
// OVER: error: a buffer of [9223372036854775807] elements does not fit in memory
// RUN: not pto-run %s -e dynamic --arg 600000000 --interpret 2>&1 | FileCheck %s --check-prefix=LIMIT
// LIMIT: error: a buffer of 4800000000 bytes is more than the interpreter allocates
// RUN: pto-run %s -e dynamic --arg 1000 --interpret | FileCheck %s --check-prefix=OK
// OK: 0

func.func @big() -> i64 {
  %m = memref.alloc() : memref<1152921504606846975xf32>
  %c0 = arith.constant 0 : i64
  return %c0 : i64
}

func.func @dynamic(%n: index) -> i64 {
  %m = memref.alloca(%n) : memref<?xi64>
  %c0 = arith.constant 0 : i64
  return %c0 : i64
}
