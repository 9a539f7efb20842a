// A pipeline runs on the top-level op's body: its anchor must name that op, and the op
// must be isolated from above. Nothing is written on failure.
// RUN: not %pto-opt %s --no-implicit-module --allow-unregistered-dialect --cse 2>&1 | FileCheck %s --check-prefix=ANCHOR
// RUN: not %pto-opt %s --no-implicit-module --allow-unregistered-dialect --pass-pipeline='test.op(cse)' 2>&1 | FileCheck %s --check-prefix=ISOLATED
// RUN: not %pto-opt %s --no-implicit-module --allow-unregistered-dialect --cse -o %t.out && not test -e %t.out

// ANCHOR: non-isolated-top.mlir:[[@LINE+2]]:1: error: can't run 'builtin.module' pass manager on 'test.op' op
// ISOLATED: non-isolated-top.mlir:[[@LINE+1]]:1: error: the top-level 'test.op' op must be isolated from above to run passes on
"test.op"() ({
  "test.inner"() : () -> ()
}) : () -> ()
