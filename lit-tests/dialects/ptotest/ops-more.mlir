// ODS features of ops that the project's own dialects do not use yet, on the in-tree
// `ptotest` dialect: `AttrSizedResultSegments`, `AnyTensor`/`AnyRankedTensor`
// constraints, the `SymbolTable` trait and `attr-dict-with-keyword`.
// RUN: %pto-opt %s | FileCheck %s
// RUN: %pto-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: %roundtrip %s

// CHECK: %[[S:.*]]:3 = ptotest.split : (i32, f32), (index)
// GENERIC: "ptotest.split"() <{resultSegmentSizes = array<i32: 2, 1>}> : () -> (i32, f32, index)
%a:2, %b = ptotest.split : (i32, f32), (index)

// CHECK-NEXT: %[[T:.*]] = ptotest.source : tensor<4xf32>
// CHECK-NEXT: ptotest.tensor_id %[[T]] : tensor<4xf32> -> tensor<4xf32>
%t = "ptotest.source"() : () -> tensor<4xf32>
%u = ptotest.tensor_id %t : tensor<4xf32> -> tensor<4xf32>
// An unranked operand is a tensor too.
// CHECK: ptotest.tensor_id %{{.*}} : tensor<*xf32> -> tensor<?xf32>
%v = "ptotest.source"() : () -> tensor<*xf32>
%w = ptotest.tensor_id %v : tensor<*xf32> -> tensor<?xf32>

// CHECK: ptotest.table attributes {tag = 1 : i32} {
// CHECK-NEXT: func.func private @x()
// CHECK-NEXT: func.func private @y()
// CHECK-NEXT: }
// GENERIC: "ptotest.table"() ({
// GENERIC: }) {tag = 1 : i32} : () -> ()
ptotest.table attributes {tag = 1 : i32} {
  func.func private @x()
  func.func private @y()
}
// The same name in another table is another symbol.
// CHECK: ptotest.table {
// CHECK-NEXT: func.func private @x()
ptotest.table {
  func.func private @x()
}
