// 128x128 uniform and normal draws (seed 11), one kernel each.
harp.func @uniform args [] ret 0 memory 65536
    buffers [#harp.buffer<0, f32, size 65536, offset 0, host, shape [128, 128]>] {
  harp.kernel "main_kernel" launch [128, 128] reads [] writes [0] {
    %u = harp.rand Uniform <shape [128, 128], strides [128, 1]> seed 11 : f32
    harp.store %u, 0 <shape [128, 128], strides [128, 1]> : f32
  }
}
harp.func @normal args [] ret 0 memory 65536
    buffers [#harp.buffer<0, f32, size 65536, offset 0, host, shape [128, 128]>] {
  harp.kernel "main_kernel" launch [128, 128] reads [] writes [0] {
    %n = harp.rand Normal <shape [128, 128], strides [128, 1]> seed 11 : f32
    harp.store %n, 0 <shape [128, 128], strides [128, 1]> : f32
  }
}
