// Every `pto` op in the textual form PTOAS reads and prints, in kernels written the
// way PTOAS's tests and PyPTO's code generator write them. Checks the printed form,
// and that custom -> generic -> custom round-trips.
// RUN: %pto-opt %s --split-input-file | FileCheck %s
// RUN: %roundtrip %s --split-input-file

// CHECK-LABEL: func.func @vadd(
// CHECK: %[[TV:.*]] = pto.make_tensor_view %arg0, shape = [%c32, %c32], strides = [%c32, %c1] : !pto.tensor_view<?x?xf32>
// CHECK: pto.make_tensor_view %arg1, shape = [%c32, %c32], strides = [%c32, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf32>
// CHECK: %[[PV:.*]] = pto.partition_view %[[TV]], offsets = [%c0, %c0], sizes = [%c32, %c32] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<32x32xf32>
// CHECK: %[[A:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 32x32xf32>
// CHECK: pto.tload ins(%[[PV]] : !pto.partition_tensor_view<32x32xf32>) outs(%[[A]] : !pto.tile_buf<vec, 32x32xf32>)
// CHECK: pto.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
// CHECK: pto.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
// CHECK: pto.tadd ins(%{{.*}}, %{{.*}} : !pto.tile_buf<vec, 32x32xf32>, !pto.tile_buf<vec, 32x32xf32>) outs(%{{.*}} : !pto.tile_buf<vec, 32x32xf32>)
// CHECK: pto.barrier <PIPE_ALL>
// CHECK: pto.tstore ins(%{{.*}} : !pto.tile_buf<vec, 32x32xf32>) outs(%{{.*}} : !pto.partition_tensor_view<32x32xf32>)
module attributes {"pto.target_arch" = "a3"} {
  func.func @vadd(%a: !pto.ptr<f32>, %b: !pto.ptr<f32>, %c: !pto.ptr<f32>) attributes {pto.entry} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %0 = pto.make_tensor_view %a, shape = [%c32, %c32], strides = [%c32, %c1] : !pto.tensor_view<?x?xf32>
    %1 = pto.make_tensor_view %b, shape = [%c32, %c32], strides = [%c32, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf32>
    %2 = pto.make_tensor_view %c, shape = [%c32, %c32], strides = [%c32, %c1] : !pto.tensor_view<?x?xf32>
    %3 = pto.partition_view %0, offsets = [%c0, %c0], sizes = [%c32, %c32] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<32x32xf32>
    %4 = pto.partition_view %1, offsets = [%c0, %c0], sizes = [%c32, %c32] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<32x32xf32>
    %5 = pto.partition_view %2, offsets = [%c0, %c0], sizes = [%c32, %c32] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<32x32xf32>
    %ta = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
    %tb = pto.alloc_tile : !pto.tile_buf<vec, 32x32xf32>
    %tc = pto.alloc_tile : !pto.tile_buf<vec, 32x32xf32>
    pto.tload ins(%3 : !pto.partition_tensor_view<32x32xf32>) outs(%ta : !pto.tile_buf<vec, 32x32xf32>)
    pto.tload ins(%4 : !pto.partition_tensor_view<32x32xf32>) outs(%tb : !pto.tile_buf<vec, 32x32xf32>)
    pto.set_flag[#pto.pipe<PIPE_MTE2>, #pto.pipe<PIPE_V>, #pto.event<EVENT_ID0>]
    pto.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
    pto.tadd ins(%ta, %tb : !pto.tile_buf<vec, 32x32xf32>, !pto.tile_buf<vec, 32x32xf32>) outs(%tc : !pto.tile_buf<vec, 32x32xf32>)
    pto.barrier #pto.pipe<PIPE_ALL>
    pto.tstore ins(%tc : !pto.tile_buf<vec, 32x32xf32>) outs(%5 : !pto.partition_tensor_view<32x32xf32>)
    return
  }
}

// -----

// CHECK-LABEL: func.func @gemm(
// CHECK: pto.tmov ins(%{{.*}} : !pto.tile_buf<mat, 16x16xf16, blayout=col_major, slayout=row_major>) outs(%{{.*}} : !pto.tile_buf<left, 16x16xf16, slayout=row_major>)
// CHECK: pto.tmatmul ins(
// CHECK: pto.tmatmul.acc ins(
// CHECK: pto.tmatmul.bias ins(
// CHECK: pto.tmov ins(%{{.*}} : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>) outs(%{{.*}} : !pto.tile_buf<vec, 16x16xf32>) {accToVecMode = #pto.acc_to_vec_mode<single_mode_vec0>, reluPreMode = #pto<relu_pre_mode normal_relu>}
// CHECK: pto.tstore ins(%{{.*}} : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>) outs(%{{.*}} : !pto.partition_tensor_view<16x16xf32>) {atomicType = #pto<atomic_type atomic_add>}
func.func @gemm(%pa: !pto.partition_tensor_view<16x16xf16>, %pc: !pto.partition_tensor_view<16x16xf32>) {
  %m = pto.alloc_tile : !pto.tile_buf<mat, 16x16xf16, blayout=col_major, slayout=row_major>
  %r = pto.alloc_tile : !pto.tile_buf<mat, 16x16xf16, slayout=col_major>
  %l = pto.alloc_tile : !pto.tile_buf<left, 16x16xf16, blayout=col_major, slayout=row_major>
  %rr = pto.alloc_tile : !pto.tile_buf<right, 16x16xf16, slayout=col_major>
  %acc = pto.alloc_tile : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>
  %bias = pto.alloc_tile : !pto.tile_buf<bias, 1x16xf32>
  %v = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32>
  pto.tload ins(%pa : !pto.partition_tensor_view<16x16xf16>) outs(%m : !pto.tile_buf<mat, 16x16xf16, blayout=col_major, slayout=row_major>)
  pto.tmov ins(%m : !pto.tile_buf<mat, 16x16xf16, blayout=col_major, slayout=row_major>) outs(%l : !pto.tile_buf<left, 16x16xf16, blayout=col_major, slayout=row_major>)
  pto.tmov ins(%r : !pto.tile_buf<mat, 16x16xf16, slayout=col_major>) outs(%rr : !pto.tile_buf<right, 16x16xf16, slayout=col_major>)
  pto.tmatmul ins(%l, %rr : !pto.tile_buf<left, 16x16xf16, blayout=col_major, slayout=row_major>, !pto.tile_buf<right, 16x16xf16, slayout=col_major>) outs(%acc : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>)
  pto.tmatmul.acc ins(%acc, %l, %rr : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, !pto.tile_buf<left, 16x16xf16, blayout=col_major, slayout=row_major>, !pto.tile_buf<right, 16x16xf16, slayout=col_major>) outs(%acc : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>)
  pto.tmatmul.bias ins(%l, %rr, %bias : !pto.tile_buf<left, 16x16xf16, blayout=col_major, slayout=row_major>, !pto.tile_buf<right, 16x16xf16, slayout=col_major>, !pto.tile_buf<bias, 1x16xf32>) outs(%acc : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>)
  pto.tmov ins(%acc : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>) outs(%v : !pto.tile_buf<vec, 16x16xf32>) {accToVecMode = #pto.acc_to_vec_mode<single_mode_vec0>, reluPreMode = #pto<relu_pre_mode normal_relu>}
  pto.tstore ins(%acc : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>) outs(%pc : !pto.partition_tensor_view<16x16xf32>) {atomicType = #pto<atomic_type atomic_add>}
  return
}

// -----

// Vector-unit ops: unary, binary, scalar, tmp forms, reductions, expansions,
// compares, conversions, generation.
// CHECK-LABEL: func.func @vector_ops(
// CHECK: pto.texp ins(%arg0 : !pto.tile_buf<vec, 16x32xf32>) outs(%arg1 : !pto.tile_buf<vec, 16x32xf32>)
// CHECK: pto.tmuls ins(%arg0, %arg4 : !pto.tile_buf<vec, 16x32xf32>, f32) outs(%arg1 : !pto.tile_buf<vec, 16x32xf32>)
// CHECK: pto.tdivs ins(%arg4, %arg0 : f32, !pto.tile_buf<vec, 16x32xf32>) outs(%arg1 : !pto.tile_buf<vec, 16x32xf32>)
// CHECK: pto.trowsum ins(%arg0, %arg2 : !pto.tile_buf<vec, 16x32xf32>, !pto.tile_buf<vec, 16x32xf32>) outs(%arg3 : !pto.tile_buf<vec, 16x1xf32, blayout=col_major>)
// CHECK: pto.trowexpandsub ins(%arg0, %arg3 : !pto.tile_buf<vec, 16x32xf32>, !pto.tile_buf<vec, 16x1xf32, blayout=col_major>) outs(%arg1 : !pto.tile_buf<vec, 16x32xf32>)
// CHECK: pto.trowexpandmul ins(%arg0, %arg3, %arg2 : !pto.tile_buf<vec, 16x32xf32>, !pto.tile_buf<vec, 16x1xf32, blayout=col_major>, !pto.tile_buf<vec, 16x32xf32>) outs(%arg1 : !pto.tile_buf<vec, 16x32xf32>)
// CHECK: pto.tcmp ins(%arg0, %arg1 {cmpMode = #pto<cmp lt>} : !pto.tile_buf<vec, 16x32xf32>, !pto.tile_buf<vec, 16x32xf32>) outs(%arg5 : !pto.tile_buf<vec, 16x32xi8>)
// CHECK: pto.tcvt ins(%arg0 {rmode = #pto<round_mode ROUND>} : !pto.tile_buf<vec, 16x32xf32>) outs(%arg6 : !pto.tile_buf<vec, 16x32xf16>)
// CHECK: pto.tci ins(%arg7 {descending = true} : i32) outs(%arg8 : !pto.tile_buf<vec, 1x32xi32>)
func.func @vector_ops(%x: !pto.tile_buf<vec, 16x32xf32>, %y: !pto.tile_buf<vec, 16x32xf32>,
    %tmp: !pto.tile_buf<vec, 16x32xf32>, %r: !pto.tile_buf<vec, 16x1xf32, blayout=col_major>,
    %s: f32, %mask: !pto.tile_buf<vec, 16x32xi8>, %h: !pto.tile_buf<vec, 16x32xf16>,
    %start: i32, %iota: !pto.tile_buf<vec, 1x32xi32>, %col: !pto.tile_buf<vec, 1x32xf32>) {
  %c = arith.constant 3 : index
  %t0 = pto.alloc_tile : !pto.tile_buf<vec, 16x32xf32>
  pto.texp ins(%x : !pto.tile_buf<vec, 16x32xf32>) outs(%y : !pto.tile_buf<vec, 16x32xf32>)
  pto.tabs ins(%x : !pto.tile_buf<vec, 16x32xf32>) outs(%y : !pto.tile_buf<vec, 16x32xf32>)
  pto.tsqrt ins(%x : !pto.tile_buf<vec, 16x32xf32>) outs(%y : !pto.tile_buf<vec, 16x32xf32>)
  pto.trsqrt ins(%x : !pto.tile_buf<vec, 16x32xf32>) outs(%y : !pto.tile_buf<vec, 16x32xf32>)
  pto.trsqrt ins(%x, %tmp : !pto.tile_buf<vec, 16x32xf32>, !pto.tile_buf<vec, 16x32xf32>) outs(%y : !pto.tile_buf<vec, 16x32xf32>)
  pto.tsub ins(%x, %y : !pto.tile_buf<vec, 16x32xf32>, !pto.tile_buf<vec, 16x32xf32>) outs(%t0 : !pto.tile_buf<vec, 16x32xf32>)
  pto.tmax ins(%x, %y : !pto.tile_buf<vec, 16x32xf32>, !pto.tile_buf<vec, 16x32xf32>) outs(%t0 : !pto.tile_buf<vec, 16x32xf32>)
  pto.tmuls ins(%x, %s : !pto.tile_buf<vec, 16x32xf32>, f32) outs(%y : !pto.tile_buf<vec, 16x32xf32>)
  pto.tadds ins(%x, %s : !pto.tile_buf<vec, 16x32xf32>, f32) outs(%y : !pto.tile_buf<vec, 16x32xf32>)
  pto.tdivs ins(%x, %s : !pto.tile_buf<vec, 16x32xf32>, f32) outs(%y : !pto.tile_buf<vec, 16x32xf32>)
  pto.tdivs ins(%s, %x : f32, !pto.tile_buf<vec, 16x32xf32>) outs(%y : !pto.tile_buf<vec, 16x32xf32>)
  pto.texpands ins(%s : f32) outs(%y : !pto.tile_buf<vec, 16x32xf32>)
  pto.trem ins(%x, %y, %tmp : !pto.tile_buf<vec, 16x32xf32>, !pto.tile_buf<vec, 16x32xf32>, !pto.tile_buf<vec, 16x32xf32>) outs(%t0 : !pto.tile_buf<vec, 16x32xf32>)
  pto.taddc ins(%x, %y, %tmp : !pto.tile_buf<vec, 16x32xf32>, !pto.tile_buf<vec, 16x32xf32>, !pto.tile_buf<vec, 16x32xf32>) outs(%t0 : !pto.tile_buf<vec, 16x32xf32>)
  pto.taddsc ins(%x, %s, %y : !pto.tile_buf<vec, 16x32xf32>, f32, !pto.tile_buf<vec, 16x32xf32>) outs(%t0 : !pto.tile_buf<vec, 16x32xf32>)
  pto.trowsum ins(%x, %tmp : !pto.tile_buf<vec, 16x32xf32>, !pto.tile_buf<vec, 16x32xf32>) outs(%r : !pto.tile_buf<vec, 16x1xf32, blayout=col_major>)
  pto.trowmax ins(%x, %tmp : !pto.tile_buf<vec, 16x32xf32>, !pto.tile_buf<vec, 16x32xf32>) outs(%r : !pto.tile_buf<vec, 16x1xf32, blayout=col_major>)
  pto.trowexpandsub ins(%x, %r : !pto.tile_buf<vec, 16x32xf32>, !pto.tile_buf<vec, 16x1xf32, blayout=col_major>) outs(%y : !pto.tile_buf<vec, 16x32xf32>)
  pto.trowexpandmul ins(%x, %r, %tmp : !pto.tile_buf<vec, 16x32xf32>, !pto.tile_buf<vec, 16x1xf32, blayout=col_major>, !pto.tile_buf<vec, 16x32xf32>) outs(%y : !pto.tile_buf<vec, 16x32xf32>)
  pto.trowexpand ins(%r : !pto.tile_buf<vec, 16x1xf32, blayout=col_major>) outs(%y : !pto.tile_buf<vec, 16x32xf32>)
  pto.tcolmax ins(%x : !pto.tile_buf<vec, 16x32xf32>) outs(%col : !pto.tile_buf<vec, 1x32xf32>)
  pto.tcolsum ins(%x : !pto.tile_buf<vec, 16x32xf32>) outs(%col : !pto.tile_buf<vec, 1x32xf32>)
  pto.tcolsum ins(%x, %tmp {isBinary = true} : !pto.tile_buf<vec, 16x32xf32>, !pto.tile_buf<vec, 16x32xf32>) outs(%col : !pto.tile_buf<vec, 1x32xf32>)
  pto.tcolsum ins(%x, %tmp {isBinary = false} : !pto.tile_buf<vec, 16x32xf32>, !pto.tile_buf<vec, 16x32xf32>) outs(%col : !pto.tile_buf<vec, 1x32xf32>)
  pto.tcolexpandmul ins(%x, %col : !pto.tile_buf<vec, 16x32xf32>, !pto.tile_buf<vec, 1x32xf32>) outs(%y : !pto.tile_buf<vec, 16x32xf32>)
  pto.tcmp ins(%x, %y {cmpMode = #pto<cmp lt>} : !pto.tile_buf<vec, 16x32xf32>, !pto.tile_buf<vec, 16x32xf32>) outs(%mask : !pto.tile_buf<vec, 16x32xi8>)
  pto.tcmps ins(%x, %s {cmpMode = #pto<cmp gt>} : !pto.tile_buf<vec, 16x32xf32>, f32) outs(%mask : !pto.tile_buf<vec, 16x32xi8>)
  pto.tsel ins(%mask, %x, %y, %tmp : !pto.tile_buf<vec, 16x32xi8>, !pto.tile_buf<vec, 16x32xf32>, !pto.tile_buf<vec, 16x32xf32>, !pto.tile_buf<vec, 16x32xf32>) outs(%t0 : !pto.tile_buf<vec, 16x32xf32>)
  pto.tcvt ins(%x {rmode = #pto<round_mode ROUND>} : !pto.tile_buf<vec, 16x32xf32>) outs(%h : !pto.tile_buf<vec, 16x32xf16>)
  pto.tcvt ins(%x : !pto.tile_buf<vec, 16x32xf32>) outs(%h : !pto.tile_buf<vec, 16x32xf16>)
  pto.tci ins(%start {descending = true} : i32) outs(%iota : !pto.tile_buf<vec, 1x32xi32>)
  %v = pto.tgetval ins(%x, %c : !pto.tile_buf<vec, 16x32xf32>, index) outs : f32
  pto.tsetval ins(%c, %v : index, f32) outs(%y : !pto.tile_buf<vec, 16x32xf32>)
  pto.tprint ins(%x : !pto.tile_buf<vec, 16x32xf32>)
  pto.print ins("v=%f", %v : f32)
  return
}

// -----

// Views, scalars, tile handles, subsets, dynamic valid shapes, runtime queries,
// sections and synchronisation.
// CHECK-LABEL: func.func @handles(
// `type($ptr)` of a `PtrType` operand prints stripped, as PTOAS (MLIR) prints it.
// CHECK: %[[Q:.*]] = pto.addptr %arg0, %c4 : <f32> -> <f32>
// CHECK: pto.addptr %[[Q]], %c4 : <f32> -> <f32>
// CHECK: pto.load_scalar %[[Q]][%c0] : !pto.ptr<f32> -> f32
// CHECK: pto.store_scalar %{{.*}}, %arg0[%c0] : !pto.ptr<f32>, f32
// CHECK: pto.alloc_tile valid_row = %{{.*}} valid_col = %{{.*}} : !pto.tile_buf<vec, 32x32xf32, valid=?x?>
// CHECK: %{{.*}} = pto.subset %{{.*}}[%c0, %c16] sizes [16, 16] : !pto.tile_buf<vec, 32x32xf32>
// CHECK: pto.bitcast %{{.*}} : !pto.tile_buf<vec, 32x32xf32> -> !pto.tile_buf<vec, 32x32xi32>
// CHECK: pto.get_block_idx
// CHECK: pto.section.cube {
// CHECK: pto.record_event[#pto.pipe_event_type<TLOAD>, #pto.pipe_event_type<TVEC>, <EVENT_ID0>]
// CHECK: pto.get_buf[#pto.pipe_event_type<TLOAD>, 0]
func.func @handles(%p: !pto.ptr<f32>, %e: index) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %q = pto.addptr %p, %c4 : !pto.ptr<f32> -> !pto.ptr<f32>
  %q2 = pto.addptr %q, %c4 : <f32> -> !pto.ptr<f32>
  %v = pto.load_scalar %q[%c0] : !pto.ptr<f32> -> f32
  pto.store_scalar %v, %p[%c0] : !pto.ptr<f32>, f32
  %t = pto.alloc_tile : !pto.tile_buf<vec, 32x32xf32>
  %d = pto.alloc_tile valid_row = %c16 valid_col = %c4 : !pto.tile_buf<vec, 32x32xf32, valid=?x?>
  pto.set_validshape %d, %c4, %c16 : !pto.tile_buf<vec, 32x32xf32, valid=?x?>
  %s = pto.subset %t[%c0, %c16] sizes [16, 16] : !pto.tile_buf<vec, 32x32xf32>
  pto.tmov ins(%s : !pto.tile_buf<vec, 16x16xf32>) outs(%s : !pto.tile_buf<vec, 16x16xf32>)
  %b = pto.bitcast %t : !pto.tile_buf<vec, 32x32xf32> -> !pto.tile_buf<vec, 32x32xi32>
  %r = pto.treshape %t : !pto.tile_buf<vec, 32x32xf32> -> !pto.tile_buf<vec, 64x16xf32>
  %i = pto.get_block_idx
  %n = pto.get_block_num
  pto.section.cube {
    pto.barrier <PIPE_M>
  }
  pto.section.vector {
  }
  pto.record_event[#pto.pipe_event_type<TLOAD>, #pto.pipe_event_type<TVEC>, #pto.event<EVENT_ID0>]
  pto.wait_event[#pto.sync_op_type<TLOAD>, #pto.pipe_event_type<TVEC>, <EVENT_ID0>]
  pto.barrier_sync[<TVEC>]
  pto.set_flag_dyn[<PIPE_MTE2>, <PIPE_V>, %e]
  pto.wait_flag_dyn[<PIPE_MTE2>, <PIPE_V>, %e]
  pto.get_buf[#pto.pipe_event_type<TLOAD>, 0]
  pto.rls_buf[#pto.pipe_event_type<TVEC>, 3] {mode = 1 : i32}
  %arr = pto.declare_eventid_array -> !pto.eventid_array<4>
  pto.eventid_array_set %arr[%c0], %e : !pto.eventid_array<4>
  %got = pto.eventid_array_get %arr[%c0] : !pto.eventid_array<4>
  %off = arith.constant 0 : i64
  %m = pto.pointer_cast(%off) : memref<16x16x16xf16, #pto.address_space<vec>>
  pto.trap
  return
}

// -----

// The tile form of pointer_cast (what pto-plan-memory writes): one or several byte
// offsets, then the valid sizes when the type leaves one of them dynamic.
// CHECK-LABEL: func.func @planned(
// CHECK: %[[T:.*]] = pto.pointer_cast(%c0_i64) : !pto.tile_buf<vec, 16x16xf32>
// CHECK: pto.pointer_cast(%c0_i64, %c8192_i64) : !pto.tile_buf<mat, 16x16xf16, blayout=col_major, slayout=row_major>
// CHECK: pto.pointer_cast(%c1024_i64) %arg0, %arg1 : !pto.tile_buf<vec, 16x16xf32, valid=?x?>
// CHECK: pto.pointer_cast(%c1024_i64) %c16, %arg1 : !pto.tile_buf<vec, 16x16xf32, valid=16x?>
// CHECK: pto.tadd ins(%[[T]], %[[T]] : !pto.tile_buf<vec, 16x16xf32>, !pto.tile_buf<vec, 16x16xf32>) outs(%[[T]] : !pto.tile_buf<vec, 16x16xf32>)
func.func @planned(%vr: index, %vc: index) {
  %c0 = arith.constant 0 : i64
  %c8192 = arith.constant 8192 : i64
  %c1024 = arith.constant 1024 : i64
  %c16 = arith.constant 16 : index
  %t = pto.pointer_cast(%c0) : !pto.tile_buf<vec, 16x16xf32>
  %m = pto.pointer_cast(%c0, %c8192) : !pto.tile_buf<mat, 16x16xf16, blayout=col_major, slayout=row_major>
  %d = pto.pointer_cast(%c1024) %vr, %vc : !pto.tile_buf<vec, 16x16xf32, valid=?x?>
  %e = pto.pointer_cast(%c1024) %c16, %vc : !pto.tile_buf<vec, 16x16xf32, valid=16x?>
  pto.tadd ins(%t, %t : !pto.tile_buf<vec, 16x16xf32>, !pto.tile_buf<vec, 16x16xf32>) outs(%t : !pto.tile_buf<vec, 16x16xf32>)
  return
}

// -----

// Synchronisation between cores: the pipe as `<PIPE_X>` (or in full), a static or
// run-time event id, attributes after.
// CHECK-LABEL: func.func @cross_core(
// CHECK: pto.set_ffts %arg1 : memref<16xi64>
// CHECK-NEXT: pto.sync.set <PIPE_FIX>, 0
// CHECK-NEXT: pto.sync.set <PIPE_M>, %arg0 {ffts_mode = 1 : i32}
// CHECK-NEXT: pto.sync.wait <PIPE_V>, 3
// CHECK-NEXT: pto.set_ffts %arg4 : !pto.ptr<i64>
// CHECK-NEXT: pto.tsync ins(%arg2, %arg3 : !pto.tile_buf<vec, 16x16xf32>, !pto.tile_buf<vec, 16x16xf32>)
func.func @cross_core(%i: index, %m: memref<16xi64>, %a: !pto.tile_buf<vec, 16x16xf32>, %b: !pto.tile_buf<vec, 16x16xf32>, %f: !pto.ptr<i64>) {
  pto.set_ffts %m : memref<16xi64>
  pto.sync.set <PIPE_FIX>, 0
  pto.sync.set #pto.pipe<PIPE_M>, %i {ffts_mode = 1 : i32}
  pto.sync.wait <PIPE_V>, 3
  pto.set_ffts %f : !pto.ptr<i64>
  pto.tsync ins(%a, %b : !pto.tile_buf<vec, 16x16xf32>, !pto.tile_buf<vec, 16x16xf32>)
  return
}
