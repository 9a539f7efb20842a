// lower-to-llvm: the whole standard lowering to the llvm dialect in one pass; on the
// kernels of lit-tests/run (matmul, softmax, reduction) nothing but llvm remains and
// mlir-translate accepts the result. The same conversions run one by one in MLIR's
// order also give IR that mlir-translate accepts.
// RUN: %pto-opt %S/../run/softmax.mlir --lower-to-llvm | FileCheck %s --check-prefix=SOFTMAX
// RUN: %pto-opt %S/../run/softmax.mlir --lower-to-llvm | mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=IR
// RUN: %pto-opt %S/../run/matmul.mlir --lower-to-llvm | mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=MATMUL
// RUN: %pto-opt %S/../run/reduce.mlir --lower-to-llvm | mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=REDUCE
// RUN: %pto-opt %S/../run/reduce.mlir --convert-scf-to-cf --convert-math-to-llvm --convert-arith-to-llvm --finalize-memref-to-llvm --convert-func-to-llvm --convert-cf-to-llvm --reconcile-unrealized-casts | mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=REDUCE
// RUN: %pto-opt %s --lower-to-llvm | FileCheck %s
// The vector kernels (convert-vector-to-llvm runs after convert-scf-to-cf):
// RUN: %pto-opt %S/../run/vector.mlir --lower-to-llvm | FileCheck %s --check-prefix=VECTOR
// RUN: %pto-opt %S/../run/vector.mlir --lower-to-llvm | mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=VECTOR-IR
// VECTOR-NOT: {{ (vector|arith|scf|cf|memref|func)\.}}
// VECTOR-NOT: unrealized_conversion_cast
// VECTOR:     llvm.intr.fmuladd
// VECTOR-IR:  call <8 x float> @llvm.fmuladd.v8f32(
// VECTOR-IR:  call float @llvm.vector.reduce.fadd.v8f32(float
// VECTOR-IR:  call <8 x float> @llvm.maximum.v8f32(

// SOFTMAX-NOT: {{(arith|scf|cf|memref|math|func)\.}}
// SOFTMAX-NOT: unrealized_conversion_cast
// SOFTMAX:     llvm.intr.exp
// IR:          define void @softmax(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i64 %5, i64 %6, ptr %7, ptr %8, i64 %9, i64 %10, i64 %11, i64 %12, i64 %13)
// IR:          call float @llvm.exp.f32(
// MATMUL:      define void @matmul(
// MATMUL:      fmul float
// REDUCE:      define double @sum(

// CHECK-LABEL: llvm.func @assert_and_alloc(
// CHECK:         llvm.call @malloc
// CHECK:         llvm.call @puts
// CHECK-NOT:     unrealized_conversion_cast
func.func @assert_and_alloc(%n: index, %ok: i1) -> memref<?xf32> {
  cf.assert %ok, "bad size"
  %m = memref.alloc(%n) : memref<?xf32>
  return %m : memref<?xf32>
}

// ub.poison and ub.unreachable are lowered too (convert-ub-to-llvm).
// CHECK-LABEL: llvm.func @poison(
// CHECK-NEXT:    %0 = llvm.mlir.poison : i64
// CHECK-NEXT:    llvm.cond_br %arg0, ^bb1, ^bb2
// CHECK:       ^bb1:
// CHECK-NEXT:    llvm.return %0 : i64
// CHECK:       ^bb2:
// CHECK-NEXT:    llvm.unreachable
func.func @poison(%c: i1) -> index {
  %p = ub.poison : index
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  return %p : index
^bb2:
  ub.unreachable
}
