// Integer, index and boolean attributes: types, signedness, wrap-around printing.
// RUN: %pto-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: %roundtrip %s --allow-unregistered-dialect
// RUN: %compat %s

// An untyped integer is i64; in a dictionary the type is always printed.
// CHECK-LABEL: module {
// CHECK-NEXT:   "xt.int.default"() {a = 1 : i64, b = -1 : i64, c = 0 : i64, d = 9223372036854775807 : i64, e = -9223372036854775808 : i64} : () -> ()
"xt.int.default"() {a = 1, b = -1, c = 0, d = 9223372036854775807, e = -9223372036854775808} : () -> ()
// CHECK-NEXT:   "xt.int.typed"() {a = 7 : i32, b = 5 : index, c = 0 : i0, d = -1 : i128, e = 3 : i3, f = 170141183460469231731687303715884105727 : i128} : () -> ()
"xt.int.typed"() {a = 7 : i32, b = 5 : index, c = 0 : i0, d = -1 : i128, e = 3 : i3, f = 170141183460469231731687303715884105727 : i128} : () -> ()
// Signless and signed values print as signed numbers, unsigned ones as unsigned.
// CHECK-NEXT:   "xt.int.wrap"() {a = -1 : i8, b = -1 : i8, c = 255 : ui8, d = -1 : si8, e = -128 : i8, f = 128 : ui8, g = 18446744073709551615 : ui64, h = -1 : i64} : () -> ()
"xt.int.wrap"() {a = 255 : i8, b = 0xFF : i8, c = 255 : ui8, d = -1 : si8, e = -128 : i8, f = 128 : ui8, g = 18446744073709551615 : ui64, h = 0xFFFFFFFFFFFFFFFF} : () -> ()
// CHECK-NEXT:   "xt.int.signed"() {a = -5 : si32, b = 127 : si8, c = 0 : ui0, e = -1 : i16} : () -> ()
"xt.int.signed"() {a = -5 : si32, b = 127 : si8, c = 0 : ui0, e = 65535 : i16} : () -> ()
// Hexadecimal literals.
// CHECK-NEXT:   "xt.int.hex"() {a = 16 : i32, b = 2147483647 : i32, c = 11259375 : i64, d = 0 : ui8, e = 1 : index} : () -> ()
"xt.int.hex"() {a = 0x10 : i32, b = 0x7fffffff : i32, c = 0xabcdef : i64, d = 0x0 : ui8, e = 0x1 : index} : () -> ()
// Signless i1 prints as true/false; signed/unsigned i1 print as numbers.
// CHECK-NEXT:   "xt.bool"() {a = true, b = false, c = true, d = false, e = true, f = 1 : ui1, i = 0 : si1} : () -> ()
"xt.bool"() {a = true, b = false, c = 1 : i1, d = 0 : i1, e = -1 : i1, f = 1 : ui1, i = 0 : si1} : () -> ()
// Inside arrays (May elision) the i64 type is dropped.
// CHECK-NEXT:   "xt.int.array"() {a = [1, 2 : i32, true, 3 : index, -1 : si8, 200 : ui8, 0, -9223372036854775808]} : () -> ()
"xt.int.array"() {a = [1, 2 : i32, true, 3 : index, -1 : si8, 200 : ui8, 0, -9223372036854775808]} : () -> ()
// CHECK-NEXT: }
