// Dialect attributes declared in ODS with parameters (the in-tree `ptotest` dialect):
// `struct(params)` in any order with every parameter kind, `params` with a list,
// optional groups, a hand-written syntax (Rust hooks), no parameters, the opaque
// spelling `#ptotest<...>`, and an attribute printed stripped in an op's format.
// RUN: %pto-opt %s | FileCheck %s
// RUN: %roundtrip %s

// CHECK-LABEL: func.func private @configs
// CHECK-SAME: a = #ptotest.config<loc = vec, dtype = f32, rows = 16, home = <acc>, size = 4 : i32, flag = true>
// CHECK-SAME: b = #ptotest.config<loc = mat, dtype = !ptotest.pair<i8, f16>, rows = 2, home = <mat>, size = 8 : i64, fractal = 16, extra = [1, "x"], flag = false>
// CHECK-SAME: c = #ptotest.config<loc = vec, dtype = f32, rows = 16, home = <acc>, size = 4 : i32, flag = true>
func.func private @configs() attributes {
  a = #ptotest.config<loc = vec, dtype = f32, rows = 16, home = <acc>, size = 4 : i32, flag = true>,
  b = #ptotest.config<flag = false, size = 8, home = #ptotest.loc<mat>, rows = 2, dtype = !ptotest.pair<i8, f16>, loc = mat, fractal = 16, extra = [1, "x"]>,
  c = #ptotest.config<loc=vec, dtype=f32, rows=16, home=<acc>, size=4 : i32, fractal=512, flag=true>
}

// CHECK-LABEL: func.func private @others
// CHECK-SAME: d = #ptotest.dims<f32, 4, 8, 16>, e = #ptotest.slot, f = #ptotest.slot<3>, g = #ptotest<slot named "x y">, h = #ptotest<slot<2> named "z">, i = #ptotest.range<0 to 8>, j = #ptotest.range<1 to 1>, k = #ptotest.marker
func.func private @others() attributes {
  d = #ptotest.dims<f32, 4, 8, 16>,
  e = #ptotest.slot, f = #ptotest.slot<3>, g = #ptotest.slot named "x y",
  h = #ptotest<slot<2> named "z">,
  i = #ptotest.range<0 to 8>, j = #ptotest<range<1 to 1>>, k = #ptotest.marker
}

// In an op's format the attribute is printed without `#ptotest.config` (MLIR's
// `printStrippedAttrOrType`); the full spelling is accepted too.
// CHECK-LABEL: func.func @ops
// CHECK: ptotest.configure <loc = vec, dtype = f32, rows = 16, home = <acc>, size = 4 : i32, flag = true>{{$}}
// CHECK: ptotest.configure <loc = acc, dtype = i1, rows = 1, home = <vec>, size = 2 : i64, flag = false> range <1 to 2> {x}
func.func @ops() {
  ptotest.configure <loc = vec, dtype = f32, rows = 16, home = <acc>, size = 4 : i32, flag = true>
  ptotest.configure #ptotest.config<loc = acc, dtype = i1, rows = 1, home = <vec>, size = 2, flag = false> range #ptotest.range<1 to 2> {x}
  return
}
