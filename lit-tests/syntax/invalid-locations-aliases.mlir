// Invalid locations, alias definitions and file metadata.
// RUN: %pto-opt %s -split-input-file -verify-diagnostics --allow-unregistered-dialect

// -----

// expected-error @+1 {{expected location instance}}
"xt.op"() : () -> () loc(foo)

// -----

// expected-error @+1 {{expected location instance}}
"xt.op"() : () -> () loc(1)

// -----

// expected-error @+1 {{operation location alias was never defined}}
"xt.op"() : () -> () loc(#undefined)

// -----

// expected-error @+1 {{expected 'at' in callsite location}}
"xt.op"() : () -> () loc(callsite("a"))

// -----

// expected-error @+1 {{expected location instance}}
"xt.op"() : () -> () loc(callsite("a" at ))

// -----

// expected-error @+1 {{undefined symbol alias id 'foo'}}
"xt.op"() : () -> !foo

// -----

// expected-error @+1 {{undefined symbol alias id 'foo'}}
"xt.op"() {a = #foo} : () -> ()

// -----

!foo = i32
// expected-error @+1 {{redefinition of type alias id 'foo'}}
!foo = i64

// -----

#foo = 1
// expected-error @+1 {{redefinition of attribute alias id 'foo'}}
#foo = 2

// -----

// expected-error @+1 {{type names with a '.' are reserved for dialect-defined names}}
!a.b = i32

// -----

// expected-error @+1 {{attribute names with a '.' are reserved for dialect-defined names}}
#a.b = 1

// -----

// expected-error @+1 {{unknown key 'foo' in file metadata dictionary}}
{-# foo: {} #-}

