//! Canonicalization of `scf` ops, after MLIR 22's `SCF.cpp`: an `scf.if` on a constant
//! runs its region in place, an `scf.if` yielding values from outside becomes
//! `arith.select`s, `scf.for` loops with zero or one iteration disappear, and an
//! `scf.execute_region` is inlined (a multi-block one into a function's blocks). Every
//! region op also gets the region branch patterns (`rewrite::region_branch`), which drop
//! unused and forwarded values; `scf.while` and `scf.index_switch` are in
//! `canonicalize_while.rs`.

use smallvec::{smallvec, SmallVec};

use super::canonicalize_if::*;
use super::canonicalize_while::*;
use crate::arith;
use crate::cf;
use crate::func;
use crate::llvm;
use pto_ir::{AttrKind, BlockId, InsertPoint, OpId, RegionId, ValueId};
use pto_rewrite::fold::constant_value;
use pto_rewrite::region_branch::add_region_branch_patterns;
use pto_rewrite::{MatchResult, PatternRewriter, RewritePatternSet};

/// Moves the single block of `region` before `op` (its arguments replaced by `args`),
/// replaces `op` by the values its terminator yields and erases the terminator (MLIR's
/// `replaceOpWithRegion`).
fn replace_op_with_region<'c>(
    rw: &mut PatternRewriter<'_, 'c>,
    op: OpId,
    region: RegionId,
    args: &[ValueId],
) {
    let block = rw
        .body()
        .entry_block(region)
        .expect("a single-block region");
    let term = rw.body().last_op(block).expect("a terminator");
    let results: SmallVec<[ValueId; 4]> = rw.body().operands(term).collect();
    rw.inline_block_before(block, InsertPoint::Before(op), args);
    rw.replace_op(op, &results);
    rw.erase_op(term);
}

/// Region `i` of `op`.
pub(super) fn region(rw: &PatternRewriter<'_, '_>, op: OpId, i: usize) -> RegionId {
    rw.body().regions_of(op)[i]
}

fn has_block(rw: &PatternRewriter<'_, '_>, r: RegionId) -> bool {
    rw.body().entry_block(r).is_some()
}

/// `scf.if` on a constant condition: the taken region replaces the op.
fn remove_static_condition<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    let ctx = rw.context();
    let cond = rw.body().operand(op, 0);
    let Some(c) = constant_value(ctx, rw.body(), cond).and_then(|a| a.as_int()) else {
        return rw.notify_match_failure(op, "condition is not a constant");
    };
    let (then_r, else_r) = (region(rw, op, 0), region(rw, op, 1));
    if c != 0 {
        replace_op_with_region(rw, op, then_r, &[]);
    } else if has_block(rw, else_r) {
        replace_op_with_region(rw, op, else_r, &[]);
    } else {
        rw.erase_op(op);
    }
    Ok(())
}

/// The terminator of region `r`'s entry block.
pub(super) fn region_terminator(rw: &PatternRewriter<'_, '_>, r: RegionId) -> Option<OpId> {
    rw.body().entry_block(r).and_then(|b| rw.body().last_op(b))
}

/// Whether `v` is defined inside `region` (directly in its blocks).
pub(super) fn defined_in(rw: &PatternRewriter<'_, '_>, v: ValueId, r: RegionId) -> bool {
    rw.body()
        .value_block(v)
        .and_then(|b| rw.body().block_region(b))
        == Some(r)
}

/// `scf.if` results yielded from outside both regions become `arith.select`s (or the
/// value itself when both sides agree); the op keeps only the other results.
fn convert_trivial_if_to_select<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    let body = rw.body();
    if body.num_results(op) == 0 {
        return rw.notify_match_failure(op, "no results");
    }
    let (then_r, else_r) = (region(rw, op, 0), region(rw, op, 1));
    let (Some(then_y), Some(else_y)) =
        (region_terminator(rw, then_r), region_terminator(rw, else_r))
    else {
        return rw.notify_match_failure(op, "no else region");
    };
    let tv: SmallVec<[ValueId; 4]> = rw.body().operands(then_y).collect();
    let fv: SmallVec<[ValueId; 4]> = rw.body().operands(else_y).collect();
    let kept: Vec<bool> = tv
        .iter()
        .zip(&fv)
        .map(|(&t, &f)| defined_in(rw, t, then_r) || defined_in(rw, f, else_r))
        .collect();
    if kept.iter().all(|&k| k) {
        return rw.notify_match_failure(op, "every result is computed inside the regions");
    }
    let ctx = rw.context();
    let loc = rw.body().op_loc(op);
    let cond = rw.body().operand(op, 0);
    let kept_types: SmallVec<[_; 4]> = tv
        .iter()
        .zip(&kept)
        .filter(|(_, &k)| k)
        .map(|(&t, _)| rw.body().value_type(t))
        .collect();
    // A new scf.if with the kept results takes over both regions (moved in after its
    // creation, so the moved ops are not reported as inserted, as MLIR's `takeBody`).
    let new_then = rw.create_region();
    let new_else = rw.create_region();
    let mut state = rw.state(super::IfOp::NAME, loc);
    state.operands = smallvec![cond];
    state.result_types = kept_types.iter().copied().collect();
    state.regions = smallvec![new_then, new_else];
    rw.set_insertion_point_before(op);
    let new_if = rw.create(state);
    rw.inline_region_before(then_r, new_then, None);
    rw.inline_region_before(else_r, new_else, None);
    let mut results: SmallVec<[ValueId; 4]> = SmallVec::new();
    let (mut t_keep, mut f_keep): (SmallVec<[ValueId; 4]>, SmallVec<[ValueId; 4]>) =
        Default::default();
    rw.set_insertion_point_before(new_if);
    for (i, (&t, &f)) in tv.iter().zip(&fv).enumerate() {
        if kept[i] {
            results.push(rw.body().result(new_if, t_keep.len()));
            t_keep.push(t);
            f_keep.push(f);
        } else if t == f {
            results.push(t);
        } else {
            let ty = rw.body().value_type(t);
            let sel = rw.create_op(arith::SelectOp::NAME, loc, &[cond, t, f], &[ty], None);
            results.push(rw.body().result(sel, 0));
        }
    }
    let _ = ctx;
    for (yield_op, values) in [(then_y, t_keep), (else_y, f_keep)] {
        let yl = rw.body().op_loc(yield_op);
        let block: BlockId = rw.body().op_block(yield_op).expect("yield in a block");
        rw.set_insertion_point(InsertPoint::BlockEnd(block));
        rw.create_op(super::YieldOp::NAME, yl, &values, &[], None);
        rw.erase_op(yield_op);
    }
    rw.replace_op(op, &results);
    Ok(())
}

/// Whether `region` contains `op` (at any depth within this body).
pub(super) fn region_contains(rw: &PatternRewriter<'_, '_>, region: RegionId, op: OpId) -> bool {
    let body = rw.body();
    let mut cur = body.op_block(op).and_then(|b| body.block_region(b));
    while let Some(r) = cur {
        if r == region {
            return true;
        }
        cur = body
            .region_op(r)
            .and_then(|p| body.op_block(p))
            .and_then(|b| body.block_region(b));
    }
    false
}

/// Uses of a non-constant `scf.if` condition inside its regions become `true` in the
/// then region and `false` in the else region (MLIR's `ConditionPropagation`; the
/// constants are made before the op, each at its first use, in use-list order).
fn condition_propagation<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    let ctx = rw.context();
    let cond = rw.body().operand(op, 0);
    if constant_value(ctx, rw.body(), cond).is_some() {
        return rw.notify_match_failure(op, "condition is a constant");
    }
    let (then_r, else_r) = (region(rw, op, 0), region(rw, op, 1));
    let uses: Vec<(OpId, usize)> = rw.body().uses(cond).collect();
    let loc = rw.body().op_loc(op);
    let i1 = ctx.int_type(1);
    let mut constants: [Option<ValueId>; 2] = [None, None];
    let mut changed = false;
    for (user, index) in uses {
        let side = if region_contains(rw, then_r, user) {
            0
        } else if region_contains(rw, else_r, user) {
            1
        } else {
            continue;
        };
        changed = true;
        let value = match constants[side] {
            Some(v) => v,
            None => {
                rw.set_insertion_point_before(op);
                let attr = ctx.int_attr(i1, i128::from(side == 0));
                let c = rw.build(|b| {
                    let c = crate::arith::ConstantOp::build(b, loc, i1, attr);
                    c.result(b.body())
                });
                constants[side] = Some(c);
                c
            }
        };
        rw.modify_op_in_place(user, |body| body.set_operand(user, index, value));
    }
    if changed {
        Ok(())
    } else {
        rw.notify_match_failure(op, "no use of the condition inside the regions")
    }
}

/// `scf.if` without results whose else block only yields loses its else region.
fn remove_empty_else_branch<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    let body = rw.body();
    if body.num_results(op) != 0 {
        return rw.notify_match_failure(op, "has results");
    }
    let else_r = region(rw, op, 1);
    let Some(else_b) = rw.body().entry_block(else_r) else {
        return rw.notify_match_failure(op, "no else block");
    };
    if rw.body().first_op(else_b) != rw.body().last_op(else_b) {
        return rw.notify_match_failure(op, "else block is not empty");
    }
    let (loc, cond) = (rw.body().op_loc(op), rw.body().operand(op, 0));
    let (attrs, props) = (rw.body().op_attrs(op), rw.body().op_props(op));
    let then_r = region(rw, op, 0);
    let new_then = rw.create_region();
    let new_else = rw.create_region();
    let mut state = rw.state(super::IfOp::NAME, loc);
    state.operands = smallvec![cond];
    state.attrs = attrs;
    state.props = props;
    state.regions = smallvec![new_then, new_else];
    rw.set_insertion_point_before(op);
    rw.create(state);
    rw.inline_region_before(then_r, new_then, None);
    rw.erase_op(op);
    Ok(())
}

/// The constant integer value of `v`, if any.
pub(super) fn const_int(rw: &PatternRewriter<'_, '_>, v: ValueId) -> Option<i128> {
    let a = constant_value(rw.context(), rw.body(), v)?;
    match a.kind() {
        AttrKind::Integer { value, .. } => Some(*value),
        _ => None,
    }
}

/// `scf.for` that runs zero times yields its inits; once, its body runs in place.
fn simplify_trivial_loops<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    let body = rw.body();
    let (lb, ub, step) = (
        body.operand(op, 0),
        body.operand(op, 1),
        body.operand(op, 2),
    );
    let inits: SmallVec<[ValueId; 4]> = body.operands(op).skip(3).collect();
    if lb == ub {
        rw.replace_op(op, &inits);
        return Ok(());
    }
    let unsigned = body.attr(op, "unsignedCmp").is_some();
    let width = {
        let t = body.value_type(lb);
        if t.is_index() {
            64
        } else {
            t.int_width().unwrap_or(64)
        }
    };
    let (Some(l), Some(u)) = (const_int(rw, lb), const_int(rw, ub)) else {
        return rw.notify_match_failure(op, "bounds are not constants");
    };
    let mask = |v: i128| {
        if width >= 128 {
            v
        } else {
            v & ((1i128 << width) - 1)
        }
    };
    let diff = if unsigned { mask(u) - mask(l) } else { u - l };
    if diff <= 0 {
        rw.replace_op(op, &inits);
        return Ok(());
    }
    let Some(s) = const_int(rw, step) else {
        return rw.notify_match_failure(op, "step is not a constant");
    };
    if s >= diff {
        let mut args: SmallVec<[ValueId; 4]> = smallvec![lb];
        args.extend(inits);
        let r = region(rw, op, 0);
        replace_op_with_region(rw, op, r, &args);
        return Ok(());
    }
    // More than one iteration: an empty loop yielding values from outside is those values.
    let r = region(rw, op, 0);
    let Some(y) = region_terminator(rw, r) else {
        return rw.notify_match_failure(op, "no body");
    };
    let block = rw.body().op_block(y).expect("yield in a block");
    if rw.body().first_op(block) != Some(y) {
        return rw.notify_match_failure(op, "loop body is not empty");
    }
    let yielded: SmallVec<[ValueId; 4]> = rw.body().operands(y).collect();
    if yielded.iter().any(|&v| defined_in(rw, v, r)) {
        return rw.notify_match_failure(op, "yields values defined in the loop");
    }
    rw.replace_op(op, &yielded);
    Ok(())
}

/// A single-block `scf.execute_region` without `no_inline` is replaced by its body.
fn single_block_execute_inliner<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    let r = region(rw, op, 0);
    let single = rw.body().region_blocks(r).count() == 1;
    if !single || rw.body().attr(op, "no_inline").is_some() {
        return rw.notify_match_failure(op, "several blocks or no_inline");
    }
    replace_op_with_region(rw, op, r, &[]);
    Ok(())
}

/// A multi-block `scf.execute_region` without `no_inline` directly in a function (or in
/// another `scf.execute_region`) becomes blocks of its parent: the block around it is
/// split, branches enter its first block and leave from its `scf.yield`s to the rest,
/// whose arguments take the results (MLIR's `MultiBlockExecuteInliner`).
fn multi_block_execute_inliner<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    let body = rw.body();
    let parent = body.parent_op_name(op);
    let parent_ok = parent.is_some_and(|n| {
        matches!(
            n.as_str(),
            func::FuncOp::NAME | llvm::LLVMFuncOp::NAME | super::ExecuteRegionOp::NAME
        )
    });
    if body.attr(op, "no_inline").is_some() || !parent_ok {
        return rw.notify_match_failure(op, "no_inline or not in a function");
    }
    let r = region(rw, op, 0);
    let (Some(prev), Some(entry)) = (rw.body().op_block(op), rw.body().entry_block(r)) else {
        return rw.notify_match_failure(op, "no block");
    };
    let loc = rw.body().op_loc(op);
    let post = rw.split_block_tracked(prev, op);
    rw.set_insertion_point(InsertPoint::BlockEnd(prev));
    let mut br = rw.state(cf::BranchOp::NAME, loc);
    br.successors.push(entry);
    rw.create(br);
    let blocks: SmallVec<[BlockId; 4]> = rw.body().region_blocks(r).collect();
    for b in blocks {
        let Some(y) = rw
            .body()
            .last_op(b)
            .filter(|&t| rw.body().op_name(t).as_str() == super::YieldOp::NAME)
        else {
            continue;
        };
        let operands: SmallVec<[ValueId; 4]> = rw.body().operands(y).collect();
        crate::cf::replace_with_br(rw, y, post, &operands);
    }
    let parent_region = rw.body().block_region(post).expect("a region");
    rw.inline_region_before(r, parent_region, Some(post));
    let results: SmallVec<[ValueId; 4]> = rw.body().results(op).collect();
    let args: SmallVec<[ValueId; 4]> = results
        .iter()
        .map(|&v| {
            let (ty, l) = (rw.body().value_type(v), rw.body().value_loc(v));
            rw.modify_untracked(|b| b.add_block_argument(post, ty, l))
        })
        .collect();
    rw.replace_op(op, &args);
    Ok(())
}

/// `scf.if` patterns, in MLIR's (alphabetical) order, then the region branch patterns.
pub fn canonicalization_patterns_if(set: &mut RewritePatternSet) {
    set.add_fn(super::IfOp::NAME, "CombineIfs", combine_ifs)
        .add_fn(super::IfOp::NAME, "CombineNestedIfs", combine_nested_ifs)
        .add_fn(
            super::IfOp::NAME,
            "ConditionPropagation",
            condition_propagation,
        )
        .add_fn(
            super::IfOp::NAME,
            "ConvertTrivialIfToSelect",
            convert_trivial_if_to_select,
        )
        .add_fn(
            super::IfOp::NAME,
            "RemoveEmptyElseBranch",
            remove_empty_else_branch,
        )
        .add_fn(
            super::IfOp::NAME,
            "RemoveStaticCondition",
            remove_static_condition,
        )
        .add_fn(
            super::IfOp::NAME,
            "ReplaceIfYieldWithConditionOrValue",
            replace_if_yield_with_condition_or_value,
        );
    add_region_branch_patterns(set, super::IfOp::NAME);
}

/// `scf.for` patterns, then the region branch patterns.
pub fn canonicalization_patterns_for(set: &mut RewritePatternSet) {
    set.add_fn(
        super::ForOp::NAME,
        "SimplifyTrivialLoops",
        simplify_trivial_loops,
    );
    add_region_branch_patterns(set, super::ForOp::NAME);
}

/// `scf.while` patterns, then the region branch patterns.
pub fn canonicalization_patterns_while(set: &mut RewritePatternSet) {
    set.add_fn(
        super::WhileOp::NAME,
        "WhileConditionTruth",
        while_condition_truth,
    )
    .add_fn(super::WhileOp::NAME, "WhileCmpCond", while_cmp_cond)
    .add_fn(
        super::WhileOp::NAME,
        "WhileOpAlignBeforeArgs",
        while_align_before_args,
    )
    .add_fn(super::WhileOp::NAME, "WhileMoveIfDown", while_move_if_down);
    add_region_branch_patterns(set, super::WhileOp::NAME);
}

/// `scf.index_switch` patterns, then the region branch patterns.
pub fn canonicalization_patterns_index_switch(set: &mut RewritePatternSet) {
    set.add_fn(
        super::IndexSwitchOp::NAME,
        "FoldConstantCase",
        fold_constant_case,
    );
    add_region_branch_patterns(set, super::IndexSwitchOp::NAME);
}

/// `scf.execute_region` patterns, then the region branch patterns.
pub fn canonicalization_patterns_execute_region(set: &mut RewritePatternSet) {
    set.add_fn(
        super::ExecuteRegionOp::NAME,
        "SingleBlockExecuteInliner",
        single_block_execute_inliner,
    )
    .add_fn(
        super::ExecuteRegionOp::NAME,
        "MultiBlockExecuteInliner",
        multi_block_execute_inliner,
    );
    add_region_branch_patterns(set, super::ExecuteRegionOp::NAME);
}
