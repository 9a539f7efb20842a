// inline: MLIR's inliner over the call graph, bottom-up by strongly connected
// components, each callable simplified by the pipeline (canonicalize by default) before
// and after its calls are inlined. Private callees go when all their uses are inlined
// or when nothing uses them (a use from a function erased this way still counts, as in
// MLIR). Recursion is never inlined; a multi-block callee becomes blocks of the caller
// with branches to the block after the call, but is not inlined into a single-block
// region of another op; calls marked no_inline, calls of declarations and callees with
// ops of a dialect without an inliner interface stay. Locations of inlined ops become
// callsite(callee at call).
// RUN: %compat %s --split-input-file --inline
// Without simplification, or with a single round, a second run changes the output: compare
// one run of each tool.
// RUN: %compat %s --split-input-file --inline --mlir-print-debuginfo
// RUN: %pto-opt --allow-unregistered-dialect --split-input-file %s --inline=default-pipeline= > %t.pto
// RUN: %mlir-opt --allow-unregistered-dialect --split-input-file %s --inline=default-pipeline= > %t.mlir
// RUN: diff %t.mlir %t.pto
// RUN: %pto-opt --allow-unregistered-dialect --split-input-file %s --inline=max-iterations=1 > %t.pto
// RUN: %mlir-opt --allow-unregistered-dialect --split-input-file %s --inline=max-iterations=1 > %t.mlir
// RUN: diff %t.mlir %t.pto
// RUN: %compat %s --split-input-file --inline=inlining-threshold=0
// RUN: %compat %s --split-input-file --inline=inlining-threshold=60
// RUN: %compat %s --split-input-file '--inline=op-pipelines=func.func(cse)'
// RUN: %compat %s --split-input-file '--inline=default-pipeline=cse,canonicalize{top-down=false}'
// RUN: %pto-opt --allow-unregistered-dialect --split-input-file %s --inline | FileCheck %s
// A second run changes the output of the first here, which %compat does not allow.
// RUN: %pto-opt %S/Inputs/inline-dead-user.mlir --inline > %t.pto
// RUN: %mlir-opt %S/Inputs/inline-dead-user.mlir --inline > %t.mlir
// RUN: diff %t.mlir %t.pto
// RUN: %pto-opt %S/Inputs/inline-dead-user.mlir --inline --mlir-print-debuginfo > %t.pto
// RUN: %mlir-opt %S/Inputs/inline-dead-user.mlir --inline --mlir-print-debuginfo > %t.mlir
// RUN: diff %t.mlir %t.pto
// RUN: %pto-opt %S/Inputs/inline-dead-user.mlir --inline | FileCheck %s --check-prefix=DEADUSER
// RUN: %pto-opt --allow-unregistered-dialect --split-input-file %s --inline --mlir-print-debuginfo | FileCheck %s --check-prefix=LOC
// RUN: %pto-opt --allow-unregistered-dialect --split-input-file %s --inline=inlining-threshold=0 | FileCheck %s --check-prefix=NONE
// RUN: not %pto-opt --allow-unregistered-dialect %s --split-input-file --pass-pipeline='builtin.module(func.func(inline))' 2>&1 | FileCheck %s --check-prefix=NOTABLE
// RUN: not %mlir-opt --allow-unregistered-dialect %s --split-input-file --pass-pipeline='builtin.module(func.func(inline))' 2>&1 | FileCheck %s --check-prefix=NOTABLE

// An unused private function is erased, but a private function it calls stays (its
// use is still counted, as in MLIR).
// DEADUSER:      module {
// DEADUSER-NEXT:   func.func private @helper(
// DEADUSER-NOT:    @never_called
// A callee in a cycle with other callees is inlined, and inlined again up to the
// iteration limit, but never into its own inlined copy.
// DEADUSER:        func.func @caller(%arg0: i32) -> i32 {
// DEADUSER-NEXT:     %0 = call @ping(%arg0)

// The options print as mlir-opt prints them.
// RUN: %pto-opt %S/Inputs/inline-dead-user.mlir '--pass-pipeline=builtin.module(inline{max-iterations=2 op-pipelines=func.func(cse)})' --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=DUMP
// RUN: %mlir-opt %S/Inputs/inline-dead-user.mlir '--pass-pipeline=builtin.module(inline{max-iterations=2 op-pipelines=func.func(cse)})' --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=DUMP
// DUMP: inline{default-pipeline=canonicalize inlining-threshold=4294967295 max-iterations=2 op-pipelines={func.func(cse)}}

// An unparsable default pipeline fails the pass with the pipeline parser's message and
// exit status 1 (mlir-opt prints the message and goes on with an empty pipeline,
// exiting 0: here an error never ends in success).
// RUN: not %pto-opt %S/Inputs/inline-dead-user.mlir --inline=default-pipeline=bogus 2>&1 >/dev/null | FileCheck %s --check-prefix=BADPIPE
// RUN: not %pto-opt %S/Inputs/inline-dead-user.mlir '--inline=default-pipeline=canonicalize{bad=1}' 2>&1 >/dev/null | FileCheck %s --check-prefix=BADOPT
// RUN: not %pto-opt %S/Inputs/inline-dead-user.mlir '--inline=default-pipeline=bogus((((' 2>&1 >/dev/null | FileCheck %s --check-prefix=PARENS
// BADPIPE:      error: inline: invalid default-pipeline 'bogus': MLIR Textual PassPipeline Parser:1:1: error: 'bogus' does not refer to a registered pass or pass pipeline
// PARENS:       error: inline: invalid default-pipeline 'bogus((((': MLIR Textual PassPipeline Parser:1:7: error: expected an operation name before '('

// BADOPT:      <Pass-Options-Parser>: no such option bad
// BADOPT-EMPTY:
// BADOPT-NEXT: failed to add `canonicalize` with options `bad=1`
// BADOPT-NOT:  Pass-Options-Parser

// NOTABLE: error: 'func.func' op  was scheduled to run under the inliner, but does not define a symbol table

// With a threshold of 0 nothing is inlined.
// NONE-LABEL: func.func @caller(%arg0: i32) -> i32 {
// NONE-NEXT:    %0 = call @add(%arg0, %arg0)

// The inlined addi carries the call's location as its caller.
// LOC:      %0 = arith.addi %arg0, %arg0 : i32 loc(#[[SITE:loc[0-9]+]])
// LOC-DAG:  #[[CALLEE:loc[0-9]+]] = loc("{{.*}}inline.mlir":[[@LINE+11]]:8)
// LOC-DAG:  #[[CALL:loc[0-9]+]] = loc("{{.*}}inline.mlir":[[@LINE+18]]:8)
// LOC-DAG:  #[[SITE]] = loc(callsite(#[[CALLEE]] at #[[CALL]]))

// CHECK-LABEL: module {
// CHECK-NEXT:    func.func @pub_mul(
// CHECK:         func.func @caller(%arg0: i32) -> i32 {
// CHECK-NEXT:      %0 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:      %1 = arith.muli %0, %arg0 : i32
// CHECK-NEXT:      return %1 : i32
func.func private @add(%a: i32, %b: i32) -> i32 {
  %c = arith.addi %a, %b : i32
  return %c : i32
}
func.func @pub_mul(%a: i32, %b: i32) -> i32 {
  %c = arith.muli %a, %b : i32
  return %c : i32
}
func.func @caller(%x: i32) -> i32 {
  %0 = call @add(%x, %x) : (i32, i32) -> i32
  %1 = call @pub_mul(%0, %x) : (i32, i32) -> i32
  return %1 : i32
}

// -----

// CHECK-LABEL: func.func @caller(%arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
// CHECK-NEXT:    cf.cond_br %arg0, ^bb2(%arg1, %arg2 : i32, i32), ^bb1
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    %0 = arith.subi %arg1, %arg2 : i32
// CHECK-NEXT:    cf.br ^bb2(%0, %arg1 : i32, i32)
// CHECK-NEXT:  ^bb2(%1: i32, %2: i32):
// Multi-block callees become blocks of the caller, joined by branches to the block
// after the call, whose arguments carry the results.
func.func private @select(%c: i1, %a: i32, %b: i32) -> (i32, i32) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  return %a, %b : i32, i32
^bb2:
  %s = arith.subi %a, %b : i32
  return %s, %a : i32, i32
}
func.func @caller(%c: i1, %x: i32, %y: i32) -> i32 {
  %0:2 = call @select(%c, %x, %y) : (i1, i32, i32) -> (i32, i32)
  %1 = arith.addi %0#0, %0#1 : i32
  %2:2 = call @select(%c, %1, %y) : (i1, i32, i32) -> (i32, i32)
  return %2#1 : i32
}

// -----

// A multi-block callee is not inlined into the single-block region of an scf.if; a
// single-block one is.
// CHECK-LABEL: func.func private @two_blocks(
// CHECK:       func.func @caller(
// CHECK:         func.call @two_blocks(%arg1, %arg2)
// CHECK:       } else {
// CHECK-NEXT:    arith.addi %arg2, %arg2
func.func private @two_blocks(%c: i1, %a: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  return %a : i32
^bb2:
  %m = arith.muli %a, %a : i32
  return %m : i32
}
func.func private @one_block(%a: i32) -> i32 {
  %m = arith.addi %a, %a : i32
  return %m : i32
}
func.func @caller(%c: i1, %d: i1, %x: i32) -> i32 {
  %r = scf.if %c -> i32 {
    %0 = func.call @two_blocks(%d, %x) : (i1, i32) -> i32
    scf.yield %0 : i32
  } else {
    %1 = func.call @one_block(%x) : (i32) -> i32
    scf.yield %1 : i32
  }
  return %r : i32
}

// -----

// A self-recursive callee is never inlined (see the input file for mutual recursion).
// CHECK-LABEL: func.func private @self(
// CHECK:       func.func @caller(%arg0: i32) -> i32 {
// CHECK-NEXT:    %0 = call @self(%arg0)
// CHECK-NEXT:    return %0
func.func private @self(%a: i32) -> i32 {
  %0 = call @self(%a) : (i32) -> i32
  return %0 : i32
}
func.func @caller(%a: i32) -> i32 {
  %0 = call @self(%a) : (i32) -> i32
  return %0 : i32
}

// -----

// Structured control flow and memory ops inside the callee are copied as they are.
// CHECK-LABEL: func.func @caller(%arg0: memref<?xf32>, %arg1: index) -> f32 {
// CHECK:         scf.for
// CHECK:           memref.load
// CHECK:         math.sqrt
func.func private @sum(%m: memref<?xf32>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> f32 {
    %v = memref.load %m[%i] : memref<?xf32>
    %s = arith.addf %acc, %v : f32
    scf.yield %s : f32
  }
  return %r : f32
}
func.func @caller(%m: memref<?xf32>, %n: index) -> f32 {
  %0 = call @sum(%m, %n) : (memref<?xf32>, index) -> f32
  %1 = math.sqrt %0 : f32
  return %1 : f32
}

// -----

// Chains are inlined bottom-up.
// CHECK-LABEL: func.func @top(%arg0: i32) -> i32 {
// CHECK-NEXT:    %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT:    %0 = arith.addi %arg0, %c2_i32 : i32
func.func private @leaf(%a: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %0 = arith.addi %a, %c1 : i32
  return %0 : i32
}
func.func private @mid(%a: i32) -> i32 {
  %0 = call @leaf(%a) : (i32) -> i32
  %1 = call @leaf(%0) : (i32) -> i32
  return %1 : i32
}
func.func @top(%a: i32) -> i32 {
  %0 = call @mid(%a) : (i32) -> i32
  return %0 : i32
}

// -----

// Calls marked no_inline, calls of declarations and callees with ops of a dialect the
// inliner does not know stay.
// CHECK-LABEL: func.func private @twice(
// CHECK:         func.func private @opaque(
// CHECK:         call @twice(%arg0) {no_inline}
// CHECK-NEXT:    call @external(
// CHECK-NEXT:    call @opaque(
func.func private @twice(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  return %0 : i32
}
func.func private @opaque(%a: i32) -> i32 {
  %0 = "foo.op"(%a) : (i32) -> i32
  return %0 : i32
}
func.func private @external(i32) -> i32
func.func @caller(%a: i32) -> i32 {
  %0 = call @twice(%a) {no_inline} : (i32) -> i32
  %1 = call @external(%0) : (i32) -> i32
  %2 = call @opaque(%1) : (i32) -> i32
  return %2 : i32
}

// -----

// A callee that something other than a call refers to is always live.
// CHECK-LABEL: func.func private @kept(
// CHECK:         "foo.holder"() {fn = @kept}
// CHECK-NEXT:    func.func @caller(%arg0: i32) -> i32 {
// CHECK-NEXT:      return %arg0 : i32
func.func private @kept(%a: i32) -> i32 {
  return %a : i32
}
"foo.holder"() {fn = @kept} : () -> ()
func.func @caller(%a: i32) -> i32 {
  %0 = call @kept(%a) : (i32) -> i32
  return %0 : i32
}

// -----

// Nested symbol tables are inlined on their own.
// CHECK-LABEL: module @inner {
// CHECK-NEXT:    func.func @g(%arg0: i32) -> i32 {
// CHECK-NEXT:      %c0_i32 = arith.constant 0 : i32
module @inner {
  func.func private @f(%a: i32) -> i32 {
    %0 = arith.subi %a, %a : i32
    return %0 : i32
  }
  func.func @g(%a: i32) -> i32 {
    %0 = call @f(%a) : (i32) -> i32
    return %0 : i32
  }
}
func.func private @outer(%a: i32) -> i32 {
  return %a : i32
}
func.func @user(%a: i32) -> i32 {
  %0 = call @outer(%a) : (i32) -> i32
  return %0 : i32
}

// -----

// The callee's simplification runs before it is inlined; the caller's again after.
// CHECK-LABEL: func.func @caller(%arg0: i32) -> (i32, i32) {
// CHECK-NEXT:    %c4_i32 = arith.constant 4 : i32
// CHECK-NEXT:    %0 = arith.muli %arg0, %arg0 : i32
func.func private @fold_me(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %0 = arith.addi %a, %c0 : i32
  %1 = arith.muli %0, %0 : i32
  return %1 : i32
}
func.func @caller(%a: i32) -> (i32, i32) {
  %c2 = arith.constant 2 : i32
  %0 = call @fold_me(%c2) : (i32) -> i32
  %1 = call @fold_me(%a) : (i32) -> i32
  return %0, %1 : i32, i32
}

// -----

// Calls inside loops, and vector ops.
// CHECK-LABEL: func.func @caller(%arg0: vector<4xf32>, %arg1: index) -> vector<4xf32> {
// CHECK:         scf.for
// CHECK-NEXT:      arith.addf %arg3, %arg0 : vector<4xf32>
func.func private @vadd(%a: vector<4xf32>, %b: vector<4xf32>) -> vector<4xf32> {
  %0 = arith.addf %a, %b : vector<4xf32>
  return %0 : vector<4xf32>
}
func.func @caller(%v: vector<4xf32>, %n: index) -> vector<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %v) -> vector<4xf32> {
    %s = func.call @vadd(%acc, %v) : (vector<4xf32>, vector<4xf32>) -> vector<4xf32>
    scf.yield %s : vector<4xf32>
  }
  return %r : vector<4xf32>
}

// -----

// A call through func.constant becomes a direct call in the callee's simplification,
// and is then inlined.
// CHECK-LABEL: func.func @indirect(%arg0: i32) -> i32 {
// CHECK-NEXT:    %0 = arith.muli %arg0, %arg0 : i32
// CHECK-NEXT:    return %0 : i32
func.func private @square(%a: i32) -> i32 {
  %0 = arith.muli %a, %a : i32
  return %0 : i32
}
func.func @indirect(%a: i32) -> i32 {
  %f = func.constant @square : (i32) -> i32
  %0 = func.call_indirect %f(%a) : (i32) -> i32
  return %0 : i32
}

// -----

// llvm.call of llvm.func: single- and multi-block callees (llvm.br to the block after
// the call), calls without results, and into a func.func. llvm.func @add is not private
// (its linkage is not its symbol visibility), so it stays.
// CHECK-LABEL: llvm.func @caller(%arg0: i32, %arg1: i1, %arg2: !llvm.ptr) -> i32 {
// CHECK-NEXT:    %0 = llvm.add %arg0, %arg0 : i32
// CHECK-NEXT:    llvm.cond_br %arg1, ^bb1, ^bb2
// CHECK:         llvm.br ^bb3(%0 : i32)
// CHECK:       ^bb3(%2: i32):
// CHECK-NEXT:    llvm.store %2, %arg2 : i32, !llvm.ptr
// CHECK:       func.func @fcaller(%arg0: i32) -> i32 {
// CHECK-NEXT:    %0 = llvm.add %arg0, %arg0 : i32
llvm.func internal @add(%a: i32, %b: i32) -> i32 {
  %0 = llvm.add %a, %b : i32
  llvm.return %0 : i32
}
llvm.func @sel(%c: i1, %a: i32) -> i32 {
  llvm.cond_br %c, ^bb1, ^bb2
^bb1:
  llvm.return %a : i32
^bb2:
  %0 = llvm.mul %a, %a : i32
  llvm.return %0 : i32
}
llvm.func @noret(%p: !llvm.ptr, %v: i32) {
  llvm.store %v, %p : i32, !llvm.ptr
  llvm.return
}
llvm.func @caller(%x: i32, %c: i1, %p: !llvm.ptr) -> i32 {
  %0 = llvm.call @add(%x, %x) : (i32, i32) -> i32
  %1 = llvm.call @sel(%c, %0) : (i1, i32) -> i32
  llvm.call @noret(%p, %1) : (!llvm.ptr, i32) -> ()
  llvm.return %1 : i32
}
func.func @fcaller(%x: i32) -> i32 {
  %0 = llvm.call @add(%x, %x) : (i32, i32) -> i32
  return %0 : i32
}

// -----

// The LLVM interface's refusals: no_inline on the callee or the call, variadic callees.
// Argument attributes it does not act on do not matter.
// CHECK-LABEL: llvm.func @caller(%arg0: i32) -> i32 {
// CHECK-NEXT:    %0 = llvm.add %arg0, %arg0 : i32
// CHECK-NEXT:    %1 = llvm.call @noinl(%0)
// CHECK-NEXT:    %2 = llvm.call @var(%1, %1)
// CHECK-NEXT:    %3 = llvm.call @attrs(%2) {no_inline}
llvm.func @attrs(%a: i32 {llvm.noundef}) -> i32 {
  %0 = llvm.add %a, %a : i32
  llvm.return %0 : i32
}
llvm.func @noinl(%a: i32) -> i32 attributes {no_inline} {
  llvm.return %a : i32
}
llvm.func @var(%a: i32, ...) -> i32 {
  llvm.return %a : i32
}
llvm.func @caller(%x: i32) -> i32 {
  %0 = llvm.call @attrs(%x) : (i32) -> i32
  %1 = llvm.call @noinl(%0) : (i32) -> i32
  %2 = llvm.call @var(%1, %1) vararg(!llvm.func<i32 (i32, ...)>) : (i32, i32) -> i32
  %3 = llvm.call @attrs(%2) {no_inline} : (i32) -> i32
  llvm.return %3 : i32
}
