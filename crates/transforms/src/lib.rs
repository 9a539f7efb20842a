//! `pto-transforms`: dialect-independent transformations, one pass per file (each file
//! its pass declared in `td/Passes.td`, whose struct, typed options and registration
//! are generated, and implemented beside). They see ops through
//! interfaces and traits; where MLIR's own passes create ops of a dialect (`ub.poison`
//! for a dead value), so do these.
//!
//! mlir-opt's output is the oracle of each pass's lit test
//! (`lit-tests/transforms/<argument>.mlir`). The passes: `canonicalize`, `cse`,
//! `control-flow-sink`, `inline`, `loop-invariant-code-motion`, `print-op-stats`,
//! `remove-dead-values`, `generate-runtime-verification`, `sccp`, `strip-debuginfo`, `symbol-dce`, `symbol-privatize`,
//! `topological-sort`, `view-op-graph`; `dataflow` holds what the data-flow passes ask of
//! ops. Transformations of one dialect live with it in `pto-dialects`
//! (`expand-strided-metadata`, `math-polynomial-approximation`). Most of MLIR's other
//! transforms are not built yet.

#![warn(missing_docs)]

pub mod canonicalize;
pub mod control_flow_sink;
pub mod cse;
pub mod dataflow;
pub mod inliner;
pub mod licm;
pub mod print_op_stats;
pub mod remove_dead_values;
pub mod runtime_verification;
pub mod sccp;
pub mod strip_debuginfo;
pub mod symbol_dce;
pub mod symbol_privatize;
pub mod topological_sort;
pub mod view_op_graph;

mod passes {
    include!(concat!(env!("OUT_DIR"), "/passes.rs"));
}
pub use passes::*;

/// Registers every pass of this crate.
pub fn register_all_passes(registry: &mut pto_pass::PassRegistry) {
    register_passes(registry);
}

/// Adds this crate's passes to a tool.
pub fn register(registry: &mut pto_pass::Registry) {
    registry
        .passes_from(register_passes)
        .context_setup(runtime_verification::register_models);
}
