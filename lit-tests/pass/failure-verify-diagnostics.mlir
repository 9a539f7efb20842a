// Errors of failing passes (and of verifying after a pass) go through
// --verify-diagnostics like any other diagnostic.
// RUN: %pto-opt %s --pass-pipeline='builtin.module(func.func(test-pass-failure))' --verify-diagnostics -o /dev/null
// RUN: %pto-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(test-pass-failure))' --verify-diagnostics -o /dev/null

// expected-error @below {{illegal operation}}
func.func @f(%a: i32) -> i32 {
  return %a : i32
}
// expected-error @below {{illegal operation}}
func.func private @decl(i32)

// -----

// expected-error @below {{illegal operation}}
func.func @g() {
  return
}
