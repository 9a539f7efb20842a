//! `pto-rewrite`: the drivers that apply rewrite patterns, greedy to a fixed point
//! ([`greedy`]) and one walk ([`walk`]); folding ([`fold`]); region simplification; and
//! dialect conversion ([`conversion`]).
//!
//! Patterns and the rewriter they edit through (MLIR's `PatternMatch.h`) are in the IR
//! core ([`pto_ir::pattern`], [`pto_ir::rewriter`]), because op definitions name them
//! (an op's canonicalization patterns); they are re-exported here. Patterns belong to
//! dialects, drivers to passes.
//!
//! Dialects contribute canonicalization patterns per op (`hasCanonicalizer`: a
//! `canonicalization_patterns_<op>` hook; `hasCanonicalizeMethod`: a `canonicalize_<op>`
//! function), folders (`hasFolder`: constants or existing values) and the constants for
//! folded values (`hasConstantMaterializer`: `materialize_constant`). A fold that changes
//! the op in place is a `FoldInPlaceOpInterface` model (`scf.if`'s region swap, the
//! `arith` casts', the `memref` and `vector` ops'), tried after the fold hook; the
//! `Commutative` trait's folder (constants to the right) runs when neither folds
//! ([`fold`]). The region branch patterns every region op gets are in `region_branch`.
//!
//! Not yet: `region-simplify=aggressive` (identical-block merging), and in-place folds of
//! ops other than those above.

#![warn(missing_docs)]

pub mod conversion;
pub mod fold;
pub mod greedy;
pub mod region_branch;
pub mod region_simplify;
pub mod walk;

pub use greedy::{
    apply_op_patterns_greedily, apply_patterns_greedily, GreedyConfig, GreedyOutcome,
    RegionSimplification,
};
pub use pto_ir::pattern::{
    self, FnPattern, FrozenPatternSet, MatchFailure, MatchResult, PatternIndex, RewritePattern,
    RewritePatternSet,
};
pub use pto_ir::rewriter::{self, Listener, NoListener, PatternRewriter};
