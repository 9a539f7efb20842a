// pypto-type-check's errors.
// RUN: pto-opt %s --pypto-type-check -split-input-file -verify-diagnostics

func.func @load_outside(%x: !pypto.tensor<[64, 64], f32>) {
  %c0 = pypto.const 0 : i64
  %c32 = pypto.const 32 : i64
  %c64 = pypto.const 64 : i64
  // expected-error @+1 {{the loaded window [32, 96) on axis 0 lies outside argument #0 of shape [64, 64]}}
  %t = pypto.block.load %x, %c32, %c0, %c64, %c64 : (!pypto.tensor<[64, 64], f32>, i64, i64, i64, i64) -> !pypto.tile<[64, 64], f32>
  return
}

// -----

func.func @store_outside(%t: !pypto.tile<[16, 16], f32>, %out: !pypto.tensor<[16, 64], f32>) {
  %c0 = pypto.const 0 : i64
  %c16 = pypto.const 16 : i64
  %c56 = pypto.const 56 : i64
  // expected-error @+1 {{the stored window [56, 72) on axis 1 lies outside argument #1 of shape [16, 64]}}
  %r = pypto.block.store %t, %c0, %c56, %c16, %c16, %out : (!pypto.tile<[16, 16], f32>, i64, i64, i64, i64, !pypto.tensor<[16, 64], f32>) -> !pypto.tensor<[16, 64], f32>
  return
}

// -----

func.func @view_outside(%x: !pypto.tensor<[8, 8], f32>) {
  %c4 = pypto.const 4 : i64
  %c6 = pypto.const 6 : i64
  // expected-error @+1 {{the view [6, 10) on axis 0 lies outside argument #0 of shape [8, 8]}}
  %v = pypto.tensor.view %x [%c4, %c4] [%c6, %c4] : (!pypto.tensor<[8, 8], f32>, i64, i64, i64, i64) -> !pypto.tensor<[4, 4], f32>
  return
}

// -----

func.func @assemble_outside(%x: !pypto.tensor<[8, 8], f32>, %s: !pypto.tensor<[4, 4], f32>) {
  %c0 = pypto.const 0 : i64
  %c6 = pypto.const 6 : i64
  // expected-error @+1 {{argument #1 of shape [4, 4] at offset 6 on axis 1 does not fit in argument #0 of shape [8, 8]}}
  %r = pypto.tensor.assemble %x, %s [%c0, %c6] : (!pypto.tensor<[8, 8], f32>, !pypto.tensor<[4, 4], f32>, i64, i64) -> !pypto.tensor<[8, 8], f32>
  return
}

// -----

// One MemRef id is one buffer.
// expected-note @+1 {{argument #0 has it here}}
func.func @memref_ids(%a: !pypto.tile<[16, 16], f32, memref = <UB, 0, 1024, 3>>) {
  // expected-error @+1 {{result #0 of 'pypto.block.exp' has MemRef <UB, 1024, 1024, 3>, but MemRef id 3 is <UB, 0, 1024, 3> elsewhere (one id is one buffer)}}
  %e = pypto.block.exp %a : (!pypto.tile<[16, 16], f32, memref = <UB, 0, 1024, 3>>) -> !pypto.tile<[16, 16], f32, memref = <UB, 1024, 1024, 3>>
  return
}

// -----

// expected-error @+1 {{argument #0 needs 1024 bytes, but its MemRef (id 0) has 512}}
func.func @memref_small(%a: !pypto.tile<[16, 16], f32, memref = <UB, 0, 512, 0>>) {
  return
}

// -----

// expected-error @+1 {{argument #0 is a tile, but its MemRef is in DDR}}
func.func @tile_in_ddr(%a: !pypto.tile<[16, 16], f32, memref = <DDR, 0, 1024, 0>>) {
  return
}

// -----

// expected-error @+1 {{argument #0 has valid size 32 on axis 1, larger than its shape [16, 16]}}
func.func @view_valid(%a: !pypto.tile<[16, 16], f32, view = <valid = [16, 32], stride = [16, 1], offset = 0>>) {
  return
}
