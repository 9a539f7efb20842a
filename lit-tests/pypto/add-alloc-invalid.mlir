// pypto-add-alloc's errors.
// RUN: pto-opt %s --pypto-add-alloc -split-input-file -verify-diagnostics

// Buffers are the tiles' MemRefs: every tile needs one.
// expected-error @+1 {{pypto-add-alloc needs a MemRef on every tile, but argument #0 has none (run pypto-init-memref first)}}
func.func @no_memref(%a: !pypto.tile<[16, 16], f32>) {
  return
}
