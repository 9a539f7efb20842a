// The program of structural-equal.mlir adding the other parameter in the loop.
module @a {
  func.func @f(%x: i64, %y: i64) -> i64 {
    %c0 = pypto.const 0 : i64
    %c1 = pypto.const 1 : i64
    %r = scf.for %i = %c0 to %x step %c1 iter_args(%s = %x) -> (i64) : i64 {
      %t = pypto.add %s, %y : i64
      scf.yield %t : i64
    }
    return %r : i64
  }
}
