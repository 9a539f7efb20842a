// llvm.shufflevector's mask indices select an element of the two operands (below twice
// their length) or are -1 (poison). mlir-opt accepts any index and LLVM then rejects the
// module ("Invalid shufflevector operands!", at no location); here the verifier rejects
// the op.
// RUN: %pto-opt %s -split-input-file -verify-diagnostics

llvm.func @f(%a: vector<4xf32>, %b: vector<4xf32>) -> vector<2xf32> {
  // expected-error @+1 {{'llvm.shufflevector' op mask index #1 (9) is out of range: the operands have 8 elements (or -1 for poison)}}
  %0 = llvm.shufflevector %a, %b [0, 9] : vector<4xf32>
  llvm.return %0 : vector<2xf32>
}

// -----

llvm.func @f(%a: vector<4xf32>, %b: vector<4xf32>) -> vector<3xf32> {
  // expected-error @+1 {{mask index #0 (-2) is out of range}}
  %0 = llvm.shufflevector %a, %b [-2, 1, 7] : vector<4xf32>
  llvm.return %0 : vector<3xf32>
}

// -----

// In range, and -1 for a poison lane: accepted.
llvm.func @f(%a: vector<4xf32>, %b: vector<4xf32>) -> vector<3xf32> {
  %0 = llvm.shufflevector %a, %b [7, -1, 0] : vector<4xf32>
  llvm.return %0 : vector<3xf32>
}
