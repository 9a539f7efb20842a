// Type deduction and type verification errors of the `pypto` dialect.
// RUN: pto-opt %s --split-input-file --verify-diagnostics

func.func @bad_broadcast(%x: !pypto.tensor<[4, 8], f32>, %y: !pypto.tensor<[3, 8], f32>) {
  // expected-error @+1 {{'pypto.tensor.add' op operand #1: shapes [4, 8] and [3, 8] cannot be broadcast together}}
  %0 = pypto.tensor.add %x, %y : (!pypto.tensor<[4, 8], f32>, !pypto.tensor<[3, 8], f32>) -> !pypto.tensor<[4, 8], f32>
  return
}

// -----

func.func @bad_matmul(%x: !pypto.tensor<[4, 8], f32>, %y: !pypto.tensor<[16, 8], f32>) {
  // expected-error @+1 {{'pypto.tensor.matmul' op operand #1: rhs has 16 rows, expected 8 (the columns of lhs)}}
  %0 = pypto.tensor.matmul %x, %y : (!pypto.tensor<[4, 8], f32>, !pypto.tensor<[16, 8], f32>) -> !pypto.tensor<[4, 8], f32>
  return
}

// -----

func.func @wrong_result(%x: !pypto.tensor<[4, 8], f32>) {
  // expected-error @+1 {{'pypto.tensor.row_sum' op result type (!pypto.tensor<[4, 8], f32>) differs from the deduced type (!pypto.tensor<[4, 1], f32>)}}
  %0 = pypto.tensor.row_sum %x : (!pypto.tensor<[4, 8], f32>) -> !pypto.tensor<[4, 8], f32>
  return
}

// -----

func.func @dtype_mismatch(%x: !pypto.tensor<[4, 8], f32>, %y: !pypto.tensor<[4, 8], f16>) {
  // expected-error @+1 {{'pypto.tensor.mul' op operand #1: rhs has element type FP16, expected FP32}}
  %0 = pypto.tensor.mul %x, %y : (!pypto.tensor<[4, 8], f32>, !pypto.tensor<[4, 8], f16>) -> !pypto.tensor<[4, 8], f32>
  return
}

// -----

func.func @row_expand(%x: !pypto.tile<[4, 8], f32>, %r: !pypto.tile<[4, 2], f32>) {
  // expected-error @+1 {{'pypto.block.row_expand_sub' op operand #1: row has shape [4, 2], expected [4, 1]}}
  %0 = pypto.block.row_expand_sub %x, %r : (!pypto.tile<[4, 8], f32>, !pypto.tile<[4, 2], f32>) -> !pypto.tile<[4, 8], f32>
  return
}

// -----

func.func @load_memory(%t: !pypto.tensor<[4, 8], f32>, %i: i64) {
  // expected-error @+1 {{'pypto.block.load' op block.load target_memory must be 1 (UB) or 2 (L1)}}
  %0 = pypto.block.load %t, %i, %i, %i, %i {target_memory = 3} : (!pypto.tensor<[4, 8], f32>, i64, i64, i64, i64) -> !pypto.tile<[4, 8], f32>
  return
}

// -----

func.func @event(%t: !pypto.tensor<[4, 8], f32>) {
  // expected-error @+1 {{'pypto.system.sync_src' op event_id must be in [0, 8), got 9}}
  pypto.system.sync_src {set_pipe = #pypto.pipe<MTE2>, wait_pipe = #pypto.pipe<V>, event_id = 9}
  return
}

// -----

func.func @tuple(%t: tuple<i64, f32>) {
  // expected-error @+1 {{'pypto.tuple_get_item' op index 2 is out of range for a tuple of 2 elements}}
  %0 = pypto.tuple_get_item %t[2] : tuple<i64, f32> -> i64
  return
}

// -----

func.func @operand(%t: tuple<i64, f32>) {
  // expected-error @+1 {{'pypto.add' op operand #0 must be PyPTO scalar, but got 'tuple<i64, f32>'}}
  %0 = "pypto.add"(%t, %t) : (tuple<i64, f32>, tuple<i64, f32>) -> tuple<i64, f32>
  return
}

// -----

func.func @mixed(%a: i64, %b: i32) {
  // expected-error @+1 {{'pypto.add' op requires the same type for all operands and results}}
  %0 = "pypto.add"(%a, %b) : (i64, i32) -> i64
  return
}

// -----

// expected-error @+1 {{tile must have at most 2 dimensions, got 3}}
func.func private @rank3(!pypto.tile<[2, 4, 8], f32>)

// -----

// expected-error @+1 {{expected a memory space (DDR, UB, L1, L0A, L0B, L0C)}}
func.func private @space(!pypto.tensor<[2, 4], f32, memref = <HBM, 0, 32, 0>>)

// -----

// expected-error @+1 {{tensor element type must be a PyPTO data type}}
func.func private @elem(!pypto.tensor<[2, 4], index>)

// -----

func.func @assign_type(%x: i32) {
  %v = pypto.var : !pypto.var<i64>
  // expected-error @+1 {{'pypto.assign' op value of type i32 does not fit a variable of type !pypto.var<i64>}}
  pypto.assign %v, %x : !pypto.var<i64>, i32
  return
}

// -----

func.func @read_type() -> f32 {
  %v = pypto.var : !pypto.var<i64>
  // expected-error @+1 {{'pypto.read' op value of type f32 does not fit a variable of type !pypto.var<i64>}}
  %r = pypto.read %v : !pypto.var<i64> -> f32
  return %r : f32
}

// -----

func.func @transpose_same_axis(%x: !pypto.tensor<[4, 8], f32>) {
  // expected-error @+1 {{'pypto.tensor.transpose' op tensor.transpose swaps two different axes, got axis 1 twice}}
  %0 = pypto.tensor.transpose %x {axis1 = 1, axis2 = -1} : (!pypto.tensor<[4, 8], f32>) -> !pypto.tensor<[4, 8], f32>
  return
}
