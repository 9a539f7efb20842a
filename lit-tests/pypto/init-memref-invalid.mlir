// pypto-init-memref's errors.
// RUN: pto-opt %s --pypto-init-memref -split-input-file -verify-diagnostics

// A tile needs a static size for its MemRef.
func.func @symbolic_tile(%x: !pypto.tensor<[n, 64], f32>, %h: i64) {
  %c0 = pypto.const 0 : i64
  %c64 = pypto.const 64 : i64
  // expected-error @+1 {{result #0 of 'pypto.block.load' is a tile of shape [h, 64] without a static size; pypto-init-memref needs one for its MemRef}}
  %t = pypto.block.load %x, %c0, %c0, %h, %c64 : (!pypto.tensor<[n, 64], f32>, i64, i64, i64, i64) -> !pypto.tile<[h, 64], f32>
  return
}

// -----

// The loop-carried value would be in UB (its initial value) and L0C (the matmul).
func.func @space_conflict(%a: !pypto.tensor<[16, 16], f16>, %f: !pypto.tensor<[16, 16], f32>, %n: index) {
  %c0 = pypto.const 0 : i64
  %c16 = pypto.const 16 : i64
  %lb = arith.constant 0 : index
  // expected-note @+1 {{result #0 of 'pypto.block.load' is placed in UB here}}
  %init = pypto.block.load %f, %c0, %c0, %c16, %c16 : (!pypto.tensor<[16, 16], f32>, i64, i64, i64, i64) -> !pypto.tile<[16, 16], f32>
  %l = pypto.block.load %a, %c0, %c0, %c16, %c16 : (!pypto.tensor<[16, 16], f16>, i64, i64, i64, i64) -> !pypto.tile<[16, 16], f16>
  %r = scf.for %i = %lb to %n step %n iter_args(%acc = %init) -> (!pypto.tile<[16, 16], f32>) {
    // expected-error @+1 {{result #0 of 'pypto.block.matmul' (for 'block.matmul') must be in L0C, but it shares one buffer with result #0 of 'pypto.block.load' (for 'block.load') in UB}}
    %m = pypto.block.matmul %l, %l : (!pypto.tile<[16, 16], f16>, !pypto.tile<[16, 16], f16>) -> !pypto.tile<[16, 16], f32>
    scf.yield %m : !pypto.tile<[16, 16], f32>
  }
  return
}

// -----

func.func @while_tiles(%a: !pypto.tensor<[16, 16], f32>, %p: i1) {
  %c0 = pypto.const 0 : i64
  %c16 = pypto.const 16 : i64
  %t = pypto.block.load %a, %c0, %c0, %c16, %c16 : (!pypto.tensor<[16, 16], f32>, i64, i64, i64, i64) -> !pypto.tile<[16, 16], f32>
  // expected-error @+1 {{pypto-init-memref does not know how 'scf.while' passes tiles and tensors along}}
  %r = scf.while (%x = %t) : (!pypto.tile<[16, 16], f32>) -> !pypto.tile<[16, 16], f32> {
    scf.condition(%p) %x : !pypto.tile<[16, 16], f32>
  } do {
  ^bb0(%y: !pypto.tile<[16, 16], f32>):
    scf.yield %y : !pypto.tile<[16, 16], f32>
  }
  return
}
