// The passes of pto-dialects, in MLIR's declarative form (mlir/Pass/PassBase.td):
// pto-ods-gen generates each pass's struct, typed options, registration and counters
// (OUT_DIR/passes.rs); the Rust beside each pass implements `Pass` for its struct.

#ifndef PTO_DIALECTS_PASSES
#define PTO_DIALECTS_PASSES

include "mlir/Pass/PassBase.td"

def MathPolynomialApproximationPass : Pass<"math-polynomial-approximation"> {
  let summary = "Approximate math functions with polynomials (MLIR's test-math-polynomial-approximation)";
  let options = [
    Option<"enableAvx2", "enable-avx2", "bool", /*default=*/"false", "Enable approximations that emit AVX2 intrinsics via the X86Vector dialect">
  ];
}

def ExpandStridedMetadataPass : Pass<"expand-strided-metadata"> {
  let summary = "Expand memref operations into easier to analyze constructs";
}

#endif
