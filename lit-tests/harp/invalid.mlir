// The harp verifier: ALU arity and types, views against the index space, reductions,
// launch grids, and the function-level checks upstream Harp lacks (buffer table,
// reads/writes, bounds, liveness overlap, the arena).
// RUN: %pto-opt %s -split-input-file -verify-diagnostics -allow-unregistered-dialect

harp.func @f args [0] ret 1 memory 128 buffers [#harp.buffer<0, f32, size 64, offset 0, host, shape [16]>, #harp.buffer<1, f32, size 64, offset 64, host, shape [16]>] {
  harp.kernel "k" launch [16] reads [0] writes [1] {
    %x = harp.load 0 <shape [16], strides [1]> : f32
    // expected-error @+1 {{Add takes 2 operands, got 1}}
    %y = harp.alu Add %x : f32
    harp.store %x, 1 <shape [16], strides [1]> : f32
  }
}

// -----

harp.func @f args [0] ret 1 memory 128 buffers [#harp.buffer<0, f32, size 64, offset 0, host, shape [16]>, #harp.buffer<1, f32, size 64, offset 64, host, shape [16]>] {
  harp.kernel "k" launch [16] reads [0] writes [1] {
    %x = harp.load 0 <shape [16], strides [1]> : f32
    %c = harp.const 1 : i32
    // expected-error @+1 {{Add operands must have the result type f32, got i32}}
    %y = "harp.alu"(%x, %c) <{kind = #harp<alu Add>}> : (f32, i32) -> f32
    harp.store %x, 1 <shape [16], strides [1]> : f32
  }
}

// -----

harp.func @f args [0] ret 1 memory 128 buffers [#harp.buffer<0, f32, size 64, offset 0, host, shape [16]>, #harp.buffer<1, f32, size 64, offset 64, host, shape [16]>] {
  harp.kernel "k" launch [16] reads [0] writes [1] {
    %x = harp.load 0 <shape [16], strides [1]> : f32
    // expected-error @+1 {{LessThan gives i1, not f32}}
    %y = harp.alu LessThan %x, %x : f32
    harp.store %x, 1 <shape [16], strides [1]> : f32
  }
}

// -----

harp.func @f args [0] ret 1 memory 128 buffers [#harp.buffer<0, f32, size 64, offset 0, host, shape [16]>, #harp.buffer<1, f32, size 64, offset 64, host, shape [16]>] {
  harp.kernel "k" launch [16] reads [0] writes [1] {
    %x = harp.load 0 <shape [16], strides [1]> : f32
    // expected-error @+1 {{Where's condition must be i1, got f32}}
    %y = "harp.alu"(%x, %x, %x) <{kind = #harp<alu Where>}> : (f32, f32, f32) -> f32
    harp.store %x, 1 <shape [16], strides [1]> : f32
  }
}

// -----

harp.func @f args [0] ret 1 memory 128 buffers [#harp.buffer<0, f32, size 64, offset 0, host, shape [16]>, #harp.buffer<1, f32, size 64, offset 64, host, shape [16]>] {
  harp.kernel "k" launch [16] reads [0] writes [1] {
    %x = harp.load 0 <shape [16], strides [1]> : f32
    %c = harp.const 1 : i32
    // expected-error @+1 {{Exp2 needs a float type, got i32}}
    %y = harp.alu Exp2 %c : i32
    harp.store %x, 1 <shape [16], strides [1]> : f32
  }
}

// -----

harp.func @f args [0] ret 1 memory 128 buffers [#harp.buffer<0, f32, size 64, offset 0, host, shape [16]>, #harp.buffer<1, f32, size 64, offset 64, host, shape [16]>] {
  harp.kernel "k" launch [16] reads [0] writes [1] {
    // expected-error @+1 {{view shape [4, 4] must be the index space at this point [16]}}
    %x = harp.load 0 <shape [4, 4], strides [4, 1]> : f32
    harp.store %x, 1 <shape [16], strides [1]> : f32
  }
}

// -----

harp.func @f args [0] ret 1 memory 128 buffers [#harp.buffer<0, f32, size 64, offset 0, host, shape [16]>, #harp.buffer<1, f32, size 64, offset 64, host, shape [16]>] {
  harp.kernel "k" launch [16] reads [0] writes [1] {
    %x = harp.load 0 <shape [16], strides [1]> : f32
    // expected-error @+1 {{a store's view cannot have valid ranges}}
    harp.store %x, 1 <shape [16], strides [1], valid [0 : 8]> : f32
  }
}

// -----

harp.func @f args [0] ret 1 memory 128 buffers [#harp.buffer<0, f32, size 64, offset 0, host, shape [16]>, #harp.buffer<1, f32, size 64, offset 64, host, shape [16]>] {
  harp.kernel "k" launch [16] reads [0] writes [1] {
    // expected-error @+1 {{yields f32, but its result is i32}}
    %s = harp.reduce Sum [4] : i32 {
      %x = harp.load 0 <shape [16, 4], strides [1, 0]> : f32
      harp.yield %x : f32
    }
    %x = harp.load 0 <shape [16], strides [1]> : f32
    harp.store %x, 1 <shape [16], strides [1]> : f32
  }
}

// -----

harp.func @f args [0] ret 1 memory 128 buffers [#harp.buffer<0, f32, size 64, offset 0, host, shape [16]>, #harp.buffer<1, f32, size 64, offset 64, host, shape [16]>] {
  // expected-error @+1 {{launch dimensions must be one or more sizes of at least 1, got [0]}}
  harp.kernel "k" launch [0] reads [] writes [] {

  }
}

// -----

harp.func @f args [0] ret 1 memory 128 buffers [#harp.buffer<0, f32, size 64, offset 0, host, shape [16]>, #harp.buffer<1, f32, size 64, offset 64, host, shape [16]>] {
  harp.kernel "k" launch [16] reads [7] writes [1] {
    // expected-error @+1 {{names buffer 7, which is not in the function's table}}
    %x = harp.load 7 <shape [16], strides [1]> : f32
    harp.store %x, 1 <shape [16], strides [1]> : f32
  }
}

// -----

harp.func @f args [0] ret 1 memory 128 buffers [#harp.buffer<0, f32, size 64, offset 0, host, shape [16]>, #harp.buffer<1, f32, size 64, offset 64, host, shape [16]>] {
  harp.kernel "k" launch [16] reads [0] writes [1] {
    // expected-error @+1 {{accesses buffer 0 of f32 elements as i32}}
    %x = harp.load 0 <shape [16], strides [1]> : i32
    %y = harp.alu Cast %x : i32 -> f32
    harp.store %y, 1 <shape [16], strides [1]> : f32
  }
}

// -----

harp.func @f args [0] ret 1 memory 128 buffers [#harp.buffer<0, f32, size 64, offset 0, host, shape [16]>, #harp.buffer<1, f32, size 64, offset 64, host, shape [16]>] {
  harp.kernel "k" launch [16] reads [0] writes [1] {
    // expected-error @+1 {{reaches elements 2..=17 of buffer 0, which holds 16 (64 bytes of f32)}}
    %x = harp.load 0 <shape [16], strides [1], offset 2> : f32
    harp.store %x, 1 <shape [16], strides [1]> : f32
  }
}

// -----

harp.func @f args [0] ret 1 memory 128 buffers [#harp.buffer<0, f32, size 64, offset 0, host, shape [16]>, #harp.buffer<1, f32, size 64, offset 64, host, shape [16]>] {
  harp.kernel "k" launch [16] reads [0] writes [1] {
    // expected-error @+1 {{reaches elements -1..=14 of buffer 0, which holds 16 (64 bytes of f32)}}
    %x = harp.load 0 <shape [16], strides [-1], offset 14> : f32
    harp.store %x, 1 <shape [16], strides [1]> : f32
  }
}

// -----

harp.func @f args [0] ret 1 memory 128 buffers [#harp.buffer<0, f32, size 64, offset 0, host, shape [16]>, #harp.buffer<1, f32, size 64, offset 64, host, shape [16]>] {
  // expected-error @+1 {{reads [], but its loads name buffers [0]}}
  harp.kernel "k" launch [16] reads [] writes [1] {
    %x = harp.load 0 <shape [16], strides [1]> : f32
    harp.store %x, 1 <shape [16], strides [1]> : f32
  }
}

// -----

harp.func @f args [] ret 0 memory 128 buffers [#harp.buffer<0, f32, size 64, offset 0, host, shape [16]>, #harp.buffer<1, f32, size 64, offset 64, host, shape [16]>] {
  harp.kernel "k" launch [16] reads [1] writes [0] {
    // expected-error @+1 {{reads buffer 1, which neither the caller nor an earlier kernel writes}}
    %x = harp.load 1 <shape [16], strides [1]> : f32
    harp.store %x, 0 <shape [16], strides [1]> : f32
  }
}

// -----

// expected-error @+1 {{'harp.func' op buffers 0 (bytes 0..64) and 1 (bytes 32..96) overlap while both are live (kernels start..0 and 0..1)}}
harp.func @f args [0] ret 1 memory 128 buffers [#harp.buffer<0, f32, size 64, offset 0, host, shape [16]>, #harp.buffer<1, f32, size 64, offset 32, host, shape [16]>] {
  harp.kernel "k" launch [16] reads [0] writes [1] {
    %x = harp.load 0 <shape [16], strides [1]> : f32
    harp.store %x, 1 <shape [16], strides [1]> : f32
  }
}

// -----

// expected-error @+1 {{'harp.func' op buffer 1 (bytes 64..128) lies outside the arena of 100 bytes}}
harp.func @f args [0] ret 1 memory 100 buffers [#harp.buffer<0, f32, size 64, offset 0, host, shape [16]>, #harp.buffer<1, f32, size 64, offset 64, host, shape [16]>] {
  harp.kernel "k" launch [16] reads [0] writes [1] {
    %x = harp.load 0 <shape [16], strides [1]> : f32
    harp.store %x, 1 <shape [16], strides [1]> : f32
  }
}

// -----

// expected-error @+1 {{'harp.func' op buffer id 1 is listed twice}}
harp.func @f args [0] ret 1 memory 128 buffers [#harp.buffer<0, f32, size 64, offset 0, host, shape [16]>, #harp.buffer<1, f32, size 64, offset 64, host, shape [16]>, #harp.buffer<1, f32, size 4, offset 0, host>] {
  harp.kernel "k" launch [16] reads [0] writes [1] {
    %x = harp.load 0 <shape [16], strides [1]> : f32
    harp.store %x, 1 <shape [16], strides [1]> : f32
  }
}

// -----

// expected-error @+1 {{'harp.func' op no kernel writes the result buffer 1}}
harp.func @f args [0] ret 1 memory 128 buffers [#harp.buffer<0, f32, size 64, offset 0, host, shape [16]>, #harp.buffer<1, f32, size 64, offset 64, host, shape [16]>] {
  harp.kernel "k" launch [16] reads [0] writes [0] {
    %x = harp.load 0 <shape [16], strides [1]> : f32
    harp.store %x, 0 <shape [16], strides [1]> : f32
  }
}

// -----

// expected-error @+1 {{'harp.func' op buffer 1 is both an argument and the result}}
harp.func @f args [0, 1] ret 1 memory 128 buffers [#harp.buffer<0, f32, size 64, offset 0, host, shape [16]>, #harp.buffer<1, f32, size 64, offset 64, host, shape [16]>] {
  harp.kernel "k" launch [16] reads [0] writes [1] {
    %x = harp.load 0 <shape [16], strides [1]> : f32
    harp.store %x, 1 <shape [16], strides [1]> : f32
  }
}

// -----

// expected-error @+1 {{view has 2 sizes but 1 strides}}
"test.use"() {v = #harp.view<shape [4, 4], strides [1]>} : () -> ()

// -----

// expected-error @+1 {{buffer 0: shape [4, 4] needs 64 bytes, but its size is 16}}
"test.use"() {v = #harp.buffer<0, f32, size 16, offset 0, host, shape [4, 4]>} : () -> ()

// -----

harp.func @f args [0] ret 1 memory 128 buffers [#harp.buffer<0, f32, size 64, offset 0, host, shape [16]>, #harp.buffer<1, f32, size 64, offset 64, host, shape [16]>] {
  harp.kernel "k" launch [16] reads [0] writes [1] {
    %x = harp.load 0 <shape [16], strides [1]> : f32
    // expected-error @+1 {{unknown Harp ALU operation 'Sub'}}
    %y = harp.alu Sub %x, %x : f32
    harp.store %x, 1 <shape [16], strides [1]> : f32
  }
}
