// RUN: pto-opt %s --split-input-file --verify-diagnostics --pypto-block-to-pto

func.func @tensor_op(%a: !pypto.tensor<[8, 8], f32>) -> !pypto.tensor<[8, 8], f32> {
  // expected-error @+1 {{pypto-block-to-pto: 'pypto.tensor.exp' is not supported (lower tensor ops with pypto-tensor-to-block first)}}
  %0 = pypto.tensor.exp %a : (!pypto.tensor<[8, 8], f32>) -> !pypto.tensor<[8, 8], f32>
  return %a : !pypto.tensor<[8, 8], f32>
}

// -----

func.func @while_tensor(%a: !pypto.tensor<[8, 8], f32>, %c: i1) -> !pypto.tensor<[8, 8], f32> {
  // expected-error @+1 {{'scf.while' returning tensors or tiles is not supported; carry them through scf.for or store them}}
  %0 = scf.while (%x = %a) : (!pypto.tensor<[8, 8], f32>) -> !pypto.tensor<[8, 8], f32> {
    scf.condition(%c) %x : !pypto.tensor<[8, 8], f32>
  } do {
  ^bb0(%y: !pypto.tensor<[8, 8], f32>):
    scf.yield %y : !pypto.tensor<[8, 8], f32>
  }
  return %0 : !pypto.tensor<[8, 8], f32>
}

// -----

// A tile an scf.if returns shares one buffer across the branches: a tile from before
// the if would be overwritten by the other branch.
func.func @if_outer_tile(%a: !pypto.tensor<[8, 8], f32>, %c: i1) -> !pypto.tensor<[8, 8], f32> {
  %c0 = pypto.const 0 : i64
  %c8 = pypto.const 8 : i64
  %t = pypto.block.load %a, %c0, %c0, %c8, %c8 : (!pypto.tensor<[8, 8], f32>, i64, i64, i64, i64) -> !pypto.tile<[8, 8], f32>
  %r = scf.if %c -> (!pypto.tile<[8, 8], f32>) {
    %e = pypto.block.exp %t : (!pypto.tile<[8, 8], f32>) -> !pypto.tile<[8, 8], f32>
    scf.yield %e : !pypto.tile<[8, 8], f32>
  } else {
    // expected-error @+1 {{a tile that 'scf.if' returns must be computed in the branch that yields it (a tile from outside would be overwritten by the other branches); yield a copy or a tensor}}
    scf.yield %t : !pypto.tile<[8, 8], f32>
  }
  %s = pypto.block.store %r, %c0, %c0, %c8, %c8, %a : (!pypto.tile<[8, 8], f32>, i64, i64, i64, i64, !pypto.tensor<[8, 8], f32>) -> !pypto.tensor<[8, 8], f32>
  return %s : !pypto.tensor<[8, 8], f32>
}

// -----

func.func @if_tile_twice(%a: !pypto.tensor<[8, 8], f32>, %c: i1) -> !pypto.tensor<[8, 8], f32> {
  %c0 = pypto.const 0 : i64
  %c8 = pypto.const 8 : i64
  %r:2 = scf.if %c -> (!pypto.tile<[8, 8], f32>, !pypto.tile<[8, 8], f32>) {
    %t = pypto.block.load %a, %c0, %c0, %c8, %c8 : (!pypto.tensor<[8, 8], f32>, i64, i64, i64, i64) -> !pypto.tile<[8, 8], f32>
    // expected-error @+1 {{the same tile is yielded twice by a branch of 'scf.if'; return it once}}
    scf.yield %t, %t : !pypto.tile<[8, 8], f32>, !pypto.tile<[8, 8], f32>
  } else {
    %t = pypto.block.load %a, %c0, %c0, %c8, %c8 : (!pypto.tensor<[8, 8], f32>, i64, i64, i64, i64) -> !pypto.tile<[8, 8], f32>
    %u = pypto.block.exp %t : (!pypto.tile<[8, 8], f32>) -> !pypto.tile<[8, 8], f32>
    scf.yield %t, %u : !pypto.tile<[8, 8], f32>, !pypto.tile<[8, 8], f32>
  }
  %s = pypto.block.store %r#0, %c0, %c0, %c8, %c8, %a : (!pypto.tile<[8, 8], f32>, i64, i64, i64, i64, !pypto.tensor<[8, 8], f32>) -> !pypto.tensor<[8, 8], f32>
  return %s : !pypto.tensor<[8, 8], f32>
}

// -----

// An scf.index_switch is lowered as scf.if: a case yielding a tile from outside.
func.func @switch_outer_tile(%a: !pypto.tensor<[8, 8], f32>, %i: index) -> !pypto.tensor<[8, 8], f32> {
  %c0 = pypto.const 0 : i64
  %c8 = pypto.const 8 : i64
  %t = pypto.block.load %a, %c0, %c0, %c8, %c8 : (!pypto.tensor<[8, 8], f32>, i64, i64, i64, i64) -> !pypto.tile<[8, 8], f32>
  %r = scf.index_switch %i -> !pypto.tile<[8, 8], f32>
  case 1 {
    // expected-error @+1 {{a tile that 'scf.index_switch' returns must be computed in the branch that yields it}}
    scf.yield %t : !pypto.tile<[8, 8], f32>
  }
  default {
    %u = pypto.block.exp %t : (!pypto.tile<[8, 8], f32>) -> !pypto.tile<[8, 8], f32>
    scf.yield %u : !pypto.tile<[8, 8], f32>
  }
  %s = pypto.block.store %r, %c0, %c0, %c8, %c8, %a : (!pypto.tile<[8, 8], f32>, i64, i64, i64, i64, !pypto.tensor<[8, 8], f32>) -> !pypto.tensor<[8, 8], f32>
  return %s : !pypto.tensor<[8, 8], f32>
}

// -----

// The buffer of an scf.if result is allocated once per call: its shape must be static.
func.func @if_dynamic(%a: !pypto.tensor<[8, 8], f32>, %n: i64, %c: i1) -> !pypto.tensor<[8, 8], f32> {
  %c8 = pypto.const 8 : i64
  // expected-error @+1 {{a tensor that 'scf.if' passes on needs a static shape}}
  %r = scf.if %c -> (!pypto.tensor<[n, 8], f32>) {
    %t = pypto.tensor.create [%n, %c8] {dtype = f32} : (i64, i64) -> !pypto.tensor<[n, 8], f32>
    scf.yield %t : !pypto.tensor<[n, 8], f32>
  } else {
    %t = pypto.tensor.create [%n, %c8] {dtype = f32} : (i64, i64) -> !pypto.tensor<[n, 8], f32>
    scf.yield %t : !pypto.tensor<[n, 8], f32>
  }
  return %a : !pypto.tensor<[8, 8], f32>
}

// -----

func.func @window(%a: !pypto.tensor<[8, 8], f32>, %h: i64) -> !pypto.tensor<[8, 8], f32> {
  %c0 = pypto.const 0 : i64
  %c8 = pypto.const 8 : i64
  // expected-error @+1 {{the window's height and width must be constants}}
  %t = pypto.block.load %a, %c0, %c0, %h, %c8 : (!pypto.tensor<[8, 8], f32>, i64, i64, i64, i64) -> !pypto.tile<[h, 8], f32>
  %s = pypto.block.store %t, %c0, %c0, %h, %c8, %a : (!pypto.tile<[h, 8], f32>, i64, i64, i64, i64, !pypto.tensor<[8, 8], f32>) -> !pypto.tensor<[8, 8], f32>
  return %s : !pypto.tensor<[8, 8], f32>
}

// -----

func.func @returned(%a: !pypto.tensor<[8, 8], f32>) -> !pypto.tensor<[8, 8], f32> {
  %c0 = pypto.const 0 : i64
  %c8 = pypto.const 8 : i64
  %v = pypto.tensor.view %a [%c8, %c8] [%c0, %c0] : (!pypto.tensor<[8, 8], f32>, i64, i64, i64, i64) -> !pypto.tensor<[8, 8], f32>
  // expected-error @+1 {{a returned tensor must be a parameter or a tensor the function creates (tensor.create)}}
  return %v : !pypto.tensor<[8, 8], f32>
}

// -----

func.func @unsigned(%a: ui32, %b: ui32) -> ui32 {
  // expected-error @+1 {{'pypto.add' on unsigned or signed-typed integers is not supported}}
  %0 = pypto.add %a, %b : ui32
  return %0 : ui32
}

// -----

// A transposing move goes from L1 to L0A/L0B or stays in UB.
func.func @transpose_move(%a: !pypto.tensor<[16, 16], f32>) -> !pypto.tensor<[16, 16], f32> {
  %c0 = pypto.const 0 : i64
  %c16 = pypto.const 16 : i64
  %t = pypto.block.load %a, %c0, %c0, %c16, %c16 {target_memory = 2} : (!pypto.tensor<[16, 16], f32>, i64, i64, i64, i64) -> !pypto.tile<[16, 16], f32>
  // expected-error @+1 {{block.move with transpose is supported from L1 to L0A or L0B (target_memory 3 or 4) and within UB (from a UB tile, target_memory 1)}}
  %l = pypto.block.move %t {target_memory = 1, transpose = true} : (!pypto.tile<[16, 16], f32>) -> !pypto.tile<[16, 16], f32>
  return %a : !pypto.tensor<[16, 16], f32>
}

// -----

func.func @transpose_to_l0(%a: !pypto.tensor<[16, 16], f32>) -> !pypto.tensor<[16, 16], f32> {
  %c0 = pypto.const 0 : i64
  %c16 = pypto.const 16 : i64
  %t = pypto.block.load %a, %c0, %c0, %c16, %c16 : (!pypto.tensor<[16, 16], f32>, i64, i64, i64, i64) -> !pypto.tile<[16, 16], f32>
  // expected-error @+1 {{block.move with transpose is supported from L1 to L0A or L0B}}
  %l = pypto.block.move %t {target_memory = 3, transpose = true} : (!pypto.tile<[16, 16], f32>) -> !pypto.tile<[16, 16], f32>
  return %a : !pypto.tensor<[16, 16], f32>
}

// -----

// Only [M, 1] and [1, N] vectors broadcast (a [1, 1] one is not expanded).
func.func @scalar_tile(%a: !pypto.tensor<[16, 32], f32>, %s: !pypto.tensor<[1, 1], f32>) -> !pypto.tensor<[16, 32], f32> {
  %c0 = pypto.const 0 : i64
  %c1 = pypto.const 1 : i64
  %c16 = pypto.const 16 : i64
  %c32 = pypto.const 32 : i64
  %x = pypto.block.load %a, %c0, %c0, %c16, %c32 : (!pypto.tensor<[16, 32], f32>, i64, i64, i64, i64) -> !pypto.tile<[16, 32], f32>
  %y = pypto.block.load %s, %c0, %c0, %c1, %c1 : (!pypto.tensor<[1, 1], f32>, i64, i64, i64, i64) -> !pypto.tile<[1, 1], f32>
  // expected-error @+1 {{'pypto.block.sub' of tiles [1, 1] and [16, 32] is not supported (only [M, 1] and [1, N] vectors broadcast)}}
  %d = pypto.block.sub %y, %x : (!pypto.tile<[1, 1], f32>, !pypto.tile<[16, 32], f32>) -> !pypto.tile<[16, 32], f32>
  %r = pypto.block.store %d, %c0, %c0, %c16, %c32, %a : (!pypto.tile<[16, 32], f32>, i64, i64, i64, i64, !pypto.tensor<[16, 32], f32>) -> !pypto.tensor<[16, 32], f32>
  return %r : !pypto.tensor<[16, 32], f32>
}

// -----

// The caller would see the parameter's buffer under another shape; pypto-tensor-to-block
// copies such a reshape.
func.func @reshaped_param(%a: !pypto.tensor<[16, 32], f32>) -> !pypto.tensor<[32, 16], f32> {
  %c16 = pypto.const 16 : i64
  %c32 = pypto.const 32 : i64
  %r = pypto.tensor.reshape %a [%c32, %c16] : (!pypto.tensor<[16, 32], f32>, i64, i64) -> !pypto.tensor<[32, 16], f32>
  // expected-error @+1 {{a returned tensor.reshape of a parameter is not supported}}
  return %r : !pypto.tensor<[32, 16], f32>
}

// -----

func.func @sync_all(%a: !pypto.tensor<[16, 16], f32>) -> !pypto.tensor<[16, 16], f32> {
  // expected-error @+1 {{pypto-block-to-pto: an event between pipes cannot name ALL (use system.bar_all)}}
  pypto.system.sync_dst {event_id = 0 : i64, set_pipe = #pypto.pipe<ALL>, wait_pipe = #pypto.pipe<V>}
  return %a : !pypto.tensor<[16, 16], f32>
}

// -----

func.func @twice(%a: !pypto.tensor<[8, 8], f32>) -> (!pypto.tensor<[8, 8], f32>, !pypto.tensor<[8, 8], f32>) {
  %c8 = pypto.const 8 : i64
  %t = pypto.tensor.create[%c8, %c8] {dtype = f32} : (i64, i64) -> !pypto.tensor<[8, 8], f32>
  // expected-error @+1 {{the same tensor is returned twice}}
  return %t, %t : !pypto.tensor<[8, 8], f32>, !pypto.tensor<[8, 8], f32>
}

// -----

// expected-error @+1 {{recursive calls are not supported}}
func.func @rec(%a: !pypto.tensor<[8, 8], f32>) -> !pypto.tensor<[8, 8], f32> {
  %r = call @rec(%a) : (!pypto.tensor<[8, 8], f32>) -> !pypto.tensor<[8, 8], f32>
  return %r : !pypto.tensor<[8, 8], f32>
}

// -----

func.func @cells(%a: i64) -> i64 {
  // expected-error @+1 {{the program is not in SSA form; run pypto-convert-to-ssa first}}
  %v = pypto.var : !pypto.var<i64>
  pypto.assign %v, %a : !pypto.var<i64>, i64
  %r = pypto.read %v : !pypto.var<i64> -> i64
  return %r : i64
}

// -----

// A symbolic dimension needs the parameter holding its size.
// expected-error @+1 {{pypto-block-to-pto: parameter type dimension 'n' of !pypto.tensor<[n, 8], f32> is not the size of a parameter of this function (pypto-materialize-dims binds those of its parameters' types)}}
func.func @unbound(%x: !pypto.tensor<[n, 8], f32>) {
  return
}

// -----

// Only the rows may be symbolic.
// expected-error @+1 {{pypto-block-to-pto: parameter type !pypto.tensor<[8, m], f32> needs a static number of columns}}
func.func @symbolic_cols(%x: !pypto.tensor<[8, m], f32>, %m: i64 {pypto.dim = "m"}) {
  return
}

// -----

func.func @assemble_rows(%x: !pypto.tensor<[n, 8], f32>, %y: !pypto.tensor<[n, 8], f32>, %n: i64 {pypto.dim = "n"}) -> !pypto.tensor<[n, 8], f32> {
  %c0 = pypto.const 0 : i64
  // expected-error @+1 {{pypto-block-to-pto: tensor.assemble of a tensor with a symbolic number of rows is not supported}}
  %r = pypto.tensor.assemble %x, %y [%c0, %c0] : (!pypto.tensor<[n, 8], f32>, !pypto.tensor<[n, 8], f32>, i64, i64) -> !pypto.tensor<[n, 8], f32>
  return %r : !pypto.tensor<[n, 8], f32>
}

// -----

// One event orders the store of an L0C tile (FIX in PTO) and of a UB tile (MTE3).
func.func @mixed_event(%a: !pypto.tensor<[16, 16], f16>, %out: !pypto.tensor<[16, 16], f32>) -> !pypto.tensor<[16, 16], f32> {
  %c0 = pypto.const 0 : i64
  %c16 = pypto.const 16 : i64
  %ta = pypto.block.load %a, %c0, %c0, %c16, %c16 {target_memory = 2} : (!pypto.tensor<[16, 16], f16>, i64, i64, i64, i64) -> !pypto.tile<[16, 16], f16>
  %la = pypto.block.move %ta {target_memory = 3} : (!pypto.tile<[16, 16], f16>) -> !pypto.tile<[16, 16], f16>
  %lb = pypto.block.move %ta {target_memory = 4} : (!pypto.tile<[16, 16], f16>) -> !pypto.tile<[16, 16], f16>
  %m = pypto.block.matmul %la, %lb : (!pypto.tile<[16, 16], f16>, !pypto.tile<[16, 16], f16>) -> !pypto.tile<[16, 16], f32>
  pypto.system.sync_src {event_id = 0 : i64, set_pipe = #pypto.pipe<M>, wait_pipe = #pypto.pipe<MTE3>}
  pypto.system.sync_dst {event_id = 0 : i64, set_pipe = #pypto.pipe<M>, wait_pipe = #pypto.pipe<MTE3>}
  %r = pypto.block.store %m, %c0, %c0, %c16, %c16, %out : (!pypto.tile<[16, 16], f32>, i64, i64, i64, i64, !pypto.tensor<[16, 16], f32>) -> !pypto.tensor<[16, 16], f32>
  %v = pypto.block.load %r, %c0, %c0, %c16, %c16 : (!pypto.tensor<[16, 16], f32>, i64, i64, i64, i64) -> !pypto.tile<[16, 16], f32>
  pypto.system.sync_src {event_id = 0 : i64, set_pipe = #pypto.pipe<M>, wait_pipe = #pypto.pipe<MTE3>}
  pypto.system.sync_dst {event_id = 0 : i64, set_pipe = #pypto.pipe<M>, wait_pipe = #pypto.pipe<MTE3>}
  // expected-error @+1 {{event 0 between PIPE_M and PIPE_MTE3 orders this store and the store of an L0C tile, which PTO runs on FIX: one event cannot order both}}
  %r2 = pypto.block.store %v, %c0, %c0, %c16, %c16, %r : (!pypto.tile<[16, 16], f32>, i64, i64, i64, i64, !pypto.tensor<[16, 16], f32>) -> !pypto.tensor<[16, 16], f32>
  return %r2 : !pypto.tensor<[16, 16], f32>
}
