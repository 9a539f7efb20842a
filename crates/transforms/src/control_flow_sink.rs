//! `control-flow-sink`: moves ops into the conditionally executed region that alone uses
//! them (MLIR's `ControlFlowSink`), so that paths not needing their results do not
//! compute them.
//!
//! For each region branch op (innermost first), the regions that run at most once (per
//! their invocation bounds, given the op's constant operands) are candidates. Working
//! from the region's ops through a stack, an operand defined outside the region moves to
//! the start of the region's entry block when its defining op is free of memory effects
//! and every one of its users lies in the region (at any depth: the entry block
//! dominates them); the moved op's own operands are then considered in turn. Ops are
//! never duplicated, and only singly executed regions receive them.
//! The `num-sunk` statistic sums over all branch ops.

use pto_ir::effects::is_memory_effect_free;
use pto_ir::op_interfaces::invocation_bounds;
use pto_ir::{Body, Context, Diagnostic, InsertPoint, OpId, RegionId, WalkOrder};
use pto_pass::{Pass, PassTarget, Statistics};
use pto_rewrite::fold::constant_value;

impl Pass for crate::ControlFlowSink {
    fn run<'c>(
        &self,
        ctx: &'c Context,
        target: &mut PassTarget<'_, 'c>,
    ) -> Result<(), Diagnostic<'c>> {
        sink_in_body(ctx, target.body, target.statistics);
        Ok(())
    }
}

/// Sinks in the region branch ops of `body`, post-order, and in the bodies nested in it.
fn sink_in_body<'c>(ctx: &'c Context, body: &mut Body<'c>, stats: &mut Statistics) {
    for (_, nested) in body.nested_bodies_mut() {
        sink_in_body(ctx, nested, stats);
    }
    let mut branches = Vec::new();
    for r in body.root_regions() {
        for b in body.region_blocks(r) {
            for o in body.block_ops(b) {
                branches.extend(body.ops_in(o, WalkOrder::PostOrder));
            }
        }
    }
    for op in branches {
        let regions = singly_executed_regions(ctx, body, op);
        let mut sunk = 0;
        for region in regions {
            if body.entry_block(region).is_some() {
                sunk += sink_into(body, region);
            }
        }
        stats.add(crate::ControlFlowSink::NUM_SUNK, sunk);
    }
}

/// The regions of `op` that run at most once each time it does (none if `op` does not
/// say).
fn singly_executed_regions<'c>(ctx: &'c Context, body: &Body<'c>, op: OpId) -> Vec<RegionId> {
    let operands: Vec<_> = body
        .operands(op)
        .map(|v| constant_value(ctx, body, v))
        .collect();
    let Some(bounds) = invocation_bounds(ctx, body, op, &operands) else {
        return Vec::new();
    };
    body.regions_of(op)
        .iter()
        .zip(bounds)
        .filter(|(_, b)| b.upper.is_some_and(|u| u <= 1))
        .map(|(&r, _)| r)
        .collect()
}

/// Whether `region` contains `op`, at any depth.
fn region_contains(body: &Body<'_>, region: RegionId, mut op: OpId) -> bool {
    loop {
        let Some(r) = body.op_block(op).and_then(|b| body.block_region(b)) else {
            return false;
        };
        if r == region {
            return true;
        }
        match body.region_op(r) {
            Some(parent) => op = parent,
            None => return false,
        }
    }
}

/// Whether `region` lies inside `op`.
fn encloses(body: &Body<'_>, op: OpId, region: RegionId) -> bool {
    let mut cur = body.region_op(region);
    while let Some(o) = cur {
        if o == op {
            return true;
        }
        cur = body.parent_op(o);
    }
    false
}

/// Sinks what can move into `region`; returns how many ops moved.
fn sink_into(body: &mut Body<'_>, region: RegionId) -> u64 {
    let mut stack: Vec<OpId> = body
        .region_blocks(region)
        .flat_map(|b| body.block_ops(b))
        .collect();
    let mut sunk = 0;
    while let Some(user) = stack.pop() {
        let operands: Vec<_> = body.operands(user).collect();
        for v in operands {
            let Some(def) = body.defining_op(v) else {
                continue;
            };
            let def_region = body.op_block(def).and_then(|b| body.block_region(b));
            // Already there; or (in a graph region) an op around the region itself.
            if def_region == Some(region) || encloses(body, def, region) {
                continue;
            }
            let all_inside = body
                .results(def)
                .all(|r| body.uses(r).all(|(u, _)| region_contains(body, region, u)));
            if all_inside && is_memory_effect_free(body, def) {
                if let Some(entry) = body.entry_block(region) {
                    body.move_op(def, InsertPoint::BlockStart(entry));
                    sunk += 1;
                    stack.push(def);
                }
            }
        }
    }
    sunk
}
