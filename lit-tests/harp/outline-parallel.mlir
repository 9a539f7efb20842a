// outline-parallel-loops: a top-level scf.parallel becomes a call of the runtime's
// pto_parallel_for with its body outlined (constants cloned, memrefs passed through a
// stack struct of descriptors); loops that capture anything else, start elsewhere
// than 0 or step by more than 1 stay. mlir-opt reads the result; the LLVM lowering
// reconciles the casts.
// RUN: %pto-opt %s --outline-parallel-loops | FileCheck %s
// RUN: %pto-opt %s --outline-parallel-loops | %mlir-opt > /dev/null
// RUN: %pto-opt %s --outline-parallel-loops --lower-to-llvm | FileCheck %s --check-prefix=LLVM

// CHECK-LABEL: func.func @scale(%arg0: memref<8xf32>, %arg1: memref<8xf32>) {
// CHECK:         %[[CTX:.*]] = llvm.alloca %{{.*}} x !llvm.struct<(struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>, struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>)> : (i64) -> !llvm.ptr
// CHECK:         builtin.unrealized_conversion_cast %arg0 : memref<8xf32> to !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK:         llvm.store
// CHECK:         %[[F:.*]] = constant @scale__parallel0 : (!llvm.ptr, index, index) -> ()
// CHECK:         call @pto_parallel_for(%{{.*}}, %[[F]], %[[CTX]]) : (i64, (!llvm.ptr, index, index) -> (), !llvm.ptr) -> ()
// CHECK:         scf.parallel (%{{.*}}) = (%{{.*}}) to (%{{.*}}) step (%[[TWO:.*]])
// CHECK-LABEL: func.func private @scale__parallel0(%arg0: !llvm.ptr, %arg1: index, %arg2: index) {
// CHECK:         %[[A:.*]] = builtin.unrealized_conversion_cast %{{.*}} : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> to memref<8xf32>
// CHECK:         %[[K:.*]] = arith.constant 2.000000e+00 : f32
// CHECK:         scf.for %[[I:.*]] = %arg1 to %arg2 step %{{.*}} {
// CHECK:           memref.load %[[A]][%[[I]]] : memref<8xf32>
// CHECK:           arith.mulf %{{.*}}, %[[K]] : f32
// CHECK:         return
// CHECK:       func.func private @pto_parallel_for(i64, (!llvm.ptr, index, index) -> (), !llvm.ptr)
// LLVM: llvm.call @pto_parallel_for(%{{.*}}, %{{.*}}, %{{.*}}) : (i64, !llvm.ptr, !llvm.ptr) -> ()
// LLVM-NOT: unrealized_conversion_cast
func.func @scale(%a: memref<8xf32>, %b: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %k = arith.constant 2.0 : f32
  scf.parallel (%i) = (%c0) to (%c8) step (%c1) {
    %x = memref.load %a[%i] : memref<8xf32>
    %y = arith.mulf %x, %k : f32
    memref.store %y, %b[%i] : memref<8xf32>
    scf.reduce
  }
  // Step 2: stays.
  scf.parallel (%i) = (%c0) to (%c8) step (%c2) {
    %x = memref.load %a[%i] : memref<8xf32>
    memref.store %x, %b[%i] : memref<8xf32>
    scf.reduce
  }
  return
}
