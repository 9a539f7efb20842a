// RUN: pto-opt %s --split-input-file --verify-diagnostics --pypto-tensor-to-block
// RUN: not pto-opt %s --split-input-file --pypto-tensor-to-block="tile-rows=-1" 2>&1 | FileCheck %s --check-prefix=OPT
// OPT: invalid value of option 'tile-rows'
// RUN: not pto-opt %s --split-input-file --pypto-tensor-to-block="matmul-tile=8,8" 2>&1 | FileCheck %s --check-prefix=MM
// MM: invalid value of option 'matmul-tile'
// RUN: not pto-opt %s --split-input-file --pypto-tensor-to-block="matmul-tile=16,16,4" 2>&1 | FileCheck %s --check-prefix=BOX
// BOX: matmul-tile=16,16,4 is not made of whole fractal boxes (multiples of 16, 16 and 8)

// Transposes and reshapes lower for static shapes only.
func.func @transpose_symbolic(%a: !pypto.tensor<[n, 16], f32>) -> !pypto.tensor<[16, n], f32> {
  // expected-error @+1 {{tensor.transpose lowers only for static shapes}}
  %0 = pypto.tensor.transpose %a {axis1 = 0, axis2 = 1} : (!pypto.tensor<[n, 16], f32>) -> !pypto.tensor<[16, n], f32>
  return %0 : !pypto.tensor<[16, n], f32>
}

// -----

func.func @reshape_symbolic(%a: !pypto.tensor<[n, 16], f32>, %n: i64 {pypto.dim = "n"}) -> !pypto.tensor<[16, n], f32> {
  %c16 = pypto.const 16 : i64
  // expected-error @+1 {{pypto-tensor-to-block: tensor.reshape lowers only between static shapes}}
  %0 = pypto.tensor.reshape %a [%c16, %n] : (!pypto.tensor<[n, 16], f32>, i64, i64) -> !pypto.tensor<[16, n], f32>
  return %0 : !pypto.tensor<[16, n], f32>
}

// -----

// Transposed matmul operands need static shapes too.
func.func @matmul_symbolic(%a: !pypto.tensor<[8, n], f32>, %b: !pypto.tensor<[8, 16], f32>) -> !pypto.tensor<[n, 16], f32> {
  // expected-error @+1 {{tensor.matmul needs static rank-2 operands}}
  %0 = pypto.tensor.matmul %a, %b {a_trans = true} : (!pypto.tensor<[8, n], f32>, !pypto.tensor<[8, 16], f32>) -> !pypto.tensor<[n, 16], f32>
  return %0 : !pypto.tensor<[n, 16], f32>
}

// -----

// A symbolic number of rows needs the parameter holding it (pypto-materialize-dims).
func.func @symbolic(%a: !pypto.tensor<[n, 16], f32>) -> !pypto.tensor<[n, 16], f32> {
  // expected-error @+1 {{pypto-tensor-to-block: the chain has 'n' rows, which no parameter holds (run pypto-materialize-dims first)}}
  %0 = pypto.tensor.exp %a : (!pypto.tensor<[n, 16], f32>) -> !pypto.tensor<[n, 16], f32>
  return %0 : !pypto.tensor<[n, 16], f32>
}

// -----

func.func @symbolic_i32(%a: !pypto.tensor<[n, 16], f32>, %n: i32 {pypto.dim = "n"}) -> !pypto.tensor<[n, 16], f32> {
  // expected-error @+1 {{the parameter holding 'n' must be an INT64}}
  %0 = pypto.tensor.exp %a : (!pypto.tensor<[n, 16], f32>) -> !pypto.tensor<[n, 16], f32>
  return %0 : !pypto.tensor<[n, 16], f32>
}

// -----

// Only the rows may be symbolic: a row of tiles has a static size.
func.func @symbolic_cols(%a: !pypto.tensor<[16, m], f32>, %m: i64 {pypto.dim = "m"}) -> !pypto.tensor<[16, m], f32> {
  // expected-error @+1 {{'pypto.tensor.exp' works on !pypto.tensor<[16, m], f32>, whose shape is symbolic: only the rows of a rank-2 tensor may be symbolic, in elementwise ops and row reductions}}
  %0 = pypto.tensor.exp %a : (!pypto.tensor<[16, m], f32>) -> !pypto.tensor<[16, m], f32>
  return %0 : !pypto.tensor<[16, m], f32>
}

// -----

// A matmul of a symbolic number of rows is not lowered.
func.func @matmul_rows(%a: !pypto.tensor<[n, 16], f32>, %b: !pypto.tensor<[16, 16], f32>, %n: i64 {pypto.dim = "n"}) -> !pypto.tensor<[n, 16], f32> {
  // expected-error @+1 {{tensor.matmul needs static rank-2 operands}}
  %0 = pypto.tensor.matmul %a, %b : (!pypto.tensor<[n, 16], f32>, !pypto.tensor<[16, 16], f32>) -> !pypto.tensor<[n, 16], f32>
  return %0 : !pypto.tensor<[n, 16], f32>
}

// -----

func.func @too_wide(%a: !pypto.tensor<[2, 65536], f32>) -> !pypto.tensor<[2, 65536], f32> {
  // expected-error @+1 {{one row of this chain's tiles takes 524288 bytes, more than UB holds (196608 bytes)}}
  %0 = pypto.tensor.exp %a : (!pypto.tensor<[2, 65536], f32>) -> !pypto.tensor<[2, 65536], f32>
  return %0 : !pypto.tensor<[2, 65536], f32>
}


// -----

// A view is never materialized: only loads read through it.
func.func @view_returned(%a: !pypto.tensor<[8, 8], f32>) -> !pypto.tensor<[4, 8], f32> {
  %c0 = pypto.const 0 : i64
  %c4 = pypto.const 4 : i64
  %c8 = pypto.const 8 : i64
  %v = pypto.tensor.view %a [%c4, %c8] [%c4, %c0] : (!pypto.tensor<[8, 8], f32>, i64, i64, i64, i64) -> !pypto.tensor<[4, 8], f32>
  // expected-error @+1 {{a tensor.view is read by 'func.return', which the lowering does not read through}}
  return %v : !pypto.tensor<[4, 8], f32>
}

// -----

func.func @view_i32(%a: !pypto.tensor<[8, 8], f32>) -> !pypto.tensor<[4, 8], f32> {
  %c0 = pypto.const 0 : i32
  %c4 = pypto.const 4 : i32
  %c8 = pypto.const 8 : i32
  // expected-error @+1 {{'pypto.tensor.view' lowers only with INT64 offsets}}
  %v = pypto.tensor.view %a [%c4, %c8] [%c4, %c0] : (!pypto.tensor<[8, 8], f32>, i32, i32, i32, i32) -> !pypto.tensor<[4, 8], f32>
  %e = pypto.tensor.exp %v : (!pypto.tensor<[4, 8], f32>) -> !pypto.tensor<[4, 8], f32>
  return %e : !pypto.tensor<[4, 8], f32>
}

// -----

func.func @assemble_rank3(%t: !pypto.tensor<[2, 8, 8], f32>, %s: !pypto.tensor<[1, 8, 8], f32>) -> !pypto.tensor<[2, 8, 8], f32> {
  %c0 = pypto.const 0 : i64
  // expected-error @+1 {{'pypto.tensor.assemble' lowers only for a static rank-2 window of a rank-2 tensor (static columns)}}
  %r = pypto.tensor.assemble %t, %s [%c0, %c0, %c0] : (!pypto.tensor<[2, 8, 8], f32>, !pypto.tensor<[1, 8, 8], f32>, i64, i64, i64) -> !pypto.tensor<[2, 8, 8], f32>
  return %r : !pypto.tensor<[2, 8, 8], f32>
}

// -----

// The target is written in place: reading it after the assemble is an error.
func.func @target_read_after(%t: !pypto.tensor<[8, 8], f32>, %s: !pypto.tensor<[4, 8], f32>) -> !pypto.tensor<[8, 8], f32> {
  %c0 = pypto.const 0 : i64
  // expected-error @+1 {{the target of tensor.assemble is also read by 'pypto.tensor.add' after it; the lowering writes the target in place}}
  %r = pypto.tensor.assemble %t, %s [%c0, %c0] : (!pypto.tensor<[8, 8], f32>, !pypto.tensor<[4, 8], f32>, i64, i64) -> !pypto.tensor<[8, 8], f32>
  %z = pypto.tensor.add %t, %r : (!pypto.tensor<[8, 8], f32>, !pypto.tensor<[8, 8], f32>) -> !pypto.tensor<[8, 8], f32>
  return %z : !pypto.tensor<[8, 8], f32>
}

// -----

// Matmul blocks are made of the cube unit's fractal boxes (16 rows of 32 bytes): K
// blocks are summed, so K must be whole boxes; M and N blocks may overlap at the edge.
func.func @matmul_unaligned(%a: !pypto.tensor<[24, 12], f32>, %b: !pypto.tensor<[20, 12], f32>) -> !pypto.tensor<[24, 20], f32> {
  // expected-error @+1 {{tensor.matmul lowers M and N of at least 16 and K in multiples of 8 (the cube unit's fractal boxes), not 24x20x12}}
  %0 = pypto.tensor.matmul %a, %b {b_trans = true} : (!pypto.tensor<[24, 12], f32>, !pypto.tensor<[20, 12], f32>) -> !pypto.tensor<[24, 20], f32>
  return %0 : !pypto.tensor<[24, 20], f32>
}

// -----

func.func @matmul_small(%a: !pypto.tensor<[8, 16], f32>, %b: !pypto.tensor<[16, 32], f32>) -> !pypto.tensor<[8, 32], f32> {
  // expected-error @+1 {{tensor.matmul lowers M and N of at least 16 and K in multiples of 8 (the cube unit's fractal boxes), not 8x32x16}}
  %0 = pypto.tensor.matmul %a, %b : (!pypto.tensor<[8, 16], f32>, !pypto.tensor<[16, 32], f32>) -> !pypto.tensor<[8, 32], f32>
  return %0 : !pypto.tensor<[8, 32], f32>
}

// -----

// Lowers (the BOX run's matmul-tile is not made of whole boxes).
func.func @matmul_aligned(%a: !pypto.tensor<[16, 8], f32>, %b: !pypto.tensor<[8, 16], f32>) -> !pypto.tensor<[16, 16], f32> {
  %0 = pypto.tensor.matmul %a, %b : (!pypto.tensor<[16, 8], f32>, !pypto.tensor<[8, 16], f32>) -> !pypto.tensor<[16, 16], f32>
  return %0 : !pypto.tensor<[16, 16], f32>
}
