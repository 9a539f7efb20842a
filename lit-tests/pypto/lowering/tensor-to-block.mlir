// RUN: pto-opt %s --split-input-file --pypto-tensor-to-block | FileCheck %s
// RUN: pto-opt %s --split-input-file --pypto-tensor-to-block="tile-rows=8 matmul-tile=32,32,32" | FileCheck %s --check-prefix=OPT
// RUN: pto-opt %s --split-input-file --pypto-tensor-to-block --mlir-pass-statistics 2>&1 >/dev/null | FileCheck %s --check-prefix=STATS

// A row softmax is one fused loop over blocks of rows (all 64 fit UB here; 8 with
// tile-rows=8): each block is loaded once, the
// chain runs on tiles (row reductions, [M, 1] broadcasts as row_expand ops), only the
// result is stored, into a tensor created before the loop and carried through it.
// CHECK-LABEL: func.func @softmax(
// CHECK:         %[[OUT:.*]] = pypto.tensor.create[%{{.*}}, %{{.*}}] {dtype = f32}
// CHECK:         %[[R:.*]] = scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %[[OUT]]) -> (!pypto.tensor<[64, 64], f32>)  : i64 {
// CHECK:           %[[ROW:.*]] = pypto.mul %[[I]], %{{.*}} : i64
// CHECK:           %[[X:.*]] = pypto.block.load %arg0, %[[ROW]], {{.*}} -> !pypto.tile<[64, 64], f32>
// CHECK-NEXT:      %[[M:.*]] = pypto.block.row_max %[[X]] : {{.*}} -> !pypto.tile<[64, 1], f32>
// CHECK-NEXT:      %[[S:.*]] = pypto.block.row_expand_sub %[[X]], %[[M]]
// CHECK-NEXT:      %[[E:.*]] = pypto.block.exp %[[S]]
// CHECK-NEXT:      %[[Z:.*]] = pypto.block.row_sum %[[E]]
// CHECK-NEXT:      %[[Y:.*]] = pypto.block.row_expand_div %[[E]], %[[Z]]
// CHECK:           %[[ST:.*]] = pypto.block.store %[[Y]], %[[ROW]], %{{.*}}, %{{.*}}, %{{.*}}, %[[ACC]]
// CHECK-NEXT:      scf.yield %[[ST]]
// CHECK:         return %[[R]]
// OPT-LABEL: func.func @softmax(
// OPT:         pypto.block.load {{.*}} -> !pypto.tile<[8, 64], f32>
// STATS: (S) 1 num-fused-chains - Number of fused row-local chains
// STATS-NEXT: (S) 5 num-lowered-ops
func.func @softmax(%x: !pypto.tensor<[64, 64], f32>) -> !pypto.tensor<[64, 64], f32> {
  %0 = pypto.tensor.row_max %x : (!pypto.tensor<[64, 64], f32>) -> !pypto.tensor<[64, 1], f32>
  %1 = pypto.tensor.sub %x, %0 : (!pypto.tensor<[64, 64], f32>, !pypto.tensor<[64, 1], f32>) -> !pypto.tensor<[64, 64], f32>
  %2 = pypto.tensor.exp %1 : (!pypto.tensor<[64, 64], f32>) -> !pypto.tensor<[64, 64], f32>
  %3 = pypto.tensor.row_sum %2 : (!pypto.tensor<[64, 64], f32>) -> !pypto.tensor<[64, 1], f32>
  %4 = pypto.tensor.div %2, %3 : (!pypto.tensor<[64, 64], f32>, !pypto.tensor<[64, 1], f32>) -> !pypto.tensor<[64, 64], f32>
  return %4 : !pypto.tensor<[64, 64], f32>
}

// -----

// A value used after the chain is stored too; a row vector on the left of a
// commutative op is swapped to the right; scalars stay scalars.
// CHECK-LABEL: func.func @two_outputs(
// CHECK-COUNT-2: pypto.tensor.create
// CHECK:         scf.for {{.*}} -> (!pypto.tensor<[16, 1], f32>, !pypto.tensor<[16, 32], f32>)
// CHECK:           %[[B:.*]] = pypto.block.load %arg1
// CHECK-NEXT:      %[[T:.*]] = pypto.block.adds %[[B]], %arg2
// CHECK:           %[[A:.*]] = pypto.block.load %arg0
// CHECK-NEXT:      pypto.block.add %[[A]], %[[T]] : (!pypto.tile<[16, 32], f32>, !pypto.tile<[16, 1], f32>)
// CHECK-COUNT-2:   pypto.block.store
func.func @two_outputs(%a: !pypto.tensor<[16, 32], f32>, %b: !pypto.tensor<[16, 1], f32>, %s: f32) -> (!pypto.tensor<[16, 32], f32>, !pypto.tensor<[16, 1], f32>) {
  %0 = pypto.tensor.add_scalar %b, %s : (!pypto.tensor<[16, 1], f32>, f32) -> !pypto.tensor<[16, 1], f32>
  %1 = pypto.tensor.add %0, %a : (!pypto.tensor<[16, 1], f32>, !pypto.tensor<[16, 32], f32>) -> !pypto.tensor<[16, 32], f32>
  return %1, %0 : !pypto.tensor<[16, 32], f32>, !pypto.tensor<[16, 1], f32>
}

// -----

// A matmul: output blocks, K loop through L1 and L0A/L0B into an L0C accumulator.
// CHECK-LABEL: func.func @matmul(
// CHECK:         pypto.tensor.create
// CHECK:         scf.for
// CHECK:           scf.for
// CHECK:             pypto.block.load %arg0, {{.*}} {target_memory = 2 : i64}
// CHECK:             pypto.block.load %arg1, {{.*}} {target_memory = 2 : i64}
// CHECK:             pypto.block.move {{.*}} {target_memory = 3 : i64}
// CHECK:             pypto.block.move {{.*}} {target_memory = 4 : i64}
// CHECK:             %[[FIRST:.*]] = pypto.block.matmul
// CHECK:             %[[ACC:.*]] = scf.for {{.*}} iter_args(%[[A:.*]] = %[[FIRST]])
// CHECK:               pypto.block.matmul_acc %[[A]],
// CHECK:             pypto.block.store %[[ACC]]
// OPT-LABEL: func.func @matmul(
// OPT:         pypto.block.load %arg0, {{.*}} -> !pypto.tile<[32, 32], f32>
func.func @matmul(%a: !pypto.tensor<[64, 256], f32>, %b: !pypto.tensor<[256, 64], f32>) -> !pypto.tensor<[64, 64], f32> {
  %0 = pypto.tensor.matmul %a, %b : (!pypto.tensor<[64, 256], f32>, !pypto.tensor<[256, 64], f32>) -> !pypto.tensor<[64, 64], f32>
  return %0 : !pypto.tensor<[64, 64], f32>
}

// -----

// Views are read in place: a load of the view's rows reads the viewed tensor at the
// view's offsets added (no copy, the view op is gone). A chain whose result only an
// assemble reads stores into the assemble's target at its offsets; any other assembled
// value is copied, a block of rows at a time.
// CHECK-LABEL: func.func @windows(
// CHECK-SAME:    %[[X:[^:]*]]: !pypto.tensor<[16, 64], f32>, %[[Y:[^:]*]]: !pypto.tensor<[8, 32], f32>, %[[OUT:[^:]*]]: !pypto.tensor<[16, 64], f32>
// CHECK-NOT:     pypto.tensor.view
// CHECK:         %[[R1:.*]] = scf.for %{{.*}} iter_args(%[[ACC1:.*]] = %[[OUT]])
// CHECK:           %[[ROW:.*]] = pypto.mul
// CHECK:           %[[VROW:.*]] = pypto.add %[[ROW]], %[[C4:.*]] : i64
// CHECK:           %[[V:.*]] = pypto.block.load %[[X]], %[[VROW]], %[[C16:[^,]*]],
// CHECK:           %[[S:.*]] = pypto.block.add %[[V]],
// CHECK:           %[[SROW:.*]] = pypto.add %[[ROW]], %[[C8:.*]] : i64
// CHECK:           pypto.block.store %[[S]], %[[SROW]], %[[C32:[^,]*]], %{{.*}}, %{{.*}}, %[[ACC1]]
// CHECK:         %[[R2:.*]] = scf.for %{{.*}} iter_args(%[[ACC2:.*]] = %[[R1]])
// CHECK:           %[[T:.*]] = pypto.block.load %[[Y]],
// CHECK:           pypto.block.store %[[T]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[ACC2]]
// CHECK:         return %[[R2]]
// STATS: (S) 0 num-fused-chains
// STATS: (S) 1 num-fused-chains
// STATS-NEXT: (S) 3 num-lowered-ops
func.func @windows(%x: !pypto.tensor<[16, 64], f32>, %y: !pypto.tensor<[8, 32], f32>, %out: !pypto.tensor<[16, 64], f32>) -> !pypto.tensor<[16, 64], f32> {
  %c0 = pypto.const 0 : i64
  %c4 = pypto.const 4 : i64
  %c8 = pypto.const 8 : i64
  %c16 = pypto.const 16 : i64
  %c32 = pypto.const 32 : i64
  %v = pypto.tensor.view %x [%c8, %c32] [%c4, %c16] : (!pypto.tensor<[16, 64], f32>, i64, i64, i64, i64) -> !pypto.tensor<[8, 32], f32>
  %s = pypto.tensor.add %v, %y : (!pypto.tensor<[8, 32], f32>, !pypto.tensor<[8, 32], f32>) -> !pypto.tensor<[8, 32], f32>
  %a = pypto.tensor.assemble %out, %s [%c8, %c32] : (!pypto.tensor<[16, 64], f32>, !pypto.tensor<[8, 32], f32>, i64, i64) -> !pypto.tensor<[16, 64], f32>
  %b = pypto.tensor.assemble %a, %y [%c0, %c0] : (!pypto.tensor<[16, 64], f32>, !pypto.tensor<[8, 32], f32>, i64, i64) -> !pypto.tensor<[16, 64], f32>
  return %b : !pypto.tensor<[16, 64], f32>
}

// -----

// minimum (a commutative op: an [M, 1] operand on the left is swapped to the right) and
// cast (keeping its keyword arguments) join the chain.
// CHECK-LABEL: func.func @clamp_cast(
// CHECK:         scf.for
// CHECK:           %[[LO:.*]] = pypto.block.load %arg1
// CHECK:           %[[X:.*]] = pypto.block.load %arg0
// CHECK-NEXT:      %[[M:.*]] = pypto.block.minimum %[[X]], %[[LO]] : (!pypto.tile<[16, 32], f32>, !pypto.tile<[16, 1], f32>)
// CHECK-NEXT:      %[[C:.*]] = pypto.block.cast %[[M]] {mode = 2 : i64, target_type = i16} : (!pypto.tile<[16, 32], f32>) -> !pypto.tile<[16, 32], i16>
// CHECK:           pypto.block.store %[[C]]
func.func @clamp_cast(%x: !pypto.tensor<[16, 32], f32>, %lo: !pypto.tensor<[16, 1], f32>) -> !pypto.tensor<[16, 32], i16> {
  %0 = pypto.tensor.minimum %lo, %x : (!pypto.tensor<[16, 1], f32>, !pypto.tensor<[16, 32], f32>) -> !pypto.tensor<[16, 32], f32>
  %1 = pypto.tensor.cast %0 {target_type = i16, mode = 2} : (!pypto.tensor<[16, 32], f32>) -> !pypto.tensor<[16, 32], i16>
  return %1 : !pypto.tensor<[16, 32], i16>
}

// -----

// A column vector [1, N] broadcasts across rows: its one row is loaded in every block
// (at row 0, one row high); on the left of a commutative op it is swapped to the right.
// CHECK-LABEL: func.func @columns(
// CHECK:         scf.for
// CHECK:           %[[B:.*]] = pypto.block.load %arg1, %[[ZERO:[^,]*]], %[[ZERO]], {{.*}} -> !pypto.tile<[1, 32], f32>
// CHECK:           %[[X:.*]] = pypto.block.load %arg0, %[[ROW:[^,]*]],
// CHECK-NEXT:      %[[S:.*]] = pypto.block.add %[[X]], %[[B]] : (!pypto.tile<[16, 32], f32>, !pypto.tile<[1, 32], f32>) -> !pypto.tile<[16, 32], f32>
// CHECK-NEXT:      pypto.block.div %[[S]], %[[B]] : (!pypto.tile<[16, 32], f32>, !pypto.tile<[1, 32], f32>) -> !pypto.tile<[16, 32], f32>
func.func @columns(%x: !pypto.tensor<[16, 32], f32>, %b: !pypto.tensor<[1, 32], f32>) -> !pypto.tensor<[16, 32], f32> {
  %0 = pypto.tensor.add %b, %x : (!pypto.tensor<[1, 32], f32>, !pypto.tensor<[16, 32], f32>) -> !pypto.tensor<[16, 32], f32>
  %1 = pypto.tensor.div %0, %b : (!pypto.tensor<[16, 32], f32>, !pypto.tensor<[1, 32], f32>) -> !pypto.tensor<[16, 32], f32>
  return %1 : !pypto.tensor<[16, 32], f32>
}

// -----

// A vector on the left of a non-commutative op keeps its place (pypto-block-to-pto
// expands it); an [M, 1] and a [1, N] vector combine into the full [M, N].
// CHECK-LABEL: func.func @left_vectors(
// CHECK:         scf.for
// CHECK:           %[[B:.*]] = pypto.block.load %arg1, {{.*}} -> !pypto.tile<[1, 32], f32>
// CHECK:           %[[X:.*]] = pypto.block.load %arg0, {{.*}} -> !pypto.tile<[16, 32], f32>
// CHECK-NEXT:      %[[S:.*]] = pypto.block.sub %[[B]], %[[X]] : (!pypto.tile<[1, 32], f32>, !pypto.tile<[16, 32], f32>) -> !pypto.tile<[16, 32], f32>
// CHECK:           %[[C:.*]] = pypto.block.load %arg2, {{.*}} -> !pypto.tile<[16, 1], f32>
// CHECK-NEXT:      %[[D:.*]] = pypto.block.div %[[C]], %[[S]] : (!pypto.tile<[16, 1], f32>, !pypto.tile<[16, 32], f32>) -> !pypto.tile<[16, 32], f32>
// CHECK-NEXT:      %[[M:.*]] = pypto.block.mul %[[C]], %[[B]] : (!pypto.tile<[16, 1], f32>, !pypto.tile<[1, 32], f32>) -> !pypto.tile<[16, 32], f32>
// CHECK-NEXT:      pypto.block.add %[[D]], %[[M]]
func.func @left_vectors(%x: !pypto.tensor<[16, 32], f32>, %b: !pypto.tensor<[1, 32], f32>, %c: !pypto.tensor<[16, 1], f32>) -> !pypto.tensor<[16, 32], f32> {
  %0 = pypto.tensor.sub %b, %x : (!pypto.tensor<[1, 32], f32>, !pypto.tensor<[16, 32], f32>) -> !pypto.tensor<[16, 32], f32>
  %1 = pypto.tensor.div %c, %0 : (!pypto.tensor<[16, 1], f32>, !pypto.tensor<[16, 32], f32>) -> !pypto.tensor<[16, 32], f32>
  %2 = pypto.tensor.mul %c, %b : (!pypto.tensor<[16, 1], f32>, !pypto.tensor<[1, 32], f32>) -> !pypto.tensor<[16, 32], f32>
  %3 = pypto.tensor.add %1, %2 : (!pypto.tensor<[16, 32], f32>, !pypto.tensor<[16, 32], f32>) -> !pypto.tensor<[16, 32], f32>
  return %3 : !pypto.tensor<[16, 32], f32>
}

// -----

// b_trans: B's [TN, TK] block is loaded as it lies and moved to L0B transposed.
// CHECK-LABEL: func.func @linear_bt(
// CHECK:         scf.for
// CHECK:           scf.for %{{.*}} iter_args
// CHECK:             pypto.block.load %arg0, {{.*}} -> !pypto.tile<[64, 128], f32>
// CHECK-NEXT:        %[[W:.*]] = pypto.block.load %arg1, %[[COL:[^,]*]], %[[K:[^,]*]], {{.*}} {target_memory = 2 : i64} : {{.*}} -> !pypto.tile<[32, 128], f32>
// CHECK-NEXT:        pypto.block.move {{.*}} {target_memory = 3 : i64}
// CHECK-NEXT:        %[[WT:.*]] = pypto.block.move %[[W]] {target_memory = 4 : i64, transpose = true} : (!pypto.tile<[32, 128], f32>) -> !pypto.tile<[128, 32], f32>
// CHECK-NEXT:        pypto.block.matmul %{{.*}}, %[[WT]]
// CHECK:             pypto.block.move {{.*}} {target_memory = 4 : i64, transpose = true}
// CHECK-NEXT:        pypto.block.matmul_acc
func.func @linear_bt(%x: !pypto.tensor<[64, 256], f32>, %w: !pypto.tensor<[32, 256], f32>) -> !pypto.tensor<[64, 32], f32> {
  %0 = pypto.tensor.matmul %x, %w {b_trans = true} : (!pypto.tensor<[64, 256], f32>, !pypto.tensor<[32, 256], f32>) -> !pypto.tensor<[64, 32], f32>
  return %0 : !pypto.tensor<[64, 32], f32>
}

// -----

// Transposes only matmuls read are read transposed by them (any axes order; negative
// axes count from the end), not materialized; b_trans of a transpose is a plain
// operand.
// CHECK-LABEL: func.func @transposed_operands(
// CHECK-NOT:     pypto.tensor.transpose
// CHECK:         %[[A:.*]] = pypto.block.load %arg0, %[[K:[^,]*]], %[[ROW:[^,]*]], {{.*}} -> !pypto.tile<[32, 64], f32>
// CHECK-NEXT:    %[[W:.*]] = pypto.block.load %arg1, {{.*}} -> !pypto.tile<[64, 32], f32>
// CHECK-NEXT:    pypto.block.move %[[A]] {target_memory = 3 : i64, transpose = true} : (!pypto.tile<[32, 64], f32>) -> !pypto.tile<[64, 32], f32>
// CHECK-NEXT:    pypto.block.move %[[W]] {target_memory = 4 : i64, transpose = true} : (!pypto.tile<[64, 32], f32>) -> !pypto.tile<[32, 64], f32>
// CHECK-NOT:     pypto.tensor.transpose
func.func @transposed_operands(%a: !pypto.tensor<[32, 64], f32>, %w: !pypto.tensor<[64, 32], f32>) -> !pypto.tensor<[64, 64], f32> {
  %t = pypto.tensor.transpose %a {axis1 = 0, axis2 = 1} : (!pypto.tensor<[32, 64], f32>) -> !pypto.tensor<[64, 32], f32>
  %wt = pypto.tensor.transpose %w {axis1 = -1, axis2 = -2} : (!pypto.tensor<[64, 32], f32>) -> !pypto.tensor<[32, 64], f32>
  %0 = pypto.tensor.matmul %t, %wt : (!pypto.tensor<[64, 32], f32>, !pypto.tensor<[32, 64], f32>) -> !pypto.tensor<[64, 64], f32>
  return %0 : !pypto.tensor<[64, 64], f32>
}

// CHECK-LABEL: func.func @untransposed(
// CHECK-NOT:     transpose
// CHECK:         pypto.block.load %arg1, {{.*}} -> !pypto.tile<[32, 64], f32>
// CHECK-NOT:     transpose
// CHECK:         return
func.func @untransposed(%x: !pypto.tensor<[64, 32], f32>, %w: !pypto.tensor<[32, 64], f32>) -> !pypto.tensor<[64, 64], f32> {
  %wt = pypto.tensor.transpose %w {axis1 = 0, axis2 = 1} : (!pypto.tensor<[32, 64], f32>) -> !pypto.tensor<[64, 32], f32>
  %0 = pypto.tensor.matmul %x, %wt {b_trans = true} : (!pypto.tensor<[64, 32], f32>, !pypto.tensor<[64, 32], f32>) -> !pypto.tensor<[64, 64], f32>
  return %0 : !pypto.tensor<[64, 64], f32>
}

// -----

// A transpose read by anything else is materialized: blocks loaded into UB, transposed
// there and stored at the mirrored position of a created tensor, which a matmul then
// reads like any tensor.
// CHECK-LABEL: func.func @materialized(
// CHECK:         %[[T:.*]] = pypto.tensor.create[{{.*}}] {dtype = f32} : (i64, i64) -> !pypto.tensor<[64, 32], f32>
// CHECK:         %[[R:.*]] = scf.for %{{.*}} iter_args(%[[O1:.*]] = %[[T]])
// CHECK:           %[[ROW:.*]] = pypto.mul
// CHECK:           scf.for %{{.*}} iter_args(%[[O2:.*]] = %[[O1]])
// CHECK:             %[[COL:.*]] = pypto.mul
// CHECK:             %[[B:.*]] = pypto.block.load %arg0, %[[ROW]], %[[COL]], %[[H:[^,]*]], %[[W:[^ ]*]] : {{.*}} -> !pypto.tile<[32, 64], f32>
// CHECK-NEXT:        %[[BT:.*]] = pypto.block.move %[[B]] {target_memory = 1 : i64, transpose = true} : (!pypto.tile<[32, 64], f32>) -> !pypto.tile<[64, 32], f32>
// CHECK-NEXT:        pypto.block.store %[[BT]], %[[COL]], %[[ROW]], %[[W]], %[[H]], %[[O2]]
// CHECK:         pypto.block.load %[[R]]
// CHECK:         pypto.block.add
// CHECK:         pypto.block.load %arg1, {{.*}} -> !pypto.tile<[64, 32], f32>
// CHECK-NEXT:    pypto.block.load %[[R]], {{.*}} -> !pypto.tile<[64, 32], f32>
// CHECK-NEXT:    pypto.block.move {{.*}} {target_memory = 3 : i64} :
// CHECK-NEXT:    pypto.block.move {{.*}} {target_memory = 4 : i64, transpose = true} :
func.func @materialized(%a: !pypto.tensor<[32, 64], f32>, %y: !pypto.tensor<[64, 32], f32>) -> (!pypto.tensor<[64, 32], f32>, !pypto.tensor<[64, 64], f32>) {
  %t = pypto.tensor.transpose %a {axis1 = 0, axis2 = 1} : (!pypto.tensor<[32, 64], f32>) -> !pypto.tensor<[64, 32], f32>
  %0 = pypto.tensor.add %t, %y : (!pypto.tensor<[64, 32], f32>, !pypto.tensor<[64, 32], f32>) -> !pypto.tensor<[64, 32], f32>
  %1 = pypto.tensor.matmul %y, %t {b_trans = true} : (!pypto.tensor<[64, 32], f32>, !pypto.tensor<[64, 32], f32>) -> !pypto.tensor<[64, 64], f32>
  return %0, %1 : !pypto.tensor<[64, 32], f32>, !pypto.tensor<[64, 64], f32>
}

// -----

// A reshape of a buffer the function creates, only read (here returned), stays: the
// same buffer under another shape.
// CHECK-LABEL: func.func @reshape_in_place(
// CHECK:         %[[E:.*]] = scf.for
// CHECK:           pypto.block.exp
// CHECK:         %[[R:.*]] = pypto.tensor.reshape %[[E]][{{.*}}] : (!pypto.tensor<[16, 64], f32>, i64, i64) -> !pypto.tensor<[32, 32], f32>
// CHECK-NEXT:    return %[[R]]
func.func @reshape_in_place(%x: !pypto.tensor<[16, 64], f32>) -> !pypto.tensor<[32, 32], f32> {
  %c32 = pypto.const 32 : i64
  %e = pypto.tensor.exp %x : (!pypto.tensor<[16, 64], f32>) -> !pypto.tensor<[16, 64], f32>
  %r = pypto.tensor.reshape %e [%c32, %c32] : (!pypto.tensor<[16, 64], f32>, i64, i64) -> !pypto.tensor<[32, 32], f32>
  return %r : !pypto.tensor<[32, 32], f32>
}

// -----

// A returned reshape of a parameter is a copy (the caller's buffers keep their
// shapes); a reshape of a parameter that is only read is not.
// CHECK-LABEL: func.func @reshape_param(
// CHECK:         %[[IN:.*]] = pypto.tensor.reshape %arg0[{{.*}}] : (!pypto.tensor<[16, 64], f32>, i64, i64) -> !pypto.tensor<[64, 16], f32>
// CHECK:         pypto.block.load %[[IN]]
// CHECK:         %[[C:.*]] = pypto.tensor.create[{{.*}}] {dtype = f32} : (i64, i64) -> !pypto.tensor<[16, 64], f32>
// CHECK:         %[[L:.*]] = scf.for %{{.*}} iter_args(%[[O:.*]] = %[[C]])
// CHECK:           %[[T:.*]] = pypto.block.load %arg0, {{.*}} -> !pypto.tile<[16, 64], f32>
// CHECK-NEXT:      pypto.block.store %[[T]], {{.*}}, %[[O]]
// CHECK:         %[[R:.*]] = pypto.tensor.reshape %[[L]][{{.*}}] : (!pypto.tensor<[16, 64], f32>, i64, i64) -> !pypto.tensor<[32, 32], f32>
// CHECK-NEXT:    return {{.*}}, %[[R]]
func.func @reshape_param(%x: !pypto.tensor<[16, 64], f32>) -> (!pypto.tensor<[64, 16], f32>, !pypto.tensor<[32, 32], f32>) {
  %c16 = pypto.const 16 : i64
  %c32 = pypto.const 32 : i64
  %c64 = pypto.const 64 : i64
  %in = pypto.tensor.reshape %x [%c64, %c16] : (!pypto.tensor<[16, 64], f32>, i64, i64) -> !pypto.tensor<[64, 16], f32>
  %n = pypto.tensor.neg %in : (!pypto.tensor<[64, 16], f32>) -> !pypto.tensor<[64, 16], f32>
  %r = pypto.tensor.reshape %x [%c32, %c32] : (!pypto.tensor<[16, 64], f32>, i64, i64) -> !pypto.tensor<[32, 32], f32>
  return %n, %r : !pypto.tensor<[64, 16], f32>, !pypto.tensor<[32, 32], f32>
}

// -----

// A view is copied into a buffer first (its rows are not contiguous), and so is a
// tensor written in place after the reshape (here an assemble's target).
// CHECK-LABEL: func.func @reshape_copies(
// CHECK:         %[[C:.*]] = pypto.tensor.create[{{.*}}] {dtype = f32} : (i64, i64) -> !pypto.tensor<[16, 16], f32>
// CHECK:         %[[L:.*]] = scf.for %{{.*}} iter_args(%[[O:.*]] = %[[C]])
// CHECK:           %[[T:.*]] = pypto.block.load %arg0, %{{[^,]*}}, %[[C16:[^,]*]], {{.*}} -> !pypto.tile<[{{.*}}, 16], f32>
// CHECK-NEXT:      pypto.block.store %[[T]], {{.*}}, %[[O]]
// CHECK:         pypto.tensor.reshape %[[L]][{{.*}}] : (!pypto.tensor<[16, 16], f32>, i64) -> !pypto.tensor<[256], f32>
// CHECK:         %[[C2:.*]] = pypto.tensor.create[{{.*}}] {dtype = f32} : (i64, i64) -> !pypto.tensor<[16, 8], f32>
// CHECK:         %[[L2:.*]] = scf.for %{{.*}} iter_args(%[[O2:.*]] = %[[C2]])
// CHECK:           pypto.block.load %arg1,
// CHECK:         pypto.tensor.reshape %[[L2]][{{.*}}] : (!pypto.tensor<[16, 8], f32>, i64, i64) -> !pypto.tensor<[8, 16], f32>
// CHECK:         scf.for {{.*}} iter_args(%{{.*}} = %arg1)
func.func @reshape_copies(%x: !pypto.tensor<[16, 64], f32>, %t: !pypto.tensor<[16, 8], f32>, %s: !pypto.tensor<[8, 8], f32>) -> (!pypto.tensor<[256], f32>, !pypto.tensor<[8, 16], f32>, !pypto.tensor<[16, 8], f32>) {
  %c0 = pypto.const 0 : i64
  %c8 = pypto.const 8 : i64
  %c16 = pypto.const 16 : i64
  %c256 = pypto.const 256 : i64
  %v = pypto.tensor.view %x [%c16, %c16] [%c0, %c16] : (!pypto.tensor<[16, 64], f32>, i64, i64, i64, i64) -> !pypto.tensor<[16, 16], f32>
  %r = pypto.tensor.reshape %v [%c256] : (!pypto.tensor<[16, 16], f32>, i64) -> !pypto.tensor<[256], f32>
  %q = pypto.tensor.reshape %t [%c8, %c16] : (!pypto.tensor<[16, 8], f32>, i64, i64) -> !pypto.tensor<[8, 16], f32>
  %a = pypto.tensor.assemble %t, %s [%c0, %c0] : (!pypto.tensor<[16, 8], f32>, !pypto.tensor<[8, 8], f32>, i64, i64) -> !pypto.tensor<[16, 8], f32>
  return %r, %q, %a : !pypto.tensor<[256], f32>, !pypto.tensor<[8, 16], f32>, !pypto.tensor<[16, 8], f32>
}

// -----

// Blocks nested in a loop are lowered before the loop's own block: their matmul reads
// through the transpose and their chain through the view defined in the loop.
// CHECK-LABEL: func.func @nested(
// CHECK:         scf.for
// CHECK-NOT:       pypto.tensor.transpose
// CHECK-NOT:       pypto.tensor.view
// CHECK:           scf.for
// CHECK:             pypto.block.move {{.*}} {target_memory = 4 : i64, transpose = true}
// CHECK:             pypto.block.load %arg1, {{.*}} -> !pypto.tile<[32, 32], f32>
// CHECK-NEXT:        pypto.block.add
func.func @nested(%x: !pypto.tensor<[32, 32], f32>, %w: !pypto.tensor<[32, 64], f32>, %n: i64) -> !pypto.tensor<[32, 32], f32> {
  %c0 = pypto.const 0 : i64
  %c1 = pypto.const 1 : i64
  %c2 = pypto.const 2 : i64
  %c32 = pypto.const 32 : i64
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (!pypto.tensor<[32, 32], f32>) : i64 {
    %v = pypto.tensor.view %w [%c32, %c32] [%c0, %c32] : (!pypto.tensor<[32, 64], f32>, i64, i64, i64, i64) -> !pypto.tensor<[32, 32], f32>
    %t = pypto.tensor.transpose %v {axis1 = 0, axis2 = 1} : (!pypto.tensor<[32, 32], f32>) -> !pypto.tensor<[32, 32], f32>
    %s = scf.for %j = %c0 to %c2 step %c1 iter_args(%a = %acc) -> (!pypto.tensor<[32, 32], f32>) : i64 {
      %m = pypto.tensor.matmul %a, %t : (!pypto.tensor<[32, 32], f32>, !pypto.tensor<[32, 32], f32>) -> !pypto.tensor<[32, 32], f32>
      %y = pypto.tensor.add %m, %v : (!pypto.tensor<[32, 32], f32>, !pypto.tensor<[32, 32], f32>) -> !pypto.tensor<[32, 32], f32>
      scf.yield %y : !pypto.tensor<[32, 32], f32>
    }
    scf.yield %s : !pypto.tensor<[32, 32], f32>
  }
  return %r : !pypto.tensor<[32, 32], f32>
}
