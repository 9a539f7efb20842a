//! Dialect-independent transformations, one pass per file (`Passes.td`-style: each file
//! declares its [`PassInfo`](crate::pass::PassInfo) next to the pass).

pub mod canonicalize;
pub mod control_flow_sink;
pub mod cse;
pub mod dataflow;
pub mod expand_strided_metadata;
pub mod inliner;
pub mod licm;
pub mod math_polynomial_approximation;
pub mod print_op_stats;
pub mod remove_dead_values;
pub mod sccp;
pub mod strip_debuginfo;
pub mod symbol_dce;
pub mod symbol_privatize;
pub mod topological_sort;
pub mod view_op_graph;

use crate::pass::PassRegistry;

/// Registers every pass of this module.
pub fn register_all_passes(registry: &mut PassRegistry) {
    registry.register(&canonicalize::INFO);
    registry.register(&control_flow_sink::INFO);
    registry.register(&cse::INFO);
    registry.register(&expand_strided_metadata::INFO);
    registry.register(&inliner::INFO);
    registry.register(&licm::INFO);
    registry.register(&math_polynomial_approximation::INFO);
    registry.register(&print_op_stats::INFO);
    registry.register(&remove_dead_values::INFO);
    registry.register(&sccp::INFO);
    registry.register(&strip_debuginfo::INFO);
    registry.register(&symbol_dce::INFO);
    registry.register(&symbol_privatize::INFO);
    registry.register(&topological_sort::INFO);
    registry.register(&view_op_graph::INFO);
}
