// Malformed generic operations, results and successors.
// RUN: %pto-opt %s -split-input-file -verify-diagnostics --allow-unregistered-dialect

// -----

// expected-error @+1 {{expected ')' to end operand list}}
"xt.op"(

// -----

// expected-error @+1 {{expected ':' followed by operation type}}
"xt.op"() / : () -> ()

// -----

// expected-error @+1 {{expected ':' followed by operation type}}
"xt.op"() {a = 1} {b = 2} : () -> ()

// -----

// expected-error @+1 {{expected function type}}
"xt.op"() : i32

// -----

%a = "xt.def"() : () -> i32
// expected-error @+1 {{expected 2 operand types but had 1}}
"xt.op"(%a, %a) : (i32) -> ()

// -----

// expected-error @+1 {{expected '{' to begin a region}}
"xt.op"() () : () -> ()

// -----

// expected-error @+1 {{expected '{' to begin a region}}
"xt.r"() ({}, ) : () -> ()

// -----

// expected-error @+1 {{expected ')' to end region list}}
"xt.r"() ({} : () -> ()

// -----

// expected-error @+1 {{expected operation name in quotes}}
"xt.op"() ({) : () -> ()

// -----

// expected-error @+1 {{expected operation name in quotes}}
"xt.op"() : () -> () }

// -----

// expected-error @+1 {{expected operation name in quotes}}
%x = 42

// -----

// expected-error @+1 {{empty operation name is invalid}}
"" () : () -> ()

// -----

// expected-error @+1 {{expected '>' to close properties}}
"xt.op"() <{p = 1} : () -> ()

// -----

"xt.r"() ({
// expected-error @+1 {{expected block name}}
  "xt.br"() [%x] : () -> ()
}) : () -> ()

// -----

// expected-error @+1 {{operation defines 1 results but was provided 2 to bind}}
%x, %y = "xt.a"() : () -> i32

// -----

// expected-error @+1 {{operation defines 2 results but was provided 1 to bind}}
%x = "xt.a"() : () -> (i32, i32)

// -----

// expected-error @+1 {{operation defines 2 results but was provided 3 to bind}}
%x:3 = "xt.a"() : () -> (i32, i32)

// -----

// expected-error @+1 {{cannot name an operation with no results}}
%x = "xt.a"() : () -> ()

// -----

// expected-error @+1 {{expected named operation to have at least 1 result}}
%x:0 = "xt.a"() : () -> ()

// -----

// expected-error @+1 {{expected integer number of results}}
%x: = "xt.a"() : () -> i32

// -----

// expected-error @+1 {{expected '=' after SSA name}}
%x "xt.a"() : () -> i32

// -----

// expected-error @+1 {{expected '=' after SSA name}}
%1abc = "xt.a"() : () -> i32

// -----

// A result-type list without parentheses is a single type.
// expected-error @+1 {{expected operation name in quotes}}
"xt.op"() : () -> i32, i32

