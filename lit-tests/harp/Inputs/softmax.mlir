// Softmax over the rows of a 4x8 array at Harp's kernel level: three kernels
// (row maximum, row sum of exponentials, normalization), two reductions.
harp.func @softmax args [0] ret 3 memory 384
    buffers [#harp.buffer<0, f32, size 128, offset 0, host, shape [4, 8]>,
             #harp.buffer<1, f32, size 16, offset 128, host>,
             #harp.buffer<2, f32, size 16, offset 192, host>,
             #harp.buffer<3, f32, size 128, offset 256, host, shape [4, 8]>] {
  harp.kernel "row_max" launch [4] reads [0] writes [1] {
    %m = harp.reduce Max [8] : f32 {
      %x = harp.load 0 <shape [4, 8], strides [8, 1]> : f32
      harp.yield %x : f32
    }
    harp.store %m, 1 <shape [4], strides [1]> : f32
  }
  harp.kernel "row_sum" launch [4] reads [0, 1] writes [2] {
    %log2e = harp.const 1.44269504 : f32
    %s = harp.reduce Sum [8] : f32 {
      %x = harp.load 0 <shape [4, 8], strides [8, 1]> : f32
      %m = harp.load 1 <shape [4, 8], strides [1, 0]> : f32
      %nm = harp.alu Neg %m : f32
      %d = harp.alu Add %x, %nm : f32
      %t = harp.alu Mul %d, %log2e : f32
      %e = harp.alu Exp2 %t : f32
      harp.yield %e : f32
    }
    harp.store %s, 2 <shape [4], strides [1]> : f32
  }
  harp.kernel "normalize" launch [4, 8] reads [0, 1, 2] writes [3] {
    %log2e = harp.const 1.44269504 : f32
    %x = harp.load 0 <shape [4, 8], strides [8, 1]> : f32
    %m = harp.load 1 <shape [4, 8], strides [1, 0]> : f32
    %s = harp.load 2 <shape [4, 8], strides [1, 0]> : f32
    %nm = harp.alu Neg %m : f32
    %d = harp.alu Add %x, %nm : f32
    %t = harp.alu Mul %d, %log2e : f32
    %e = harp.alu Exp2 %t : f32
    %r = harp.alu Recip %s : f32
    %y = harp.alu Mul %e, %r : f32
    harp.store %y, 3 <shape [4, 8], strides [8, 1]> : f32
  }
}
