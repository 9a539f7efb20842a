// arith dialect, part 2: cmpi with every predicate, cmpf with every predicate,
// select (scalar and vector condition) and every cast op, on scalars, vectors and
// tensors; fastmath flags and truncf rounding modes.
// RUN: %pto-opt %s | FileCheck %s
// RUN: %roundtrip %s
// RUN: %compat %s

// CHECK-LABEL: func.func @cmpi(%arg0: i32, %arg1: i32, %arg2: vector<4xindex>, %arg3: tensor<?xi8>) {
// CHECK-NEXT:   %0 = arith.cmpi eq, %arg0, %arg1 : i32
// CHECK-NEXT:   %1 = arith.cmpi ne, %arg0, %arg1 : i32
// CHECK-NEXT:   %2 = arith.cmpi slt, %arg0, %arg1 : i32
// CHECK-NEXT:   %3 = arith.cmpi sle, %arg0, %arg1 : i32
// CHECK-NEXT:   %4 = arith.cmpi sgt, %arg0, %arg1 : i32
// CHECK-NEXT:   %5 = arith.cmpi sge, %arg0, %arg1 : i32
// CHECK-NEXT:   %6 = arith.cmpi ult, %arg0, %arg1 : i32
// CHECK-NEXT:   %7 = arith.cmpi ule, %arg0, %arg1 : i32
// CHECK-NEXT:   %8 = arith.cmpi ugt, %arg2, %arg2 : vector<4xindex>
// CHECK-NEXT:   %9 = arith.cmpi uge, %arg3, %arg3 : tensor<?xi8>
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @cmpi(%a: i32, %b: i32, %v: vector<4xindex>, %t: tensor<?xi8>) {
  %0 = arith.cmpi eq, %a, %b : i32
  %1 = arith.cmpi ne, %a, %b : i32
  %2 = arith.cmpi slt, %a, %b : i32
  %3 = arith.cmpi sle, %a, %b : i32
  %4 = arith.cmpi sgt, %a, %b : i32
  %5 = arith.cmpi sge, %a, %b : i32
  %6 = arith.cmpi ult, %a, %b : i32
  %7 = arith.cmpi ule, %a, %b : i32
  %8 = arith.cmpi ugt, %v, %v : vector<4xindex>
  %9 = arith.cmpi uge, %t, %t : tensor<?xi8>
  return
}

// CHECK-LABEL: func.func @cmpf(%arg0: f64, %arg1: f64, %arg2: vector<2xf32>) {
// CHECK-NEXT:   %0 = arith.cmpf false, %arg0, %arg1 : f64
// CHECK-NEXT:   %1 = arith.cmpf oeq, %arg0, %arg1 : f64
// CHECK-NEXT:   %2 = arith.cmpf ogt, %arg0, %arg1 : f64
// CHECK-NEXT:   %3 = arith.cmpf oge, %arg0, %arg1 : f64
// CHECK-NEXT:   %4 = arith.cmpf olt, %arg0, %arg1 : f64
// CHECK-NEXT:   %5 = arith.cmpf ole, %arg0, %arg1 : f64
// CHECK-NEXT:   %6 = arith.cmpf one, %arg0, %arg1 : f64
// CHECK-NEXT:   %7 = arith.cmpf ord, %arg0, %arg1 : f64
// CHECK-NEXT:   %8 = arith.cmpf ueq, %arg0, %arg1 : f64
// CHECK-NEXT:   %9 = arith.cmpf ugt, %arg0, %arg1 : f64
// CHECK-NEXT:   %10 = arith.cmpf uge, %arg0, %arg1 : f64
// CHECK-NEXT:   %11 = arith.cmpf ult, %arg0, %arg1 : f64
// CHECK-NEXT:   %12 = arith.cmpf ule, %arg0, %arg1 : f64
// CHECK-NEXT:   %13 = arith.cmpf une, %arg0, %arg1 : f64
// CHECK-NEXT:   %14 = arith.cmpf uno, %arg0, %arg1 : f64
// CHECK-NEXT:   %15 = arith.cmpf true, %arg0, %arg1 : f64
// CHECK-NEXT:   %16 = arith.cmpf olt, %arg2, %arg2 fastmath<fast> : vector<2xf32>
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @cmpf(%a: f64, %b: f64, %v: vector<2xf32>) {
  %0 = arith.cmpf false, %a, %b : f64
  %1 = arith.cmpf oeq, %a, %b : f64
  %2 = arith.cmpf ogt, %a, %b : f64
  %3 = arith.cmpf oge, %a, %b : f64
  %4 = arith.cmpf olt, %a, %b : f64
  %5 = arith.cmpf ole, %a, %b : f64
  %6 = arith.cmpf one, %a, %b : f64
  %7 = arith.cmpf ord, %a, %b : f64
  %8 = arith.cmpf ueq, %a, %b : f64
  %9 = arith.cmpf ugt, %a, %b : f64
  %10 = arith.cmpf uge, %a, %b : f64
  %11 = arith.cmpf ult, %a, %b : f64
  %12 = arith.cmpf ule, %a, %b : f64
  %13 = arith.cmpf une, %a, %b : f64
  %14 = arith.cmpf uno, %a, %b : f64
  %15 = arith.cmpf true, %a, %b : f64
  %16 = arith.cmpf olt, %v, %v fastmath<fast> : vector<2xf32>
  return
}

// CHECK-LABEL: func.func @select(%arg0: i1, %arg1: i32, %arg2: i32, %arg3: vector<4xi1>, %arg4: vector<4xf32>, %arg5: tensor<2xi8>) {
// CHECK-NEXT:   %0 = arith.select %arg0, %arg1, %arg2 : i32
// CHECK-NEXT:   %1 = arith.select %arg3, %arg4, %arg4 : vector<4xi1>, vector<4xf32>
// CHECK-NEXT:   %2 = arith.select %arg0, %arg4, %arg4 : vector<4xf32>
// CHECK-NEXT:   %3 = arith.select %arg0, %arg5, %arg5 : tensor<2xi8>
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @select(%c: i1, %a: i32, %b: i32, %vc: vector<4xi1>, %v: vector<4xf32>, %t: tensor<2xi8>) {
  %0 = arith.select %c, %a, %b : i32
  %1 = arith.select %vc, %v, %v : vector<4xi1>, vector<4xf32>
  %2 = arith.select %c, %v, %v : vector<4xf32>
  %3 = arith.select %c, %t, %t : tensor<2xi8>
  return
}

// CHECK-LABEL: func.func @casts(%arg0: i32, %arg1: f32, %arg2: index, %arg3: vector<4xi16>, %arg4: tensor<?xf16>) {
// CHECK-NEXT:   %0 = arith.extsi %arg0 : i32 to i64
// CHECK-NEXT:   %1 = arith.extui %arg0 : i32 to i64
// CHECK-NEXT:   %2 = arith.trunci %arg0 : i32 to i8
// CHECK-NEXT:   %3 = arith.sitofp %arg0 : i32 to f32
// CHECK-NEXT:   %4 = arith.uitofp %arg0 : i32 to f64
// CHECK-NEXT:   %5 = arith.fptosi %arg1 : f32 to i32
// CHECK-NEXT:   %6 = arith.fptoui %arg1 : f32 to i16
// CHECK-NEXT:   %7 = arith.extf %arg1 : f32 to f64
// CHECK-NEXT:   %8 = arith.truncf %arg1 : f32 to f16
// CHECK-NEXT:   %9 = arith.index_cast %arg0 : i32 to index
// CHECK-NEXT:   %10 = arith.index_cast %arg2 : index to i64
// CHECK-NEXT:   %11 = arith.index_castui %arg2 : index to i32
// CHECK-NEXT:   %12 = arith.bitcast %arg0 : i32 to f32
// CHECK-NEXT:   %13 = arith.extsi %arg3 : vector<4xi16> to vector<4xi32>
// CHECK-NEXT:   %14 = arith.uitofp %arg3 : vector<4xi16> to vector<4xf32>
// CHECK-NEXT:   %15 = arith.bitcast %arg3 : vector<4xi16> to vector<4xf16>
// CHECK-NEXT:   %16 = arith.extf %arg4 : tensor<?xf16> to tensor<?xf32>
// CHECK-NEXT:   %17 = arith.fptosi %arg4 : tensor<?xf16> to tensor<?xi64>
// CHECK-NEXT:   %18 = arith.truncf %arg1 to_nearest_even : f32 to bf16
// CHECK-NEXT:   %19 = arith.truncf %arg1 downward fastmath<fast> : f32 to f16
// CHECK-NEXT:   %20 = arith.extf %arg1 fastmath<contract> : f32 to f64
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @casts(%i: i32, %f: f32, %x: index, %v: vector<4xi16>, %t: tensor<?xf16>) {
  %0 = arith.extsi %i : i32 to i64
  %1 = arith.extui %i : i32 to i64
  %2 = arith.trunci %i : i32 to i8
  %3 = arith.sitofp %i : i32 to f32
  %4 = arith.uitofp %i : i32 to f64
  %5 = arith.fptosi %f : f32 to i32
  %6 = arith.fptoui %f : f32 to i16
  %7 = arith.extf %f : f32 to f64
  %8 = arith.truncf %f : f32 to f16
  %9 = arith.index_cast %i : i32 to index
  %10 = arith.index_cast %x : index to i64
  %11 = arith.index_castui %x : index to i32
  %12 = arith.bitcast %i : i32 to f32
  %13 = arith.extsi %v : vector<4xi16> to vector<4xi32>
  %14 = arith.uitofp %v : vector<4xi16> to vector<4xf32>
  %15 = arith.bitcast %v : vector<4xi16> to vector<4xf16>
  %16 = arith.extf %t : tensor<?xf16> to tensor<?xf32>
  %17 = arith.fptosi %t : tensor<?xf16> to tensor<?xi64>
  %18 = arith.truncf %f to_nearest_even : f32 to bf16
  %19 = arith.truncf %f downward fastmath<fast> : f32 to f16
  %20 = arith.extf %f fastmath<contract> : f32 to f64
  return
}

// Generic forms: predicates are stored as integer attributes.
// CHECK-LABEL: func.func @generic_forms(%arg0: i32, %arg1: f32, %arg2: index) {
// CHECK-NEXT:   %0 = arith.cmpi slt, %arg0, %arg0 : i32
// CHECK-NEXT:   %1 = arith.cmpf une, %arg1, %arg1 : f32
// CHECK-NEXT:   %2 = arith.truncf %arg1 to_nearest_away : f32 to f16
// CHECK-NEXT:   %3 = arith.index_cast %arg2 : index to i8
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @generic_forms(%a: i32, %f: f32, %x: index) {
  %0 = "arith.cmpi"(%a, %a) <{predicate = 2 : i64}> : (i32, i32) -> i1
  %1 = "arith.cmpf"(%f, %f) <{fastmath = #arith.fastmath<none>, predicate = 13 : i64}> : (f32, f32) -> i1
  %2 = "arith.truncf"(%f) <{roundingmode = 4 : i32}> : (f32) -> f16
  %3 = "arith.index_cast"(%x) : (index) -> i8
  return
}
