// generate-runtime-verification: a cf.assert before each memref.load/store that all
// its indices are in bounds (a static dimension as a constant), with MLIR's message
// (the op named as in the input, what is wrong, the location); verbose-level=0 leaves
// the op out. Identical to mlir-opt's custom form (its messages follow the global
// printing flags, so its generic form differs). check-divisions (ours) also checks
// integer divisions.
// RUN: %pto-opt %s --generate-runtime-verification > %t.pto.mlir
// RUN: %mlir-opt %s --generate-runtime-verification > %t.mlir-opt.mlir
// RUN: diff %t.mlir-opt.mlir %t.pto.mlir
// RUN: %pto-opt %s --generate-runtime-verification=verbose-level=0 > %t.pto0.mlir
// RUN: %mlir-opt %s --generate-runtime-verification=verbose-level=0 > %t.mlir-opt0.mlir
// RUN: diff %t.mlir-opt0.mlir %t.pto0.mlir
// RUN: %pto-opt %s --generate-runtime-verification | FileCheck %s
// RUN: %pto-opt %s --generate-runtime-verification=check-divisions=true | FileCheck %s --check-prefix=DIV

// CHECK-LABEL: func.func @accesses(
// CHECK:         %[[DIM:.*]] = memref.dim %arg0, %{{.*}} : memref<?x4xf32>
// CHECK:         arith.cmpi slt, %arg1, %[[DIM]] : index
// CHECK:         %[[C4:.*]] = arith.constant 4 : index
// CHECK:         arith.cmpi slt, %arg2, %[[C4]] : index
// CHECK:         cf.assert %{{.*}}, "ERROR: Runtime op verification failed\0A%0 = memref.load %arg0[%arg1, %arg2] : memref<?x4xf32>\0A^ out-of-bounds access\0ALocation: loc(\22{{.*}}generate-runtime-verification.mlir\22:[[# @LINE + 5]]:8)"
// CHECK:         memref.load
// CHECK:         cf.assert %{{.*}}, "ERROR: Runtime op verification failed\0Amemref.store %0, %arg0[%arg2, %arg1] : memref<?x4xf32>
// CHECK:         memref.store
func.func @accesses(%m: memref<?x4xf32>, %i: index, %j: index) -> f32 {
  %v = memref.load %m[%i, %j] : memref<?x4xf32>
  memref.store %v, %m[%j, %i] : memref<?x4xf32>
  return %v : f32
}

// CHECK-LABEL: func.func @division(
// CHECK-NOT:     cf.assert
// DIV-LABEL: func.func @division(
// DIV:         %[[Z:.*]] = arith.constant 0 : i32
// DIV:         %[[NZ:.*]] = arith.cmpi ne, %arg1, %[[Z]] : i32
// DIV:         cf.assert %[[NZ]], "{{.*}}^ division by zero
// DIV:         arith.constant -2147483648 : i32
// DIV:         cf.assert %{{.*}}, "{{.*}}^ signed division overflow
// DIV:         arith.divsi %arg0, %arg1 : i32
// DIV:         cf.assert %{{.*}}, "{{.*}}^ division by zero
// DIV-NOT:     signed division overflow
// DIV:         arith.remui
func.func @division(%a: i32, %b: i32) -> (i32, i32) {
  %q = arith.divsi %a, %b : i32
  %r = arith.remui %a, %b : i32
  return %q, %r : i32, i32
}
