// symbol-dce: private (and, at the top, nested-visibility) symbols that nothing live
// refers to are erased. Liveness flows from non-symbol ops and visible symbols through
// the references in their attributes and properties (inside arrays and dictionaries,
// and in function bodies), along nested references into nested tables (`@m::@f` makes
// both live), within nested tables with their own visibility rules. A dead table goes
// with everything in it. References that do not resolve are ignored; an op with one
// region of an unknown dialect (in an unknown
// dialect; mlir-opt knows a `test` dialect, so `foo` here) may hide a symbol table, which is an error.
// RUN: %compat %s --split-input-file --symbol-dce
// RUN: %pto-opt --allow-unregistered-dialect --split-input-file %s --symbol-dce | FileCheck %s
// RUN: %pto-opt --allow-unregistered-dialect --split-input-file %s --symbol-dce --mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
// RUN: not %pto-opt --allow-unregistered-dialect %S/Inputs/symbol-dce-unknown.mlir --symbol-dce 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not %mlir-opt --allow-unregistered-dialect %S/Inputs/symbol-dce-unknown.mlir --symbol-dce 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not %pto-opt --allow-unregistered-dialect %s --split-input-file --pass-pipeline='builtin.module(func.func(symbol-dce))' 2>&1 | FileCheck %s --check-prefix=NOTABLE
// RUN: not %mlir-opt --allow-unregistered-dialect %s --split-input-file --pass-pipeline='builtin.module(func.func(symbol-dce))' 2>&1 | FileCheck %s --check-prefix=NOTABLE

// A dead table counts with each symbol in it.
// STATS:      SymbolDCE
// STATS-NEXT: (S) 8 num-dce'd - Number of symbols DCE'd
// STATS:      SymbolDCE
// STATS-NEXT: (S) 3 num-dce'd - Number of symbols DCE'd

// UNKNOWN: symbol-dce-unknown.mlir:4:1: error: operation contains potentially unknown symbol table, meaning that we can't reliable compute symbol uses

// NOTABLE: symbol-dce.mlir:[[@LINE+14]]:1: error: 'func.func' op  was scheduled to run under SymbolDCE, but does not define a symbol table

// CHECK-LABEL: module {
// CHECK-NEXT:    func.func private @live()
// CHECK-NEXT:    func.func @pub() {
// CHECK:         module @mod attributes {sym_visibility = "nested"} {
// CHECK-NEXT:      func.func nested @inner_live()
// CHECK-NEXT:      func.func @inner_pub() {
// CHECK:         memref.global "private" @glive
// CHECK-NEXT:    func.func private @chain1() {
// CHECK:         func.func private @chain2() {
// CHECK:         "test.top"() {ref = {a = [@chain1]}} : () -> ()
// CHECK-NEXT:    "test.sym"() {sym_name = "unregistered"} : () -> ()
// CHECK-NEXT:  }
func.func private @dead()
func.func private @live()
func.func nested @nested_dead()
func.func @pub() {
  "test.use"() {uses = [@live, @mod::@inner_live, @missing, @live::@not_a_table]} : () -> ()
  return
}
module @mod attributes {sym_visibility = "nested"} {
  func.func nested @inner_live()
  func.func nested @inner_dead()
  func.func @inner_pub() {
    return
  }
}
module @pmod attributes {sym_visibility = "private"} {
  func.func private @a()
  func.func @b() {
    return
  }
}
memref.global "private" @gdead : memref<2xf32> = dense<0.0>
memref.global "private" @glive : memref<2xf32> = dense<0.0>
func.func private @chain1() {
  %0 = memref.get_global @glive : memref<2xf32>
  func.call @chain2() : () -> ()
  return
}
func.func private @chain2() {
  return
}
func.func private @only_self() {
  func.call @only_self() : () -> ()
  return
}
"test.top"() {ref = {a = [@chain1]}} : () -> ()
"test.sym"() {sym_name = "unregistered"} : () -> ()

// -----

// A public nested module keeps its public symbols; inside it, nested-visibility symbols
// are kept only if its parent is visible (it is not here: the top level is hidden).
// References resolve in the table of the referencing op.
// CHECK-LABEL: module {
// CHECK-NEXT:    module @pubmod {
// CHECK-NEXT:      func.func @f() {
// CHECK-NEXT:        call @g() : () -> ()
// CHECK:           func.func private @g()
// CHECK-NEXT:    }
// CHECK-NEXT:    func.func private @g()
// CHECK-NEXT:    "foo.op"() ({
// CHECK-NEXT:      module @in_region {
// CHECK-NEXT:        func.func @h()
// CHECK:           "test.use"() {r = @g} : () -> ()
// CHECK-NEXT:    }, {
// CHECK-NEXT:    }) : () -> ()
// CHECK-NEXT:  }
module @pubmod {
  func.func @f() {
    func.call @g() : () -> ()
    return
  }
  func.func private @g()
  func.func nested @n()
  func.func private @unused()
}
func.func private @g()
"foo.op"() ({
  module @in_region {
    func.func @h() {
      return
    }
    func.func private @i()
  }
  "test.use"() {r = @g} : () -> ()
}, {
}) : () -> ()
