// --mlir-pass-statistics: after the pipeline, each pass with the counters it declares,
// `(S) <value> <name> - <description>` sorted by name, values aligned; by default in
// pipeline form (nested managers merged as they run, a collection of managers on
// different ops shown as one), with --mlir-pass-statistics-display=list each pass once
// with its counters summed. Counters are summed over the ops a pass ran on, whatever the
// threading. The mlir-opt build at hand has LLVM statistics compiled out, so its report
// has the banner and no entries; pto-opt's entries follow MLIR's PassStatistics format.
// RUN: %pto-opt %s --pass-pipeline='builtin.module(func.func(cse),builtin.module(cse),cse)' --mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --strict-whitespace
// RUN: %pto-opt %s --pass-pipeline='builtin.module(func.func(cse),builtin.module(cse),cse)' --mlir-pass-statistics --mlir-disable-threading -o /dev/null 2>&1 | FileCheck %s --strict-whitespace
// RUN: %pto-opt %s --pass-pipeline='builtin.module(func.func(cse),builtin.module(cse),cse)' --mlir-pass-statistics --mlir-pass-statistics-display=list -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --check-prefix=LIST
// RUN: %pto-opt %s --pass-pipeline='builtin.module(func.func(cse),func.func(cse))' --mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --check-prefix=MERGED
// RUN: %pto-opt %s --mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --check-prefix=EMPTY
// RUN: %mlir-opt %s --mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --check-prefix=EMPTY
// RUN: %mlir-opt %s --cse --mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --check-prefix=EMPTY
// The IR dumps follow the same schedule as mlir-opt's.
// RUN: %dump-compat %s --pass-pipeline='builtin.module(func.func(cse),builtin.module(cse),cse)' --mlir-print-ir-after-all
// RUN: not %pto-opt %s --mlir-pass-statistics-display=tree 2>&1 | FileCheck %s --check-prefix=BAD

// CHECK:      {{^}}===-------------------------------------------------------------------------===
// CHECK-NEXT: {{^}}                         ... Pass statistics report ...
// CHECK-NEXT: {{^}}===-------------------------------------------------------------------------===
// CHECK-NEXT: {{^}}Pipeline Collection : ['builtin.module', 'func.func']
// CHECK-NEXT: {{^}}  'builtin.module' Pipeline
// CHECK-NEXT: {{^}}    CSE
// CHECK-NEXT: {{^}}      (S) 10 num-cse'd - Number of operations CSE'd
// CHECK-NEXT: {{^}}      (S)  0 num-dce'd - Number of operations DCE'd
// CHECK-NEXT: {{^}}  'func.func' Pipeline
// CHECK-NEXT: {{^}}    CSE
// CHECK-NEXT: {{^}}      (S) 1 num-cse'd - Number of operations CSE'd
// CHECK-NEXT: {{^}}      (S) 2 num-dce'd - Number of operations DCE'd
// CHECK-NEXT: {{^}}CSE
// CHECK-NEXT: {{^}}  (S) 0 num-cse'd - Number of operations CSE'd
// CHECK-NEXT: {{^}}  (S) 0 num-dce'd - Number of operations DCE'd
// CHECK-EMPTY:
// CHECK-NOT:  {{.}}

// LIST:      {{^}}                         ... Pass statistics report ...
// LIST-NEXT: {{^}}===-------------------------------------------------------------------------===
// LIST-NEXT: {{^}}  CSE
// LIST-NEXT: {{^}}    (S) 11 num-cse'd - Number of operations CSE'd
// LIST-NEXT: {{^}}    (S)  2 num-dce'd - Number of operations DCE'd
// LIST-EMPTY:
// LIST-NOT:  {{.}}

// MERGED:      {{^}}'func.func' Pipeline
// MERGED-NEXT: {{^}}  CSE
// MERGED-NEXT: {{^}}    (S) 1 num-cse'd - Number of operations CSE'd
// MERGED-NEXT: {{^}}    (S) 2 num-dce'd - Number of operations DCE'd
// MERGED-NEXT: {{^}}  CSE
// MERGED-NEXT: {{^}}    (S) 0 num-cse'd - Number of operations CSE'd
// MERGED-NEXT: {{^}}    (S) 0 num-dce'd - Number of operations DCE'd
// MERGED-EMPTY:

// EMPTY:      {{^}}                         ... Pass statistics report ...
// EMPTY-NEXT: {{^}}===-------------------------------------------------------------------------===
// EMPTY-EMPTY:
// EMPTY-NOT:  {{.}}

// BAD: pto-opt: for the --mlir-pass-statistics-display option: Cannot find option named 'tree'!

func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %1 = arith.addi %a, %a : i32
  %2 = arith.muli %0, %1 : i32
  return %2 : i32
}
func.func @g(%a: i32) -> i32 {
  %0 = arith.muli %a, %a : i32
  %1 = arith.addi %a, %a : i32
  return %a : i32
}
module @inner {
  func.func @h(%a: i32) -> (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) {
    %0 = arith.addi %a, %a : i32
    %1 = arith.addi %a, %a : i32
    %2 = arith.addi %a, %a : i32
    %3 = arith.addi %a, %a : i32
    %4 = arith.addi %a, %a : i32
    %5 = arith.addi %a, %a : i32
    %6 = arith.addi %a, %a : i32
    %7 = arith.addi %a, %a : i32
    %8 = arith.addi %a, %a : i32
    %9 = arith.addi %a, %a : i32
    %10 = arith.addi %a, %a : i32
    return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10 : i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32
  }
}
