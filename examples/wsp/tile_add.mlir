// A PTO-WSP workload over batch x heads whose tasks run a PTOAS tile kernel: each
// task adds one 16x64 tile of X and Y into O. `heads` is known at run time
// (dense_dyn), the batch statically; the tasks of the grid are independent and run
// on the runtime's threads.
module attributes {"pto.target_arch" = "a3"} {
  // The kernel: its resources' pointers, then the task's indices.
  func.func @add_tile(%x: !pto.ptr<f32>, %y: !pto.ptr<f32>, %o: !pto.ptr<f32>, %b: index, %h: index, %nh: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    %bh = arith.muli %b, %nh : index
    %t = arith.addi %bh, %h : index
    %row = arith.muli %t, %c16 : index
    %all = arith.muli %c2, %nh : index
    %rows = arith.muli %all, %c16 : index
    %vx = pto.make_tensor_view %x, shape = [%rows, %c64], strides = [%c64, %c1] : !pto.tensor_view<?x?xf32>
    %vy = pto.make_tensor_view %y, shape = [%rows, %c64], strides = [%c64, %c1] : !pto.tensor_view<?x?xf32>
    %vo = pto.make_tensor_view %o, shape = [%rows, %c64], strides = [%c64, %c1] : !pto.tensor_view<?x?xf32>
    %px = pto.partition_view %vx, offsets = [%row, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x64xf32>
    %py = pto.partition_view %vy, offsets = [%row, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x64xf32>
    %po = pto.partition_view %vo, offsets = [%row, %c0], sizes = [%c16, %c64] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x64xf32>
    %a = pto.alloc_tile : !pto.tile_buf<vec, 16x64xf32>
    %bt = pto.alloc_tile : !pto.tile_buf<vec, 16x64xf32>
    %c = pto.alloc_tile : !pto.tile_buf<vec, 16x64xf32>
    pto.tload ins(%px : !pto.partition_tensor_view<16x64xf32>) outs(%a : !pto.tile_buf<vec, 16x64xf32>)
    pto.tload ins(%py : !pto.partition_tensor_view<16x64xf32>) outs(%bt : !pto.tile_buf<vec, 16x64xf32>)
    pto.tadd ins(%a, %bt : !pto.tile_buf<vec, 16x64xf32>, !pto.tile_buf<vec, 16x64xf32>) outs(%c : !pto.tile_buf<vec, 16x64xf32>)
    pto.tstore ins(%c : !pto.tile_buf<vec, 16x64xf32>) outs(%po : !pto.partition_tensor_view<16x64xf32>)
    return
  }

  wsp.module "tile_add" version "9.0" targets ["cpu_sim"] {
    wsp.tensor @X : !wsp.tensor<[2, heads, 16, 64], f32>
    wsp.tensor @Y : !wsp.tensor<[2, heads, 16, 64], f32>
    wsp.tensor @O : !wsp.tensor<[2, heads, 16, 64], f32>
    wsp.workload @tile_add(%nh "heads": !wsp.dense_dyn<heads>) level cpu {
      wsp.parallel_for %b "b" in !wsp.dense<2> {
        wsp.parallel_for %h "h" in !wsp.dense_dyn<heads> {
          wsp.task @add_tile(%b, %h, %nh) resources [@X, @Y, @O] : index, index, !wsp.dense_dyn<heads>
        }
      }
    }
    wsp.schedule @s for @tile_add level cpu {
      wsp.dispatch round_robin(2)
    }
  }
}
