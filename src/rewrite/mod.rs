//! Pattern rewriting: patterns and the rewriter they edit through (MLIR's
//! `PatternMatch.h`), and the drivers that apply them: greedy to a fixed point
//! ([`greedy`]) and one walk ([`walk`]).
//!
//! `OpDef` hooks refer to [`RewritePatternSet`] (an op's canonicalization patterns), as
//! MLIR's IR library holds `PatternMatch`: patterns belong to dialects, drivers to passes.

pub mod conversion;
pub mod fold;
pub mod greedy;
pub mod pattern;
pub mod region_branch;
pub mod region_simplify;
pub mod rewriter;
pub mod walk;

pub use greedy::{
    apply_op_patterns_greedily, apply_patterns_greedily, GreedyConfig, GreedyOutcome,
    RegionSimplification,
};
pub use pattern::{
    FnPattern, FrozenPatternSet, MatchFailure, MatchResult, PatternIndex, RewritePattern,
    RewritePatternSet,
};
pub use rewriter::{Listener, NoListener, PatternRewriter};
