// affine.apply: maps written inline or as aliases, dimensions in parentheses and
// symbols in brackets (left out when there are none).
// RUN: %pto-opt %s | FileCheck %s
// RUN: %roundtrip %s
// RUN: %compat %s

// CHECK: #[[MAP:.*]] = affine_map<(d0)[s0] -> (d0 * 4 + s0)>
#map = affine_map<(d0)[s0] -> (d0 * 4 + s0)>
// CHECK-LABEL: func.func @apply
func.func @apply(%i: index, %n: index) -> (index, index, index, index) {
  // CHECK: affine.apply #[[MAP]](%arg0)[%arg1]
  %0 = affine.apply #map(%i)[%n]
  // CHECK: affine.apply #{{.*}}()[%arg0, %arg1]
  %1 = affine.apply affine_map<()[s0, s1] -> (s0 * 32 + s1)>()[%i, %n]
  // CHECK: affine.apply #{{.*}}(%arg0)
  %2 = affine.apply affine_map<(d0) -> (d0 floordiv 4 + d0 mod 3 + d0 ceildiv 2)>(%i)
  // CHECK: affine.apply #{{.*}}()
  %3 = affine.apply affine_map<() -> (7)>()
  return %0, %1, %2, %3 : index, index, index, index
}
