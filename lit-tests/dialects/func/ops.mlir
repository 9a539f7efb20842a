// func dialect: func.func (public/private/nested visibility, argument and result
// attributes, multiple results, declarations without a body, `attributes {...}`),
// func.return, func.call, func.call_indirect and func.constant.
// RUN: %pto-opt %s | FileCheck %s
// RUN: %roundtrip %s
// RUN: %compat %s

// Declarations (no body) with each visibility.
// CHECK-LABEL: func.func private @decl_private()
func.func private @decl_private()
// CHECK-LABEL: func.func nested @decl_nested(i32) -> i64
func.func nested @decl_nested(i32) -> i64
// CHECK-LABEL: func.func private @decl_multi(i32, f32) -> (i1, index, memref<4xf32>)
func.func private @decl_multi(i32, f32) -> (i1, index, memref<4xf32>)
// CHECK-LABEL: func.func private @decl_named(i32, f64) -> f64
func.func private @decl_named(%x: i32, %y: f64) -> f64

// Declaration with argument and result attributes.
// CHECK-LABEL: func.func private @decl_arg_attrs(i32 {test.a = 1 : i64}, f32) -> (i1 {test.r}, i8)
func.func private @decl_arg_attrs(i32 {test.a = 1 : i64}, f32) -> (i1 {test.r}, i8)

// Empty body and an explicit `public` keyword (dropped by the printer).
// CHECK-LABEL: func.func public @empty() {
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func public @empty() {
  return
}

// Argument attributes on a definition.
// CHECK-LABEL: func.func @arg_attrs(%arg0: i32 {test.first, test.v = "x"}, %arg1: f32 {test.second = 2 : i32}) -> i32 {
// CHECK-NEXT:   return %arg0 : i32
// CHECK-NEXT: }
func.func @arg_attrs(%a: i32 {test.first, test.v = "x"}, %b: f32 {test.second = 2 : i32}) -> i32 {
  func.return %a : i32
}

// Result attributes, single result.
// CHECK-LABEL: func.func @res_attrs(%arg0: i32) -> (i32 {test.res}) {
// CHECK-NEXT:   return %arg0 : i32
// CHECK-NEXT: }
func.func @res_attrs(%a: i32) -> (i32 {test.res = unit}) {
  return %a : i32
}

// Result attributes on some of several results.
// CHECK-LABEL: func.func @res_attrs_multi(%arg0: i32, %arg1: f32) -> (i32, f32 {test.r1}) {
// CHECK-NEXT:   return %arg0, %arg1 : i32, f32
// CHECK-NEXT: }
func.func @res_attrs_multi(%a: i32, %b: f32) -> (i32, f32 {test.r1}) {
  return %a, %b : i32, f32
}

// Multiple results with several types, including function types.
// CHECK-LABEL: func.func @multi_results(%arg0: i32, %arg1: f32, %arg2: index) -> (index, f32, i32) {
// CHECK-NEXT:   return %arg2, %arg1, %arg0 : index, f32, i32
// CHECK-NEXT: }
func.func @multi_results(%a: i32, %b: f32, %c: index) -> (index, f32, i32) {
  return %c, %b, %a : index, f32, i32
}

// CHECK-LABEL: func.func @func_type_result(%arg0: (i32) -> i32) -> ((i32) -> i32) {
// CHECK-NEXT:   return %arg0 : (i32) -> i32
// CHECK-NEXT: }
func.func @func_type_result(%f: (i32) -> i32) -> ((i32) -> i32) {
  return %f : (i32) -> i32
}

// Discardable function attributes.
// CHECK-LABEL: func.func @with_attrs(%arg0: i32) -> i32 attributes {llvm.emit_c_interface, test.inline = true} {
// CHECK-NEXT:   return %arg0 : i32
// CHECK-NEXT: }
func.func @with_attrs(%a: i32) -> i32 attributes {test.inline = true, llvm.emit_c_interface} {
  return %a : i32
}

// CHECK-LABEL: func.func private @decl_with_attrs(i32) attributes {test.foo = "bar"}
func.func private @decl_with_attrs(i32) attributes {test.foo = "bar"}

// Nested visibility definition with attributes and arg attrs.
// CHECK-LABEL: func.func nested @nested_def(%arg0: i64 {test.x}) -> i64 attributes {test.y = 3 : i64} {
// CHECK-NEXT:   return %arg0 : i64
// CHECK-NEXT: }
func.func nested @nested_def(%a: i64 {test.x}) -> i64 attributes {test.y = 3 : i64} {
  return %a : i64
}

// Calls: no results, one result, several results, call to declaration.
// CHECK-LABEL: func.func @calls(%arg0: i32, %arg1: f32) -> (i1, index) {
// CHECK-NEXT:   call @empty() : () -> ()
// CHECK-NEXT:   %0 = call @res_attrs(%arg0) : (i32) -> i32
// CHECK-NEXT:   %1:2 = call @res_attrs_multi(%0, %arg1) : (i32, f32) -> (i32, f32)
// CHECK-NEXT:   %2:3 = call @decl_multi(%1#0, %1#1) : (i32, f32) -> (i1, index, memref<4xf32>)
// CHECK-NEXT:   %3 = call @decl_nested(%arg0) {test.note = "call"} : (i32) -> i64
// CHECK-NEXT:   return %2#0, %2#1 : i1, index
// CHECK-NEXT: }
func.func @calls(%a: i32, %b: f32) -> (i1, index) {
  func.call @empty() : () -> ()
  %0 = call @res_attrs(%a) : (i32) -> i32
  %1:2 = call @res_attrs_multi(%0, %b) : (i32, f32) -> (i32, f32)
  %2:3 = call @decl_multi(%1#0, %1#1) : (i32, f32) -> (i1, index, memref<4xf32>)
  %3 = call @decl_nested(%a) {test.note = "call"} : (i32) -> i64
  return %2#0, %2#1 : i1, index
}

// Multiple blocks in a function body.
// CHECK-LABEL: func.func @blocks(%arg0: i32) -> i32 {
// CHECK-NEXT:   cf.br ^bb1(%arg0 : i32)
// CHECK-NEXT: ^bb1(%0: i32):  // pred: ^bb0
// CHECK-NEXT:   return %0 : i32
// CHECK-NEXT: }
func.func @blocks(%a: i32) -> i32 {
  cf.br ^bb1(%a : i32)
^bb1(%x: i32):
  return %x : i32
}

// func.constant and func.call_indirect.
// CHECK-LABEL: func.func @indirect(%arg0: i32) -> i32 {
// CHECK-NEXT:   %f = constant @res_attrs : (i32) -> i32
// CHECK-NEXT:   %0 = call_indirect %f(%arg0) : (i32) -> i32
// CHECK-NEXT:   %f_0 = constant @empty : () -> ()
// CHECK-NEXT:   call_indirect %f_0() : () -> ()
// CHECK-NEXT:   %f_1 = constant @decl_multi : (i32, f32) -> (i1, index, memref<4xf32>)
// CHECK-NEXT:   %cst = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:   %1:3 = call_indirect %f_1(%arg0, %cst) : (i32, f32) -> (i1, index, memref<4xf32>)
// CHECK-NEXT:   return %0 : i32
// CHECK-NEXT: }
func.func @indirect(%a: i32) -> i32 {
  %f = func.constant @res_attrs : (i32) -> i32
  %r = func.call_indirect %f(%a) : (i32) -> i32
  %g = constant @empty : () -> ()
  call_indirect %g() : () -> ()
  %h = constant @decl_multi : (i32, f32) -> (i1, index, memref<4xf32>)
  %c = arith.constant 1.0 : f32
  %m:3 = call_indirect %h(%a, %c) : (i32, f32) -> (i1, index, memref<4xf32>)
  return %r : i32
}

// Function-typed arguments and call_indirect on an argument.
// CHECK-LABEL: func.func @indirect_arg(%arg0: (i32, i32) -> (i32, i1), %arg1: i32) -> i1 {
// CHECK-NEXT:   %0:2 = call_indirect %arg0(%arg1, %arg1) : (i32, i32) -> (i32, i1)
// CHECK-NEXT:   return %0#1 : i1
// CHECK-NEXT: }
func.func @indirect_arg(%f: (i32, i32) -> (i32, i1), %a: i32) -> i1 {
  %r:2 = call_indirect %f(%a, %a) : (i32, i32) -> (i32, i1)
  return %r#1 : i1
}

// Recursive call.
// CHECK-LABEL: func.func @recursive(%arg0: i32) -> i32 {
// CHECK-NEXT:   %0 = call @recursive(%arg0) : (i32) -> i32
// CHECK-NEXT:   return %0 : i32
// CHECK-NEXT: }
func.func @recursive(%a: i32) -> i32 {
  %0 = call @recursive(%a) : (i32) -> i32
  return %0 : i32
}

// Functions with a symbol name needing quotes.
// CHECK-LABEL: func.func private @"quoted name"(i32)
func.func private @"quoted name"(i32)

// CHECK-LABEL: func.func @call_quoted(%arg0: i32) {
// CHECK-NEXT:   call @"quoted name"(%arg0) : (i32) -> ()
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @call_quoted(%a: i32) {
  call @"quoted name"(%a) : (i32) -> ()
  return
}

// No-argument function returning several values of the same type.
// CHECK-LABEL: func.func @same_types() -> (i32, i32, i32) {
// CHECK-NEXT:   %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:   %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:   return %c0_i32, %c1_i32, %c0_i32 : i32, i32, i32
// CHECK-NEXT: }
func.func @same_types() -> (i32, i32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  return %c0, %c1, %c0 : i32, i32, i32
}

// Function with tensor/vector/memref arguments.
// CHECK-LABEL: func.func @shaped(%arg0: tensor<?x4xf32>, %arg1: vector<4xi8>, %arg2: memref<2x?xf64>) -> tensor<?x4xf32> {
// CHECK-NEXT:   return %arg0 : tensor<?x4xf32>
// CHECK-NEXT: }
func.func @shaped(%t: tensor<?x4xf32>, %v: vector<4xi8>, %m: memref<2x?xf64>) -> tensor<?x4xf32> {
  return %t : tensor<?x4xf32>
}

// A signature of types only, its entry block naming the arguments (as MLIR reads it).
// CHECK-LABEL: func.func @types_only(%arg0: f32, %arg1: i32) -> f32 {
// CHECK-NEXT:   return %arg0 : f32
func.func @types_only(f32, i32) -> f32 {
^bb0(%a: f32, %b: i32):
  return %a : f32
}
