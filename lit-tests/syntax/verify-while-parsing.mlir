// pto-opt verifies the functions of a file on another thread while it parses the rest
// (unless --mlir-disable-threading). The errors, their order and their locations are
// the same either way, and the same as mlir-opt's: functions at the top of the file and
// in a module, and locations given by aliases defined after their use.
// RUN: not %pto-opt %s --allow-unregistered-dialect --split-input-file 2> %t.threads
// RUN: not %pto-opt %s --allow-unregistered-dialect --split-input-file --mlir-disable-threading 2> %t.serial
// RUN: diff %t.serial %t.threads
// RUN: not %mlir-opt %s --allow-unregistered-dialect --split-input-file 2> %t.mlir-opt
// RUN: diff %t.mlir-opt %t.threads
// RUN: FileCheck %s < %t.threads
// RUN: env RUST_LOG=pto::parser=debug not %pto-opt %s --allow-unregistered-dialect --split-input-file 2>&1 >/dev/null | FileCheck %s --check-prefix=LOG

// LOG: verified while parsing bodies=3 deferred_locations=false
// LOG: verified while parsing bodies=2 deferred_locations=true
// LOG: verified while parsing bodies=2 deferred_locations=false
// LOG: verified while parsing bodies=1 deferred_locations=false

module {
  func.func @a() -> i32 {
    %0 = arith.constant 1 : i64
    return %0 : i64
  }
  func.func @b() {
    %1 = "test.use"(%2) : (i32) -> i32
    %2 = arith.constant 2 : i32
    return
  }
  func.func @c() -> i32 {
    %c = arith.constant 3 : i32
    return %c : i32
  }
}
// CHECK: verify-while-parsing.mlir:21:5: error: type of return operand 0 ('i64') doesn't match function result type ('i32') in function @a
// CHECK: note: see current operation: "func.return"(%0) : (i64) -> ()
// CHECK: verify-while-parsing.mlir:24:10: error: operand #0 does not dominate this use

// -----

module {
  func.func @d() -> i32 {
    %0 = arith.constant 1 : i64
    return %0 : i64 loc(#ret)
  }
  func.func @e() {
    %1 = "test.use"(%2) : (i32) -> i32 loc(#use)
    %2 = arith.constant 2 : i32
    return
  }
}
#ret = loc("ret.mlir":7:8)
#use = loc("use.mlir":9:10)
// CHECK: ret.mlir:7:8: error: type of return operand 0 ('i64') doesn't match function result type ('i32') in function @d
// CHECK: use.mlir:9:10: error: operand #0 does not dominate this use

// -----

func.func @f() -> i32 {
  %0 = arith.constant 1 : i64
  return %0 : i64
}
func.func @g() {
  %1 = "test.use"(%2) : (i32) -> i32
  %2 = arith.constant 2 : i32
  return
}
// CHECK: verify-while-parsing.mlir:59:3: error: type of return operand 0 ('i64') doesn't match function result type ('i32') in function @f
// CHECK: verify-while-parsing.mlir:62:8: error: operand #0 does not dominate this use

// -----

// An error in the module's own block: the functions' errors are not reported (as
// without the thread, which does not verify them then).
module {
  func.func @h() -> i32 {
    %0 = arith.constant 1 : i64
    return %0 : i64
  }
  func.return
}
// CHECK: verify-while-parsing.mlir:78:3: error: 'func.return' op expects parent op 'func.func'
// CHECK-NOT: in function @h
