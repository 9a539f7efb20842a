// Invalid locations, alias definitions and file metadata.
// RUN: %pto-opt %s -split-input-file -verify-diagnostics --allow-unregistered-dialect

// -----

// expected-error @+1 {{expected ')' in location}}
"xt.op"() : () -> () loc("f":1:2

// -----

// expected-error @+1 {{expected '(' in location}}
"xt.op"() : () -> () loc unknown

// -----

#x = 1
// expected-error @+1 {{expected location, but found '1 : i64'}}
"xt.op"() : () -> () loc(#x)

// -----

// expected-error @+1 {{expected integer line number in FileLineColRange}}
"xt.op"() : () -> () loc("f":-1:2)

// -----

// expected-error @+1 {{expected integer column number in FileLineColRange}}
"xt.op"() : () -> () loc("f":1:x)

// -----

// expected-error @+1 {{expected '[' in fused location}}
"xt.op"() : () -> () loc(fused<"m">)

// -----

// expected-error @+1 {{expected ']' in fused location}}
"xt.op"() : () -> () loc(fused["a" "b"])

// -----

{-#
  dialect_resources: {
    // expected-error @+1 {{dialect 'xt' is unknown}}
    xt: { k: "0x01" }
  }
#-}

// -----

{-#
  dialect_resources: {
    builtin: {
      // expected-error @+1 {{expected hex string blob for key 'k'}}
      k: 1
    }
  }
#-}

// -----

{-#
  dialect_resources: {
    builtin: {
      // expected-error @+1 {{expected hex string blob for key 'k' to encode alignment in first 4 bytes}}
      k: "0x01"
    }
  }
#-}
