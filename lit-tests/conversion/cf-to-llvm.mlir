// convert-cf-to-llvm: branches keep their successors and get llvm's form, destination
// block arguments their converted types; cf.assert branches to a block that prints the
// message (a private global string) with puts and aborts. Identical to mlir-opt.
// RUN: %compat %s --convert-cf-to-llvm
// RUN: %compat %s --convert-cf-to-llvm --mlir-print-debuginfo
// RUN: %pto-opt %s --convert-cf-to-llvm | FileCheck %s

// CHECK:       llvm.func @abort()
// CHECK-NEXT:  llvm.func @puts(!llvm.ptr)
// CHECK-NEXT:  llvm.mlir.global private constant @assert_msg(dense<[111, 111, 112, 115, 0]> : tensor<5xi8>) {addr_space = 0 : i32} : !llvm.array<5 x i8>
// CHECK-LABEL: func.func @f(
// CHECK:         llvm.cond_br %arg0, ^bb1, ^bb5
// CHECK:       ^bb2(%1: i64):
// CHECK-NEXT:    llvm.switch %arg2 : i32, ^bb3 [
// CHECK:       ^bb5:
// CHECK-NEXT:    %4 = llvm.mlir.addressof @assert_msg : !llvm.ptr
// CHECK-NEXT:    %5 = llvm.getelementptr %4[0] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<5 x i8>
// CHECK-NEXT:    llvm.call @puts(%5) : (!llvm.ptr) -> ()
// CHECK-NEXT:    llvm.call @abort() : () -> ()
// CHECK-NEXT:    llvm.unreachable
func.func @f(%c: i1, %i: index, %x: i32) -> index {
  cf.assert %c, "oops"
  cf.cond_br %c, ^a(%i : index), ^b
^a(%v: index):
  cf.switch %x : i32, [
    default: ^b,
    1: ^a(%v : index)
  ]
^b:
  cf.br ^c(%i : index)
^c(%w: index):
  return %w : index
}
