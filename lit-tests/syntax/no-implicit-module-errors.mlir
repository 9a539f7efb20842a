// --no-implicit-module requires exactly one top-level op; the error is reported at
// the whole-file location <file>:0:0 without a source line (see bugs.md).
// RUN: not %pto-opt %s --allow-unregistered-dialect --no-implicit-module 2> %t.stderr
// RUN: FileCheck %s --strict-whitespace --input-file %t.stderr

// CHECK: {{^}}{{.*}}no-implicit-module-errors.mlir:0:0: error: source must contain a single top-level operation, found: 2{{$}}
// CHECK-NOT: {{.}}
"xt.a"() : () -> ()
"xt.b"() : () -> ()
