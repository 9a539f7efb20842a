// memref.view: typed views of one byte arena, as convert-pto-to-loops makes tiles. x is
// copied into an f32 view, its rows reversed into an f16 view at byte 130 (a shift that
// is no multiple of 4), its signs flipped through an i32 view of the same bytes; the
// result 2 * x[:, ::-1] - x is checked against numpy, interpreted and compiled (exact).
// Data: scripts/gen_kernel_data.py.
// RUN: pto-run --interpret %s -e arena --arg %S/Inputs/views_x.npy --arg %S/Inputs/views_x.npy --expect-arg 1=%S/Inputs/byte_views_ref.npy --rtol 0 --atol 0
// RUN: pto-run %s -e arena --arg %S/Inputs/views_x.npy --arg %S/Inputs/views_x.npy --expect-arg 1=%S/Inputs/byte_views_ref.npy --rtol 0 --atol 0
// RUN: pto-run -O0 %s -e arena --arg %S/Inputs/views_x.npy --arg %S/Inputs/views_x.npy --expect-arg 1=%S/Inputs/byte_views_ref.npy --rtol 0 --atol 0
// A view may reach past its buffer (it is pure, MLIR may hoist it); an access of bytes
// outside the allocation is undefined behaviour, reported at the access. The last
// element inside is read first.
// RUN: not pto-run --interpret %s -e past_the_end 2>&1 | FileCheck %s --check-prefix=OOB
// A view's indices are checked against its sizes too.
// RUN: not pto-run --interpret %s -e bad_index 2>&1 | FileCheck %s --check-prefix=INDEX

func.func @arena(%x: memref<4x8xf32>, %y: memref<4x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %c130 = arith.constant 130 : index
  %sign = arith.constant -2147483648 : i32
  %two = arith.constant 2.0 : f32
  %arena = memref.alloc() : memref<256xi8>
  %a = memref.view %arena[%c0][] : memref<256xi8> to memref<4x8xf32>
  %h = memref.view %arena[%c130][%c4] : memref<256xi8> to memref<?x8xf16>
  %bits = memref.view %arena[%c0][%c32] : memref<256xi8> to memref<?xi32>
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %c8 step %c1 {
      %v = memref.load %x[%i, %j] : memref<4x8xf32>
      memref.store %v, %a[%i, %j] : memref<4x8xf32>
    }
  }
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %c8 step %c1 {
      %r = arith.subi %c7, %j : index
      %v = memref.load %a[%i, %r] : memref<4x8xf32>
      %t = arith.truncf %v : f32 to f16
      memref.store %t, %h[%i, %j] : memref<?x8xf16>
    }
  }
  scf.for %k = %c0 to %c32 step %c1 {
    %b = memref.load %bits[%k] : memref<?xi32>
    %n = arith.xori %b, %sign : i32
    memref.store %n, %bits[%k] : memref<?xi32>
  }
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %c8 step %c1 {
      %t = memref.load %h[%i, %j] : memref<?x8xf16>
      %e = arith.extf %t : f16 to f32
      %d = arith.mulf %e, %two : f32
      %n = memref.load %a[%i, %j] : memref<4x8xf32>
      %s = arith.addf %d, %n : f32
      memref.store %s, %y[%i, %j] : memref<4x8xf32>
    }
  }
  memref.dealloc %arena : memref<256xi8>
  return
}

// OOB: byte-views.mlir:[[@LINE+8]]:14: error: access to the 4 bytes at byte 256 of a buffer of 256 bytes
func.func @past_the_end() -> f32 {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c244 = arith.constant 244 : index
  %arena = memref.alloc() : memref<256xi8>
  %v = memref.view %arena[%c244][] : memref<256xi8> to memref<4xf32>
  %inside = memref.load %v[%c2] : memref<4xf32>
  %outside = memref.load %v[%c3] : memref<4xf32>
  %s = arith.addf %inside, %outside : f32
  return %s : f32
}

// INDEX: byte-views.mlir:[[@LINE+6]]:8: error: index 2 out of bounds for dimension 0 of size 2
func.func @bad_index() -> f32 {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %arena = memref.alloc() : memref<256xi8>
  %v = memref.view %arena[%c0][%c2] : memref<256xi8> to memref<?xf32>
  %x = memref.load %v[%c2] : memref<?xf32>
  return %x : f32
}
