// The program of structural-equal.mlir with other names, spans and program name.
module @b {
  func.func @f(%p: i64, %q: i64) -> i64 {
    %lo = pypto.const 0 : i64 loc("lo"("f.py":1:1))
    %st = pypto.const 1 : i64
    %out = scf.for %k = %lo to %p step %st iter_args(%acc = %p) -> (i64) : i64 {
      %n = pypto.add %acc, %k : i64 loc("n")
      scf.yield %n : i64
    } {pypto.arg_names = ["k_0", "acc_0"]}
    return %out : i64
  }
}
