// Generic operation syntax: results, operands, properties, attributes, regions,
// blocks and successors.
// RUN: %pto-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: %roundtrip %s --allow-unregistered-dialect
// RUN: %compat %s

// Result groups and uses of individual results.
// CHECK-LABEL: module {
// CHECK-NEXT:   %0:2 = "xt.two"() : () -> (i32, i64)
%a:2 = "xt.two"() : () -> (i32, i64)
// CHECK-NEXT:   %1 = "xt.one"(%0#1, %0#0) : (i64, i32) -> i1
%b = "xt.one"(%a#1, %a#0) : (i64, i32) -> i1
// CHECK-NEXT:   %2:3 = "xt.three"(%1, %1) : (i1, i1) -> (i1, i1, (i32) -> i32)
%c:3 = "xt.three"(%b, %b) : (i1, i1) -> (i1, i1, (i32) -> i32)
// CHECK-NEXT:   "xt.zero"(%2#2, %2#0) : ((i32) -> i32, i1) -> ()
"xt.zero"(%c#2, %c#0) : ((i32) -> i32, i1) -> ()
// %x#0 refers to the first result; names are renumbered.
// CHECK-NEXT:   %3 = "xt.named"(%0#0) : (i32) -> f32
%named = "xt.named"(%a#0) : (i32) -> f32
// CHECK-NEXT:   "xt.use"(%3, %3) : (f32, f32) -> ()
"xt.use"(%named#0, %named) : (f32, f32) -> ()
// Op names are escaped strings.
// CHECK-NEXT:   "xt.weird name"() : () -> ()
"xt.weird name"() : () -> ()
// CHECK-NEXT:   "xt.a\22b"() : () -> ()
"xt.a\"b"() : () -> ()

// Properties, including empty and non-dictionary ones, are printed before regions.
// CHECK-NEXT:   "xt.props"() <{a = 2 : i32, u, z = 1 : i32}> {y = 3 : i32} : () -> ()
"xt.props"() <{z = 1 : i32, a = 2 : i32, u}> {y = 3 : i32} : () -> ()
// CHECK-NEXT:   "xt.props.empty"() <{}> : () -> ()
"xt.props.empty"() <{}> : () -> ()
// CHECK-NEXT:   "xt.props.array"() <[1, 2]> : () -> ()
"xt.props.array"() <[1, 2]> : () -> ()
// CHECK-NEXT:   "xt.props.str"() <"str"> : () -> ()
"xt.props.str"() <"str"> : () -> ()
// CHECK-NEXT:   "xt.props.int"() <1 : i64> : () -> ()
"xt.props.int"() <1> : () -> ()

// Regions: empty region list entry, empty block, several regions, nesting.
// CHECK-NEXT:   "xt.noregion"() ({
// CHECK-NEXT:   }) : () -> ()
"xt.noregion"() ({}) : () -> ()
// CHECK-NEXT:   "xt.emptyblock"() ({
// CHECK-NEXT:   ^bb0:
// CHECK-NEXT:   }) : () -> ()
"xt.emptyblock"() ({
^bb0:
}) : () -> ()
// CHECK-NEXT:   "xt.regions"() ({
// CHECK-NEXT:     "xt.r1"() : () -> ()
// CHECK-NEXT:   }, {
// CHECK-NEXT:   }, {
// CHECK-NEXT:   ^bb0(%arg0: i32):
// CHECK-NEXT:     "xt.r3"(%arg0) : (i32) -> ()
// CHECK-NEXT:   }) : () -> ()
"xt.regions"() ({
  "xt.r1"() : () -> ()
}, {
}, {
^bb0(%arg0: i32):
  "xt.r3"(%arg0) : (i32) -> ()
}) : () -> ()
// The entry block label is printed only when it has arguments or is empty.
// CHECK-NEXT:   "xt.entry"() ({
// CHECK-NEXT:     "xt.x"() : () -> ()
// CHECK-NEXT:   }) : () -> ()
"xt.entry"() ({
^entry:
  "xt.x"() : () -> ()
}) : () -> ()
// Properties, regions and attributes together.
// CHECK-NEXT:   %4:2 = "xt.all"(%1) <{p = 1 : i32}> ({
// CHECK-NEXT:     "xt.y"() : () -> ()
// CHECK-NEXT:   }) {a = 2 : i32} : (i1) -> (i32, i32)
%all:2 = "xt.all"(%b) <{p = 1 : i32}> ({
  "xt.y"() : () -> ()
}) {a = 2 : i32} : (i1) -> (i32, i32)
// CHECK-NEXT: }
