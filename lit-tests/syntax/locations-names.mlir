// Location cases on which pto-opt disagrees with mlir-opt (see bugs.md).
// RUN: %pto-opt %s --allow-unregistered-dialect --mlir-print-debuginfo --mlir-print-local-scope | FileCheck %s
// RUN: %roundtrip %s --allow-unregistered-dialect --mlir-print-debuginfo
// RUN: %compat %s --mlir-print-debuginfo

// A NameLoc whose child is another NameLoc.
// CHECK: "xt.nameunk"() : () -> () loc("a"("b"))
"xt.nameunk"() : () -> () loc("a"("b"(unknown)))
// CHECK: "xt.namename"() : () -> () loc("a"("b"("f.mlir":1:2)))
"xt.namename"() : () -> () loc("a"("b"("f.mlir":1:2)))
