// The `pto` types and enum attributes in PTOAS's spellings: tile buffers in the
// key-value form read and printed in the compact form (defaults left out), the compact
// form with its optional keys in any order, dynamic valid sizes (`?` and `-1`), views
// with dynamic dimensions, memrefs in pto address spaces, both enum attribute forms.
// RUN: %pto-opt %s | FileCheck %s
// RUN: %roundtrip %s

// CHECK-LABEL: func.func private @tiles(
// CHECK-SAME: !pto.tile_buf<vec, 16x16xf16>,
// CHECK-SAME: !pto.tile_buf<vec, 16x128xf32, valid=16x1, blayout=col_major, fractal=1024, pad=1, compact=2>,
// CHECK-SAME: !pto.tile_buf<acc, 16x16xf32, valid=?x?, blayout=col_major, slayout=row_major, fractal=1024, compact=1>,
// CHECK-SAME: !pto.tile_buf<vec, 16x1xf32, valid=?x?>,
// CHECK-SAME: !pto.tile_buf<mat, 32x16xbf16, valid=8x?, slayout=col_major, pad=3>,
// CHECK-SAME: !pto.tile_buf<left, 32x32xf32, slayout=row_major>)
func.func private @tiles(
  !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>,
  !pto.tile_buf<vec, 16x128xf32, pad=1, compact=2, valid=16x1, fractal=1024, blayout=col_major>,
  !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=?, v_col=-1, blayout=col_major, slayout=row_major, fractal=1024, pad=0, compact=1>,
  !pto.tile_buf<vec, 16x1xf32, valid=?x?>,
  !pto.tile_buf<mat, 32x16xbf16, valid=8x?, slayout=col_major, pad=3>,
  !pto.tile_buf<left, 32x32xf32, slayout=row_major>)

// CHECK-LABEL: func.func private @views(
// CHECK-SAME: !pto.ptr<f32>, !pto.ptr<i8>, !pto.tensor_view<?x?xf32>, !pto.tensor_view<1x1x16x1024x1024xf32>,
// CHECK-SAME: !pto.partition_tensor_view<32x32xf32>, !pto.partition_tensor_view<?x?x?x?x?xf16>, !pto.tile<16x16xf32>
func.func private @views(!pto.ptr<f32>, !pto.ptr<i8>, !pto.tensor_view<?x?xf32>,
  !pto.tensor_view<1x1x16x1024x1024xf32>, !pto.partition_tensor_view<32x32xf32>,
  !pto.partition_tensor_view<?x?x?x?x?xf16>, !pto.tile<16x16xf32>)

// CHECK-LABEL: func.func private @handles(!pto.eventid_array<4>, !pto.pipe, !pto.async_session, !pto.async_event)
func.func private @handles(!pto.eventid_array<4>, !pto.pipe, !pto.async_session, !pto.async_event)

// CHECK-LABEL: func.func private @spaces(memref<16x16x16xf16, #pto.address_space<vec>>, memref<?xf32, #pto.address_space<gm>>)
func.func private @spaces(memref<16x16x16xf16, #pto.address_space<vec>>, memref<?xf32, #pto.address_space<gm>>)

// CHECK-LABEL: func.func private @attrs()
// CHECK-SAME: a = #pto.pipe<PIPE_MTE2>, b = #pto.event<EVENT_ID7>, c = #pto<cmp ge>, d = #pto<round_mode CAST_RINT>
// CHECK-SAME: e = #pto.layout<nd>, f = #pto.kernel_kind<cube>, g = #pto<saturation_mode OFF>, h = #pto<st_phase final>
// CHECK-SAME: i = #pto<atomic_type atomic_add>, j = #pto<relu_pre_mode normal_relu>, k = #pto.acc_to_vec_mode<dual_mode_split_n>
// CHECK-SAME: l = #pto.mask_pattern<P0101>, m = #pto<gather_oob zero>, n = #pto<scatter_atomic_op max>, o = #pto<scatter_oob skip>
// CHECK-SAME: p = #pto<quant_type INT8_ASYM>, q = #pto.blayout<col_major>, r = #pto.slayout<none_box>, s = #pto.pad_value<max>
// CHECK-SAME: t = #pto.compact_mode<row_plus_one>, u = #pto.pipe_event_type<TLOAD>, v = #pto.sync_op_type<TVEC>, w = #pto.padmode<PadValue>
// CHECK-SAME: x = #pto.func_core_type<AIC_OR_AIV>
func.func private @attrs() attributes {
  a = #pto.pipe<PIPE_MTE2>, b = #pto.event<EVENT_ID7>, c = #pto<cmp ge>, d = #pto<round_mode CAST_RINT>,
  e = #pto.layout<nd>, f = #pto.kernel_kind<cube>, g = #pto<saturation_mode OFF>, h = #pto<st_phase final>,
  i = #pto<atomic_type atomic_add>, j = #pto<relu_pre_mode normal_relu>, k = #pto.acc_to_vec_mode<dual_mode_split_n>,
  l = #pto.mask_pattern<P0101>, m = #pto<gather_oob zero>, n = #pto<scatter_atomic_op max>, o = #pto<scatter_oob skip>,
  p = #pto<quant_type INT8_ASYM>, q = #pto.blayout<col_major>, r = #pto.slayout<none_box>, s = #pto.pad_value<max>,
  t = #pto.compact_mode<row_plus_one>, u = #pto.pipe_event_type<TLOAD>, v = #pto.sync_op_type<TVEC>, w = #pto.padmode<PadValue>,
  x = #pto.func_core_type<AIC_OR_AIV>}
