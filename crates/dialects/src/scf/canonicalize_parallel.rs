//! Canonicalization of `scf.parallel`, after MLIR 22's `SCF.cpp`: dimensions that run
//! once are dropped (their induction variable is the lower bound), a loop with a
//! dimension that runs zero times is its initial values, a loop whose every dimension
//! runs once is its body followed by each reduction applied to its initial value
//! (`ParallelOpSingleOrZeroIterationDimsFolder`), and a loop whose body is only an inner
//! `scf.parallel` (neither reducing, inner bounds independent of the outer induction
//! variables) becomes one loop over both (`MergeNestedParallelLoops`).
//!
//! MLIR clones the body into the new op; these patterns move it instead, which prints the
//! same IR (moved ops are reported as inserted, as MLIR's listener sees clones). MLIR 22
//! registers no region branch patterns for `scf.parallel`, so neither does this file.

use smallvec::SmallVec;

use super::canonicalize::{const_int, region};
use pto_ir::{BlockId, InsertPoint, OpId, ValueId};
use pto_rewrite::{MatchResult, PatternRewriter, RewritePatternSet};

/// Operand groups of an `scf.parallel`: lower bounds, upper bounds, steps, inits.
struct Groups {
    lbs: SmallVec<[ValueId; 4]>,
    ubs: SmallVec<[ValueId; 4]>,
    steps: SmallVec<[ValueId; 4]>,
    inits: SmallVec<[ValueId; 4]>,
}

/// Splits the operands of `op` by its `operandSegmentSizes`: the bounds and steps come
/// in equal numbers (the verifier checks it), so the count is the body's argument count.
fn groups(rw: &PatternRewriter<'_, '_>, op: OpId) -> Option<Groups> {
    let body = rw.body();
    let block = body.entry_block(region(rw, op, 0))?;
    let n = body.block_args(block).len();
    let all: SmallVec<[ValueId; 16]> = body.operands(op).collect();
    if all.len() < 3 * n {
        return None;
    }
    Some(Groups {
        lbs: all[..n].iter().copied().collect(),
        ubs: all[n..2 * n].iter().copied().collect(),
        steps: all[2 * n..3 * n].iter().copied().collect(),
        inits: all[3 * n..].iter().copied().collect(),
    })
}

/// The number of iterations of one dimension when it is known, as MLIR's
/// `constantTripCount` for signed index bounds: zero for equal bounds or a constant
/// empty range (whatever the step), else the ceiling of range over a constant step.
fn constant_trip_count(
    rw: &PatternRewriter<'_, '_>,
    lb: ValueId,
    ub: ValueId,
    step: ValueId,
) -> Option<i128> {
    if lb == ub {
        return Some(0);
    }
    let (l, u) = (const_int(rw, lb)?, const_int(rw, ub)?);
    let diff = u - l;
    if diff <= 0 {
        return Some(0);
    }
    let s = const_int(rw, step).filter(|&s| s > 0)?;
    Some((diff + s - 1) / s)
}

/// Creates an `scf.parallel` before `op` with the given groups (discardable attributes
/// are not kept, as MLIR's builder), an empty region, and returns it with its region.
fn create_parallel<'c>(
    rw: &mut PatternRewriter<'_, 'c>,
    op: OpId,
    g: &Groups,
) -> (OpId, pto_ir::RegionId) {
    let ctx = rw.context();
    let loc = rw.body().op_loc(op);
    let result_types: SmallVec<[_; 4]> = g.inits.iter().map(|&v| rw.body().value_type(v)).collect();
    let new_region = rw.create_region();
    let mut state = rw.state(super::ParallelOp::NAME, loc);
    state.operands = g
        .lbs
        .iter()
        .chain(&g.ubs)
        .chain(&g.steps)
        .chain(&g.inits)
        .copied()
        .collect();
    state.result_types = result_types.into_iter().collect();
    state.regions = smallvec::smallvec![new_region];
    let sizes = [g.lbs.len(), g.ubs.len(), g.steps.len(), g.inits.len()].map(|n| n as i32);
    let sizes = pto_ir::ods::format::dense_i32_array(ctx, &sizes);
    state.set_prop(ctx, "operandSegmentSizes", sizes);
    rw.set_insertion_point_before(op);
    (rw.create(state), new_region)
}

/// `ParallelOpSingleOrZeroIterationDimsFolder`.
fn single_or_zero_iteration_dims<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    let Some(g) = groups(rw, op) else {
        return rw.notify_match_failure(op, "malformed operand groups");
    };
    let r = region(rw, op, 0);
    let block = rw.body().entry_block(r).expect("a body block");
    let ivs: SmallVec<[ValueId; 4]> = rw.body().block_args(block).iter().copied().collect();
    let mut kept = Groups {
        lbs: SmallVec::new(),
        ubs: SmallVec::new(),
        steps: SmallVec::new(),
        inits: g.inits.clone(),
    };
    // Per induction variable: the lower bound replacing it, if its dimension runs once.
    let mut once: SmallVec<[Option<ValueId>; 4]> = SmallVec::new();
    for i in 0..ivs.len() {
        match constant_trip_count(rw, g.lbs[i], g.ubs[i], g.steps[i]) {
            Some(0) => {
                rw.replace_op(op, &g.inits);
                return Ok(());
            }
            Some(1) => once.push(Some(g.lbs[i])),
            _ => {
                once.push(None);
                kept.lbs.push(g.lbs[i]);
                kept.ubs.push(g.ubs[i]);
                kept.steps.push(g.steps[i]);
            }
        }
    }
    if kept.lbs.len() == ivs.len() {
        return rw.notify_match_failure(op, "no dimension runs once or never");
    }
    if kept.lbs.is_empty() {
        inline_single_iteration(rw, op, block, &g.inits);
        return Ok(());
    }
    let (new_op, new_region) = create_parallel(rw, op, &kept);
    rw.inline_region_before(r, new_region, None);
    // Arguments of the dimensions that run once become their lower bounds, last first so
    // the indices of the others stay valid.
    for (i, lb) in once.iter().enumerate().rev() {
        if let Some(lb) = *lb {
            rw.replace_all_uses_with(ivs[i], lb);
            rw.modify_untracked(|b| b.erase_block_argument(block, i));
        }
    }
    let results: SmallVec<[ValueId; 4]> = rw.body().results(new_op).collect();
    rw.replace_op(op, &results);
    Ok(())
}

/// Replaces `op`, every dimension of which runs once, by its body (induction variables
/// replaced by the lower bounds) followed by each reduction region applied to the
/// loop's initial value and the value the body contributes.
fn inline_single_iteration(
    rw: &mut PatternRewriter<'_, '_>,
    op: OpId,
    block: BlockId,
    inits: &[ValueId],
) {
    let lbs: SmallVec<[ValueId; 4]> = rw
        .body()
        .operands(op)
        .take(rw.body().block_args(block).len())
        .collect();
    let reduce = rw.body().last_op(block).expect("an scf.reduce terminator");
    rw.inline_block_before(block, InsertPoint::Before(op), &lbs);
    let contributed: SmallVec<[ValueId; 4]> = rw.body().operands(reduce).collect();
    let reductions: SmallVec<[_; 4]> = rw.body().regions_of(reduce).iter().copied().collect();
    let mut results: SmallVec<[ValueId; 4]> = SmallVec::new();
    for (i, red) in reductions.into_iter().enumerate() {
        let rb = rw.body().entry_block(red).expect("a reduction block");
        let ret = rw.body().last_op(rb).expect("an scf.reduce.return");
        rw.inline_block_before(rb, InsertPoint::Before(op), &[inits[i], contributed[i]]);
        results.push(rw.body().operand(ret, 0));
        rw.erase_op(ret);
    }
    rw.erase_op(reduce);
    rw.replace_op(op, &results);
}

/// `MergeNestedParallelLoops`: an `scf.parallel` whose body holds only an inner
/// `scf.parallel`, neither with reductions and the inner bounds and steps not using the
/// outer induction variables, becomes one loop over the outer then the inner dimensions.
fn merge_nested_parallel_loops<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    let r = region(rw, op, 0);
    let body = rw.body();
    let block = body.entry_block(r).expect("a body block");
    let (Some(inner), Some(term)) = (body.first_op(block), body.last_op(block)) else {
        return rw.notify_match_failure(op, "empty body");
    };
    if body.next_op(inner) != Some(term) || body.op_name(inner).as_str() != super::ParallelOp::NAME
    {
        return rw.notify_match_failure(op, "body is not a single scf.parallel");
    }
    let (Some(outer_g), Some(inner_g)) = (groups(rw, op), groups(rw, inner)) else {
        return rw.notify_match_failure(op, "malformed operand groups");
    };
    let outer_ivs: SmallVec<[ValueId; 4]> = rw.body().block_args(block).iter().copied().collect();
    let inner_bounds = inner_g.lbs.iter().chain(&inner_g.ubs).chain(&inner_g.steps);
    if inner_bounds.clone().any(|v| outer_ivs.contains(v)) {
        return rw.notify_match_failure(op, "inner bounds use an outer induction variable");
    }
    if !outer_g.inits.is_empty() || !inner_g.inits.is_empty() {
        return rw.notify_match_failure(op, "reductions are not merged");
    }
    let merged = Groups {
        lbs: outer_g.lbs.iter().chain(&inner_g.lbs).copied().collect(),
        ubs: outer_g.ubs.iter().chain(&inner_g.ubs).copied().collect(),
        steps: outer_g
            .steps
            .iter()
            .chain(&inner_g.steps)
            .copied()
            .collect(),
        inits: SmallVec::new(),
    };
    let loc = rw.body().op_loc(op);
    let index = rw.context().index_type();
    let (_, new_region) = create_parallel(rw, op, &merged);
    let arg_types: SmallVec<[_; 8]> = merged.lbs.iter().map(|_| (index, loc)).collect();
    let new_block = rw.create_block(new_region, &arg_types);
    let new_args: SmallVec<[ValueId; 8]> =
        rw.body().block_args(new_block).iter().copied().collect();
    let n_outer = outer_ivs.len();
    for (i, &iv) in outer_ivs.iter().enumerate() {
        rw.replace_all_uses_with(iv, new_args[i]);
    }
    let inner_block = rw
        .body()
        .entry_block(region(rw, inner, 0))
        .expect("a body block");
    let inner_term = rw.body().last_op(inner_block).expect("an scf.reduce");
    rw.inline_block_before(
        inner_block,
        InsertPoint::BlockEnd(new_block),
        &new_args[n_outer..],
    );
    // The inner terminator moved along; the new loop ends with a fresh `scf.reduce` at
    // the outer loop's location, as MLIR's builder adds it.
    rw.erase_op(inner_term);
    rw.set_insertion_point(InsertPoint::BlockEnd(new_block));
    rw.create_op(super::ReduceOp::NAME, loc, &[], &[], None);
    rw.replace_op(op, &[]);
    Ok(())
}

/// `scf.parallel` patterns, in MLIR's order.
pub fn canonicalization_patterns_parallel(set: &mut RewritePatternSet) {
    set.add_fn(
        super::ParallelOp::NAME,
        "ParallelOpSingleOrZeroIterationDimsFolder",
        single_or_zero_iteration_dims,
    )
    .add_fn(
        super::ParallelOp::NAME,
        "MergeNestedParallelLoops",
        merge_nested_parallel_loops,
    );
}
