// vector dialect: vector.load, vector.store, vector.broadcast, vector.fma,
// vector.reduction (several kinds, with and without accumulator, fastmath),
// vector.transfer_read / vector.transfer_write (in_bounds, padding, masks,
// permutation maps). vector.splat no longer exists in MLIR 22 (use broadcast).
// More ops (extract/insert, masks, shape_cast, step) are in more-ops.mlir.
// RUN: %pto-opt %s | FileCheck %s
// RUN: %roundtrip %s
// RUN: %compat %s

// CHECK-DAG: #map = affine_map<(d0, d1) -> (d0)>
// CHECK-DAG: #map1 = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-DAG: #map2 = affine_map<(d0, d1) -> (0)>
// CHECK-LABEL: func.func @load_store(%arg0: memref<?x?xf32>, %arg1: index, %arg2: index, %arg3: memref<8xi8>) {
// CHECK-NEXT:   %0 = vector.load %arg0[%arg1, %arg2] : memref<?x?xf32>, vector<8xf32>
// CHECK-NEXT:   %1 = vector.load %arg0[%arg1, %arg2] : memref<?x?xf32>, vector<2x4xf32>
// CHECK-NEXT:   %2 = vector.load %arg3[%arg1] {nontemporal = true} : memref<8xi8>, vector<4xi8>
// CHECK-NEXT:   %3 = vector.load %arg0[%arg1, %arg2] {alignment = 16 : i64} : memref<?x?xf32>, vector<4xf32>
// CHECK-NEXT:   vector.store %0, %arg0[%arg1, %arg2] : memref<?x?xf32>, vector<8xf32>
// CHECK-NEXT:   vector.store %2, %arg3[%arg2] {nontemporal = true} : memref<8xi8>, vector<4xi8>
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @load_store(%m: memref<?x?xf32>, %i: index, %j: index, %t: memref<8xi8>) {
  %0 = vector.load %m[%i, %j] : memref<?x?xf32>, vector<8xf32>
  %1 = vector.load %m[%i, %j] : memref<?x?xf32>, vector<2x4xf32>
  %2 = vector.load %t[%i] {nontemporal = true} : memref<8xi8>, vector<4xi8>
  %3 = vector.load %m[%i, %j] {alignment = 16 : i64} : memref<?x?xf32>, vector<4xf32>
  vector.store %0, %m[%i, %j] : memref<?x?xf32>, vector<8xf32>
  vector.store %2, %t[%j] {nontemporal = true} : memref<8xi8>, vector<4xi8>
  return
}

// CHECK-LABEL: func.func @broadcast(%arg0: f32, %arg1: vector<4xf32>, %arg2: vector<1x4xi8>, %arg3: index) {
// CHECK-NEXT:   %0 = vector.broadcast %arg0 : f32 to vector<16xf32>
// CHECK-NEXT:   %1 = vector.broadcast %arg1 : vector<4xf32> to vector<3x4xf32>
// CHECK-NEXT:   %2 = vector.broadcast %arg2 : vector<1x4xi8> to vector<2x5x4xi8>
// CHECK-NEXT:   %3 = vector.broadcast %arg3 : index to vector<[4]xindex>
// CHECK-NEXT:   %4 = vector.broadcast %arg0 : f32 to vector<f32>
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @broadcast(%f: f32, %v: vector<4xf32>, %s: vector<1x4xi8>, %i: index) {
  %0 = vector.broadcast %f : f32 to vector<16xf32>
  %1 = vector.broadcast %v : vector<4xf32> to vector<3x4xf32>
  %2 = vector.broadcast %s : vector<1x4xi8> to vector<2x5x4xi8>
  %3 = vector.broadcast %i : index to vector<[4]xindex>
  %4 = vector.broadcast %f : f32 to vector<f32>
  return
}

// CHECK-LABEL: func.func @fma(%arg0: vector<4xf32>, %arg1: vector<2x8xf64>) {
// CHECK-NEXT:   %0 = vector.fma %arg0, %arg0, %arg0 : vector<4xf32>
// CHECK-NEXT:   %1 = vector.fma %arg1, %arg1, %arg1 : vector<2x8xf64>
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @fma(%a: vector<4xf32>, %b: vector<2x8xf64>) {
  %0 = vector.fma %a, %a, %a : vector<4xf32>
  %1 = vector.fma %b, %b, %b : vector<2x8xf64>
  return
}

// CHECK-LABEL: func.func @reduction(%arg0: vector<16xf32>, %arg1: vector<8xi32>, %arg2: f32, %arg3: i32) {
// CHECK-NEXT:   %0 = vector.reduction <add>, %arg0 : vector<16xf32> into f32
// CHECK-NEXT:   %1 = vector.reduction <mul>, %arg0, %arg2 : vector<16xf32> into f32
// CHECK-NEXT:   %2 = vector.reduction <maxnumf>, %arg0 : vector<16xf32> into f32
// CHECK-NEXT:   %3 = vector.reduction <minnumf>, %arg0, %arg2 : vector<16xf32> into f32
// CHECK-NEXT:   %4 = vector.reduction <maximumf>, %arg0 : vector<16xf32> into f32
// CHECK-NEXT:   %5 = vector.reduction <minimumf>, %arg0 : vector<16xf32> into f32
// CHECK-NEXT:   %6 = vector.reduction <add>, %arg0 fastmath<fast> : vector<16xf32> into f32
// CHECK-NEXT:   %7 = vector.reduction <add>, %arg0, %arg2 fastmath<reassoc,nnan> : vector<16xf32> into f32
// CHECK-NEXT:   %8 = vector.reduction <add>, %arg1, %arg3 : vector<8xi32> into i32
// CHECK-NEXT:   %9 = vector.reduction <minsi>, %arg1 : vector<8xi32> into i32
// CHECK-NEXT:   %10 = vector.reduction <maxui>, %arg1 : vector<8xi32> into i32
// CHECK-NEXT:   %11 = vector.reduction <and>, %arg1 : vector<8xi32> into i32
// CHECK-NEXT:   %12 = vector.reduction <or>, %arg1 : vector<8xi32> into i32
// CHECK-NEXT:   %13 = vector.reduction <xor>, %arg1 : vector<8xi32> into i32
// CHECK-NEXT:   %14 = vector.reduction <minui>, %arg1 : vector<8xi32> into i32
// CHECK-NEXT:   %15 = vector.reduction <maxsi>, %arg1 : vector<8xi32> into i32
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @reduction(%v: vector<16xf32>, %i: vector<8xi32>, %acc: f32, %iacc: i32) {
  %0 = vector.reduction <add>, %v : vector<16xf32> into f32
  %1 = vector.reduction <mul>, %v, %acc : vector<16xf32> into f32
  %2 = vector.reduction <maxnumf>, %v : vector<16xf32> into f32
  %3 = vector.reduction <minnumf>, %v, %acc : vector<16xf32> into f32
  %4 = vector.reduction <maximumf>, %v : vector<16xf32> into f32
  %5 = vector.reduction <minimumf>, %v : vector<16xf32> into f32
  %6 = vector.reduction <add>, %v fastmath<fast> : vector<16xf32> into f32
  %7 = vector.reduction <add>, %v, %acc fastmath<reassoc,nnan> : vector<16xf32> into f32
  %8 = vector.reduction <add>, %i, %iacc : vector<8xi32> into i32
  %9 = vector.reduction <minsi>, %i : vector<8xi32> into i32
  %10 = vector.reduction <maxui>, %i : vector<8xi32> into i32
  %11 = vector.reduction <and>, %i : vector<8xi32> into i32
  %12 = vector.reduction <or>, %i : vector<8xi32> into i32
  %13 = vector.reduction <xor>, %i : vector<8xi32> into i32
  %14 = vector.reduction <minui>, %i : vector<8xi32> into i32
  %15 = vector.reduction <maxsi>, %i : vector<8xi32> into i32
  return
}

// CHECK-LABEL: func.func @transfer_read(%arg0: memref<?x?xf32>, %arg1: tensor<?x?xf32>, %arg2: index, %arg3: f32, %arg4: vector<4xi1>) {
// CHECK-NEXT:   %0 = vector.transfer_read %arg0[%arg2, %arg2], %arg3 : memref<?x?xf32>, vector<4xf32>
// CHECK-NEXT:   %1 = vector.transfer_read %arg0[%arg2, %arg2], %arg3 {in_bounds = [true]} : memref<?x?xf32>, vector<4xf32>
// CHECK-NEXT:   %2 = vector.transfer_read %arg0[%arg2, %arg2], %arg3 {in_bounds = [false, true]} : memref<?x?xf32>, vector<2x4xf32>
// CHECK-NEXT:   %3 = vector.transfer_read %arg1[%arg2, %arg2], %arg3 : tensor<?x?xf32>, vector<8xf32>
// CHECK-NEXT:   %4 = vector.transfer_read %arg0[%arg2, %arg2], %arg3, %arg4 {in_bounds = [true]} : memref<?x?xf32>, vector<4xf32>
// CHECK-NEXT:   %5 = vector.transfer_read %arg0[%arg2, %arg2], %arg3 {permutation_map = #map} : memref<?x?xf32>, vector<4xf32>
// CHECK-NEXT:   %6 = vector.transfer_read %arg0[%arg2, %arg2], %arg3 {permutation_map = #map1} : memref<?x?xf32>, vector<4x2xf32>
// CHECK-NEXT:   %7 = vector.transfer_read %arg0[%arg2, %arg2], %arg3 {permutation_map = #map2} : memref<?x?xf32>, vector<4xf32>
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @transfer_read(%m: memref<?x?xf32>, %t: tensor<?x?xf32>, %i: index, %pad: f32, %mask: vector<4xi1>) {
  %0 = vector.transfer_read %m[%i, %i], %pad : memref<?x?xf32>, vector<4xf32>
  %1 = vector.transfer_read %m[%i, %i], %pad {in_bounds = [true]} : memref<?x?xf32>, vector<4xf32>
  %2 = vector.transfer_read %m[%i, %i], %pad {in_bounds = [false, true]} : memref<?x?xf32>, vector<2x4xf32>
  %3 = vector.transfer_read %t[%i, %i], %pad : tensor<?x?xf32>, vector<8xf32>
  %4 = vector.transfer_read %m[%i, %i], %pad, %mask {in_bounds = [true]} : memref<?x?xf32>, vector<4xf32>
  %5 = vector.transfer_read %m[%i, %i], %pad {permutation_map = affine_map<(d0, d1) -> (d0)>} : memref<?x?xf32>, vector<4xf32>
  %6 = vector.transfer_read %m[%i, %i], %pad {permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : memref<?x?xf32>, vector<4x2xf32>
  %7 = vector.transfer_read %m[%i, %i], %pad {permutation_map = affine_map<(d0, d1) -> (0)>} : memref<?x?xf32>, vector<4xf32>
  return
}

// CHECK-LABEL: func.func @transfer_write(%arg0: memref<?x?xf32>, %arg1: tensor<?x?xf32>, %arg2: vector<4xf32>, %arg3: vector<2x4xf32>, %arg4: index, %arg5: vector<4xi1>) -> tensor<?x?xf32> {
// CHECK-NEXT:   vector.transfer_write %arg2, %arg0[%arg4, %arg4] : vector<4xf32>, memref<?x?xf32>
// CHECK-NEXT:   vector.transfer_write %arg2, %arg0[%arg4, %arg4] {in_bounds = [true]} : vector<4xf32>, memref<?x?xf32>
// CHECK-NEXT:   vector.transfer_write %arg3, %arg0[%arg4, %arg4] {in_bounds = [true, false]} : vector<2x4xf32>, memref<?x?xf32>
// CHECK-NEXT:   vector.transfer_write %arg2, %arg0[%arg4, %arg4], %arg5 : vector<4xf32>, memref<?x?xf32>
// CHECK-NEXT:   vector.transfer_write %arg2, %arg0[%arg4, %arg4] {permutation_map = #map} : vector<4xf32>, memref<?x?xf32>
// CHECK-NEXT:   %0 = vector.transfer_write %arg2, %arg1[%arg4, %arg4] {in_bounds = [true]} : vector<4xf32>, tensor<?x?xf32>
// CHECK-NEXT:   return %0 : tensor<?x?xf32>
// CHECK-NEXT: }
func.func @transfer_write(%m: memref<?x?xf32>, %t: tensor<?x?xf32>, %v: vector<4xf32>, %w: vector<2x4xf32>, %i: index, %mask: vector<4xi1>) -> tensor<?x?xf32> {
  vector.transfer_write %v, %m[%i, %i] : vector<4xf32>, memref<?x?xf32>
  vector.transfer_write %v, %m[%i, %i] {in_bounds = [true]} : vector<4xf32>, memref<?x?xf32>
  vector.transfer_write %w, %m[%i, %i] {in_bounds = [true, false]} : vector<2x4xf32>, memref<?x?xf32>
  vector.transfer_write %v, %m[%i, %i], %mask : vector<4xf32>, memref<?x?xf32>
  vector.transfer_write %v, %m[%i, %i] {permutation_map = affine_map<(d0, d1) -> (d0)>} : vector<4xf32>, memref<?x?xf32>
  %0 = vector.transfer_write %v, %t[%i, %i] {in_bounds = [true]} : vector<4xf32>, tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// CHECK-LABEL: func.func @zero_d(%arg0: memref<f32>, %arg1: f32) {
// CHECK-NEXT:   %0 = vector.transfer_read %arg0[], %arg1 : memref<f32>, vector<f32>
// CHECK-NEXT:   vector.transfer_write %0, %arg0[] : vector<f32>, memref<f32>
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @zero_d(%m: memref<f32>, %pad: f32) {
  %0 = vector.transfer_read %m[], %pad : memref<f32>, vector<f32>
  vector.transfer_write %0, %m[] : vector<f32>, memref<f32>
  return
}

// All-false in_bounds and minor-identity permutation maps are elided.
// CHECK-LABEL: func.func @elided_defaults(%arg0: memref<?x?xf32>, %arg1: index, %arg2: f32) {
// CHECK-NEXT:   %0 = vector.transfer_read %arg0[%arg1, %arg1], %arg2 : memref<?x?xf32>, vector<2x4xf32>
// CHECK-NEXT:   %1 = vector.transfer_read %arg0[%arg1, %arg1], %arg2 : memref<?x?xf32>, vector<4xf32>
// CHECK-NEXT:   vector.transfer_write %1, %arg0[%arg1, %arg1] : vector<4xf32>, memref<?x?xf32>
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @elided_defaults(%m: memref<?x?xf32>, %i: index, %p: f32) {
  %0 = vector.transfer_read %m[%i, %i], %p {in_bounds = [false, false]} : memref<?x?xf32>, vector<2x4xf32>
  %1 = vector.transfer_read %m[%i, %i], %p {permutation_map = affine_map<(d0, d1) -> (d1)>} : memref<?x?xf32>, vector<4xf32>
  vector.transfer_write %1, %m[%i, %i] {in_bounds = [false], permutation_map = affine_map<(d0, d1) -> (d1)>} : vector<4xf32>, memref<?x?xf32>
  return
}
