//! Rewrite patterns and pattern sets, after MLIR's `PatternMatch.h`.
//!
//! A pattern matches one op (by root name, or any op) and rewrites it through a
//! [`PatternRewriter`]; it reports whether it applied. A [`RewritePatternSet`] collects
//! patterns; [`FrozenPatternSet`] indexes them by root name and orders them by benefit
//! for the drivers.

use rustc_hash::FxHashMap;

use crate::rewriter::PatternRewriter;
use crate::OpId;

/// Why a pattern did not apply (visible under `RUST_LOG=pto=debug`).
pub type MatchResult = Result<(), MatchFailure>;

/// A failed match. Patterns report the reason through
/// [`PatternRewriter::notify_match_failure`], which returns this.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct MatchFailure;

/// A rewrite rooted at one op.
pub trait RewritePattern: Send + Sync {
    /// The op name this pattern matches, or `None` for any op.
    fn root(&self) -> Option<&'static str>;
    /// A name for debugging and for `disable-patterns`/`enable-patterns` filters.
    fn name(&self) -> &'static str;
    /// The expected benefit: higher is tried first.
    fn benefit(&self) -> u16 {
        1
    }
    /// Names of the ops the rewrite may create (MLIR's `generatedNames`), for ordering.
    fn generated_ops(&self) -> &'static [&'static str] {
        &[]
    }
    /// Matches `op` and rewrites it. On failure nothing may have changed.
    fn match_and_rewrite<'c>(
        &self,
        op: OpId,
        rewriter: &mut PatternRewriter<'_, 'c>,
    ) -> MatchResult;
}

/// A pattern given by a function: MLIR's `hasCanonicalizeMethod` and one-off rewrites.
pub struct FnPattern {
    /// Root op name (`None`: any op).
    pub root: Option<&'static str>,
    /// Debug name.
    pub name: &'static str,
    /// Benefit.
    pub benefit: u16,
    /// The rewrite.
    pub rewrite: for<'r, 'c> fn(OpId, &mut PatternRewriter<'r, 'c>) -> MatchResult,
}

impl RewritePattern for FnPattern {
    fn root(&self) -> Option<&'static str> {
        self.root
    }
    fn name(&self) -> &'static str {
        self.name
    }
    fn benefit(&self) -> u16 {
        self.benefit
    }
    fn match_and_rewrite<'c>(
        &self,
        op: OpId,
        rewriter: &mut PatternRewriter<'_, 'c>,
    ) -> MatchResult {
        (self.rewrite)(op, rewriter)
    }
}

/// Patterns being collected.
#[derive(Default)]
pub struct RewritePatternSet {
    patterns: Vec<Box<dyn RewritePattern>>,
}

impl RewritePatternSet {
    /// An empty set.
    pub fn new() -> Self {
        Self::default()
    }
    /// Adds a pattern.
    pub fn add(&mut self, p: impl RewritePattern + 'static) -> &mut Self {
        self.patterns.push(Box::new(p));
        self
    }
    /// Adds a function pattern rooted at `root` with benefit 1.
    pub fn add_fn(
        &mut self,
        root: &'static str,
        name: &'static str,
        rewrite: for<'r, 'c> fn(OpId, &mut PatternRewriter<'r, 'c>) -> MatchResult,
    ) -> &mut Self {
        self.add(FnPattern {
            root: Some(root),
            name,
            benefit: 1,
            rewrite,
        })
    }
    /// Number of patterns.
    pub fn len(&self) -> usize {
        self.patterns.len()
    }
    /// True if there are none.
    pub fn is_empty(&self) -> bool {
        self.patterns.is_empty()
    }
    /// Keeps only the patterns for which `keep` holds (by name).
    pub fn retain(&mut self, mut keep: impl FnMut(&str) -> bool) {
        self.patterns.retain(|p| keep(p.name()));
    }
    /// Indexes the patterns for matching.
    pub fn freeze(self) -> FrozenPatternSet {
        FrozenPatternSet::new(self.patterns)
    }
}

/// Pattern indices grouped by root op name and sorted by decreasing benefit (stable:
/// equal benefits keep insertion order), as MLIR's `PatternApplicator` after its cost
/// model. Shared by rewrite and conversion pattern sets.
#[derive(Default)]
pub struct PatternIndex {
    benefits: Vec<u16>,
    by_root: FxHashMap<&'static str, Vec<u32>>,
    any_op: Vec<u32>,
}

impl PatternIndex {
    /// Indexes patterns given as `(root, benefit)` in insertion order.
    pub fn new(patterns: impl IntoIterator<Item = (Option<&'static str>, u16)>) -> Self {
        let mut index = PatternIndex::default();
        for (i, (root, benefit)) in patterns.into_iter().enumerate() {
            index.benefits.push(benefit);
            match root {
                Some(r) => index.by_root.entry(r).or_default().push(i as u32),
                None => index.any_op.push(i as u32),
            }
        }
        let benefits = &index.benefits;
        let by_benefit = |v: &mut Vec<u32>| {
            v.sort_by_key(|&i| std::cmp::Reverse(benefits[i as usize]));
        };
        index.by_root.values_mut().for_each(by_benefit);
        by_benefit(&mut index.any_op);
        index
    }

    /// Indices of the patterns to try on an op named `name`, best first: op-specific and
    /// any-op patterns merged by benefit, op-specific first on ties.
    pub fn candidates<'s>(&'s self, name: &str) -> impl Iterator<Item = usize> + 's {
        let specific: &[u32] = self.by_root.get(name).map_or(&[], |v| v.as_slice());
        let (mut i, mut j) = (0, 0);
        let any = &self.any_op;
        std::iter::from_fn(move || {
            let take_any = match (specific.get(i), any.get(j)) {
                (None, None) => return None,
                (Some(_), None) => false,
                (None, Some(_)) => true,
                (Some(&s), Some(&a)) => self.benefits[s as usize] < self.benefits[a as usize],
            };
            let idx = if take_any {
                j += 1;
                any[j - 1]
            } else {
                i += 1;
                specific[i - 1]
            };
            Some(idx as usize)
        })
    }
}

/// Rewrite patterns indexed for matching (see [`PatternIndex`]).
pub struct FrozenPatternSet {
    patterns: Vec<Box<dyn RewritePattern>>,
    index: PatternIndex,
}

impl FrozenPatternSet {
    fn new(patterns: Vec<Box<dyn RewritePattern>>) -> Self {
        let index = PatternIndex::new(patterns.iter().map(|p| (p.root(), p.benefit())));
        Self { patterns, index }
    }

    /// An empty set (folding and dead-code removal only).
    pub fn empty() -> Self {
        RewritePatternSet::new().freeze()
    }

    /// Number of patterns.
    pub fn len(&self) -> usize {
        self.patterns.len()
    }

    /// True if there are none.
    pub fn is_empty(&self) -> bool {
        self.patterns.is_empty()
    }

    /// The patterns to try on an op named `name`, best first.
    pub fn candidates<'s>(
        &'s self,
        name: &str,
    ) -> impl Iterator<Item = &'s dyn RewritePattern> + 's {
        self.index
            .candidates(name)
            .map(move |i| self.patterns[i].as_ref())
    }
}
