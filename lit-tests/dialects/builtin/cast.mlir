// builtin.unrealized_conversion_cast through its assemblyFormat
// `($inputs^ `:` type($inputs))? `to` type($outputs) attr-dict`, printed as mlir-opt does.
// RUN: %pto-opt %s | FileCheck %s
// RUN: %pto-opt %s | %mlir-opt | FileCheck %s
// RUN: %roundtrip %s

// CHECK-LABEL: func.func @casts
// CHECK-NEXT: %0 = builtin.unrealized_conversion_cast %arg0 : i32 to i64
// CHECK-NEXT: %1:2 = builtin.unrealized_conversion_cast %arg0, %0 : i32, i64 to f32, index
// CHECK-NEXT: %2 = builtin.unrealized_conversion_cast to i8
// CHECK-NEXT: %3 = builtin.unrealized_conversion_cast %arg0 : i32 to i16 {note = "x"}
// CHECK-NEXT: %4 = builtin.unrealized_conversion_cast %arg0 : i32 to i32
func.func @casts(%a: i32) {
  %0 = builtin.unrealized_conversion_cast %a : i32 to i64
  %1:2 = builtin.unrealized_conversion_cast %a, %0 : i32, i64 to f32, index
  %2 = builtin.unrealized_conversion_cast to i8
  %3 = builtin.unrealized_conversion_cast %a : i32 to i16 {note = "x"}
  %4 = "builtin.unrealized_conversion_cast"(%a) : (i32) -> i32
  return
}
