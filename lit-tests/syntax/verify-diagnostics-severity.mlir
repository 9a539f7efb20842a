// -verify-diagnostics: a severity mismatch is reported at the designator (with its
// source line) and the designator is then also reported as not produced.
// RUN: not %pto-opt %s -split-input-file -verify-diagnostics --allow-unregistered-dialect 2> %t.stderr
// RUN: FileCheck %s --strict-whitespace --input-file %t.stderr

// CHECKS-BEGIN
// CHECK: {{^}}{{.*}}verify-diagnostics-severity.mlir:17:4: error: 'error' diagnostic emitted when expecting a 'warning'{{$}}
// CHECK-NEXT: {{^}}// expected{{-}}warning @+1 {{\{\{}}use of undeclared SSA value name}}{{$}}
// CHECK-NEXT: {{^}}   ^{{$}}
// CHECK-NEXT: {{^}}{{.*}}verify-diagnostics-severity.mlir:17:4: error: expected warning "use of undeclared SSA value name" was not produced{{$}}
// CHECK-NEXT: {{^}}// expected{{-}}warning @+1 {{\{\{}}use of undeclared SSA value name}}{{$}}
// CHECK-NEXT: {{^}}   ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~{{$}}
// CHECKS-END

// -----

// expected-warning @+1 {{use of undeclared SSA value name}}
"xt.u"(%y) : (i32) -> ()
