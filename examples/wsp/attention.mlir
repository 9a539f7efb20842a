// Attention over batch x heads x query tiles, as PTO-WSP's attention example is
// written (one task per (b, h, query tile)): O = softmax(Q K^T / sqrt(64)) V for
// Q, K, V, O of [batch, 8, 256, 64] f32, each task a PTOAS tile kernel on the cube
// and vector units: S = Q_t K^T (64x256) on the cube, the row softmax on the vector
// unit, P through a global scratch tensor (A3 has no vec->mat move), O_t = P V.
// The grid's tasks are independent and run on the runtime's threads.
module attributes {"pto.target_arch" = "a3"} {
  func.func @attn_tile(%q: !pto.ptr<f32>, %k: !pto.ptr<f32>, %v: !pto.ptr<f32>, %o: !pto.ptr<f32>, %scratch: !pto.ptr<f32>, %b: index, %h: index, %t: index, %nb: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c64 = arith.constant 64 : index
    %c256 = arith.constant 256 : index
    %scale = arith.constant 0.125 : f32
    // Level-3 addresses: the Q and P operands share the left buffer, K^T and V the
    // right one, each dead before the next is loaded.
    %a0 = arith.constant 0 : i64
    %a16384 = arith.constant 16384 : i64
    %a65536 = arith.constant 65536 : i64
    %a81920 = arith.constant 81920 : i64
    %a131072 = arith.constant 131072 : i64
    %a139264 = arith.constant 139264 : i64
    %a147456 = arith.constant 147456 : i64
    // Rows of the [batch * 8 * 256, 64] view: this head starts at (b * 8 + h) * 256.
    %bh = arith.muli %b, %c8 : index
    %head = arith.addi %bh, %h : index
    %hrow = arith.muli %head, %c256 : index
    %trow = arith.muli %t, %c64 : index
    %qrow = arith.addi %hrow, %trow : index
    %heads = arith.muli %nb, %c8 : index
    %rows = arith.muli %heads, %c256 : index
    // The scratch holds one 64x256 tile per task: task (b * 8 + h) * 4 + t.
    %tasks = arith.muli %heads, %c4 : index
    %srows = arith.muli %tasks, %c64 : index
    %task = arith.muli %head, %c4 : index
    %task2 = arith.addi %task, %t : index
    %srow = arith.muli %task2, %c64 : index
    %vq = pto.make_tensor_view %q, shape = [%rows, %c64], strides = [%c64, %c1] : !pto.tensor_view<?x?xf32>
    %vk = pto.make_tensor_view %k, shape = [%c64, %rows], strides = [%c1, %c64] : !pto.tensor_view<?x?xf32>
    %vv = pto.make_tensor_view %v, shape = [%rows, %c64], strides = [%c64, %c1] : !pto.tensor_view<?x?xf32>
    %vo = pto.make_tensor_view %o, shape = [%rows, %c64], strides = [%c64, %c1] : !pto.tensor_view<?x?xf32>
    %vs = pto.make_tensor_view %scratch, shape = [%srows, %c256], strides = [%c256, %c1] : !pto.tensor_view<?x?xf32>
    %pq = pto.partition_view %vq, offsets = [%qrow, %c0], sizes = [%c64, %c64] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<64x64xf32>
    %pkt = pto.partition_view %vk, offsets = [%c0, %hrow], sizes = [%c64, %c256] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<64x256xf32>
    %pv = pto.partition_view %vv, offsets = [%hrow, %c0], sizes = [%c256, %c64] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<256x64xf32>
    %po = pto.partition_view %vo, offsets = [%qrow, %c0], sizes = [%c64, %c64] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<64x64xf32>
    %ps = pto.partition_view %vs, offsets = [%srow, %c0], sizes = [%c64, %c256] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<64x256xf32>
    %mq = pto.alloc_tile addr = %a0 : !pto.tile_buf<mat, 64x64xf32, blayout=col_major, slayout=row_major>
    %lq = pto.alloc_tile addr = %a0 : !pto.tile_buf<left, 64x64xf32, slayout=row_major>
    %mkt = pto.alloc_tile addr = %a16384 : !pto.tile_buf<mat, 64x256xf32, blayout=col_major, slayout=row_major>
    %rkt = pto.alloc_tile addr = %a0 : !pto.tile_buf<right, 64x256xf32, slayout=col_major>
    %as = pto.alloc_tile addr = %a0 : !pto.tile_buf<acc, 64x256xf32, blayout=col_major, slayout=row_major, fractal=1024>
    %s = pto.alloc_tile addr = %a0 : !pto.tile_buf<vec, 64x256xf32>
    %tmp = pto.alloc_tile addr = %a65536 : !pto.tile_buf<vec, 64x256xf32>
    %mx = pto.alloc_tile addr = %a131072 : !pto.tile_buf<vec, 64x1xf32, blayout=col_major>
    %sm = pto.alloc_tile addr = %a139264 : !pto.tile_buf<vec, 64x1xf32, blayout=col_major>
    %mp = pto.alloc_tile addr = %a81920 : !pto.tile_buf<mat, 64x256xf32, blayout=col_major, slayout=row_major>
    %lp = pto.alloc_tile addr = %a0 : !pto.tile_buf<left, 64x256xf32, slayout=row_major>
    %mv = pto.alloc_tile addr = %a147456 : !pto.tile_buf<mat, 256x64xf32, blayout=col_major, slayout=row_major>
    %rv = pto.alloc_tile addr = %a0 : !pto.tile_buf<right, 256x64xf32, slayout=col_major>
    %ao = pto.alloc_tile addr = %a65536 : !pto.tile_buf<acc, 64x64xf32, blayout=col_major, slayout=row_major, fractal=1024>
    // S = Q_t K^T
    pto.tload ins(%pq : !pto.partition_tensor_view<64x64xf32>) outs(%mq : !pto.tile_buf<mat, 64x64xf32, blayout=col_major, slayout=row_major>)
    pto.tload ins(%pkt : !pto.partition_tensor_view<64x256xf32>) outs(%mkt : !pto.tile_buf<mat, 64x256xf32, blayout=col_major, slayout=row_major>)
    pto.tmov ins(%mq : !pto.tile_buf<mat, 64x64xf32, blayout=col_major, slayout=row_major>) outs(%lq : !pto.tile_buf<left, 64x64xf32, slayout=row_major>)
    pto.tmov ins(%mkt : !pto.tile_buf<mat, 64x256xf32, blayout=col_major, slayout=row_major>) outs(%rkt : !pto.tile_buf<right, 64x256xf32, slayout=col_major>)
    pto.tmatmul ins(%lq, %rkt : !pto.tile_buf<left, 64x64xf32, slayout=row_major>, !pto.tile_buf<right, 64x256xf32, slayout=col_major>) outs(%as : !pto.tile_buf<acc, 64x256xf32, blayout=col_major, slayout=row_major, fractal=1024>)
    // P = softmax(S / 8) by rows
    pto.tmov ins(%as : !pto.tile_buf<acc, 64x256xf32, blayout=col_major, slayout=row_major, fractal=1024>) outs(%s : !pto.tile_buf<vec, 64x256xf32>)
    pto.tmuls ins(%s, %scale : !pto.tile_buf<vec, 64x256xf32>, f32) outs(%s : !pto.tile_buf<vec, 64x256xf32>)
    pto.trowmax ins(%s, %tmp : !pto.tile_buf<vec, 64x256xf32>, !pto.tile_buf<vec, 64x256xf32>) outs(%mx : !pto.tile_buf<vec, 64x1xf32, blayout=col_major>)
    pto.trowexpandsub ins(%s, %mx : !pto.tile_buf<vec, 64x256xf32>, !pto.tile_buf<vec, 64x1xf32, blayout=col_major>) outs(%s : !pto.tile_buf<vec, 64x256xf32>)
    pto.texp ins(%s : !pto.tile_buf<vec, 64x256xf32>) outs(%s : !pto.tile_buf<vec, 64x256xf32>)
    pto.trowsum ins(%s, %tmp : !pto.tile_buf<vec, 64x256xf32>, !pto.tile_buf<vec, 64x256xf32>) outs(%sm : !pto.tile_buf<vec, 64x1xf32, blayout=col_major>)
    pto.trowexpanddiv ins(%s, %sm : !pto.tile_buf<vec, 64x256xf32>, !pto.tile_buf<vec, 64x1xf32, blayout=col_major>) outs(%s : !pto.tile_buf<vec, 64x256xf32>)
    pto.tstore ins(%s : !pto.tile_buf<vec, 64x256xf32>) outs(%ps : !pto.partition_tensor_view<64x256xf32>)
    // O_t = P V
    pto.tload ins(%ps : !pto.partition_tensor_view<64x256xf32>) outs(%mp : !pto.tile_buf<mat, 64x256xf32, blayout=col_major, slayout=row_major>)
    pto.tload ins(%pv : !pto.partition_tensor_view<256x64xf32>) outs(%mv : !pto.tile_buf<mat, 256x64xf32, blayout=col_major, slayout=row_major>)
    pto.tmov ins(%mp : !pto.tile_buf<mat, 64x256xf32, blayout=col_major, slayout=row_major>) outs(%lp : !pto.tile_buf<left, 64x256xf32, slayout=row_major>)
    pto.tmov ins(%mv : !pto.tile_buf<mat, 256x64xf32, blayout=col_major, slayout=row_major>) outs(%rv : !pto.tile_buf<right, 256x64xf32, slayout=col_major>)
    pto.tmatmul ins(%lp, %rv : !pto.tile_buf<left, 64x256xf32, slayout=row_major>, !pto.tile_buf<right, 256x64xf32, slayout=col_major>) outs(%ao : !pto.tile_buf<acc, 64x64xf32, blayout=col_major, slayout=row_major, fractal=1024>)
    pto.tstore ins(%ao : !pto.tile_buf<acc, 64x64xf32, blayout=col_major, slayout=row_major, fractal=1024>) outs(%po : !pto.partition_tensor_view<64x64xf32>)
    return
  }

  wsp.module "attention" version "9.0" targets ["cpu_sim"] {
    wsp.tensor @Q : !wsp.tensor<[batch, 8, 256, 64], f32>
    wsp.tensor @K : !wsp.tensor<[batch, 8, 256, 64], f32>
    wsp.tensor @V : !wsp.tensor<[batch, 8, 256, 64], f32>
    wsp.tensor @O : !wsp.tensor<[batch, 8, 256, 64], f32>
    wsp.tensor @P : !wsp.tensor<[batch, 8, 4, 64, 256], f32>
    wsp.workload @attention(%nb "batch": !wsp.dense_dyn<batch>) level cpu {
      wsp.parallel_for %b "b" in !wsp.dense_dyn<batch> {
        wsp.parallel_for %h "h" in !wsp.dense<8> {
          wsp.parallel_for %t "t" in !wsp.dense<4> {
            wsp.task @attn_tile(%b, %h, %t, %nb) resources [@Q, @K, @V, @O, @P] : index, index, index, !wsp.dense_dyn<batch>
          }
        }
      }
    }
  }
}
