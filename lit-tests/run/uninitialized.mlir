// Memory from memref.alloc/memref.alloca holds undefined values until written: the
// reference interpreter reads such bytes as poison, so a value computed from them is
// reported where the program's behaviour depends on it (a store, a returned result),
// while reading and not using it is fine. Bytes count per byte, through typed views
// of a byte arena too (half a word written leaves the word undefined).
// RUN: %python -c "import numpy as np; np.save('%t.npy', np.zeros(4, np.float32))"
// RUN: pto-run --interpret %s -e defined --arg %t.npy | FileCheck %s --check-prefix=DEFINED
// RUN: not pto-run --interpret %s -e stored --arg %t.npy 2>&1 | FileCheck %s --check-prefix=STORED
// RUN: not pto-run --interpret %s -e returned 2>&1 | FileCheck %s --check-prefix=RETURNED
// RUN: not pto-run --interpret %s -e half_word 2>&1 | FileCheck %s --check-prefix=HALF
// RUN: not pto-run --interpret %s -e copied --arg %t.npy 2>&1 | FileCheck %s --check-prefix=COPIED

// DEFINED: 7
func.func @defined(%out: memref<4xf32>) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.alloc() : memref<4xi32>
  %seven = arith.constant 7 : i32
  memref.store %seven, %m[%c1] : memref<4xi32>
  %unused = memref.load %m[%c0] : memref<4xi32>
  %v = memref.load %m[%c1] : memref<4xi32>
  return %v : i32
}

// STORED: uninitialized.mlir:[[@LINE+9]]:3: error: operand #0 of 'memref.store' is poison (undefined behaviour)
func.func @stored(%out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.alloc() : memref<4xf32>
  %one = arith.constant 1.0 : f32
  memref.store %one, %m[%c0] : memref<4xf32>
  %a = memref.load %m[%c1] : memref<4xf32>
  %b = arith.addf %a, %one : f32
  memref.store %b, %out[%c1] : memref<4xf32>
  return
}

// RETURNED: uninitialized.mlir:[[@LINE+5]]:3: error: result #0 of '@returned' is poison (undefined behaviour)
func.func @returned() -> i32 {
  %c2 = arith.constant 2 : index
  %m = memref.alloca() : memref<4xi32>
  %v = memref.load %m[%c2] : memref<4xi32>
  return %v : i32
}

// HALF: uninitialized.mlir:[[@LINE+9]]:3: error: result #0 of '@half_word' is poison (undefined behaviour)
func.func @half_word() -> i32 {
  %c0 = arith.constant 0 : index
  %arena = memref.alloc() : memref<8xi8>
  %halves = memref.view %arena[%c0][] : memref<8xi8> to memref<4xi16>
  %words = memref.view %arena[%c0][] : memref<8xi8> to memref<2xi32>
  %x = arith.constant 7 : i16
  memref.store %x, %halves[%c0] : memref<4xi16>
  %w = memref.load %words[%c0] : memref<2xi32>
  return %w : i32
}

// COPIED: uninitialized.mlir:[[@LINE+4]]:3: error: storing poison (an undefined value) into a memref of f32
func.func @copied(%out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %m = memref.alloc() : memref<4xf32>
  memref.copy %m, %out : memref<4xf32> to memref<4xf32>
  return
}
