//! `remove-dead-values` (MLIR's `RemoveDeadValues`): removes what no observable
//! behaviour needs, by a liveness analysis of the whole anchor (`liveness.rs`, MLIR's
//! `RunLivenessAnalysis` on top of the dead-code analysis of `sccp`).
//!
//! The pass decides everything first (`plan.rs`), then changes the IR (`cleanup.rs`):
//! - ops without effects and without live results, and ops with a dead operand (only
//!   in code that never runs), are erased; so is a region op (`scf.for`, `scf.if`, ...)
//!   without effects and without live results, and a branch whose condition is dead
//!   (leaving `ub.unreachable`);
//! - a private `func.func` loses its dead arguments (and its calls the matching
//!   operands) and the results that no call uses; public functions and declarations
//!   keep their signature;
//! - a branch stops passing dead values, and its successor loses the arguments;
//! - a region op keeps its signature, but every value it passes (into a region or out
//!   as a result) that is dead or reaches only dead values becomes a new `ub.poison`;
//!   with `canonicalize` (the default) the canonicalization patterns of the region ops
//!   present (only theirs, as MLIR) then run on them, which removes the unused
//!   arguments and results.
//!
//! The patterns run through `apply_op_patterns_greedily` (MLIR's
//! `applyOpPatternsGreedily`), and the region branch patterns drop the poisoned values.
//! Only `func.func` signatures change (an `llvm.func` keeps its own). mlir-opt itself is
//! not deterministic on some nested loops (its pattern's map order); pto-opt gives one of
//! its outputs.

mod cleanup;
mod liveness;
mod plan;

use pto_ir::{Body, Context, Diagnostic, OpTraits, WalkOrder};
use pto_pass::{Pass, PassTarget};
use pto_rewrite::{apply_op_patterns_greedily, FrozenPatternSet, GreedyConfig, RewritePatternSet};

impl Pass for crate::RemoveDeadValues {
    fn run<'c>(
        &self,
        ctx: &'c Context,
        target: &mut PassTarget<'_, 'c>,
    ) -> Result<(), Diagnostic<'c>> {
        let is_table = target.op_name.traits().contains(OpTraits::SYMBOL_TABLE);
        let la = liveness::analyze(ctx, target.body, is_table);
        let mut plan = plan::plan(ctx, &la, target.body, is_table);
        drop(la);
        cleanup::apply(ctx, target.body, &mut plan);
        if self.options.canonicalize {
            // As MLIR: only the canonicalization patterns of the region ops present.
            let mut names: Vec<&str> = Vec::new();
            region_op_names(ctx, target.body, &mut names);
            let mut set = RewritePatternSet::new();
            for name in names {
                if let Some(add) = ctx.op_def(name).and_then(|d| d.canonicalize) {
                    add(&mut set);
                }
            }
            canonicalize_region_ops(ctx, target.body, &set.freeze())?;
        }
        Ok(())
    }
}

/// The names of the region branch ops in `body` and the bodies nested in it, each once.
fn region_op_names<'c>(ctx: &'c Context, body: &Body<'c>, names: &mut Vec<&'c str>) {
    for r in body.root_regions() {
        for b in body.region_blocks(r) {
            for top in body.block_ops(b) {
                for op in body.ops_in(top, WalkOrder::PreOrder) {
                    let name = body.op_name(op).as_str();
                    if pto_ir::region_branch::is_region_branch(ctx, body, op)
                        && !names.contains(&name)
                    {
                        names.push(name);
                    }
                    if let Some(nested) = body.nested(op) {
                        region_op_names(ctx, nested, names);
                    }
                }
            }
        }
    }
}

/// Runs the canonicalization patterns on the region branch ops of `body` and of the
/// bodies nested in it (and on what they create), as MLIR's pass does after the
/// cleanup.
fn canonicalize_region_ops<'c>(
    ctx: &'c Context,
    body: &mut Body<'c>,
    patterns: &FrozenPatternSet,
) -> Result<(), Diagnostic<'c>> {
    let mut ops = Vec::new();
    for r in body.root_regions() {
        for b in body.region_blocks(r).collect::<Vec<_>>() {
            for top in body.block_ops(b).collect::<Vec<_>>() {
                for op in body.ops_in(top, WalkOrder::PostOrder) {
                    if pto_ir::region_branch::is_region_branch(ctx, body, op) {
                        ops.push(op);
                    }
                }
            }
        }
    }
    if !ops.is_empty() {
        let config = GreedyConfig::default();
        let outcome = apply_op_patterns_greedily(ctx, body, &ops, patterns, &config);
        if !outcome.converged {
            return Err(Diagnostic::error(
                ctx.unknown_loc(),
                "greedy pattern rewrite failed to converge",
            ));
        }
    }
    for (_, nested) in body.nested_bodies_mut() {
        canonicalize_region_ops(ctx, nested, patterns)?;
    }
    Ok(())
}
