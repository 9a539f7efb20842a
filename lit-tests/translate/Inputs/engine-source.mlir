// Small functions for the JIT Engine's tests (tests/main/engine.rs): scalars, a memref
// written in place (i32 elements), a memref result, several results, strided views.
func.func @add(%a: i64, %b: i64) -> i64 {
  %0 = arith.addi %a, %b : i64
  return %0 : i64
}
func.func @scale(%m: memref<4xi32>, %k: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %x = memref.load %m[%i] : memref<4xi32>
    %y = arith.muli %x, %k : i32
    memref.store %y, %m[%i] : memref<4xi32>
  }
  return
}
func.func @fill(%n: index, %v: f64) -> memref<?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.alloc(%n) : memref<?xf64>
  scf.for %i = %c0 to %n step %c1 {
    %f = arith.index_cast %i : index to i64
    %g = arith.sitofp %f : i64 to f64
    %x = arith.addf %g, %v : f64
    memref.store %x, %m[%i] : memref<?xf64>
  }
  return %m : memref<?xf64>
}
func.func @stats(%m: memref<?xf64>) -> (f64, index, i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f64
  %n = memref.dim %m, %c0 : memref<?xf64>
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f64) {
    %x = memref.load %m[%i] : memref<?xf64>
    %a = arith.addf %acc, %x : f64
    scf.yield %a : f64
  }
  %pos = arith.cmpf ogt, %s, %zero : f64
  return %s, %n, %pos : f64, index, i1
}
func.func @transpose(%m: memref<2x3xf32>) -> memref<3x2xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %t = memref.alloc() : memref<3x2xf32>
  scf.for %i = %c0 to %c2 step %c1 {
    scf.for %j = %c0 to %c3 step %c1 {
      %x = memref.load %m[%i, %j] : memref<2x3xf32>
      memref.store %x, %t[%j, %i] : memref<3x2xf32>
    }
  }
  return %t : memref<3x2xf32>
}
func.func @column(%m: memref<2x3xf32>) -> memref<2xf32, strided<[3], offset: 1>> {
  %s = memref.subview %m[0, 1][2, 1][1, 1] : memref<2x3xf32> to memref<2xf32, strided<[3], offset: 1>>
  return %s : memref<2xf32, strided<[3], offset: 1>>
}
func.func @not_flags(%m: memref<3xi1>, %out: memref<3xi8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %true = arith.constant true
  scf.for %i = %c0 to %c3 step %c1 {
    %x = memref.load %m[%i] : memref<3xi1>
    %t = arith.xori %x, %true : i1
    memref.store %t, %m[%i] : memref<3xi1>
    %e = arith.extui %t : i1 to i8
    memref.store %e, %out[%i] : memref<3xi8>
  }
  return
}
