//! Canonicalization of `scf.while` and `scf.index_switch`, after MLIR 22's `SCF.cpp`:
//! uses of the loop condition (or of a comparison equal to it) in the "after" region
//! become constants, the "before" arguments passed straight to `scf.condition` are put in
//! their order, an `scf.if` on the loop condition right before `scf.condition` moves into
//! the "after" region, and an `scf.index_switch` on a constant is replaced by the region
//! it selects. Unused and forwarded values are the region branch patterns' business
//! (`rewrite::region_branch`).

use smallvec::{smallvec, SmallVec};

use super::canonicalize::{const_int, region};
use crate::arith;
use pto_ir::{BlockId, InsertPoint, OpId, RegionId, Type, ValueId, WalkOrder};
use pto_rewrite::{MatchResult, PatternRewriter};

/// The single block of region `i` of `op`.
fn block(rw: &PatternRewriter<'_, '_>, op: OpId, i: usize) -> Option<BlockId> {
    rw.body().entry_block(region(rw, op, i))
}

/// The `scf.condition` ending the "before" region, and the "after" block.
fn condition_and_after(rw: &PatternRewriter<'_, '_>, op: OpId) -> Option<(OpId, BlockId)> {
    let cond = rw.body().last_op(block(rw, op, 0)?)?;
    (rw.body().op_name(cond).as_str() == super::ConditionOp::NAME).then_some(())?;
    Some((cond, block(rw, op, 1)?))
}

/// Creates, before `op`, an `scf.while` with `op`'s inits and attributes, results of
/// `types` and the detached regions `regions` ("before", "after").
fn create_while<'c>(
    rw: &mut PatternRewriter<'_, 'c>,
    op: OpId,
    types: &[Type<'c>],
    regions: [RegionId; 2],
) -> OpId {
    let mut state = rw.state(super::WhileOp::NAME, rw.body().op_loc(op));
    state.operands = rw.body().operands(op).collect();
    state.result_types = types.iter().copied().collect();
    state.attrs = rw.body().op_attrs(op);
    state.regions = regions.into_iter().collect();
    rw.set_insertion_point_before(op);
    rw.create(state)
}

/// `arith.constant` of `ty` (`i1`) holding `value`, created at the insertion point.
fn bool_constant<'c>(
    rw: &mut PatternRewriter<'_, 'c>,
    ty: Type<'c>,
    value: bool,
    loc: pto_ir::Location<'c>,
) -> ValueId {
    let attr = rw.context().int_attr(ty, i128::from(value));
    rw.build(|b| crate::arith::ConstantOp::build(b, loc, ty, attr).result(b.body()))
}

/// `WhileConditionTruth`: an "after" argument that receives the condition itself is
/// `true` wherever it is used.
pub(super) fn while_condition_truth<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    let Some((term, after)) = condition_and_after(rw, op) else {
        return rw.notify_match_failure(op, "malformed loop");
    };
    let cond = rw.body().operand(term, 0);
    let args: SmallVec<[ValueId; 4]> = rw.body().operands(term).skip(1).collect();
    let after_args: SmallVec<[ValueId; 4]> = rw.body().block_args(after).into();
    let loc = rw.body().op_loc(op);
    let mut truth = None;
    for (&a, &arg) in args.iter().zip(&after_args) {
        if a != cond || !rw.body().has_uses(arg) {
            continue;
        }
        let t = match truth {
            Some(t) => t,
            None => {
                let ty = rw.body().value_type(cond);
                let t = bool_constant(rw, ty, true, loc);
                truth = Some(t);
                t
            }
        };
        rw.replace_all_uses_with(arg, t);
    }
    match truth {
        Some(_) => Ok(()),
        None => rw.notify_match_failure(op, "the condition is not passed to a used argument"),
    }
}

/// The `arith.cmpi` predicate that is the negation of `p` (MLIR's `invertPredicate`).
fn invert_predicate(p: i128) -> i128 {
    match p {
        0 => 1,
        1 => 0,
        2 => 5,
        5 => 2,
        3 => 4,
        4 => 3,
        6 => 9,
        9 => 6,
        7 => 8,
        8 => 7,
        other => other,
    }
}

/// `WhileCmpCond`: in the "after" region, an `arith.cmpi` of a passed operand of the
/// condition's comparison against the same other operand, with the same or the inverted
/// predicate, is `true` or `false`.
pub(super) fn while_cmp_cond<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    let Some((term, after)) = condition_and_after(rw, op) else {
        return rw.notify_match_failure(op, "malformed loop");
    };
    let cond = rw.body().operand(term, 0);
    let Some(cmp) = rw
        .body()
        .defining_op(cond)
        .filter(|&d| rw.body().op_name(d).as_str() == arith::CmpIOp::NAME)
    else {
        return rw.notify_match_failure(op, "the condition is not an arith.cmpi");
    };
    let pred = rw.body().attr(cmp, "predicate").and_then(|p| p.as_int());
    let cmp_operands = [rw.body().operand(cmp, 0), rw.body().operand(cmp, 1)];
    let args: SmallVec<[ValueId; 4]> = rw.body().operands(term).skip(1).collect();
    let after_args: SmallVec<[ValueId; 4]> = rw.body().block_args(after).into();
    let mut changed = false;
    for (&a, &arg) in args.iter().zip(&after_args) {
        for idx in 0..2 {
            if a != cmp_operands[idx] {
                continue;
            }
            let users: SmallVec<[OpId; 4]> = rw.body().uses(arg).map(|(u, _)| u).collect();
            for user in users {
                if !rw.body().is_alive(user)
                    || rw.body().op_name(user).as_str() != arith::CmpIOp::NAME
                {
                    continue;
                }
                if rw.body().operand(user, 1 - idx) != cmp_operands[1 - idx] {
                    continue;
                }
                let pred2 = rw.body().attr(user, "predicate").and_then(|p| p.as_int());
                let same = match (pred, pred2) {
                    (Some(p), Some(q)) if p == q => true,
                    (Some(p), Some(q)) if invert_predicate(p) == q => false,
                    _ => continue,
                };
                // MLIR 22 creates the constant before the loop (at the pattern's
                // insertion point), with the comparison's location.
                let (ty, loc) = (rw.context().int_type(1), rw.body().op_loc(user));
                rw.set_insertion_point_before(op);
                let c = bool_constant(rw, ty, same, loc);
                rw.replace_op(user, &[c]);
                changed = true;
            }
        }
    }
    if changed {
        Ok(())
    } else {
        rw.notify_match_failure(op, "no comparison equal to the condition")
    }
}

/// For `before` and `term` (block arguments and `scf.condition` operands), where each
/// argument goes: `mapping[j] = i` when `term[j] == before[i]`. `None` unless both hold
/// the same values.
fn args_mapping(before: &[ValueId], term: &[ValueId]) -> Option<SmallVec<[usize; 4]>> {
    if before.len() != term.len() {
        return None;
    }
    let mut mapping: SmallVec<[usize; 4]> = smallvec![0; before.len()];
    for (i, b) in before.iter().enumerate() {
        let j = term.iter().position(|t| t == b)?;
        mapping[j] = i;
    }
    Some(mapping)
}

/// `WhileOpAlignBeforeArgs`: when `scf.condition` passes exactly the "before" arguments,
/// in another order, it passes them in their order; the "after" arguments and the
/// results follow.
pub(super) fn while_align_before_args<'c>(
    op: OpId,
    rw: &mut PatternRewriter<'_, 'c>,
) -> MatchResult {
    let Some((term, after)) = condition_and_after(rw, op) else {
        return rw.notify_match_failure(op, "malformed loop");
    };
    let before = block(rw, op, 0).expect("the before block");
    let before_args: SmallVec<[ValueId; 4]> = rw.body().block_args(before).into();
    let term_args: SmallVec<[ValueId; 4]> = rw.body().operands(term).skip(1).collect();
    if before_args == term_args {
        return rw.notify_match_failure(op, "already aligned");
    }
    if term_args
        .iter()
        .enumerate()
        .any(|(i, a)| term_args[..i].contains(a))
    {
        return rw.notify_match_failure(op, "duplicate condition arguments");
    }
    let Some(mapping) = args_mapping(&before_args, &term_args) else {
        return rw.notify_match_failure(op, "the condition does not pass the arguments");
    };
    // The new scf.condition passes the arguments in order.
    let cond = rw.body().operand(term, 0);
    let mut operands: SmallVec<[ValueId; 4]> = smallvec![cond];
    operands.extend(before_args.iter().copied());
    let term_loc = rw.body().op_loc(term);
    rw.set_insertion_point_before(term);
    let new_term = rw.create_op(super::ConditionOp::NAME, term_loc, &operands, &[], None);
    let _ = new_term;
    rw.replace_op(term, &[]);
    // A new loop with the results in argument order (MLIR's builder: "before" arguments
    // located at the inits, "after" arguments at the loop).
    let body = rw.body();
    let loc = body.op_loc(op);
    // `mapping` is a permutation: result `i` moves to position `mapping[i]`.
    let mut moved_from: SmallVec<[usize; 4]> = smallvec![0; mapping.len()];
    for (i, &j) in mapping.iter().enumerate() {
        moved_from[j] = i;
    }
    let types: SmallVec<[Type<'c>; 4]> = moved_from
        .iter()
        .map(|&i| body.value_type(body.result(op, i)))
        .collect();
    let before_types: SmallVec<[_; 4]> = body
        .operands(op)
        .map(|v| (body.value_type(v), body.value_loc(v)))
        .collect();
    let (new_before_r, new_after_r) = (rw.create_region(), rw.create_region());
    let new_before = rw.create_block(new_before_r, &before_types);
    let after_types: SmallVec<[_; 4]> = types.iter().map(|&t| (t, loc)).collect();
    let new_after = rw.create_block(new_after_r, &after_types);
    let new_loop = create_while(rw, op, &types, [new_before_r, new_after_r]);
    let new_before_args: SmallVec<[ValueId; 4]> = rw.body().block_args(new_before).into();
    let new_after_args: SmallVec<[ValueId; 4]> = rw.body().block_args(new_after).into();
    let mut new_results: SmallVec<[ValueId; 4]> = SmallVec::new();
    let mut after_map: SmallVec<[ValueId; 4]> = SmallVec::new();
    for &j in &mapping {
        new_results.push(rw.body().result(new_loop, j));
        after_map.push(new_after_args[j]);
    }
    rw.inline_block_before(
        before,
        InsertPoint::BlockStart(new_before),
        &new_before_args,
    );
    rw.inline_block_before(after, InsertPoint::BlockStart(new_after), &after_map);
    rw.replace_op(op, &new_results);
    Ok(())
}

/// `WhileMoveIfDown`: an `scf.if` right before `scf.condition`, on the loop condition and
/// without an else body, moves into the "after" region: `scf.condition` passes its else
/// values and the "before" values its then region uses, which become new "after"
/// arguments.
pub(super) fn while_move_if_down<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    let Some((term, _)) = condition_and_after(rw, op) else {
        return rw.notify_match_failure(op, "malformed loop");
    };
    let body = rw.body();
    let Some(if_op) = body
        .prev_op(term)
        .filter(|&p| body.op_name(p).as_str() == super::IfOp::NAME)
    else {
        return rw.notify_match_failure(op, "no scf.if right before the condition");
    };
    let (then_r, else_r) = (region(rw, if_op, 0), region(rw, if_op, 1));
    let else_b = body.entry_block(else_r);
    let else_has_body = else_b.is_some_and(|b| body.first_op(b) != body.last_op(b));
    if body.operand(if_op, 0) != body.operand(term, 0) || else_has_body {
        return rw.notify_match_failure(op, "the scf.if does not fit");
    }
    let then_b = body.entry_block(then_r).expect("a then block");
    let then_y = body.last_op(then_b).expect("a then yield");
    let else_y = else_b.and_then(|b| body.last_op(b));
    let if_results: SmallVec<[ValueId; 4]> = body.results(if_op).collect();
    // The condition's arguments that are results of the if: the condition passes the
    // else value, the after region uses the then value (read live, as MLIR's operand
    // range is).
    let num_args = body.num_operands(term) - 1;
    for idx in 0..num_args {
        let after = block(rw, op, 1).expect("the after block");
        let arg = rw.body().operand(term, idx + 1);
        let Some(k) = if_results.iter().position(|&r| r == arg) else {
            continue;
        };
        let then_v = rw.body().operand(then_y, k);
        let else_v = rw.body().operand(else_y.expect("an else yield"), k);
        rw.replace_all_uses_with(if_results[k], else_v);
        let after_arg = rw.body().block_args(after)[idx];
        rw.replace_all_uses_with(after_arg, then_v);
    }
    // Values of the before region that the then region uses, in walk order.
    let before_r = region(rw, op, 0);
    let mut extra: SmallVec<[ValueId; 4]> = SmallVec::new();
    let tops: SmallVec<[OpId; 8]> = rw.body().block_ops(then_b).collect();
    for top in tops {
        for o in rw.body().ops_in(top, WalkOrder::PostOrder) {
            for v in rw.body().operands(o) {
                let r = rw
                    .body()
                    .value_block(v)
                    .and_then(|b| rw.body().block_region(b));
                if r == Some(before_r) && !extra.contains(&v) {
                    extra.push(v);
                }
            }
        }
    }
    // The new loop takes both regions; the after block gets one argument per value.
    let body = rw.body();
    let loc = body.op_loc(op);
    let mut types: SmallVec<[Type<'c>; 4]> = body.results(op).map(|r| body.value_type(r)).collect();
    types.extend(extra.iter().map(|&v| body.value_type(v)));
    let (new_before_r, new_after_r) = (rw.create_region(), rw.create_region());
    let new_loop = create_while(rw, op, &types, [new_before_r, new_after_r]);
    let after_r = region(rw, op, 1);
    let after = block(rw, op, 1).expect("the after block");
    rw.modify_op_in_place(new_loop, |b| {
        b.inline_region_before(before_r, new_before_r, None);
        b.inline_region_before(after_r, new_after_r, None);
        for &v in &extra {
            let ty = b.value_type(v);
            b.add_block_argument(after, ty, loc);
        }
    });
    rw.modify_op_in_place(term, |b| {
        let mut ops: SmallVec<[ValueId; 4]> = b.operands(term).collect();
        ops.extend(extra.iter().copied());
        b.set_operands(term, &ops);
    });
    // Inside the then region the extra values become the new after arguments.
    let new_args: SmallVec<[ValueId; 4]> = rw
        .body()
        .block_args(after)
        .iter()
        .rev()
        .take(extra.len())
        .rev()
        .copied()
        .collect();
    for (&v, &a) in extra.iter().zip(&new_args) {
        let uses: SmallVec<[(OpId, usize); 4]> = rw
            .body()
            .uses(v)
            .filter(|&(u, _)| super::canonicalize::region_contains(rw, then_r, u))
            .collect();
        for (u, i) in uses {
            rw.modify_op_in_place(u, |b| b.set_operand(u, i, a));
        }
    }
    rw.erase_op(then_y);
    rw.inline_block_before(then_b, InsertPoint::BlockStart(after), &[]);
    rw.erase_op(if_op);
    let n = rw.body().num_results(op);
    let results: SmallVec<[ValueId; 4]> = rw.body().results(new_loop).take(n).collect();
    rw.replace_op(op, &results);
    Ok(())
}

/// `FoldConstantCase`: an `scf.index_switch` on a constant runs the matching case (or
/// the default region) in place.
pub(super) fn fold_constant_case<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    let Some(selector) = const_int(rw, rw.body().operand(op, 0)) else {
        return rw.notify_match_failure(op, "the selector is not a constant");
    };
    let index = super::region_branch::switch_region(rw.body(), op, selector);
    let Some(source) = block(rw, op, index) else {
        return rw.notify_match_failure(op, "the region has no block");
    };
    let term = rw.body().last_op(source).expect("a terminator");
    let results: SmallVec<[ValueId; 4]> = rw.body().operands(term).collect();
    rw.inline_block_before(source, InsertPoint::Before(op), &[]);
    rw.erase_op(term);
    rw.replace_op(op, &results);
    Ok(())
}
