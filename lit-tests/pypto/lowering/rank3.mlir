// RUN: pto-opt %s --split-input-file --pypto-tensor-to-block | FileCheck %s
// RUN: pto-opt %s --split-input-file --pypto-tensor-to-block --pypto-block-to-pto --ptoas=enable-insert-sync=true --pto-verify-sync > /dev/null

// A chain on rank-3 tensors runs on their matrices (the last axis by the rest): the
// inputs are reshaped to [64, 64] and [1, 64], the output created as [64, 64] and
// reshaped back; block-to-pto keeps each reshape as the same buffer.
// CHECK-LABEL: func.func @softmax3(
// CHECK-SAME: %[[X:[^:]*]]: !pypto.tensor<[2, 32, 64], f32>, %[[G:[^:]*]]: !pypto.tensor<[64], f32>)
// CHECK-DAG: %[[XM:.*]] = pypto.tensor.reshape %[[X]][{{.*}}] : (!pypto.tensor<[2, 32, 64], f32>, i64, i64) -> !pypto.tensor<[64, 64], f32>
// CHECK-DAG: %[[GM:.*]] = pypto.tensor.reshape %[[G]][{{.*}}] : (!pypto.tensor<[64], f32>, i64, i64) -> !pypto.tensor<[1, 64], f32>
// CHECK: %[[OUT:.*]] = pypto.tensor.create{{.*}} -> !pypto.tensor<[64, 64], f32>
// CHECK: %[[R:.*]] = scf.for {{.*}} iter_args(%{{.*}} = %[[OUT]])
// CHECK:   pypto.block.load %[[XM]]
// CHECK:   pypto.block.row_max
// CHECK:   pypto.block.load %[[GM]]
// CHECK: %[[Y:.*]] = pypto.tensor.reshape %[[R]][{{.*}}] : (!pypto.tensor<[64, 64], f32>, i64, i64, i64) -> !pypto.tensor<[2, 32, 64], f32>
// CHECK: return %[[Y]]
func.func @softmax3(%x: !pypto.tensor<[2, 32, 64], f32>, %g: !pypto.tensor<[64], f32>) -> !pypto.tensor<[2, 32, 64], f32> {
  %m = pypto.tensor.row_max %x {axis = 2 : i64, keep_dim = true} : (!pypto.tensor<[2, 32, 64], f32>) -> !pypto.tensor<[2, 32, 1], f32>
  %d = pypto.tensor.sub %x, %m : (!pypto.tensor<[2, 32, 64], f32>, !pypto.tensor<[2, 32, 1], f32>) -> !pypto.tensor<[2, 32, 64], f32>
  %y = pypto.tensor.mul %d, %g : (!pypto.tensor<[2, 32, 64], f32>, !pypto.tensor<[64], f32>) -> !pypto.tensor<[2, 32, 64], f32>
  return %y : !pypto.tensor<[2, 32, 64], f32>
}

// -----

// Swapping the last two axes: a matrix transpose per batch, in blocks through UB,
// from rows b*32 of the [64, 64] input to rows b*64 of the [128, 32] output.
// CHECK-LABEL: func.func @transpose_last(
// CHECK: %[[XM:.*]] = pypto.tensor.reshape %{{.*}} -> !pypto.tensor<[64, 64], f32>
// CHECK: pypto.tensor.create{{.*}} -> !pypto.tensor<[128, 32], f32>
// CHECK: scf.for %[[B:[^ ]*]] =
// CHECK:   %[[IN:.*]] = pypto.mul %[[B]], %{{.*}} : i64
// CHECK:   %[[OUTR:.*]] = pypto.mul %[[B]], %{{.*}} : i64
// CHECK:   pypto.block.load %[[XM]], %{{.*}} -> !pypto.tile<[32, 64], f32>
// CHECK:   pypto.block.move {{.*}}transpose = true
// CHECK:   pypto.block.store
// CHECK: pypto.tensor.reshape %{{.*}} -> !pypto.tensor<[2, 64, 32], f32>
func.func @transpose_last(%x: !pypto.tensor<[2, 32, 64], f32>) -> !pypto.tensor<[2, 64, 32], f32> {
  %t = pypto.tensor.transpose %x {axis1 = 1, axis2 = 2} : (!pypto.tensor<[2, 32, 64], f32>) -> !pypto.tensor<[2, 64, 32], f32>
  return %t : !pypto.tensor<[2, 64, 32], f32>
}

// -----

// Swapping two other axes moves whole rows of the last one: row (s, h) of the
// [128, 16] input is row (h, s) of the output.
// CHECK-LABEL: func.func @split_heads(
// CHECK: scf.for %[[S:[^ ]*]] =
// CHECK:   scf.for %[[H:[^ ]*]] =
// CHECK:     pypto.block.load {{.*}} -> !pypto.tile<[1, 16], f32>
// CHECK:     pypto.block.store
// CHECK: pypto.tensor.reshape %{{.*}} -> !pypto.tensor<[4, 32, 16], f32>
func.func @split_heads(%x: !pypto.tensor<[32, 4, 16], f32>) -> !pypto.tensor<[4, 32, 16], f32> {
  %t = pypto.tensor.transpose %x {axis1 = 0, axis2 = 1} : (!pypto.tensor<[32, 4, 16], f32>) -> !pypto.tensor<[4, 32, 16], f32>
  return %t : !pypto.tensor<[4, 32, 16], f32>
}
