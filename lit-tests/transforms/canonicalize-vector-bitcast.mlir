// canonicalize on vector.bitcast, as MLIR: a cast back folds to the source, a cast of a
// cast casts the inner source, splat constants widen (integers repeated, an f16 pattern
// twice into f32). Output identical to mlir-opt.
// RUN: %pto-opt %s --canonicalize | FileCheck %s
// RUN: %compat %s --canonicalize

// CHECK-LABEL: func.func @f
// CHECK-DAG: arith.constant dense<117901063> : vector<2xi32>
// CHECK-DAG: arith.constant dense<0.00782680511> : vector<4xf32>
// CHECK-DAG: vector.bitcast %arg0 : vector<4xf32> to vector<8xf16>
// CHECK: return %arg0,
func.func @f(%a: vector<4xf32>) -> (vector<4xf32>, vector<8xf16>, vector<2xi32>, vector<4xf32>, vector<4xi32>) {
  %0 = vector.bitcast %a : vector<4xf32> to vector<4xi32>
  %1 = vector.bitcast %0 : vector<4xi32> to vector<4xf32>
  %2 = vector.bitcast %0 : vector<4xi32> to vector<8xf16>
  %c = arith.constant dense<7> : vector<8xi8>
  %3 = vector.bitcast %c : vector<8xi8> to vector<2xi32>
  %h = arith.constant dense<1.0> : vector<8xf16>
  %4 = vector.bitcast %h : vector<8xf16> to vector<4xf32>
  %p = ub.poison : vector<4xf32>
  %5 = vector.bitcast %p : vector<4xf32> to vector<4xi32>
  return %1, %2, %3, %4, %5 : vector<4xf32>, vector<8xf16>, vector<2xi32>, vector<4xf32>, vector<4xi32>
}
