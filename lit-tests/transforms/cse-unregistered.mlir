// cse treats an unregistered op as possibly isolated from above, as MLIR does: a
// constant inside its region is not replaced by an equal one from outside (that would
// make it an implicit capture), but equal ops within the region still merge.
// RUN: %pto-opt %s --allow-unregistered-dialect --cse | FileCheck %s
// RUN: %compat %s --cse

// CHECK-LABEL: func.func @f(
// CHECK:         %[[OUT:.*]] = arith.constant 1 : i32
// CHECK:         "test.region"() ({
// CHECK-NEXT:      %[[IN:.*]] = arith.constant 1 : i32
// CHECK-NEXT:      "test.use"(%[[IN]], %[[IN]]) : (i32, i32) -> ()
// CHECK:         scf.execute_region
// CHECK-NEXT:      "test.use"(%[[OUT]]) : (i32) -> ()
func.func @f() -> i32 {
  %c = arith.constant 1 : i32
  %r = "test.region"() ({
    %c2 = arith.constant 1 : i32
    %c3 = arith.constant 1 : i32
    "test.use"(%c2, %c3) : (i32, i32) -> ()
    "test.term"() : () -> ()
  }) : () -> i32
  scf.execute_region {
    %c4 = arith.constant 1 : i32
    "test.use"(%c4) : (i32) -> ()
    scf.yield
  }
  return %c : i32
}
