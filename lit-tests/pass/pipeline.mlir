// Pass pipelines: textual pipelines, per-pass flags, --dump-pass-pipeline, and MLIR's
// errors for malformed pipelines, unknown passes and options, and misplaced anchors.
// RUN: %pto-opt %s --pass-pipeline='builtin.module(func.func(cse,cse))' --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=DUMP
// RUN: %pto-opt %s --cse --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=FLAG
// RUN: not %pto-opt %s --pass-pipeline='builtin.module(foo)' 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not %pto-opt %s --pass-pipeline='cse' 2>&1 | FileCheck %s --check-prefix=ANCHOR
// RUN: not %pto-opt %s --pass-pipeline='func.func(cse)' 2>&1 | FileCheck %s --check-prefix=WRONG
// RUN: not %pto-opt %s --pass-pipeline='builtin.module(cse{bad=1})' 2>&1 | FileCheck %s --check-prefix=OPTION
// RUN: not %pto-opt %s --cse --pass-pipeline='builtin.module(cse)' 2>&1 | FileCheck %s --check-prefix=BOTH
// RUN: %pto-opt %s --pass-pipeline='builtin.module()' --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=EMPTY
// RUN: not %pto-opt %s --pass-pipeline='func.func()' 2>&1 | FileCheck %s --check-prefix=WRONG
// RUN: not %pto-opt %s --pass-pipeline='builtin.module(func.func())' 2>&1 | FileCheck %s --check-prefix=NESTED-EMPTY

// DUMP:      Pass Manager with 1 passes:
// DUMP-NEXT: builtin.module(
// DUMP-NEXT:   func.func(
// DUMP-NEXT:     cse,
// DUMP-NEXT:     cse
// DUMP-NEXT:   )
// DUMP-NEXT: )

// FLAG:      Pass Manager with 1 passes:
// FLAG-NEXT: builtin.module(
// FLAG-NEXT:   cse
// FLAG-NEXT: )

// UNKNOWN:      error: MLIR Textual PassPipeline Parser:1:1: error: 'foo' does not refer to a registered pass or pass pipeline
// UNKNOWN-NEXT: foo
// UNKNOWN-NEXT: ^

// ANCHOR: <unknown>:0: error: expected pass pipeline to be wrapped with the anchor operation type, e.g. 'builtin.module(...)'

// WRONG: pipeline.mlir:0:0: error: can't run 'func.func' pass manager on 'builtin.module' op

// OPTION: error: <Pass-Options-Parser>: no such option bad

// BOTH: <unknown>:0: error: '-pass-pipeline' option can't be used with individual pass options

// The top-level manager may be empty (and is still checked against the top-level op);
// nested ones may not.
// EMPTY:      Pass Manager with 0 passes:
// EMPTY-NEXT: builtin.module(
// EMPTY-EMPTY:
// EMPTY-NEXT: )
// NESTED-EMPTY:      error: MLIR Textual PassPipeline Parser:1:11: error: '' does not refer to a registered pass or pass pipeline
// NESTED-EMPTY-NEXT: func.func()
// NESTED-EMPTY-NEXT:           ^

func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  return %0 : i32
}
