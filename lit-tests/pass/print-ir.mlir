// IR dumps around passes (--mlir-print-ir-*): mlir-opt's header lines, the pass's anchor op
// printed on its own (no aliases; the whole file at module scope), one function through
// the whole nested pipeline before the next, and the same dumps with or without threads.
// %dump-compat checks that mlir-opt (without threads) writes exactly the same.
// RUN: %pto-opt %s --pass-pipeline='builtin.module(func.func(cse),cse)' --mlir-print-ir-before=cse --mlir-print-ir-after-all -o /dev/null 2>&1 | FileCheck %s
// RUN: %dump-compat %s --pass-pipeline='builtin.module(func.func(cse),cse)' --mlir-print-ir-before=cse --mlir-print-ir-after-all
// RUN: %dump-compat %s --pass-pipeline='builtin.module(func.func(cse),func.func(cse))' --mlir-print-ir-after=cse,cse --mlir-print-ir-after=cse
// RUN: %dump-compat %s --cse --mlir-print-ir-before-all --mlir-print-ir-after-all
// RUN: %dump-compat %s --pass-pipeline='builtin.module(func.func(cse,cse))' --mlir-print-ir-after-all --mlir-print-ir-after-change
// RUN: %dump-compat %s --pass-pipeline='builtin.module(func.func(cse))' --mlir-print-ir-after-all --mlir-print-ir-module-scope --mlir-disable-threading --mlir-print-debuginfo
// RUN: %dump-compat %s --pass-pipeline='builtin.module(func.func(cse),cse)' --mlir-print-ir-after-all --mlir-print-op-generic
// RUN: %dump-compat %s --pass-pipeline='builtin.module(func.func(cse),cse)' --mlir-print-ir-after-all --mlir-print-local-scope --mlir-print-debuginfo
// RUN: %pto-opt %s --pass-pipeline='builtin.module(func.func(cse))' --mlir-print-ir-after-all --mlir-print-ir-module-scope --mlir-disable-threading -o /dev/null 2>&1 | FileCheck %s --check-prefix=SCOPE
// RUN: %pto-opt %s --pass-pipeline='builtin.module(func.func(cse,cse))' --mlir-print-ir-after-all --mlir-print-ir-after-change -o /dev/null 2>&1 | FileCheck %s --check-prefix=CHANGE
// Flags take =true/=false and may repeat (the last wins), as LLVM options do.
// RUN: %pto-opt %s --cse --mlir-print-ir-after-all --mlir-print-ir-after-all=false -o /dev/null 2>&1 | FileCheck %s --allow-empty --check-prefix=OFF
// Module scope needs --mlir-disable-threading, even without passes; unknown passes are
// rejected as LLVM's option parser does.
// RUN: not %pto-opt %s --cse --mlir-print-ir-module-scope 2>&1 | FileCheck %s --check-prefix=THREADS
// RUN: not %pto-opt %s --mlir-print-ir-module-scope 2>&1 | FileCheck %s --check-prefix=THREADS
// RUN: not %mlir-opt %s --mlir-print-ir-module-scope 2>&1 | FileCheck %s --check-prefix=THREADS
// RUN: not %pto-opt %s --mlir-print-ir-after=cse,foo 2>&1 | FileCheck %s --check-prefix=UNKNOWN

// CHECK:      // -----// IR Dump Before CSE (cse) //----- //
// CHECK-NEXT: func.func @f(%arg0: i32) -> i32 {
// CHECK-NEXT:   %0 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:   %1 = arith.addi %arg0, %arg0 : i32
// CHECK:      // -----// IR Dump After CSE (cse) //----- //
// CHECK-NEXT: func.func @f(%arg0: i32) -> i32 {
// CHECK-NEXT:   %0 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:   %1 = arith.muli %0, %0 : i32
// CHECK-NEXT:   return %1 : i32
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: // -----// IR Dump Before CSE (cse) //----- //
// CHECK-NEXT: func.func @g(%arg0: memref<4xf32, affine_map<(d0) -> (d0 + 1)>>) -> memref<4xf32, affine_map<(d0) -> (d0 + 1)>> {
// CHECK:      // -----// IR Dump After CSE (cse) //----- //
// CHECK-NEXT: func.func @g(
// CHECK:      // -----// IR Dump Before CSE (cse) //----- //
// CHECK-NEXT: func.func private @decl(i32)
// CHECK-EMPTY:
// CHECK-NEXT: // -----// IR Dump After CSE (cse) //----- //
// CHECK-NEXT: func.func private @decl(i32)
// CHECK-EMPTY:
// CHECK-NEXT: // -----// IR Dump Before CSE (cse) //----- //
// CHECK-NEXT: #map = affine_map<(d0) -> (d0 + 1)>
// CHECK-NEXT: module {
// CHECK:      // -----// IR Dump After CSE (cse) //----- //
// CHECK-NEXT: #map = affine_map<(d0) -> (d0 + 1)>
// CHECK-NEXT: module {
// CHECK:      {{^}}}
// CHECK-EMPTY:
// CHECK-EMPTY:
// CHECK-NOT:  IR Dump

// SCOPE:      // -----// IR Dump After CSE (cse) ('func.func' operation: @f) //----- //
// SCOPE-NEXT: #map = affine_map<(d0) -> (d0 + 1)>
// SCOPE-NEXT: module {
// SCOPE:      // -----// IR Dump After CSE (cse) ('func.func' operation: @g) //----- //
// SCOPE-NEXT: #map = affine_map<(d0) -> (d0 + 1)>
// SCOPE:      // -----// IR Dump After CSE (cse) ('func.func' operation: @decl) //----- //

// Only the first CSE changes @f; nothing changes @g or @decl.
// CHANGE:     // -----// IR Dump After CSE (cse) //----- //
// CHANGE-NEXT: func.func @f(
// CHANGE-NOT: IR Dump

// OFF-NOT: IR Dump

// THREADS:      <unknown>:0: error: IR print for module scope can't be setup on a pass-manager without disabling multi-threading first.
// THREADS-EMPTY:
// THREADS-NOT:  {{.}}
// UNKNOWN: pto-opt: for the --mlir-print-ir-after option: Cannot find option named 'foo'!

#map = affine_map<(d0) -> (d0 + 1)>
func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %1 = arith.addi %a, %a : i32
  %2 = arith.muli %0, %1 : i32
  return %2 : i32
}
func.func @g(%m: memref<4xf32, #map>) -> memref<4xf32, #map> {
  return %m : memref<4xf32, #map>
}
func.func private @decl(i32)
