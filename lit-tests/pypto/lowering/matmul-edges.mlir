// RUN: pto-opt %s --pypto-tensor-to-block | FileCheck %s
// RUN: pto-opt %s --pypto-tensor-to-block="matmul-tile=32,32,16" | FileCheck %s --check-prefix=OPT
// RUN: pto-opt %s --pypto-tensor-to-block --pypto-block-to-pto --ptoas=enable-insert-sync=true --pto-verify-sync > /dev/null

// 100 rows in blocks of 96: two blocks, the second starting at min(96, 100 - 96) = 4;
// 50 columns in blocks of 48: the second at min(48, 2) = 2. Blocks overlap and write
// the same values twice.
// CHECK-LABEL: func.func @edges(
// CHECK: %[[TWO:.*]] = pypto.const 2 : i64
// CHECK: scf.for %[[MI:[^ ]*]] = %{{.*}} to %[[TWO]]
// CHECK:   %[[ROW:.*]] = pypto.mul %[[MI]], %{{.*}} : i64
// CHECK:   %[[LASTR:.*]] = pypto.const 4 : i64
// CHECK:   %[[R:.*]] = pypto.min %[[ROW]], %[[LASTR]] : i64
// CHECK:   scf.for %[[NI:[^ ]*]] =
// CHECK:     %[[COL:.*]] = pypto.mul %[[NI]], %{{.*}} : i64
// CHECK:     %[[LASTC:.*]] = pypto.const 2 : i64
// CHECK:     %[[C:.*]] = pypto.min %[[COL]], %[[LASTC]] : i64
// CHECK:     pypto.block.load %{{.*}}, %[[R]], {{.*}} -> !pypto.tile<[96, 64], f32>
// CHECK:     pypto.block.store {{.*}}, %[[R]], %[[C]], {{.*}} : (!pypto.tile<[96, 48], f32>,

// An explicit block: 32 rows, 4 blocks, the last at 68.
// OPT-LABEL: func.func @edges(
// OPT: pypto.const 4 : i64
// OPT: pypto.const 68 : i64
func.func @edges(%a: !pypto.tensor<[100, 64], f32>, %b: !pypto.tensor<[64, 50], f32>) -> !pypto.tensor<[100, 50], f32> {
  %c = pypto.tensor.matmul %a, %b : (!pypto.tensor<[100, 64], f32>, !pypto.tensor<[64, 50], f32>) -> !pypto.tensor<[100, 50], f32>
  return %c : !pypto.tensor<[100, 50], f32>
}
