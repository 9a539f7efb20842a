// Bytes that are not UTF-8 are accepted in comments (as mlir-opt accepts them) and are
// an error at their line and column anywhere else, in every tool (never a message
// without a location).
// RUN: printf 'func.func @f() {\n  // caf\351 au lait\n  return\n}\n' > %t.comment.mlir
// RUN: pto-opt %t.comment.mlir | FileCheck %s --check-prefix=OK
// OK: func.func @f()
// RUN: printf 'func.func @f() {\n  "t.op"() {s = "caf\351"} : () -> ()\n  return\n}\n' > %t.string.mlir
// RUN: not pto-opt --allow-unregistered-dialect %t.string.mlir 2>&1 | FileCheck %s --check-prefix=STR
// STR: string.mlir:2:21: error: invalid UTF-8 (byte 0xe9) outside a comment
// STR-NEXT: "t.op"() {s = "caf{{.*}}"} : () -> ()
// STR-NEXT: {{^}}                    ^
// RUN: not pto-translate --mlir-to-llvmir %t.string.mlir 2>&1 | FileCheck %s --check-prefix=STR
// RUN: not pto-run %t.string.mlir -e f 2>&1 | FileCheck %s --check-prefix=STR
// RUN: printf '# pypto.program: p\nimport pypto.language as pl\n# \377\n@pl.function(type=pl.FunctionType.InCore)\ndef f(x: pl.INT64) -> pl.INT64:\n    return x\n' > %t.py
// RUN: pto-translate --import-pypto %t.py | FileCheck %s --check-prefix=PY
// PY: func.func @f
