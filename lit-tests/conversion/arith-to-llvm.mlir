// convert-arith-to-llvm: arith ops become llvm ops with their overflow and fast-math
// flags, index casts extensions/truncations (or nothing), the extended ops intrinsic
// calls or wide multiplications, the rounding divisions expanded, and elementwise ops
// on n-D vectors unrolled over the rows of the !llvm.array they convert to. Identical
// to mlir-opt (custom and generic form). Ops that do not convert (scalable outer vector
// dimensions) stay, as in MLIR, whose target does not mark arith illegal.
// RUN: %compat %s --split-input-file --convert-arith-to-llvm
// RUN: %compat %s --split-input-file --convert-arith-to-llvm=index-bitwidth=32
// RUN: %pto-opt %s --split-input-file --convert-arith-to-llvm | FileCheck %s

// CHECK-LABEL: func.func @scalar(
// CHECK-NEXT:    %0 = builtin.unrealized_conversion_cast %arg2 : index to i64
// CHECK-NEXT:    %1 = llvm.add %arg0, %arg1 overflow<nsw, nuw> : i32
// CHECK:         %3 = llvm.fadd %arg3, %arg3 {fastmathFlags = #llvm.fastmath<fast>} : f32
// CHECK:         %5 = llvm.trunc %0 : i64 to i32
// CHECK-NEXT:    %6 = llvm.zext %arg0 : i32 to i64
// CHECK-NEXT:    %7 = "llvm.intr.uadd.with.overflow"(%arg0, %arg1) : (i32, i32) -> !llvm.struct<(i32, i1)>
// CHECK:         %17 = llvm.icmp "slt" %arg0, %arg1 : i32
// CHECK:         llvm.intr.smax(%arg0, %arg1) : (i32, i32) -> i32
// CHECK:         return %1, %0 : i32, i64
func.func @scalar(%a: i32, %b: i32, %i: index, %x: f32, %v: vector<4xf32>, %c: i1) -> (i32, i64) {
  %0 = arith.addi %a, %b overflow<nsw, nuw> : i32
  %1 = arith.addi %a, %b : i32
  %2 = arith.addf %x, %x fastmath<fast> : f32
  %3 = arith.addf %x, %x : f32
  %4 = arith.index_cast %i : index to i32
  %5 = arith.index_castui %a : i32 to index
  %6 = arith.index_cast %i : index to i64
  %7:2 = arith.addui_extended %a, %b : i32, i1
  %8:2 = arith.mulsi_extended %a, %b : i32
  %9 = arith.cmpi slt, %a, %b : i32
  %10 = arith.cmpf olt, %x, %x : f32
  %11 = arith.select %c, %a, %b : i32
  %12 = arith.constant dense<1.0> : vector<4xf32>
  %13 = arith.maxsi %a, %b : i32
  %14 = arith.maximumf %x, %x : f32
  %15 = arith.extui %c : i1 to i32
  %16 = arith.uitofp %a : i32 to f32
  %17 = arith.negf %v : vector<4xf32>
  %18 = arith.constant 3 : index
  %19 = arith.constant 2.5 : f32
  %20 = arith.constant true
  %21 = arith.trunci %a : i32 to i8
  %22 = arith.divsi %a, %b : i32
  return %0, %6 : i32, i64
}

// -----

// CHECK-LABEL: func.func @rounding_divisions(
// CHECK:         llvm.udiv
// CHECK:         llvm.sdiv
// CHECK:         %[[M1:.*]] = llvm.mlir.constant(-1 : i32) : i32
// CHECK-NEXT:    llvm.add %{{.*}}, %[[M1]] : i32
func.func @rounding_divisions(%a: i32, %b: i32, %i: index) -> (i32, i32, i32, index) {
  %0 = arith.ceildivui %a, %b : i32
  %1 = arith.floordivsi %a, %b : i32
  %2 = arith.ceildivsi %a, %b : i32
  %3 = arith.ceildivsi %i, %i : index
  return %0, %1, %2, %3 : i32, i32, i32, index
}

// -----

// CHECK-LABEL: func.func @nd_vectors(
// CHECK:         %[[P:.*]] = llvm.mlir.poison : !llvm.array<2 x vector<3xi1>>
// CHECK:         llvm.icmp "slt" %{{.*}}, %{{.*}} : vector<3xi32>
// CHECK:         llvm.insertvalue %{{.*}}, %[[P]][0] : !llvm.array<2 x vector<3xi1>>
// CHECK:         llvm.mlir.constant(dense<1> : vector<2x3xi32>) : !llvm.array<2 x vector<3xi32>>
func.func @nd_vectors(%a: vector<2x3xi32>, %c: vector<2x3xi1>) -> vector<2x3xi32> {
  %0 = arith.select %c, %a, %a : vector<2x3xi1>, vector<2x3xi32>
  %1 = arith.cmpi slt, %0, %a : vector<2x3xi32>
  %2 = arith.constant dense<1> : vector<2x3xi32>
  %3 = arith.index_cast %0 : vector<2x3xi32> to vector<2x3xindex>
  %4 = arith.constant dense<[[1,2,3],[4,5,6]]> : vector<2x3xi32>
  return %2 : vector<2x3xi32>
}

// -----

// Not convertible: stays.
// CHECK-LABEL: func.func @scalable_outer(
// CHECK:         arith.addf %arg0, %arg0 : vector<[2]x[4]xf32>
func.func @scalable_outer(%a: vector<[2]x[4]xf32>) -> vector<[2]x[4]xf32> {
  %0 = arith.addf %a, %a : vector<[2]x[4]xf32>
  return %0 : vector<[2]x[4]xf32>
}

// -----

// MLIR replaces values only when the conversion ends, so a fold still sees a replaced
// operand as the old op's result: not equal to the value it was folded to, and not the
// constant a fold made of it (no commuting, no constant folding through it).
// CHECK-LABEL: func.func @fold_sees_replaced(
// CHECK-DAG:     %[[S:.*]] = llvm.mlir.constant(dense<[3, 4, 5]> : vector<3xi32>) : vector<3xi32>
// CHECK-DAG:     %[[CMP:.*]] = llvm.icmp "slt" %arg0, %arg0 : i32
// CHECK:         %[[SUM:.*]] = llvm.add %[[S]], %arg2 : vector<3xi32>
// CHECK-NEXT:    return %[[CMP]], %[[SUM]] : i1, vector<3xi32>
func.func @fold_sees_replaced(%a: i32, %c: i1, %v: vector<3xi32>) -> (i1, vector<3xi32>) {
  %0 = arith.select %c, %a, %a : i32
  %1 = arith.cmpi slt, %0, %a : i32
  %k = arith.constant dense<[1, 2, 3]> : vector<3xi32>
  %d = arith.constant dense<2> : vector<3xi32>
  %s = arith.addi %k, %d : vector<3xi32>
  %z = arith.constant dense<0> : vector<3xi32>
  %2 = arith.addi %v, %z : vector<3xi32>
  %3 = arith.addi %s, %2 : vector<3xi32>
  return %1, %3 : i1, vector<3xi32>
}

// -----

// A rounding mode on truncf is kept: the constrained intrinsic, exceptions ignored.
// CHECK-LABEL: func.func @truncf_rounding(
// CHECK-NEXT:    llvm.intr.experimental.constrained.fptrunc %arg0 tonearest ignore : f32 to bf16
// CHECK-NEXT:    llvm.intr.experimental.constrained.fptrunc %arg0 downward ignore : f32 to f16
// CHECK-NEXT:    llvm.intr.experimental.constrained.fptrunc %arg1 towardzero ignore : vector<4xf64> to vector<4xf32>
// CHECK-NEXT:    llvm.intr.experimental.constrained.fptrunc %arg0 tonearestaway ignore : f32 to f16
// CHECK-NEXT:    llvm.intr.experimental.constrained.fptrunc %arg1 upward ignore : vector<4xf64> to vector<4xf32>
// CHECK-NEXT:    llvm.fptrunc %arg0 : f32 to f16
func.func @truncf_rounding(%x: f32, %v: vector<4xf64>) {
  %0 = arith.truncf %x to_nearest_even : f32 to bf16
  %1 = arith.truncf %x downward : f32 to f16
  %2 = arith.truncf %v toward_zero : vector<4xf64> to vector<4xf32>
  %3 = arith.truncf %x to_nearest_away : f32 to f16
  %4 = arith.truncf %v upward : vector<4xf64> to vector<4xf32>
  %5 = arith.truncf %x : f32 to f16
  return
}

// -----

// The extended ops on 1-D vectors: the overflow intrinsic, and products at twice the
// width with a splat shift.
// CHECK-LABEL: func.func @extended_vectors(
// CHECK:         "llvm.intr.uadd.with.overflow"(%arg0, %arg1) : (vector<4xi32>, vector<4xi32>) -> !llvm.struct<(vector<4xi32>, vector<4xi1>)>
// CHECK:         llvm.sext %arg0 : vector<4xi32> to vector<4xi64>
// CHECK:         llvm.mlir.constant(dense<32> : vector<4xi64>) : vector<4xi64>
// CHECK:         llvm.zext %arg0 : vector<4xi32> to vector<4xi64>
// CHECK-NOT:     arith.
func.func @extended_vectors(%a: vector<4xi32>, %b: vector<4xi32>) -> (vector<4xi32>, vector<4xi1>, vector<4xi32>, vector<4xi32>) {
  %s, %o = arith.addui_extended %a, %b : vector<4xi32>, vector<4xi1>
  %l, %h = arith.mulsi_extended %a, %b : vector<4xi32>
  %l2, %h2 = arith.mului_extended %a, %b : vector<4xi32>
  return %s, %o, %h, %h2 : vector<4xi32>, vector<4xi1>, vector<4xi32>, vector<4xi32>
}

// -----

// Floats LLVM has no type for convert to integers; arithmetic, comparisons and casts
// on them stay arith ops (an llvm.fadd on i4 would be invalid), a bitcast to the
// integer they convert to is no op.
// CHECK-LABEL: func.func @small_floats(
// CHECK:         arith.extf %arg0 : f8E4M3FN to f32
// CHECK:         arith.cmpf olt, %arg0, %arg0 : f8E4M3FN
// CHECK:         arith.fptosi %arg0 : f8E4M3FN to i32
// CHECK:         arith.negf %arg3 : f4E2M1FN
// CHECK:         arith.truncf %arg2 : f32 to f8E4M3FN
// CHECK:         arith.addf %arg3, %arg3 : f4E2M1FN
// CHECK-NOT:     llvm.bitcast
// CHECK-NOT:     llvm.fadd
func.func @small_floats(%a: f8E4M3FN, %i: i32, %f: f32, %b: f4E2M1FN) -> (f32, i1, i8, i32, f4E2M1FN, f4E2M1FN, f8E4M3FN) {
  %0 = arith.extf %a : f8E4M3FN to f32
  %1 = arith.cmpf olt, %a, %a : f8E4M3FN
  %2 = arith.bitcast %a : f8E4M3FN to i8
  %3 = arith.fptosi %a : f8E4M3FN to i32
  %4 = arith.negf %b : f4E2M1FN
  %5 = arith.truncf %f : f32 to f8E4M3FN
  %6 = arith.addf %b, %b : f4E2M1FN
  return %0, %1, %2, %3, %4, %6, %5 : f32, i1, i8, i32, f4E2M1FN, f4E2M1FN, f8E4M3FN
}
