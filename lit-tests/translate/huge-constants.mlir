// Constants sized by the input stay within memory: a zero splat of any size is one
// `zeroinitializer` (as mlir-translate writes it), and a constant that would be written
// element by element past 2^26 elements is an error at its op, not an exhausted machine.
// RUN: pto-translate --mlir-to-llvmir --split-input-file --verify-diagnostics %s | FileCheck %s

// CHECK: @zeros = internal global [1000000000000 x float] zeroinitializer
llvm.mlir.global internal @zeros(dense<0.0> : tensor<1000000000000xf32>) : !llvm.array<1000000000000 x f32>
// CHECK: @small = internal global [4 x float] [float 1.500000e+00, float 1.500000e+00, float 1.500000e+00, float 1.500000e+00]
llvm.mlir.global internal @small(dense<1.5> : tensor<4xf32>) : !llvm.array<4 x f32>

// -----

// expected-error @+1 {{a constant of 1000000000000 elements is too large to write element by element (at most 67108864; a zero splat stays compact)}}
llvm.mlir.global internal @ones(dense<1.0> : tensor<1000000000000xf32>) : !llvm.array<1000000000000 x f32>
