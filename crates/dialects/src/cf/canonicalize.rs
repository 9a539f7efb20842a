//! Canonicalization of `cf` branches, after MLIR's `ControlFlowOps.cpp`: branches to a
//! block with a single predecessor merge it, branches through blocks that only branch
//! on are collapsed, conditional branches on constants, to identical successors or with an
//! unreachable successor become unconditional, and a condition is known true (false) in
//! its true (false) successor.

use smallvec::{smallvec, SmallVec};

use crate::arith;
use crate::ub;
use pto_ir::interfaces::successor_operands;
use pto_ir::{BlockId, Body, OpId, ValueDef, ValueId};
use pto_rewrite::fold::constant_value;
use pto_rewrite::{MatchResult, PatternRewriter, RewritePatternSet};

/// Number of predecessor edges of `block` (a `cond_br` to it twice counts twice).
fn num_predecessors(body: &Body<'_>, block: BlockId) -> usize {
    body.predecessors(block).len()
}

fn forwarded(body: &Body<'_>, op: OpId, succ: usize) -> SmallVec<[ValueId; 4]> {
    let (s, e) = successor_operands(body, op, succ).unwrap_or((0, 0));
    (s..e).map(|i| body.operand(op, i)).collect()
}

/// If `succ` holds nothing but a `cf.br` elsewhere whose arguments are only used by that
/// branch, and the branches from there do not lead back, the target and operands to
/// branch to directly (MLIR's `collapseBranch`).
pub(super) fn collapse(
    body: &Body<'_>,
    succ: BlockId,
    operands: &[ValueId],
) -> Option<(BlockId, SmallVec<[ValueId; 4]>)> {
    let br = body.first_op(succ)?;
    if body.last_op(succ) != Some(br) || body.op_name(br).as_str() != super::BranchOp::NAME {
        return None;
    }
    let args = body.block_args(succ);
    if args.iter().any(|&a| body.uses(a).any(|(u, _)| u != br)) {
        return None;
    }
    let dest = body.successors(br)[0];
    if dest == succ {
        return None;
    }
    // Nor into a cycle of unconditional branches (MLIR's guard against collapsing
    // forever).
    let mut visited: SmallVec<[BlockId; 8]> = smallvec![succ, dest];
    let mut next = body.last_op(dest);
    while let Some(b) = next.filter(|&b| body.op_name(b).as_str() == super::BranchOp::NAME) {
        let d = body.successors(b)[0];
        if visited.contains(&d) {
            return None;
        }
        visited.push(d);
        next = body.last_op(d);
    }
    let new = body
        .operands(br)
        .map(|v| match body.value_def(v) {
            ValueDef::Arg(b, i) if b == succ => operands[i as usize],
            _ => v,
        })
        .collect();
    Some((dest, new))
}

/// Replaces the terminator `at` by `cf.br ^dest(operands)`, with `at`'s location.
pub(crate) fn replace_with_br<'c>(
    rw: &mut PatternRewriter<'_, 'c>,
    at: OpId,
    dest: BlockId,
    operands: &[ValueId],
) {
    let loc = rw.body().op_loc(at);
    let mut state = rw.state(super::BranchOp::NAME, loc);
    state.operands = SmallVec::from_slice(operands);
    state.successors = smallvec![dest];
    rw.set_insertion_point_before(at);
    rw.create(state);
    rw.erase_op(at);
}

/// Replaces the `cf.cond_br` `op` by a branch to its successor `i`, with its operands.
fn branch_to_successor(rw: &mut PatternRewriter<'_, '_>, op: OpId, i: usize) -> MatchResult {
    let body = rw.body();
    let dest = body.successors(op)[i];
    let operands = forwarded(body, op, i);
    replace_with_br(rw, op, dest, &operands);
    Ok(())
}

fn create_cond_br<'c>(
    rw: &mut PatternRewriter<'_, 'c>,
    at: OpId,
    cond: ValueId,
    (t, t_ops): (BlockId, &[ValueId]),
    (f, f_ops): (BlockId, &[ValueId]),
) -> OpId {
    let ctx = rw.context();
    let body = rw.body();
    let loc = body.op_loc(at);
    let mut state = rw.state(super::CondBranchOp::NAME, loc);
    state.operands = smallvec![cond];
    state.operands.extend_from_slice(t_ops);
    state.operands.extend_from_slice(f_ops);
    state.successors = smallvec![t, f];
    let sizes = [1, t_ops.len() as i64, f_ops.len() as i64];
    let props = ctx.dict_with(
        body.op_props(at),
        "operandSegmentSizes",
        Some(ctx.dense_int_array(32, &sizes)),
    );
    state.props = Some(props);
    rw.set_insertion_point_before(at);
    rw.create(state)
}

/// `cf.br`: merge a single-predecessor successor, else collapse a pass-through block.
pub fn canonicalize_br<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    let body = rw.body();
    let dest = body.successors(op)[0];
    let parent = body.op_block(op).expect("branch in a block");
    if dest == parent {
        return rw.notify_match_failure(op, "branch to its own block");
    }
    let operands: SmallVec<[ValueId; 4]> = body.operands(op).collect();
    if num_predecessors(body, dest) == 1 {
        rw.erase_op(op);
        rw.merge_blocks(dest, parent, &operands);
        return Ok(());
    }
    let Some((target, new_operands)) = collapse(body, dest, &operands) else {
        return rw.notify_match_failure(op, "successor is not a pass-through block");
    };
    replace_with_br(rw, op, target, &new_operands);
    Ok(())
}

/// `cf.cond_br` on a constant condition becomes a `cf.br`.
fn const_cond<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    let ctx = rw.context();
    let body = rw.body();
    let Some(c) = constant_value(ctx, body, body.operand(op, 0)).and_then(|a| a.as_int()) else {
        return rw.notify_match_failure(op, "condition is not a constant");
    };
    let succ = if c != 0 { 0 } else { 1 };
    branch_to_successor(rw, op, succ)
}

/// Both successors of a `cf.cond_br` collapsed through pass-through blocks.
fn pass_through<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    let body = rw.body();
    let cond = body.operand(op, 0);
    let (t, f) = (body.successors(op)[0], body.successors(op)[1]);
    let (t_ops, f_ops) = (forwarded(body, op, 0), forwarded(body, op, 1));
    let new_t = collapse(body, t, &t_ops);
    let new_f = collapse(body, f, &f_ops);
    if new_t.is_none() && new_f.is_none() {
        return rw.notify_match_failure(op, "no successor is a pass-through block");
    }
    let (t, t_ops) = new_t.unwrap_or((t, t_ops));
    let (f, f_ops) = new_f.unwrap_or((f, f_ops));
    create_cond_br(rw, op, cond, (t, &t_ops), (f, &f_ops));
    rw.erase_op(op);
    Ok(())
}

/// A `cf.cond_br` to the same block twice becomes a `cf.br` (with `arith.select`s for
/// differing operands when this block is the only predecessor).
fn identical_successors<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    let body = rw.body();
    let (t, f) = (body.successors(op)[0], body.successors(op)[1]);
    if t != f {
        return rw.notify_match_failure(op, "successors differ");
    }
    let (t_ops, f_ops) = (forwarded(body, op, 0), forwarded(body, op, 1));
    if t_ops == f_ops {
        replace_with_br(rw, op, t, &t_ops);
        return Ok(());
    }
    let parent = body.op_block(op);
    let preds = body.predecessors(t);
    if preds.iter().any(|&(p, _)| body.op_block(p) != parent) {
        return rw.notify_match_failure(op, "successor has other predecessors");
    }
    let cond = body.operand(op, 0);
    let loc = body.op_loc(op);
    let mut merged: SmallVec<[ValueId; 4]> = SmallVec::new();
    rw.set_insertion_point_before(op);
    for (a, b) in t_ops.iter().zip(&f_ops) {
        if a == b {
            merged.push(*a);
            continue;
        }
        let ty = rw.body().value_type(*a);
        let sel = rw.create_op(arith::SelectOp::NAME, loc, &[cond, *a, *b], &[ty], None);
        merged.push(rw.body().result(sel, 0));
    }
    replace_with_br(rw, op, t, &merged);
    Ok(())
}

/// A `cf.cond_br` whose block's single predecessor branched on the same condition goes
/// where that branch went.
fn same_condition_as_pred<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    let body = rw.body();
    let block = body.op_block(op).expect("branch in a block");
    let preds = body.predecessors(block);
    let [(pred, _)] = preds.as_slice() else {
        return rw.notify_match_failure(op, "block has no single predecessor");
    };
    let pred = *pred;
    if body.op_name(pred).as_str() != super::CondBranchOp::NAME
        || body.operand(pred, 0) != body.operand(op, 0)
    {
        return rw.notify_match_failure(op, "predecessor does not branch on the same condition");
    }
    // The predecessor's edge to this block tells which way the condition went.
    let succs = body.successors(pred);
    if succs[0] == succs[1] {
        return rw.notify_match_failure(op, "predecessor reaches this block both ways");
    }
    let taken = if succs[0] == block { 0 } else { 1 };
    branch_to_successor(rw, op, taken)
}

/// Uses of the condition directly in a successor reached only through this branch become
/// `true` (true successor) or `false` (false successor).
fn truth_propagation<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    let ctx = rw.context();
    let cond = rw.body().operand(op, 0);
    let loc = rw.body().op_loc(op);
    let i1 = ctx.int_type(1);
    let mut replaced = false;
    for (succ, truth) in [(0usize, 1i128), (1, 0)] {
        let dest = rw.body().successors(op)[succ];
        if num_predecessors(rw.body(), dest) != 1 {
            continue;
        }
        let uses: Vec<(OpId, usize)> = rw
            .body()
            .uses(cond)
            .filter(|&(u, _)| rw.body().op_block(u) == Some(dest))
            .collect();
        if uses.is_empty() {
            continue;
        }
        rw.set_insertion_point_before(op);
        let value = ctx.dict_with(None, "value", Some(ctx.int_attr(i1, truth)));
        let c = rw.create_op(arith::ConstantOp::NAME, loc, &[], &[i1], Some(value));
        let c = rw.body().result(c, 0);
        for (user, index) in uses {
            rw.modify_op_in_place(user, |b| b.set_operand(user, index, c));
        }
        replaced = true;
    }
    if replaced {
        Ok(())
    } else {
        rw.notify_match_failure(op, "condition not used in a single-predecessor successor")
    }
}

/// Whether `block` holds nothing but `ub.unreachable`.
fn only_unreachable(body: &Body<'_>, block: BlockId) -> bool {
    body.first_op(block).is_some_and(|o| {
        body.last_op(block) == Some(o) && body.op_name(o).as_str() == ub::UnreachableOp::NAME
    })
}

/// A `cf.cond_br` one of whose successors is only `ub.unreachable` branches to the
/// other (`DropUnreachableCondBranch`).
fn drop_unreachable(op: OpId, rw: &mut PatternRewriter<'_, '_>) -> MatchResult {
    let body = rw.body();
    let (t, f) = (body.successors(op)[0], body.successors(op)[1]);
    let taken = if only_unreachable(body, t) {
        1
    } else if only_unreachable(body, f) {
        0
    } else {
        return rw.notify_match_failure(op, "no successor is unreachable");
    };
    branch_to_successor(rw, op, taken)
}

/// `cf.cond_br` patterns, in MLIR's order.
pub fn canonicalization_patterns_cond_br(set: &mut RewritePatternSet) {
    set.add_fn(
        super::CondBranchOp::NAME,
        "SimplifyConstCondBranchPred",
        const_cond,
    )
    .add_fn(
        super::CondBranchOp::NAME,
        "SimplifyPassThroughCondBranch",
        pass_through,
    )
    .add_fn(
        super::CondBranchOp::NAME,
        "SimplifyCondBranchIdenticalSuccessors",
        identical_successors,
    )
    .add_fn(
        super::CondBranchOp::NAME,
        "SimplifyCondBranchFromCondBranchOnSameCondition",
        same_condition_as_pred,
    )
    .add_fn(
        super::CondBranchOp::NAME,
        "CondBranchTruthPropagation",
        truth_propagation,
    )
    .add_fn(
        super::CondBranchOp::NAME,
        "DropUnreachableCondBranch",
        drop_unreachable,
    );
}
