// Undefined and redefined SSA values and blocks, and type mismatches of uses.
// RUN: %pto-opt %s -split-input-file -verify-diagnostics --allow-unregistered-dialect

// -----

// expected-error @+1 {{use of undeclared SSA value name}}
"xt.u"(%x) : (i32) -> ()

// -----

// Only the first use of each undefined name is reported.
// expected-error @+1 {{use of undeclared SSA value name}}
"xt.u"(%x, %x) : (i32, i32) -> ()
"xt.u"(%x) : (i32) -> ()

// -----

// expected-note @+1 {{previously defined here}}
%x = "xt.a"() : () -> i32
// expected-error @+1 {{redefinition of SSA value '%x'}}
%x = "xt.a"() : () -> i32

// -----

// expected-note @+1 {{prior use here}}
%x = "xt.a"() : () -> i32
// expected-error @+1 {{use of value '%x' expects different type than prior uses: 'i64' vs 'i32'}}
"xt.u"(%x) : (i64) -> ()

// -----

%x:2 = "xt.a"() : () -> (i32, i32)
// expected-error @+1 {{reference to invalid result number}}
"xt.u"(%x#2) : (i32) -> ()

// -----

%x:2 = "xt.a"() : () -> (i32, i32)
// expected-error @+1 {{invalid SSA value result number}}
"xt.u"(%x#a) : (i32) -> ()

// -----

// Values defined in a region are not visible after it.
"xt.r"() ({
  %inner = "xt.a"() : () -> i32
}) : () -> ()
// expected-error @+1 {{use of undeclared SSA value name}}
"xt.u"(%inner) : (i32) -> ()

// -----

"xt.r"() ({
// expected-error @+1 {{expected ':' and type for SSA operand}}
^bb1(%x):
  "xt.end"() : () -> ()
}) : () -> ()

// -----

"xt.r"() ({
// expected-note @+1 {{previously defined here}}
^bb0(%x: i32,
// expected-error @+1 {{redefinition of SSA value '%x'}}
     %x: i32):
  "xt.end"() : () -> ()
}) : () -> ()

// -----

"xt.r"() ({
// expected-error @+1 {{reference to an undefined block}}
  "xt.br"() [^bb9] : () -> ()
}) : () -> ()

// -----

// A block of the parent region is not visible inside a nested region.
"xt.r"() ({
  "xt.r2"() ({
// expected-error @+1 {{reference to an undefined block}}
    "xt.br"() [^outer] : () -> ()
  }) : () -> ()
  "xt.br"() [^outer] : () -> ()
^outer:
  "xt.end"() : () -> ()
}) : () -> ()

// -----

"xt.r"() ({
  "xt.br"() [^bb1] : () -> ()
// expected-error @+1 {{expected ':' after block name}}
^bb1 "xt.end"() : () -> ()
}) : () -> ()
