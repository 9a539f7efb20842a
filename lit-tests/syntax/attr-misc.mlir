// Strings, unit, arrays, dictionaries, type attributes and symbol references.
// RUN: %pto-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: %roundtrip %s --allow-unregistered-dialect
// RUN: %compat %s

// Strings: escapes are re-printed as \XX (uppercase hex); printable ASCII is kept.
// CHECK-LABEL: module {
// CHECK-NEXT:   "xt.str"() {a = "", b = "plain text", c = "a\0A\09\22\\Ab", d = "\0A\0D\7F\01~", e = "\C3\A9", f = "tab\09raw"} : () -> ()
"xt.str"() {a = "", b = "plain text", c = "a\n\t\"\\\41b", d = "\0a\0D\7f\01~", e = "é", f = "tab	raw"} : () -> ()
// Typed strings.
// CHECK-NEXT:   "xt.str.typed"() {a = "s" : i32, b = "t" : !xt.ty, c = "u" : tensor<2xi8>} : () -> ()
"xt.str.typed"() {a = "s" : i32, b = "t" : !xt.ty, c = "u" : tensor<2xi8>} : () -> ()

// Unit: a bare key in a dictionary, `unit` elsewhere.
// CHECK-NEXT:   "xt.unit"() {a, b, c = [unit, {}], d = {e, f}} : () -> ()
"xt.unit"() {a, b = unit, c = [unit, {}], d = {e, f = unit}} : () -> ()

// Arrays, including empty and nested ones.
// CHECK-NEXT:   "xt.array"() {a = [], b = {{\[\[}}]], c = [1, [2, [3 : i8]], "x", i32, @s], d = [{}, {a = 1 : i64}]} : () -> ()
"xt.array"() {a = [], b = [[]], c = [1, [2, [3 : i8]], "x", i32, @s], d = [{}, {a = 1}]} : () -> ()

// Dictionary keys are sorted by bytes; keys that are not bare identifiers are quoted.
// CHECK-NEXT:   "xt.dict"() {"$a" = 3 : i64, "9x" = 4 : i64, A = 8 : i64, _x.y$z, a = 2 : i64, "a b" = 5 : i64, e = true, "x-y" = 6 : i64, xt.foo = 7 : i64, z = 1 : i64} : () -> ()
"xt.dict"() {z = 1, a = 2, "$a" = 3, "9x" = 4, _x.y$z, "a b" = 5, "x-y" = 6, e = true, xt.foo = 7, A = 8} : () -> ()
// CHECK-NEXT:   "xt.dict.nested"() {d = {a = {}, m = {q}, z = 1 : i32}, e = {}} : () -> ()
"xt.dict.nested"() {d = {z = 1 : i32, a = {}, m = {q}}, e = {}} : () -> ()
// Keywords may be used as keys.
// CHECK-NEXT:   "xt.dict.kw"() {dense = 4 : i64, i32 = 3 : i64, loc = 2 : i64, tensor = 1 : i64, true = 5 : i64, unit = 6 : i64} : () -> ()
"xt.dict.kw"() {tensor = 1, loc = 2, i32 = 3, dense = 4, true = 5, unit = 6} : () -> ()
// An empty attribute dictionary on an op is dropped.
// CHECK-NEXT:   "xt.dict.empty"() : () -> ()
"xt.dict.empty"() {} : () -> ()

// Type attributes.
// CHECK-NEXT:   "xt.type"() {a = i32, b = f32, c = tensor<4xf32>, d = (i32) -> i64, e = !xt.t, f = none, g = index, h = memref<?xf32>} : () -> ()
"xt.type"() {a = i32, b = f32, c = tensor<4xf32>, d = (i32) -> i64, e = !xt.t, f = none, g = index, h = memref<?xf32>} : () -> ()

// Symbol references: flat, nested, and quoted when not a bare identifier.
// CHECK-NEXT:   "xt.sym"() {a = @foo, b = @q.r, c = @"foo bar", d = @"a-b", e = @"9x", f = @_f.o$o, g = @"x\22y"} : () -> ()
"xt.sym"() {a = @foo, b = @q.r, c = @"foo bar", d = @"a-b", e = @"9x", f = @_f.o$o, g = @"x\"y"} : () -> ()
// CHECK-NEXT:   "xt.sym.nested"() {a = @foo::@bar, b = @"foo bar"::@baz::@q.r, c = @a::@"b c"::@"9"} : () -> ()
"xt.sym.nested"() {a = @foo::@bar, b = @"foo bar"::@baz::@q.r, c = @a::@"b c"::@"9"} : () -> ()
// CHECK-NEXT:   "xt.sym.quoted"() {a = @plain, b = @"tab\09"} : () -> ()
"xt.sym.quoted"() {a = @"plain", b = @"tab\09"} : () -> ()

// Strided layout attributes as plain attribute values; a zero offset is omitted.
// CHECK-NEXT:   "xt.strided"() {s = strided<[4, 1], offset: ?>, t = strided<[]>, u = strided<[?, ?], offset: 7>, v = strided<[1]>} : () -> ()
"xt.strided"() {s = strided<[4, 1], offset: ?>, t = strided<[], offset: 0>, u = strided<[?, ?], offset: 7>, v = strided<[1]>} : () -> ()
// CHECK-NEXT: }
