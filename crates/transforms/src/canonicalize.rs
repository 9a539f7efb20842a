//! `canonicalize`: applies every registered op's canonicalization patterns and folders
//! with the greedy driver until a fixed point (MLIR's `Canonicalizer`). Constants are
//! uniqued and hoisted to the entry block of their isolated region, dead ops and
//! unreachable blocks removed.

use pto_ir::{Context, Diagnostic};
use pto_pass::{Pass, PassTarget};
use pto_rewrite::{
    apply_patterns_greedily, FrozenPatternSet, GreedyConfig, RegionSimplification,
    RewritePatternSet,
};

impl crate::Canonicalizer {
    /// The greedy driver's configuration the options give.
    fn config(&self) -> GreedyConfig {
        let o = &self.options;
        let limit = |v: i64| (v >= 0).then_some(v as u64);
        GreedyConfig {
            top_down: o.top_down,
            max_iterations: limit(o.max_iterations),
            max_num_rewrites: limit(o.max_num_rewrites),
            region_simplification: if o.region_simplify == "disabled" {
                RegionSimplification::Disabled
            } else {
                RegionSimplification::Normal
            },
            threads: true,
            ..GreedyConfig::default()
        }
    }

    /// The patterns of every registered op, filtered by the pass's options.
    fn patterns(&self, ctx: &Context) -> FrozenPatternSet {
        let (disabled, enabled) = (
            &self.options.disable_patterns,
            &self.options.enable_patterns,
        );
        let mut set = registered_patterns(ctx);
        set.retain(|name| {
            !disabled.iter().any(|d| d == name)
                && (enabled.is_empty() || enabled.iter().any(|e| e == name))
        });
        set.freeze()
    }
}

/// The canonicalization patterns of every registered op.
fn registered_patterns(ctx: &Context) -> RewritePatternSet {
    let mut set = RewritePatternSet::new();
    for d in ctx.dialects() {
        for op in d.ops {
            if let Some(add) = op.canonicalize {
                add(&mut set);
            }
        }
    }
    set
}

/// The canonicalization patterns of every registered op, frozen.
pub fn all_patterns(ctx: &Context) -> FrozenPatternSet {
    registered_patterns(ctx).freeze()
}

impl Pass for crate::Canonicalizer {
    fn options_text(&self) -> String {
        self.options.to_text()
    }
    fn run<'c>(
        &self,
        ctx: &'c Context,
        target: &mut PassTarget<'_, 'c>,
    ) -> Result<(), Diagnostic<'c>> {
        let patterns = self.patterns(ctx);
        let outcome = apply_patterns_greedily(ctx, target.body, &patterns, &self.config());
        if self.options.test_convergence && !outcome.converged {
            return Err(Diagnostic::error(
                target.loc,
                "canonicalizer failed to converge",
            ));
        }
        Ok(())
    }
}
