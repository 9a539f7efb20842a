// pypto-block-to-pto lowers PyPTO's synchronisation (system.*, as pypto-insert-sync
// writes it) to the pto dialect's in place: sync_src/sync_dst become set_flag/wait_flag
// between the same pipes (event k is EVENT_IDk), bar_v/bar_m/bar_all barriers. The pto
// ops keep the block ops' order, so PyPTO's pairs order them: pto-verify-sync accepts
// the lowered kernels. Without pypto-insert-sync, pto-verify-sync reports the hazards.
// PyPTO stores an L0C tile on MTE3, PTO on FIX (tstore of an acc tile): the pair PyPTO
// inserts for the cube kernel's store names FIX instead of MTE3 (CUBE), so it orders
// the store in PTO too.
// RUN: pto-opt %s --split-input-file --pypto-block-to-pto | FileCheck %s --check-prefix=DIRECT
// RUN: pto-opt %s --split-input-file --pypto-init-memref --pypto-insert-sync --pypto-block-to-pto | pto-opt --split-input-file --pto-plan-memory --pto-verify-sync -o /dev/null
// RUN: pto-opt %s --split-input-file --pypto-init-memref --pypto-insert-sync --pypto-block-to-pto | FileCheck %s --check-prefix=CUBE
// RUN: pto-opt %s --split-input-file --pypto-init-memref --pypto-block-to-pto | not pto-opt --split-input-file --pto-plan-memory --pto-verify-sync -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOSYNC

// DIRECT-LABEL: func.func @direct(
// DIRECT: pto.tload
// DIRECT-NEXT: pto.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID3>]
// DIRECT-NEXT: pto.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID3>]
// DIRECT: pto.tadd
// DIRECT-NEXT: pto.barrier <PIPE_V>
// DIRECT: pto.tadd
// DIRECT-NEXT: pto.barrier <PIPE_M>
// DIRECT-NEXT: pto.barrier <PIPE_ALL>
// DIRECT-NEXT: pto.set_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID7>]
// DIRECT-NEXT: pto.wait_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID7>]
// DIRECT: pto.tstore
// DIRECT-NOT: pypto.system
// NOSYNC: error: 'pto.tadd' on PIPE_V reads memory written by 'pto.tload' on PIPE_MTE2 without synchronisation
func.func @direct(%x: !pypto.tensor<[16, 16], f32>, %out: !pypto.tensor<[16, 16], f32>) -> !pypto.tensor<[16, 16], f32> attributes {pypto.function_type = #pypto.function_type<InCore>} {
  %c0 = pypto.const 0 : i64
  %c16 = pypto.const 16 : i64
  %a = pypto.block.load %x, %c0, %c0, %c16, %c16 : (!pypto.tensor<[16, 16], f32>, i64, i64, i64, i64) -> !pypto.tile<[16, 16], f32>
  pypto.system.sync_src {event_id = 3 : i64, set_pipe = #pypto.pipe<MTE2>, wait_pipe = #pypto.pipe<V>}
  pypto.system.sync_dst {event_id = 3 : i64, set_pipe = #pypto.pipe<MTE2>, wait_pipe = #pypto.pipe<V>}
  %b = pypto.block.add %a, %a : (!pypto.tile<[16, 16], f32>, !pypto.tile<[16, 16], f32>) -> !pypto.tile<[16, 16], f32>
  pypto.system.bar_v
  %c = pypto.block.add %b, %a : (!pypto.tile<[16, 16], f32>, !pypto.tile<[16, 16], f32>) -> !pypto.tile<[16, 16], f32>
  pypto.system.bar_m
  pypto.system.bar_all
  pypto.system.sync_src {event_id = 7 : i64, set_pipe = #pypto.pipe<V>, wait_pipe = #pypto.pipe<MTE3>}
  pypto.system.sync_dst {event_id = 7 : i64, set_pipe = #pypto.pipe<V>, wait_pipe = #pypto.pipe<MTE3>}
  %r = pypto.block.store %c, %c0, %c0, %c16, %c16, %out : (!pypto.tile<[16, 16], f32>, i64, i64, i64, i64, !pypto.tensor<[16, 16], f32>) -> !pypto.tensor<[16, 16], f32>
  return %r : !pypto.tensor<[16, 16], f32>
}

// -----

// A set from MTE3 right after the store of an L0C tile, and its wait, name FIX in PTO;
// the pair of the other store (a UB tile) keeps MTE3.
// DIRECT-LABEL: func.func @l0c_reuse(
// DIRECT: pto.tmatmul
// DIRECT: pto.tstore ins(%{{.*}} : !pto.tile_buf<acc,
// DIRECT-NEXT: pto.set_flag[<PIPE_FIX>, <PIPE_M>, <EVENT_ID2>]
// DIRECT-NEXT: pto.wait_flag[<PIPE_FIX>, <PIPE_M>, <EVENT_ID2>]
// DIRECT: pto.tmatmul
// DIRECT: pto.set_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID1>]
// DIRECT-NEXT: pto.wait_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID1>]
// DIRECT: pto.tstore ins(%{{.*}} : !pto.tile_buf<vec,
func.func @l0c_reuse(%a: !pypto.tensor<[16, 16], f16>, %b: !pypto.tensor<[16, 16], f16>, %out: !pypto.tensor<[16, 16], f32>, %out2: !pypto.tensor<[16, 16], f32>) -> !pypto.tensor<[16, 16], f32> attributes {pypto.function_type = #pypto.function_type<InCore>} {
  %c0 = pypto.const 0 : i64
  %c16 = pypto.const 16 : i64
  %ta = pypto.block.load %a, %c0, %c0, %c16, %c16 {target_memory = 2} : (!pypto.tensor<[16, 16], f16>, i64, i64, i64, i64) -> !pypto.tile<[16, 16], f16>
  %tb = pypto.block.load %b, %c0, %c0, %c16, %c16 {target_memory = 2} : (!pypto.tensor<[16, 16], f16>, i64, i64, i64, i64) -> !pypto.tile<[16, 16], f16>
  %la = pypto.block.move %ta {target_memory = 3} : (!pypto.tile<[16, 16], f16>) -> !pypto.tile<[16, 16], f16>
  %lb = pypto.block.move %tb {target_memory = 4} : (!pypto.tile<[16, 16], f16>) -> !pypto.tile<[16, 16], f16>
  %m = pypto.block.matmul %la, %lb : (!pypto.tile<[16, 16], f16>, !pypto.tile<[16, 16], f16>) -> !pypto.tile<[16, 16], f32>
  %r = pypto.block.store %m, %c0, %c0, %c16, %c16, %out : (!pypto.tile<[16, 16], f32>, i64, i64, i64, i64, !pypto.tensor<[16, 16], f32>) -> !pypto.tensor<[16, 16], f32>
  pypto.system.sync_src {event_id = 2 : i64, set_pipe = #pypto.pipe<MTE3>, wait_pipe = #pypto.pipe<M>}
  pypto.system.sync_dst {event_id = 2 : i64, set_pipe = #pypto.pipe<MTE3>, wait_pipe = #pypto.pipe<M>}
  %m2 = pypto.block.matmul %la, %lb : (!pypto.tile<[16, 16], f16>, !pypto.tile<[16, 16], f16>) -> !pypto.tile<[16, 16], f32>
  %v = pypto.block.load %out, %c0, %c0, %c16, %c16 : (!pypto.tensor<[16, 16], f32>, i64, i64, i64, i64) -> !pypto.tile<[16, 16], f32>
  %e = pypto.block.exp %v : (!pypto.tile<[16, 16], f32>) -> !pypto.tile<[16, 16], f32>
  pypto.system.sync_src {event_id = 1 : i64, set_pipe = #pypto.pipe<V>, wait_pipe = #pypto.pipe<MTE3>}
  pypto.system.sync_dst {event_id = 1 : i64, set_pipe = #pypto.pipe<V>, wait_pipe = #pypto.pipe<MTE3>}
  %r2 = pypto.block.store %e, %c0, %c0, %c16, %c16, %out2 : (!pypto.tile<[16, 16], f32>, i64, i64, i64, i64, !pypto.tensor<[16, 16], f32>) -> !pypto.tensor<[16, 16], f32>
  %r3 = pypto.block.store %m2, %c0, %c0, %c16, %c16, %out : (!pypto.tile<[16, 16], f32>, i64, i64, i64, i64, !pypto.tensor<[16, 16], f32>) -> !pypto.tensor<[16, 16], f32>
  return %r3 : !pypto.tensor<[16, 16], f32>
}

// -----

// Loads, adds and a store, with PyPTO's pairs (none written here: pypto-insert-sync).
func.func @vector(%x: !pypto.tensor<[64, 64], f32>, %y: !pypto.tensor<[64, 64], f32>, %out: !pypto.tensor<[64, 64], f32>) -> !pypto.tensor<[64, 64], f32> attributes {pypto.function_type = #pypto.function_type<InCore>} {
  %c0 = pypto.const 0 : i64
  %c64 = pypto.const 64 : i64
  %a = pypto.block.load %x, %c0, %c0, %c64, %c64 : (!pypto.tensor<[64, 64], f32>, i64, i64, i64, i64) -> !pypto.tile<[64, 64], f32>
  %b = pypto.block.load %y, %c0, %c0, %c64, %c64 : (!pypto.tensor<[64, 64], f32>, i64, i64, i64, i64) -> !pypto.tile<[64, 64], f32>
  %c = pypto.block.add %a, %b : (!pypto.tile<[64, 64], f32>, !pypto.tile<[64, 64], f32>) -> !pypto.tile<[64, 64], f32>
  %d = pypto.block.mul %c, %a : (!pypto.tile<[64, 64], f32>, !pypto.tile<[64, 64], f32>) -> !pypto.tile<[64, 64], f32>
  %r = pypto.block.store %d, %c0, %c0, %c64, %c64, %out : (!pypto.tile<[64, 64], f32>, i64, i64, i64, i64, !pypto.tensor<[64, 64], f32>) -> !pypto.tensor<[64, 64], f32>
  return %r : !pypto.tensor<[64, 64], f32>
}

// -----

// An if: each branch a sequence of its own.
func.func @branches(%x: !pypto.tensor<[64, 64], f32>, %out: !pypto.tensor<[64, 64], f32>, %p: i1) -> !pypto.tensor<[64, 64], f32> attributes {pypto.function_type = #pypto.function_type<InCore>} {
  %c0 = pypto.const 0 : i64
  %c64 = pypto.const 64 : i64
  %a = pypto.block.load %x, %c0, %c0, %c64, %c64 : (!pypto.tensor<[64, 64], f32>, i64, i64, i64, i64) -> !pypto.tile<[64, 64], f32>
  %r = scf.if %p -> (!pypto.tile<[64, 64], f32>) {
    %b = pypto.block.add %a, %a : (!pypto.tile<[64, 64], f32>, !pypto.tile<[64, 64], f32>) -> !pypto.tile<[64, 64], f32>
    %c = pypto.block.add %b, %a : (!pypto.tile<[64, 64], f32>, !pypto.tile<[64, 64], f32>) -> !pypto.tile<[64, 64], f32>
    scf.yield %c : !pypto.tile<[64, 64], f32>
  } else {
    %d = pypto.block.mul %a, %a : (!pypto.tile<[64, 64], f32>, !pypto.tile<[64, 64], f32>) -> !pypto.tile<[64, 64], f32>
    scf.yield %d : !pypto.tile<[64, 64], f32>
  }
  %s = pypto.block.store %r, %c0, %c0, %c64, %c64, %out : (!pypto.tile<[64, 64], f32>, i64, i64, i64, i64, !pypto.tensor<[64, 64], f32>) -> !pypto.tensor<[64, 64], f32>
  return %s : !pypto.tensor<[64, 64], f32>
}

// -----

// CUBE-LABEL: func.func @cube(
// CUBE: pto.tmatmul
// CUBE-NEXT: pto.set_flag[<PIPE_M>, <PIPE_FIX>, <EVENT_ID0>]
// CUBE-NEXT: pto.wait_flag[<PIPE_M>, <PIPE_FIX>, <EVENT_ID0>]
// CUBE: pto.tstore ins(%{{.*}} : !pto.tile_buf<acc,
func.func @cube(%a: !pypto.tensor<[64, 64], f16>, %b: !pypto.tensor<[64, 64], f16>, %out: !pypto.tensor<[64, 64], f32>) -> !pypto.tensor<[64, 64], f32> attributes {pypto.function_type = #pypto.function_type<InCore>} {
  %c0 = pypto.const 0 : i64
  %c64 = pypto.const 64 : i64
  %ta = pypto.block.load %a, %c0, %c0, %c64, %c64 {target_memory = 2} : (!pypto.tensor<[64, 64], f16>, i64, i64, i64, i64) -> !pypto.tile<[64, 64], f16>
  %tb = pypto.block.load %b, %c0, %c0, %c64, %c64 {target_memory = 2} : (!pypto.tensor<[64, 64], f16>, i64, i64, i64, i64) -> !pypto.tile<[64, 64], f16>
  %la = pypto.block.move %ta {target_memory = 3} : (!pypto.tile<[64, 64], f16>) -> !pypto.tile<[64, 64], f16>
  %lb = pypto.block.move %tb {target_memory = 4} : (!pypto.tile<[64, 64], f16>) -> !pypto.tile<[64, 64], f16>
  %m = pypto.block.matmul %la, %lb : (!pypto.tile<[64, 64], f16>, !pypto.tile<[64, 64], f16>) -> !pypto.tile<[64, 64], f32>
  %r = pypto.block.store %m, %c0, %c0, %c64, %c64, %out : (!pypto.tile<[64, 64], f32>, i64, i64, i64, i64, !pypto.tensor<[64, 64], f32>) -> !pypto.tensor<[64, 64], f32>
  return %r : !pypto.tensor<[64, 64], f32>
}

// -----

// A loop storing an L0C tile: the event that orders the next iteration's matmul
// after the store is one pair across the loop (the set before it, the wait and set
// inside, the wait after it), FIX on every op.
// CUBE-LABEL: func.func @cube_loop(
// CUBE: pto.set_flag[<PIPE_FIX>, <PIPE_M>, <EVENT_ID7>]
// CUBE: scf.for
// CUBE: pto.wait_flag[<PIPE_FIX>, <PIPE_M>, <EVENT_ID7>]
// CUBE: pto.tmatmul
// CUBE: pto.tstore
// CUBE-NEXT: pto.set_flag[<PIPE_FIX>, <PIPE_M>, <EVENT_ID7>]
// CUBE: pto.wait_flag[<PIPE_FIX>, <PIPE_M>, <EVENT_ID7>]
// CUBE-NOT: MTE3
func.func @cube_loop(%a: !pypto.tensor<[64, 16], f16>, %b: !pypto.tensor<[16, 16], f16>, %out: !pypto.tensor<[64, 16], f32>) -> !pypto.tensor<[64, 16], f32> attributes {pypto.function_type = #pypto.function_type<InCore>} {
  %c0 = pypto.const 0 : i64
  %c1 = pypto.const 1 : i64
  %c4 = pypto.const 4 : i64
  %c16 = pypto.const 16 : i64
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %out) -> (!pypto.tensor<[64, 16], f32>) : i64 {
    %row = pypto.mul %i, %c16 : i64
    %ta = pypto.block.load %a, %row, %c0, %c16, %c16 {target_memory = 2} : (!pypto.tensor<[64, 16], f16>, i64, i64, i64, i64) -> !pypto.tile<[16, 16], f16>
    %tb = pypto.block.load %b, %c0, %c0, %c16, %c16 {target_memory = 2} : (!pypto.tensor<[16, 16], f16>, i64, i64, i64, i64) -> !pypto.tile<[16, 16], f16>
    %la = pypto.block.move %ta {target_memory = 3} : (!pypto.tile<[16, 16], f16>) -> !pypto.tile<[16, 16], f16>
    %lb = pypto.block.move %tb {target_memory = 4} : (!pypto.tile<[16, 16], f16>) -> !pypto.tile<[16, 16], f16>
    %m = pypto.block.matmul %la, %lb : (!pypto.tile<[16, 16], f16>, !pypto.tile<[16, 16], f16>) -> !pypto.tile<[16, 16], f32>
    %s = pypto.block.store %m, %row, %c0, %c16, %c16, %acc : (!pypto.tile<[16, 16], f32>, i64, i64, i64, i64, !pypto.tensor<[64, 16], f32>) -> !pypto.tensor<[64, 16], f32>
    scf.yield %s : !pypto.tensor<[64, 16], f32>
  }
  return %r : !pypto.tensor<[64, 16], f32>
}
