// convert-cf-to-llvm on branches it cannot convert (a destination argument without an
// LLVM type): the cf ops are illegal, so each is an error at the op, as mlir-opt reports
// it, with MLIR's "see current operation" note; status 1 and no output.
// RUN: %pto-opt %s -split-input-file -verify-diagnostics --convert-cf-to-llvm
// RUN: %mlir-opt %s -split-input-file -verify-diagnostics --convert-cf-to-llvm
// Without -verify-diagnostics, on a copy without the expected-* lines (mlir-opt 22 reports
// them as not produced even then), the two tools print the same errors and notes:
// RUN: sed -e 's|// expected-.*||' %s > %t.in
// RUN: rm -f %t.out
// RUN: not %pto-opt %t.in -split-input-file --convert-cf-to-llvm -o %t.out 2> %t.pto
// RUN: not test -e %t.out
// RUN: not %mlir-opt %t.in -split-input-file --convert-cf-to-llvm -o /dev/null 2> %t.mlir
// RUN: diff %t.mlir %t.pto
// RUN: FileCheck %s < %t.pto

// CHECK: [[# @LINE + 4]]:3: error: failed to legalize operation 'cf.br' that was explicitly marked illegal
// CHECK: [[# @LINE + 3]]:3: note: see current operation: "cf.br"(%arg0)[^bb1] : (tensor<4xf32>) -> ()
func.func @br(%t: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{failed to legalize operation 'cf.br' that was explicitly marked illegal}}
  cf.br ^a(%t : tensor<4xf32>)
^a(%v: tensor<4xf32>):
  return %v : tensor<4xf32>
}

// -----

func.func @cond_br(%c: i1, %t: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{failed to legalize operation 'cf.cond_br' that was explicitly marked illegal}}
  cf.cond_br %c, ^a(%t : tensor<4xf32>), ^b
^a(%v: tensor<4xf32>):
  return %v : tensor<4xf32>
^b:
  return %t : tensor<4xf32>
}

// -----

func.func @switch(%x: i32, %t: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{failed to legalize operation 'cf.switch' that was explicitly marked illegal}}
  cf.switch %x : i32, [
    default: ^a(%t : tensor<4xf32>),
    1: ^a(%t : tensor<4xf32>)
  ]
^a(%v: tensor<4xf32>):
  return %v : tensor<4xf32>
}
