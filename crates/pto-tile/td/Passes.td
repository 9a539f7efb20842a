// The passes of pto-tile, in MLIR's declarative form (mlir/Pass/PassBase.td):
// pto-ods-gen generates each pass's struct, typed options, registration and counters
// (OUT_DIR/passes.rs); the Rust beside each pass implements `Pass` for its struct.

#ifndef PTO_TILE_PASSES
#define PTO_TILE_PASSES

include "mlir/Pass/PassBase.td"

def ConvertPTOToLoopsPass : Pass<"convert-pto-to-loops"> {
  let summary = "Lower tile-level pto kernels to scf/arith/math/memref loops over per-space arenas";
  let options = [
    Option<"fuseRows", "fuse-rows", "bool", /*default=*/"true", "Fuse consecutive row-parallel tile ops into one loop over rows (see fusion.rs)">,
    Option<"vectorBits", "vector-bits", "int64_t", /*default=*/"256", "Width of the target's vector registers (128, 256 or 512): the register blocks of the f32 matmul kernel (see microkernel.rs)", [{::llvm::cl::values(clEnumValN("128", "128", ""), clEnumValN("256", "256", ""), clEnumValN("512", "512", ""))}]>,
    Option<"prefetch", "prefetch", "bool", /*default=*/"true", "Prefetch the rows tload reads ahead of the copy loop (memref.prefetch; see gm.rs RowPrefetch)">
  ];
  let statistics = [
    Statistic<"numLoweredOps", "num-lowered-ops", "Number of pto ops lowered">,
    Statistic<"numFusedOps", "num-fused-ops", "Number of pto ops lowered in row groups of two or more">
  ];
}

def PTOInsertSync : Pass<"pto-insert-sync", "builtin.module"> {
  let summary = "Insert set_flag/wait_flag pairs and barriers between dependent pipe ops";
  let statistics = [
    Statistic<"numFlagPairs", "num-flag-pairs", "Number of set_flag/wait_flag pairs inserted">,
    Statistic<"numBarriers", "num-barriers", "Number of barriers inserted (tails excluded)">
  ];
}

def PlanMemory : Pass<"pto-plan-memory", "builtin.module"> {
  let summary = "Assign local memory offsets to tile and buffer allocations";
  let options = [
    Option<"alwaysReuse", "always-reuse", "bool", /*default=*/"false", "Share memory between buffers whose lifetimes do not overlap even when everything would fit without sharing">
  ];
  let statistics = [
    Statistic<"numPlanned", "num-planned", "Number of allocations given an offset">
  ];
}

def PTOASPipeline : Pass<"ptoas", "builtin.module"> {
  let summary = "PTOAS's default pipeline: level checks, pto-plan-memory (not at level3), pto-insert-sync (with enable-insert-sync), cse";
  let options = [
    Option<"ptoLevel", "pto-level", "std::string", /*default=*/"\"level2\"", "level1, level2 or level3 (level3: tiles carry their addresses; no planning)">,
    Option<"enableInsertSync", "enable-insert-sync", "bool", /*default=*/"false", "Insert set_flag/wait_flag pairs and barriers (pto-insert-sync)">
  ];
}

def PTOVerifySync : Pass<"pto-verify-sync", "builtin.module"> {
  let summary = "Check that synchronisation orders every dependency between pipe ops";
}

#endif
