// Parsed IR is always verified: --verify-each is about the IR after passes (as in
// mlir-opt, where only --mlir-very-unsafe-disable-verifier-on-parsing skips it).
// RUN: not %pto-opt %s --verify-each=false 2>&1 | FileCheck %s
// RUN: not %mlir-opt %s --verify-each=false 2>&1 | FileCheck %s

// CHECK: verify-after-parse.mlir:[[@LINE+2]]:3: error: 'func.return' op has 0 operands, but enclosing function (@f) returns 1
func.func @f() -> i32 {
  return
}
