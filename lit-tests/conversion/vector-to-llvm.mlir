// convert-vector-to-llvm: 1-D vector.load/store (the memref's element address without
// wrap flags, aligned as the element type unless an alignment is given, nontemporal),
// scalar broadcasts (insertelement + shufflevector, per row of n-D vectors), fma
// (llvm.intr.fmuladd), reductions (llvm.intr.vector.reduce.*, the accumulator combined
// afterwards or as the start value of float sums and products, fast-math flags),
// extract/insert (extractelement/insertelement with constant or dynamic lanes,
// extractvalue/insertvalue on the rows of n-D vectors), in-bounds 1-D minor-identity
// transfers (through vector.load/store), vector.step (an arith constant), dead ops
// removed by the greedy phase. Identical to mlir-opt (custom and generic form). The
// output is compared directly (%dump-compat): rerunning the pass on its output, as
// %compat does, hoists the new llvm constants in its greedy phase.
// RUN: %dump-compat %s --split-input-file --convert-vector-to-llvm
// RUN: %dump-compat %s --split-input-file --convert-vector-to-llvm --mlir-print-op-generic
// RUN: %dump-compat %s --split-input-file --convert-vector-to-llvm=reassociate-fp-reductions
// RUN: %pto-opt %s --split-input-file --convert-vector-to-llvm | FileCheck %s

// CHECK-LABEL: func.func @f(
// CHECK:         llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr -> vector<4xf32>
// CHECK:         llvm.insertelement
// CHECK-NEXT:    llvm.shufflevector %{{.*}} [0, 0, 0, 0] : vector<4xf32>
// CHECK:         llvm.intr.fmuladd
func.func @f(%m: memref<?x?xf32>, %i: index, %j: index, %s: f32, %v: vector<4xf32>, %w: vector<2x4xf32>, %iv: vector<8xi32>, %acc: i32) -> (vector<4xf32>, f32) {
  %0 = vector.load %m[%i, %j] : memref<?x?xf32>, vector<4xf32>
  vector.store %0, %m[%i, %j] : memref<?x?xf32>, vector<4xf32>
  %1 = vector.broadcast %s : f32 to vector<4xf32>
  %2 = vector.fma %0, %1, %v : vector<4xf32>
  %3 = vector.reduction <add>, %2 : vector<4xf32> into f32
  %4 = vector.reduction <add>, %2, %s : vector<4xf32> into f32
  %5 = vector.reduction <add>, %2, %s fastmath<reassoc> : vector<4xf32> into f32
  %6 = vector.reduction <mul>, %2 : vector<4xf32> into f32
  %7 = vector.reduction <maxnumf>, %2 : vector<4xf32> into f32
  %8 = vector.reduction <minimumf>, %2, %s : vector<4xf32> into f32
  %9 = vector.reduction <add>, %iv, %acc : vector<8xi32> into i32
  %10 = vector.reduction <minsi>, %iv, %acc : vector<8xi32> into i32
  %11 = vector.reduction <xor>, %iv : vector<8xi32> into i32
  %12 = vector.extract %2[1] : f32 from vector<4xf32>
  %13 = vector.extract %2[%i] : f32 from vector<4xf32>
  %14 = vector.insert %s, %2[%i] : f32 into vector<4xf32>
  %15 = vector.extract %w[1] : vector<4xf32> from vector<2x4xf32>
  %16 = vector.extract %w[1, 2] : f32 from vector<2x4xf32>
  %17 = vector.insert %s, %w[1, 2] : f32 into vector<2x4xf32>
  %18 = vector.broadcast %s : f32 to vector<2x4xf32>
  %19 = vector.shape_cast %w : vector<2x4xf32> to vector<8xf32>
  %20 = vector.fma %w, %w, %w : vector<2x4xf32>
  return %14, %12 : vector<4xf32>, f32
}

// -----

// CHECK-LABEL: func.func @red(
// CHECK: "llvm.intr.vector.reduce.fadd"(%0, %arg0) <{fastmathFlags = #llvm.fastmath<none>}>
func.func @red(%v: vector<4xf32>, %s: f32, %iv: vector<8xi32>, %acc: i32) -> (f32, f32, f32, f32, f32, f32, f32, i32, i32, i32, i32, f32) {
  %3 = vector.reduction <add>, %v : vector<4xf32> into f32
  %4 = vector.reduction <add>, %v, %s : vector<4xf32> into f32
  %5 = vector.reduction <add>, %v, %s fastmath<reassoc> : vector<4xf32> into f32
  %6 = vector.reduction <mul>, %v : vector<4xf32> into f32
  %7 = vector.reduction <maxnumf>, %v : vector<4xf32> into f32
  %8 = vector.reduction <minimumf>, %v, %s : vector<4xf32> into f32
  %a = vector.reduction <maxnumf>, %v, %s : vector<4xf32> into f32
  %9 = vector.reduction <add>, %iv, %acc : vector<8xi32> into i32
  %10 = vector.reduction <minsi>, %iv, %acc : vector<8xi32> into i32
  %11 = vector.reduction <xor>, %iv : vector<8xi32> into i32
  %12 = vector.reduction <mul>, %iv, %acc : vector<8xi32> into i32
  %13 = vector.reduction <mul>, %v, %s fastmath<nnan> : vector<4xf32> into f32
  return %3, %4, %5, %6, %7, %8, %a, %9, %10, %11, %12, %13 : f32, f32, f32, f32, f32, f32, f32, i32, i32, i32, i32, f32
}

// -----

func.func @f(%m: memref<?xf32>, %n: memref<4x8xf32>, %i: index, %s: f32, %v: vector<4xf32>, %w: vector<2x4xf32>, %x: vector<2x3x4xi8>, %b: i8) -> (vector<4xf32>, vector<2x4xf32>, f32, vector<4xf32>, vector<2x4xf32>, f32, vector<4xf32>, vector<2x3x4xi8>, vector<2x3x4xi8>, vector<2x4xf32>, i8) {
  %0 = vector.load %m[%i] {alignment = 16} : memref<?xf32>, vector<4xf32>
  vector.store %0, %n[%i, %i] {nontemporal = true} : memref<4x8xf32>, vector<4xf32>
  %1 = vector.broadcast %s : f32 to vector<2x4xf32>
  %2 = vector.extract %w[1, %i] : f32 from vector<2x4xf32>
  %3 = vector.extract %w[1] : vector<4xf32> from vector<2x4xf32>
  %4 = vector.insert %v, %w[0] : vector<4xf32> into vector<2x4xf32>
  %5 = vector.extract %v[%i] : f32 from vector<4xf32>
  %9 = vector.transfer_read %m[%i], %s {in_bounds = [true]} : memref<?xf32>, vector<4xf32>
  vector.transfer_write %9, %m[%i] {in_bounds = [true]} : vector<4xf32>, memref<?xf32>
  %10 = vector.broadcast %b : i8 to vector<2x3x4xi8>
  %11 = vector.insert %b, %x[1, 2, %i] : i8 into vector<2x3x4xi8>
  %12 = vector.insert %s, %w[1, 3] : f32 into vector<2x4xf32>
  %13 = vector.extract %x[1, 1, 1] : i8 from vector<2x3x4xi8>
  return %0, %1, %2, %3, %4, %5, %9, %10, %11, %12, %13 : vector<4xf32>, vector<2x4xf32>, f32, vector<4xf32>, vector<2x4xf32>, f32, vector<4xf32>, vector<2x3x4xi8>, vector<2x3x4xi8>, vector<2x4xf32>, i8
}

// -----

// What does not lower stays: permuted transfers and n-D transfers (MLIR lowers those
// with vector-to-scf first). vector.step becomes a constant.
// CHECK-LABEL: func.func @leftovers(
// CHECK:         vector.transfer_read %arg0[%arg1, %arg1], %arg2 {in_bounds = [true, true]} : memref<?x?xf32>, vector<2x4xf32>
// CHECK:         vector.transfer_read %arg0[%arg1, %arg1], %arg2 {in_bounds = [true], permutation_map = #map} : memref<?x?xf32>, vector<4xf32>
func.func @leftovers(%m: memref<?x?xf32>, %i: index, %p: f32, %v: vector<4xf32>) -> (vector<2x4xf32>, vector<4xf32>, vector<4xindex>) {
  %2 = vector.transfer_read %m[%i, %i], %p {in_bounds = [true, true]} : memref<?x?xf32>, vector<2x4xf32>
  %3 = vector.transfer_read %m[%i, %i], %p {permutation_map = affine_map<(d0, d1) -> (d0)>, in_bounds=[true]} : memref<?x?xf32>, vector<4xf32>
  %4 = vector.step : vector<4xindex>
  return %2, %3, %4 : vector<2x4xf32>, vector<4xf32>, vector<4xindex>
}
