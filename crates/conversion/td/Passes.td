// The passes of pto-conversion, in MLIR's declarative form (mlir/Pass/PassBase.td):
// pto-ods-gen generates each pass's struct, typed options, registration and counters
// (OUT_DIR/passes.rs); the Rust beside each pass implements `Pass` for its struct.

#ifndef PTO_CONVERSION_PASSES
#define PTO_CONVERSION_PASSES

include "mlir/Pass/PassBase.td"

def LowerAffinePass : Pass<"lower-affine"> {
  let summary = "Lower Affine operations to a combination of Arith and SCF operations";
}

def ArithToLLVMConversionPass : Pass<"convert-arith-to-llvm"> {
  let summary = "Convert Arith dialect to LLVM dialect";
  let options = [
    Option<"indexBitwidth", "index-bitwidth", "int64_t", /*default=*/"0", "Bitwidth of the index type, 0 to use size of machine word">
  ];
}

def ConvertControlFlowToLLVMPass : Pass<"convert-cf-to-llvm"> {
  let summary = "Convert ControlFlow operations to the LLVM dialect";
  let options = [
    Option<"indexBitwidth", "index-bitwidth", "int64_t", /*default=*/"0", "Bitwidth of the index type, 0 to use size of machine word">
  ];
}

def ConvertFuncToLLVMPass : Pass<"convert-func-to-llvm"> {
  let summary = "Convert from the Func dialect to the LLVM dialect";
  let options = [
    Option<"indexBitwidth", "index-bitwidth", "int64_t", /*default=*/"0", "Bitwidth of the index type, 0 to use size of machine word">
  ];
}

def LowerToLLVMPipeline : Pass<"lower-to-llvm"> {
  let summary = "Lower func, scf, cf, arith, math, memref, vector, ub and affine to the LLVM dialect (expand-strided-metadata, lower-affine, convert-scf-to-cf, convert-vector-to-llvm, convert-math-to-llvm, convert-arith-to-llvm, convert-ub-to-llvm, finalize-memref-to-llvm, convert-func-to-llvm, convert-cf-to-llvm, reconcile-unrealized-casts)";
}

def ConvertMathToLLVMPass : Pass<"convert-math-to-llvm"> {
  let summary = "Convert Math dialect to LLVM dialect";
  let options = [
    Option<"indexBitwidth", "index-bitwidth", "int64_t", /*default=*/"0", "Bitwidth of the index type, 0 to use size of machine word">
  ];
}

def FinalizeMemRefToLLVMConversionPass : Pass<"finalize-memref-to-llvm"> {
  let summary = "Finalize MemRef dialect to LLVM dialect conversion";
  let options = [
    Option<"indexBitwidth", "index-bitwidth", "int64_t", /*default=*/"0", "Bitwidth of the index type, 0 to use size of machine word">
  ];
}

def ReconcileUnrealizedCastsPass : Pass<"reconcile-unrealized-casts"> {
  let summary = "Simplify and eliminate unrealized conversion casts";
}

def SCFToControlFlowPass : Pass<"convert-scf-to-cf"> {
  let summary = "Convert SCF dialect to ControlFlow dialect, replacing structured control flow with a CFG";
}

def TestDialectConversionPass : Pass<"test-dialect-conversion"> {
  let summary = "Test the dialect conversion driver on test.* ops";
  let options = [
    Option<"full", "full", "bool", /*default=*/"false", "Full conversion (every op must become legal)">,
    Option<"materialize", "materialize", "bool", /*default=*/"false", "Build leftover materializations as test.cast ops">
  ];
}

def UBToLLVMConversionPass : Pass<"convert-ub-to-llvm"> {
  let summary = "Convert UB dialect to LLVM dialect";
  let options = [
    Option<"indexBitwidth", "index-bitwidth", "int64_t", /*default=*/"0", "Bitwidth of the index type, 0 to use size of machine word">
  ];
}

def ConvertVectorToLLVMPass : Pass<"convert-vector-to-llvm"> {
  let summary = "Lower the operations from the vector dialect into the LLVM dialect";
  let options = [
    Option<"reassociateFpReductions", "reassociate-fp-reductions", "bool", /*default=*/"false", "Allows llvm to reassociate floating-point reductions for speed">
  ];
}

#endif
