// lower-to-llvm produces LLVM only: what its stages leave (they convert partially, as
// MLIR's do) fails the pipeline at the op, with status 1 and no output.
// RUN: %pto-opt %s -split-input-file -verify-diagnostics --lower-to-llvm
// RUN: rm -f %t.out
// RUN: not %pto-opt %s -split-input-file --lower-to-llvm -o %t.out
// RUN: not test -e %t.out

// An expansion with two dynamic sizes in a group, which expand-strided-metadata
// leaves (mlir-opt 22 crashes on it).
func.func @expand(%m: memref<?x4xf32>, %a: index, %b: index) -> memref<?x?x4xf32> {
  // expected-error @+1 {{failed to legalize operation 'memref.expand_shape'}}
  %s = memref.expand_shape %m [[0, 1], [2]] output_shape [%a, %b, 4] : memref<?x4xf32> into memref<?x?x4xf32>
  return %s : memref<?x?x4xf32>
}

// -----

// A cast between types no conversion relates.
func.func @cast(%a: i32) -> i64 {
  // expected-error @+1 {{failed to legalize operation 'builtin.unrealized_conversion_cast'}}
  %0 = builtin.unrealized_conversion_cast %a : i32 to i64
  return %0 : i64
}

// -----

// An op of a dialect with no conversion to LLVM.
func.func @block() -> i64 {
  // expected-error @+1 {{failed to legalize operation 'pto.get_block_idx'}}
  %i = pto.get_block_idx
  return %i : i64
}

// -----

// A function whose signature has a type without an LLVM form.
// expected-error @+1 {{failed to legalize operation 'func.func' that was explicitly marked illegal}}
func.func @tile(%t: !pto.tile_buf<vec, 16x16xf32>) {
  return
}
