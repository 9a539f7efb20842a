// Opaque types and attributes of unregistered dialects: pretty and quoted forms,
// bodies kept verbatim.
// RUN: %pto-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: %roundtrip %s --allow-unregistered-dialect
// RUN: %compat %s

// CHECK-LABEL: module {
// CHECK-NEXT:   %0:7 = "xt.ty.pretty"() : () -> (!xt.t, !xt.t.u, !xt.t_1, !xt.t<1,"a">, !xt.t<  1 ,  x  >, !xt.t.u<x>, !xt.a<<>>)
"xt.ty.pretty"() : () -> (!xt.t, !xt.t.u, !xt.t_1, !xt.t<1,"a">, !xt.t<  1 ,  x  >, !xt.t.u<x>, !xt.a<<>>)
// The quoted form becomes pretty when the body is an identifier (with an optional <...> tail).
// CHECK-NEXT:   %1:7 = "xt.ty.quoted"() : () -> (!xt.t, !xt<"a b">, !xt<"t<1>">, !xt<9>, !xt.t<i32>, !xt<"">, !xt<a b>)
"xt.ty.quoted"() : () -> (!xt<t>, !xt<"a b">, !xt<"t<1>">, !xt<9>, !xt<t<i32>>, !xt<"">, !xt<a b>)
// CHECK-NEXT:   %2:4 = "xt.ty.nested"() : () -> (!xt.t<!xt.u<i32>, [1, {b}]>, !xt.t<(x)[y]{z}>, !xt.t<"}>">, tensor<4x!xt.e<x>>)
"xt.ty.nested"() : () -> (!xt.t<!xt.u<i32>, [1, {b}]>, !xt.t<(x)[y]{z}>, !xt.t<"}>">, tensor<4x!xt.e<x>>)
// CHECK-NEXT:   %3:3 = "xt.ty.dialects"() : () -> (!foo.bar, !x_y.z, !abc<"q">)
"xt.ty.dialects"() : () -> (!foo.bar, !x_y.z, !abc<"q">)

// CHECK-NEXT:   "xt.attr.pretty"() {a = #xt.ok, b = #xt.a<"x">, c = #xt.x.y, d = #xt.t<1,"a">, e = #xt.s<  spaced  >} : () -> ()
"xt.attr.pretty"() {a = #xt.ok, b = #xt.a<"x">, c = #xt.x.y, d = #xt.t<1,"a">, e = #xt.s<  spaced  >} : () -> ()
// CHECK-NEXT:   "xt.attr.quoted"() {a = #xt.a, b = #xt<"b c">, c = #xt<a b>, d = #xt<"">, e = #xt<"x<>">, f = #xt<1>} : () -> ()
"xt.attr.quoted"() {a = #xt<a>, b = #xt<"b c">, c = #xt<a b>, d = #xt<"">, e = #xt<"x<>">, f = #xt<1>} : () -> ()
// Opaque attributes inside other attributes and types.
// CHECK-NEXT:   "xt.attr.nested"() {a = [#xt.a, #xt.b], b = {c = #xt.c<[1]>}, t = tensor<2xf32, #xt.enc<1>>} : () -> ()
"xt.attr.nested"() {a = [#xt.a, #xt<b>], b = {c = #xt.c<[1]>}, t = tensor<2xf32, #xt.enc<1>>} : () -> ()
// CHECK-NEXT: }
