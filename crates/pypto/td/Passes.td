// The passes of pto-pypto, in MLIR's declarative form (mlir/Pass/PassBase.td):
// pto-ods-gen generates each pass's struct, typed options, registration and counters
// (OUT_DIR/passes.rs); the Rust beside each pass implements `Pass` for its struct.

#ifndef PTO_PYPTO_PASSES
#define PTO_PYPTO_PASSES

include "mlir/Pass/PassBase.td"

def PyPTOToLLVMPipeline : Pass<"pypto-to-llvm", "builtin.module"> {
  let summary = "Lower a PyPTO program to the LLVM dialect (pypto-convert-to-ssa, pypto-materialize-dims, pypto-tensor-to-block, pypto-block-to-pto, ptoas{enable-insert-sync=true}, convert-pto-to-loops, math-polynomial-approximation, lower-to-llvm)";
  let options = [
    Option<"vectorBits", "vector-bits", "int64_t", /*default=*/"256", "Width of the target's vector registers, for convert-pto-to-loops", [{::llvm::cl::values(clEnumValN("128", "128", ""), clEnumValN("256", "256", ""), clEnumValN("512", "512", ""))}]>
  ];
}

def PyPTOStructuralEqual : Pass<"pypto-structural-equal", "builtin.module"> {
  let summary = "Check that the module is structurally equal to the program in another file";
  let options = [
    Option<"file", "file", "std::string", /*default=*/"\"\"", "The MLIR file to compare with">
  ];
}

def PyPTOBlockToPTO : Pass<"pypto-block-to-pto", "builtin.module"> {
  let summary = "Lower tile-level pypto (block ops, scalar expressions) to the pto dialect as PyPTO's code generator does";
  let statistics = [
    Statistic<"numLoweredOps", "num-lowered-ops", "Number of pypto ops lowered">
  ];
}

def ConvertToSSA : Pass<"pypto-convert-to-ssa", "func.func"> {
  let summary = "Convert PyPTO variables assigned more than once to SSA form (iter_args, yields, versioned names)";
}

def VerifySSA : Pass<"pypto-verify-ssa", "func.func"> {
  let summary = "Check that a PyPTO function is in SSA form (single assignment, no shadowing, yields)";
}

def AddAlloc : Pass<"pypto-add-alloc", "builtin.module"> {
  let summary = "Place each on-chip MemRef of the tiles (per memory space, in id order, 32-byte aligned) and allocate it with one block.alloc at the top of the function";
  let statistics = [
    Statistic<"numAllocs", "num-allocs", "Number of block.alloc ops created">
  ];
}

def BasicMemoryReuse : Pass<"pypto-basic-memory-reuse", "builtin.module"> {
  let summary = "Let tiles of one memory space whose lifetimes do not overlap share a MemRef (a smaller buffer may reuse a larger one, never the reverse)";
  let statistics = [
    Statistic<"numReused", "num-reused", "Number of buffers that took another's MemRef">
  ];
}

def InitMemRef : Pass<"pypto-init-memref", "builtin.module"> {
  let summary = "Give every tile and tensor a MemRef: DDR for the tensors loads and stores use, the target memory of loads and moves, L0C for matmul results, UB otherwise; values a loop or branch passes along share one";
  let statistics = [
    Statistic<"numMemrefs", "num-memrefs", "Number of distinct MemRefs created">
  ];
}

def InsertSync : Pass<"pypto-insert-sync", "builtin.module"> {
  let summary = "Order ops on different pipes that touch the same MemRef with system.sync_src/sync_dst pairs (event ids 0-7 per pipe pair) and ops on one pipe with bar_v/bar_m";
  let statistics = [
    Statistic<"numSyncPairs", "num-sync-pairs", "Number of sync_src/sync_dst pairs inserted">,
    Statistic<"numBarriers", "num-barriers", "Number of barriers inserted">
  ];
}

def PyPTOMaterializeDims : Pass<"pypto-materialize-dims", "builtin.module"> {
  let summary = "Give every symbolic dimension of a function's parameters an INT64 parameter (pypto.dim) holding its size, and pass it at every call";
  let statistics = [
    Statistic<"numSizeParams", "num-size-params", "Number of parameters appended for symbolic dimensions">
  ];
}

def TypeCheck : Pass<"pypto-type-check", "builtin.module"> {
  let summary = "Check that loop init values, yields and results agree, that branch yields agree, and that shapes and MemRefs are consistent (PyPTO's TypeCheck)";
}

def PyPTOTensorToBlock : Pass<"pypto-tensor-to-block"> {
  let summary = "Lower pypto tensor ops to loops over tiles (block ops): fused row-local chains, L1/L0 matmul";
  let options = [
    Option<"tileRows", "tile-rows", "int64_t", /*default=*/"0", "Rows per tile of fused row-local chains (0: as many as fit UB; the rows left after whole tiles form a smaller one)">,
    ListOption<"matmulTile", "matmul-tile", "std::string", "M,N,K block of tensor.matmul (default: the largest that fit L0A/L0B/L0C, at most 128 each; K blocks must divide K, the last M or N block may overlap the one before)">
  ];
  let statistics = [
    Statistic<"numFusedChains", "num-fused-chains", "Number of fused row-local chains">,
    Statistic<"numLoweredOps", "num-lowered-ops", "Number of tensor ops lowered">
  ];
}

#endif
