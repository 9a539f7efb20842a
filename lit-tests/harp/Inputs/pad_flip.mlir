// y[i, j] = x[i, 7 - j] for j < 8 and 0 for j in 8..10: a flip (negative stride,
// offset) and a pad (valid range) as one view, no copy.
harp.func @pad_flip args [0] ret 1 memory 320
    buffers [#harp.buffer<0, f32, size 128, offset 0, host, shape [4, 8]>,
             #harp.buffer<1, f32, size 160, offset 128, host, shape [4, 10]>] {
  harp.kernel "main_kernel" launch [4, 10] reads [0] writes [1] {
    %x = harp.load 0 <shape [4, 10], strides [8, -1], offset 7, valid [0 : 4, 0 : 8]> : f32
    harp.store %x, 1 <shape [4, 10], strides [10, 1]> : f32
  }
}
