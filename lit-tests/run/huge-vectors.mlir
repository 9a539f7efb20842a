// A program whose lowering needs a vector past what code generation handles is an
// error at the op that made it, before LLVM sees it; the interpreter runs it.
// RUN: not pto-run %s 2>&1 | FileCheck %s
// RUN: pto-run %s --interpret | FileCheck %s --check-prefix=INTERP

// CHECK: huge-vectors.mlir:[[# @LINE + 4]]:8: error: vector<1000000xf32> has more than 16384 elements
// CHECK-NOT: LLVM ERROR
// INTERP: 1000000
func.func @main() -> i32 {
  %c = arith.constant dense<1.0> : vector<1000000xf32>
  %s = vector.reduction <add>, %c : vector<1000000xf32> into f32
  %i = arith.fptosi %s : f32 to i32
  return %i : i32
}
