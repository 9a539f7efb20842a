//! `canonicalize`: applies every registered op's canonicalization patterns and folders
//! with the greedy driver until a fixed point (MLIR's `Canonicalizer`). Constants are
//! uniqued and hoisted to the entry block of their isolated region, dead ops and
//! unreachable blocks removed.

use pto_ir::{Context, Diagnostic};
use pto_pass::{OptionKind, OptionSpec, Pass, PassInfo, PassOptions, PassTarget};
use pto_rewrite::{
    apply_patterns_greedily, FrozenPatternSet, GreedyConfig, RegionSimplification,
    RewritePatternSet,
};

/// The registration of `canonicalize`.
pub static INFO: PassInfo = PassInfo {
    argument: "canonicalize",
    name: "Canonicalizer",
    summary: "Canonicalize operations",
    statistics: &[],
    options: &[
        OptionSpec { name: "top-down", kind: OptionKind::Bool, default: "true", help: "Seed the worklist in general top-down order" },
        OptionSpec { name: "region-simplify", kind: OptionKind::Enum(&["disabled", "normal"]), default: "normal", help: "Perform control flow optimizations to the region tree" },
        OptionSpec { name: "max-iterations", kind: OptionKind::Int, default: "10", help: "Max. iterations between applying patterns / simplifying regions" },
        OptionSpec { name: "max-num-rewrites", kind: OptionKind::Int, default: "-1", help: "Max. number of pattern rewrites within an iteration" },
        OptionSpec { name: "test-convergence", kind: OptionKind::Bool, default: "false", help: "Test only: Fail pass on non-convergence to detect cyclic pattern" },
        OptionSpec { name: "disable-patterns", kind: OptionKind::List, default: "", help: "Labels of patterns that should be filtered out during application" },
        OptionSpec { name: "enable-patterns", kind: OptionKind::List, default: "", help: "Labels of patterns that should be used during application, all other patterns are filtered out" },
    ],
    create: |o: &PassOptions| Box::new(Canonicalize::new(o)),
};

/// The pass, with its options resolved.
pub struct Canonicalize {
    config: GreedyConfig,
    options: PassOptions,
    test_convergence: bool,
    disabled: Vec<String>,
    enabled: Vec<String>,
}

impl Canonicalize {
    fn new(o: &PassOptions) -> Self {
        let limit = |v: i64| (v >= 0).then_some(v as u64);
        Self {
            config: GreedyConfig {
                top_down: o.bool("top-down"),
                max_iterations: limit(o.int("max-iterations")),
                max_num_rewrites: limit(o.int("max-num-rewrites")),
                region_simplification: if o.string("region-simplify") == "disabled" {
                    RegionSimplification::Disabled
                } else {
                    RegionSimplification::Normal
                },
                threads: true,
                ..GreedyConfig::default()
            },
            options: o.clone(),
            test_convergence: o.bool("test-convergence"),
            disabled: o.list("disable-patterns"),
            enabled: o.list("enable-patterns"),
        }
    }

    /// The patterns of every registered op, filtered by the pass's options.
    fn patterns(&self, ctx: &Context) -> FrozenPatternSet {
        let mut set = registered_patterns(ctx);
        set.retain(|name| {
            !self.disabled.iter().any(|d| d == name)
                && (self.enabled.is_empty() || self.enabled.iter().any(|e| e == name))
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

impl Pass for Canonicalize {
    fn options_text(&self) -> String {
        self.options.to_text()
    }
    fn run<'c>(
        &self,
        ctx: &'c Context,
        target: &mut PassTarget<'_, 'c>,
    ) -> Result<(), Diagnostic<'c>> {
        let patterns = self.patterns(ctx);
        let outcome = apply_patterns_greedily(ctx, target.body, &patterns, &self.config);
        if self.test_convergence && !outcome.converged {
            return Err(Diagnostic::error(
                target.loc,
                "canonicalizer failed to converge",
            ));
        }
        Ok(())
    }
}
