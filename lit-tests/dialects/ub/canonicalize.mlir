// `ub.poison` folds to its `#ub.poison` value and the dialect materializes it again:
// the canonicalizer uniques poison constants per type and hoists them like other
// constants.
// RUN: %pto-opt %s --canonicalize | FileCheck %s
// RUN: %compat %s --canonicalize

// CHECK-LABEL: func.func @unique(%arg0: memref<4xi32>, %arg1: index) -> (i32, f32, i32) {
// CHECK-NEXT:   %0 = ub.poison : f32
// CHECK-NEXT:   %1 = ub.poison : i32
// CHECK-NEXT:   memref.store %1, %arg0[%arg1] : memref<4xi32>
// CHECK-NEXT:   return %1, %0, %1 : i32, f32, i32
func.func @unique(%m: memref<4xi32>, %i: index) -> (i32, f32, i32) {
  %0 = ub.poison : i32
  memref.store %0, %m[%i] : memref<4xi32>
  %1 = ub.poison : f32
  %2 = ub.poison : i32
  %3 = ub.poison : vector<2xi1>
  return %0, %1, %2 : i32, f32, i32
}

// CHECK-LABEL: func.func @hoisted(%arg0: i1, %arg1: memref<i8>) {
// CHECK-NEXT:   %0 = ub.poison : i8
// CHECK-NEXT:   scf.if %arg0 {
// CHECK-NEXT:     memref.store %0, %arg1[] : memref<i8>
func.func @hoisted(%c: i1, %m: memref<i8>) {
  scf.if %c {
    %0 = ub.poison : i8
    memref.store %0, %m[] : memref<i8>
  }
  return
}
