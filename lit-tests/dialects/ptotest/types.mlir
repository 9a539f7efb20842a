// Dialect types declared in ODS with parameters (the in-tree `ptotest` dialect):
// `struct(params)` in any order, `params`, optional groups, defaults, `custom<...>`.
// RUN: %pto-opt %s | FileCheck %s
// RUN: %roundtrip %s

// CHECK-LABEL: func.func private @tiles
// CHECK-SAME: !ptotest.tile<loc = vec, dtype = f32, rows = 32, cols = 16>
// CHECK-SAME: !ptotest.tile<loc = acc, dtype = !ptotest.pair<i8, index>, rows = 1, cols = 2, pad = 3>
// CHECK-SAME: !ptotest.tile<loc = mat, dtype = bf16, rows = 8, cols = 8>)
func.func private @tiles(!ptotest.tile<dtype = f32, loc = vec, rows = 32, cols = 16>,
    !ptotest.tile<loc=acc, dtype=!ptotest.pair<i8, index>, rows=1, cols=2, pad=3>,
    !ptotest.tile<cols = 8, pad = 0, rows = 8, dtype = bf16, loc = mat>)

// CHECK-LABEL: func.func private @others
// CHECK-SAME: (!ptotest.pair<i32, f64>, !ptotest.space, !ptotest.space<7>, !ptotest.space, !ptotest.space tag "x y")
func.func private @others(!ptotest.pair<i32, f64>, !ptotest.space, !ptotest.space<7>,
    !ptotest.space<0>, !ptotest.space tag "x y")

// CHECK-LABEL: func.func private @lists
// CHECK-SAME: (!ptotest.list<i1, ...>, !ptotest.list<>, !ptotest.list<...>, !ptotest.list<i8, i16>, !ptotest.unit)
func.func private @lists(!ptotest.list<i1, ...>, !ptotest.list<>, !ptotest.list<...>,
    !ptotest.list<i8, i16>, !ptotest.unit)

// Uniqued: the same tile written twice is one type (the op's type equals the argument's).
// CHECK-LABEL: func.func @use
// CHECK: %0 = ptotest.source : !ptotest.tile<loc = vec, dtype = f32, rows = 2, cols = 2>
func.func @use(%a: !ptotest.tile<loc = vec, dtype = f32, rows = 2, cols = 2>) -> !ptotest.tile<rows = 2, cols = 2, loc = vec, dtype = f32> {
  %0 = ptotest.source : !ptotest.tile<loc = vec, dtype = f32, rows = 2, cols = 2>
  return %a : !ptotest.tile<loc = vec, dtype = f32, rows = 2, cols = 2>
}
