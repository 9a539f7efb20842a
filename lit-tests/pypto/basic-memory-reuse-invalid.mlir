// pypto-basic-memory-reuse's errors.
// RUN: pto-opt %s --pypto-basic-memory-reuse -split-input-file -verify-diagnostics

// Lifetimes are computed per MemRef: every tile needs one.
func.func @no_memref(%a: !pypto.tile<[16, 16], f32, memref = <UB, 0, 1024, 0>>) {
  // expected-error @+1 {{pypto-basic-memory-reuse needs a MemRef on every tile, but result #0 of 'pypto.block.exp' has none (run pypto-init-memref first)}}
  %e = pypto.block.exp %a : (!pypto.tile<[16, 16], f32, memref = <UB, 0, 1024, 0>>) -> !pypto.tile<[16, 16], f32>
  return
}
