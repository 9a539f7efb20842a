// The body of a dialect attribute or type is scanned character by character, as in
// MLIR: any text with balanced brackets (a leading `.`, `->`, strings holding
// brackets) reads, and what is printed reads back.
// RUN: %pto-opt --allow-unregistered-dialect %s | FileCheck %s
// RUN: %pto-opt --allow-unregistered-dialect %s | %pto-opt --allow-unregistered-dialect | FileCheck %s
// RUN: %compat %s

// CHECK: func.func private @f(!pt.t<.x{}>)
// CHECK-SAME: a = #pt<.tile<pad = #pto.blayout<row_major>>>
// CHECK-SAME: b = #pt.fn<(i32) -> i64>
// CHECK-SAME: c = #pt<"x>y">
// CHECK-SAME: d = #pt.s<"a)b", [1, 2]>
func.func private @f(!pt.t<.x{}>) attributes {
  a = #pt..tile<pad = #pto.blayout<row_major>>,
  b = #pt.fn<(i32) -> i64>,
  c = #pt<"x>y">,
  d = #pt.s<"a)b", [1, 2]>
}
