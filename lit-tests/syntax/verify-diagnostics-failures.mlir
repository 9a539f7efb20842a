// -verify-diagnostics failures: an unexpected diagnostic and a designator that is
// not matched.
// RUN: not %pto-opt %s -split-input-file -verify-diagnostics --allow-unregistered-dialect 2> %t.stderr
// RUN: FileCheck %s --strict-whitespace --input-file %t.stderr

// CHECKS-BEGIN
// CHECK: {{^}}{{.*}}verify-diagnostics-failures.mlir:17:8: error: unexpected error: use of undeclared SSA value name{{$}}
// CHECK-NEXT: {{^}}"xt.u"(%x) : (i32) -> (){{$}}
// CHECK-NEXT: {{^}}       ^{{$}}
// CHECK-NEXT: {{^}}{{.*}}verify-diagnostics-failures.mlir:21:4: error: expected error "something else" was not produced{{$}}
// CHECK-NEXT: {{^}}// expected{{-}}error @+1 {{\{\{}}something else}}{{$}}
// CHECK-NEXT: {{^}}   ^~~~~~~~~~~~~~{{$}}
// CHECKS-END

// -----

"xt.u"(%x) : (i32) -> ()

// -----

// expected-error @+1 {{something else}}
"xt.ok"() : () -> ()
