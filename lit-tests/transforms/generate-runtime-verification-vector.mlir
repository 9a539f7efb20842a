// generate-runtime-verification on vector.load/store (ours: MLIR's pass has no model
// for them): the first index and the end of the vector within the last dimension.
// RUN: %pto-opt %s --generate-runtime-verification | FileCheck %s

// CHECK-LABEL: func.func @vectors(
// CHECK:         %[[DIM:.*]] = memref.dim %arg0, %{{.*}} : memref<?xf32>
// CHECK:         %[[GE:.*]] = arith.cmpi sge, %arg1, %{{.*}} : index
// CHECK:         %[[C8:.*]] = arith.constant 8 : index
// CHECK:         %[[END:.*]] = arith.addi %arg1, %[[C8]] : index
// CHECK:         %[[LE:.*]] = arith.cmpi sle, %[[END]], %[[DIM]] : index
// CHECK:         %[[OK:.*]] = arith.andi %[[GE]], %[[LE]] : i1
// CHECK:         cf.assert %[[OK]], "{{.*}}vector.load %arg0[%arg1] : memref<?xf32>, vector<8xf32>\0A^ out-of-bounds access
// CHECK:         cf.assert %{{.*}}, "{{.*}}vector.store
func.func @vectors(%m: memref<?xf32>, %i: index) {
  %v = vector.load %m[%i] : memref<?xf32>, vector<8xf32>
  vector.store %v, %m[%i] : memref<?xf32>, vector<8xf32>
  return
}
