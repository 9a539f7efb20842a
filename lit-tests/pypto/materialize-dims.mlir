// RUN: pto-opt %s --pypto-materialize-dims --mlir-pass-statistics 2>%t.stats | FileCheck %s
// RUN: FileCheck %s --check-prefix=STATS < %t.stats
// RUN: pto-opt %s --pypto-materialize-dims | pto-opt --pypto-materialize-dims | FileCheck %s
// RUN: pto-opt %s --pypto-materialize-dims --mlir-print-op-generic | pto-opt | FileCheck %s

// Each symbolic dimension of the parameters gets an i64 parameter bound to it
// (pypto.dim), in the order the symbols first appear; calls pass the caller's own.
// A parameter already bound (as the Python importer marks `n: pl.INT64`) is used.
// Running the pass again changes nothing.

// STATS: PyPTOMaterializeDims
// STATS: (S) 5 num-size-params

// CHECK-LABEL: func.func @kernel(
// CHECK-SAME: %{{.*}}: !pypto.tensor<[n, 64], f32>, %{{.*}}: !pypto.tensor<[m, n], f32>, %{{.*}}: i64 {pypto.dim = "n"}, %{{.*}}: i64 {pypto.dim = "m"}) -> !pypto.tensor<[n, 64], f32>
func.func @kernel(%x: !pypto.tensor<[n, 64], f32>, %y: !pypto.tensor<[m, n], f32>) -> !pypto.tensor<[n, 64], f32> {
  %e = pypto.tensor.exp %x : (!pypto.tensor<[n, 64], f32>) -> !pypto.tensor<[n, 64], f32>
  return %e : !pypto.tensor<[n, 64], f32>
}

// CHECK-LABEL: func.func @bound(
// CHECK-SAME: %{{.*}}: i64 {pypto.dim = "n"}, %{{.*}}: !pypto.tensor<[n, 64], f32>) -> !pypto.tensor<[n, 64], f32>
// CHECK-NEXT: pypto.tensor.exp
func.func @bound(%n: i64 {pypto.dim = "n"}, %x: !pypto.tensor<[n, 64], f32>) -> !pypto.tensor<[n, 64], f32> {
  %e = pypto.tensor.exp %x : (!pypto.tensor<[n, 64], f32>) -> !pypto.tensor<[n, 64], f32>
  return %e : !pypto.tensor<[n, 64], f32>
}

// CHECK-LABEL: func.func @caller(
// CHECK-SAME: %[[X:[^:]*]]: !pypto.tensor<[n, 64], f32>, %[[Y:[^:]*]]: !pypto.tensor<[m, n], f32>, %[[N:[^:]*]]: i64 {pypto.dim = "n"}, %[[M:[^:]*]]: i64 {pypto.dim = "m"})
// CHECK: call @kernel(%[[X]], %[[Y]], %[[N]], %[[M]]) : (!pypto.tensor<[n, 64], f32>, !pypto.tensor<[m, n], f32>, i64, i64) -> !pypto.tensor<[n, 64], f32>
// CHECK: call @bound(%{{.*}}, %{{.*}}) : (i64, !pypto.tensor<[n, 64], f32>) -> !pypto.tensor<[n, 64], f32>
func.func @caller(%x: !pypto.tensor<[n, 64], f32>, %y: !pypto.tensor<[m, n], f32>) -> !pypto.tensor<[n, 64], f32> attributes {pypto.function_type = #pypto.function_type<Orchestration>} {
  %a = call @kernel(%x, %y) : (!pypto.tensor<[n, 64], f32>, !pypto.tensor<[m, n], f32>) -> !pypto.tensor<[n, 64], f32>
  %c = pypto.const 0 : i64
  %b = call @bound(%c, %a) : (i64, !pypto.tensor<[n, 64], f32>) -> !pypto.tensor<[n, 64], f32>
  return %b : !pypto.tensor<[n, 64], f32>
}

// Static shapes: nothing to do.
// CHECK-LABEL: func.func @static(
// CHECK-SAME: %{{.*}}: !pypto.tensor<[8, 64], f32>) -> !pypto.tensor<[8, 64], f32> {
func.func @static(%x: !pypto.tensor<[8, 64], f32>) -> !pypto.tensor<[8, 64], f32> {
  return %x : !pypto.tensor<[8, 64], f32>
}

// A declaration's signature changes too.
// CHECK-LABEL: func.func private @external(!pypto.tensor<[k, 8], f32>, i64 {pypto.dim = "k"})
func.func private @external(!pypto.tensor<[k, 8], f32>)
