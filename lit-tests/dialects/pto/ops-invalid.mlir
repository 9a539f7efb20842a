// The verifiers of the `pto` ops report PTOAS's messages at the op.
// RUN: %pto-opt %s -split-input-file -verify-diagnostics

func.func @f(%a: !pto.tile_buf<vec, 16x16xf32>, %b: !pto.tile_buf<vec, 16x16xf16>) {
  // expected-error @+1 {{'pto.tadd' op expects src0 and dst to have the same element type}}
  pto.tadd ins(%a, %a : !pto.tile_buf<vec, 16x16xf32>, !pto.tile_buf<vec, 16x16xf32>) outs(%b : !pto.tile_buf<vec, 16x16xf16>)
  return
}

// -----

func.func @f(%a: !pto.tile_buf<vec, 16x16xf32>, %b: !pto.tile_buf<vec, 16x16xf32, valid=8x16>) {
  // expected-error @+1 {{'pto.texp' op expects src and dst to have the same valid_shape}}
  pto.texp ins(%a : !pto.tile_buf<vec, 16x16xf32>) outs(%b : !pto.tile_buf<vec, 16x16xf32, valid=8x16>)
  return
}

// -----

func.func @f(%a: !pto.tile_buf<mat, 16x16xf32>, %b: !pto.tile_buf<vec, 16x16xf32>) {
  // expected-error @+1 {{'pto.tabs' op expects src to be in the vec address space}}
  pto.tabs ins(%a : !pto.tile_buf<mat, 16x16xf32>) outs(%b : !pto.tile_buf<vec, 16x16xf32>)
  return
}

// -----

func.func @f(%a: !pto.tile_buf<vec, 16x32xf32>, %b: !pto.tile_buf<vec, 16x16xf16>) {
  // expected-error @+1 {{'pto.tcvt' op expects src and dst to have compatible shapes}}
  pto.tcvt ins(%a : !pto.tile_buf<vec, 16x32xf32>) outs(%b : !pto.tile_buf<vec, 16x16xf16>)
  return
}

// -----

func.func @f(%a: !pto.tile_buf<vec, 16x16xf32>, %b: !pto.tile_buf<vec, 16x16xf16, valid=8x16>) {
  // expected-error @+1 {{'pto.tcvt' op expects src and dst to have the same valid_shape}}
  pto.tcvt ins(%a : !pto.tile_buf<vec, 16x16xf32>) outs(%b : !pto.tile_buf<vec, 16x16xf16, valid=8x16>)
  return
}

// -----

func.func @f(%t: !pto.tile_buf<vec, 64x64xf32, valid=32x32>, %p: !pto.partition_tensor_view<64x64xf32>) {
  // expected-error @+1 {{'pto.tstore' op expects dst static element count (4096) to match src valid_shape static element count (1024)}}
  pto.tstore ins(%t : !pto.tile_buf<vec, 64x64xf32, valid=32x32>) outs(%p : !pto.partition_tensor_view<64x64xf32>)
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'pto.alloc_tile' op valid_row operand is required because result type v_row is ?}}
  %t = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32, valid=?x?>
  return
}

// -----

func.func @f(%r: index) {
  // expected-error @+1 {{'pto.alloc_tile' op valid_row operand must be absent because result type v_row is 16}}
  %t = pto.alloc_tile valid_row = %r : !pto.tile_buf<vec, 16x16xf32>
  return
}

// -----

func.func @f(%a: !pto.tile_buf<left, 16x32xf16>, %b: !pto.tile_buf<right, 16x16xf16>, %c: !pto.tile_buf<acc, 16x16xf32>) {
  // expected-error @+1 {{'pto.tmatmul' op expects static matmul tile shapes lhs[M,K], rhs[K,N], and dst[M,N]}}
  pto.tmatmul ins(%a, %b : !pto.tile_buf<left, 16x32xf16>, !pto.tile_buf<right, 16x16xf16>) outs(%c : !pto.tile_buf<acc, 16x16xf32>)
  return
}

// -----

func.func @f(%a: !pto.tile_buf<left, 16x16xf16>, %b: !pto.tile_buf<right, 16x16xf16>, %c: !pto.tile_buf<acc, 16x16xf16>) {
  // expected-error @+1 {{'pto.tmatmul' op expects (dst, lhs, rhs) element types to match one of (i32, i8, i8), (f32, f16, f16), (f32, bf16, bf16), (f32, f32, f32)}}
  pto.tmatmul ins(%a, %b : !pto.tile_buf<left, 16x16xf16>, !pto.tile_buf<right, 16x16xf16>) outs(%c : !pto.tile_buf<acc, 16x16xf16>)
  return
}

// -----

func.func @f(%a: !pto.tile_buf<vec, 16x16xf32>, %b: !pto.tile_buf<left, 16x16xf32>) {
  // expected-error @+1 {{'pto.tmov' op expects a supported tmov address-space pair for this target}}
  pto.tmov ins(%a : !pto.tile_buf<vec, 16x16xf32>) outs(%b : !pto.tile_buf<left, 16x16xf32>)
  return
}

// -----

func.func @f(%p: !pto.ptr<f16>, %c: index) {
  // expected-error @+1 {{'pto.make_tensor_view' op shape/strides operand counts must match tensor_view rank=2}}
  %v = pto.make_tensor_view %p, shape = [%c], strides = [%c] : !pto.tensor_view<?x?xf16>
  return
}

// -----

func.func @f(%v: !pto.tensor_view<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  // expected-error @+1 {{'pto.partition_view' op size/result mismatch at dim 1: size operand=32 result type dim=16}}
  %p = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c32, %c32] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<32x16xf32>
  return
}

// -----

func.func @f(%v: !pto.tensor_view<64x64xf32>) {
  %c48 = arith.constant 48 : index
  %c32 = arith.constant 32 : index
  // expected-error @+1 {{'pto.partition_view' op offset+size at dim 0 (80) exceeds static source dim (64)}}
  %p = pto.partition_view %v, offsets = [%c48, %c48], sizes = [%c32, %c32] : !pto.tensor_view<64x64xf32> -> !pto.partition_tensor_view<32x32xf32>
  return
}

// -----

// A dynamic dimension that make_tensor_view gives a constant is checked too.
func.func @f(%p: !pto.ptr<f32>) {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c32 = arith.constant 32 : index
  %v = pto.make_tensor_view %p, shape = [%c4, %c4], strides = [%c4, %c1] : !pto.tensor_view<?x?xf32>
  // expected-error @+1 {{'pto.partition_view' op size at dim 0 (32) exceeds static source dim (4)}}
  %w = pto.partition_view %v, offsets = [%c1, %c1], sizes = [%c32, %c32] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<32x32xf32>
  return
}

// -----

func.func @f(%t: !pto.tile_buf<vec, 16x16xf32>) {
  // expected-error @+1 {{'pto.bitcast' op expects src/result to have different element types; use pto.treshape for shape/config changes}}
  %b = pto.bitcast %t : !pto.tile_buf<vec, 16x16xf32> -> !pto.tile_buf<vec, 16x16xf32>
  return
}

// -----

func.func @f(%t: !pto.tile_buf<vec, 16x16xf32, valid=?x?>, %r: index) {
  // expected-error @+1 {{'pto.set_validshape' op requires a locally bound tile source; function arguments/results are unsupported}}
  pto.set_validshape %t, %r, %r : !pto.tile_buf<vec, 16x16xf32, valid=?x?>
  return
}

// -----

func.func @f(%s: f32, %t: f32, %d: !pto.tile_buf<vec, 16x16xf32>) {
  // expected-error @+1 {{'pto.tdivs' op expected exactly one tile_buf operand and one scalar operand}}
  pto.tdivs ins(%s, %t : f32, f32) outs(%d : !pto.tile_buf<vec, 16x16xf32>)
  return
}

// -----

func.func @f(%a: !pto.tile_buf<vec, 16x16xf32>, %t: !pto.tile_buf<vec, 16x16xf32>, %r: !pto.tile_buf<vec, 16x2xf32>) {
  // expected-error @+1 {{'pto.trowsum' op expects dst valid_shape[1] to be 1}}
  pto.trowsum ins(%a, %t : !pto.tile_buf<vec, 16x16xf32>, !pto.tile_buf<vec, 16x16xf32>) outs(%r : !pto.tile_buf<vec, 16x2xf32>)
  return
}

// -----

func.func @f(%t: !pto.tile_buf<vec, 16x16xf32>) {
  %c = arith.constant 0 : index
  // expected-error @+1 {{'pto.tgetval' op expects dst type to match src element type}}
  %v = pto.tgetval ins(%t, %c : !pto.tile_buf<vec, 16x16xf32>, index) outs : f16
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'pto.pointer_cast' op expects at least one address operand}}
  %t = pto.pointer_cast() : !pto.tile_buf<vec, 16x16xf32>
  return
}

// -----

func.func @f() {
  %c = arith.constant -32 : i64
  // expected-error @+1 {{'pto.pointer_cast' op expects address operand #0 to be non-negative, got -32}}
  %t = pto.pointer_cast(%c) : !pto.tile_buf<vec, 16x16xf32>
  return
}

// -----

func.func @f() {
  %c = arith.constant 0 : i64
  // expected-error @+1 {{'pto.pointer_cast' op valid_row and valid_col operands are required because the result type has a dynamic valid shape}}
  %t = pto.pointer_cast(%c) : !pto.tile_buf<vec, 16x16xf32, valid=?x16>
  return
}

// -----

func.func @f(%r: index) {
  %c = arith.constant 0 : i64
  // expected-error @+1 {{'pto.pointer_cast' op valid_row and valid_col operands must be absent because the result type has a static valid shape}}
  %t = pto.pointer_cast(%c) %r, %r : !pto.tile_buf<vec, 16x16xf32>
  return
}

// -----

func.func @f(%r: index) {
  %c = arith.constant 0 : i64
  %c8 = arith.constant 8 : index
  // expected-error @+1 {{'pto.pointer_cast' op expects valid_row operand to be the constant 16, the static valid size of the result type}}
  %t = pto.pointer_cast(%c) %c8, %r : !pto.tile_buf<vec, 16x16xf32, valid=16x?>
  return
}

// -----

func.func @f(%r: index) {
  %c = arith.constant 0 : i64
  // expected-error @+1 {{'pto.pointer_cast' op expects valid_row and valid_col operands together or neither}}
  %t = "pto.pointer_cast"(%c, %r) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (i64, index) -> !pto.tile_buf<vec, 16x16xf32, valid=?x?>
  return
}

// -----

func.func @f() {
  %c = arith.constant 0 : i64
  // expected-error @+1 {{'pto.pointer_cast' op result #0 must be TileBuf or MemRef, but got 'i32'}}
  %t = pto.pointer_cast(%c) : i32
  return
}

// -----

func.func @f(%a: !pto.tile_buf<vec, 16x16xf32>, %t: !pto.tile_buf<vec, 16x16xf32>, %c: !pto.tile_buf<vec, 1x16xf32>) {
  // expected-error @+1 {{'pto.tcolsum' op tmp operand requires isBinary attribute}}
  pto.tcolsum ins(%a, %t : !pto.tile_buf<vec, 16x16xf32>, !pto.tile_buf<vec, 16x16xf32>) outs(%c : !pto.tile_buf<vec, 1x16xf32>)
  return
}

// -----

func.func @f(%a: !pto.tile_buf<vec, 16x16xf32>, %c: !pto.tile_buf<vec, 1x16xf32>) {
  // expected-error @+1 {{'pto.tcolsum' op isBinary attribute requires tmp operand}}
  pto.tcolsum ins(%a {isBinary = true} : !pto.tile_buf<vec, 16x16xf32>) outs(%c : !pto.tile_buf<vec, 1x16xf32>)
  return
}

// -----

func.func @f(%a: !pto.tile_buf<vec, 16x16xf32>, %t: !pto.tile_buf<vec, 16x16xf16>, %c: !pto.tile_buf<vec, 1x16xf32>) {
  // expected-error @+1 {{'pto.tcolsum' op expects src/tmp/dst element types to match}}
  pto.tcolsum ins(%a, %t {isBinary = true} : !pto.tile_buf<vec, 16x16xf32>, !pto.tile_buf<vec, 16x16xf16>) outs(%c : !pto.tile_buf<vec, 1x16xf32>)
  return
}

// -----

func.func @f(%a: !pto.tile_buf<vec, 16x16xf32>, %c: !pto.tile_buf<vec, 1x8xf32>) {
  // expected-error @+1 {{'pto.tcolsum' op expects src and dst to have the same valid_shape[1]}}
  pto.tcolsum ins(%a : !pto.tile_buf<vec, 16x16xf32>) outs(%c : !pto.tile_buf<vec, 1x8xf32>)
  return
}

// -----

func.func @f(%a: !pto.tile_buf<vec, 16x16xf64>, %c: !pto.tile_buf<vec, 1x16xf64>) {
  // expected-error @+1 {{'pto.tcolsum' op expects tcolsum element type to be i8/i16/i32/f16/bf16/f32}}
  pto.tcolsum ins(%a : !pto.tile_buf<vec, 16x16xf64>) outs(%c : !pto.tile_buf<vec, 1x16xf64>)
  return
}
