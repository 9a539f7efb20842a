// max(a + b, 0) with b broadcast over the rows (a zero stride).
harp.func @add_relu args [0, 1] ret 2 memory 96
    buffers [#harp.buffer<0, f32, size 24, offset 0, host, shape [2, 3]>,
             #harp.buffer<1, f32, size 12, offset 32, host, shape [3]>,
             #harp.buffer<2, f32, size 24, offset 64, host, shape [2, 3]>] {
  harp.kernel "main_kernel" launch [2, 3] reads [0, 1] writes [2] {
    %0 = harp.load 0 <shape [2, 3], strides [3, 1]> : f32
    %1 = harp.load 1 <shape [2, 3], strides [0, 1]> : f32
    %2 = harp.alu Add %0, %1 : f32
    %3 = harp.const 0.0 : f32
    %4 = harp.alu LessThan %3, %2 : f32 -> i1
    %5 = harp.alu Where %4, %2, %3 : f32
    harp.store %5, 2 <shape [2, 3], strides [3, 1]> : f32
  }
}
