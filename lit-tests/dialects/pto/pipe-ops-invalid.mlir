// The verifiers (and custom parsers) of the cube-vector pipe ops, reserved buffers,
// asynchronous DMA and tile handles report PTOAS's messages at the op.
// RUN: %pto-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{'pto.reserve_buffer' op must be nested under a func.func}}
%b = pto.reserve_buffer {name = "fifo", size = 8192, location = #pto.address_space<vec>, auto = true} -> i32

// -----

func.func @f() {
  // expected-error @+1 {{'pto.reserve_buffer' op expects 'size' to be greater than 0}}
  %b = pto.reserve_buffer {name = "fifo", size = 0, location = #pto.address_space<vec>, auto = true} -> i32
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'pto.reserve_buffer' op expects 'location' to be #pto.address_space<vec> or #pto.address_space<mat>}}
  %b = pto.reserve_buffer {name = "fifo", size = 64, location = #pto.address_space<acc>, auto = true} -> i32
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'pto.reserve_buffer' op expects 'base' when 'auto' is false}}
  %b = pto.reserve_buffer {name = "fifo", size = 64, location = #pto.address_space<vec>, auto = false} -> i32
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'pto.reserve_buffer' op expects 'base' to be non-negative when present}}
  %b = pto.reserve_buffer {name = "fifo", size = 64, location = #pto.address_space<vec>, auto = false, base = -32} -> i32
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'pto.reserve_buffer' op requires 'name' to be unique within the function}}
  %a = pto.reserve_buffer {name = "fifo", size = 64, location = #pto.address_space<vec>, auto = true} -> i32
  %b = pto.reserve_buffer {name = "fifo", size = 64, location = #pto.address_space<mat>, auto = true} -> i32
  return
}

// -----

func.func @peer() {
  %a = pto.reserve_buffer {name = "fifo", size = 64, location = #pto.address_space<vec>, auto = true} -> i32
  return
}
func.func @f() {
  // expected-error @+1 {{'pto.import_reserved_buffer' op requires (name, peer_func) to be unique within the function}}
  %a = pto.import_reserved_buffer {name = "fifo", peer_func = @peer} -> i32
  %b = pto.import_reserved_buffer {name = "fifo", peer_func = @peer} -> i32
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'pto.import_reserved_buffer' op expects 'peer_func' to reference an existing func.func}}
  %a = pto.import_reserved_buffer {name = "fifo", peer_func = @nowhere} -> i32
  return
}

// -----

func.func @peer() {
  %a = pto.reserve_buffer {name = "other", size = 64, location = #pto.address_space<vec>, auto = true} -> i32
  return
}
func.func @f() {
  // expected-error @+1 {{'pto.import_reserved_buffer' op expects matching peer reserve_buffer to exist}}
  %a = pto.import_reserved_buffer {name = "fifo", peer_func = @peer} -> i32
  return
}

// -----

func.func @f(%b: i32) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  // expected-error @+1 {{unexpected keyword 'depth'}}
  pto.aic_initialize_pipe {dir_mask = 1, slot_size = 64, depth = 2} (c2v_consumer_buf = %b : i32)
  return
}

// -----

func.func @f(%b: i32) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  // expected-error @+1 {{duplicate 'dir_mask' clause}}
  pto.aic_initialize_pipe {dir_mask = 1, dir_mask = 2, slot_size = 64} (c2v_consumer_buf = %b : i32)
  return
}

// -----

func.func @f(%b: i32) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  // expected-error @+1 {{expected 'slot_size' clause}}
  pto.aic_initialize_pipe {dir_mask = 1} (c2v_consumer_buf = %b : i32)
  return
}

// -----

func.func @f(%b: i32) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  // expected-error @+1 {{expected 'true' or 'false'}}
  pto.aic_initialize_pipe {dir_mask = 1, slot_size = 64, nosplit = 1} (c2v_consumer_buf = %b : i32)
  return
}

// -----

func.func @f(%b: i32) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  // expected-error @+1 {{unexpected initialize_pipe operand 'consumer_buf'}}
  pto.aic_initialize_pipe {dir_mask = 1, slot_size = 64} (consumer_buf = %b : i32)
  return
}

// -----

func.func @f(%b: i32) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  // expected-error @+1 {{duplicate 'c2v_consumer_buf' operand}}
  pto.aic_initialize_pipe {dir_mask = 1, slot_size = 64} (c2v_consumer_buf = %b : i32, c2v_consumer_buf = %b : i32)
  return
}

// -----

func.func @f(%b: i32) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  // expected-error @+1 {{'pto.aic_initialize_pipe' op must be inside a cube kernel function or section}}
  pto.aic_initialize_pipe {dir_mask = 1, slot_size = 64} (c2v_consumer_buf = %b : i32)
  return
}

// -----

func.func @f(%b: i32) {
  pto.section.cube {
    // expected-error @+1 {{'pto.aiv_initialize_pipe' op must be inside a vector kernel function or section}}
    pto.aiv_initialize_pipe {dir_mask = 1, slot_size = 64} (c2v_consumer_buf = %b : i32)
  }
  return
}

// -----

func.func @f(%b: i32, %p: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  // expected-error @+1 {{'pto.aic_initialize_pipe' op expects 'id' to be non-negative}}
  pto.aic_initialize_pipe {id = -1, dir_mask = 1, slot_size = 64} (c2v_consumer_buf = %b : i32)
  return
}

// -----

func.func @f(%b: i32, %p: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  // expected-error @+1 {{'pto.aic_initialize_pipe' op expects 'dir_mask' to be 1, 2, or 3}}
  pto.aic_initialize_pipe {dir_mask = 4, slot_size = 64} (c2v_consumer_buf = %b : i32)
  return
}

// -----

func.func @f(%b: i32, %p: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  // expected-error @+1 {{'pto.aic_initialize_pipe' op expects 'slot_size' to be greater than 0}}
  pto.aic_initialize_pipe {dir_mask = 1, slot_size = 0} (c2v_consumer_buf = %b : i32)
  return
}

// -----

func.func @f(%b: i32, %p: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  // expected-error @+1 {{'pto.aic_initialize_pipe' op expects 'slot_num' to be greater than 0}}
  pto.aic_initialize_pipe {dir_mask = 1, slot_size = 64, slot_num = 0} (c2v_consumer_buf = %b : i32)
  return
}

// -----

func.func @f(%b: i32, %p: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  // expected-error @+1 {{'pto.aic_initialize_pipe' op expects local pipe init to provide at least one consumer buffer operand}}
  pto.aic_initialize_pipe {dir_mask = 1, slot_size = 64} (gm_slot_buffer = %p : !pto.ptr<f32>)
  return
}

// -----

func.func @f(%b: i32, %p: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  // expected-error @+1 {{'pto.aic_initialize_pipe' op expects 'c2v_consumer_buf' when dir_mask is 1}}
  pto.aic_initialize_pipe {dir_mask = 1, slot_size = 64} (v2c_consumer_buf = %b : i32)
  return
}

// -----

func.func @f(%b: i32, %p: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  // expected-error @+1 {{'pto.aic_initialize_pipe' op expects 'v2c_consumer_buf' when dir_mask is 2}}
  pto.aic_initialize_pipe {dir_mask = 2, slot_size = 64} (c2v_consumer_buf = %b : i32)
  return
}

// -----

func.func @f(%b: i32, %p: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  // expected-error @+1 {{'pto.aic_initialize_pipe' op expects both 'c2v_consumer_buf' and 'v2c_consumer_buf' when dir_mask is 3}}
  pto.aic_initialize_pipe {dir_mask = 3, slot_size = 64} (c2v_consumer_buf = %b : i32)
  return
}

// -----

func.func @f(%b: i32, %p: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  // expected-error @+1 {{'pto.aic_initialize_pipe' op expects 'local_slot_num' to be greater than 0}}
  pto.aic_initialize_pipe {dir_mask = 1, slot_size = 64, local_slot_num = 0} (c2v_consumer_buf = %b : i32)
  return
}

// -----

func.func @f(%b: i32, %p: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  // expected-error @+1 {{'pto.aic_initialize_pipe' op expects 'local_slot_num' to be less than or equal to slot_num (4) for dir_mask = 3}}
  pto.aic_initialize_pipe {dir_mask = 3, slot_size = 64, local_slot_num = 5} (c2v_consumer_buf = %b : i32, v2c_consumer_buf = %b : i32)
  return
}

// -----

func.func @f(%b: i32) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  // expected-error @+1 {{'pto.aic_initialize_pipe' op requires 'id' to be unique across frontend initialize_pipe ops in the function}}
  pto.aic_initialize_pipe {dir_mask = 1, slot_size = 64} (c2v_consumer_buf = %b : i32)
  pto.aic_initialize_pipe {id = 0, dir_mask = 2, slot_size = 64} (v2c_consumer_buf = %b : i32)
  return
}

// -----

func.func @f(%t: !pto.tile_buf<vec, 16x16xf32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  // expected-error @+1 {{'pto.tpush_to_aiv' op must be inside a cube kernel function or section}}
  pto.tpush_to_aiv(%t : !pto.tile_buf<vec, 16x16xf32>) {split = 0}
  return
}

// -----

func.func @f(%t: !pto.tile_buf<vec, 16x16xf32>, %b: i32) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  pto.aic_initialize_pipe {dir_mask = 1, slot_size = 1024} (c2v_consumer_buf = %b : i32)
  // expected-error @+1 {{'pto.tpush_to_aiv' op expects 'split' to be 0, 1, or 2}}
  pto.tpush_to_aiv(%t : !pto.tile_buf<vec, 16x16xf32>) {split = 3}
  return
}

// -----

func.func @f(%t: !pto.tile_buf<vec, 16x16xf32>, %b: i32) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  pto.aic_initialize_pipe {dir_mask = 1, slot_size = 1024} (c2v_consumer_buf = %b : i32)
  // expected-error @+1 {{'pto.tpush_to_aiv' op expects 'id' to be non-negative}}
  pto.tpush_to_aiv(%t : !pto.tile_buf<vec, 16x16xf32>) {id = -2, split = 0}
  return
}

// -----

func.func @f(%t: !pto.tile_buf<vec, 16x16xf32>, %b: i32) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  pto.aic_initialize_pipe {dir_mask = 1, slot_size = 1024} (c2v_consumer_buf = %b : i32)
  // expected-error @+1 {{'pto.tpush_to_aiv' op expects 'id' = 1 to match a frontend initialize_pipe op in the same function}}
  pto.tpush_to_aiv(%t : !pto.tile_buf<vec, 16x16xf32>) {id = 1, split = 0}
  return
}

// -----

func.func @f(%t: !pto.tile_buf<vec, 16x16xf32>, %b: i32) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  pto.aic_initialize_pipe {dir_mask = 2, slot_size = 1024} (v2c_consumer_buf = %b : i32)
  // expected-error @+1 {{'pto.tpush_to_aiv' op expects 'id' = 0 to reference initialize_pipe with dir_mask = 1 or 3}}
  pto.tpush_to_aiv(%t : !pto.tile_buf<vec, 16x16xf32>) {split = 0}
  return
}

// -----

func.func @f(%t: !pto.tile_buf<vec, 16x16xf32>, %b: i32) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  pto.aiv_initialize_pipe {dir_mask = 1, slot_size = 1024} (c2v_consumer_buf = %b : i32)
  // expected-error @+1 {{'pto.tpush_to_aic' op expects 'id' = 0 to reference initialize_pipe with dir_mask = 2 or 3}}
  pto.tpush_to_aic(%t : !pto.tile_buf<vec, 16x16xf32>) {split = 0}
  return
}

// -----

func.func @f(%b: i32) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  pto.aic_initialize_pipe {dir_mask = 2, slot_size = 1024} (v2c_consumer_buf = %b : i32)
  // expected-error @+1 {{'pto.tpop_from_aic' op must be inside a vector kernel function or section}}
  %t = pto.tpop_from_aic {split = 0} -> !pto.tile_buf<vec, 16x16xf32>
  return
}

// -----

func.func @f(%b: i32, %r: index) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  pto.aiv_initialize_pipe {dir_mask = 1, slot_size = 1024} (c2v_consumer_buf = %b : i32)
  // expected-error @+1 {{'pto.tpop_from_aic' op expects tile result to have dynamic validShape (?, ?) when valid_row/valid_col operands are provided}}
  %t = pto.tpop_from_aic(%r, %r) {split = 0} -> !pto.tile_buf<vec, 16x16xf32>
  return
}

// -----

func.func @f(%b: i32, %r: index) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  pto.aiv_initialize_pipe {dir_mask = 1, slot_size = 1024} (c2v_consumer_buf = %b : i32)
  // expected-error @+1 {{'pto.tpop_from_aic' op expects valid_row and valid_col operands to be provided together}}
  %t = "pto.tpop_from_aic"(%r) <{operandSegmentSizes = array<i32: 1, 0>, split = 0 : i8}> : (index) -> !pto.tile_buf<vec, 16x16xf32, valid=?x?>
  return
}

// -----

func.func @f(%b: i32) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  pto.aic_initialize_pipe {dir_mask = 1, slot_size = 1024} (c2v_consumer_buf = %b : i32)
  // expected-error @+1 {{'pto.tpop_from_aiv' op expects 'id' = 0 to reference initialize_pipe with dir_mask = 2 or 3}}
  %t = pto.tpop_from_aiv {split = 0} -> !pto.tile_buf<mat, 16x16xf32, blayout=col_major, slayout=row_major>
  return
}

// -----

func.func @f(%b: i32) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  pto.aiv_initialize_pipe {dir_mask = 2, slot_size = 1024} (v2c_consumer_buf = %b : i32)
  // expected-error @+1 {{'pto.tfree_from_aic' op expects 'id' = 0 to reference initialize_pipe with dir_mask = 1 or 3}}
  pto.tfree_from_aic {split = 0}
  return
}

// -----

func.func @f() attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  // expected-error @+1 {{'pto.tfree_from_aiv' op must be inside a cube kernel function or section}}
  pto.tfree_from_aiv {split = 0}
  return
}

// -----

func.func @f(%b: i32) {
  // expected-error @+1 {{'pto.initialize_l2l_pipe' op expects 'dir_mask' to be 1, 2, or 3}}
  %p = pto.initialize_l2l_pipe {dir_mask = 0, slot_size = 64, slot_num = 8} (%b : i32) -> !pto.pipe
  return
}

// -----

func.func @f(%b: i32) {
  // expected-error @+1 {{'pto.initialize_l2l_pipe' op expects 'slot_size' to be greater than 0}}
  %p = pto.initialize_l2l_pipe {dir_mask = 1, slot_size = -1, slot_num = 8} (%b : i32) -> !pto.pipe
  return
}

// -----

func.func @f(%b: i32) {
  // expected-error @+1 {{'pto.initialize_l2l_pipe' op expects 'slot_num' to be greater than 0}}
  %p = pto.initialize_l2l_pipe {dir_mask = 1, slot_size = 64, slot_num = 0} (%b : i32) -> !pto.pipe
  return
}

// -----

func.func @f(%b: i32) {
  // expected-error @+1 {{'pto.initialize_l2l_pipe' op expects 'flag_base' to be non-negative when present}}
  %p = pto.initialize_l2l_pipe {dir_mask = 1, slot_size = 64, slot_num = 8, flag_base = -1} (%b : i32) -> !pto.pipe
  return
}

// -----

func.func @f(%b: i32) {
  // expected-error @+1 {{'pto.initialize_l2l_pipe' op requires 'flag_base' and dir_mask to fit within 16 hardware flag ids}}
  %p = pto.initialize_l2l_pipe {dir_mask = 3, slot_size = 64, slot_num = 4, flag_base = 13} (%b : i32, %b : i32) -> !pto.pipe
  return
}

// -----

func.func @f(%b: i32) {
  // expected-error @+1 {{'pto.initialize_l2l_pipe' op expects 'peer_local_addr' when dir_mask is 3}}
  %p = pto.initialize_l2l_pipe {dir_mask = 3, slot_size = 64, slot_num = 4} (%b : i32) -> !pto.pipe
  return
}

// -----

func.func @f(%b: i32) {
  // expected-error @+1 {{'pto.initialize_l2l_pipe' op 'peer_local_addr' is only allowed when dir_mask is 3}}
  %p = pto.initialize_l2l_pipe {dir_mask = 1, slot_size = 64, slot_num = 8} (%b : i32, %b : i32) -> !pto.pipe
  return
}

// -----

func.func @f(%g: !pto.ptr<f32>, %b: i32) {
  // expected-error @+1 {{'pto.initialize_l2g2l_pipe' op 'local_slot_num' is only allowed when 'local_addr' is present}}
  %p = pto.initialize_l2g2l_pipe {dir_mask = 1, slot_size = 64, slot_num = 8, local_slot_num = 2} (%g : !pto.ptr<f32>) -> !pto.pipe
  return
}

// -----

func.func @f(%g: !pto.ptr<f32>, %b: i32) {
  // expected-error @+1 {{'pto.initialize_l2g2l_pipe' op expects 'local_slot_num' to be greater than 0}}
  %p = pto.initialize_l2g2l_pipe {dir_mask = 1, slot_size = 64, slot_num = 8, local_slot_num = 0} (%g : !pto.ptr<f32>, %b : i32) -> !pto.pipe
  return
}

// -----

func.func @f(%g: !pto.ptr<f32>, %b: i32) {
  // expected-error @+1 {{'pto.initialize_l2g2l_pipe' op expects 'local_slot_num' to be less than or equal to slot_num}}
  %p = pto.initialize_l2g2l_pipe {dir_mask = 1, slot_size = 64, slot_num = 8, local_slot_num = 9} (%g : !pto.ptr<f32>, %b : i32) -> !pto.pipe
  return
}

// -----

func.func @f(%g: !pto.ptr<f32>, %b: i32) {
  // expected-error @+1 {{'pto.initialize_l2g2l_pipe' op expects 'peer_local_addr' when dir_mask is 3}}
  %p = pto.initialize_l2g2l_pipe {dir_mask = 3, slot_size = 64, slot_num = 4} (%g : !pto.ptr<f32>, %b : i32) -> !pto.pipe
  return
}

// -----

func.func @f(%g: !pto.ptr<f32>, %b: i32) {
  // expected-error @+1 {{'pto.initialize_l2g2l_pipe' op 'peer_local_addr' requires 'local_addr'}}
  %p = "pto.initialize_l2g2l_pipe"(%g, %b) <{dir_mask = 3 : i8, operandSegmentSizes = array<i32: 1, 0, 1>, slot_num = 4 : i32, slot_size = 64 : i32}> : (!pto.ptr<f32>, i32) -> !pto.pipe
  return
}

// -----

func.func @f(%b: i32, %t: !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>) {
  %p = pto.initialize_l2l_pipe {dir_mask = 1, slot_size = 1024, slot_num = 8} (%b : i32) -> !pto.pipe
  // expected-error @+1 {{'pto.tpush' op must be inside pto.section.cube/vector or a kernel_kind function}}
  pto.tpush(%t, %p : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, !pto.pipe) {split = 0}
  return
}

// -----

func.func @f(%p: !pto.pipe, %t: !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  // expected-error @+1 {{'pto.tpush' op pipe_handle must be produced by pto.initialize_l2l_pipe or pto.initialize_l2g2l_pipe}}
  pto.tpush(%t, %p : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, !pto.pipe) {split = 0}
  return
}

// -----

func.func @f(%b: i32, %t: !pto.tile_buf<mat, 16x16xf32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  %p = pto.initialize_l2l_pipe {dir_mask = 1, slot_size = 1024, slot_num = 8} (%b : i32) -> !pto.pipe
  // expected-error @+1 {{'pto.tpush' op tile type must map to a supported producer pipe}}
  pto.tpush(%t, %p : !pto.tile_buf<mat, 16x16xf32>, !pto.pipe) {split = 0}
  return
}

// -----

func.func @f(%b: i32, %t: !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  %p = pto.initialize_l2l_pipe {dir_mask = 1, slot_size = 1024, slot_num = 8} (%b : i32) -> !pto.pipe
  // expected-error @+1 {{'pto.tpush' op expects 'split' to be 0, 1, or 2}}
  pto.tpush(%t, %p : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, !pto.pipe) {split = 5}
  return
}

// -----

func.func @f(%b: i32, %t: !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  %p = pto.initialize_l2l_pipe {dir_mask = 1, slot_size = 1024, slot_num = 8} (%b : i32) -> !pto.pipe
  // expected-error @+1 {{'pto.tpop' op tile type and target arch must map to a supported consumer pipe}}
  pto.tpop(%t, %p : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, !pto.pipe) {split = 0}
  return
}

// -----

func.func @f(%p: !pto.pipe) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  // expected-error @+1 {{'pto.tfree' op pipe_handle must be produced by pto.initialize_l2l_pipe or pto.initialize_l2g2l_pipe}}
  pto.tfree(%p : !pto.pipe) {split = 0}
  return
}

// -----

func.func @f(%p: !pto.pipe) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  // expected-error @+1 {{expected an integer}}
  pto.tfree(%p : !pto.pipe) {split = x}
  return
}

// -----

func.func @f(%s: !pto.tile_buf<mat, 1x256xi8>, %w: memref<1024xi8, #pto.address_space<gm>>) {
  // expected-error @+1 {{'pto.build_async_session' op expects scratch to be in vec address space}}
  %x = pto.build_async_session(%s, %w : !pto.tile_buf<mat, 1x256xi8>, memref<1024xi8, #pto.address_space<gm>>)  -> !pto.async_session
  return
}

// -----

func.func @f(%s: !pto.tile_buf<vec, 1x4xi8>, %w: memref<1024xi8, #pto.address_space<gm>>) {
  // expected-error @+1 {{'pto.build_async_session' op expects scratch to provide at least 8 bytes}}
  %x = pto.build_async_session(%s, %w : !pto.tile_buf<vec, 1x4xi8>, memref<1024xi8, #pto.address_space<gm>>)  -> !pto.async_session
  return
}

// -----

func.func @f(%s: memref<?xi8, #pto.address_space<vec>>, %w: memref<1024xi8, #pto.address_space<gm>>) {
  // expected-error @+1 {{'pto.build_async_session' op expects scratch to have a static shape}}
  %x = pto.build_async_session(%s, %w : memref<?xi8, #pto.address_space<vec>>, memref<1024xi8, #pto.address_space<gm>>)  -> !pto.async_session
  return
}

// -----

func.func @f(%s: memref<2x2x8xi8, #pto.address_space<vec>>, %w: memref<1024xi8, #pto.address_space<gm>>) {
  // expected-error @+1 {{'pto.build_async_session' op expects scratch to be rank-1 or rank-2}}
  %x = pto.build_async_session(%s, %w : memref<2x2x8xi8, #pto.address_space<vec>>, memref<1024xi8, #pto.address_space<gm>>)  -> !pto.async_session
  return
}

// -----

func.func @f(%s: !pto.tile_buf<vec, 1x256xi8>, %w: memref<1024xi8, #pto.address_space<vec>>) {
  // expected-error @+1 {{'pto.build_async_session' op operand #1 must be Ptr or MemRef in GM, but got 'memref<1024xi8, #pto.address_space<vec>>'}}
  %x = pto.build_async_session(%s, %w : !pto.tile_buf<vec, 1x256xi8>, memref<1024xi8, #pto.address_space<vec>>)  -> !pto.async_session
  return
}

// -----

func.func @f(%s: !pto.tile_buf<vec, 1x256xi8>, %w: memref<1024xi32, #pto.address_space<gm>>) {
  // expected-error @+1 {{'pto.build_async_session' op expects workspace element type to be an 8-bit integer}}
  %x = pto.build_async_session(%s, %w : !pto.tile_buf<vec, 1x256xi8>, memref<1024xi32, #pto.address_space<gm>>)  -> !pto.async_session
  return
}

// -----

func.func @f(%s: !pto.tile_buf<vec, 1x256xi8>, %w: memref<1024xi8, #pto.address_space<gm>>) {
  // expected-error @+1 {{'pto.build_async_session' op expects sync_id in range [0, 7]}}
  %x = pto.build_async_session(%s, %w : !pto.tile_buf<vec, 1x256xi8>, memref<1024xi8, #pto.address_space<gm>>) {sync_id = 8 : i32} -> !pto.async_session
  return
}

// -----

func.func @f(%s: !pto.tile_buf<vec, 1x256xi8>, %w: memref<1024xi8, #pto.address_space<gm>>) {
  // expected-error @+1 {{'pto.build_async_session' op expects block_bytes to be greater than 0}}
  %x = pto.build_async_session(%s, %w : !pto.tile_buf<vec, 1x256xi8>, memref<1024xi8, #pto.address_space<gm>>) {block_bytes = 0} -> !pto.async_session
  return
}

// -----

func.func @f(%s: !pto.tile_buf<vec, 1x256xi8>, %w: memref<1024xi8, #pto.address_space<gm>>) {
  // expected-error @+1 {{'pto.build_async_session' op expects comm_block_offset to be non-negative}}
  %x = pto.build_async_session(%s, %w : !pto.tile_buf<vec, 1x256xi8>, memref<1024xi8, #pto.address_space<gm>>) {comm_block_offset = -1} -> !pto.async_session
  return
}

// -----

func.func @f(%s: !pto.tile_buf<vec, 1x256xi8>, %w: memref<1024xi8, #pto.address_space<gm>>) {
  // expected-error @+1 {{'pto.build_async_session' op expects queue_num to be greater than 0}}
  %x = pto.build_async_session(%s, %w : !pto.tile_buf<vec, 1x256xi8>, memref<1024xi8, #pto.address_space<gm>>) {queue_num = 0 : i32} -> !pto.async_session
  return
}

// -----

func.func @f(%s: !pto.tile_buf<vec, 1x256xi8>, %w: memref<1024xi8, #pto.address_space<gm>>) {
  // expected-error @+1 {{'pto.build_async_session' op expects channel_group_idx to fit in uint32}}
  %x = pto.build_async_session(%s, %w : !pto.tile_buf<vec, 1x256xi8>, memref<1024xi8, #pto.address_space<gm>>) {channel_group_idx = 4294967296} -> !pto.async_session
  return
}

// -----

func.func @f(%d: memref<128xf32, #pto.address_space<gm>>, %s: memref<128xf16, #pto.address_space<gm>>, %x: !pto.async_session) {
  // expected-error @+1 {{'pto.tput_async' op expects src and dst to have the same element type}}
  %e = pto.tput_async(%d, %s, %x : memref<128xf32, #pto.address_space<gm>>, memref<128xf16, #pto.address_space<gm>>, !pto.async_session) -> !pto.async_event
  return
}

// -----

func.func @f(%d: memref<128xf32, #pto.address_space<vec>>, %s: memref<128xf32, #pto.address_space<gm>>, %x: !pto.async_session) {
  // expected-error @+1 {{'pto.tput_async' op expects dst to be in GM address space}}
  %e = pto.tput_async(%d, %s, %x : memref<128xf32, #pto.address_space<vec>>, memref<128xf32, #pto.address_space<gm>>, !pto.async_session) -> !pto.async_event
  return
}

// -----

func.func @f(%d: memref<128xf32, #pto.address_space<gm>>, %s: memref<2x64xf32, #pto.address_space<gm>>, %x: !pto.async_session) {
  // expected-error @+1 {{'pto.tput_async' op expects src to be a static flat contiguous logical 1D GM memref}}
  %e = pto.tput_async(%d, %s, %x : memref<128xf32, #pto.address_space<gm>>, memref<2x64xf32, #pto.address_space<gm>>, !pto.async_session) -> !pto.async_event
  return
}

// -----

func.func @f(%d: memref<128xf32, #pto.address_space<gm>>, %s: memref<?xf32, #pto.address_space<gm>>, %x: !pto.async_session) {
  // expected-error @+1 {{'pto.tput_async' op expects src to have a static shape}}
  %e = pto.tput_async(%d, %s, %x : memref<128xf32, #pto.address_space<gm>>, memref<?xf32, #pto.address_space<gm>>, !pto.async_session) -> !pto.async_event
  return
}

// -----

func.func @f(%d: memref<128xf32, #pto.address_space<gm>>, %s: memref<64xf32, #pto.address_space<gm>>, %x: !pto.async_session) {
  // expected-error @+1 {{'pto.tput_async' op expects src and dst to have the same static shape}}
  %e = pto.tput_async(%d, %s, %x : memref<128xf32, #pto.address_space<gm>>, memref<64xf32, #pto.address_space<gm>>, !pto.async_session) -> !pto.async_event
  return
}

// -----

func.func @f(%d: !pto.tile_buf<vec, 1x128xf32>, %s: memref<128xf32, #pto.address_space<gm>>, %x: !pto.async_session) {
  // expected-error @+1 {{'pto.tput_async' op expects dst to be a memref/tensor_view/partition_view}}
  %e = pto.tput_async(%d, %s, %x : !pto.tile_buf<vec, 1x128xf32>, memref<128xf32, #pto.address_space<gm>>, !pto.async_session) -> !pto.async_event
  return
}

// -----

func.func @f(%d: !pto.partition_tensor_view<2x64xf32>, %s: memref<128xf32, #pto.address_space<gm>>, %x: !pto.async_session) {
  // expected-error @+1 {{'pto.tput_async' op expects dst to be a static flat contiguous logical 1D GM view}}
  %e = pto.tput_async(%d, %s, %x : !pto.partition_tensor_view<2x64xf32>, memref<128xf32, #pto.address_space<gm>>, !pto.async_session) -> !pto.async_event
  return
}

// -----

func.func @f(%d: memref<128xf32, #pto.address_space<gm>>, %s: memref<128xi32, #pto.address_space<gm>>, %x: !pto.async_session) {
  // expected-error @+1 {{'pto.tget_async' op expects src and dst to have the same element type}}
  %e = pto.tget_async(%d, %s, %x : memref<128xf32, #pto.address_space<gm>>, memref<128xi32, #pto.address_space<gm>>, !pto.async_session) -> !pto.async_event
  return
}

// -----

func.func @f(%a: i64) {
  %d = pto.declare_tile -> !pto.tile_buf<vec, 16x16xf32>
  // expected-error @+1 {{'pto.tassign' op expects result type to match tile type}}
  %t = pto.tassign %d, %a : !pto.tile_buf<vec, 16x16xf32> -> !pto.tile_buf<vec, 16x16xf16>
  return
}

// -----

func.func @f() {
  %a = arith.constant -512 : i64
  %d = pto.declare_tile -> !pto.tile_buf<vec, 16x16xf32>
  // expected-error @+1 {{'pto.tassign' op expects addr to be non-negative}}
  %t = pto.tassign %d, %a : !pto.tile_buf<vec, 16x16xf32> -> !pto.tile_buf<vec, 16x16xf32>
  return
}

// -----

func.func @f(%b: i32) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  // expected-error @+1 {{expected a clause keyword}}
  pto.aic_initialize_pipe {dir_mask = 1, 64} (c2v_consumer_buf = %b : i32)
  return
}

// -----

func.func @f(%b: i32) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  // expected-error @+1 {{expected an operand clause keyword}}
  pto.aic_initialize_pipe {dir_mask = 1, slot_size = 64} (c2v_consumer_buf = %b : i32, %b)
  return
}
