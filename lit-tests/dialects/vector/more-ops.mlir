// vector dialect: extract/insert with static, dynamic and poison positions (MLIR 22
// has no extractelement/insertelement: these replace them), shape_cast, masks,
// masked loads and stores, step, and ops on 0-D vectors.
// RUN: %pto-opt %s | FileCheck %s
// RUN: %roundtrip %s
// RUN: %compat %s

// CHECK-LABEL: func.func @extract_insert(%arg0: vector<4x8xf32>, %arg1: f32, %arg2: index, %arg3: vector<8xf32>, %arg4: vector<f32>) -> (f32, vector<8xf32>, f32, f32, vector<4x8xf32>, vector<4x8xf32>, vector<f32>, f32) {
// CHECK-NEXT:   %0 = vector.extract %arg0[1, 2] : f32 from vector<4x8xf32>
// CHECK-NEXT:   %1 = vector.extract %arg0[%arg2] : vector<8xf32> from vector<4x8xf32>
// CHECK-NEXT:   %2 = vector.extract %arg0[%arg2, 3] : f32 from vector<4x8xf32>
// CHECK-NEXT:   %3 = vector.extract %arg4[] : f32 from vector<f32>
// CHECK-NEXT:   %4 = vector.insert %arg1, %arg0 [1, %arg2] : f32 into vector<4x8xf32>
// CHECK-NEXT:   %5 = vector.insert %arg3, %arg0 [2] : vector<8xf32> into vector<4x8xf32>
// CHECK-NEXT:   %6 = vector.insert %arg1, %arg4 [] : f32 into vector<f32>
// CHECK-NEXT:   %7 = vector.extract %arg0[-1, 2] : f32 from vector<4x8xf32>
func.func @extract_insert(%v: vector<4x8xf32>, %s: f32, %i: index, %w: vector<8xf32>, %z: vector<f32>)
    -> (f32, vector<8xf32>, f32, f32, vector<4x8xf32>, vector<4x8xf32>, vector<f32>, f32) {
  %0 = vector.extract %v[1, 2] : f32 from vector<4x8xf32>
  %1 = vector.extract %v[%i] : vector<8xf32> from vector<4x8xf32>
  %2 = vector.extract %v[%i, 3] : f32 from vector<4x8xf32>
  %3 = vector.extract %z[] : f32 from vector<f32>
  %4 = vector.insert %s, %v[1, %i] : f32 into vector<4x8xf32>
  %5 = vector.insert %w, %v[2] : vector<8xf32> into vector<4x8xf32>
  %6 = vector.insert %s, %z[] : f32 into vector<f32>
  %7 = vector.extract %v[-1, 2] : f32 from vector<4x8xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7 : f32, vector<8xf32>, f32, f32, vector<4x8xf32>, vector<4x8xf32>, vector<f32>, f32
}

// CHECK-LABEL: func.func @shapes_masks(
// CHECK-NEXT:   %0 = vector.shape_cast %arg0 : vector<4x8xf32> to vector<32xf32>
// CHECK-NEXT:   %1 = vector.shape_cast %arg1 : vector<f32> to vector<1xf32>
// CHECK-NEXT:   %2 = vector.constant_mask [2, 3] : vector<4x8xi1>
// CHECK-NEXT:   %3 = vector.constant_mask [0] : vector<4xi1>
// CHECK-NEXT:   %4 = vector.create_mask %arg2, %arg2 : vector<4x8xi1>
// CHECK-NEXT:   %5 = vector.create_mask %arg2 : vector<[4]xi1>
// CHECK-NEXT:   %6 = vector.step : vector<4xindex>
func.func @shapes_masks(%v: vector<4x8xf32>, %z: vector<f32>, %i: index)
    -> (vector<32xf32>, vector<1xf32>, vector<4x8xi1>, vector<4xi1>, vector<4x8xi1>, vector<[4]xi1>, vector<4xindex>) {
  %0 = vector.shape_cast %v : vector<4x8xf32> to vector<32xf32>
  %1 = vector.shape_cast %z : vector<f32> to vector<1xf32>
  %2 = vector.constant_mask [2, 3] : vector<4x8xi1>
  %3 = vector.constant_mask [0] : vector<4xi1>
  %4 = vector.create_mask %i, %i : vector<4x8xi1>
  %5 = vector.create_mask %i : vector<[4]xi1>
  %6 = vector.step : vector<4xindex>
  return %0, %1, %2, %3, %4, %5, %6 : vector<32xf32>, vector<1xf32>, vector<4x8xi1>, vector<4xi1>, vector<4x8xi1>, vector<[4]xi1>, vector<4xindex>
}

// CHECK-LABEL: func.func @masked(%arg0: memref<?xf32>, %arg1: memref<?x?xi32>, %arg2: index, %arg3: vector<8xi1>, %arg4: vector<8xf32>, %arg5: vector<8xi32>) -> vector<8xf32> {
// CHECK-NEXT:   %0 = vector.maskedload %arg0[%arg2], %arg3, %arg4 : memref<?xf32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
// CHECK-NEXT:   %1 = vector.maskedload %arg1[%arg2, %arg2], %arg3, %arg5 {alignment = 32 : i64} : memref<?x?xi32>, vector<8xi1>, vector<8xi32> into vector<8xi32>
// CHECK-NEXT:   vector.maskedstore %arg0[%arg2], %arg3, %0 : memref<?xf32>, vector<8xi1>, vector<8xf32>
// CHECK-NEXT:   vector.maskedstore %arg1[%arg2, %arg2], %arg3, %1 {alignment = 8 : i64} : memref<?x?xi32>, vector<8xi1>, vector<8xi32>
// CHECK-NEXT:   return %0 : vector<8xf32>
func.func @masked(%m: memref<?xf32>, %n: memref<?x?xi32>, %i: index, %k: vector<8xi1>, %p: vector<8xf32>, %q: vector<8xi32>) -> vector<8xf32> {
  %0 = vector.maskedload %m[%i], %k, %p : memref<?xf32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
  %1 = vector.maskedload %n[%i, %i], %k, %q {alignment = 32} : memref<?x?xi32>, vector<8xi1>, vector<8xi32> into vector<8xi32>
  vector.maskedstore %m[%i], %k, %0 : memref<?xf32>, vector<8xi1>, vector<8xf32>
  vector.maskedstore %n[%i, %i], %k, %1 {alignment = 8} : memref<?x?xi32>, vector<8xi1>, vector<8xi32>
  return %0 : vector<8xf32>
}

// Memrefs of vectors, transfers of 0-D vectors, vectors of index.
// CHECK-LABEL: func.func @vector_elements(
// CHECK-NEXT:   %0 = vector.load %arg0[%arg2] : memref<?xvector<4xf32>>, vector<4xf32>
// CHECK-NEXT:   %1 = vector.transfer_read %arg0[%arg2], %0 : memref<?xvector<4xf32>>, vector<2x4xf32>
// CHECK-NEXT:   %2 = vector.broadcast %arg2 : index to vector<4xindex>
// CHECK-NEXT:   %3 = vector.reduction <maxui>, %2 : vector<4xindex> into index
// CHECK-NEXT:   %4 = vector.reduction <add>, %arg1 : vector<f32> into f32
func.func @vector_elements(%m: memref<?xvector<4xf32>>, %z: vector<f32>, %i: index) -> (vector<2x4xf32>, index, f32) {
  %0 = vector.load %m[%i] : memref<?xvector<4xf32>>, vector<4xf32>
  %1 = vector.transfer_read %m[%i], %0 : memref<?xvector<4xf32>>, vector<2x4xf32>
  %2 = vector.broadcast %i : index to vector<4xindex>
  %3 = vector.reduction <maxui>, %2 : vector<4xindex> into index
  %4 = vector.reduction <add>, %z : vector<f32> into f32
  return %1, %3, %4 : vector<2x4xf32>, index, f32
}
