//! The `scf.if` canonicalizations of MLIR 22 that combine ops: two consecutive `scf.if`s
//! on the same condition (or on it and its negation) become one (`CombineIfs`), an
//! `scf.if` whose then region only holds another one becomes one on the conjunction
//! (`CombineNestedIfs`), and results that are the condition, its negation, or the same
//! value in both regions are replaced (`ReplaceIfYieldWithConditionOrValue`).

use smallvec::{smallvec, SmallVec};

use super::canonicalize::{defined_in, region, region_contains, region_terminator};
use crate::arith;
use pto_ir::{BlockId, InsertPoint, OpId, RegionId, Type, ValueId};
use pto_rewrite::fold::constant_value;
use pto_rewrite::{MatchResult, PatternRewriter};

/// The entry block of region `i` of `op`, if it has one.
fn block(rw: &PatternRewriter<'_, '_>, op: OpId, i: usize) -> Option<BlockId> {
    rw.body().entry_block(region(rw, op, i))
}

/// If `v` is `arith.xori %x, <all ones>` (a logical not), `%x`.
fn negated(rw: &PatternRewriter<'_, '_>, v: ValueId) -> Option<ValueId> {
    let body = rw.body();
    let x = body
        .defining_op(v)
        .filter(|&d| body.op_name(d).as_str() == arith::XOrIOp::NAME)?;
    let one = constant_value(rw.context(), body, body.operand(x, 1))?;
    (one.as_int() == Some(1) || one.as_int() == Some(-1)).then(|| body.operand(x, 0))
}

/// Creates `scf.if %cond` with results `types` and the given (detached) regions, at the
/// insertion point.
fn create_if<'c>(
    rw: &mut PatternRewriter<'_, 'c>,
    loc: pto_ir::Location<'c>,
    cond: ValueId,
    types: &[Type<'c>],
    regions: [RegionId; 2],
) -> OpId {
    let mut state = rw.state(super::IfOp::NAME, loc);
    state.operands = smallvec![cond];
    state.result_types = types.iter().copied().collect();
    state.regions = regions.into_iter().collect();
    rw.create(state)
}

/// Replaces `old` (a yield) by `scf.yield values` at the end of its block, located at
/// `loc`.
fn yield_at_end<'c>(
    rw: &mut PatternRewriter<'_, 'c>,
    block: BlockId,
    loc: pto_ir::Location<'c>,
    values: &[ValueId],
) {
    rw.set_insertion_point(InsertPoint::BlockEnd(block));
    rw.create_op(super::YieldOp::NAME, loc, values, &[], None);
}

/// Appends the ops of `src` to `dest` (both ending in `scf.yield`), which then yields
/// what both yielded, at the location of `src`'s yield.
fn append_block(rw: &mut PatternRewriter<'_, '_>, src: BlockId, dest: BlockId) {
    let y1 = rw.body().last_op(dest).expect("a yield");
    let y2 = rw.body().last_op(src).expect("a yield");
    rw.merge_blocks(src, dest, &[]);
    let mut merged: SmallVec<[ValueId; 4]> = rw.body().operands(y1).collect();
    merged.extend(rw.body().operands(y2));
    let y2_loc = rw.body().op_loc(y2);
    yield_at_end(rw, dest, y2_loc, &merged);
    rw.erase_op(y1);
    rw.erase_op(y2);
}

/// `CombineIfs`: an `scf.if` right after another on the same condition (or its negation)
/// merges into one: the first's regions then the second's (swapped for a negation),
/// yielding both result lists.
pub(super) fn combine_ifs<'c>(next: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    let body = rw.body();
    let Some(prev) = body
        .prev_op(next)
        .filter(|&p| body.op_name(p).as_str() == super::IfOp::NAME)
    else {
        return rw.notify_match_failure(next, "not right after an scf.if");
    };
    let (prev_cond, next_cond) = (body.operand(prev, 0), body.operand(next, 0));
    let (next_then_b, next_else_b) = (block(rw, next, 0), block(rw, next, 1));
    // The blocks of `next` that run with `prev`'s then and else regions.
    let (mut next_then, mut next_else) = (None, None);
    if next_cond == prev_cond {
        next_then = next_then_b;
        next_else = next_else_b;
    }
    if negated(rw, next_cond) == Some(prev_cond) || negated(rw, prev_cond) == Some(next_cond) {
        next_else = next_then_b;
        next_then = next_else_b;
    }
    if next_then.is_none() && next_else.is_none() {
        return rw.notify_match_failure(next, "conditions not related");
    }
    // Uses of prev's results inside next take the values prev's regions yield.
    let (prev_then_r, prev_else_r) = (region(rw, prev, 0), region(rw, prev, 1));
    let then_y = region_terminator(rw, prev_then_r).expect("a then yield");
    let else_y = region_terminator(rw, prev_else_r);
    let results: SmallVec<[ValueId; 4]> = rw.body().results(prev).collect();
    if let Some(else_y) = else_y {
        for (k, &r) in results.iter().enumerate() {
            let uses: SmallVec<[(OpId, usize); 4]> = rw.body().uses(r).collect();
            for (user, i) in uses {
                let in_region = |b: Option<BlockId>| {
                    b.and_then(|b| rw.body().block_region(b))
                        .is_some_and(|reg| region_contains(rw, reg, user))
                };
                let value = if in_region(next_then) {
                    rw.body().operand(then_y, k)
                } else if in_region(next_else) {
                    rw.body().operand(else_y, k)
                } else {
                    continue;
                };
                rw.modify_op_in_place(user, |b| b.set_operand(user, i, value));
            }
        }
    }
    let mut types: SmallVec<[Type<'c>; 4]> =
        results.iter().map(|&r| rw.body().value_type(r)).collect();
    let n_prev = types.len();
    types.extend(rw.body().results(next).map(|r| rw.body().value_type(r)));
    let loc = rw.body().op_loc(next);
    let (then_r, else_r) = (rw.create_region(), rw.create_region());
    rw.set_insertion_point_before(next);
    let combined = create_if(rw, loc, prev_cond, &types, [then_r, else_r]);
    rw.inline_region_before(prev_then_r, then_r, None);
    if let Some(nt) = next_then {
        let combined_then = rw.body().entry_block(then_r).expect("a then block");
        append_block(rw, nt, combined_then);
    }
    rw.inline_region_before(prev_else_r, else_r, None);
    if let Some(ne) = next_else {
        match rw.body().entry_block(else_r) {
            None => {
                let from = rw.body().block_region(ne).expect("a region");
                rw.inline_region_before(from, else_r, None);
            }
            Some(combined_else) => append_block(rw, ne, combined_else),
        }
    }
    let all: SmallVec<[ValueId; 4]> = rw.body().results(combined).collect();
    rw.replace_op(prev, &all[..n_prev]);
    rw.replace_op(next, &all[n_prev..]);
    Ok(())
}

/// Whether `b` holds only its terminator.
fn only_terminator(rw: &PatternRewriter<'_, '_>, b: BlockId) -> bool {
    rw.body().first_op(b) == rw.body().last_op(b)
}

/// `CombineNestedIfs`: an `scf.if` whose then region holds only another `scf.if` (neither
/// with an else body) becomes one `scf.if` on `arith.andi` of both conditions; values
/// yielded from outside become `arith.select`s on the outer condition.
pub(super) fn combine_nested_ifs<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    let Some(then_b) = block(rw, op, 0) else {
        return rw.notify_match_failure(op, "no then block");
    };
    let body = rw.body();
    let (first, last) = (body.first_op(then_b), body.last_op(then_b));
    let nested = first.filter(|&f| Some(f) != last && body.next_op(f) == last);
    let else_b = block(rw, op, 1);
    if else_b.is_some_and(|b| !only_terminator(rw, b)) {
        return rw.notify_match_failure(op, "else block is not empty");
    }
    let Some(nested) = nested.filter(|&n| body.op_name(n).as_str() == super::IfOp::NAME) else {
        return rw.notify_match_failure(op, "the then block is not one scf.if");
    };
    let nested_else = block(rw, nested, 1);
    if nested_else.is_some_and(|b| !only_terminator(rw, b)) {
        return rw.notify_match_failure(op, "the nested else block is not empty");
    }
    let then_y = last.expect("a then yield");
    let mut then_vals: SmallVec<[ValueId; 4]> = body.operands(then_y).collect();
    let else_vals: SmallVec<[ValueId; 4]> = else_b
        .and_then(|b| body.last_op(b))
        .map(|y| body.operands(y).collect())
        .unwrap_or_default();
    let nested_then_b = block(rw, nested, 0).expect("a nested then block");
    let nested_then_y = body.last_op(nested_then_b).expect("a yield");
    let nested_else_y = nested_else.and_then(|b| body.last_op(b));
    let outer_then = region(rw, op, 0);
    let mut to_select: SmallVec<[usize; 4]> = SmallVec::new();
    for (idx, v) in then_vals.clone().into_iter().enumerate() {
        if body.defining_op(v) == Some(nested) {
            let k = body.results(nested).position(|r| r == v).expect("a result");
            let nested_else_v = nested_else_y.map(|y| body.operand(y, k));
            if nested_else_v != else_vals.get(idx).copied() {
                return rw.notify_match_failure(op, "the else values differ");
            }
            then_vals[idx] = body.operand(nested_then_y, k);
            continue;
        }
        if defined_in(rw, v, outer_then) {
            return rw.notify_match_failure(op, "a value defined in the then region");
        }
        to_select.push(idx);
    }
    let ctx = rw.context();
    let loc = body.op_loc(op);
    let (cond, nested_cond) = (body.operand(op, 0), body.operand(nested, 0));
    let types: SmallVec<[Type<'c>; 4]> = body.results(op).map(|r| body.value_type(r)).collect();
    let i1 = ctx.int_type(1);
    let and = rw.create_op(arith::AndIOp::NAME, loc, &[cond, nested_cond], &[i1], None);
    let new_cond = rw.body().result(and, 0);
    let (then_r, else_r) = (rw.create_region(), rw.create_region());
    let new_if = create_if(rw, loc, new_cond, &types, [then_r, else_r]);
    let new_then = rw.create_block(then_r, &[]);
    let mut results: SmallVec<[ValueId; 4]> = rw.body().results(new_if).collect();
    rw.set_insertion_point_before(new_if);
    for &idx in &to_select {
        let ty = rw.body().value_type(then_vals[idx]);
        let sel = rw.create_op(
            arith::SelectOp::NAME,
            loc,
            &[cond, then_vals[idx], else_vals[idx]],
            &[ty],
            None,
        );
        results[idx] = rw.body().result(sel, 0);
    }
    rw.merge_blocks(nested_then_b, new_then, &[]);
    let old_y = rw.body().last_op(new_then).expect("a yield");
    let y_loc = rw.body().op_loc(old_y);
    rw.set_insertion_point_before(old_y);
    rw.create_op(super::YieldOp::NAME, y_loc, &then_vals, &[], None);
    rw.erase_op(old_y);
    if !else_vals.is_empty() {
        let new_else = rw.create_block(else_r, &[]);
        yield_at_end(rw, new_else, loc, &else_vals);
    }
    rw.replace_op(op, &results);
    Ok(())
}

/// The value of a constant `i1`, if `v` is one.
fn bool_constant(rw: &PatternRewriter<'_, '_>, v: ValueId) -> Option<bool> {
    let a = constant_value(rw.context(), rw.body(), v)?;
    (a.ty().and_then(|t| t.int_width()) == Some(1)).then_some(())?;
    Some(a.as_int()? != 0)
}

/// `ReplaceIfYieldWithConditionOrValue`: a result both regions yield the same value for
/// is that value; one yielding `true`/`false` is the condition, `false`/`true` its
/// negation (uses replaced directly, as MLIR does, without notifying the users).
pub(super) fn replace_if_yield_with_condition_or_value<'c>(
    op: OpId,
    rw: &mut PatternRewriter<'_, 'c>,
) -> MatchResult {
    let body = rw.body();
    if body.num_results(op) == 0 {
        return rw.notify_match_failure(op, "no results");
    }
    let (Some(t), Some(f)) = (
        region_terminator(rw, region(rw, op, 0)),
        region_terminator(rw, region(rw, op, 1)),
    ) else {
        return rw.notify_match_failure(op, "no else region");
    };
    let tv: SmallVec<[ValueId; 4]> = body.operands(t).collect();
    let fv: SmallVec<[ValueId; 4]> = body.operands(f).collect();
    let results: SmallVec<[ValueId; 4]> = body.results(op).collect();
    let (cond, loc) = (body.operand(op, 0), body.op_loc(op));
    rw.set_insertion_point_before(op);
    let mut changed = false;
    for ((&a, &b), &r) in tv.iter().zip(&fv).zip(&results) {
        let used = rw.body().has_uses(r);
        if a == b {
            if used {
                rw.modify_untracked(|body| body.replace_all_uses(r, a));
                changed = true;
            }
            continue;
        }
        let (Some(x), Some(y)) = (bool_constant(rw, a), bool_constant(rw, b)) else {
            continue;
        };
        if !x && y && used {
            // The not of the condition, with a `true` the constant's dialect makes.
            let ctx = rw.context();
            let i1 = ctx.int_type(1);
            let one = ctx.int_attr(i1, 1);
            let dialect = rw
                .body()
                .defining_op(a)
                .map(|d| rw.body().op_name(d).dialect());
            let Some(materialize) = dialect
                .and_then(|d| ctx.dialect(d))
                .and_then(|d| d.materialize_constant)
            else {
                continue;
            };
            let Some(c) = rw.build(|b| materialize(b, one, i1, loc).map(|c| b.body().result(c, 0)))
            else {
                continue;
            };
            let not = rw.create_op(arith::XOrIOp::NAME, loc, &[cond, c], &[i1], None);
            let nv = rw.body().result(not, 0);
            rw.modify_untracked(|body| body.replace_all_uses(r, nv));
            changed = true;
        }
        if x && !y && used {
            rw.modify_untracked(|body| body.replace_all_uses(r, cond));
            changed = true;
        }
    }
    if changed {
        Ok(())
    } else {
        rw.notify_match_failure(op, "no result to replace")
    }
}
