// canonicalize on vector ops, as MLIR 22 (VectorOps.cpp): the folders of broadcast,
// shape_cast, extract, insert and constant_mask, and the patterns BroadcastFolder,
// ShapeCastBroadcastFolder, ExtractOpFromBroadcast, CreateMaskFolder and
// ElideSingleElementReduction. Output identical to mlir-opt in every traversal mode.
// RUN: %pto-opt %s --allow-unregistered-dialect --canonicalize --split-input-file | FileCheck %s
// RUN: %compat %s --canonicalize --split-input-file
// RUN: %compat %s --canonicalize=top-down=false --split-input-file
// RUN: %compat %s --canonicalize=region-simplify=disabled --split-input-file
// RUN: %compat %s --canonicalize --mlir-print-debuginfo --split-input-file
// One iteration is not a fixed point, so compare single runs instead of round trips:
// RUN: %pto-opt %s --allow-unregistered-dialect --canonicalize=max-iterations=1 --split-input-file > %t.pto
// RUN: %mlir-opt %s --allow-unregistered-dialect --canonicalize=max-iterations=1 --split-input-file > %t.mlir
// RUN: diff %t.pto %t.mlir

// broadcast: of its own type, of constants (a splat), of poison; of a broadcast (BroadcastFolder).
// CHECK-LABEL: func.func @bcast(
// CHECK:         ub.poison : vector<3x4xf32>
// CHECK-NEXT:    vector.broadcast %arg0 : f32 to vector<2x4xf32>
// CHECK-NEXT:    vector.broadcast %arg2 : vector<1x4xf32> to vector<2x3x4xf32>
func.func @bcast(%x: f32, %v: vector<4xf32>, %w: vector<1x4xf32>) -> (vector<4xf32>, vector<2x4xf32>, vector<3x4xf32>, vector<2x4xf32>, vector<2x3x4xf32>, vector<4xi32>) {
  %c = arith.constant 2.0 : f32
  %s = arith.constant dense<3> : vector<4xi32>
  %a = vector.broadcast %v : vector<4xf32> to vector<4xf32>
  %b = vector.broadcast %c : f32 to vector<2x4xf32>
  %p = ub.poison : f32
  %d = vector.broadcast %p : f32 to vector<3x4xf32>
  %e = vector.broadcast %x : f32 to vector<4xf32>
  %f = vector.broadcast %e : vector<4xf32> to vector<2x4xf32>
  %g = vector.broadcast %w : vector<1x4xf32> to vector<3x4xf32>
  %h = vector.broadcast %g : vector<3x4xf32> to vector<2x3x4xf32>
  %i = vector.broadcast %s : vector<4xi32> to vector<4xi32>
  %j = vector.broadcast %s : vector<4xi32> to vector<2x4xi32>
  "test.use"(%j) : (vector<2x4xi32>) -> ()
  return %a, %b, %d, %f, %h, %i : vector<4xf32>, vector<2x4xf32>, vector<3x4xf32>, vector<2x4xf32>, vector<2x3x4xf32>, vector<4xi32>
}

// -----

// shape_cast: to its own type, chains (to the source, or casting the source), constants, of a broadcast (ShapeCastBroadcastFolder).
// CHECK-LABEL: func.func @shape_cast(
// CHECK:         vector.shape_cast %arg0 : vector<2x4xf32> to vector<4x2xf32>
// CHECK-NEXT:    vector.broadcast %arg1 : f32 to vector<1x4xf32>
func.func @shape_cast(%v: vector<2x4xf32>, %x: f32) -> (vector<2x4xf32>, vector<8xf32>, vector<2x4xf32>, vector<4x2xf32>, vector<8xi32>, vector<1x4xf32>) {
  %a = vector.shape_cast %v : vector<2x4xf32> to vector<2x4xf32>
  %b = vector.shape_cast %v : vector<2x4xf32> to vector<8xf32>
  %c = vector.shape_cast %b : vector<8xf32> to vector<2x4xf32>
  %d = vector.shape_cast %b : vector<8xf32> to vector<4x2xf32>
  %s = arith.constant dense<3> : vector<2x4xi32>
  %e = vector.shape_cast %s : vector<2x4xi32> to vector<8xi32>
  %bx = vector.broadcast %x : f32 to vector<4xf32>
  %f = vector.shape_cast %bx : vector<4xf32> to vector<1x4xf32>
  return %a, %b, %c, %d, %e, %f : vector<2x4xf32>, vector<8xf32>, vector<2x4xf32>, vector<4x2xf32>, vector<8xi32>, vector<1x4xf32>
}

// -----

// extract: no position, of a broadcast (the source, or from the source in place), of constants (splat at any position, a list at static ones), poison positions.
// CHECK-LABEL: func.func @extract(
// CHECK:         vector.extract %arg2[2] : f32 from vector<4xf32>
// CHECK-NEXT:    vector.extract %arg2[2] : f32 from vector<4xf32>
func.func @extract(%v: vector<2x4xf32>, %x: f32, %y: vector<4xf32>, %i: index) -> (vector<2x4xf32>, f32, f32, vector<4xf32>, f32, f32, f32, vector<4xf32>, f32) {
  %a = vector.extract %v[] : vector<2x4xf32> from vector<2x4xf32>
  %bx = vector.broadcast %x : f32 to vector<2x4xf32>
  %b = vector.extract %bx[1, 2] : f32 from vector<2x4xf32>
  %by = vector.broadcast %y : vector<4xf32> to vector<2x4xf32>
  %c = vector.extract %by[1, 2] : f32 from vector<2x4xf32>
  %d = vector.extract %by[1] : vector<4xf32> from vector<2x4xf32>
  %cst = arith.constant dense<5.0> : vector<2x4xf32>
  %e = vector.extract %cst[0, %i] : f32 from vector<2x4xf32>
  %cst2 = arith.constant dense<[[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0]]> : vector<2x4xf32>
  %f = vector.extract %cst2[1, 2] : f32 from vector<2x4xf32>
  %g = vector.extract %v[-1, 0] : f32 from vector<2x4xf32>
  %h = vector.extract %cst2[0] : vector<4xf32> from vector<2x4xf32>
  %k = vector.extract %by[%i, 2] : f32 from vector<2x4xf32>
  return %a, %b, %c, %d, %e, %f, %g, %h, %k : vector<2x4xf32>, f32, f32, vector<4xf32>, f32, f32, f32, vector<4xf32>, f32
}

// -----

// insert: no position, poison positions, constants into constants; an extract of an insert at the same position is the value. Not folded by MLIR: inserting what was extracted at the same place.
// CHECK-LABEL: func.func @insert(
// CHECK:         ub.poison : vector<2x4xf32>
// CHECK:         vector.insert
func.func @insert(%v: vector<2x4xf32>, %x: f32, %y: vector<4xf32>) -> (vector<2x4xf32>, vector<2x4xf32>, f32, vector<2x4xf32>, vector<2x4xf32>) {
  %a = vector.insert %v, %v[] : vector<2x4xf32> into vector<2x4xf32>
  %b = vector.insert %x, %v[-1, 0] : f32 into vector<2x4xf32>
  %c = vector.insert %x, %v[1, 2] : f32 into vector<2x4xf32>
  %d = vector.extract %c[1, 2] : f32 from vector<2x4xf32>
  %e = vector.extract %v[1] : vector<4xf32> from vector<2x4xf32>
  %f = vector.insert %e, %v[1] : vector<4xf32> into vector<2x4xf32>
  %cst = arith.constant dense<5.0> : vector<2x4xf32>
  %c5 = arith.constant 5.0 : f32
  %g = vector.insert %c5, %cst[1, 2] : f32 into vector<2x4xf32>
  return %a, %b, %d, %f, %g : vector<2x4xf32>, vector<2x4xf32>, f32, vector<2x4xf32>, vector<2x4xf32>
}

// -----

// constant_mask all set or all clear folds; create_mask of constants is a constant_mask (CreateMaskFolder).
// CHECK-LABEL: func.func @masks(
// CHECK-DAG:     arith.constant dense<true> : vector<4xi1>
// CHECK-DAG:     arith.constant dense<false> : vector<4xi1>
// CHECK:         vector.constant_mask [2] : vector<4xi1>
func.func @masks(%a: index) -> (vector<4xi1>, vector<4xi1>, vector<4x3xi1>, vector<4xi1>, vector<4xi1>) {
  %m = vector.constant_mask [4] : vector<4xi1>
  %n = vector.constant_mask [0] : vector<4xi1>
  %o = vector.constant_mask [2, 3] : vector<4x3xi1>
  %c2 = arith.constant 2 : index
  %p = vector.create_mask %c2 : vector<4xi1>
  %q = vector.create_mask %a : vector<4xi1>
  return %m, %n, %o, %p, %q : vector<4xi1>, vector<4xi1>, vector<4x3xi1>, vector<4xi1>, vector<4xi1>
}

// -----

// reduction of one element (ElideSingleElementReduction) is an extract, combined with the accumulator.
// CHECK-LABEL: func.func @red(
// CHECK-NEXT:    %[[A:.*]] = vector.extract %arg0[0] : f32 from vector<1xf32>
// CHECK-NEXT:    %[[B:.*]] = vector.extract %arg0[0] : f32 from vector<1xf32>
// CHECK-NEXT:    arith.mulf %[[B]], %arg1 : f32
func.func @red(%v: vector<1xf32>, %acc: f32, %w: vector<4xf32>) -> (f32, f32, f32) {
  %a = vector.reduction <add>, %v : vector<1xf32> into f32
  %b = vector.reduction <mul>, %v, %acc : vector<1xf32> into f32
  %c = vector.reduction <add>, %w : vector<4xf32> into f32
  return %a, %b, %c : f32, f32, f32
}

// -----

// extract of extract with static positions, through inserts at other positions, from the inserted value that holds the position; dynamic positions and inserts inside the extracted part stop it.
// CHECK-LABEL: func.func @chains(
// CHECK:         vector.extract %arg0[0, 2, 2] : f32
// CHECK-NEXT:    vector.extract %arg2[3] : f32 from vector<4xf32>
func.func @chains(%v: vector<2x3x4xf32>, %x: f32, %y: vector<4xf32>, %i: index) -> (f32, f32, f32, f32, f32, vector<4xf32>) {
  %c1 = arith.constant 1 : index
  %a = vector.extract %v[%c1] : vector<3x4xf32> from vector<2x3x4xf32>
  %b = vector.extract %a[2, %i] : f32 from vector<3x4xf32>
  %ins = vector.insert %x, %v[0, 1, 2] : f32 into vector<2x3x4xf32>
  %ins2 = vector.insert %y, %ins[1, 1] : vector<4xf32> into vector<2x3x4xf32>
  %c = vector.extract %ins2[0, 1, 2] : f32 from vector<2x3x4xf32>
  %d = vector.extract %ins2[0, 2, 2] : f32 from vector<2x3x4xf32>
  %e = vector.extract %ins2[1, 1, 3] : f32 from vector<2x3x4xf32>
  %f = vector.extract %ins2[%i, 1, 3] : f32 from vector<2x3x4xf32>
  %g = vector.extract %ins2[0, 1] : vector<4xf32> from vector<2x3x4xf32>
  return %b, %c, %d, %e, %f, %g : f32, f32, f32, f32, f32, vector<4xf32>
}

// -----

// extract of a broadcast: a vector result is the source broadcast again (ExtractOpFromBroadcast), or an extract from the source in place (dropped and stretched dimensions); a shape_cast of a broadcast whose source does not broadcast to the result stays.
// CHECK-LABEL: func.func @bcast_more(
// CHECK-NEXT:    vector.broadcast %arg0 : f32 to vector<4xf32>
// CHECK-NEXT:    vector.extract %arg1[0] : vector<4xf32> from vector<1x4xf32>
// CHECK-NEXT:    vector.extract %arg1[0, 3] : f32 from vector<1x4xf32>
func.func @bcast_more(%x: f32, %w: vector<1x4xf32>, %i: index) -> (vector<4xf32>, vector<4xf32>, f32, vector<2x4xf32>, vector<8xf32>) {
  %b = vector.broadcast %x : f32 to vector<2x4xf32>
  %a = vector.extract %b[1] : vector<4xf32> from vector<2x4xf32>
  %bw = vector.broadcast %w : vector<1x4xf32> to vector<3x2x4xf32>
  %c = vector.extract %bw[2, 1] : vector<4xf32> from vector<3x2x4xf32>
  %d = vector.extract %bw[%i, 1, 3] : f32 from vector<3x2x4xf32>
  %sc = vector.shape_cast %bw : vector<3x2x4xf32> to vector<6x4xf32>
  %e = vector.extract %sc[1] : vector<4xf32> from vector<6x4xf32>
  %bb = vector.broadcast %w : vector<1x4xf32> to vector<2x1x4xf32>
  %f = vector.shape_cast %bb : vector<2x1x4xf32> to vector<2x4xf32>
  %bz = vector.broadcast %w : vector<1x4xf32> to vector<2x4xf32>
  %g = vector.shape_cast %bz : vector<2x4xf32> to vector<8xf32>
  return %a, %c, %d, %f, %g : vector<4xf32>, vector<4xf32>, f32, vector<2x4xf32>, vector<8xf32>
}

// -----

// constant folds on element lists; constant dynamic positions become static unless out of bounds; poison sources.
// CHECK-LABEL: func.func @consts(
// CHECK-DAG:     arith.constant dense<{{\[}}[1, 2, 3, 4], [5, 7, 7, 8]]> : vector<2x4xi32>
// CHECK-DAG:     arith.constant dense<{{\[}}[1, 2], [3, 4], [5, 6], [7, 8]]> : vector<4x2xi32>
// CHECK:         vector.insert %{{.*}}, %{{.*}} [%{{.*}}, 1] : i32 into vector<2x4xi32>
func.func @consts(%i: index) -> (vector<4x2xi32>, vector<2x4xi32>, i32, vector<2x4xi32>, f32, vector<2x4xi32>) {
  %l = arith.constant dense<[[1, 2, 3, 4], [5, 6, 7, 8]]> : vector<2x4xi32>
  %a = vector.shape_cast %l : vector<2x4xi32> to vector<4x2xi32>
  %row = arith.constant dense<[9, 9, 9, 0]> : vector<4xi32>
  %b = vector.insert %row, %l[0] : vector<4xi32> into vector<2x4xi32>
  %c2 = arith.constant 2 : index
  %c = vector.extract %l[1, %c2] : i32 from vector<2x4xi32>
  %p = ub.poison : vector<2x4xi32>
  %d = vector.shape_cast %p : vector<2x4xi32> to vector<8xi32>
  %pf = ub.poison : vector<4xf32>
  %e = vector.extract %pf[%i] : f32 from vector<4xf32>
  %c7 = arith.constant 7 : i32
  %f = vector.insert %c7, %l[%c2, 1] : i32 into vector<2x4xi32>
  %g = vector.insert %c7, %l[1, 1] : i32 into vector<2x4xi32>
  "test.use"(%d) : (vector<8xi32>) -> ()
  return %a, %b, %c, %f, %e, %g : vector<4x2xi32>, vector<2x4xi32>, i32, vector<2x4xi32>, f32, vector<2x4xi32>
}

// -----

// create_mask sizes are clamped; a zero size clears every dimension; a dynamic size stays.
// CHECK-LABEL: func.func @masks2(
// CHECK-DAG:     vector.constant_mask [4, 2] : vector<4x3xi1>
// CHECK-DAG:     arith.constant dense<false> : vector<4x3xi1>
// CHECK:         vector.create_mask %arg0, %{{.*}} : vector<4x3xi1>
func.func @masks2(%a: index) -> (vector<4x3xi1>, vector<4x3xi1>, vector<4x3xi1>) {
  %c9 = arith.constant 9 : index
  %c2 = arith.constant 2 : index
  %c0 = arith.constant 0 : index
  %m = vector.create_mask %c9, %c2 : vector<4x3xi1>
  %n = vector.create_mask %c0, %c2 : vector<4x3xi1>
  %o = vector.create_mask %a, %c2 : vector<4x3xi1>
  return %m, %n, %o : vector<4x3xi1>, vector<4x3xi1>, vector<4x3xi1>
}

// -----

// the combining op follows the kind; float ones keep the fastmath flags.
// CHECK-LABEL: func.func @red2(
// CHECK:         arith.maxsi
// CHECK:         arith.minimumf {{.*}} fastmath<nnan> : f32
// CHECK:         arith.addf {{.*}} fastmath<fast> : f32
func.func @red2(%v: vector<1xi32>, %acc: i32, %w: vector<1xf32>, %f: f32) -> (i32, i32, f32, f32) {
  %a = vector.reduction <maxsi>, %v, %acc : vector<1xi32> into i32
  %b = vector.reduction <xor>, %v : vector<1xi32> into i32
  %c = vector.reduction <minimumf>, %w, %f fastmath<nnan> : vector<1xf32> into f32
  %d = vector.reduction <add>, %w, %f fastmath<fast> : vector<1xf32> into f32
  return %a, %b, %c, %d : i32, i32, f32, f32
}

// -----

// transfers: dimensions proven in bounds (broadcast ones too when the others are), all-true masks dropped, memref.cast folded (after the in-bounds fold, as MLIR); dynamic sizes, dynamic or too large indices stay.
// CHECK-LABEL: func.func @transfers(
// CHECK:         vector.transfer_read %arg1[%c0, %c0], %arg3 {in_bounds = [true]} : memref<8x4xf32>, vector<4xf32>
// CHECK-NEXT:    vector.transfer_read %arg1[%c6, %c4], %arg3 : memref<8x4xf32>, vector<4xf32>
func.func @transfers(%m: memref<?xf32>, %n: memref<8x4xf32>, %i: index, %p: f32, %k: memref<8x?xf32>) -> (vector<4xf32>, vector<4xf32>, vector<2x4xf32>, vector<4xf32>, vector<[4]xf32>, vector<3x4xf32>, vector<4xf32>, vector<4xf32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c6 = arith.constant 6 : index
  %a = vector.transfer_read %n[%c0, %c0], %p : memref<8x4xf32>, vector<4xf32>
  %b = vector.transfer_read %n[%c6, %c4], %p : memref<8x4xf32>, vector<4xf32>
  %c = vector.transfer_read %n[%c6, %c0], %p : memref<8x4xf32>, vector<2x4xf32>
  %d = vector.transfer_read %m[%c0], %p : memref<?xf32>, vector<4xf32>
  %e = vector.transfer_read %n[%c0, %c0], %p : memref<8x4xf32>, vector<[4]xf32>
  %f = vector.transfer_read %n[%c0, %c0], %p {permutation_map = affine_map<(d0, d1) -> (0, d1)>} : memref<8x4xf32>, vector<3x4xf32>
  %mask = arith.constant dense<true> : vector<4xi1>
  %g = vector.transfer_read %k[%c0, %i], %p, %mask : memref<8x?xf32>, vector<4xf32>
  %mixed = arith.constant dense<[true, false, true, true]> : vector<4xi1>
  %h = vector.transfer_read %k[%c0, %i], %p, %mixed : memref<8x?xf32>, vector<4xf32>
  return %a, %b, %c, %d, %e, %f, %g, %h : vector<4xf32>, vector<4xf32>, vector<2x4xf32>, vector<4xf32>, vector<[4]xf32>, vector<3x4xf32>, vector<4xf32>, vector<4xf32>
}

// -----

// CHECK-LABEL: func.func @transfer_writes(
// CHECK:         vector.transfer_write %arg0, %arg1[%c1, %c0] {in_bounds = [true]} : vector<4xf32>, memref<8x4xf32>
// CHECK-NEXT:    vector.transfer_write %arg0, %arg1[%c1, %c1] : vector<4xf32>, memref<8x4xf32>
// CHECK-NEXT:    vector.transfer_write %arg0, %arg3[%c0] {in_bounds = [true]} : vector<4xf32>, memref<4xf32>
func.func @transfer_writes(%v: vector<4xf32>, %n: memref<8x4xf32>, %m: memref<?xf32>, %s: memref<4xf32>, %j: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  vector.transfer_write %v, %n[%c1, %c0] : vector<4xf32>, memref<8x4xf32>
  vector.transfer_write %v, %n[%c1, %c1] : vector<4xf32>, memref<8x4xf32>
  %mc = memref.cast %s : memref<4xf32> to memref<?xf32>
  vector.transfer_write %v, %mc[%c0] : vector<4xf32>, memref<?xf32>
  %cm = vector.constant_mask [4] : vector<4xi1>
  vector.transfer_write %v, %m[%j], %cm : vector<4xf32>, memref<?xf32>
  %md = memref.cast %m : memref<?xf32> to memref<4xf32>
  %c0f = arith.constant 0.0 : f32
  %r = vector.transfer_read %md[%c0], %c0f : memref<4xf32>, vector<4xf32>
  "test.use"(%r) : (vector<4xf32>) -> ()
  %l = vector.load %mc[%j] : memref<?xf32>, vector<4xf32>
  vector.store %l, %mc[%j] : memref<?xf32>, vector<4xf32>
  return
}

// -----

// maskedload/maskedstore (MaskedLoadFolder, MaskedStoreFolder): all-true masks make a load/store (alignment dropped, as MLIR), all-false ones the pass-through or nothing; unknown masks stay.
// CHECK-LABEL: func.func @masked(
// CHECK:         vector.load %arg0[%arg1] : memref<?xf32>, vector<4xf32>
// CHECK:         vector.store %arg2, %arg0[%arg1] : memref<?xf32>, vector<4xf32>
func.func @masked(%m: memref<?xf32>, %i: index, %p: vector<4xf32>, %n: index, %s: memref<8xf32>) -> (vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>) {
  %t = arith.constant dense<true> : vector<4xi1>
  %f = vector.constant_mask [0] : vector<4xi1>
  %a = vector.maskedload %m[%i], %t, %p {alignment = 16} : memref<?xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  %b = vector.maskedload %m[%i], %f, %p : memref<?xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  %cn = arith.constant -3 : index
  %cm2 = vector.create_mask %cn : vector<4xi1>
  %c = vector.maskedload %m[%i], %cm2, %p : memref<?xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  %cm3 = vector.create_mask %n : vector<4xi1>
  %d = vector.maskedload %m[%i], %cm3, %p : memref<?xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  %mc = memref.cast %s : memref<8xf32> to memref<?xf32>
  %e = vector.maskedload %mc[%i], %cm3, %p : memref<?xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  vector.maskedstore %m[%i], %t, %p {alignment = 16} : memref<?xf32>, vector<4xi1>, vector<4xf32>
  vector.maskedstore %m[%i], %f, %p : memref<?xf32>, vector<4xi1>, vector<4xf32>
  vector.maskedstore %mc[%i], %cm3, %p : memref<?xf32>, vector<4xi1>, vector<4xf32>
  %z = arith.constant dense<false> : vector<4xi1>
  vector.maskedstore %m[%i], %z, %p : memref<?xf32>, vector<4xi1>, vector<4xf32>
  return %a, %b, %c, %d, %e : vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>
}

// -----

// step compared with a constant (StepCompareFolder): ult/uge, ule/ugt, eq/ne decided for every lane; a constant on the left is moved right first; signed predicates, small or non-constant bounds stay.
// CHECK-LABEL: func.func @step_cmp(
// CHECK-DAG:     arith.constant dense<false> : vector<4xi1>
// CHECK-DAG:     arith.constant dense<true> : vector<4xi1>
// CHECK:         arith.cmpi ult, %0, %cst_1 : vector<4xindex>
func.func @step_cmp(%x: vector<4xindex>) -> (vector<4xi1>, vector<4xi1>, vector<4xi1>, vector<4xi1>, vector<4xi1>, vector<4xi1>, vector<4xi1>, vector<4xi1>, vector<4xi1>, vector<4xi1>, vector<4xi1>) {
  %s = vector.step : vector<4xindex>
  %c4 = arith.constant dense<4> : vector<4xindex>
  %c3 = arith.constant dense<3> : vector<4xindex>
  %c2 = arith.constant dense<2> : vector<4xindex>
  %cm = arith.constant dense<-1> : vector<4xindex>
  %a = arith.cmpi ult, %s, %c4 : vector<4xindex>
  %b = arith.cmpi uge, %s, %c4 : vector<4xindex>
  %c = arith.cmpi ule, %s, %c3 : vector<4xindex>
  %d = arith.cmpi ugt, %s, %c3 : vector<4xindex>
  %e = arith.cmpi eq, %s, %c4 : vector<4xindex>
  %f = arith.cmpi ne, %s, %c4 : vector<4xindex>
  %g = arith.cmpi ult, %s, %c2 : vector<4xindex>
  %h = arith.cmpi slt, %s, %c4 : vector<4xindex>
  %i = arith.cmpi ult, %c4, %s : vector<4xindex>
  %j = arith.cmpi ult, %s, %x : vector<4xindex>
  %k = arith.cmpi ult, %s, %cm : vector<4xindex>
  return %a, %b, %c, %d, %e, %f, %g, %h, %i, %j, %k : vector<4xi1>, vector<4xi1>, vector<4xi1>, vector<4xi1>, vector<4xi1>, vector<4xi1>, vector<4xi1>, vector<4xi1>, vector<4xi1>, vector<4xi1>, vector<4xi1>
}
