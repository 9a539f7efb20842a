// Function values: func.constant names a function, arith.select picks one, and
// func.call_indirect calls it, compiled (through a function pointer) and interpreted.
// RUN: pto-run %s --arg 5 --arg true | FileCheck %s --check-prefix=DOUBLE
// RUN: pto-run %s --arg 5 --arg false | FileCheck %s --check-prefix=TRIPLE
// RUN: pto-run %s --interpret --arg 5 --arg true | FileCheck %s --check-prefix=DOUBLE
// RUN: pto-run %s --interpret --arg 5 --arg false | FileCheck %s --check-prefix=TRIPLE
// DOUBLE: 10
// TRIPLE: 15
func.func @double(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  return %0 : i32
}
func.func @triple(%a: i32) -> i32 {
  %c = arith.constant 3 : i32
  %0 = arith.muli %a, %c : i32
  return %0 : i32
}
func.func @main(%x: i32, %c: i1) -> i32 {
  %f = func.constant @double : (i32) -> i32
  %g = func.constant @triple : (i32) -> i32
  %h = arith.select %c, %f, %g : (i32) -> i32
  %r = func.call_indirect %h(%x) : (i32) -> i32
  return %r : i32
}
