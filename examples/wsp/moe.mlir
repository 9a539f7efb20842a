// A mixture of experts with sparse routing: token t goes to the experts its row of
// the CSR routing selects (`select e in sparse(tokens, indptr, experts)[t]`, the
// seed's selected(t)), and each expert scales the token's features by its own
// weights: Y[t] = sum over e in selected(t) of X[t] * W[e]. Tokens are independent
// (a parallel_for: the runtime's threads), a token's experts run in order (they all
// add into Y[t]).
module attributes {"pto.target_arch" = "a3"} {
  // Y[t] += X[t] * W[e], rows of 64 features.
  func.func @expert_row(%x: !pto.ptr<f32>, %w: !pto.ptr<f32>, %y: !pto.ptr<f32>, %t: index, %e: index, %nt: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c64 = arith.constant 64 : index
    %vx = pto.make_tensor_view %x, shape = [%nt, %c64], strides = [%c64, %c1] : !pto.tensor_view<?x?xf32>
    %vw = pto.make_tensor_view %w, shape = [%c4, %c64], strides = [%c64, %c1] : !pto.tensor_view<?x?xf32>
    %vy = pto.make_tensor_view %y, shape = [%nt, %c64], strides = [%c64, %c1] : !pto.tensor_view<?x?xf32>
    %px = pto.partition_view %vx, offsets = [%t, %c0], sizes = [%c1, %c64] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<1x64xf32>
    %pw = pto.partition_view %vw, offsets = [%e, %c0], sizes = [%c1, %c64] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<1x64xf32>
    %py = pto.partition_view %vy, offsets = [%t, %c0], sizes = [%c1, %c64] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<1x64xf32>
    %a = pto.alloc_tile : !pto.tile_buf<vec, 1x64xf32>
    %b = pto.alloc_tile : !pto.tile_buf<vec, 1x64xf32>
    %acc = pto.alloc_tile : !pto.tile_buf<vec, 1x64xf32>
    pto.tload ins(%px : !pto.partition_tensor_view<1x64xf32>) outs(%a : !pto.tile_buf<vec, 1x64xf32>)
    pto.tload ins(%pw : !pto.partition_tensor_view<1x64xf32>) outs(%b : !pto.tile_buf<vec, 1x64xf32>)
    pto.tload ins(%py : !pto.partition_tensor_view<1x64xf32>) outs(%acc : !pto.tile_buf<vec, 1x64xf32>)
    pto.tmul ins(%a, %b : !pto.tile_buf<vec, 1x64xf32>, !pto.tile_buf<vec, 1x64xf32>) outs(%a : !pto.tile_buf<vec, 1x64xf32>)
    pto.tadd ins(%acc, %a : !pto.tile_buf<vec, 1x64xf32>, !pto.tile_buf<vec, 1x64xf32>) outs(%acc : !pto.tile_buf<vec, 1x64xf32>)
    pto.tstore ins(%acc : !pto.tile_buf<vec, 1x64xf32>) outs(%py : !pto.partition_tensor_view<1x64xf32>)
    return
  }

  wsp.module "moe" version "9.0" targets ["cpu_sim"] {
    wsp.tensor @X : !wsp.tensor<[tokens, 64], f32>
    wsp.tensor @W : !wsp.tensor<[4, 64], f32>
    wsp.tensor @Y : !wsp.tensor<[tokens, 64], f32>
    wsp.workload @moe(%nt "tokens": !wsp.dense_dyn<tokens>) level cpu {
      wsp.parallel_for %t "t" in !wsp.dense_dyn<tokens> {
        wsp.select %e "e" in !wsp.sparse<tokens, indptr, experts> row %t {
          wsp.task @expert_row(%t, %e, %nt) resources [@X, @W, @Y] : index, index, !wsp.dense_dyn<tokens>
        }
      }
    }
  }
}
