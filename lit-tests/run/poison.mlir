// ub.poison in the interpreter: computing on poison gives poison (lane by lane in
// vectors), passing it along (calls, returns, loop-carried values, select's unpicked
// operand, vector lanes) is fine, and an op whose behaviour depends on it is an error
// at that op: a store, a branch condition, an index, the entry's result.
// RUN: pto-run --interpret %s -e flows --arg 3 | FileCheck %s --check-prefix=FLOWS
// RUN: pto-run %s -e flows --arg 3 | FileCheck %s --check-prefix=FLOWS
// RUN: not pto-run --interpret %s -e stored 2>&1 | FileCheck %s --check-prefix=STORE
// RUN: not pto-run --interpret %s -e branch 2>&1 | FileCheck %s --check-prefix=BRANCH
// RUN: not pto-run --interpret %s -e cond_br 2>&1 | FileCheck %s --check-prefix=CONDBR
// RUN: not pto-run --interpret %s -e index 2>&1 | FileCheck %s --check-prefix=INDEX
// RUN: not pto-run --interpret %s -e returned 2>&1 | FileCheck %s --check-prefix=RETURNED
// RUN: not pto-run --interpret %s -e lane 2>&1 | FileCheck %s --check-prefix=LANE
// RUN: not pto-run --interpret %s -e unreachable 2>&1 | FileCheck %s --check-prefix=UNREACHABLE

// FLOWS: 44
func.func @flows(%n: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %true = arith.constant true
  %c40 = arith.constant 40 : i32
  %c2 = arith.constant 2 : i32
  %p = ub.poison : i32
  %q = arith.addi %p, %c2 : i32
  %r = func.call @pass(%q) : (i32) -> i32
  %carried = scf.for %i = %c0 to %n step %c1 iter_args(%x = %r) -> (i32) {
    %y = arith.muli %x, %c2 : i32
    scf.yield %y : i32
  }
  %picked = arith.select %true, %c40, %carried : i32
  %pv = ub.poison : vector<4xi32>
  %v = vector.insert %c2, %pv [1] : i32 into vector<4xi32>
  %w = arith.addi %v, %v : vector<4xi32>
  %two = vector.extract %v[1] : i32 from vector<4xi32>
  %four = vector.extract %w[1] : i32 from vector<4xi32>
  %half = arith.divsi %four, %two : i32
  %m = memref.alloc() : memref<4xi32>
  %c3 = arith.constant 3 : index
  memref.store %c2, %m[%c3] : memref<4xi32>
  %pad = ub.poison : i32
  %t = vector.transfer_read %m[%c0], %pad {in_bounds = [true]} : memref<4xi32>, vector<4xi32>
  %last = vector.extract %t[3] : i32 from vector<4xi32>
  %h = arith.addi %half, %last : i32
  %s = arith.addi %picked, %h : i32
  return %s : i32
}

func.func @pass(%x: i32) -> i32 {
  return %x : i32
}

// STORE: poison.mlir:[[@LINE+5]]:3: error: operand #0 of 'memref.store' is poison (undefined behaviour)
func.func @stored() {
  %c0 = arith.constant 0 : index
  %m = memref.alloc() : memref<1xf32>
  %p = ub.poison : f32
  memref.store %p, %m[%c0] : memref<1xf32>
  return
}

// BRANCH: poison.mlir:[[@LINE+3]]:3: error: operand #0 of 'scf.if' is poison (undefined behaviour)
func.func @branch() {
  %p = ub.poison : i1
  scf.if %p {
  }
  return
}

// CONDBR: poison.mlir:[[@LINE+5]]:3: error: operand #0 of 'cf.cond_br' is poison (undefined behaviour)
func.func @cond_br() -> i32 {
  %p = ub.poison : i32
  %z = arith.constant 0 : i32
  %c = arith.cmpi eq, %p, %z : i32
  cf.cond_br %c, ^a, ^b
^a:
  return %z : i32
^b:
  return %z : i32
}

// INDEX: poison.mlir:[[@LINE+4]]:8: error: operand #1 of 'memref.load' is poison (undefined behaviour)
func.func @index() -> f32 {
  %m = memref.alloc() : memref<4xf32>
  %p = ub.poison : index
  %x = memref.load %m[%p] : memref<4xf32>
  return %x : f32
}

// RETURNED: poison.mlir:[[@LINE+4]]:3: error: result #0 of '@returned' is poison (undefined behaviour)
func.func @returned() -> f32 {
  %p = ub.poison : f32
  %x = arith.negf %p : f32
  return %x : f32
}

// LANE: poison.mlir:[[@LINE+8]]:3: error: operand #0 of 'vector.store' is poison (undefined behaviour)
func.func @lane() {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %m = memref.alloc() : memref<4xf32>
  %p = ub.poison : f32
  %v = vector.broadcast %one : f32 to vector<4xf32>
  %w = vector.insert %p, %v [2] : f32 into vector<4xf32>
  vector.store %w, %m[%c0] : memref<4xf32>, vector<4xf32>
  return
}

// UNREACHABLE: poison.mlir:[[@LINE+2]]:3: error: reached 'ub.unreachable' (undefined behaviour)
func.func @unreachable() {
  ub.unreachable
}
