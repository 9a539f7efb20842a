//! `loop-invariant-code-motion`: hoists loop-invariant ops out of loops (MLIR's
//! `LoopInvariantCodeMotion`).
//!
//! Loops are the ops with a `LoopLikeOpInterface` model, visited innermost first (a
//! post-order walk), so that what leaves an inner loop may leave the outer one next. In
//! each loop region, a queue starts with the region's ops in order; an op moves to just
//! before the loop when it is not a terminator, is free of memory effects and
//! speculatable (it may run even if the loop body never does), and every value it and
//! its nested ops use comes from outside the loop (or from inside the op itself). The
//! users of a hoisted op that are in the region join the queue, as they may have become
//! invariant.

use std::collections::VecDeque;

use pto_ir::effects::is_memory_effect_free;
use pto_ir::op_interfaces::{is_speculatable, loop_regions};
use pto_ir::{
    Body, Context, Diagnostic, InsertPoint, OpId, OpTraits, RegionId, ValueDef, ValueId, WalkOrder,
};
use pto_pass::{Pass, PassTarget};

impl Pass for crate::LoopInvariantCodeMotion {
    fn run<'c>(
        &self,
        ctx: &'c Context,
        target: &mut PassTarget<'_, 'c>,
    ) -> Result<(), Diagnostic<'c>> {
        hoist_in_body(ctx, target.body);
        Ok(())
    }
}

/// Runs on the loops of `body`, after those of the bodies nested in it (no value crosses
/// a body boundary, so the order between bodies does not matter).
fn hoist_in_body<'c>(ctx: &'c Context, body: &mut Body<'c>) {
    for (_, nested) in body.nested_bodies_mut() {
        hoist_in_body(ctx, nested);
    }
    let mut loops = Vec::new();
    for r in body.root_regions() {
        for b in body.region_blocks(r) {
            for o in body.block_ops(b) {
                loops.extend(
                    body.ops_in(o, WalkOrder::PostOrder)
                        .into_iter()
                        .filter(|&op| loop_regions(ctx, body, op).is_some()),
                );
            }
        }
    }
    for l in loops {
        move_loop_invariant_code(ctx, body, l);
    }
}

/// Hoists what can leave loop `l`; returns how many ops moved.
pub fn move_loop_invariant_code<'c>(ctx: &'c Context, body: &mut Body<'c>, l: OpId) -> usize {
    let mut moved = 0;
    for region in loop_regions(ctx, body, l).unwrap_or_default() {
        let mut queue: VecDeque<OpId> = body
            .region_blocks(region)
            .flat_map(|b| body.block_ops(b))
            .collect();
        while let Some(op) = queue.pop_front() {
            // Hoisted already (queued twice).
            if op_region(body, op) != Some(region) {
                continue;
            }
            if !is_memory_effect_free(body, op)
                || !is_speculatable(ctx, body, op)
                || !can_be_hoisted(body, op, l)
            {
                continue;
            }
            body.move_op(op, InsertPoint::Before(l));
            moved += 1;
            let users: Vec<OpId> = body
                .results(op)
                .flat_map(|r| body.uses(r).map(|(user, _)| user).collect::<Vec<_>>())
                .collect();
            queue.extend(
                users
                    .into_iter()
                    .filter(|&u| op_region(body, u) == Some(region)),
            );
        }
    }
    moved
}

/// The region whose block holds `op`.
fn op_region(body: &Body<'_>, op: OpId) -> Option<RegionId> {
    body.op_block(op).and_then(|b| body.block_region(b))
}

/// The op owning the region in which `v` is defined (`None` at the top of the body).
fn value_parent_op(body: &Body<'_>, v: ValueId) -> Option<OpId> {
    match body.value_def(v) {
        ValueDef::Result(op, _) => body.parent_op(op),
        ValueDef::Arg(b, _) => body.block_region(b).and_then(|r| body.region_op(r)),
    }
}

/// Whether `a` is `b` or one of its ancestors.
fn is_ancestor(body: &Body<'_>, a: OpId, mut b: OpId) -> bool {
    loop {
        if a == b {
            return true;
        }
        match body.parent_op(b) {
            Some(p) => b = p,
            None => return false,
        }
    }
}

/// Whether `op` is not a terminator and every value used in it (by it or its nested ops,
/// other than values defined inside it) is defined outside loop `l`.
fn can_be_hoisted(body: &Body<'_>, op: OpId, l: OpId) -> bool {
    if body.op_name(op).traits().contains(OpTraits::TERMINATOR) {
        return false;
    }
    // Isolated ops nested in `op` use only their own values: walking this body suffices.
    body.ops_in(op, WalkOrder::PreOrder).into_iter().all(|o| {
        body.operands(o).all(|v| match value_parent_op(body, v) {
            Some(p) => is_ancestor(body, op, p) || !is_ancestor(body, l, p),
            None => true,
        })
    })
}
