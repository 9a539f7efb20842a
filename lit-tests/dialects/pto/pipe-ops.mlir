// The cube-vector pipe ops, reserved buffers, asynchronous DMA and tile handles in the
// textual form PTOAS reads and prints, in kernels written the way PTOAS's tests write
// them (test/basic/*tpush*, *reserve_buffer*, async_put_get_emitc.pto). Checks the
// printed form, and that custom -> generic -> custom round-trips.
// RUN: %pto-opt %s --split-input-file | FileCheck %s
// RUN: %roundtrip %s --split-input-file

// A bidirectional pipe: the cube pushes an accumulator tile, the vector kernel pops it,
// doubles it and pushes it back.
// CHECK-LABEL: func.func @cube_kernel(
// CHECK: %[[V2C:.*]] = pto.reserve_buffer{name = "v2c_fifo", size = 4096, location = <mat>, auto = true} -> i32
// CHECK: %[[C2V:.*]] = pto.import_reserved_buffer{name = "c2v_fifo", peer_func = @vector_kernel} -> i32
// CHECK: pto.aic_initialize_pipe {dir_mask = 3, slot_size = 1024}(gm_slot_buffer = %arg0 : !pto.ptr<f32>, c2v_consumer_buf = %[[C2V]] : i32, v2c_consumer_buf = %[[V2C]] : i32)
// CHECK: pto.tpush_to_aiv(%{{.*}} : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>) { split = 0}
// CHECK: %{{.*}} = pto.tpop_from_aiv { split = 0} -> !pto.tile_buf<mat, 16x16xf32, blayout=col_major, slayout=row_major>
// CHECK: pto.tfree_from_aiv{ split = 0}
// CHECK-LABEL: func.func @vector_kernel(
// CHECK: pto.aiv_initialize_pipe {dir_mask = 3, slot_size = 1024}(gm_slot_buffer = %arg0 : !pto.ptr<f32>, c2v_consumer_buf = %{{.*}} : i32, v2c_consumer_buf = %{{.*}} : i32)
// CHECK: %[[RECV:.*]] = pto.tpop_from_aic { split = 0} -> !pto.tile_buf<vec, 16x16xf32>
// CHECK: pto.tfree_from_aic{ split = 0}
// CHECK: pto.tpush_to_aic(%{{.*}} : !pto.tile_buf<vec, 16x16xf32>) { split = 0}
module {
  func.func @call_both(%gm_slot_buffer: !pto.ptr<f32>) attributes {pto.entry} {
    func.call @cube_kernel(%gm_slot_buffer) : (!pto.ptr<f32>) -> ()
    func.call @vector_kernel(%gm_slot_buffer) : (!pto.ptr<f32>) -> ()
    return
  }

  func.func @cube_kernel(%gm_slot_buffer: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
    %v2c_local = pto.reserve_buffer {
      name = "v2c_fifo",
      size = 4096,
      location = #pto.address_space<mat>,
      auto = true
    } -> i32
    %c2v_import = pto.import_reserved_buffer {
      name = "c2v_fifo",
      peer_func = @vector_kernel
    } -> i32
    pto.aic_initialize_pipe {dir_mask = 3, slot_size = 1024}
      (gm_slot_buffer = %gm_slot_buffer : !pto.ptr<f32>,
       c2v_consumer_buf = %c2v_import : i32,
       v2c_consumer_buf = %v2c_local : i32)
    %acc_tile = pto.alloc_tile : !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
    pto.tpush_to_aiv(%acc_tile : !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) {split = 0}
    %mat_tile = pto.tpop_from_aiv {split = 0}
      -> !pto.tile_buf<loc=mat, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>
    %left_tile = pto.alloc_tile : !pto.tile_buf<loc=left, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>
    pto.tmov ins(%mat_tile : !pto.tile_buf<loc=mat, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>) outs(%left_tile : !pto.tile_buf<loc=left, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=row_major, fractal=512, pad=0>)
    pto.tfree_from_aiv {split = 0}
    return
  }

  func.func @vector_kernel(%gm_slot_buffer: !pto.ptr<f32>)
      attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
    %c2v_local = pto.reserve_buffer {
      name = "c2v_fifo",
      size = 4096,
      location = #pto.address_space<vec>,
      auto = true
    } -> i32
    %v2c_import = pto.import_reserved_buffer {
      name = "v2c_fifo",
      peer_func = @cube_kernel
    } -> i32
    pto.aiv_initialize_pipe {dir_mask = 3, slot_size = 1024}
      (gm_slot_buffer = %gm_slot_buffer : !pto.ptr<f32>,
       c2v_consumer_buf = %c2v_local : i32,
       v2c_consumer_buf = %v2c_import : i32)
    %recv_tile = pto.tpop_from_aic {split = 0}
      -> !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
    %sum_tile = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
    pto.tadd ins(%recv_tile, %recv_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%sum_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
    pto.tfree_from_aic {split = 0}
    pto.tpush_to_aic(%sum_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>) {split = 0}
    return
  }
}

// -----

// Pipe ids, FIFO depths, no-split pipes, a manually placed reserved buffer, an A5-style
// init (no global slot buffer), split entries and a popped tile with a dynamic valid
// shape, inside core sections of one function (ids are unique per function).
// CHECK-LABEL: func.func @sections(
// CHECK: %[[FIXED:.*]] = pto.reserve_buffer{name = "fixed", size = 1024, location = <vec>, auto = false, base = 8192} -> i32
// CHECK: pto.aic_initialize_pipe {id = 1, dir_mask = 1, slot_size = 512, slot_num = 2, local_slot_num = 1, nosplit = true}(c2v_consumer_buf = %{{.*}} : i32)
// CHECK: pto.tpush_to_aiv(%{{.*}} : !pto.tile_buf<vec, 16x16xf32>) {id = 1, split = 0}
// CHECK: pto.aiv_initialize_pipe {id = 2, dir_mask = 1, slot_size = 512, nosplit = true}(c2v_consumer_buf = %[[FIXED]] : i32)
// CHECK: %{{.*}} = pto.tpop_from_aic(%arg0, %arg1) {id = 2, split = 1} -> !pto.tile_buf<vec, 8x16xf32, valid=?x?>
// CHECK: pto.tfree_from_aic{id = 2, split = 1}
func.func @sections(%r: index, %c: index) {
  %fixed = pto.reserve_buffer {name = "fixed", size = 1024, location = #pto.address_space<vec>, auto = false, base = 8192} -> i32
  pto.section.cube {
    pto.aic_initialize_pipe {id = 1, dir_mask = 1, slot_size = 512, slot_num = 2, local_slot_num = 1, nosplit = true} (c2v_consumer_buf = %fixed : i32)
    %t = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32>
    pto.tpush_to_aiv(%t : !pto.tile_buf<vec, 16x16xf32>) {id = 1, split = 0}
  }
  pto.section.vector {
    pto.aiv_initialize_pipe {id = 2, dir_mask = 1, slot_size = 512, nosplit = true} (c2v_consumer_buf = %fixed : i32)
    %half = pto.tpop_from_aic(%r, %c) {id = 2, split = 1} -> !pto.tile_buf<vec, 8x16xf32, valid=?x?>
    pto.tfree_from_aic {id = 2, split = 1}
  }
  return
}

// -----

// The internal pipe ops PTOAS lowers the frontend ones to: pipe handles, and entries
// bound to declared tiles. (As in PTOAS's format, `nosplit` needs `flag_base` before
// it: the optional clauses start with a comma.)
// CHECK-LABEL: func.func @internal(
// CHECK: %[[P:.*]] = pto.initialize_l2g2l_pipe{dir_mask = 1, slot_size = 1024, slot_num = 8, local_slot_num = 4, flag_base = 0} (%arg0 : !pto.ptr<f32>, %{{.*}} : i32) -> !pto.pipe
// CHECK: %[[Q:.*]] = pto.initialize_l2l_pipe{dir_mask = 3, slot_size = 512, slot_num = 4, flag_base = 2, nosplit = true} (%{{.*}} : i32, %{{.*}} : i32) -> !pto.pipe
// CHECK: pto.tpush(%{{.*}}, %[[P]] : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, !pto.pipe) {split = 0}
// CHECK: %[[D:.*]] = pto.declare_tile -> !pto.tile_buf<vec, 16x16xf32>
// CHECK: pto.tpop(%[[D]], %[[Q]] : !pto.tile_buf<vec, 16x16xf32>, !pto.pipe) {split = 0}
// CHECK: pto.tfree(%[[Q]] : !pto.pipe) {split = 0}
// CHECK: pto.tfree(%[[D]], %[[Q]] : !pto.tile_buf<vec, 16x16xf32>, !pto.pipe) {split = 1}
func.func @internal(%gm: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  %local = arith.constant 0 : i32
  %peer = arith.constant 4096 : i32
  %p = pto.initialize_l2g2l_pipe {dir_mask = 1, slot_size = 1024, slot_num = 8, local_slot_num = 4, flag_base = 0} (%gm : !pto.ptr<f32>, %local : i32) -> !pto.pipe
  %q = pto.initialize_l2l_pipe {dir_mask = 3, slot_size = 512, slot_num = 4, flag_base = 2, nosplit = true} (%local : i32, %peer : i32) -> !pto.pipe
  %acc = pto.alloc_tile : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>
  pto.tpush(%acc, %p : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, !pto.pipe) {split = 0}
  %d = pto.declare_tile -> !pto.tile_buf<vec, 16x16xf32>
  pto.tpop(%d, %q : !pto.tile_buf<vec, 16x16xf32>, !pto.pipe) {split = 0}
  pto.tfree(%q : !pto.pipe) {split = 0}
  pto.tfree(%d, %q : !pto.tile_buf<vec, 16x16xf32>, !pto.pipe) {split = 1}
  return
}

// -----

// A tile handle rebound to addresses in a loop (level-3 kernels).
// CHECK-LABEL: func.func @handles(
// CHECK: %[[D:.*]] = pto.declare_tile -> !pto.tile_buf<vec, 16x16xf16>
// CHECK: %{{.*}} = pto.tassign %[[D]], %{{.*}} : !pto.tile_buf<vec, 16x16xf16> -> !pto.tile_buf<vec, 16x16xf16>
func.func @handles(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d = pto.declare_tile -> !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  scf.for %i = %c0 to %n step %c1 {
    %a = arith.index_cast %i : index to i64
    %t = pto.tassign %d, %a : !pto.tile_buf<vec, 16x16xf16> -> !pto.tile_buf<vec, 16x16xf16>
    pto.tabs ins(%t : !pto.tile_buf<vec, 16x16xf16>) outs(%t : !pto.tile_buf<vec, 16x16xf16>)
  }
  return
}

// -----

// Asynchronous remote copies (PTOAS's async_put_get_emitc.pto).
// CHECK-LABEL: func.func @async_put_get(
// CHECK: %[[S:.*]] = pto.build_async_session(%{{.*}}, %arg2 : !pto.tile_buf<vec, 1x256xi8>, memref<1024xi8, #pto.address_space<gm>>) {sync_id = 1 : i32} -> !pto.async_session
// CHECK: %[[PUT:.*]] = pto.tput_async(%arg0, %arg1, %[[S]] : memref<128xf32, #pto.address_space<gm>>, memref<128xf32, #pto.address_space<gm>>, !pto.async_session) -> !pto.async_event
// CHECK: %[[GET:.*]] = pto.tget_async(%arg1, %arg0, %[[S]] : memref<128xf32, #pto.address_space<gm>>, memref<128xf32, #pto.address_space<gm>>, !pto.async_session) -> !pto.async_event
// CHECK: %{{.*}} = pto.wait_async_event(%[[PUT]], %[[S]] : !pto.async_event, !pto.async_session) -> i1
// CHECK: %{{.*}} = pto.test_async_event(%[[GET]], %[[S]] : !pto.async_event, !pto.async_session) -> i1
module {
  func.func @async_put_get(%dst: memref<128xf32, #pto.address_space<gm>>,
                           %src: memref<128xf32, #pto.address_space<gm>>,
                           %workspace: memref<1024xi8, #pto.address_space<gm>>) {
    %scratch = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=i8, rows=1, cols=256, v_row=1, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>
    %session = pto.build_async_session(%scratch, %workspace : !pto.tile_buf<loc=vec, dtype=i8, rows=1, cols=256, v_row=1, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>, memref<1024xi8, #pto.address_space<gm>>) {sync_id = 1 : i32} -> !pto.async_session
    %put = pto.tput_async(%dst, %src, %session : memref<128xf32, #pto.address_space<gm>>, memref<128xf32, #pto.address_space<gm>>, !pto.async_session) -> !pto.async_event
    %get = pto.tget_async(%src, %dst, %session : memref<128xf32, #pto.address_space<gm>>, memref<128xf32, #pto.address_space<gm>>, !pto.async_session) -> !pto.async_event
    %put_done = pto.wait_async_event(%put, %session : !pto.async_event, !pto.async_session) -> i1
    %get_done = pto.test_async_event(%get, %session : !pto.async_event, !pto.async_session) -> i1
    return
  }
}
