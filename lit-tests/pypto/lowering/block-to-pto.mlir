// RUN: pto-opt %s --split-input-file --pypto-block-to-pto | FileCheck %s
// The result is valid input of PTOAS's pipeline, synchronised as PTOAS does.
// RUN: pto-opt %s --split-input-file --pypto-block-to-pto --ptoas=enable-insert-sync=true --pto-verify-sync > /dev/null

// A tiled kernel: the tensor parameter is a !pto.ptr viewed once; the returned tensor
// goes to a parameter the function appends (result_args); the tensor iter_arg is
// stored into in place and disappears; every tile is an alloc_tile before its op.
// CHECK-LABEL: func.func @scale(
// CHECK-SAME:      %[[X:.*]]: !pto.ptr<f32>, %[[S:.*]]: f32, %[[OUT:.*]]: !pto.ptr<f32>)
// CHECK-SAME:      pypto.result_args = [2]
// CHECK-DAG:     %[[XV:.*]] = pto.make_tensor_view %[[X]], shape = [%{{.*}}, %{{.*}}], strides = [%{{.*}}, %{{.*}}] : !pto.tensor_view<?x?xf32>
// CHECK-DAG:     %[[OV:.*]] = pto.make_tensor_view %[[OUT]],
// CHECK:         scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}}  : i64 {
// CHECK:           %[[ROW:.*]] = arith.muli %[[I]], %{{.*}} : i64
// CHECK:           %[[R:.*]] = arith.index_cast %[[ROW]] : i64 to index
// CHECK:           %[[P:.*]] = pto.partition_view %[[XV]], offsets = [%[[R]], %{{.*}}], sizes = [%{{.*}}, %{{.*}}] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<8x32xf32>
// CHECK:           %[[T:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 8x32xf32>
// CHECK:           pto.tload ins(%[[P]] : {{.*}}) outs(%[[T]] :
// CHECK:           %[[M:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 8x1xf32>
// CHECK:           pto.trowmax ins(%[[T]], %{{.*}} : {{.*}}) outs(%[[M]] :
// CHECK:           pto.trowexpandsub ins(%[[T]], %[[M]] :
// CHECK:           pto.tmuls ins(%{{.*}}, %[[S]] :
// CHECK:           pto.tstore ins(%{{.*}} : !pto.tile_buf<vec, 8x32xf32>) outs(%{{.*}} : !pto.partition_tensor_view<8x32xf32>)
// CHECK:         return
// CHECK-NOT:     pypto.
func.func @scale(%x: !pypto.tensor<[16, 32], f32>, %s: f32) -> !pypto.tensor<[16, 32], f32> {
  %c16 = pypto.const 16 : i64
  %c32 = pypto.const 32 : i64
  %c0 = pypto.const 0 : i64
  %c1 = pypto.const 1 : i64
  %c2 = pypto.const 2 : i64
  %c8 = pypto.const 8 : i64
  %out = pypto.tensor.create[%c16, %c32] {dtype = f32} : (i64, i64) -> !pypto.tensor<[16, 32], f32>
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc = %out) -> (!pypto.tensor<[16, 32], f32>) : i64 {
    %row = pypto.mul %i, %c8 : i64
    %t = pypto.block.load %x, %row, %c0, %c8, %c32 : (!pypto.tensor<[16, 32], f32>, i64, i64, i64, i64) -> !pypto.tile<[8, 32], f32>
    %m = pypto.block.row_max %t : (!pypto.tile<[8, 32], f32>) -> !pypto.tile<[8, 1], f32>
    %d = pypto.block.row_expand_sub %t, %m : (!pypto.tile<[8, 32], f32>, !pypto.tile<[8, 1], f32>) -> !pypto.tile<[8, 32], f32>
    %y = pypto.block.muls %d, %s : (!pypto.tile<[8, 32], f32>, f32) -> !pypto.tile<[8, 32], f32>
    %st = pypto.block.store %y, %row, %c0, %c8, %c32, %acc : (!pypto.tile<[8, 32], f32>, i64, i64, i64, i64, !pypto.tensor<[16, 32], f32>) -> !pypto.tensor<[16, 32], f32>
    scf.yield %st : !pypto.tensor<[16, 32], f32>
  }
  return %r : !pypto.tensor<[16, 32], f32>
}

// -----

// A K loop carrying an L0C tile: one acc buffer at the entry, written in place.
// CHECK-LABEL: func.func @mm(
// CHECK-SAME:      pypto.result_args = [2]
// CHECK:         %[[ACC:.*]] = pto.alloc_tile : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>
// CHECK:         pto.alloc_tile : !pto.tile_buf<mat, 16x16xf32, blayout=col_major, slayout=row_major>
// CHECK:         pto.alloc_tile : !pto.tile_buf<left, 16x16xf32, slayout=row_major>
// CHECK:         pto.alloc_tile : !pto.tile_buf<right, 16x16xf32, slayout=col_major>
// CHECK:         pto.tmatmul ins({{.*}}) outs(%[[ACC]] :
// CHECK:         scf.for
// CHECK:           pto.tmatmul.acc ins(%[[ACC]], {{.*}}) outs(%[[ACC]] :
// CHECK:         pto.tstore ins(%[[ACC]] :
func.func @mm(%a: !pypto.tensor<[16, 32], f32>, %b: !pypto.tensor<[32, 16], f32>) -> !pypto.tensor<[16, 16], f32> {
  %c0 = pypto.const 0 : i64
  %c1 = pypto.const 1 : i64
  %c2 = pypto.const 2 : i64
  %c16 = pypto.const 16 : i64
  %out = pypto.tensor.create[%c16, %c16] {dtype = f32} : (i64, i64) -> !pypto.tensor<[16, 16], f32>
  %a0 = pypto.block.load %a, %c0, %c0, %c16, %c16 {target_memory = 2} : (!pypto.tensor<[16, 32], f32>, i64, i64, i64, i64) -> !pypto.tile<[16, 16], f32>
  %b0 = pypto.block.load %b, %c0, %c0, %c16, %c16 {target_memory = 2} : (!pypto.tensor<[32, 16], f32>, i64, i64, i64, i64) -> !pypto.tile<[16, 16], f32>
  %l0 = pypto.block.move %a0 {target_memory = 3} : (!pypto.tile<[16, 16], f32>) -> !pypto.tile<[16, 16], f32>
  %r0 = pypto.block.move %b0 {target_memory = 4} : (!pypto.tile<[16, 16], f32>) -> !pypto.tile<[16, 16], f32>
  %first = pypto.block.matmul %l0, %r0 : (!pypto.tile<[16, 16], f32>, !pypto.tile<[16, 16], f32>) -> !pypto.tile<[16, 16], f32>
  %acc = scf.for %k = %c1 to %c2 step %c1 iter_args(%c = %first) -> (!pypto.tile<[16, 16], f32>) : i64 {
    %kk = pypto.mul %k, %c16 : i64
    %a1 = pypto.block.load %a, %c0, %kk, %c16, %c16 {target_memory = 2} : (!pypto.tensor<[16, 32], f32>, i64, i64, i64, i64) -> !pypto.tile<[16, 16], f32>
    %b1 = pypto.block.load %b, %kk, %c0, %c16, %c16 {target_memory = 2} : (!pypto.tensor<[32, 16], f32>, i64, i64, i64, i64) -> !pypto.tile<[16, 16], f32>
    %l1 = pypto.block.move %a1 {target_memory = 3} : (!pypto.tile<[16, 16], f32>) -> !pypto.tile<[16, 16], f32>
    %r1 = pypto.block.move %b1 {target_memory = 4} : (!pypto.tile<[16, 16], f32>) -> !pypto.tile<[16, 16], f32>
    %n = pypto.block.matmul_acc %c, %l1, %r1 : (!pypto.tile<[16, 16], f32>, !pypto.tile<[16, 16], f32>, !pypto.tile<[16, 16], f32>) -> !pypto.tile<[16, 16], f32>
    scf.yield %n : !pypto.tile<[16, 16], f32>
  }
  %st = pypto.block.store %acc, %c0, %c0, %c16, %c16, %out : (!pypto.tile<[16, 16], f32>, i64, i64, i64, i64, !pypto.tensor<[16, 16], f32>) -> !pypto.tensor<[16, 16], f32>
  return %st : !pypto.tensor<[16, 16], f32>
}

// -----

// Scalars: Python's floor division and modulo, comparisons, casts. A scalar result
// stays a result (-1 in result_args); a returned parameter is written in place.
// CHECK-LABEL: func.func @scalars(
// CHECK-SAME:      %[[T:.*]]: !pto.ptr<f32>, %[[A:.*]]: i32, %[[B:.*]]: i32) -> (i64, i1)
// CHECK-SAME:      pypto.result_args = [-1, 0, -1]
// CHECK:         arith.floordivsi %[[A]], %[[B]] : i32
// CHECK:         %[[REM:.*]] = arith.remsi %[[A]], %[[B]] : i32
// CHECK:         arith.select %{{.*}}, %{{.*}}, %[[REM]] : i32
// CHECK:         arith.extsi %{{.*}} : i32 to i64
// CHECK:         arith.cmpi slt, %[[A]], %[[B]] : i32
// CHECK:         return %{{.*}}, %{{.*}} : i64, i1
func.func @scalars(%t: !pypto.tensor<[8, 8], f32>, %a: i32, %b: i32) -> (i64, !pypto.tensor<[8, 8], f32>, i1) {
  %q = pypto.floordiv %a, %b : i32
  %m = pypto.floormod %a, %b : i32
  %s = pypto.add %q, %m : i32
  %w = pypto.cast %s : i32 to i64
  %lt = pypto.lt %a, %b : i32
  return %w, %t, %lt : i64, !pypto.tensor<[8, 8], f32>, i1
}

// -----

// minimum (of equal tiles, and with an [M, 1] row broadcast) and cast with its rounding
// mode (1: down).
// CHECK-LABEL: func.func @clamp_cast(
// CHECK:         pto.trowexpandmin ins(%{{.*}}, %{{.*}} : !pto.tile_buf<vec, 16x32xf32>, !pto.tile_buf<vec, 16x1xf32>) outs(%[[A:[^ ]*]] :
// CHECK:         pto.tmin ins(%[[A]], %{{.*}} : !pto.tile_buf<vec, 16x32xf32>, !pto.tile_buf<vec, 16x32xf32>) outs(%[[B:[^ ]*]] :
// CHECK:         pto.tcvt ins(%[[B]] {rmode = #pto<round_mode FLOOR>} : !pto.tile_buf<vec, 16x32xf32>) outs(%{{.*}} : !pto.tile_buf<vec, 16x32xi16>)
func.func @clamp_cast(%arg0: !pypto.tensor<[16, 32], f32>, %arg1: !pypto.tensor<[16, 1], f32>) -> !pypto.tensor<[16, 32], i16> {
  %0 = pypto.const 16 : i64
  %1 = pypto.const 32 : i64
  %2 = pypto.tensor.create[%0, %1] {dtype = i16} : (i64, i64) -> !pypto.tensor<[16, 32], i16>
  %3 = pypto.const 0 : i64
  %4 = pypto.const 1 : i64
  %5 = pypto.const 1 : i64
  %6 = scf.for %arg2 = %3 to %4 step %5 iter_args(%arg3 = %2) -> (!pypto.tensor<[16, 32], i16>)  : i64 {
    %7 = pypto.const 16 : i64
    %8 = pypto.mul %arg2, %7 : i64
    %9 = pypto.const 0 : i64
    %10 = pypto.const 16 : i64
    %11 = pypto.const 1 : i64
    %12 = pypto.block.load %arg1, %8, %9, %10, %11 : (!pypto.tensor<[16, 1], f32>, i64, i64, i64, i64) -> !pypto.tile<[16, 1], f32>
    %13 = pypto.const 16 : i64
    %14 = pypto.const 32 : i64
    %15 = pypto.block.load %arg0, %8, %9, %13, %14 : (!pypto.tensor<[16, 32], f32>, i64, i64, i64, i64) -> !pypto.tile<[16, 32], f32>
    %16 = pypto.block.minimum %15, %12 : (!pypto.tile<[16, 32], f32>, !pypto.tile<[16, 1], f32>) -> !pypto.tile<[16, 32], f32>
    %17 = pypto.block.minimum %16, %15 : (!pypto.tile<[16, 32], f32>, !pypto.tile<[16, 32], f32>) -> !pypto.tile<[16, 32], f32>
    %18 = pypto.block.cast %17 {mode = 1 : i64, target_type = i16} : (!pypto.tile<[16, 32], f32>) -> !pypto.tile<[16, 32], i16>
    %19 = pypto.const 16 : i64
    %20 = pypto.const 32 : i64
    %21 = pypto.block.store %18, %8, %9, %19, %20, %arg3 : (!pypto.tile<[16, 32], i16>, i64, i64, i64, i64, !pypto.tensor<[16, 32], i16>) -> !pypto.tensor<[16, 32], i16>
    scf.yield %21 : !pypto.tensor<[16, 32], i16>
  }
  return %6 : !pypto.tensor<[16, 32], i16>
}

// -----

// A column vector [1, N] broadcast across rows: pto's tcolexpand ops.
// CHECK-LABEL: func.func @columns(
// CHECK:         pto.tcolexpandadd ins(%{{.*}}, %[[B:[^ ]*]] : !pto.tile_buf<vec, 16x32xf32>, !pto.tile_buf<vec, 1x32xf32>) outs(%[[S:[^ ]*]] :
// CHECK:         pto.tcolexpanddiv ins(%[[S]], %[[B]] : !pto.tile_buf<vec, 16x32xf32>, !pto.tile_buf<vec, 1x32xf32>)
func.func @columns(%arg0: !pypto.tensor<[16, 32], f32>, %arg1: !pypto.tensor<[1, 32], f32>) -> !pypto.tensor<[16, 32], f32> {
  %0 = pypto.const 16 : i64
  %1 = pypto.const 32 : i64
  %2 = pypto.tensor.create[%0, %1] {dtype = f32} : (i64, i64) -> !pypto.tensor<[16, 32], f32>
  %3 = pypto.const 0 : i64
  %4 = pypto.const 1 : i64
  %5 = pypto.const 1 : i64
  %6 = scf.for %arg2 = %3 to %4 step %5 iter_args(%arg3 = %2) -> (!pypto.tensor<[16, 32], f32>)  : i64 {
    %7 = pypto.const 16 : i64
    %8 = pypto.mul %arg2, %7 : i64
    %9 = pypto.const 0 : i64
    %10 = pypto.const 1 : i64
    %11 = pypto.const 32 : i64
    %12 = pypto.block.load %arg1, %9, %9, %10, %11 : (!pypto.tensor<[1, 32], f32>, i64, i64, i64, i64) -> !pypto.tile<[1, 32], f32>
    %13 = pypto.const 16 : i64
    %14 = pypto.const 32 : i64
    %15 = pypto.block.load %arg0, %8, %9, %13, %14 : (!pypto.tensor<[16, 32], f32>, i64, i64, i64, i64) -> !pypto.tile<[16, 32], f32>
    %16 = pypto.block.add %15, %12 : (!pypto.tile<[16, 32], f32>, !pypto.tile<[1, 32], f32>) -> !pypto.tile<[16, 32], f32>
    %17 = pypto.block.div %16, %12 : (!pypto.tile<[16, 32], f32>, !pypto.tile<[1, 32], f32>) -> !pypto.tile<[16, 32], f32>
    %18 = pypto.const 16 : i64
    %19 = pypto.const 32 : i64
    %20 = pypto.block.store %17, %8, %9, %18, %19, %arg3 : (!pypto.tile<[16, 32], f32>, i64, i64, i64, i64, !pypto.tensor<[16, 32], f32>) -> !pypto.tensor<[16, 32], f32>
    scf.yield %20 : !pypto.tensor<[16, 32], f32>
  }
  return %6 : !pypto.tensor<[16, 32], f32>
}

// -----

// An scf.if returning a tensor each branch creates: the result is one buffer (here
// the returned one, a parameter the function appends) and each branch's tensor.create
// is that buffer, so both branches store into it; the scalar result stays.
// CHECK-LABEL: func.func @if_created(
// CHECK-SAME:      %[[X:[^:]*]]: !pto.ptr<f32>, %[[C:[^:]*]]: i1, %[[OUT:[^:]*]]: !pto.ptr<f32>) -> i64
// CHECK-SAME:      pypto.result_args = [2, -1]
// CHECK-NOT:     memref.alloc
// CHECK-DAG:     %[[XV:.*]] = pto.make_tensor_view %[[X]],
// CHECK-DAG:     %[[OV:.*]] = pto.make_tensor_view %[[OUT]],
// CHECK:         %[[K:.*]] = scf.if %[[C]] -> (i64) {
// CHECK:           pto.partition_view %[[XV]],
// CHECK:           pto.texp
// CHECK:           %[[P:.*]] = pto.partition_view %[[OV]],
// CHECK:           pto.tstore ins(%{{.*}} : !pto.tile_buf<vec, 16x32xf32>) outs(%[[P]] :
// CHECK:           scf.yield %{{.*}} : i64
// CHECK:         } else {
// CHECK:           pto.tneg
// CHECK:           %[[Q:.*]] = pto.partition_view %[[OV]],
// CHECK:           pto.tstore ins(%{{.*}} : !pto.tile_buf<vec, 16x32xf32>) outs(%[[Q]] :
// CHECK:           scf.yield %{{.*}} : i64
// CHECK:         }
// CHECK:         return %[[K]] : i64
func.func @if_created(%x: !pypto.tensor<[16, 32], f32>, %c: i1) -> (!pypto.tensor<[16, 32], f32>, i64) {
  %c0 = pypto.const 0 : i64
  %c16 = pypto.const 16 : i64
  %c32 = pypto.const 32 : i64
  %r, %k = scf.if %c -> (!pypto.tensor<[16, 32], f32>, i64) {
    %o = pypto.tensor.create[%c16, %c32] {dtype = f32} : (i64, i64) -> !pypto.tensor<[16, 32], f32>
    %t = pypto.block.load %x, %c0, %c0, %c16, %c32 : (!pypto.tensor<[16, 32], f32>, i64, i64, i64, i64) -> !pypto.tile<[16, 32], f32>
    %e = pypto.block.exp %t : (!pypto.tile<[16, 32], f32>) -> !pypto.tile<[16, 32], f32>
    %s = pypto.block.store %e, %c0, %c0, %c16, %c32, %o : (!pypto.tile<[16, 32], f32>, i64, i64, i64, i64, !pypto.tensor<[16, 32], f32>) -> !pypto.tensor<[16, 32], f32>
    scf.yield %s, %c16 : !pypto.tensor<[16, 32], f32>, i64
  } else {
    %o = pypto.tensor.create[%c16, %c32] {dtype = f32} : (i64, i64) -> !pypto.tensor<[16, 32], f32>
    %t = pypto.block.load %x, %c0, %c0, %c16, %c32 : (!pypto.tensor<[16, 32], f32>, i64, i64, i64, i64) -> !pypto.tile<[16, 32], f32>
    %n = pypto.block.neg %t : (!pypto.tile<[16, 32], f32>) -> !pypto.tile<[16, 32], f32>
    %s = pypto.block.store %n, %c0, %c0, %c16, %c32, %o : (!pypto.tile<[16, 32], f32>, i64, i64, i64, i64, !pypto.tensor<[16, 32], f32>) -> !pypto.tensor<[16, 32], f32>
    scf.yield %s, %c32 : !pypto.tensor<[16, 32], f32>, i64
  }
  return %r, %k : !pypto.tensor<[16, 32], f32>, i64
}

// -----

// Branches yielding tensors from outside (parameters here) copy them into the result
// buffer, row block by row block through a UB tile.
// CHECK-LABEL: func.func @if_copied(
// CHECK-SAME:      %[[A:[^:]*]]: !pto.ptr<f32>, %[[B:[^:]*]]: !pto.ptr<f32>, %[[C:[^:]*]]: i1, %[[OUT:[^:]*]]: !pto.ptr<f32>)
// CHECK-SAME:      pypto.result_args = [3]
// CHECK-DAG:     %[[AV:.*]] = pto.make_tensor_view %[[A]],
// CHECK-DAG:     %[[BV:.*]] = pto.make_tensor_view %[[B]],
// CHECK-DAG:     %[[OV:.*]] = pto.make_tensor_view %[[OUT]],
// CHECK:         scf.if %[[C]] {
// CHECK:           %[[T:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 8x8xf32>
// CHECK:           scf.for
// CHECK:             %[[P:.*]] = pto.partition_view %[[AV]],
// CHECK:             pto.tload ins(%[[P]] : {{.*}}) outs(%[[T]] :
// CHECK:             %[[Q:.*]] = pto.partition_view %[[OV]],
// CHECK:             pto.tstore ins(%[[T]] : {{.*}}) outs(%[[Q]] :
// CHECK:         } else {
// CHECK:           %[[U:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 8x8xf32>
// CHECK:           scf.for
// CHECK:             %[[P:.*]] = pto.partition_view %[[BV]],
// CHECK:             pto.tload ins(%[[P]] : {{.*}}) outs(%[[U]] :
// CHECK:             %[[Q:.*]] = pto.partition_view %[[OV]],
// CHECK:             pto.tstore ins(%[[U]] : {{.*}}) outs(%[[Q]] :
// CHECK:         }
// CHECK:         return
func.func @if_copied(%a: !pypto.tensor<[8, 8], f32>, %b: !pypto.tensor<[8, 8], f32>, %c: i1) -> !pypto.tensor<[8, 8], f32> {
  %0 = scf.if %c -> (!pypto.tensor<[8, 8], f32>) {
    scf.yield %a : !pypto.tensor<[8, 8], f32>
  } else {
    scf.yield %b : !pypto.tensor<[8, 8], f32>
  }
  return %0 : !pypto.tensor<[8, 8], f32>
}

// -----

// Both branches leave their value in the same outer tensor (one stores into the
// loop-carried tensor, the other passes it on): the if and the loop update it in
// place, with no buffer or copy of their own.
// CHECK-LABEL: func.func @if_in_loop(
// CHECK-SAME:      %[[X:[^:]*]]: !pto.ptr<f32>, %[[N:[^:]*]]: i64, %[[OUT:[^:]*]]: !pto.ptr<f32>)
// CHECK-SAME:      pypto.result_args = [2]
// CHECK-NOT:     memref.alloc
// CHECK:         %[[OV:.*]] = pto.make_tensor_view %[[OUT]],
// CHECK:         scf.for %[[I:[^ ]*]] = {{.*}} : i64 {
// CHECK:           %[[C:.*]] = arith.cmpi slt, %[[I]],
// CHECK:           scf.if %[[C]] {
// CHECK:             pto.tadds
// CHECK:             %[[P:.*]] = pto.partition_view %[[OV]],
// CHECK:             pto.tstore ins(%{{.*}} : {{.*}}) outs(%[[P]] :
// CHECK-NEXT:      } else {
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    return
func.func @if_in_loop(%x: !pypto.tensor<[8, 8], f32>, %n: i64) -> !pypto.tensor<[8, 8], f32> {
  %c0 = pypto.const 0 : i64
  %c1 = pypto.const 1 : i64
  %c2 = pypto.const 2 : i64
  %c8 = pypto.const 8 : i64
  %f = pypto.const 1.0 : f32
  %out = pypto.tensor.create[%c8, %c8] {dtype = f32} : (i64, i64) -> !pypto.tensor<[8, 8], f32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %out) -> (!pypto.tensor<[8, 8], f32>) : i64 {
    %lt = pypto.lt %i, %c2 : i64
    %y = scf.if %lt -> (!pypto.tensor<[8, 8], f32>) {
      %t = pypto.block.load %x, %c0, %c0, %c8, %c8 : (!pypto.tensor<[8, 8], f32>, i64, i64, i64, i64) -> !pypto.tile<[8, 8], f32>
      %u = pypto.block.adds %t, %f : (!pypto.tile<[8, 8], f32>, f32) -> !pypto.tile<[8, 8], f32>
      %s = pypto.block.store %u, %c0, %c0, %c8, %c8, %acc : (!pypto.tile<[8, 8], f32>, i64, i64, i64, i64, !pypto.tensor<[8, 8], f32>) -> !pypto.tensor<[8, 8], f32>
      scf.yield %s : !pypto.tensor<[8, 8], f32>
    } else {
      scf.yield %acc : !pypto.tensor<[8, 8], f32>
    }
    scf.yield %y : !pypto.tensor<[8, 8], f32>
  }
  return %r : !pypto.tensor<[8, 8], f32>
}

// -----

// A tile result: the tiles the branches yield share one tile buffer, allocated at
// the entry, which the store after the if reads.
// CHECK-LABEL: func.func @if_tile(
// CHECK:         %[[R:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 16x32xf32>
// CHECK:         %[[T:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 16x32xf32>
// CHECK:         pto.tload ins(%{{.*}} : {{.*}}) outs(%[[T]] :
// CHECK:         scf.if %{{.*}} {
// CHECK-NEXT:      pto.texp ins(%[[T]] : {{.*}}) outs(%[[R]] :
// CHECK-NEXT:    } else {
// CHECK-NEXT:      pto.tneg ins(%[[T]] : {{.*}}) outs(%[[R]] :
// CHECK-NEXT:    }
// CHECK:         pto.tstore ins(%[[R]] :
func.func @if_tile(%a: !pypto.tensor<[16, 32], f32>, %c: i1) -> !pypto.tensor<[16, 32], f32> {
  %c0 = pypto.const 0 : i64
  %c16 = pypto.const 16 : i64
  %c32 = pypto.const 32 : i64
  %t = pypto.block.load %a, %c0, %c0, %c16, %c32 : (!pypto.tensor<[16, 32], f32>, i64, i64, i64, i64) -> !pypto.tile<[16, 32], f32>
  %r = scf.if %c -> (!pypto.tile<[16, 32], f32>) {
    %e = pypto.block.exp %t : (!pypto.tile<[16, 32], f32>) -> !pypto.tile<[16, 32], f32>
    scf.yield %e : !pypto.tile<[16, 32], f32>
  } else {
    %n = pypto.block.neg %t : (!pypto.tile<[16, 32], f32>) -> !pypto.tile<[16, 32], f32>
    scf.yield %n : !pypto.tile<[16, 32], f32>
  }
  %s = pypto.block.store %r, %c0, %c0, %c16, %c32, %a : (!pypto.tile<[16, 32], f32>, i64, i64, i64, i64, !pypto.tensor<[16, 32], f32>) -> !pypto.tensor<[16, 32], f32>
  return %s : !pypto.tensor<[16, 32], f32>
}

// -----

// scf.index_switch as scf.if: the case creating its tensor stores into the result
// buffer, the default copies the parameter it yields.
// CHECK-LABEL: func.func @switch(
// CHECK-SAME:      %[[X:[^:]*]]: !pto.ptr<f32>, %[[I:[^:]*]]: index, %[[OUT:[^:]*]]: !pto.ptr<f32>)
// CHECK-DAG:     %[[XV:.*]] = pto.make_tensor_view %[[X]],
// CHECK-DAG:     %[[OV:.*]] = pto.make_tensor_view %[[OUT]],
// CHECK:         scf.index_switch %[[I]]
// CHECK-NEXT:    case 3 {
// CHECK:           pto.tneg
// CHECK:           %[[P:.*]] = pto.partition_view %[[OV]],
// CHECK:           pto.tstore ins(%{{.*}} : {{.*}}) outs(%[[P]] :
// CHECK:         default {
// CHECK:           scf.for
// CHECK:             pto.partition_view %[[XV]],
// CHECK:             pto.tload
// CHECK:             %[[Q:.*]] = pto.partition_view %[[OV]],
// CHECK:             pto.tstore ins(%{{.*}} : {{.*}}) outs(%[[Q]] :
func.func @switch(%x: !pypto.tensor<[16, 32], f32>, %i: index) -> !pypto.tensor<[16, 32], f32> {
  %c0 = pypto.const 0 : i64
  %c16 = pypto.const 16 : i64
  %c32 = pypto.const 32 : i64
  %r = scf.index_switch %i -> !pypto.tensor<[16, 32], f32>
  case 3 {
    %o = pypto.tensor.create[%c16, %c32] {dtype = f32} : (i64, i64) -> !pypto.tensor<[16, 32], f32>
    %t = pypto.block.load %x, %c0, %c0, %c16, %c32 : (!pypto.tensor<[16, 32], f32>, i64, i64, i64, i64) -> !pypto.tile<[16, 32], f32>
    %n = pypto.block.neg %t : (!pypto.tile<[16, 32], f32>) -> !pypto.tile<[16, 32], f32>
    %s = pypto.block.store %n, %c0, %c0, %c16, %c32, %o : (!pypto.tile<[16, 32], f32>, i64, i64, i64, i64, !pypto.tensor<[16, 32], f32>) -> !pypto.tensor<[16, 32], f32>
    scf.yield %s : !pypto.tensor<[16, 32], f32>
  }
  default {
    scf.yield %x : !pypto.tensor<[16, 32], f32>
  }
  return %r : !pypto.tensor<[16, 32], f32>
}

// -----

// Transposing moves. From L1 to L0A/L0B a change of layout, as on the cube unit: the
// L1 tile's NZ storage of [h, w] is the ZN storage of its [w, h] transpose (treshape),
// which tmov copies into the L0 tile. Within UB, ttrans (with its scratch tile).
// CHECK-LABEL: func.func @moves_transposed(
// CHECK:         %[[A:.*]] = pto.alloc_tile : !pto.tile_buf<mat, 32x16xf32, blayout=col_major, slayout=row_major>
// CHECK:         pto.tload ins({{.*}}) outs(%[[A]] :
// CHECK:         %[[B:.*]] = pto.alloc_tile : !pto.tile_buf<mat, 16x32xf32, blayout=col_major, slayout=row_major>
// CHECK:         pto.tload ins({{.*}}) outs(%[[B]] :
// CHECK:         %[[L:.*]] = pto.alloc_tile : !pto.tile_buf<left, 16x32xf32, slayout=row_major>
// CHECK-NEXT:    %[[AT:.*]] = pto.treshape %[[A]] : !pto.tile_buf<mat, 32x16xf32, blayout=col_major, slayout=row_major> -> !pto.tile_buf<mat, 16x32xf32, slayout=col_major>
// CHECK-NEXT:    pto.tmov ins(%[[AT]] : !pto.tile_buf<mat, 16x32xf32, slayout=col_major>) outs(%[[L]] : !pto.tile_buf<left, 16x32xf32, slayout=row_major>)
// CHECK:         %[[R:.*]] = pto.alloc_tile : !pto.tile_buf<right, 32x16xf32, slayout=col_major>
// CHECK-NEXT:    %[[BT:.*]] = pto.treshape %[[B]] : !pto.tile_buf<mat, 16x32xf32, blayout=col_major, slayout=row_major> -> !pto.tile_buf<mat, 32x16xf32, slayout=col_major>
// CHECK-NEXT:    pto.tmov ins(%[[BT]] : {{.*}}) outs(%[[R]] : !pto.tile_buf<right, 32x16xf32, slayout=col_major>)
// CHECK:         pto.tmatmul ins(%[[L]], %[[R]] :
// CHECK:         %[[V:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 16x32xf32>
// CHECK:         pto.tload ins({{.*}}) outs(%[[V]] :
// CHECK:         %[[VT:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 32x16xf32>
// CHECK-NEXT:    %[[TMP:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 32x16xf32>
// CHECK-NEXT:    pto.ttrans ins(%[[V]], %[[TMP]] : !pto.tile_buf<vec, 16x32xf32>, !pto.tile_buf<vec, 32x16xf32>) outs(%[[VT]] : !pto.tile_buf<vec, 32x16xf32>)
// CHECK:         pto.tstore ins(%[[VT]] :
func.func @moves_transposed(%a: !pypto.tensor<[32, 16], f32>, %b: !pypto.tensor<[16, 32], f32>) -> (!pypto.tensor<[16, 16], f32>, !pypto.tensor<[32, 16], f32>) {
  %c0 = pypto.const 0 : i64
  %c16 = pypto.const 16 : i64
  %c32 = pypto.const 32 : i64
  %out = pypto.tensor.create[%c16, %c16] {dtype = f32} : (i64, i64) -> !pypto.tensor<[16, 16], f32>
  %a1 = pypto.block.load %a, %c0, %c0, %c32, %c16 {target_memory = 2} : (!pypto.tensor<[32, 16], f32>, i64, i64, i64, i64) -> !pypto.tile<[32, 16], f32>
  %b1 = pypto.block.load %b, %c0, %c0, %c16, %c32 {target_memory = 2} : (!pypto.tensor<[16, 32], f32>, i64, i64, i64, i64) -> !pypto.tile<[16, 32], f32>
  %l = pypto.block.move %a1 {target_memory = 3, transpose = true} : (!pypto.tile<[32, 16], f32>) -> !pypto.tile<[16, 32], f32>
  %r = pypto.block.move %b1 {target_memory = 4, transpose = true} : (!pypto.tile<[16, 32], f32>) -> !pypto.tile<[32, 16], f32>
  %p = pypto.block.matmul %l, %r : (!pypto.tile<[16, 32], f32>, !pypto.tile<[32, 16], f32>) -> !pypto.tile<[16, 16], f32>
  %st = pypto.block.store %p, %c0, %c0, %c16, %c16, %out : (!pypto.tile<[16, 16], f32>, i64, i64, i64, i64, !pypto.tensor<[16, 16], f32>) -> !pypto.tensor<[16, 16], f32>
  %out2 = pypto.tensor.create[%c32, %c16] {dtype = f32} : (i64, i64) -> !pypto.tensor<[32, 16], f32>
  %v = pypto.block.load %b, %c0, %c0, %c16, %c32 : (!pypto.tensor<[16, 32], f32>, i64, i64, i64, i64) -> !pypto.tile<[16, 32], f32>
  %vt = pypto.block.move %v {target_memory = 1, transpose = true} : (!pypto.tile<[16, 32], f32>) -> !pypto.tile<[32, 16], f32>
  %st2 = pypto.block.store %vt, %c0, %c0, %c32, %c16, %out2 : (!pypto.tile<[32, 16], f32>, i64, i64, i64, i64, !pypto.tensor<[32, 16], f32>) -> !pypto.tensor<[32, 16], f32>
  return %st, %st2 : !pypto.tensor<[16, 16], f32>, !pypto.tensor<[32, 16], f32>
}

// -----

// A vector on the left of an op is expanded into a full tile first (trowexpand for
// [M, 1], tcolexpand for [1, N]); the op keeps its operand order.
// CHECK-LABEL: func.func @left_vectors(
// CHECK:         %[[B:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 1x32xf32>
// CHECK:         %[[X:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 16x32xf32>
// CHECK:         %[[C:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 16x1xf32>
// CHECK:         %[[EB:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 16x32xf32>
// CHECK-NEXT:    pto.tcolexpand ins(%[[B]] : !pto.tile_buf<vec, 1x32xf32>) outs(%[[EB]] : !pto.tile_buf<vec, 16x32xf32>)
// CHECK-NEXT:    %[[S:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 16x32xf32>
// CHECK-NEXT:    pto.tsub ins(%[[EB]], %[[X]] : {{.*}}) outs(%[[S]] :
// CHECK-NEXT:    %[[EC:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 16x32xf32>
// CHECK-NEXT:    pto.trowexpand ins(%[[C]] : !pto.tile_buf<vec, 16x1xf32>) outs(%[[EC]] : !pto.tile_buf<vec, 16x32xf32>)
// CHECK-NEXT:    %[[D:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 16x32xf32>
// CHECK-NEXT:    pto.tdiv ins(%[[EC]], %[[S]] : {{.*}}) outs(%[[D]] :
// CHECK-NEXT:    %[[EC2:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 16x32xf32>
// CHECK-NEXT:    pto.trowexpand ins(%[[C]] : {{.*}}) outs(%[[EC2]] :
// CHECK-NEXT:    %[[M:.*]] = pto.alloc_tile : !pto.tile_buf<vec, 16x32xf32>
// CHECK-NEXT:    pto.tcolexpandmul ins(%[[EC2]], %[[B]] : !pto.tile_buf<vec, 16x32xf32>, !pto.tile_buf<vec, 1x32xf32>) outs(%[[M]] :
func.func @left_vectors(%x: !pypto.tensor<[16, 32], f32>, %b: !pypto.tensor<[1, 32], f32>, %c: !pypto.tensor<[16, 1], f32>) -> !pypto.tensor<[16, 32], f32> {
  %c0 = pypto.const 0 : i64
  %c1 = pypto.const 1 : i64
  %c16 = pypto.const 16 : i64
  %c32 = pypto.const 32 : i64
  %out = pypto.tensor.create[%c16, %c32] {dtype = f32} : (i64, i64) -> !pypto.tensor<[16, 32], f32>
  %tb = pypto.block.load %b, %c0, %c0, %c1, %c32 : (!pypto.tensor<[1, 32], f32>, i64, i64, i64, i64) -> !pypto.tile<[1, 32], f32>
  %tx = pypto.block.load %x, %c0, %c0, %c16, %c32 : (!pypto.tensor<[16, 32], f32>, i64, i64, i64, i64) -> !pypto.tile<[16, 32], f32>
  %tc = pypto.block.load %c, %c0, %c0, %c16, %c1 : (!pypto.tensor<[16, 1], f32>, i64, i64, i64, i64) -> !pypto.tile<[16, 1], f32>
  %s = pypto.block.sub %tb, %tx : (!pypto.tile<[1, 32], f32>, !pypto.tile<[16, 32], f32>) -> !pypto.tile<[16, 32], f32>
  %d = pypto.block.div %tc, %s : (!pypto.tile<[16, 1], f32>, !pypto.tile<[16, 32], f32>) -> !pypto.tile<[16, 32], f32>
  %m = pypto.block.mul %tc, %tb : (!pypto.tile<[16, 1], f32>, !pypto.tile<[1, 32], f32>) -> !pypto.tile<[16, 32], f32>
  %y = pypto.block.add %d, %m : (!pypto.tile<[16, 32], f32>, !pypto.tile<[16, 32], f32>) -> !pypto.tile<[16, 32], f32>
  %st = pypto.block.store %y, %c0, %c0, %c16, %c32, %out : (!pypto.tile<[16, 32], f32>, i64, i64, i64, i64, !pypto.tensor<[16, 32], f32>) -> !pypto.tensor<[16, 32], f32>
  return %st : !pypto.tensor<[16, 32], f32>
}

// -----

// A reshape is the same buffer under another shape: a tensor view of the pointer
// with the new shape ([8, 32] seen as [16, 16]). A returned reshape of a created tensor returns that buffer (the appended
// parameter, viewed with the created tensor's shape where it is written).
// CHECK-LABEL: func.func @reshapes(
// CHECK-SAME:      %[[X:.*]]: !pto.ptr<f32>, %[[OUT:.*]]: !pto.ptr<f32>)
// CHECK-SAME:      pypto.result_args = [1]
// CHECK-DAG:     %[[C16:.*]] = arith.constant 16 : index
// CHECK-DAG:     %[[XV:.*]] = pto.make_tensor_view %[[X]], shape = [%[[C16]]{{.*}}, %[[C16]]{{.*}}], strides = [%[[C16]]{{.*}}, %{{.*}}]
// CHECK-DAG:     %[[OV:.*]] = pto.make_tensor_view %[[OUT]], shape = [%[[C16]]{{.*}}, %[[C16]]{{.*}}], strides = [%[[C16]]{{.*}}, %{{.*}}]
// CHECK:         pto.partition_view %[[XV]], {{.*}} -> !pto.partition_tensor_view<16x16xf32>
// CHECK:         %[[P:.*]] = pto.partition_view %[[OV]], {{.*}} -> !pto.partition_tensor_view<16x16xf32>
// CHECK:         pto.tstore {{.*}} outs(%[[P]] : !pto.partition_tensor_view<16x16xf32>)
// CHECK:         return
func.func @reshapes(%x: !pypto.tensor<[8, 32], f32>) -> !pypto.tensor<[256], f32> {
  %c0 = pypto.const 0 : i64
  %c16 = pypto.const 16 : i64
  %c256 = pypto.const 256 : i64
  %xr = pypto.tensor.reshape %x [%c16, %c16] : (!pypto.tensor<[8, 32], f32>, i64, i64) -> !pypto.tensor<[16, 16], f32>
  %out = pypto.tensor.create[%c16, %c16] {dtype = f32} : (i64, i64) -> !pypto.tensor<[16, 16], f32>
  %t = pypto.block.load %xr, %c0, %c0, %c16, %c16 : (!pypto.tensor<[16, 16], f32>, i64, i64, i64, i64) -> !pypto.tile<[16, 16], f32>
  %st = pypto.block.store %t, %c0, %c0, %c16, %c16, %out : (!pypto.tile<[16, 16], f32>, i64, i64, i64, i64, !pypto.tensor<[16, 16], f32>) -> !pypto.tensor<[16, 16], f32>
  %r = pypto.tensor.reshape %st [%c256] : (!pypto.tensor<[16, 16], f32>, i64) -> !pypto.tensor<[256], f32>
  return %r : !pypto.tensor<[256], f32>
}
