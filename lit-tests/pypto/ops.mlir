// Every op and type of the `pypto` dialect: custom -> generic -> custom.
// RUN: pto-opt %s | FileCheck %s
// RUN: pto-opt %s --mlir-print-op-generic | pto-opt | FileCheck %s

// CHECK-LABEL: func.func @scalars
func.func @scalars(%a: i64, %b: i64, %f: f32, %p: i1, %q: i1) -> i64 attributes {pypto.function_type = #pypto.function_type<InCore>} {
  // CHECK: pypto.const 42 : i64
  %c = pypto.const 42 : i64
  // CHECK: pypto.const 1.500000e+00 : f16
  %h = pypto.const 1.5 : f16
  // CHECK: pypto.add %{{.*}}, %{{.*}} : i64
  %0 = pypto.add %a, %c : i64
  %1 = pypto.sub %0, %b : i64
  %2 = pypto.mul %1, %b : i64
  %3 = pypto.floordiv %2, %b : i64
  %4 = pypto.floormod %3, %b : i64
  %5 = pypto.floatdiv %f, %f : f32
  %6 = pypto.min %4, %b : i64
  %7 = pypto.max %6, %b : i64
  %8 = pypto.pow %7, %b : i64
  %9 = pypto.bitand %8, %b : i64
  %10 = pypto.bitor %9, %b : i64
  %11 = pypto.bitxor %10, %b : i64
  %12 = pypto.shl %11, %b : i64
  %13 = pypto.shr %12, %b : i64
  // CHECK: pypto.lt %{{.*}}, %{{.*}} : i64
  %14 = pypto.lt %13, %b : i64
  %15 = pypto.eq %a, %b : i64
  %16 = pypto.ne %a, %b : i64
  %17 = pypto.le %a, %b : i64
  %18 = pypto.gt %a, %b : i64
  %19 = pypto.ge %f, %f : f32
  // CHECK: pypto.and %{{.*}}, %{{.*}}{{$}}
  %20 = pypto.and %p, %q
  %21 = pypto.or %20, %14
  %22 = pypto.xor %21, %15
  %23 = pypto.not %22
  %24 = pypto.abs %13 : i64
  %25 = pypto.neg %24 : i64
  %26 = pypto.bitnot %25 : i64
  // CHECK: pypto.cast %{{.*}} : i64 to f32
  %27 = pypto.cast %26 : i64 to f32
  // CHECK: pypto.make_tuple %{{.*}}, %{{.*}} : (i64, f32) -> tuple<i64, f32>
  %t = pypto.make_tuple %26, %27 : (i64, f32) -> tuple<i64, f32>
  // CHECK: pypto.tuple_get_item %{{.*}}[0] : tuple<i64, f32> -> i64
  %28 = pypto.tuple_get_item %t[0] : tuple<i64, f32> -> i64
  return %28 : i64
}

// CHECK-LABEL: func.func @tensors
// CHECK-SAME: !pypto.tensor<[4, n], f32>
func.func @tensors(%x: !pypto.tensor<[4, 8], f32>, %y: !pypto.tensor<[4, 1], f32>, %s: f32, %d: !pypto.tensor<[4, n], f32>, %k: !pypto.tensor<[8, 16], f32>) {
  %c4 = pypto.const 4 : i64
  %c8 = pypto.const 8 : i64
  %c0 = pypto.const 0 : i64
  %c2 = pypto.const 2 : i64
  // CHECK: pypto.tensor.create[%{{.*}}, %{{.*}}] {dtype = f16} : (i64, i64) -> !pypto.tensor<[4, 8], f16>
  %0 = pypto.tensor.create [%c4, %c8] {dtype = f16} : (i64, i64) -> !pypto.tensor<[4, 8], f16>
  // CHECK: pypto.tensor.view %{{.*}}[%{{.*}}, %{{.*}}] [%{{.*}}, %{{.*}}] : (!pypto.tensor<[4, 8], f32>, i64, i64, i64, i64) -> !pypto.tensor<[2, 2], f32>
  %1 = pypto.tensor.view %x [%c2, %c2] [%c0, %c2] : (!pypto.tensor<[4, 8], f32>, i64, i64, i64, i64) -> !pypto.tensor<[2, 2], f32>
  %2 = pypto.tensor.assemble %x, %1 [%c0, %c0] : (!pypto.tensor<[4, 8], f32>, !pypto.tensor<[2, 2], f32>, i64, i64) -> !pypto.tensor<[4, 8], f32>
  // CHECK: pypto.tensor.sub %{{.*}}, %{{.*}} : (!pypto.tensor<[4, 8], f32>, !pypto.tensor<[4, 1], f32>) -> !pypto.tensor<[4, 8], f32>
  %3 = pypto.tensor.sub %x, %y : (!pypto.tensor<[4, 8], f32>, !pypto.tensor<[4, 1], f32>) -> !pypto.tensor<[4, 8], f32>
  %4 = pypto.tensor.add %3, %x : (!pypto.tensor<[4, 8], f32>, !pypto.tensor<[4, 8], f32>) -> !pypto.tensor<[4, 8], f32>
  %5 = pypto.tensor.mul %4, %x : (!pypto.tensor<[4, 8], f32>, !pypto.tensor<[4, 8], f32>) -> !pypto.tensor<[4, 8], f32>
  %6 = pypto.tensor.div %5, %y : (!pypto.tensor<[4, 8], f32>, !pypto.tensor<[4, 1], f32>) -> !pypto.tensor<[4, 8], f32>
  %7 = pypto.tensor.maximum %6, %x : (!pypto.tensor<[4, 8], f32>, !pypto.tensor<[4, 8], f32>) -> !pypto.tensor<[4, 8], f32>
  %8 = pypto.tensor.minimum %7, %x : (!pypto.tensor<[4, 8], f32>, !pypto.tensor<[4, 8], f32>) -> !pypto.tensor<[4, 8], f32>
  %9 = pypto.tensor.add_scalar %8, %s : (!pypto.tensor<[4, 8], f32>, f32) -> !pypto.tensor<[4, 8], f32>
  %10 = pypto.tensor.sub_scalar %9, %s : (!pypto.tensor<[4, 8], f32>, f32) -> !pypto.tensor<[4, 8], f32>
  %11 = pypto.tensor.mul_scalar %10, %s : (!pypto.tensor<[4, 8], f32>, f32) -> !pypto.tensor<[4, 8], f32>
  %12 = pypto.tensor.div_scalar %11, %s : (!pypto.tensor<[4, 8], f32>, f32) -> !pypto.tensor<[4, 8], f32>
  %13 = pypto.tensor.exp %12 : (!pypto.tensor<[4, 8], f32>) -> !pypto.tensor<[4, 8], f32>
  %14 = pypto.tensor.neg %13 : (!pypto.tensor<[4, 8], f32>) -> !pypto.tensor<[4, 8], f32>
  %15 = pypto.tensor.sqrt %14 : (!pypto.tensor<[4, 8], f32>) -> !pypto.tensor<[4, 8], f32>
  %16 = pypto.tensor.rsqrt %15 : (!pypto.tensor<[4, 8], f32>) -> !pypto.tensor<[4, 8], f32>
  %17 = pypto.tensor.recip %16 : (!pypto.tensor<[4, 8], f32>) -> !pypto.tensor<[4, 8], f32>
  // CHECK: pypto.tensor.matmul %{{.*}}, %{{.*}} {a_trans = false, out_dtype = f32} : (!pypto.tensor<[4, 8], f32>, !pypto.tensor<[8, 16], f32>) -> !pypto.tensor<[4, 16], f32>
  %18 = pypto.tensor.matmul %17, %k {out_dtype = f32, a_trans = false} : (!pypto.tensor<[4, 8], f32>, !pypto.tensor<[8, 16], f32>) -> !pypto.tensor<[4, 16], f32>
  // CHECK: pypto.tensor.row_max %{{.*}} : (!pypto.tensor<[4, 16], f32>) -> !pypto.tensor<[4, 1], f32>
  %19 = pypto.tensor.row_max %18 : (!pypto.tensor<[4, 16], f32>) -> !pypto.tensor<[4, 1], f32>
  %20 = pypto.tensor.row_sum %18 {axis = 1, keep_dim = false} : (!pypto.tensor<[4, 16], f32>) -> !pypto.tensor<[4], f32>
  %21 = pypto.tensor.cast %18 {target_type = bf16, mode = 1} : (!pypto.tensor<[4, 16], f32>) -> !pypto.tensor<[4, 16], bf16>
  %22 = pypto.tensor.reshape %18 [%c8, %c8] : (!pypto.tensor<[4, 16], f32>, i64, i64) -> !pypto.tensor<[8, 8], f32>
  %23 = pypto.tensor.transpose %18 {axis1 = 0, axis2 = 1} : (!pypto.tensor<[4, 16], f32>) -> !pypto.tensor<[16, 4], f32>
  %24 = pypto.tensor.exp %d : (!pypto.tensor<[4, n], f32>) -> !pypto.tensor<[4, n], f32>
  return
}

// CHECK-LABEL: func.func @tiles
// CHECK-SAME: !pypto.tensor<[64, 64], f16, memref = <DDR, 0, 8192, 0>>
func.func @tiles(%a: !pypto.tensor<[64, 64], f16, memref = <DDR, 0, 8192, 0>>, %out: !pypto.tensor<[64, 64], f32>, %s: f16) -> !pypto.tensor<[64, 64], f32> {
  %c0 = pypto.const 0 : i64
  %c64 = pypto.const 64 : i64
  // CHECK: pypto.block.load %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {target_memory = 2 : i64}
  %t = pypto.block.load %a, %c0, %c0, %c64, %c64 {target_memory = 2} : (!pypto.tensor<[64, 64], f16, memref = <DDR, 0, 8192, 0>>, i64, i64, i64, i64) -> !pypto.tile<[64, 64], f16>
  // CHECK: pypto.block.move %{{.*}} {target_memory = 3 : i64, transpose = true} : (!pypto.tile<[64, 64], f16>) -> !pypto.tile<[64, 64], f16, memref = <L0A, 0, 8192, 1>, view = <valid = [64, 64], stride = [1, 64], offset = 0>>
  %l = pypto.block.move %t {target_memory = 3, transpose = true} : (!pypto.tile<[64, 64], f16>) -> !pypto.tile<[64, 64], f16, memref = <L0A, 0, 8192, 1>, view = <valid = [64, 64], stride = [1, 64], offset = 0>>
  %r = pypto.block.move %t {target_memory = 4} : (!pypto.tile<[64, 64], f16>) -> !pypto.tile<[64, 64], f16>
  %m = pypto.block.matmul %l, %r : (!pypto.tile<[64, 64], f16, memref = <L0A, 0, 8192, 1>, view = <valid = [64, 64], stride = [1, 64], offset = 0>>, !pypto.tile<[64, 64], f16>) -> !pypto.tile<[64, 64], f32>
  %m2 = pypto.block.matmul_acc %m, %l, %r : (!pypto.tile<[64, 64], f32>, !pypto.tile<[64, 64], f16, memref = <L0A, 0, 8192, 1>, view = <valid = [64, 64], stride = [1, 64], offset = 0>>, !pypto.tile<[64, 64], f16>) -> !pypto.tile<[64, 64], f32>
  %u = pypto.block.add %t, %t : (!pypto.tile<[64, 64], f16>, !pypto.tile<[64, 64], f16>) -> !pypto.tile<[64, 64], f16>
  %u1 = pypto.block.sub %u, %t : (!pypto.tile<[64, 64], f16>, !pypto.tile<[64, 64], f16>) -> !pypto.tile<[64, 64], f16>
  %u2 = pypto.block.mul %u1, %t : (!pypto.tile<[64, 64], f16>, !pypto.tile<[64, 64], f16>) -> !pypto.tile<[64, 64], f16>
  %u3 = pypto.block.div %u2, %t : (!pypto.tile<[64, 64], f16>, !pypto.tile<[64, 64], f16>) -> !pypto.tile<[64, 64], f16>
  %u4 = pypto.block.maximum %u3, %t : (!pypto.tile<[64, 64], f16>, !pypto.tile<[64, 64], f16>) -> !pypto.tile<[64, 64], f16>
  // CHECK: pypto.block.minimum %{{.*}}, %{{.*}} : (!pypto.tile<[64, 64], f16>, !pypto.tile<[64, 64], f16>) -> !pypto.tile<[64, 64], f16>
  %u5 = pypto.block.minimum %u4, %t : (!pypto.tile<[64, 64], f16>, !pypto.tile<[64, 64], f16>) -> !pypto.tile<[64, 64], f16>
  // CHECK: pypto.block.cast %{{.*}} {mode = 1 : i64, target_type = i32} : (!pypto.tile<[64, 64], f16>) -> !pypto.tile<[64, 64], i32>
  %u6 = pypto.block.cast %u5 {target_type = i32, mode = 1} : (!pypto.tile<[64, 64], f16>) -> !pypto.tile<[64, 64], i32>
  %v1 = pypto.block.adds %u4, %s : (!pypto.tile<[64, 64], f16>, f16) -> !pypto.tile<[64, 64], f16>
  %v2 = pypto.block.subs %v1, %s : (!pypto.tile<[64, 64], f16>, f16) -> !pypto.tile<[64, 64], f16>
  %v3 = pypto.block.muls %v2, %s : (!pypto.tile<[64, 64], f16>, f16) -> !pypto.tile<[64, 64], f16>
  %v4 = pypto.block.divs %v3, %s : (!pypto.tile<[64, 64], f16>, f16) -> !pypto.tile<[64, 64], f16>
  %w1 = pypto.block.neg %v4 : (!pypto.tile<[64, 64], f16>) -> !pypto.tile<[64, 64], f16>
  %w2 = pypto.block.exp %w1 : (!pypto.tile<[64, 64], f16>) -> !pypto.tile<[64, 64], f16>
  %w3 = pypto.block.recip %w2 : (!pypto.tile<[64, 64], f16>) -> !pypto.tile<[64, 64], f16>
  %w4 = pypto.block.sqrt %w3 : (!pypto.tile<[64, 64], f16>) -> !pypto.tile<[64, 64], f16>
  %w5 = pypto.block.rsqrt %w4 : (!pypto.tile<[64, 64], f16>) -> !pypto.tile<[64, 64], f16>
  // CHECK: pypto.block.sum %{{.*}} {axis = 0 : i64, keepdim = true} : (!pypto.tile<[64, 64], f16>) -> !pypto.tile<[1, 64], f16>
  %x1 = pypto.block.sum %w5 {axis = 0, keepdim = true} : (!pypto.tile<[64, 64], f16>) -> !pypto.tile<[1, 64], f16>
  %x2 = pypto.block.max %w5 {axis = 1} : (!pypto.tile<[64, 64], f16>) -> !pypto.tile<[64], f16>
  %x3 = pypto.block.row_max %w5 : (!pypto.tile<[64, 64], f16>) -> !pypto.tile<[64, 1], f16>
  %x4 = pypto.block.row_sum %w5 : (!pypto.tile<[64, 64], f16>) -> !pypto.tile<[64, 1], f16>
  %y1 = pypto.block.row_expand_sub %w5, %x3 : (!pypto.tile<[64, 64], f16>, !pypto.tile<[64, 1], f16>) -> !pypto.tile<[64, 64], f16>
  %y2 = pypto.block.row_expand_div %y1, %x4 : (!pypto.tile<[64, 64], f16>, !pypto.tile<[64, 1], f16>) -> !pypto.tile<[64, 64], f16>
  %y3 = pypto.block.row_expand_mul %y2, %x4 : (!pypto.tile<[64, 64], f16>, !pypto.tile<[64, 1], f16>) -> !pypto.tile<[64, 64], f16>
  %c1 = pypto.const 1 : i64
  %c4096 = pypto.const 4096 : i64
  // CHECK: pypto.block.alloc %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : (i64, i64, i64, i64) -> !pypto.memref
  %mem = pypto.block.alloc %c1, %c0, %c4096, %c0 : (i64, i64, i64, i64) -> !pypto.memref
  %idx = pypto.block.get_block_idx : i64
  // CHECK: pypto.system.sync_src {event_id = 0 : i64, set_pipe = #pypto.pipe<MTE2>, wait_pipe = #pypto.pipe<V>}
  pypto.system.sync_src {set_pipe = #pypto.pipe<MTE2>, wait_pipe = #pypto.pipe<V>, event_id = 0}
  pypto.system.sync_dst {set_pipe = #pypto.pipe<MTE2>, wait_pipe = #pypto.pipe<V>, event_id = 0}
  pypto.system.bar_v
  pypto.system.bar_m
  pypto.system.bar_all
  // CHECK: pypto.block.store
  %o = pypto.block.store %m2, %c0, %c0, %c64, %c64, %out : (!pypto.tile<[64, 64], f32>, i64, i64, i64, i64, !pypto.tensor<[64, 64], f32>) -> !pypto.tensor<[64, 64], f32>
  return %o : !pypto.tensor<[64, 64], f32>
}

// CHECK-LABEL: func.func private @types
// CHECK-SAME: (!pypto.pipe<MTE1>, !pypto.unknown, !pypto.hf4, !pypto.hf8, ui8, f4E2M1FN, f8E4M3FN)
func.func private @types(!pypto.pipe<MTE1>, !pypto.unknown, !pypto.hf4, !pypto.hf8, ui8, f4E2M1FN, f8E4M3FN)

// Variables of programs not in SSA form, and y = x.
// CHECK-LABEL: func.func @cells
// CHECK-NEXT: %[[V:.*]] = pypto.var : <f32>
// CHECK-NEXT: %[[A:.*]] = pypto.alias %arg0 : f32
// CHECK-NEXT: pypto.assign %[[V]], %[[A]] : <f32>, f32
// CHECK-NEXT: %[[R:.*]] = pypto.read %[[V]] : <f32> -> f32
// CHECK-NEXT: return %[[R]] : f32
func.func @cells(%x: f32) -> f32 {
  %v = pypto.var : !pypto.var<f32>
  %a = pypto.alias %x : f32
  pypto.assign %v, %a : !pypto.var<f32>, f32
  %r = pypto.read %v : !pypto.var<f32> -> f32
  return %r : f32
}
