// The gather, scatter, merge-sort, histogram and generator ops in the textual form
// PTOAS reads and prints (PTOAS's test/basic/tgather_three_forms_emitc.pto and the
// manual's tmrgsort forms). Checks the printed form, and that custom -> generic ->
// custom round-trips.
// RUN: %pto-opt %s --split-input-file | FileCheck %s
// RUN: %roundtrip %s --split-input-file

// CHECK-LABEL: func.func @tgather_three_forms(
// CHECK: pto.tgather ins(%{{.*}}, %{{.*}}, %{{.*}} : !pto.tile_buf<vec, 1x32xf16>, !pto.tile_buf<vec, 1x32xi32>, !pto.tile_buf<vec, 1x32xi32>) outs(%{{.*}} : !pto.tile_buf<vec, 1x32xf16>)
// CHECK: pto.tgather ins(%{{.*}}, {maskPattern = #pto.mask_pattern<P1111>} : !pto.tile_buf<vec, 1x32xf16>) outs(%{{.*}} : !pto.tile_buf<vec, 1x32xf16>)
// CHECK: pto.tgather ins(%{{.*}}, %cst, %{{.*}} : !pto.tile_buf<vec, 1x32xf16>, f16, !pto.tile_buf<vec, 1x32xui8>) outs(%{{.*}}, %{{.*}} : !pto.tile_buf<vec, 1x32xi32>, !pto.tile_buf<vec, 1x32xi32>) {offset = 7 : i32}
// CHECK: pto.tgather ins(%{{.*}}, %cst, %{{.*}} : !pto.tile_buf<vec, 1x32xf16>, f16, !pto.tile_buf<vec, 1x32xui8>) outs(%{{.*}}, %{{.*}} : !pto.tile_buf<vec, 1x32xi32>, !pto.tile_buf<vec, 1x32xi32>) {cmpMode = #pto<cmp gt>}
// CHECK: pto.tgather ins(%{{.*}}, {maskPattern = #pto.mask_pattern<P0101>} : !pto.tile_buf<vec, 2x32xf32>) outs(%{{.*}} : !pto.tile_buf<vec, 2x16xf32>)
module {
  func.func @tgather_three_forms() {
    %c0_f16 = arith.constant 0.0 : f16

    %src = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=32, v_row=1, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
    %indices = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=32, v_row=1, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
    %index_tmp = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=32, v_row=1, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
    %index_dst = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=32, v_row=1, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
    pto.tgather ins(%src, %indices, %index_tmp : !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=32, v_row=1, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=32, v_row=1, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=32, v_row=1, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%index_dst : !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=32, v_row=1, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>)

    %mask_dst = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=32, v_row=1, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
    pto.tgather ins(%src, {maskPattern = #pto.mask_pattern<P1111>} : !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=32, v_row=1, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%mask_dst : !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=32, v_row=1, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>)

    %cmp_tmp = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=32, v_row=1, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
    %cmp_dst = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=32, v_row=1, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
    %cmp_cdst = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=32, v_row=1, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>
    pto.tgather ins(%src, %c0_f16, %cmp_tmp : !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=32, v_row=1, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>, f16, !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=32, v_row=1, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%cmp_dst, %cmp_cdst : !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=32, v_row=1, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=32, v_row=1, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>) {offset = 7 : i32}
    pto.tgather ins(%src, %c0_f16, %cmp_tmp : !pto.tile_buf<vec, 1x32xf16>, f16, !pto.tile_buf<vec, 1x32xui8>) outs(%cmp_dst, %cmp_cdst : !pto.tile_buf<vec, 1x32xi32>, !pto.tile_buf<vec, 1x32xi32>) {cmpMode = #pto<cmp gt>}

    // A pattern that takes every second column: dst has half the columns.
    %wide = pto.alloc_tile : !pto.tile_buf<vec, 2x32xf32>
    %half = pto.alloc_tile : !pto.tile_buf<vec, 2x16xf32>
    pto.tgather ins(%wide, {maskPattern = #pto.mask_pattern<P0101>} : !pto.tile_buf<vec, 2x32xf32>) outs(%half : !pto.tile_buf<vec, 2x16xf32>)
    return
  }
}

// -----

// CHECK-LABEL: func.func @tmrgsort(
// CHECK: pto.tmrgsort ins(%{{.*}}, %{{.*}} : !pto.tile_buf<vec, 1x256xf32>, i32) outs(%{{.*}} : !pto.tile_buf<vec, 1x256xf32>)
// CHECK: pto.tmrgsort ins(%{{.*}}, %{{.*}}, %{{.*}} {exhausted = false} : !pto.tile_buf<vec, 1x128xf32>, !pto.tile_buf<vec, 1x128xf32>, !pto.tile_buf<vec, 1x256xf32>) outs(%{{.*}}, %{{.*}} : !pto.tile_buf<vec, 1x256xf32>, vector<4xi16>)
// CHECK: pto.tmrgsort ins(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {exhausted = true} : !pto.tile_buf<vec, 1x128xf32>, !pto.tile_buf<vec, 1x128xf32>, !pto.tile_buf<vec, 1x128xf32>, !pto.tile_buf<vec, 1x128xf32>, !pto.tile_buf<vec, 1x512xf32>) outs(%{{.*}}, %{{.*}} : !pto.tile_buf<vec, 1x256xf32>, vector<4xi16>)
func.func @tmrgsort() {
  %len = arith.constant 64 : i32
  %exec = arith.constant dense<[0, 0, 0, 0]> : vector<4xi16>
  %src = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=256, v_row=1, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  %dst = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=256, v_row=1, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  pto.tmrgsort ins(%src, %len : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=256, v_row=1, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>, i32) outs(%dst : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=256, v_row=1, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
  %a = pto.alloc_tile : !pto.tile_buf<vec, 1x128xf32>
  %b = pto.alloc_tile : !pto.tile_buf<vec, 1x128xf32>
  %tmp = pto.alloc_tile : !pto.tile_buf<vec, 1x256xf32>
  pto.tmrgsort ins(%a, %b, %tmp : !pto.tile_buf<vec, 1x128xf32>, !pto.tile_buf<vec, 1x128xf32>, !pto.tile_buf<vec, 1x256xf32>) outs(%dst, %exec : !pto.tile_buf<vec, 1x256xf32>, vector<4xi16>)
  %c = pto.alloc_tile : !pto.tile_buf<vec, 1x128xf32>
  %d = pto.alloc_tile : !pto.tile_buf<vec, 1x128xf32>
  %tmp4 = pto.alloc_tile : !pto.tile_buf<vec, 1x512xf32>
  pto.tmrgsort ins(%a, %b, %c, %d, %tmp4 {exhausted = true} : !pto.tile_buf<vec, 1x128xf32>, !pto.tile_buf<vec, 1x128xf32>, !pto.tile_buf<vec, 1x128xf32>, !pto.tile_buf<vec, 1x128xf32>, !pto.tile_buf<vec, 1x512xf32>) outs(%dst, %exec : !pto.tile_buf<vec, 1x256xf32>, vector<4xi16>)
  return
}

// -----

// CHECK-LABEL: func.func @others(
// CHECK: pto.tgatherb ins(%{{.*}}, %{{.*}} : !pto.tile_buf<vec, 8x32xf32>, !pto.tile_buf<vec, 8x8xui32>) outs(%{{.*}} : !pto.tile_buf<vec, 8x32xf32>)
// CHECK: pto.tscatter ins(%{{.*}}, %{{.*}} : !pto.tile_buf<vec, 8x32xf32>, !pto.tile_buf<vec, 8x32xi32>) outs(%{{.*}} : !pto.tile_buf<vec, 8x32xf32>)
// CHECK: pto.thistogram ins(%{{.*}}, %{{.*}} : !pto.tile_buf<vec, 16x64xui16>, !pto.tile_buf<vec, 16x1xui8, blayout=col_major>) outs(%{{.*}} : !pto.tile_buf<vec, 16x256xui32>) {isMSB = false}
// CHECK: pto.trandom ins(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {rounds = 7 : i32} : i32, i32, i32, i32, i32, i32) outs(%{{.*}} : !pto.tile_buf<vec, 8x32xi32>)
// CHECK: pto.tpack ins(%{{.*}} : !pto.tile_buf<vec, 8x32xf32>) outs(%{{.*}} : !pto.tile_buf<vec, 8x32xf16>)
// CHECK: pto.tget_scale_addr ins(%{{.*}} : !pto.tile_buf<mat, 16x64xf8E4M3FN>) outs(%{{.*}} : !pto.tile_buf<scaling, 16x64xf8E4M3FN>)
module attributes {"pto.target_arch" = "a5"} {
  func.func @others(%k: i32) {
    %src = pto.alloc_tile : !pto.tile_buf<vec, 8x32xf32>
    %off = pto.alloc_tile : !pto.tile_buf<vec, 8x8xui32>
    %dst = pto.alloc_tile : !pto.tile_buf<vec, 8x32xf32>
    pto.tgatherb ins(%src, %off : !pto.tile_buf<vec, 8x32xf32>, !pto.tile_buf<vec, 8x8xui32>) outs(%dst : !pto.tile_buf<vec, 8x32xf32>)
    %idx = pto.alloc_tile : !pto.tile_buf<vec, 8x32xi32>
    pto.tscatter ins(%src, %idx : !pto.tile_buf<vec, 8x32xf32>, !pto.tile_buf<vec, 8x32xi32>) outs(%dst : !pto.tile_buf<vec, 8x32xf32>)
    %h = pto.alloc_tile : !pto.tile_buf<vec, 16x64xui16>
    %sel = pto.alloc_tile : !pto.tile_buf<vec, 16x1xui8, blayout=col_major>
    %bins = pto.alloc_tile : !pto.tile_buf<vec, 16x256xui32>
    pto.thistogram ins(%h, %sel : !pto.tile_buf<vec, 16x64xui16>, !pto.tile_buf<vec, 16x1xui8, blayout=col_major>) outs(%bins : !pto.tile_buf<vec, 16x256xui32>) {isMSB = false}
    %r = pto.alloc_tile : !pto.tile_buf<vec, 8x32xi32>
    pto.trandom ins(%k, %k, %k, %k, %k, %k {rounds = 7 : i32} : i32, i32, i32, i32, i32, i32) outs(%r : !pto.tile_buf<vec, 8x32xi32>)
    %narrow = pto.alloc_tile : !pto.tile_buf<vec, 8x32xf16>
    pto.tpack ins(%src : !pto.tile_buf<vec, 8x32xf32>) outs(%narrow : !pto.tile_buf<vec, 8x32xf16>)
    %mx = pto.alloc_tile : !pto.tile_buf<mat, 16x64xf8E4M3FN>
    %scale = pto.alloc_tile : !pto.tile_buf<scaling, 16x64xf8E4M3FN>
    pto.tget_scale_addr ins(%mx : !pto.tile_buf<mat, 16x64xf8E4M3FN>) outs(%scale : !pto.tile_buf<scaling, 16x64xf8E4M3FN>)
    return
  }
}
