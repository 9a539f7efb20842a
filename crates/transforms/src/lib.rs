//! `pto-transforms`: dialect-independent transformations, one pass per file (each file
//! declares its [`PassInfo`](pto_pass::PassInfo) next to the pass). They see ops through
//! interfaces and traits; where MLIR's own passes create ops of a dialect (`ub.poison`
//! for a dead value), so do these.

#![warn(missing_docs)]

pub mod canonicalize;
pub mod control_flow_sink;
pub mod cse;
pub mod dataflow;
pub mod inliner;
pub mod licm;
pub mod print_op_stats;
pub mod remove_dead_values;
pub mod sccp;
pub mod strip_debuginfo;
pub mod symbol_dce;
pub mod symbol_privatize;
pub mod topological_sort;
pub mod view_op_graph;

use pto_pass::PassRegistry;

/// Registers every pass of this module.
pub fn register_all_passes(registry: &mut PassRegistry) {
    registry.register(&canonicalize::INFO);
    registry.register(&control_flow_sink::INFO);
    registry.register(&cse::INFO);
    registry.register(&inliner::INFO);
    registry.register(&licm::INFO);
    registry.register(&print_op_stats::INFO);
    registry.register(&remove_dead_values::INFO);
    registry.register(&sccp::INFO);
    registry.register(&strip_debuginfo::INFO);
    registry.register(&symbol_dce::INFO);
    registry.register(&symbol_privatize::INFO);
    registry.register(&topological_sort::INFO);
    registry.register(&view_op_graph::INFO);
}
