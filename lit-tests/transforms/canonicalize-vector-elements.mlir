// canonicalize on vector.from_elements/to_elements, vector.shuffle and the strided
// slices, as MLIR 22: the inverse pairs fold, constants fold (a poison shuffle lane reads
// the first element of the first non-poison operand), whole-operand shuffles and slices
// fold, one value repeated becomes a broadcast, to_elements of a broadcast and a slice of
// a broadcast read the broadcast's source, a slice read back from the insertion that
// wrote it is the inserted value, a splat inserted into the same splat or a slice put
// back where it was taken is the destination, and a contiguous run of rows is an extract
// and a shape_cast. Output identical to mlir-opt; 0-D shuffles and to_elements of
// constants stay, as there.
// RUN: %pto-opt %s --canonicalize | FileCheck %s
// RUN: %compat %s --canonicalize

// CHECK-LABEL: func.func @fe_te(
// CHECK-NEXT: return %arg0 : vector<2x2xf32>
func.func @fe_te(%v: vector<2x2xf32>) -> vector<2x2xf32> {
  %e:4 = vector.to_elements %v : vector<2x2xf32>
  %r = vector.from_elements %e#0, %e#1, %e#2, %e#3 : vector<2x2xf32>
  return %r : vector<2x2xf32>
}

// CHECK-LABEL: func.func @fe_te_reshape(
// CHECK-NEXT: %0:4 = vector.to_elements %arg0 : vector<2x2xf32>
// CHECK-NEXT: %1 = vector.from_elements %0#0, %0#1, %0#2, %0#3 : vector<4xf32>
// CHECK-NEXT: return %1 : vector<4xf32>
func.func @fe_te_reshape(%v: vector<2x2xf32>) -> vector<4xf32> {
  %e:4 = vector.to_elements %v : vector<2x2xf32>
  %r = vector.from_elements %e#0, %e#1, %e#2, %e#3 : vector<4xf32>
  return %r : vector<4xf32>
}

// CHECK-LABEL: func.func @te_fe(
// CHECK-NEXT: return %arg1, %arg0 : f32, f32
func.func @te_fe(%a: f32, %b: f32) -> (f32, f32) {
  %v = vector.from_elements %a, %b : vector<2xf32>
  %e:2 = vector.to_elements %v : vector<2xf32>
  return %e#1, %e#0 : f32, f32
}

// CHECK-LABEL: func.func @fe_const(
// CHECK-NEXT: %cst = arith.constant dense<[1, 2]> : vector<2xi32>
// CHECK-NEXT: return %cst : vector<2xi32>
func.func @fe_const() -> vector<2xi32> {
  %a = arith.constant 1 : i32
  %b = arith.constant 2 : i32
  %v = vector.from_elements %a, %b : vector<2xi32>
  return %v : vector<2xi32>
}

// CHECK-LABEL: func.func @fe_splat(
// CHECK-NEXT: %0 = vector.broadcast %arg0 : f32 to vector<3xf32>
// CHECK-NEXT: return %0 : vector<3xf32>
func.func @fe_splat(%a: f32) -> vector<3xf32> {
  %v = vector.from_elements %a, %a, %a : vector<3xf32>
  return %v : vector<3xf32>
}

// CHECK-LABEL: func.func @te_const(
// CHECK-NEXT: %cst = arith.constant dense<[5, 6]> : vector<2xi32>
// CHECK-NEXT: %0:2 = vector.to_elements %cst : vector<2xi32>
// CHECK-NEXT: return %0#0, %0#1 : i32, i32
func.func @te_const() -> (i32, i32) {
  %c = arith.constant dense<[5, 6]> : vector<2xi32>
  %e:2 = vector.to_elements %c : vector<2xi32>
  return %e#0, %e#1 : i32, i32
}

// CHECK-LABEL: func.func @te_bcast(
// CHECK-NEXT: return %arg0, %arg0 : f32, f32
func.func @te_bcast(%a: f32) -> (f32, f32) {
  %v = vector.broadcast %a : f32 to vector<2xf32>
  %e:2 = vector.to_elements %v : vector<2xf32>
  return %e#0, %e#1 : f32, f32
}

// CHECK-LABEL: func.func @te_bcast_vec(
// CHECK-NEXT: %0:2 = vector.to_elements %arg0 : vector<2xf32>
// CHECK-NEXT: return %0#0, %0#1, %0#0, %0#1 : f32, f32, f32, f32
func.func @te_bcast_vec(%a: vector<2xf32>) -> (f32, f32, f32, f32) {
  %v = vector.broadcast %a : vector<2xf32> to vector<2x2xf32>
  %e:4 = vector.to_elements %v : vector<2x2xf32>
  return %e#0, %e#1, %e#2, %e#3 : f32, f32, f32, f32
}

// CHECK-LABEL: func.func @sh_id(
// CHECK-NEXT: return %arg0, %arg1 : vector<4xf32>, vector<2xf32>
func.func @sh_id(%a: vector<4xf32>, %b: vector<2xf32>) -> (vector<4xf32>, vector<2xf32>) {
  %0 = vector.shuffle %a, %b [0, 1, 2, 3] : vector<4xf32>, vector<2xf32>
  %1 = vector.shuffle %a, %b [4, 5] : vector<4xf32>, vector<2xf32>
  return %0, %1 : vector<4xf32>, vector<2xf32>
}

// CHECK-LABEL: func.func @sh_const(
// CHECK-NEXT: %cst = arith.constant dense<[4, 1, 1]> : vector<3xi32>
// CHECK-NEXT: return %cst : vector<3xi32>
func.func @sh_const() -> vector<3xi32> {
  %a = arith.constant dense<[1, 2]> : vector<2xi32>
  %b = arith.constant dense<[3, 4]> : vector<2xi32>
  %0 = vector.shuffle %a, %b [3, 0, -1] : vector<2xi32>, vector<2xi32>
  return %0 : vector<3xi32>
}

// CHECK-LABEL: func.func @sh_splat(
// CHECK-NEXT: %0 = vector.broadcast %arg0 : f32 to vector<3xf32>
// CHECK-NEXT: return %0 : vector<3xf32>
func.func @sh_splat(%x: f32) -> vector<3xf32> {
  %a = vector.broadcast %x : f32 to vector<2xf32>
  %0 = vector.shuffle %a, %a [3, 0, 1] : vector<2xf32>, vector<2xf32>
  return %0 : vector<3xf32>
}

// CHECK-LABEL: func.func @sh_0d(
// CHECK-NEXT: %0 = vector.shuffle %arg0, %arg1 [1, 0, 1] : vector<f32>, vector<f32>
// CHECK-NEXT: return %0 : vector<3xf32>
func.func @sh_0d(%a: vector<f32>, %b: vector<f32>) -> vector<3xf32> {
  %0 = vector.shuffle %a, %b [1, 0, 1] : vector<f32>, vector<f32>
  return %0 : vector<3xf32>
}

// CHECK-LABEL: func.func @ess_id(
// CHECK-NEXT: return %arg0 : vector<4x8xf32>
func.func @ess_id(%a: vector<4x8xf32>) -> vector<4x8xf32> {
  %0 = vector.extract_strided_slice %a {offsets = [0, 0], sizes = [4, 8], strides = [1, 1]} : vector<4x8xf32> to vector<4x8xf32>
  return %0 : vector<4x8xf32>
}

// CHECK-LABEL: func.func @ess_const(
// CHECK-NEXT: %cst = arith.constant dense<[2, 3]> : vector<2xi32>
// CHECK-NEXT: return %cst : vector<2xi32>
func.func @ess_const() -> vector<2xi32> {
  %a = arith.constant dense<[1, 2, 3, 4]> : vector<4xi32>
  %0 = vector.extract_strided_slice %a {offsets = [1], sizes = [2], strides = [1]} : vector<4xi32> to vector<2xi32>
  return %0 : vector<2xi32>
}

// CHECK-LABEL: func.func @ess_splat(
// CHECK-NEXT: %cst = arith.constant dense<7> : vector<2xi32>
// CHECK-NEXT: return %cst : vector<2xi32>
func.func @ess_splat() -> vector<2xi32> {
  %a = arith.constant dense<7> : vector<4xi32>
  %0 = vector.extract_strided_slice %a {offsets = [1], sizes = [2], strides = [1]} : vector<4xi32> to vector<2xi32>
  return %0 : vector<2xi32>
}

// CHECK-LABEL: func.func @ess_bcast(
// CHECK-NEXT: %0 = vector.broadcast %arg0 : f32 to vector<2xf32>
// CHECK-NEXT: return %0 : vector<2xf32>
func.func @ess_bcast(%x: f32) -> vector<2xf32> {
  %a = vector.broadcast %x : f32 to vector<4xf32>
  %0 = vector.extract_strided_slice %a {offsets = [1], sizes = [2], strides = [1]} : vector<4xf32> to vector<2xf32>
  return %0 : vector<2xf32>
}

// CHECK-LABEL: func.func @ess_contig(
// CHECK-NEXT: %0 = vector.extract %arg0[2] : vector<8xf32> from vector<4x8xf32>
// CHECK-NEXT: %1 = vector.shape_cast %0 : vector<8xf32> to vector<1x8xf32>
// CHECK-NEXT: return %1 : vector<1x8xf32>
func.func @ess_contig(%a: vector<4x8xf32>) -> vector<1x8xf32> {
  %0 = vector.extract_strided_slice %a {offsets = [2], sizes = [1], strides = [1]} : vector<4x8xf32> to vector<1x8xf32>
  return %0 : vector<1x8xf32>
}

// CHECK-LABEL: func.func @iss_id(
// CHECK-NEXT: return %arg0 : vector<4xf32>
func.func @iss_id(%a: vector<4xf32>, %b: vector<4xf32>) -> vector<4xf32> {
  %0 = vector.insert_strided_slice %a, %b {offsets = [0], strides = [1]} : vector<4xf32> into vector<4xf32>
  return %0 : vector<4xf32>
}

// CHECK-LABEL: func.func @iss_const(
// CHECK-NEXT: %cst = arith.constant dense<[0, 1, 2, 0]> : vector<4xi32>
// CHECK-NEXT: return %cst : vector<4xi32>
func.func @iss_const() -> vector<4xi32> {
  %a = arith.constant dense<[1, 2]> : vector<2xi32>
  %b = arith.constant dense<0> : vector<4xi32>
  %0 = vector.insert_strided_slice %a, %b {offsets = [1], strides = [1]} : vector<2xi32> into vector<4xi32>
  return %0 : vector<4xi32>
}

// CHECK-LABEL: func.func @ess_of_iss(
// CHECK-NEXT: return %arg0 : vector<2xf32>
func.func @ess_of_iss(%a: vector<2xf32>, %b: vector<4xf32>) -> vector<2xf32> {
  %0 = vector.insert_strided_slice %a, %b {offsets = [1], strides = [1]} : vector<2xf32> into vector<4xf32>
  %1 = vector.extract_strided_slice %0 {offsets = [1], sizes = [2], strides = [1]} : vector<4xf32> to vector<2xf32>
  return %1 : vector<2xf32>
}

// CHECK-LABEL: func.func @sh_poison(
// CHECK-NEXT: %cst = arith.constant dense<[4, 3]> : vector<2xi32>
// CHECK-NEXT: %0 = ub.poison : vector<2xi32>
// CHECK-NEXT: return %cst, %0 : vector<2xi32>, vector<2xi32>
func.func @sh_poison(%b: vector<2xi32>) -> (vector<2xi32>, vector<2xi32>) {
  %p = ub.poison : vector<2xi32>
  %c = arith.constant dense<[3, 4]> : vector<2xi32>
  %0 = vector.shuffle %p, %c [3, 0] : vector<2xi32>, vector<2xi32>
  %1 = vector.shuffle %p, %p [3, 0] : vector<2xi32>, vector<2xi32>
  return %0, %1 : vector<2xi32>, vector<2xi32>
}

// CHECK-LABEL: func.func @sh_nd(
// CHECK-NEXT: %cst = arith.constant dense<{{\[\[}}1, 2], [3, 4{{\]\]}}> : vector<2x2xi32>
// CHECK-NEXT: %0 = vector.shuffle %cst, %cst [3, 0] : vector<2x2xi32>, vector<2x2xi32>
// CHECK-NEXT: return %0 : vector<2x2xi32>
func.func @sh_nd() -> vector<2x2xi32> {
  %a = arith.constant dense<[[1, 2], [3, 4]]> : vector<2x2xi32>
  %0 = vector.shuffle %a, %a [3, 0] : vector<2x2xi32>, vector<2x2xi32>
  return %0 : vector<2x2xi32>
}

// CHECK-LABEL: func.func @ess_chain(
// CHECK-NEXT: %0 = vector.insert_strided_slice %arg0, %arg2 {offsets = [1], strides = [1]} : vector<2xf32> into vector<8xf32>
// CHECK-NEXT: %1 = vector.insert_strided_slice %arg1, %0 {offsets = [4], strides = [1]} : vector<2xf32> into vector<8xf32>
// CHECK-NEXT: %2 = vector.extract_strided_slice %1 {offsets = [2], sizes = [2], strides = [1]} : vector<8xf32> to vector<2xf32>
// CHECK-NEXT: return %arg0, %2 : vector<2xf32>, vector<2xf32>
func.func @ess_chain(%a: vector<2xf32>, %x: vector<2xf32>, %b: vector<8xf32>) -> (vector<2xf32>, vector<2xf32>) {
  %0 = vector.insert_strided_slice %a, %b {offsets = [1], strides = [1]} : vector<2xf32> into vector<8xf32>
  %1 = vector.insert_strided_slice %x, %0 {offsets = [4], strides = [1]} : vector<2xf32> into vector<8xf32>
  %2 = vector.extract_strided_slice %1 {offsets = [1], sizes = [2], strides = [1]} : vector<8xf32> to vector<2xf32>
  %3 = vector.extract_strided_slice %1 {offsets = [2], sizes = [2], strides = [1]} : vector<8xf32> to vector<2xf32>
  return %2, %3 : vector<2xf32>, vector<2xf32>
}

// CHECK-LABEL: func.func @ess_bcast_slice(
// CHECK-NEXT: %0 = vector.extract_strided_slice %arg0 {offsets = [1], sizes = [2], strides = [1]} : vector<4xf32> to vector<2xf32>
// CHECK-NEXT: %1 = vector.broadcast %0 : vector<2xf32> to vector<2x2xf32>
// CHECK-NEXT: %2 = vector.broadcast %arg0 : vector<4xf32> to vector<2x4xf32>
// CHECK-NEXT: %3 = vector.extract_strided_slice %arg1 {offsets = [0, 1], sizes = [1, 2], strides = [1, 1]} : vector<1x4xf32> to vector<1x2xf32>
// CHECK-NEXT: %4 = vector.broadcast %3 : vector<1x2xf32> to vector<2x2xf32>
// CHECK-NEXT: return %1, %2, %4 : vector<2x2xf32>, vector<2x4xf32>, vector<2x2xf32>
func.func @ess_bcast_slice(%a: vector<4xf32>, %u: vector<1x4xf32>) -> (vector<2x2xf32>, vector<2x4xf32>, vector<2x2xf32>) {
  %b = vector.broadcast %a : vector<4xf32> to vector<3x4xf32>
  %0 = vector.extract_strided_slice %b {offsets = [1, 1], sizes = [2, 2], strides = [1, 1]} : vector<3x4xf32> to vector<2x2xf32>
  %1 = vector.extract_strided_slice %b {offsets = [1], sizes = [2], strides = [1]} : vector<3x4xf32> to vector<2x4xf32>
  %c = vector.broadcast %u : vector<1x4xf32> to vector<3x4xf32>
  %2 = vector.extract_strided_slice %c {offsets = [1, 1], sizes = [2, 2], strides = [1, 1]} : vector<3x4xf32> to vector<2x2xf32>
  return %0, %1, %2 : vector<2x2xf32>, vector<2x4xf32>, vector<2x2xf32>
}

// CHECK-LABEL: func.func @ess_contig2(
// CHECK-NEXT: %0 = vector.extract %arg0[2] : vector<1x1x8xf32> from vector<4x1x1x8xf32>
// CHECK-NEXT: %1 = vector.shape_cast %0 : vector<1x1x8xf32> to vector<1x1x1x8xf32>
// CHECK-NEXT: %2 = vector.extract_strided_slice %arg1 {offsets = [2, 4], sizes = [1, 4], strides = [1, 1]} : vector<4x8xf32> to vector<1x4xf32>
// CHECK-NEXT: %3 = vector.extract_strided_slice %arg1 {offsets = [2], sizes = [2], strides = [1]} : vector<4x8xf32> to vector<2x8xf32>
// CHECK-NEXT: return %1, %2, %3 : vector<1x1x1x8xf32>, vector<1x4xf32>, vector<2x8xf32>
func.func @ess_contig2(%a: vector<4x1x1x8xf32>, %b: vector<4x8xf32>) -> (vector<1x1x1x8xf32>, vector<1x4xf32>, vector<2x8xf32>) {
  %0 = vector.extract_strided_slice %a {offsets = [2, 0], sizes = [1, 1], strides = [1, 1]} : vector<4x1x1x8xf32> to vector<1x1x1x8xf32>
  %1 = vector.extract_strided_slice %b {offsets = [2, 4], sizes = [1, 4], strides = [1, 1]} : vector<4x8xf32> to vector<1x4xf32>
  %2 = vector.extract_strided_slice %b {offsets = [2], sizes = [2], strides = [1]} : vector<4x8xf32> to vector<2x8xf32>
  return %0, %1, %2 : vector<1x1x1x8xf32>, vector<1x4xf32>, vector<2x8xf32>
}

// CHECK-LABEL: func.func @fe_poison(
// CHECK-NEXT: %0 = ub.poison : i32
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %1 = vector.from_elements %0, %c1_i32 : vector<2xi32>
// CHECK-NEXT: return %1 : vector<2xi32>
func.func @fe_poison() -> vector<2xi32> {
  %p = ub.poison : i32
  %c = arith.constant 1 : i32
  %v = vector.from_elements %p, %c : vector<2xi32>
  return %v : vector<2xi32>
}

// CHECK-LABEL: func.func @fe_index(
// CHECK-NEXT: %cst = arith.constant dense<[1, 7]> : vector<2xindex>
// CHECK-NEXT: return %cst : vector<2xindex>
func.func @fe_index() -> vector<2xindex> {
  %a = arith.constant 1 : index
  %b = arith.constant 7 : index
  %v = vector.from_elements %a, %b : vector<2xindex>
  return %v : vector<2xindex>
}

// CHECK-LABEL: func.func @iss_big(
// CHECK-NEXT: %cst = arith.constant dense<[1, 2]> : vector<2xi32>
// CHECK-NEXT: %cst_0 = arith.constant dense<0> : vector<300xi32>
// CHECK-NEXT: %0 = vector.insert_strided_slice %cst, %cst_0 {offsets = [1], strides = [1]} : vector<2xi32> into vector<300xi32>
// CHECK-NEXT: return %0, %cst_0 : vector<300xi32>, vector<300xi32>
func.func @iss_big() -> (vector<300xi32>, vector<300xi32>) {
  %a = arith.constant dense<[1, 2]> : vector<2xi32>
  %b = arith.constant dense<0> : vector<300xi32>
  %0 = vector.insert_strided_slice %a, %b {offsets = [1], strides = [1]} : vector<2xi32> into vector<300xi32>
  return %0, %b : vector<300xi32>, vector<300xi32>
}

// CHECK-LABEL: func.func @iss_2d(
// CHECK-NEXT: %cst = arith.constant dense<{{\[\[}}0, 1, 2], [3, 5, 6{{\]\]}}> : vector<2x3xi32>
// CHECK-NEXT: return %cst : vector<2x3xi32>
func.func @iss_2d() -> vector<2x3xi32> {
  %a = arith.constant dense<[5, 6]> : vector<2xi32>
  %b = arith.constant dense<[[0, 1, 2], [3, 4, 5]]> : vector<2x3xi32>
  %0 = vector.insert_strided_slice %a, %b {offsets = [1, 1], strides = [1]} : vector<2xi32> into vector<2x3xi32>
  return %0 : vector<2x3xi32>
}

// CHECK-LABEL: func.func @ess_2d(
// CHECK-NEXT: %cst = arith.constant dense<{{\[\[}}4, 5{{\]\]}}> : vector<1x2xi32>
// CHECK-NEXT: return %cst : vector<1x2xi32>
func.func @ess_2d() -> vector<1x2xi32> {
  %b = arith.constant dense<[[0, 1, 2], [3, 4, 5]]> : vector<2x3xi32>
  %0 = vector.extract_strided_slice %b {offsets = [1, 1], sizes = [1, 2], strides = [1, 1]} : vector<2x3xi32> to vector<1x2xi32>
  return %0 : vector<1x2xi32>
}

// CHECK-LABEL: func.func @te_bcast_2d(
// CHECK-NEXT: %0:2 = vector.to_elements %arg0 : vector<2x1xf32>
// CHECK-NEXT: return %0#0, %0#0, %0#0, %0#1, %0#1, %0#1 : f32, f32, f32, f32, f32, f32
func.func @te_bcast_2d(%a: vector<2x1xf32>) -> (f32, f32, f32, f32, f32, f32) {
  %v = vector.broadcast %a : vector<2x1xf32> to vector<2x3xf32>
  %e:6 = vector.to_elements %v : vector<2x3xf32>
  return %e#0, %e#1, %e#2, %e#3, %e#4, %e#5 : f32, f32, f32, f32, f32, f32
}

// CHECK-LABEL: func.func @iss_splat(
// CHECK-NEXT: %0 = vector.broadcast %arg0 : f32 to vector<8xf32>
// CHECK-NEXT: %1 = vector.broadcast %arg1 : f32 to vector<2xf32>
// CHECK-NEXT: %2 = vector.insert_strided_slice %1, %0 {offsets = [3], strides = [1]} : vector<2xf32> into vector<8xf32>
// CHECK-NEXT: return %0, %2 : vector<8xf32>, vector<8xf32>
func.func @iss_splat(%x: f32, %y: f32) -> (vector<8xf32>, vector<8xf32>) {
  %a = vector.broadcast %x : f32 to vector<2xf32>
  %b = vector.broadcast %x : f32 to vector<8xf32>
  %0 = vector.insert_strided_slice %a, %b {offsets = [3], strides = [1]} : vector<2xf32> into vector<8xf32>
  %c = vector.broadcast %y : f32 to vector<2xf32>
  %1 = vector.insert_strided_slice %c, %b {offsets = [3], strides = [1]} : vector<2xf32> into vector<8xf32>
  return %0, %1 : vector<8xf32>, vector<8xf32>
}

// CHECK-LABEL: func.func @iss_back(
// CHECK-NEXT: %0 = vector.extract_strided_slice %arg0 {offsets = [1, 2], sizes = [2, 4], strides = [1, 1]} : vector<4x8xf32> to vector<2x4xf32>
// CHECK-NEXT: %1 = vector.insert_strided_slice %0, %arg0 {offsets = [2, 2], strides = [1, 1]} : vector<2x4xf32> into vector<4x8xf32>
// CHECK-NEXT: return %arg0, %1 : vector<4x8xf32>, vector<4x8xf32>
func.func @iss_back(%v: vector<4x8xf32>) -> (vector<4x8xf32>, vector<4x8xf32>) {
  %s = vector.extract_strided_slice %v {offsets = [1, 2], sizes = [2, 4], strides = [1, 1]} : vector<4x8xf32> to vector<2x4xf32>
  %0 = vector.insert_strided_slice %s, %v {offsets = [1, 2], strides = [1, 1]} : vector<2x4xf32> into vector<4x8xf32>
  %1 = vector.insert_strided_slice %s, %v {offsets = [2, 2], strides = [1, 1]} : vector<2x4xf32> into vector<4x8xf32>
  return %0, %1 : vector<4x8xf32>, vector<4x8xf32>
}
