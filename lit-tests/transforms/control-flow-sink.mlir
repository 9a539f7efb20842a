// control-flow-sink: ops whose users all lie in one region of an scf.if or
// scf.index_switch (regions that run at most once) move to the start of that region,
// side-effect-free ones only, and chains follow (an op used only by a sunk op goes with
// it, innermost branch first). Ops used in two regions, or after the branch, stay; so do
// loads and ops used only deeper, inside a nested non-branch op (the region's own ops
// are the starting points). scf.for, scf.while and scf.execute_region do not bound how
// often their regions run, so nothing sinks into them.
// RUN: %compat %s --control-flow-sink
// RUN: %compat %s --pass-pipeline='builtin.module(func.func(control-flow-sink))'
// RUN: %pto-opt --allow-unregistered-dialect %s --control-flow-sink | FileCheck %s
// RUN: %pto-opt --allow-unregistered-dialect %s --control-flow-sink --mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS

// Counted over all branch ops (MLIR's counter keeps only the last branch op's count).
// STATS:      ControlFlowSink
// STATS-NEXT:   (S) 12 num-sunk - Number of operations sunk

// CHECK-LABEL: func.func @chains(
// CHECK-NEXT:    %[[X:.*]] = arith.addi %arg0, %arg1
// CHECK-NEXT:    %[[L:.*]] = memref.load
// CHECK-NEXT:    scf.if %arg2
// CHECK-NEXT:      arith.muli %[[X]], %[[X]]
// CHECK-NEXT:      scf.if %arg3
// CHECK-NEXT:        arith.subi %arg0, %arg1
// CHECK:           arith.addi
// CHECK-NEXT:      scf.yield
// CHECK-NEXT:    } else {
// CHECK-NEXT:      arith.xori
// CHECK-NEXT:      arith.addi {{.*}}, %[[L]]
// CHECK:         scf.execute_region
// CHECK-NEXT:      scf.yield %[[X]]
func.func @chains(%a: i32, %b: i32, %c: i1, %d: i1, %m: memref<4xi32>, %i: index) -> i32 {
  %x = arith.addi %a, %b : i32
  %y = arith.muli %x, %x : i32
  %z = arith.subi %a, %b : i32
  %w = arith.xori %a, %b : i32
  %l = memref.load %m[%i] : memref<4xi32>
  %w2 = arith.addi %w, %l : i32
  %r = scf.if %c -> i32 {
    %n = scf.if %d -> i32 {
      scf.yield %z : i32
    } else {
      scf.yield %a : i32
    }
    %q = arith.addi %y, %n : i32
    scf.yield %q : i32
  } else {
    scf.yield %w2 : i32
  }
  %e = scf.execute_region -> i32 {
    scf.yield %x : i32
  }
  return %r : i32
}

// CHECK-LABEL: func.func @stays(
// CHECK-NEXT:    arith.addi
// CHECK-NEXT:    arith.muli
// CHECK-NEXT:    arith.subi
// CHECK-NEXT:    scf.if
// CHECK-NEXT:      arith.constant 1 : index
// CHECK-NEXT:      scf.for
func.func @stays(%a: i32, %b: i32, %c: i1, %lb: index) -> (i32, i32) {
  %both = arith.addi %a, %b : i32
  %after = arith.muli %a, %b : i32
  %deep = arith.subi %a, %b : i32
  %c1 = arith.constant 1 : index
  %r = scf.if %c -> i32 {
    scf.for %i = %lb to %lb step %c1 {
      "test.use"(%deep) : (i32) -> ()
    }
    scf.yield %both : i32
  } else {
    scf.yield %both : i32
  }
  %s = arith.addi %after, %r : i32
  return %s, %after : i32, i32
}

// A region op with effect-free contents sinks as a whole; a constant condition changes
// nothing (both regions still run at most once). Inside a loop, the loop's own body is
// not a target but the scf.if in it is.
// CHECK-LABEL: func.func @region_ops(
// CHECK:         scf.if %true
// CHECK-NEXT:      arith.subi
// CHECK:         } else {
// CHECK-NEXT:      %[[INNER:.*]] = scf.if %arg1
// CHECK:           arith.addi %[[INNER]]
// CHECK:         scf.for
// CHECK-NEXT:      scf.if %arg1
// CHECK-NEXT:        arith.muli %arg0, %arg0
func.func @region_ops(%a: i32, %c: i1, %lb: index) -> i32 {
  %true = arith.constant true
  %s = arith.subi %a, %a : i32
  %inner = scf.if %c -> i32 {
    %k = arith.andi %a, %a : i32
    scf.yield %k : i32
  } else {
    scf.yield %a : i32
  }
  %t = arith.addi %inner, %a : i32
  %r = scf.if %true -> i32 {
    scf.yield %s : i32
  } else {
    scf.yield %t : i32
  }
  scf.for %i = %lb to %lb step %lb {
    %m = arith.muli %a, %a : i32
    scf.if %c {
      "test.use"(%m) : (i32) -> ()
    }
  }
  return %r : i32
}

// scf.index_switch: each case and the default are singly executed regions.
// CHECK-LABEL: func.func @switch(
// CHECK-NEXT:    scf.index_switch
// CHECK-NEXT:    case 1 {
// CHECK-NEXT:      arith.addi
// CHECK:         case 2 {
// CHECK-NEXT:      arith.muli
// CHECK:         default {
// CHECK-NEXT:      arith.subi
func.func @switch(%a: i32, %i: index) -> i32 {
  %x = arith.addi %a, %a : i32
  %y = arith.muli %a, %a : i32
  %z = arith.subi %a, %a : i32
  %r = scf.index_switch %i -> i32
  case 1 {
    scf.yield %x : i32
  }
  case 2 {
    scf.yield %y : i32
  }
  default {
    scf.yield %z : i32
  }
  return %r : i32
}
