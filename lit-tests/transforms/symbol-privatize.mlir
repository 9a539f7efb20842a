// symbol-privatize: every symbol directly in the anchor becomes private (public, nested
// and already-private ones alike, functions, globals and named modules), except those
// named in `exclude`; symbols inside nested modules, unnamed modules (not symbols) and
// ops with a `sym_name` that are not symbols are left alone.
// RUN: %compat %s --symbol-privatize
// RUN: %compat %s --symbol-privatize=exclude=keep,m
// RUN: %compat %s --pass-pipeline='builtin.module(symbol-privatize{exclude={keep,m}})'
// RUN: %pto-opt --allow-unregistered-dialect %s --symbol-privatize=exclude=keep,m | FileCheck %s
// RUN: %pto-opt --allow-unregistered-dialect %s --pass-pipeline='builtin.module(symbol-privatize{exclude=keep,m},symbol-privatize)' --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=PIPE

// CHECK:      func.func private @pub()
// CHECK:      func.func private @priv()
// CHECK:      func.func private @nest()
// CHECK:      func.func @keep()
// CHECK:      memref.global "private" @g :
// CHECK:      memref.global "private" @g2 :
// CHECK:      module @m {
// CHECK-NEXT:   func.func @inner()
// CHECK:      module {
// CHECK:      "test.sym"() {sym_name = "t"} : () -> ()

// PIPE:      symbol-privatize{exclude={keep,m}},
// PIPE-NEXT: symbol-privatize{{$}}

func.func @pub() {
  return
}
func.func private @priv()
func.func nested @nest() {
  return
}
func.func @keep() {
  return
}
memref.global "public" @g : memref<2xf32> = dense<0.0>
memref.global @g2 : memref<2xf32> = dense<0.0>
module @m {
  func.func @inner() {
    return
  }
}
module {
}
"test.sym"() {sym_name = "t"} : () -> ()
