// StepCompareFolder leaves scalable steps alone: their length is 4 x vscale, unknown
// here. mlir-opt 22 folds this comparison to all-true as if vscale were 1 (wrong for
// vscale > 1), so this file is checked with FileCheck only, not against mlir-opt.
// RUN: %pto-opt %s --canonicalize | FileCheck %s

// CHECK-LABEL: func.func @scalable(
// CHECK:         %[[S:.*]] = vector.step : vector<[4]xindex>
// CHECK-NEXT:    arith.cmpi ult, %[[S]], %{{.*}} : vector<[4]xindex>
func.func @scalable() -> vector<[4]xi1> {
  %s = vector.step : vector<[4]xindex>
  %c4 = arith.constant dense<4> : vector<[4]xindex>
  %a = arith.cmpi ult, %s, %c4 : vector<[4]xindex>
  return %a : vector<[4]xi1>
}
