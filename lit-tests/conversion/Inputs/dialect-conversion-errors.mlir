// Errors of the conversion driver (run by ../dialect-conversion.mlir).

func.func @no_pattern() {
  // expected-error@below {{failed to legalize operation 'test.illegal_none' that was explicitly marked illegal}}
  "test.illegal_none"() : () -> ()
  return
}

// -----

func.func @live_cast(%a: i16) -> i16 {
  // expected-error@below {{failed to legalize unresolved materialization from ('i32') to ('i16') that remained live after conversion}}
  %0 = "test.illegal_a"(%a) : (i16) -> i16
  // expected-note@below {{see existing live user here}}
  %1 = "test.other"(%0) : (i16) -> i16
  return %1 : i16
}

// -----

// f16 does not convert: the pattern fails, and the illegal op stays.
func.func @unconvertible() {
  %a = "test.make"() : () -> f16
  // expected-error@below {{failed to legalize operation 'test.illegal_a' that was explicitly marked illegal}}
  "test.illegal_a"(%a) : (f16) -> ()
  return
}

// -----

// A function whose signature does not convert is illegal as well.
// expected-error@below {{failed to legalize operation 'func.func' that was explicitly marked illegal}}
func.func @bad_signature(%a: f16) {
  return
}
