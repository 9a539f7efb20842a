// Printing memrefs with MLIR's runner utilities (printMemref*), for lit-tests/run/print-memref.mlir.
func.func private @printMemrefF32(memref<*xf32>)
func.func private @printMemrefI64(memref<*xi64>)
func.func private @printMemrefF64(memref<*xf64>)
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %m = memref.alloc() : memref<2x3xf32>
  %k = memref.alloc() : memref<4xi64>
  %s = memref.alloc() : memref<1x1xf64>
  %z = memref.alloc() : memref<2x1x2xf64>
  scf.for %i = %c0 to %c2 step %c1 {
    scf.for %j = %c0 to %c3 step %c1 {
      %ii = arith.index_cast %i : index to i64
      %jj = arith.index_cast %j : index to i64
      %p = arith.muli %ii, %jj : i64
      %f = arith.sitofp %p : i64 to f32
      %third = arith.constant 0.3333333 : f32
      %g = arith.addf %f, %third : f32
      memref.store %g, %m[%i, %j] : memref<2x3xf32>
    }
  }
  scf.for %i = %c0 to %c2 step %c1 {
    scf.for %j = %c0 to %c2 step %c1 {
      %big = arith.constant 1234567.0 : f64
      memref.store %big, %z[%i, %c0, %j] : memref<2x1x2xf64>
    }
  }
  %v = arith.constant -42 : i64
  scf.for %i = %c0 to %c3 step %c1 {
    memref.store %v, %k[%i] : memref<4xi64>
  }
  memref.store %v, %k[%c3] : memref<4xi64>
  %e = arith.constant 2.5e-7 : f64
  memref.store %e, %s[%c0, %c0] : memref<1x1xf64>
  %u = memref.cast %m : memref<2x3xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  %uk = memref.cast %k : memref<4xi64> to memref<*xi64>
  call @printMemrefI64(%uk) : (memref<*xi64>) -> ()
  %us = memref.cast %s : memref<1x1xf64> to memref<*xf64>
  call @printMemrefF64(%us) : (memref<*xf64>) -> ()
  %uz = memref.cast %z : memref<2x1x2xf64> to memref<*xf64>
  call @printMemrefF64(%uz) : (memref<*xf64>) -> ()
  return
}
