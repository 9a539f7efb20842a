//! `topological-sort`: reorders the ops of every block of a graph region (regions without
//! SSA dominance, such as a module's) so that, as far as possible, each op comes after
//! the ops defining its operands (MLIR's `TopologicalSort` and `sortTopologically`).
//!
//! The sort is stable and repeats sweeps over the unscheduled ops: each sweep moves every
//! ready op (all operands, including those used inside its regions, defined by scheduled
//! ops or outside the block) right after the ops scheduled so far. A sweep that schedules
//! nothing breaks a cycle by taking the first unscheduled op as it is. A block's
//! terminator stays last. Only registered ops declaring graph regions have theirs sorted
//! (regions of unregistered ops are left alone, as MLIR has no region kind for them).
//! The anchor's own regions are sorted too when it declares graph regions (`sort_block`
//! sorts one block).

use rustc_hash::FxHashSet;

use pto_ir::{BlockId, Body, Context, Diagnostic, InsertPoint, OpId, OpTraits, ValueDef};
use pto_pass::{Pass, PassTarget};

impl Pass for crate::TopologicalSort {
    fn run<'c>(
        &self,
        _ctx: &'c Context,
        target: &mut PassTarget<'_, 'c>,
    ) -> Result<(), Diagnostic<'c>> {
        let graph = target.op_name.traits().contains(OpTraits::GRAPH_REGION);
        sort_body(target.body, graph);
        Ok(())
    }
}

/// Sorts the graph regions of `body`: its root regions when its owner has graph regions,
/// those of the ops inside it, and those in nested bodies.
fn sort_body(body: &mut Body<'_>, owner_is_graph: bool) {
    for op in body.all_ops() {
        let graph = body.op_name(op).traits().contains(OpTraits::GRAPH_REGION);
        if let Some(nested) = body.nested_mut(op) {
            sort_body(nested, graph);
        } else if graph {
            let blocks: Vec<BlockId> = body
                .regions_of(op)
                .to_vec()
                .into_iter()
                .flat_map(|r| body.region_blocks(r).collect::<Vec<_>>())
                .collect();
            for b in blocks {
                sort_block(body, b);
            }
        }
    }
    if owner_is_graph {
        let blocks: Vec<BlockId> = body
            .root_regions()
            .into_iter()
            .flat_map(|r| body.region_blocks(r).collect::<Vec<_>>())
            .collect();
        for b in blocks {
            sort_block(body, b);
        }
    }
}

/// Sorts the ops of `block` before its terminator (an unregistered last op is sorted with
/// the others: it is not known to be a terminator). Returns false if a cycle had to be
/// broken.
pub fn sort_block(body: &mut Body<'_>, block: BlockId) -> bool {
    let end = body
        .last_op(block)
        .filter(|&t| body.op_name(t).traits().contains(OpTraits::TERMINATOR));
    let ops_from = |body: &Body<'_>, start: Option<OpId>| -> Vec<OpId> {
        let mut v = Vec::new();
        let mut cur = start;
        while let Some(o) = cur.filter(|&o| Some(o) != end) {
            v.push(o);
            cur = body.next_op(o);
        }
        v
    };
    let mut unscheduled: FxHashSet<OpId> =
        ops_from(body, body.first_op(block)).into_iter().collect();
    let mut next = body.first_op(block).filter(|&o| Some(o) != end);
    let mut all_scheduled = true;
    while !unscheduled.is_empty() {
        let Some(mut next_op) = next else {
            break;
        };
        let mut scheduled_any = false;
        for op in ops_from(body, Some(next_op)) {
            if !is_ready(body, op, &unscheduled) {
                continue;
            }
            unscheduled.remove(&op);
            scheduled_any = true;
            if op == next_op {
                // Already in place: the scheduled prefix grows past it.
                next = body.next_op(op).filter(|&o| Some(o) != end);
                match next {
                    Some(n) => next_op = n,
                    None => break,
                }
            } else {
                body.move_op(op, InsertPoint::Before(next_op));
            }
        }
        if !scheduled_any {
            all_scheduled = false;
            unscheduled.remove(&next_op);
            next = body.next_op(next_op).filter(|&o| Some(o) != end);
        }
    }
    all_scheduled
}

/// Whether every operand of `op` and of the ops nested in it is defined outside the
/// unscheduled ops (a block argument, or an op that neither is nor lies within an
/// unscheduled op, not counting `op` itself and what it contains).
fn is_ready(body: &Body<'_>, op: OpId, unscheduled: &FxHashSet<OpId>) -> bool {
    let value_ready = |v| {
        let ValueDef::Result(mut def, _) = body.value_def(v) else {
            return true;
        };
        loop {
            if def == op {
                return true;
            }
            if unscheduled.contains(&def) {
                return false;
            }
            match body.parent_op(def) {
                Some(p) => def = p,
                None => return true,
            }
        }
    };
    // Ops of an isolated body cannot use values of this block: only this body is walked.
    body.ops_in(op, pto_ir::WalkOrder::PreOrder)
        .into_iter()
        .all(|o| body.operands(o).all(value_ready))
}
