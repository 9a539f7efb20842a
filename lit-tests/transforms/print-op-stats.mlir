// print-op-stats: the ops under the anchor (the anchor included, nested functions and
// modules too) counted by name, sorted, as mlir-opt prints them to stderr: dialects
// right-aligned on the dot, names without a dialect indented past it; or as JSON. Under
// a function pipeline one report per function (mlir-opt's reports interleave when
// threaded, so compare them single-threaded). The IR is unchanged.
// RUN: %pto-opt --allow-unregistered-dialect %s --print-op-stats -o /dev/null 2> %t.pto
// RUN: %mlir-opt --allow-unregistered-dialect %s --print-op-stats -o /dev/null 2> %t.mlir
// RUN: diff %t.mlir %t.pto
// RUN: FileCheck %s --strict-whitespace < %t.pto
// RUN: %pto-opt --allow-unregistered-dialect %s --print-op-stats=json -o /dev/null 2> %t.pto
// RUN: %mlir-opt --allow-unregistered-dialect %s --print-op-stats=json -o /dev/null 2> %t.mlir
// RUN: diff %t.mlir %t.pto
// RUN: FileCheck %s --check-prefix=JSON --strict-whitespace < %t.pto
// RUN: %pto-opt --allow-unregistered-dialect %s --pass-pipeline='builtin.module(func.func(print-op-stats))' --mlir-disable-threading -o /dev/null 2> %t.pto
// RUN: %mlir-opt --allow-unregistered-dialect %s --pass-pipeline='builtin.module(func.func(print-op-stats))' --mlir-disable-threading -o /dev/null 2> %t.mlir
// RUN: diff %t.mlir %t.pto
// RUN: %pto-opt --allow-unregistered-dialect %s --pass-pipeline='builtin.module(func.func(print-op-stats{json=true}))' -o /dev/null 2>&1 | FileCheck %s --check-prefix=FUNC
// RUN: %compat %s --print-op-stats

// CHECK:      {{^}}Operations encountered:
// CHECK-NEXT: {{^}}-----------------------
// CHECK-NEXT: {{^}}        arith.addi         , 2
// CHECK-NEXT: {{^}}        arith.constant     , 1
// CHECK-NEXT: {{^}}      builtin.module       , 2
// CHECK-NEXT: {{^}}         func.func         , 3
// CHECK-NEXT: {{^}}         func.return       , 3
// CHECK-NEXT: {{^}}  longdialect.op.with.dots , 1
// CHECK-NEXT: {{^}}              noprefix     , 1
// CHECK-NEXT: {{^}}          scf.if           , 1
// CHECK-NEXT: {{^}}          scf.yield        , 2
// CHECK-EMPTY:

// JSON:      {{^}}{
// JSON-NEXT: {{^}}  "arith.addi" : 2,
// JSON:      {{^}}  "scf.yield" : 2
// JSON-NEXT: {{^}}}

// The nested module's function is not a direct child: two reports.
// FUNC-COUNT-2: "func.func" : 1
// FUNC-NOT: "func.func"

func.func @f(%a: i32, %c: i1) -> i32 {
  %0 = arith.addi %a, %a : i32
  %1 = scf.if %c -> i32 {
    %2 = arith.addi %0, %a : i32
    scf.yield %2 : i32
  } else {
    scf.yield %a : i32
  }
  return %1 : i32
}
func.func @g() {
  %c = arith.constant 1 : i32
  return
}
module {
  func.func @h() {
    "noprefix"() : () -> ()
    "longdialect.op.with.dots"() : () -> ()
    return
  }
}
