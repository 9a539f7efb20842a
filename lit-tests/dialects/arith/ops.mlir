// arith dialect, part 1: every integer and float binary op, negf, the extended ops
// (addui_extended, mului_extended, mulsi_extended) and constants, on scalars, vectors
// and tensors; overflow (`overflow<...>`), exactness (`exact`) and fastmath flags.
// Comparisons, select and casts are in cmp-cast.mlir.
// RUN: %pto-opt %s | FileCheck %s
// RUN: %roundtrip %s
// RUN: %compat %s

// CHECK-LABEL: func.func @int_binary(%arg0: i32, %arg1: i32) {
// CHECK-NEXT:   %0 = arith.addi %arg0, %arg1 : i32
// CHECK-NEXT:   %1 = arith.subi %arg0, %arg1 : i32
// CHECK-NEXT:   %2 = arith.muli %arg0, %arg1 : i32
// CHECK-NEXT:   %3 = arith.divsi %arg0, %arg1 : i32
// CHECK-NEXT:   %4 = arith.divui %arg0, %arg1 : i32
// CHECK-NEXT:   %5 = arith.ceildivsi %arg0, %arg1 : i32
// CHECK-NEXT:   %6 = arith.ceildivui %arg0, %arg1 : i32
// CHECK-NEXT:   %7 = arith.floordivsi %arg0, %arg1 : i32
// CHECK-NEXT:   %8 = arith.remsi %arg0, %arg1 : i32
// CHECK-NEXT:   %9 = arith.remui %arg0, %arg1 : i32
// CHECK-NEXT:   %10 = arith.andi %arg0, %arg1 : i32
// CHECK-NEXT:   %11 = arith.ori %arg0, %arg1 : i32
// CHECK-NEXT:   %12 = arith.xori %arg0, %arg1 : i32
// CHECK-NEXT:   %13 = arith.shli %arg0, %arg1 : i32
// CHECK-NEXT:   %14 = arith.shrsi %arg0, %arg1 : i32
// CHECK-NEXT:   %15 = arith.shrui %arg0, %arg1 : i32
// CHECK-NEXT:   %16 = arith.maxsi %arg0, %arg1 : i32
// CHECK-NEXT:   %17 = arith.maxui %arg0, %arg1 : i32
// CHECK-NEXT:   %18 = arith.minsi %arg0, %arg1 : i32
// CHECK-NEXT:   %19 = arith.minui %arg0, %arg1 : i32
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @int_binary(%a: i32, %b: i32) {
  %0 = arith.addi %a, %b : i32
  %1 = arith.subi %a, %b : i32
  %2 = arith.muli %a, %b : i32
  %3 = arith.divsi %a, %b : i32
  %4 = arith.divui %a, %b : i32
  %5 = arith.ceildivsi %a, %b : i32
  %6 = arith.ceildivui %a, %b : i32
  %7 = arith.floordivsi %a, %b : i32
  %8 = arith.remsi %a, %b : i32
  %9 = arith.remui %a, %b : i32
  %10 = arith.andi %a, %b : i32
  %11 = arith.ori %a, %b : i32
  %12 = arith.xori %a, %b : i32
  %13 = arith.shli %a, %b : i32
  %14 = arith.shrsi %a, %b : i32
  %15 = arith.shrui %a, %b : i32
  %16 = arith.maxsi %a, %b : i32
  %17 = arith.maxui %a, %b : i32
  %18 = arith.minsi %a, %b : i32
  %19 = arith.minui %a, %b : i32
  return
}

// CHECK-LABEL: func.func @int_shaped(%arg0: vector<4xi8>, %arg1: tensor<2x?xindex>, %arg2: vector<[4]xi64>) {
// CHECK-NEXT:   %0 = arith.addi %arg0, %arg0 : vector<4xi8>
// CHECK-NEXT:   %1 = arith.muli %arg1, %arg1 : tensor<2x?xindex>
// CHECK-NEXT:   %2 = arith.xori %arg2, %arg2 : vector<[4]xi64>
// CHECK-NEXT:   %3 = arith.remui %arg1, %arg1 : tensor<2x?xindex>
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @int_shaped(%v: vector<4xi8>, %t: tensor<2x?xindex>, %s: vector<[4]xi64>) {
  %0 = arith.addi %v, %v : vector<4xi8>
  %1 = arith.muli %t, %t : tensor<2x?xindex>
  %2 = arith.xori %s, %s : vector<[4]xi64>
  %3 = arith.remui %t, %t : tensor<2x?xindex>
  return
}

// CHECK-LABEL: func.func @int_flags(%arg0: i64, %arg1: i64, %arg2: vector<2xi16>) {
// CHECK-NEXT:   %0 = arith.addi %arg0, %arg1 overflow<nsw> : i64
// CHECK-NEXT:   %1 = arith.subi %arg0, %arg1 overflow<nuw> : i64
// CHECK-NEXT:   %2 = arith.muli %arg0, %arg1 overflow<nsw, nuw> : i64
// CHECK-NEXT:   %3 = arith.shli %arg2, %arg2 overflow<nsw, nuw> : vector<2xi16>
// CHECK-NEXT:   %4 = arith.addi %arg0, %arg1 : i64
// CHECK-NEXT:   %5 = arith.divsi %arg0, %arg1 exact : i64
// CHECK-NEXT:   %6 = arith.divui %arg0, %arg1 exact : i64
// CHECK-NEXT:   %7 = arith.shrsi %arg2, %arg2 exact : vector<2xi16>
// CHECK-NEXT:   %8 = arith.shrui %arg0, %arg1 exact : i64
// CHECK-NEXT:   %9 = arith.trunci %arg0 overflow<nsw> : i64 to i32
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @int_flags(%a: i64, %b: i64, %v: vector<2xi16>) {
  %0 = arith.addi %a, %b overflow<nsw> : i64
  %1 = arith.subi %a, %b overflow<nuw> : i64
  %2 = arith.muli %a, %b overflow<nsw, nuw> : i64
  %3 = arith.shli %v, %v overflow<nuw, nsw> : vector<2xi16>
  %4 = arith.addi %a, %b overflow<none> : i64
  %5 = arith.divsi %a, %b exact : i64
  %6 = arith.divui %a, %b exact : i64
  %7 = arith.shrsi %v, %v exact : vector<2xi16>
  %8 = arith.shrui %a, %b exact : i64
  %9 = arith.trunci %a overflow<nsw> : i64 to i32
  return
}

// CHECK-LABEL: func.func @float_binary(%arg0: f32, %arg1: f32, %arg2: vector<4xf16>, %arg3: tensor<?xbf16>) {
// CHECK-NEXT:   %0 = arith.addf %arg0, %arg1 : f32
// CHECK-NEXT:   %1 = arith.subf %arg0, %arg1 : f32
// CHECK-NEXT:   %2 = arith.mulf %arg0, %arg1 : f32
// CHECK-NEXT:   %3 = arith.divf %arg0, %arg1 : f32
// CHECK-NEXT:   %4 = arith.remf %arg0, %arg1 : f32
// CHECK-NEXT:   %5 = arith.maximumf %arg0, %arg1 : f32
// CHECK-NEXT:   %6 = arith.minimumf %arg0, %arg1 : f32
// CHECK-NEXT:   %7 = arith.maxnumf %arg0, %arg1 : f32
// CHECK-NEXT:   %8 = arith.minnumf %arg0, %arg1 : f32
// CHECK-NEXT:   %9 = arith.negf %arg0 : f32
// CHECK-NEXT:   %10 = arith.addf %arg2, %arg2 fastmath<fast> : vector<4xf16>
// CHECK-NEXT:   %11 = arith.mulf %arg3, %arg3 fastmath<nnan,ninf> : tensor<?xbf16>
// CHECK-NEXT:   %12 = arith.negf %arg2 fastmath<nsz> : vector<4xf16>
// CHECK-NEXT:   %13 = arith.divf %arg0, %arg1 : f32
// CHECK-NEXT:   %14 = arith.subf %arg0, %arg1 fastmath<reassoc,arcp,contract,afn> : f32
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @float_binary(%a: f32, %b: f32, %v: vector<4xf16>, %t: tensor<?xbf16>) {
  %0 = arith.addf %a, %b : f32
  %1 = arith.subf %a, %b : f32
  %2 = arith.mulf %a, %b : f32
  %3 = arith.divf %a, %b : f32
  %4 = arith.remf %a, %b : f32
  %5 = arith.maximumf %a, %b : f32
  %6 = arith.minimumf %a, %b : f32
  %7 = arith.maxnumf %a, %b : f32
  %8 = arith.minnumf %a, %b : f32
  %9 = arith.negf %a : f32
  %10 = arith.addf %v, %v fastmath<fast> : vector<4xf16>
  %11 = arith.mulf %t, %t fastmath<nnan,ninf> : tensor<?xbf16>
  %12 = arith.negf %v fastmath<nsz> : vector<4xf16>
  %13 = arith.divf %a, %b fastmath<none> : f32
  %14 = arith.subf %a, %b fastmath<reassoc, arcp, contract, afn> : f32
  return
}

// CHECK-LABEL: func.func @extended(%arg0: i32, %arg1: i32, %arg2: vector<3xi64>) {
// CHECK-NEXT:   %sum, %overflow = arith.addui_extended %arg0, %arg1 : i32, i1
// CHECK-NEXT:   %sum_0, %overflow_1 = arith.addui_extended %arg2, %arg2 : vector<3xi64>, vector<3xi1>
// CHECK-NEXT:   %low, %high = arith.mului_extended %arg0, %arg1 : i32
// CHECK-NEXT:   %low_2, %high_3 = arith.mulsi_extended %arg2, %arg2 : vector<3xi64>
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @extended(%a: i32, %b: i32, %v: vector<3xi64>) {
  %sum, %ovf = arith.addui_extended %a, %b : i32, i1
  %0:2 = arith.addui_extended %v, %v : vector<3xi64>, vector<3xi1>
  %lo, %hi = arith.mului_extended %a, %b : i32
  %1:2 = arith.mulsi_extended %v, %v : vector<3xi64>
  return
}

// CHECK-LABEL: func.func @constants() {
// CHECK-NEXT:   %c42_i32 = arith.constant 42 : i32
// CHECK-NEXT:   %c-1_i8 = arith.constant -1 : i8
// CHECK-NEXT:   %true = arith.constant true
// CHECK-NEXT:   %c0 = arith.constant 0 : index
// CHECK-NEXT:   %c7 = arith.constant 7 : index
// CHECK-NEXT:   %cst = arith.constant 1.500000e+00 : f32
// CHECK-NEXT:   %cst_0 = arith.constant -0.000000e+00 : f64
// CHECK-NEXT:   %cst_1 = arith.constant 0x7FC00000 : f32
// CHECK-NEXT:   %cst_2 = arith.constant dense<[1, 2, 3, 4]> : vector<4xi32>
// CHECK-NEXT:   %cst_3 = arith.constant dense<2.000000e+00> : tensor<2x3xf32>
// CHECK-NEXT:   %cst_4 = arith.constant dense<{{\[\[}}1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]]> : tensor<2x2xf16>
// CHECK-NEXT:   %cst_5 = arith.constant dense<false> : vector<8xi1>
// CHECK-NEXT:   %c3_i64 = arith.constant {test.tag} 3 : i64
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @constants() {
  %0 = arith.constant 42 : i32
  %1 = arith.constant -1 : i8
  %2 = arith.constant true
  %3 = arith.constant 0 : index
  %4 = arith.constant 7 : index
  %5 = arith.constant 1.5 : f32
  %6 = arith.constant -0.0 : f64
  %7 = arith.constant 0x7FC00000 : f32
  %8 = arith.constant dense<[1, 2, 3, 4]> : vector<4xi32>
  %9 = arith.constant dense<2.0> : tensor<2x3xf32>
  %10 = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf16>
  %11 = arith.constant dense<false> : vector<8xi1>
  %12 = arith.constant {test.tag} 3 : i64
  return
}

// Generic forms with properties are printed in custom form.
// CHECK-LABEL: func.func @generic_forms(%arg0: i32, %arg1: f32) {
// CHECK-NEXT:   %0 = arith.addi %arg0, %arg0 overflow<nuw> : i32
// CHECK-NEXT:   %1 = arith.divui %arg0, %arg0 exact : i32
// CHECK-NEXT:   %2 = arith.mulf %arg1, %arg1 fastmath<nnan,afn> : f32
// CHECK-NEXT:   %c5_i16 = arith.constant 5 : i16
// CHECK-NEXT:   %sum, %overflow = arith.addui_extended %arg0, %arg0 : i32, i1
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @generic_forms(%a: i32, %f: f32) {
  %0 = "arith.addi"(%a, %a) <{overflowFlags = #arith.overflow<nuw>}> : (i32, i32) -> i32
  %1 = "arith.divui"(%a, %a) <{isExact}> : (i32, i32) -> i32
  %2 = "arith.mulf"(%f, %f) <{fastmath = #arith.fastmath<nnan,afn>}> : (f32, f32) -> f32
  %3 = "arith.constant"() <{value = 5 : i16}> : () -> i16
  %4:2 = "arith.addui_extended"(%a, %a) : (i32, i32) -> (i32, i1)
  return
}
