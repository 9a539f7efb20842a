// Lexer errors. One case per chunk; the designator checks the line.
// RUN: %pto-opt %s -split-input-file -verify-diagnostics --allow-unregistered-dialect

// -----

// expected-error @+1 {{invalid attribute name}}
"xt.op"() {a = #} : () -> ()

// -----

// expected-error @+1 {{invalid SSA name}}
"xt.op"(% ) : () -> ()

// -----

"xt.br"() ({
// expected-error @+1 {{invalid block name}}
  "xt.br"()[^ ] : () -> ()
}) : () -> ()

// -----

// expected-error @+1 {{invalid type identifier}}
"xt.op"() : () -> !

// -----

// expected-error @+1 {{@ identifier expected to start with letter or '_'}}
"xt.op"() {a = @1} : () -> ()

// -----

// expected-error @+1 {{unexpected character}}
"xt.op"() {a = ~} : () -> ()

// -----

// expected-error @+1 {{expected '"' in string literal}}
"xt.op"() {a = "unterminated} : () -> ()

// -----

// expected-error @+1 {{unknown escape in string literal}}
"xt.op"() {a = "bad \q escape"} : () -> ()

// -----

// expected-error @+1 {{unknown escape in string literal}}
"xt.op"() {a = "\x41"} : () -> ()

// -----

// A `#-}` outside of a file metadata block.
// expected-error @+1 {{expected operation name in quotes}}
#-}
