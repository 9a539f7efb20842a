// convert-ub-to-llvm: `ub.poison` becomes `llvm.mlir.poison` of the converted type
// (index by the index bitwidth, n-D vectors as arrays of rows, memrefs as their
// descriptor), reached by the old users through casts; a poison of a type that does not
// convert stays. `ub.unreachable` becomes `llvm.unreachable`. Identical to mlir-opt.
// RUN: %compat %s --convert-ub-to-llvm
// RUN: %compat %s --convert-ub-to-llvm=index-bitwidth=32
// RUN: %pto-opt %s --convert-ub-to-llvm | FileCheck %s

// CHECK-LABEL: func.func @poison(
// CHECK-NEXT:    %0 = llvm.mlir.poison : i32
// CHECK-NEXT:    %1 = llvm.mlir.poison : i64
// CHECK-NEXT:    %2 = builtin.unrealized_conversion_cast %1 : i64 to index
// CHECK-NEXT:    %3 = llvm.mlir.poison : !llvm.array<2 x vector<3xf32>>
// CHECK:         %5 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK:         %7 = llvm.mlir.poison : vector<[4]xf32>
// CHECK-NEXT:    %8 = ub.poison : tuple<i32>
// CHECK-NEXT:    %9 = llvm.mlir.poison : !llvm.ptr
func.func @poison() -> (i32, index, vector<2x3xf32>, memref<2xf32>, vector<[4]xf32>) {
  %0 = ub.poison : i32
  %1 = ub.poison : index
  %2 = ub.poison : vector<2x3xf32>
  %3 = ub.poison : memref<2xf32>
  %4 = ub.poison : vector<[4]xf32>
  %5 = ub.poison : tuple<i32>
  %6 = ub.poison : !llvm.ptr
  return %0, %1, %2, %3, %4 : i32, index, vector<2x3xf32>, memref<2xf32>, vector<[4]xf32>
}

// CHECK-LABEL: func.func @unreachable(
// CHECK:         llvm.unreachable
func.func @unreachable(%c: i1) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  return
^bb2:
  ub.unreachable
}
