// Functions a kernel declares resolve to the runtime (malloc, MLIR's printers) or to
// this process (libm's expf); one that resolves nowhere is an error at its
// declaration (not a crash when MCJIT links the code), and an unused one is no error.
// RUN: pto-run %s -e exp_of --arg 1.0 | FileCheck %s --check-prefix=EXP
// RUN: not pto-run %s -e missing --arg 1.0 2>&1 | FileCheck %s --check-prefix=MISSING

// EXP: 2.7182817
// MISSING: external.mlir:[[@LINE+1]]:1: error: external function '@does_not_exist' is not defined in the module, the runtime or this process
func.func private @does_not_exist(f32) -> f32
func.func private @expf(f32) -> f32
func.func private @never_called(f32) -> f32

func.func @exp_of(%x: f32) -> f32 {
  %y = func.call @expf(%x) : (f32) -> f32
  return %y : f32
}

func.func @missing(%x: f32) -> f32 {
  %y = func.call @does_not_exist(%x) : (f32) -> f32
  return %y : f32
}
