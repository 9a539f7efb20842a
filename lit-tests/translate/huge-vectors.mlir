// Vector types past what code generation handles (more than 2^14 elements) are an
// error at the first op using one when machine code is asked for (objects, assembly,
// the JIT), instead of LLVM exhausting memory; textual LLVM IR has no such limit.
// RUN: pto-translate --split-input-file --mlir-to-llvmir %s | FileCheck %s
// RUN: pto-translate --split-input-file --mlir-to-llvmir --emit=asm --verify-diagnostics %s > /dev/null

// CHECK: define <100000000 x float> @add(<100000000 x float> %0, <100000000 x float> %1)
// expected-error @below {{vector<100000000xf32> has more than 16384 elements, more than code generation handles}}
llvm.func @add(%a: vector<100000000xf32>, %b: vector<100000000xf32>) -> vector<100000000xf32> {
  %0 = llvm.fadd %a, %b : vector<100000000xf32>
  llvm.return %0 : vector<100000000xf32>
}

// -----

// Nested in an aggregate, too.
// CHECK: define void @store_pair(ptr %0)
llvm.func @store_pair(%p: !llvm.ptr) {
  // expected-error @below {{vector<65536xi8> has more than 16384 elements}}
  %0 = llvm.mlir.undef : !llvm.struct<(i32, vector<65536xi8>)>
  llvm.store %0, %p : !llvm.struct<(i32, vector<65536xi8>)>, !llvm.ptr
  llvm.return
}

// -----

// At the limit it compiles.
// CHECK: define <16384 x i8> @at_limit(<16384 x i8> %0)
llvm.func @at_limit(%a: vector<16384xi8>) -> vector<16384xi8> {
  llvm.return %a : vector<16384xi8>
}
