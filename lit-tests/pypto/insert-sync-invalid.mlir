// pypto-insert-sync's errors.
// RUN: pto-opt %s --pypto-insert-sync -split-input-file -verify-diagnostics

// Dependencies are found on MemRefs: every tile needs one.
func.func @no_memref(%x: !pypto.tensor<[16, 16], f32>) {
  %c0 = pypto.const 0 : i64
  %c16 = pypto.const 16 : i64
  // expected-error @+1 {{pypto-insert-sync needs a MemRef on every tile, but result #0 of 'pypto.block.load' has none (run pypto-init-memref first)}}
  %t = pypto.block.load %x, %c0, %c0, %c16, %c16 : (!pypto.tensor<[16, 16], f32>, i64, i64, i64, i64) -> !pypto.tile<[16, 16], f32>
  return
}

// -----

func.func @while_loop(%x: !pypto.tensor<[16, 16], f32, memref = <DDR, 0, 1024, 0>>, %p: i1) {
  %c0 = pypto.const 0 : i64
  %c16 = pypto.const 16 : i64
  // expected-error @+1 {{pypto-insert-sync does not synchronise pipe ops inside 'scf.while'}}
  scf.while : () -> () {
    %t = pypto.block.load %x, %c0, %c0, %c16, %c16 : (!pypto.tensor<[16, 16], f32, memref = <DDR, 0, 1024, 0>>, i64, i64, i64, i64) -> !pypto.tile<[16, 16], f32, memref = <UB, 0, 1024, 1>>
    scf.condition(%p)
  } do {
    scf.yield
  }
  return
}
