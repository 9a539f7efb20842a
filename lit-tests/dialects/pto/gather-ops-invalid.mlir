// The verifiers (and custom parsers) of tgather, tgatherb, tscatter, tmrgsort,
// thistogram, trandom, tpack and tget_scale_addr report PTOAS's messages at the op.
// RUN: %pto-opt %s -split-input-file -verify-diagnostics

func.func @f(%s: !pto.tile_buf<vec, 1x32xf16>, %i: !pto.tile_buf<vec, 1x32xi32>, %d: !pto.tile_buf<vec, 1x32xf16>, %c: !pto.tile_buf<vec, 1x32xi32>, %k: f16) {
  // expected-error @+1 {{expected ',' after src operand in ins(...)}}
  pto.tgather ins(%s : !pto.tile_buf<vec, 1x32xf16>) outs(%d : !pto.tile_buf<vec, 1x32xf16>)
  return
}

// -----

func.func @f(%s: !pto.tile_buf<vec, 1x32xf16>, %i: !pto.tile_buf<vec, 1x32xi32>, %d: !pto.tile_buf<vec, 1x32xf16>, %c: !pto.tile_buf<vec, 1x32xi32>, %k: f16) {
  // expected-error @+1 {{expected #pto.mask_pattern<Pxxxx> for maskPattern}}
  pto.tgather ins(%s, {maskPattern = #pto<cmp gt>} : !pto.tile_buf<vec, 1x32xf16>) outs(%d : !pto.tile_buf<vec, 1x32xf16>)
  return
}

// -----

func.func @f(%s: !pto.tile_buf<vec, 1x32xf16>, %i: !pto.tile_buf<vec, 1x32xi32>, %d: !pto.tile_buf<vec, 1x32xf16>, %c: !pto.tile_buf<vec, 1x32xi32>, %k: f16) {
  // expected-error @+1 {{expected at most 3 extra operands in tgather ins(...)}}
  pto.tgather ins(%s, %i, %i, %i, %i : !pto.tile_buf<vec, 1x32xf16>, !pto.tile_buf<vec, 1x32xi32>, !pto.tile_buf<vec, 1x32xi32>, !pto.tile_buf<vec, 1x32xi32>, !pto.tile_buf<vec, 1x32xi32>) outs(%d : !pto.tile_buf<vec, 1x32xf16>)
  return
}

// -----

func.func @f(%s: !pto.tile_buf<vec, 1x32xf16>, %i: !pto.tile_buf<vec, 1x32xi32>, %d: !pto.tile_buf<vec, 1x32xf16>, %c: !pto.tile_buf<vec, 1x32xi32>, %k: f16) {
  // expected-error @+1 {{mask-pattern tgather expects a single outs operand}}
  pto.tgather ins(%s, {maskPattern = #pto.mask_pattern<P1111>} : !pto.tile_buf<vec, 1x32xf16>) outs(%d, %c : !pto.tile_buf<vec, 1x32xf16>, !pto.tile_buf<vec, 1x32xi32>)
  return
}

// -----

func.func @f(%s: !pto.tile_buf<vec, 1x32xf16>, %i: !pto.tile_buf<vec, 1x32xi32>, %d: !pto.tile_buf<vec, 1x32xf16>, %c: !pto.tile_buf<vec, 1x32xi32>, %k: f16) {
  // expected-error @+1 {{compare-form tgather expects a scalar kValue operand}}
  pto.tgather ins(%s, %i, %i : !pto.tile_buf<vec, 1x32xf16>, !pto.tile_buf<vec, 1x32xi32>, !pto.tile_buf<vec, 1x32xi32>) outs(%c, %c : !pto.tile_buf<vec, 1x32xi32>, !pto.tile_buf<vec, 1x32xi32>)
  return
}

// -----

func.func @f(%s: !pto.tile_buf<vec, 1x32xf16>, %i: !pto.tile_buf<vec, 1x32xi32>, %d: !pto.tile_buf<vec, 1x32xf16>, %c: !pto.tile_buf<vec, 1x32xi32>, %k: f16) {
  // expected-error @+1 {{compare-form tgather expects at most src, kValue, tmp in ins(...)}}
  pto.tgather ins(%s, %k, %i, %i : !pto.tile_buf<vec, 1x32xf16>, f16, !pto.tile_buf<vec, 1x32xi32>, !pto.tile_buf<vec, 1x32xi32>) outs(%c, %c : !pto.tile_buf<vec, 1x32xi32>, !pto.tile_buf<vec, 1x32xi32>)
  return
}

// -----

func.func @f(%s: !pto.tile_buf<vec, 1x32xf16>, %i: !pto.tile_buf<vec, 1x32xi32>, %d: !pto.tile_buf<vec, 1x32xf16>, %c: !pto.tile_buf<vec, 1x32xi32>, %k: f16) {
  // expected-error @+1 {{compare-form tgather tmp must be tile-like}}
  pto.tgather ins(%s, %k, %k : !pto.tile_buf<vec, 1x32xf16>, f16, f16) outs(%c, %c : !pto.tile_buf<vec, 1x32xi32>, !pto.tile_buf<vec, 1x32xi32>)
  return
}

// -----

func.func @f(%s: !pto.tile_buf<vec, 1x32xf16>, %i: !pto.tile_buf<vec, 1x32xi32>, %d: !pto.tile_buf<vec, 1x32xf16>, %c: !pto.tile_buf<vec, 1x32xi32>, %k: f16) {
  // expected-error @+1 {{index-form tgather expects tile-like indices; compare-form must use outs(dst, cdst)}}
  pto.tgather ins(%s, %k : !pto.tile_buf<vec, 1x32xf16>, f16) outs(%d : !pto.tile_buf<vec, 1x32xf16>)
  return
}

// -----

func.func @f(%s: !pto.tile_buf<vec, 1x32xf16>, %i: !pto.tile_buf<vec, 1x32xi32>, %d: !pto.tile_buf<vec, 1x32xf16>, %c: !pto.tile_buf<vec, 1x32xi32>, %k: f16) {
  // expected-error @+1 {{index-form tgather expects at most src, indices, tmp in ins(...)}}
  pto.tgather ins(%s, %i, %i, %i : !pto.tile_buf<vec, 1x32xf16>, !pto.tile_buf<vec, 1x32xi32>, !pto.tile_buf<vec, 1x32xi32>, !pto.tile_buf<vec, 1x32xi32>) outs(%d : !pto.tile_buf<vec, 1x32xf16>)
  return
}

// -----

func.func @f(%s: !pto.tile_buf<vec, 1x32xf16>, %i: !pto.tile_buf<vec, 1x32xi32>, %d: !pto.tile_buf<vec, 1x32xf16>, %c: !pto.tile_buf<vec, 1x32xi32>, %k: f16) {
  // expected-error @+1 {{index-form tgather tmp must be tile-like}}
  pto.tgather ins(%s, %i, %k : !pto.tile_buf<vec, 1x32xf16>, !pto.tile_buf<vec, 1x32xi32>, f16) outs(%d : !pto.tile_buf<vec, 1x32xf16>)
  return
}

// -----

func.func @f(%s: !pto.tile_buf<vec, 1x32xf16>, %i: !pto.tile_buf<vec, 1x32xi32>, %d: !pto.tile_buf<vec, 1x32xf16>, %c: !pto.tile_buf<vec, 1x32xi32>, %k: f16) {
  // expected-error @+1 {{maskPattern may only be specified once}}
  pto.tgather ins(%s, {maskPattern = #pto.mask_pattern<P1111>} : !pto.tile_buf<vec, 1x32xf16>) outs(%d : !pto.tile_buf<vec, 1x32xf16>) maskPattern = #pto.mask_pattern<P0101>
  return
}

// -----

func.func @f(%s: !pto.tile_buf<vec, 1x32xf16>, %i: !pto.tile_buf<vec, 1x32xi32>, %d: !pto.tile_buf<vec, 1x32xf16>, %c: !pto.tile_buf<vec, 1x32xi32>, %k: f16) {
  // expected-error @+1 {{mask-pattern tgather does not take extra ins operands}}
  pto.tgather ins(%s, %i : !pto.tile_buf<vec, 1x32xf16>, !pto.tile_buf<vec, 1x32xi32>) outs(%d : !pto.tile_buf<vec, 1x32xf16>) maskPattern = #pto.mask_pattern<P0101>
  return
}

// -----

func.func @f(%s: !pto.tile_buf<vec, 2x32xf32, blayout=col_major>, %d: !pto.tile_buf<vec, 2x16xf32>) {
  // expected-error @+1 {{'pto.tgather' op expects src and dst to use row-major layout}}
  pto.tgather ins(%s, {maskPattern = #pto.mask_pattern<P0101>} : !pto.tile_buf<vec, 2x32xf32, blayout=col_major>) outs(%d : !pto.tile_buf<vec, 2x16xf32>)
  return
}

// -----

func.func @f(%s: !pto.tile_buf<mat, 2x32xf32>, %d: !pto.tile_buf<mat, 2x16xf32>) {
  // expected-error @+1 {{'pto.tgather' op expects src and dst to be in the vec address space}}
  pto.tgather ins(%s, {maskPattern = #pto.mask_pattern<P0101>} : !pto.tile_buf<mat, 2x32xf32>) outs(%d : !pto.tile_buf<mat, 2x16xf32>)
  return
}

// -----

func.func @f(%s: !pto.tile_buf<vec, 2x32xf32>, %d: !pto.tile_buf<vec, 2x16xf16>) {
  // expected-error @+1 {{'pto.tgather' op expects src and dst element sizes to match}}
  pto.tgather ins(%s, {maskPattern = #pto.mask_pattern<P0101>} : !pto.tile_buf<vec, 2x32xf32>) outs(%d : !pto.tile_buf<vec, 2x16xf16>)
  return
}

// -----

func.func @f(%s: !pto.tile_buf<vec, 2x32xf32>, %d: !pto.tile_buf<vec, 2x16xf32, valid=2x8>) {
  // expected-error @+1 {{'pto.tgather' op expects dst valid_shape[1] to equal dst cols}}
  pto.tgather ins(%s, {maskPattern = #pto.mask_pattern<P0101>} : !pto.tile_buf<vec, 2x32xf32>) outs(%d : !pto.tile_buf<vec, 2x16xf32, valid=2x8>)
  return
}

// -----

func.func @f(%s: !pto.tile_buf<vec, 2x32xf32>, %d: !pto.tile_buf<vec, 4x16xf32>) {
  // expected-error @+1 {{'pto.tgather' op expects dst valid rows to equal src valid rows for row direction}}
  pto.tgather ins(%s, {maskPattern = #pto.mask_pattern<P0101>} : !pto.tile_buf<vec, 2x32xf32>) outs(%d : !pto.tile_buf<vec, 4x16xf32>)
  return
}

// -----

func.func @f(%s: !pto.tile_buf<vec, 2x32xf32>, %d: !pto.tile_buf<vec, 2x16xf32>) {
  // expected-error @+1 {{'pto.tgather' op expects src valid cols to equal dst valid cols times the mask expansion factor for row direction}}
  pto.tgather ins(%s, {maskPattern = #pto.mask_pattern<P0001>} : !pto.tile_buf<vec, 2x32xf32>) outs(%d : !pto.tile_buf<vec, 2x16xf32>)
  return
}

// -----

func.func @f(%s: !pto.tile_buf<vec, 2x32xf64>, %d: !pto.tile_buf<vec, 2x16xf64>) {
  // expected-error @+1 {{'pto.tgather' op expects mask-pattern gather element size to be 1, 2, or 4 bytes}}
  pto.tgather ins(%s, {maskPattern = #pto.mask_pattern<P0101>} : !pto.tile_buf<vec, 2x32xf64>) outs(%d : !pto.tile_buf<vec, 2x16xf64>)
  return
}

// -----

func.func @f(%s: !pto.tile_buf<vec, 1x32xf16>, %i: !pto.tile_buf<vec, 1x32xi32>, %d: !pto.tile_buf<vec, 1x32xf16>) {
  // expected-error @+1 {{'pto.tgather' op mask-pattern tgather only allows src and dst operands}}
  "pto.tgather"(%s, %d, %i) <{maskPattern = #pto.mask_pattern<P1111>, operandSegmentSizes = array<i32: 1, 1, 0, 1, 0, 0>}> : (!pto.tile_buf<vec, 1x32xf16>, !pto.tile_buf<vec, 1x32xf16>, !pto.tile_buf<vec, 1x32xi32>) -> ()
  return
}

// -----

func.func @f(%s: !pto.tile_buf<vec, 1x32xf16>, %c: !pto.tile_buf<vec, 1x32xi32>, %k: f16) {
  // expected-error @+1 {{'pto.tgather' op compare-form tgather expects dst, cdst, kValue, and tmp}}
  pto.tgather ins(%s, %k : !pto.tile_buf<vec, 1x32xf16>, f16) outs(%c, %c : !pto.tile_buf<vec, 1x32xi32>, !pto.tile_buf<vec, 1x32xi32>)
  return
}

// -----

func.func @f(%s: !pto.tile_buf<vec, 1x32xf16>, %c: !pto.tile_buf<vec, 1x32xi32>, %k: f16, %t: !pto.tile_buf<vec, 1x32xui8>) {
  // expected-error @+1 {{'pto.tgather' op compare-form tgather does not take indices}}
  "pto.tgather"(%s, %c, %c, %c, %t, %k) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1>}> : (!pto.tile_buf<vec, 1x32xf16>, !pto.tile_buf<vec, 1x32xi32>, !pto.tile_buf<vec, 1x32xi32>, !pto.tile_buf<vec, 1x32xi32>, !pto.tile_buf<vec, 1x32xui8>, f16) -> ()
  return
}

// -----

func.func @f(%s: !pto.tile_buf<vec, 1x32xf16>, %k: f16, %t: !pto.tile_buf<vec, 1x32xui8>, %d: !pto.tile_buf<vec, 1x32xi32>, %c: !pto.tile_buf<vec, 1x32xi32>) {
  // expected-error @+1 {{'pto.tgather' op expects compare-form tgather cmpMode to be eq or gt}}
  pto.tgather ins(%s, %k, %t : !pto.tile_buf<vec, 1x32xf16>, f16, !pto.tile_buf<vec, 1x32xui8>) outs(%d, %c : !pto.tile_buf<vec, 1x32xi32>, !pto.tile_buf<vec, 1x32xi32>) {cmpMode = #pto<cmp lt>}
  return
}

// -----

func.func @f(%s: !pto.tile_buf<vec, 1x32xf16>, %k: f16, %t: !pto.tile_buf<vec, 1x32xui8>, %d: !pto.tile_buf<vec, 1x32xf32>, %c: !pto.tile_buf<vec, 1x32xf32>) {
  // expected-error @+1 {{'pto.tgather' op expects dst element type to be i32}}
  pto.tgather ins(%s, %k, %t : !pto.tile_buf<vec, 1x32xf16>, f16, !pto.tile_buf<vec, 1x32xui8>) outs(%d, %c : !pto.tile_buf<vec, 1x32xf32>, !pto.tile_buf<vec, 1x32xf32>)
  return
}

// -----

func.func @f(%s: !pto.tile_buf<vec, 1x32xf16>, %k: f16, %t: !pto.tile_buf<vec, 1x32xui8>, %d: !pto.tile_buf<vec, 1x32xi32>, %c: !pto.tile_buf<vec, 1x32xi16>) {
  // expected-error @+1 {{'pto.tgather' op expects cdst to have the same element type as dst}}
  pto.tgather ins(%s, %k, %t : !pto.tile_buf<vec, 1x32xf16>, f16, !pto.tile_buf<vec, 1x32xui8>) outs(%d, %c : !pto.tile_buf<vec, 1x32xi32>, !pto.tile_buf<vec, 1x32xi16>)
  return
}

// -----

func.func @f(%s: !pto.tile_buf<vec, 1x32xf16>, %k: f32, %t: !pto.tile_buf<vec, 1x32xui8>, %d: !pto.tile_buf<vec, 1x32xi32>, %c: !pto.tile_buf<vec, 1x32xi32>) {
  // expected-error @+1 {{'pto.tgather' op expects kValue to have the same type as src element type}}
  pto.tgather ins(%s, %k, %t : !pto.tile_buf<vec, 1x32xf16>, f32, !pto.tile_buf<vec, 1x32xui8>) outs(%d, %c : !pto.tile_buf<vec, 1x32xi32>, !pto.tile_buf<vec, 1x32xi32>)
  return
}

// -----

func.func @f(%s: !pto.tile_buf<vec, 1x32xi8>, %k: i8, %t: !pto.tile_buf<vec, 1x32xui8>, %d: !pto.tile_buf<vec, 1x32xi32>, %c: !pto.tile_buf<vec, 1x32xi32>) {
  // expected-error @+1 {{'pto.tgather' op expects compare-form tgather src element type to be i16/i32/f16/f32}}
  pto.tgather ins(%s, %k, %t : !pto.tile_buf<vec, 1x32xi8>, i8, !pto.tile_buf<vec, 1x32xui8>) outs(%d, %c : !pto.tile_buf<vec, 1x32xi32>, !pto.tile_buf<vec, 1x32xi32>)
  return
}

// -----

func.func @f(%s: !pto.tile_buf<vec, 1x32xf16, blayout=col_major>, %k: f16, %t: !pto.tile_buf<vec, 1x32xui8>, %d: !pto.tile_buf<vec, 1x32xi32>, %c: !pto.tile_buf<vec, 1x32xi32>) {
  // expected-error @+1 {{'pto.tgather' op expects src to use the row_major blayout}}
  pto.tgather ins(%s, %k, %t : !pto.tile_buf<vec, 1x32xf16, blayout=col_major>, f16, !pto.tile_buf<vec, 1x32xui8>) outs(%d, %c : !pto.tile_buf<vec, 1x32xi32>, !pto.tile_buf<vec, 1x32xi32>)
  return
}

// -----

func.func @f(%s: !pto.tile_buf<vec, 1x32xf16>, %k: f16, %t: !pto.tile_buf<vec, 1x32xui8>, %d: !pto.tile_buf<mat, 1x32xi32>, %c: !pto.tile_buf<vec, 1x32xi32>) {
  // expected-error @+1 {{'pto.tgather' op expects dst to be in the vec address space}}
  pto.tgather ins(%s, %k, %t : !pto.tile_buf<vec, 1x32xf16>, f16, !pto.tile_buf<vec, 1x32xui8>) outs(%d, %c : !pto.tile_buf<mat, 1x32xi32>, !pto.tile_buf<vec, 1x32xi32>)
  return
}

// -----

func.func @f(%s: !pto.tile_buf<vec, 1x32xf16>, %d: !pto.tile_buf<vec, 1x32xf16>) {
  // expected-error @+1 {{'pto.tgather' op index-form tgather expects indices}}
  "pto.tgather"(%s, %d) <{operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>}> : (!pto.tile_buf<vec, 1x32xf16>, !pto.tile_buf<vec, 1x32xf16>) -> ()
  return
}

// -----

func.func @f(%s: !pto.tile_buf<vec, 1x32xf16>, %i: !pto.tile_buf<vec, 1x32xi32>, %d: !pto.tile_buf<vec, 1x32xf32>) {
  // expected-error @+1 {{'pto.tgather' op expects src and dst to have the same element type}}
  pto.tgather ins(%s, %i : !pto.tile_buf<vec, 1x32xf16>, !pto.tile_buf<vec, 1x32xi32>) outs(%d : !pto.tile_buf<vec, 1x32xf32>)
  return
}

// -----

func.func @f(%s: !pto.tile_buf<vec, 1x32xf64>, %i: !pto.tile_buf<vec, 1x32xi32>, %d: !pto.tile_buf<vec, 1x32xf64>) {
  // expected-error @+1 {{'pto.tgather' op expects gather src/dst element type to be i8/i16/i32/f16/f32}}
  pto.tgather ins(%s, %i : !pto.tile_buf<vec, 1x32xf64>, !pto.tile_buf<vec, 1x32xi32>) outs(%d : !pto.tile_buf<vec, 1x32xf64>)
  return
}

// -----

func.func @f(%s: !pto.tile_buf<vec, 1x32xf16>, %i: !pto.tile_buf<vec, 1x32xf32>, %d: !pto.tile_buf<vec, 1x32xf16>) {
  // expected-error @+1 {{'pto.tgather' op indices element type must be integer}}
  pto.tgather ins(%s, %i : !pto.tile_buf<vec, 1x32xf16>, !pto.tile_buf<vec, 1x32xf32>) outs(%d : !pto.tile_buf<vec, 1x32xf16>)
  return
}

// -----

func.func @f(%s: !pto.tile_buf<vec, 1x32xf16>, %i: !pto.tile_buf<vec, 1x32xi8>, %d: !pto.tile_buf<vec, 1x32xf16>) {
  // expected-error @+1 {{'pto.tgather' op expects indices element type to be i32 or i16}}
  pto.tgather ins(%s, %i : !pto.tile_buf<vec, 1x32xf16>, !pto.tile_buf<vec, 1x32xi8>) outs(%d : !pto.tile_buf<vec, 1x32xf16>)
  return
}

// -----

func.func @f(%s: !pto.tile_buf<vec, 1x32xf16>, %i: !pto.tile_buf<vec, 1x32xi32>, %d: !pto.tile_buf<vec, 1x32xf16, valid=1x16>) {
  // expected-error @+1 {{'pto.tgather' op expects dst valid_shape[1] to equal dst cols}}
  pto.tgather ins(%s, %i : !pto.tile_buf<vec, 1x32xf16>, !pto.tile_buf<vec, 1x32xi32>) outs(%d : !pto.tile_buf<vec, 1x32xf16, valid=1x16>)
  return
}

// -----

func.func @f(%s: !pto.tile_buf<vec, 1x32xf16>, %i: !pto.tile_buf<vec, 1x32xi32, valid=1x16>, %d: !pto.tile_buf<vec, 1x32xf16>) {
  // expected-error @+1 {{'pto.tgather' op expects indices valid_shape[1] to equal indices cols}}
  pto.tgather ins(%s, %i : !pto.tile_buf<vec, 1x32xf16>, !pto.tile_buf<vec, 1x32xi32, valid=1x16>) outs(%d : !pto.tile_buf<vec, 1x32xf16>)
  return
}

// -----

func.func @f(%a: !pto.tile_buf<vec, 1x128xf32>, %t: !pto.tile_buf<vec, 1x256xf32>, %e: vector<4xi16>) {
  // expected-error @+1 {{tmrgsort format2 expects 2 to 4 src operands followed by tmp}}
  pto.tmrgsort ins(%a, %a, %a, %a, %a, %t : !pto.tile_buf<vec, 1x128xf32>, !pto.tile_buf<vec, 1x128xf32>, !pto.tile_buf<vec, 1x128xf32>, !pto.tile_buf<vec, 1x128xf32>, !pto.tile_buf<vec, 1x128xf32>, !pto.tile_buf<vec, 1x256xf32>) outs(%t, %e : !pto.tile_buf<vec, 1x256xf32>, vector<4xi16>)
  return
}

// -----

func.func @f(%a: !pto.tile_buf<vec, 1x128xf32>, %t: !pto.tile_buf<vec, 1x256xf32>, %e: vector<4xi16>) {
  // expected-error @+1 {{expected one type for each src and for tmp}}
  pto.tmrgsort ins(%a, %a, %t : !pto.tile_buf<vec, 1x128xf32>, !pto.tile_buf<vec, 1x256xf32>) outs(%t, %e : !pto.tile_buf<vec, 1x256xf32>, vector<4xi16>)
  return
}

// -----

func.func @f(%a: !pto.tile_buf<vec, 1x128xf32>, %t: !pto.tile_buf<vec, 1x256xf32>, %e: vector<4xi16>) {
  // expected-error @+1 {{expected 'true' or 'false'}}
  pto.tmrgsort ins(%a, %a, %t {exhausted = 1} : !pto.tile_buf<vec, 1x128xf32>, !pto.tile_buf<vec, 1x128xf32>, !pto.tile_buf<vec, 1x256xf32>) outs(%t, %e : !pto.tile_buf<vec, 1x256xf32>, vector<4xi16>)
  return
}

// -----

func.func @f(%a: !pto.tile_buf<vec, 1x256xf32>) {
  // expected-error @+1 {{'pto.tmrgsort' op tmrgsort expects format1 (1 src + blockLen + 1 dst) or format2 (2 to 4 srcs + tmp, outs dst, excuted)}}
  "pto.tmrgsort"(%a, %a) <{exhausted = false, operandSegmentSizes = array<i32: 1, 0, 1, 0, 0>}> : (!pto.tile_buf<vec, 1x256xf32>, !pto.tile_buf<vec, 1x256xf32>) -> ()
  return
}

// -----

func.func @f(%s: !pto.tile_buf<vec, 1x256xf32>, %d: !pto.tile_buf<vec, 1x256xf32>) {
  %n = arith.constant 48 : i32
  // expected-error @+1 {{'pto.tmrgsort' op expects blockLen > 0 and multiple of 64}}
  pto.tmrgsort ins(%s, %n : !pto.tile_buf<vec, 1x256xf32>, i32) outs(%d : !pto.tile_buf<vec, 1x256xf32>)
  return
}

// -----

func.func @f(%s: !pto.tile_buf<vec, 1x256xf32>, %d: !pto.tile_buf<vec, 1x256xf16>) {
  %n = arith.constant 64 : i32
  // expected-error @+1 {{'pto.tmrgsort' op expects src/dst to have the same element type}}
  pto.tmrgsort ins(%s, %n : !pto.tile_buf<vec, 1x256xf32>, i32) outs(%d : !pto.tile_buf<vec, 1x256xf16>)
  return
}

// -----

func.func @f(%s: !pto.tile_buf<vec, 1x256xi32>, %d: !pto.tile_buf<vec, 1x256xi32>) {
  %n = arith.constant 64 : i32
  // expected-error @+1 {{'pto.tmrgsort' op expects element type to be f16 or f32}}
  pto.tmrgsort ins(%s, %n : !pto.tile_buf<vec, 1x256xi32>, i32) outs(%d : !pto.tile_buf<vec, 1x256xi32>)
  return
}

// -----

func.func @f(%s: !pto.tile_buf<vec, 2x256xf32>, %d: !pto.tile_buf<vec, 1x256xf32>) {
  %n = arith.constant 64 : i32
  // expected-error @+1 {{'pto.tmrgsort' op expects src rows == 1}}
  pto.tmrgsort ins(%s, %n : !pto.tile_buf<vec, 2x256xf32>, i32) outs(%d : !pto.tile_buf<vec, 1x256xf32>)
  return
}

// -----

func.func @f(%s: !pto.tile_buf<vec, 1x256xf32>, %d: !pto.tile_buf<vec, 2x256xf32>) {
  %n = arith.constant 64 : i32
  // expected-error @+1 {{'pto.tmrgsort' op expects dst rows == 1}}
  pto.tmrgsort ins(%s, %n : !pto.tile_buf<vec, 1x256xf32>, i32) outs(%d : !pto.tile_buf<vec, 2x256xf32>)
  return
}

// -----

func.func @f(%s: !pto.tile_buf<vec, 1x256xf32>, %d: !pto.tile_buf<vec, 1x512xf32>) {
  %n = arith.constant 64 : i32
  // expected-error @+1 {{'pto.tmrgsort' op expects src/dst cols to match}}
  pto.tmrgsort ins(%s, %n : !pto.tile_buf<vec, 1x256xf32>, i32) outs(%d : !pto.tile_buf<vec, 1x512xf32>)
  return
}

// -----

func.func @f(%s: !pto.tile_buf<mat, 1x256xf32>, %d: !pto.tile_buf<vec, 1x256xf32>) {
  %n = arith.constant 64 : i32
  // expected-error @+1 {{'pto.tmrgsort' op expects src to be in the vec address space}}
  pto.tmrgsort ins(%s, %n : !pto.tile_buf<mat, 1x256xf32>, i32) outs(%d : !pto.tile_buf<vec, 1x256xf32>)
  return
}

// -----

func.func @f(%a: !pto.tile_buf<vec, 1x128xf32>, %t: !pto.tile_buf<vec, 1x256xf32>, %d: !pto.tile_buf<vec, 1x256xf32>, %e: vector<4xi32>) {
  // expected-error @+1 {{'pto.tmrgsort' op format2 excuted must be vector<4xi16>}}
  pto.tmrgsort ins(%a, %a, %t : !pto.tile_buf<vec, 1x128xf32>, !pto.tile_buf<vec, 1x128xf32>, !pto.tile_buf<vec, 1x256xf32>) outs(%d, %e : !pto.tile_buf<vec, 1x256xf32>, vector<4xi32>)
  return
}

// -----

func.func @f(%a: !pto.tile_buf<vec, 1x128xf32>, %t: !pto.tile_buf<vec, 1x256xf16>, %d: !pto.tile_buf<vec, 1x256xf32>, %e: vector<4xi16>) {
  // expected-error @+1 {{'pto.tmrgsort' op format2 expects dst/tmp element types to match}}
  pto.tmrgsort ins(%a, %a, %t : !pto.tile_buf<vec, 1x128xf32>, !pto.tile_buf<vec, 1x128xf32>, !pto.tile_buf<vec, 1x256xf16>) outs(%d, %e : !pto.tile_buf<vec, 1x256xf32>, vector<4xi16>)
  return
}

// -----

func.func @f(%a: !pto.tile_buf<vec, 1x128xi32>, %t: !pto.tile_buf<vec, 1x256xi32>, %d: !pto.tile_buf<vec, 1x256xi32>, %e: vector<4xi16>) {
  // expected-error @+1 {{'pto.tmrgsort' op expects element type to be f16 or f32}}
  pto.tmrgsort ins(%a, %a, %t : !pto.tile_buf<vec, 1x128xi32>, !pto.tile_buf<vec, 1x128xi32>, !pto.tile_buf<vec, 1x256xi32>) outs(%d, %e : !pto.tile_buf<vec, 1x256xi32>, vector<4xi16>)
  return
}

// -----

func.func @f(%a: !pto.tile_buf<vec, 1x128xf32>, %t: !pto.tile_buf<vec, 2x256xf32>, %d: !pto.tile_buf<vec, 2x256xf32>, %e: vector<4xi16>) {
  // expected-error @+1 {{'pto.tmrgsort' op format2 expects dst rows == 1}}
  pto.tmrgsort ins(%a, %a, %t : !pto.tile_buf<vec, 1x128xf32>, !pto.tile_buf<vec, 1x128xf32>, !pto.tile_buf<vec, 2x256xf32>) outs(%d, %e : !pto.tile_buf<vec, 2x256xf32>, vector<4xi16>)
  return
}

// -----

func.func @f(%a: !pto.tile_buf<vec, 1x128xf32>, %t: !pto.tile_buf<vec, 1x128xf32>, %d: !pto.tile_buf<vec, 1x256xf32>, %e: vector<4xi16>) {
  // expected-error @+1 {{'pto.tmrgsort' op format2 expects tmp.cols >= dst.cols}}
  pto.tmrgsort ins(%a, %a, %t : !pto.tile_buf<vec, 1x128xf32>, !pto.tile_buf<vec, 1x128xf32>, !pto.tile_buf<vec, 1x128xf32>) outs(%d, %e : !pto.tile_buf<vec, 1x256xf32>, vector<4xi16>)
  return
}

// -----

func.func @f(%a: !pto.tile_buf<vec, 2x128xf32>, %t: !pto.tile_buf<vec, 1x256xf32>, %d: !pto.tile_buf<vec, 1x256xf32>, %e: vector<4xi16>) {
  // expected-error @+1 {{'pto.tmrgsort' op format2 expects src rows == 1}}
  pto.tmrgsort ins(%a, %a, %t : !pto.tile_buf<vec, 2x128xf32>, !pto.tile_buf<vec, 2x128xf32>, !pto.tile_buf<vec, 1x256xf32>) outs(%d, %e : !pto.tile_buf<vec, 1x256xf32>, vector<4xi16>)
  return
}

// -----

func.func @f(%a: !pto.tile_buf<vec, 1x128xf16>, %t: !pto.tile_buf<vec, 1x256xf32>, %d: !pto.tile_buf<vec, 1x256xf32>, %e: vector<4xi16>) {
  // expected-error @+1 {{'pto.tmrgsort' op format2 expects src/dst/tmp element types to match}}
  pto.tmrgsort ins(%a, %a, %t : !pto.tile_buf<vec, 1x128xf16>, !pto.tile_buf<vec, 1x128xf16>, !pto.tile_buf<vec, 1x256xf32>) outs(%d, %e : !pto.tile_buf<vec, 1x256xf32>, vector<4xi16>)
  return
}

// -----

func.func @f(%a: !pto.tile_buf<vec, 1x128xf32>, %t: !pto.tile_buf<vec, 1x256xf32>, %d: !pto.tile_buf<vec, 1x64xf32>, %e: vector<4xi16>) {
  // expected-error @+1 {{'pto.tmrgsort' op format2 expects tmp.cols >= sum(src.cols) = 384}}
  pto.tmrgsort ins(%a, %a, %a, %t : !pto.tile_buf<vec, 1x128xf32>, !pto.tile_buf<vec, 1x128xf32>, !pto.tile_buf<vec, 1x128xf32>, !pto.tile_buf<vec, 1x256xf32>) outs(%d, %e : !pto.tile_buf<vec, 1x64xf32>, vector<4xi16>)
  return
}

// -----

func.func @f(%s: !pto.tile_buf<vec, 8x32xf32>, %o: !pto.tile_buf<vec, 8x8xi32, blayout=col_major>, %d: !pto.tile_buf<vec, 8x32xf32>) {
  // expected-error @+1 {{'pto.tgatherb' op expects dst and offsets to use row-major layout}}
  pto.tgatherb ins(%s, %o : !pto.tile_buf<vec, 8x32xf32>, !pto.tile_buf<vec, 8x8xi32, blayout=col_major>) outs(%d : !pto.tile_buf<vec, 8x32xf32>)
  return
}

// -----

func.func @f(%s: !pto.tile_buf<vec, 8x32xf64>, %o: !pto.tile_buf<vec, 8x8xi32>, %d: !pto.tile_buf<vec, 8x32xf64>) {
  // expected-error @+1 {{'pto.tgatherb' op expects dst element size to be 1, 2, or 4 bytes}}
  pto.tgatherb ins(%s, %o : !pto.tile_buf<vec, 8x32xf64>, !pto.tile_buf<vec, 8x8xi32>) outs(%d : !pto.tile_buf<vec, 8x32xf64>)
  return
}

// -----

func.func @f(%s: !pto.tile_buf<vec, 8x32xf32>, %o: !pto.tile_buf<vec, 8x8xi16>, %d: !pto.tile_buf<vec, 8x32xf32>) {
  // expected-error @+1 {{'pto.tgatherb' op expects offsets element type to be i32}}
  pto.tgatherb ins(%s, %o : !pto.tile_buf<vec, 8x32xf32>, !pto.tile_buf<vec, 8x8xi16>) outs(%d : !pto.tile_buf<vec, 8x32xf32>)
  return
}

// -----

func.func @f(%s: !pto.tile_buf<vec, 8x32xf32>, %o: !pto.tile_buf<vec, 8x8xi32, valid=4x8>, %d: !pto.tile_buf<vec, 8x32xf32>) {
  // expected-error @+1 {{'pto.tgatherb' op expects offsets valid rows to match dst valid rows}}
  pto.tgatherb ins(%s, %o : !pto.tile_buf<vec, 8x32xf32>, !pto.tile_buf<vec, 8x8xi32, valid=4x8>) outs(%d : !pto.tile_buf<vec, 8x32xf32>)
  return
}

// -----

func.func @f(%s: !pto.tile_buf<mat, 8x32xf32>, %o: !pto.tile_buf<vec, 8x8xi32>, %d: !pto.tile_buf<vec, 8x32xf32>) {
  // expected-error @+1 {{'pto.tgatherb' op expects src to be in the vec address space}}
  pto.tgatherb ins(%s, %o : !pto.tile_buf<mat, 8x32xf32>, !pto.tile_buf<vec, 8x8xi32>) outs(%d : !pto.tile_buf<vec, 8x32xf32>)
  return
}

// -----

func.func @f(%s: !pto.tile_buf<vec, 8x32xf32>, %i: !pto.tile_buf<vec, 8x32xi32>, %d: !pto.tile_buf<mat, 8x32xf32>) {
  // expected-error @+1 {{'pto.tscatter' op expects dst to be in the vec address space}}
  pto.tscatter ins(%s, %i : !pto.tile_buf<vec, 8x32xf32>, !pto.tile_buf<vec, 8x32xi32>) outs(%d : !pto.tile_buf<mat, 8x32xf32>)
  return
}

// -----

func.func @f(%s: !pto.tile_buf<vec, 8x32xf32>, %i: !pto.tile_buf<vec, 8x32xi32>, %d: !pto.tile_buf<vec, 8x32xf16>) {
  // expected-error @+1 {{'pto.tscatter' op expects src and dst to have the same element type}}
  pto.tscatter ins(%s, %i : !pto.tile_buf<vec, 8x32xf32>, !pto.tile_buf<vec, 8x32xi32>) outs(%d : !pto.tile_buf<vec, 8x32xf16>)
  return
}

// -----

func.func @f(%s: !pto.tile_buf<vec, 8x32xf32>, %i: !pto.tile_buf<vec, 8x32xi16>, %d: !pto.tile_buf<vec, 8x32xf32>) {
  // expected-error @+1 {{'pto.tscatter' op expects indexes element size to match src element size (2 bytes for 1-byte data)}}
  pto.tscatter ins(%s, %i : !pto.tile_buf<vec, 8x32xf32>, !pto.tile_buf<vec, 8x32xi16>) outs(%d : !pto.tile_buf<vec, 8x32xf32>)
  return
}

// -----

func.func @f(%s: !pto.tile_buf<vec, 8x32xf32>, %i: !pto.tile_buf<vec, 8x32xi32, valid=8x16>, %d: !pto.tile_buf<vec, 8x32xf32>) {
  // expected-error @+1 {{'pto.tscatter' op expects src and indexes to have the same valid_shape}}
  pto.tscatter ins(%s, %i : !pto.tile_buf<vec, 8x32xf32>, !pto.tile_buf<vec, 8x32xi32, valid=8x16>) outs(%d : !pto.tile_buf<vec, 8x32xf32>)
  return
}

// -----

func.func @f(%s: !pto.tile_buf<vec, 16x64xi16>, %i: !pto.tile_buf<vec, 16x1xui8, blayout=col_major>, %d: !pto.tile_buf<vec, 16x256xui32>) {
  // expected-error @+1 {{'pto.thistogram' op expects src element type to be ui16}}
  pto.thistogram ins(%s, %i : !pto.tile_buf<vec, 16x64xi16>, !pto.tile_buf<vec, 16x1xui8, blayout=col_major>) outs(%d : !pto.tile_buf<vec, 16x256xui32>)
  return
}

// -----

func.func @f(%s: !pto.tile_buf<vec, 16x64xui16>, %i: !pto.tile_buf<vec, 16x1xi8, blayout=col_major>, %d: !pto.tile_buf<vec, 16x256xui32>) {
  // expected-error @+1 {{'pto.thistogram' op expects idx element type to be ui8}}
  pto.thistogram ins(%s, %i : !pto.tile_buf<vec, 16x64xui16>, !pto.tile_buf<vec, 16x1xi8, blayout=col_major>) outs(%d : !pto.tile_buf<vec, 16x256xui32>)
  return
}

// -----

func.func @f(%s: !pto.tile_buf<vec, 16x64xui16>, %i: !pto.tile_buf<vec, 16x2xui8>, %d: !pto.tile_buf<vec, 16x256xui32>) {
  // expected-error @+1 {{'pto.thistogram' op expects idx to have a single column}}
  pto.thistogram ins(%s, %i : !pto.tile_buf<vec, 16x64xui16>, !pto.tile_buf<vec, 16x2xui8>) outs(%d : !pto.tile_buf<vec, 16x256xui32>)
  return
}

// -----

func.func @f(%s: !pto.tile_buf<vec, 16x64xui16>, %i: !pto.tile_buf<vec, 16x1xui8, blayout=col_major>, %d: !pto.tile_buf<vec, 16x256xi32>) {
  // expected-error @+1 {{'pto.thistogram' op expects dst element type to be ui32}}
  pto.thistogram ins(%s, %i : !pto.tile_buf<vec, 16x64xui16>, !pto.tile_buf<vec, 16x1xui8, blayout=col_major>) outs(%d : !pto.tile_buf<vec, 16x256xi32>)
  return
}

// -----

func.func @f(%s: !pto.tile_buf<vec, 16x64xui16>, %i: !pto.tile_buf<vec, 16x1xui8, blayout=col_major>, %d: !pto.tile_buf<vec, 16x128xui32>) {
  // expected-error @+1 {{'pto.thistogram' op expects dst cols and valid cols to be at least 256}}
  pto.thistogram ins(%s, %i : !pto.tile_buf<vec, 16x64xui16>, !pto.tile_buf<vec, 16x1xui8, blayout=col_major>) outs(%d : !pto.tile_buf<vec, 16x128xui32>)
  return
}

// -----

func.func @f(%s: !pto.tile_buf<vec, 16x64xui16>, %i: !pto.tile_buf<vec, 16x1xui8, blayout=col_major>, %d: !pto.tile_buf<vec, 8x256xui32>) {
  // expected-error @+1 {{'pto.thistogram' op expects src and dst to have the same rows and valid rows}}
  pto.thistogram ins(%s, %i : !pto.tile_buf<vec, 16x64xui16>, !pto.tile_buf<vec, 16x1xui8, blayout=col_major>) outs(%d : !pto.tile_buf<vec, 8x256xui32>)
  return
}

// -----

func.func @f(%s: !pto.tile_buf<vec, 16x64xui16>, %i: !pto.tile_buf<vec, 16x1xui8, blayout=col_major>, %d: !pto.tile_buf<mat, 16x256xui32>) {
  // expected-error @+1 {{'pto.thistogram' op expects dst to be in the vec address space}}
  pto.thistogram ins(%s, %i : !pto.tile_buf<vec, 16x64xui16>, !pto.tile_buf<vec, 16x1xui8, blayout=col_major>) outs(%d : !pto.tile_buf<mat, 16x256xui32>)
  return
}

// -----

func.func @f(%k: i32, %d: !pto.tile_buf<vec, 8x32xi32>) {
  // expected-error @+1 {{'pto.trandom' op expects rounds to be 7 or 10}}
  pto.trandom ins(%k, %k, %k, %k, %k, %k {rounds = 8 : i32} : i32, i32, i32, i32, i32, i32) outs(%d : !pto.tile_buf<vec, 8x32xi32>)
  return
}

// -----

func.func @f(%k: i64, %d: !pto.tile_buf<vec, 8x32xi32>) {
  // expected-error @+1 {{'pto.trandom' op expects key and counter operands to be i32}}
  pto.trandom ins(%k, %k, %k, %k, %k, %k : i64, i64, i64, i64, i64, i64) outs(%d : !pto.tile_buf<vec, 8x32xi32>)
  return
}

// -----

func.func @f(%k: i32, %d: !pto.tile_buf<vec, 8x32xf32>) {
  // expected-error @+1 {{'pto.trandom' op expects dst element type to be i32 or ui32}}
  pto.trandom ins(%k, %k, %k, %k, %k, %k : i32, i32, i32, i32, i32, i32) outs(%d : !pto.tile_buf<vec, 8x32xf32>)
  return
}

// -----

func.func @f(%k: i32, %d: !pto.tile_buf<vec, 8x32xi32, blayout=col_major>) {
  // expected-error @+1 {{'pto.trandom' op expects dst to use the row_major blayout}}
  pto.trandom ins(%k, %k, %k, %k, %k, %k : i32, i32, i32, i32, i32, i32) outs(%d : !pto.tile_buf<vec, 8x32xi32, blayout=col_major>)
  return
}

// -----

func.func @f(%s: !pto.tile_buf<vec, 8x32xf16>, %d: !pto.tile_buf<vec, 8x32xf32>) {
  // expected-error @+1 {{'pto.tpack' op expects src/dst element sizes to be 4->2, 4->1 or 2->1 bytes}}
  pto.tpack ins(%s : !pto.tile_buf<vec, 8x32xf16>) outs(%d : !pto.tile_buf<vec, 8x32xf32>)
  return
}

// -----

func.func @f(%s: !pto.tile_buf<vec, 8x32xf32>, %d: !pto.tile_buf<vec, 8x32xf16, valid=8x16>) {
  // expected-error @+1 {{'pto.tpack' op expects src and dst to have the same valid_shape}}
  pto.tpack ins(%s : !pto.tile_buf<vec, 8x32xf32>) outs(%d : !pto.tile_buf<vec, 8x32xf16, valid=8x16>)
  return
}

// -----

func.func @f(%s: !pto.tile_buf<vec, 8x32xf32>, %d: !pto.tile_buf<mat, 8x32xf16>) {
  // expected-error @+1 {{'pto.tpack' op expects dst to be in the vec address space}}
  pto.tpack ins(%s : !pto.tile_buf<vec, 8x32xf32>) outs(%d : !pto.tile_buf<mat, 8x32xf16>)
  return
}

// -----

func.func @f(%s: !pto.tile_buf<mat, 16x64xf8E4M3FN>, %d: !pto.tile_buf<vec, 16x64xf8E4M3FN>) {
  // expected-error @+1 {{'pto.tget_scale_addr' op expects dst to be in the scaling address space}}
  pto.tget_scale_addr ins(%s : !pto.tile_buf<mat, 16x64xf8E4M3FN>) outs(%d : !pto.tile_buf<vec, 16x64xf8E4M3FN>)
  return
}

// -----

func.func @f(%s: !pto.tile_buf<mat, 16x64xf8E4M3FN>, %d: !pto.tile_buf<scaling, 16x32xf8E4M3FN>) {
  // expected-error @+1 {{'pto.tget_scale_addr' op expects src and dst to have the same shape}}
  pto.tget_scale_addr ins(%s : !pto.tile_buf<mat, 16x64xf8E4M3FN>) outs(%d : !pto.tile_buf<scaling, 16x32xf8E4M3FN>)
  return
}

// -----

func.func @f(%s: !pto.tile_buf<mat, 16x64xf8E4M3FN>, %d: !pto.tile_buf<scaling, 16x64xf8E4M3FN, valid=16x32>) {
  // expected-error @+1 {{'pto.tget_scale_addr' op expects src and dst to have the same valid_shape}}
  pto.tget_scale_addr ins(%s : !pto.tile_buf<mat, 16x64xf8E4M3FN>) outs(%d : !pto.tile_buf<scaling, 16x64xf8E4M3FN, valid=16x32>)
  return
}

// -----

func.func @f(%s: !pto.tile_buf<vec, 1x256xf32>, %d: tensor<1x256xf32>) {
  %n = arith.constant 64 : i32
  // expected-error @+1 {{'pto.tmrgsort' op expects dst to be a !pto.tile_buf or rank-2 memref}}
  pto.tmrgsort ins(%s, %n : !pto.tile_buf<vec, 1x256xf32>, i32) outs(%d : tensor<1x256xf32>)
  return
}

// -----

func.func @f(%a: !pto.tile_buf<vec, 1x128xf32>, %t: !pto.tile_buf<vec, 2x256xf32>, %d: !pto.tile_buf<vec, 1x256xf32>, %e: vector<4xi16>) {
  // expected-error @+1 {{'pto.tmrgsort' op format2 expects tmp rows == 1}}
  pto.tmrgsort ins(%a, %a, %t : !pto.tile_buf<vec, 1x128xf32>, !pto.tile_buf<vec, 1x128xf32>, !pto.tile_buf<vec, 2x256xf32>) outs(%d, %e : !pto.tile_buf<vec, 1x256xf32>, vector<4xi16>)
  return
}
