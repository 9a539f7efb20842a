// Verifier errors carry MLIR's "see current operation" note (generic form, with inline
// locations under --mlir-print-debuginfo); --verify-diagnostics leaves it out.
// RUN: not %pto-opt %s --allow-unregistered-dialect 2>&1 | FileCheck %s --check-prefix=PLAIN
// RUN: not %pto-opt %s --allow-unregistered-dialect --mlir-print-debuginfo 2>&1 | FileCheck %s --check-prefix=DEBUG
// RUN: not %mlir-opt %s --allow-unregistered-dialect 2>&1 | FileCheck %s --check-prefix=PLAIN
// RUN: not %mlir-opt %s --allow-unregistered-dialect --mlir-print-debuginfo 2>&1 | FileCheck %s --check-prefix=DEBUG

"xt.r"() ({
^bb0:
  "xt.br"()[^bb2] : () -> ()
^bb1:
  %0 = "xt.def"() : () -> i32
  "xt.br"()[^bb2] : () -> ()
^bb2:
  "xt.use"(%0) : (i32) -> ()
}) : () -> ()

// PLAIN: verifier-notes.mlir:15:3: error: operand #0 does not dominate this use
// PLAIN-NEXT: "xt.use"(%0) : (i32) -> ()
// PLAIN-NEXT: ^
// PLAIN-NEXT: verifier-notes.mlir:15:3: note: see current operation: "xt.use"(%0) : (i32) -> (){{$}}
// PLAIN-NEXT: verifier-notes.mlir:12:8: note: operand defined here (op in the same region)

// DEBUG: verifier-notes.mlir:15:3: note: see current operation: "xt.use"(%0) : (i32) -> () loc("{{.*}}verifier-notes.mlir":15:3)
