// math dialect: exp exp2 log log2 sqrt rsqrt tanh sin cos absf absi powf fma erf
// floor ceil round roundeven trunc (and the inverse trigonometric, cbrt, copysign, erfc, expm1, log1p ops)
// on scalars, vectors and tensors, with and without fastmath flags.
// RUN: %pto-opt %s | FileCheck %s
// RUN: %roundtrip %s
// RUN: %compat %s

// CHECK-LABEL: func.func @unary_scalar(%arg0: f32) {
// CHECK-NEXT:   %0 = math.exp %arg0 : f32
// CHECK-NEXT:   %1 = math.exp2 %arg0 : f32
// CHECK-NEXT:   %2 = math.log %arg0 : f32
// CHECK-NEXT:   %3 = math.log2 %arg0 : f32
// CHECK-NEXT:   %4 = math.sqrt %arg0 : f32
// CHECK-NEXT:   %5 = math.rsqrt %arg0 : f32
// CHECK-NEXT:   %6 = math.tanh %arg0 : f32
// CHECK-NEXT:   %7 = math.sin %arg0 : f32
// CHECK-NEXT:   %8 = math.cos %arg0 : f32
// CHECK-NEXT:   %9 = math.absf %arg0 : f32
// CHECK-NEXT:   %10 = math.erf %arg0 : f32
// CHECK-NEXT:   %11 = math.floor %arg0 : f32
// CHECK-NEXT:   %12 = math.ceil %arg0 : f32
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @unary_scalar(%a: f32) {
  %0 = math.exp %a : f32
  %1 = math.exp2 %a : f32
  %2 = math.log %a : f32
  %3 = math.log2 %a : f32
  %4 = math.sqrt %a : f32
  %5 = math.rsqrt %a : f32
  %6 = math.tanh %a : f32
  %7 = math.sin %a : f32
  %8 = math.cos %a : f32
  %9 = math.absf %a : f32
  %10 = math.erf %a : f32
  %11 = math.floor %a : f32
  %12 = math.ceil %a : f32
  return
}

// CHECK-LABEL: func.func @unary_vector(%arg0: vector<4xf64>, %arg1: vector<[8]xf16>, %arg2: tensor<?x3xbf16>) {
// CHECK-NEXT:   %0 = math.exp %arg0 : vector<4xf64>
// CHECK-NEXT:   %1 = math.log2 %arg1 : vector<[8]xf16>
// CHECK-NEXT:   %2 = math.sqrt %arg2 : tensor<?x3xbf16>
// CHECK-NEXT:   %3 = math.tanh %arg0 : vector<4xf64>
// CHECK-NEXT:   %4 = math.absf %arg1 : vector<[8]xf16>
// CHECK-NEXT:   %5 = math.floor %arg2 : tensor<?x3xbf16>
// CHECK-NEXT:   %6 = math.ceil %arg0 : vector<4xf64>
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @unary_vector(%v: vector<4xf64>, %s: vector<[8]xf16>, %t: tensor<?x3xbf16>) {
  %0 = math.exp %v : vector<4xf64>
  %1 = math.log2 %s : vector<[8]xf16>
  %2 = math.sqrt %t : tensor<?x3xbf16>
  %3 = math.tanh %v : vector<4xf64>
  %4 = math.absf %s : vector<[8]xf16>
  %5 = math.floor %t : tensor<?x3xbf16>
  %6 = math.ceil %v : vector<4xf64>
  return
}

// CHECK-LABEL: func.func @fastmath(%arg0: f32, %arg1: vector<2xf32>) {
// CHECK-NEXT:   %0 = math.exp %arg0 fastmath<fast> : f32
// CHECK-NEXT:   %1 = math.log %arg1 fastmath<nnan,ninf> : vector<2xf32>
// CHECK-NEXT:   %2 = math.sqrt %arg0 fastmath<afn> : f32
// CHECK-NEXT:   %3 = math.rsqrt %arg1 fastmath<reassoc,nsz> : vector<2xf32>
// CHECK-NEXT:   %4 = math.sin %arg0 : f32
// CHECK-NEXT:   %5 = math.cos %arg0 fastmath<contract> : f32
// CHECK-NEXT:   %6 = math.erf %arg1 fastmath<fast> : vector<2xf32>
// CHECK-NEXT:   %7 = math.exp2 %arg0 fastmath<arcp> : f32
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @fastmath(%a: f32, %v: vector<2xf32>) {
  %0 = math.exp %a fastmath<fast> : f32
  %1 = math.log %v fastmath<nnan,ninf> : vector<2xf32>
  %2 = math.sqrt %a fastmath<afn> : f32
  %3 = math.rsqrt %v fastmath<reassoc,nsz> : vector<2xf32>
  %4 = math.sin %a fastmath<none> : f32
  %5 = math.cos %a fastmath<contract> : f32
  %6 = math.erf %v fastmath<fast> : vector<2xf32>
  %7 = math.exp2 %a fastmath<arcp> : f32
  return
}

// CHECK-LABEL: func.func @absi(%arg0: i32, %arg1: vector<4xi8>, %arg2: tensor<3xindex>) {
// CHECK-NEXT:   %0 = math.absi %arg0 : i32
// CHECK-NEXT:   %1 = math.absi %arg1 : vector<4xi8>
// CHECK-NEXT:   %2 = math.absi %arg2 : tensor<3xindex>
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @absi(%a: i32, %v: vector<4xi8>, %t: tensor<3xindex>) {
  %0 = math.absi %a : i32
  %1 = math.absi %v : vector<4xi8>
  %2 = math.absi %t : tensor<3xindex>
  return
}

// CHECK-LABEL: func.func @binary_ternary(%arg0: f32, %arg1: f32, %arg2: f32, %arg3: vector<4xf16>, %arg4: tensor<2xf64>) {
// CHECK-NEXT:   %0 = math.powf %arg0, %arg1 : f32
// CHECK-NEXT:   %1 = math.powf %arg3, %arg3 fastmath<fast> : vector<4xf16>
// CHECK-NEXT:   %2 = math.fma %arg0, %arg1, %arg2 : f32
// CHECK-NEXT:   %3 = math.fma %arg3, %arg3, %arg3 fastmath<contract> : vector<4xf16>
// CHECK-NEXT:   %4 = math.fma %arg4, %arg4, %arg4 : tensor<2xf64>
// CHECK-NEXT:   %5 = math.powf %arg4, %arg4 : tensor<2xf64>
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @binary_ternary(%a: f32, %b: f32, %c: f32, %v: vector<4xf16>, %t: tensor<2xf64>) {
  %0 = math.powf %a, %b : f32
  %1 = math.powf %v, %v fastmath<fast> : vector<4xf16>
  %2 = math.fma %a, %b, %c : f32
  %3 = math.fma %v, %v, %v fastmath<contract> : vector<4xf16>
  %4 = math.fma %t, %t, %t : tensor<2xf64>
  %5 = math.powf %t, %t : tensor<2xf64>
  return
}

// Generic forms.
// CHECK-LABEL: func.func @generic_forms(%arg0: f32, %arg1: i16) {
// CHECK-NEXT:   %0 = math.exp %arg0 fastmath<nnan> : f32
// CHECK-NEXT:   %1 = math.fma %arg0, %arg0, %arg0 : f32
// CHECK-NEXT:   %2 = math.absi %arg1 : i16
// CHECK-NEXT:   %3 = math.floor %arg0 : f32
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @generic_forms(%a: f32, %i: i16) {
  %0 = "math.exp"(%a) <{fastmath = #arith.fastmath<nnan>}> : (f32) -> f32
  %1 = "math.fma"(%a, %a, %a) <{fastmath = #arith.fastmath<none>}> : (f32, f32, f32) -> f32
  %2 = "math.absi"(%i) : (i16) -> i16
  %3 = "math.floor"(%a) : (f32) -> f32
  return
}

// CHECK-LABEL: func.func @more(%arg0: f32, %arg1: vector<4xf16>, %arg2: tensor<2xf64>) {
// CHECK-NEXT:   %0 = math.acos %arg0 : f32
// CHECK-NEXT:   %1 = math.asin %arg1 fastmath<fast> : vector<4xf16>
// CHECK-NEXT:   %2 = math.atan %arg2 : tensor<2xf64>
// CHECK-NEXT:   %3 = math.atan2 %arg0, %arg0 fastmath<nnan> : f32
// CHECK-NEXT:   %4 = math.cbrt %arg1 : vector<4xf16>
// CHECK-NEXT:   %5 = math.copysign %arg2, %arg2 : tensor<2xf64>
// CHECK-NEXT:   %6 = math.erfc %arg0 : f32
// CHECK-NEXT:   %7 = math.expm1 %arg1 fastmath<afn> : vector<4xf16>
// CHECK-NEXT:   %8 = math.log1p %arg2 : tensor<2xf64>
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @more(%a: f32, %v: vector<4xf16>, %t: tensor<2xf64>) {
  %0 = math.acos %a : f32
  %1 = math.asin %v fastmath<fast> : vector<4xf16>
  %2 = math.atan %t : tensor<2xf64>
  %3 = math.atan2 %a, %a fastmath<nnan> : f32
  %4 = math.cbrt %v : vector<4xf16>
  %5 = math.copysign %t, %t : tensor<2xf64>
  %6 = "math.erfc"(%a) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
  %7 = math.expm1 %v fastmath<afn> : vector<4xf16>
  %8 = math.log1p %t : tensor<2xf64>
  return
}

// CHECK-LABEL: func.func @rounding(
// CHECK-NEXT:    %0 = math.round %arg0 : f32
// CHECK-NEXT:    %1 = math.roundeven %arg0 fastmath<nnan> : f32
// CHECK-NEXT:    %2 = math.trunc %arg1 : vector<4xf64>
func.func @rounding(%x: f32, %v: vector<4xf64>) -> (f32, f32, vector<4xf64>) {
  %0 = math.round %x : f32
  %1 = math.roundeven %x fastmath<nnan> : f32
  %2 = math.trunc %v : vector<4xf64>
  return %0, %1, %2 : f32, f32, vector<4xf64>
}
