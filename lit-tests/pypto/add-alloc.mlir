// pypto-add-alloc: PyPTO's AddAlloc (seed era: it also places the buffers).
// RUN: pto-opt %s --pypto-init-memref --pypto-basic-memory-reuse --pypto-add-alloc -split-input-file | FileCheck %s

// Reference case 3 after reuse: three UB buffers, one alloc each, placed one after
// another in id order; the types carry the addresses. DDR gets none.
// CHECK-LABEL: func.func @case3
// CHECK-NEXT: %[[S0:.*]] = pypto.const 1 : i64
// CHECK-NEXT: %[[A0:.*]] = pypto.const 0 : i64
// CHECK-NEXT: %[[Z0:.*]] = pypto.const 16384 : i64
// CHECK-NEXT: %[[I0:.*]] = pypto.const 3 : i64
// CHECK-NEXT: pypto.block.alloc %[[S0]], %[[A0]], %[[Z0]], %[[I0]] : (i64, i64, i64, i64) -> !pypto.memref
// CHECK-NEXT: pypto.const 1 : i64
// CHECK-NEXT: pypto.const 16384 : i64
// CHECK-NEXT: pypto.const 16384 : i64
// CHECK-NEXT: pypto.const 4 : i64
// CHECK-NEXT: pypto.block.alloc
// CHECK-NEXT: pypto.const 1 : i64
// CHECK-NEXT: pypto.const 32768 : i64
// CHECK-NEXT: pypto.const 16384 : i64
// CHECK-NEXT: pypto.const 5 : i64
// CHECK-NEXT: pypto.block.alloc
// CHECK-NOT: pypto.block.alloc
// CHECK: pypto.block.load {{.*}} -> !pypto.tile<[64, 64], f32, memref = <UB, 0, 16384, 3>>
// CHECK: pypto.block.load {{.*}} -> !pypto.tile<[64, 64], f32, memref = <UB, 16384, 16384, 4>>
// CHECK: pypto.block.add {{.*}} -> !pypto.tile<[64, 64], f32, memref = <UB, 32768, 16384, 5>>
// CHECK: pypto.block.mul {{.*}} -> !pypto.tile<[64, 64], f32, memref = <UB, 0, 16384, 3>>
// CHECK: pypto.block.add {{.*}} -> !pypto.tile<[64, 64], f32, memref = <UB, 16384, 16384, 4>>
func.func @case3(%A: !pypto.tensor<[64, 64], f32>, %B: !pypto.tensor<[64, 64], f32>, %out: !pypto.tensor<[64, 64], f32>) -> !pypto.tensor<[64, 64], f32> attributes {pypto.function_type = #pypto.function_type<InCore>} {
  %c0 = pypto.const 0 : i64
  %c64 = pypto.const 64 : i64
  %a = pypto.block.load %A, %c0, %c0, %c64, %c64 : (!pypto.tensor<[64, 64], f32>, i64, i64, i64, i64) -> !pypto.tile<[64, 64], f32>
  %b = pypto.block.load %B, %c0, %c0, %c64, %c64 : (!pypto.tensor<[64, 64], f32>, i64, i64, i64, i64) -> !pypto.tile<[64, 64], f32>
  %c = pypto.block.add %a, %b : (!pypto.tile<[64, 64], f32>, !pypto.tile<[64, 64], f32>) -> !pypto.tile<[64, 64], f32>
  %d = pypto.block.mul %c, %c : (!pypto.tile<[64, 64], f32>, !pypto.tile<[64, 64], f32>) -> !pypto.tile<[64, 64], f32>
  %e = pypto.block.add %d, %d : (!pypto.tile<[64, 64], f32>, !pypto.tile<[64, 64], f32>) -> !pypto.tile<[64, 64], f32>
  %r = pypto.block.store %e, %c0, %c0, %c64, %c64, %out : (!pypto.tile<[64, 64], f32>, i64, i64, i64, i64, !pypto.tensor<[64, 64], f32>) -> !pypto.tensor<[64, 64], f32>
  return %r : !pypto.tensor<[64, 64], f32>
}

// -----

// Each space is placed on its own from 0; starts are aligned to 32 bytes (a 3x5 f16
// tile takes 30 bytes, the next buffer starts at 32); allocs in address order, ties by
// id.
// CHECK-LABEL: func.func @spaces
// CHECK-NEXT: pypto.const 1 : i64
// CHECK-NEXT: pypto.const 0 : i64
// CHECK-NEXT: pypto.const 30 : i64
// CHECK-NEXT: pypto.const 2 : i64
// CHECK-NEXT: pypto.block.alloc
// CHECK-NEXT: pypto.const 2 : i64
// CHECK-NEXT: pypto.const 0 : i64
// CHECK-NEXT: pypto.const 30 : i64
// CHECK-NEXT: pypto.const 3 : i64
// CHECK-NEXT: pypto.block.alloc
// CHECK-NEXT: pypto.const 3 : i64
// CHECK-NEXT: pypto.const 0 : i64
// CHECK-NEXT: pypto.const 30 : i64
// CHECK-NEXT: pypto.const 5 : i64
// CHECK-NEXT: pypto.block.alloc
// CHECK-NEXT: pypto.const 1 : i64
// CHECK-NEXT: pypto.const 32 : i64
// CHECK-NEXT: pypto.const 30 : i64
// CHECK-NEXT: pypto.const 4 : i64
// CHECK-NEXT: pypto.block.alloc
// CHECK-NOT: pypto.block.alloc
// CHECK: pypto.block.load {{.*}} -> !pypto.tile<[3, 5], f16, memref = <UB, 0, 30, 2>>
// CHECK: pypto.block.load {{.*}} -> !pypto.tile<[3, 5], f16, memref = <L1, 0, 30, 3>>
// CHECK: pypto.block.exp {{.*}} -> !pypto.tile<[3, 5], f16, memref = <UB, 32, 30, 4>>
// CHECK: pypto.block.move {{.*}} -> !pypto.tile<[3, 5], f16, memref = <L0A, 0, 30, 5>>
func.func @spaces(%x: !pypto.tensor<[3, 5], f16>, %out: !pypto.tensor<[3, 5], f16>) -> !pypto.tensor<[3, 5], f16> attributes {pypto.function_type = #pypto.function_type<InCore>} {
  %c0 = pypto.const 0 : i64
  %c3 = pypto.const 3 : i64
  %c5 = pypto.const 5 : i64
  %u = pypto.block.load %x, %c0, %c0, %c3, %c5 : (!pypto.tensor<[3, 5], f16>, i64, i64, i64, i64) -> !pypto.tile<[3, 5], f16>
  %l = pypto.block.load %x, %c0, %c0, %c3, %c5 {target_memory = 2} : (!pypto.tensor<[3, 5], f16>, i64, i64, i64, i64) -> !pypto.tile<[3, 5], f16>
  %e = pypto.block.exp %u : (!pypto.tile<[3, 5], f16>) -> !pypto.tile<[3, 5], f16>
  %a = pypto.block.move %l {target_memory = 3} : (!pypto.tile<[3, 5], f16>) -> !pypto.tile<[3, 5], f16>
  %r = pypto.block.store %e, %c0, %c0, %c3, %c5, %out : (!pypto.tile<[3, 5], f16>, i64, i64, i64, i64, !pypto.tensor<[3, 5], f16>) -> !pypto.tensor<[3, 5], f16>
  return %r : !pypto.tensor<[3, 5], f16>
}
