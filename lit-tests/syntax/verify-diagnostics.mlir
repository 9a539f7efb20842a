// The -verify-diagnostics designator forms: same line, @+N, @-N, @above, @below,
// -re regexes, notes, and `{{}}` matching any message.
// RUN: %pto-opt %s -split-input-file -verify-diagnostics --allow-unregistered-dialect

// -----

"xt.u"(%x) : (i32) -> () // expected-error {{use of undeclared SSA value name}}

// -----

"xt.u"(%x) : (i32) -> ()
// expected-error @-1 {{undeclared SSA value}}

// -----

"xt.u"(%x) : (i32) -> ()
// expected-error @above {{use of undeclared}}

// -----

// expected-error @below {{use of undeclared SSA value name}}
"xt.u"(%x) : (i32) -> ()

// -----

// expected-error-re @+1 {{use of {{[a-z]+}} SSA value name}}
"xt.u"(%x) : (i32) -> ()

// -----

// expected-error @+1 {{}}
"xt.u"(%x) : (i32) -> ()

// -----

// expected-note @+1 {{previously defined here}}
%x = "xt.a"() : () -> i32
%x = "xt.a"() : () -> i32 // expected-error-re {{redefinition of SSA value '{{%x}}'}}

// -----

// A chunk without diagnostics is fine.
"xt.ok"() : () -> ()
