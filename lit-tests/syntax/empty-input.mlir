// A file with only comments and alias definitions prints an empty module; in
// generic form the empty body block is printed with its label.
// RUN: %pto-opt %s | FileCheck %s
// RUN: %pto-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: %roundtrip %s
// RUN: %compat %s

#a = 1
!t = i32
#m = affine_map<(d0) -> (d0)>

// CHECK-NOT: {{.}}
// CHECK: {{^}}module {
// CHECK-NEXT: {{^}}}
// CHECK-NOT: {{.}}

// GENERIC: {{^}}"builtin.module"() ({
// GENERIC-NEXT: {{^}}^bb0:
// GENERIC-NEXT: {{^}}}) : () -> ()
