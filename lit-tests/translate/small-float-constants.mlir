// Constants of floats LLVM has no type for (f8*, f4E2M1FN) are the integers of their
// width after the lowering; their LLVM IR constants are those integers' bits, scalar
// and dense, as mlir-translate writes them.
// RUN: %translate-compat %s
// RUN: pto-translate --mlir-to-llvmir %s | FileCheck %s

// CHECK: ret { i8, <2 x i4>, i8 } { i8 60, <2 x i4> <i4 1, i4 -1>, i8 -128 }
llvm.func @c() -> !llvm.struct<(i8, vector<2xi4>, i8)> {
  %0 = llvm.mlir.constant(1.500000e+00 : f8E4M3FN) : i8
  %1 = llvm.mlir.constant(dense<[5.000000e-01, -6.000000e+00]> : vector<2xf4E2M1FN>) : vector<2xi4>
  %2 = llvm.mlir.constant(0x80 : f8E5M2FNUZ) : i8
  %3 = llvm.mlir.poison : !llvm.struct<(i8, vector<2xi4>, i8)>
  %4 = llvm.insertvalue %0, %3[0] : !llvm.struct<(i8, vector<2xi4>, i8)>
  %5 = llvm.insertvalue %1, %4[1] : !llvm.struct<(i8, vector<2xi4>, i8)>
  %6 = llvm.insertvalue %2, %5[2] : !llvm.struct<(i8, vector<2xi4>, i8)>
  llvm.return %6 : !llvm.struct<(i8, vector<2xi4>, i8)>
}
