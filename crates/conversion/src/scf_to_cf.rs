//! `convert-scf-to-cf`: structured control flow to blocks and branches (MLIR's
//! `SCFToControlFlow`). `scf.for`, `scf.if`, `scf.while`, `scf.execute_region`,
//! `scf.index_switch` and `scf.parallel` become CFG regions in their parent region;
//! `scf.parallel` goes through a nest of `scf.for` first.

use smallvec::SmallVec;

use pto_dialects::arith;
use pto_dialects::arith::overflow_attr;
use pto_dialects::cf;
use pto_dialects::scf;
use pto_ir::{BlockId, Body, Context, Diagnostic, InsertPoint, Location, OpId, Type, ValueId};
use pto_pass::{Pass, PassTarget};
use pto_rewrite::conversion::{
    apply_partial_conversion, ConversionPatternRewriter, ConversionPatternSet, ConversionTarget,
    FnConversionPattern,
};
use pto_rewrite::MatchResult;

impl Pass for crate::SCFToControlFlowPass {
    fn run<'c>(
        &self,
        ctx: &'c Context,
        target: &mut PassTarget<'_, 'c>,
    ) -> Result<(), Diagnostic<'c>> {
        let mut legal = ConversionTarget::new();
        legal.add_illegal_ops(&[
            scf::ForOp::NAME,
            scf::IfOp::NAME,
            scf::IndexSwitchOp::NAME,
            scf::ParallelOp::NAME,
            scf::WhileOp::NAME,
            scf::ExecuteRegionOp::NAME,
        ]);
        legal.mark_unknown_ops_dynamically_legal(|_, _| Some(true));
        let mut patterns = ConversionPatternSet::new();
        populate_scf_to_cf_patterns(&mut patterns);
        apply_partial_conversion(ctx, target.body, &legal, &patterns.freeze(), None)
    }
}

/// Adds the lowering of structured control flow to branches.
pub fn populate_scf_to_cf_patterns(set: &mut ConversionPatternSet) {
    set.add_op::<scf::ForOp>("ForLowering", lower_for)
        .add_op::<scf::IfOp>("IfLowering", lower_if)
        .add_op::<scf::ExecuteRegionOp>("ExecuteRegionLowering", lower_execute_region)
        .add_op::<scf::WhileOp>("WhileLowering", lower_while)
        .add_op::<scf::IndexSwitchOp>("IndexSwitchLowering", lower_index_switch)
        .add_op::<scf::ParallelOp>("ParallelLowering", lower_parallel)
        .add(FnConversionPattern {
            root: scf::WhileOp::NAME,
            name: "DoWhileLowering",
            benefit: 2,
            rewrite: lower_do_while,
        });
}

/// The region holding `block` (blocks the lowerings split off always have one).
fn region_of(rw: &ConversionPatternRewriter<'_, '_>, block: BlockId) -> pto_ir::RegionId {
    rw.body().block_region(block).expect("block in a region")
}

fn last_block(body: &Body<'_>, region: pto_ir::RegionId) -> Option<BlockId> {
    body.region_blocks(region).last()
}

/// Creates `cf.br ^dest(args)` at the insertion point.
fn branch<'c>(
    rw: &mut ConversionPatternRewriter<'_, 'c>,
    loc: Location<'c>,
    dest: BlockId,
    args: &[ValueId],
) -> OpId {
    let mut st = rw.state(cf::BranchOp::NAME, loc);
    st.operands.extend_from_slice(args);
    st.successors.push(dest);
    rw.create(st)
}

/// Creates `cf.cond_br %cond, ^t, ^f(f_args)` at the insertion point.
fn cond_branch<'c>(
    rw: &mut ConversionPatternRewriter<'_, 'c>,
    loc: Location<'c>,
    cond: ValueId,
    t: (BlockId, &[ValueId]),
    f: (BlockId, &[ValueId]),
) -> OpId {
    let ctx = rw.context();
    let mut st = rw.state(cf::CondBranchOp::NAME, loc);
    st.operands.push(cond);
    st.operands.extend_from_slice(t.1);
    st.operands.extend_from_slice(f.1);
    st.successors.extend([t.0, f.0]);
    let seg = pto_ir::ods::format::dense_i32_array(ctx, &[1, t.1.len() as i32, f.1.len() as i32]);
    st.props = Some(ctx.dict_with(None, "operandSegmentSizes", Some(seg)));
    rw.create(st)
}

/// Replaces terminator `term` by `cf.br ^dest(its operands)`, at its location.
fn terminator_to_branch<'c>(
    rw: &mut ConversionPatternRewriter<'_, 'c>,
    term: OpId,
    dest: BlockId,
    loc: Location<'c>,
) {
    let args: SmallVec<[ValueId; 4]> = rw.body().operands(term).collect();
    rw.set_insertion_point_before(term);
    branch(rw, loc, dest, &args);
    rw.erase_op(term);
}

/// The terminator of `block`, if it is an op named `name`.
fn terminator(body: &Body<'_>, block: BlockId, name: &str) -> Option<OpId> {
    body.last_op(block)
        .filter(|&t| body.op_name(t).as_str() == name)
}

fn lower_for<'c>(
    op: scf::ForOp,
    adaptor: scf::ForOpAdaptor<'_>,
    rw: &mut ConversionPatternRewriter<'_, 'c>,
) -> MatchResult {
    let ctx = rw.context();
    let body = rw.body();
    let loc = body.op_loc(op.0);
    let region = body.regions_of(op.0)[0];
    let (Some(init_block), Some(cond_block), Some(last_body)) = (
        body.op_block(op.0),
        body.entry_block(region),
        last_block(body, region),
    ) else {
        return rw.notify_match_failure(op.0, "loop without a body");
    };
    let Some(yield_op) = terminator(body, last_body, scf::YieldOp::NAME) else {
        return rw.notify_match_failure(op.0, "loop body does not end in scf.yield");
    };
    let (lb, ub, step) = (adaptor.lower_bound(), adaptor.upper_bound(), adaptor.step());
    let inits: SmallVec<[ValueId; 4]> = adaptor.init_args().iter().copied().collect();
    let unsigned = body.attr(op.0, "unsignedCmp").is_some();
    let iv = body.block_args(cond_block)[0];
    let iv_ty = body.value_type(iv);

    let end_block = rw.split_block(init_block, Some(op.0));
    let parent = region_of(rw, end_block);
    rw.inline_region_before(region, parent, Some(end_block));

    // Step the induction variable at the end of the body and branch back.
    let mut carried: SmallVec<[ValueId; 4]> = rw.body().operands(yield_op).collect();
    rw.set_insertion_point(InsertPoint::BlockEnd(last_body));
    let mut add = rw.state(arith::AddIOp::NAME, loc);
    add.operands.extend([iv, step]);
    add.result_types.push(iv_ty);
    add.props = Some(ctx.dict_with(None, "overflowFlags", Some(overflow_attr(ctx, &[]))));
    let add = rw.create(add);
    carried.insert(0, rw.body().result(add, 0));
    branch(rw, loc, cond_block, &carried);
    rw.erase_op(yield_op);

    // Enter the loop with the lower bound and the initial values.
    rw.set_insertion_point(InsertPoint::BlockEnd(init_block));
    let mut entry: SmallVec<[ValueId; 4]> = SmallVec::from_slice(&[lb]);
    entry.extend(inits);
    branch(rw, loc, cond_block, &entry);

    // The condition block keeps the arguments; the body moves to a block of its own.
    let first = rw.body().first_op(cond_block);
    let first_body = rw.split_block(cond_block, first);
    rw.set_insertion_point(InsertPoint::BlockEnd(cond_block));
    let mut cmp = rw.state(arith::CmpIOp::NAME, loc);
    cmp.operands.extend([iv, ub]);
    cmp.result_types.push(ctx.int_type(1));
    let pred = ctx.int_attr(ctx.int_type(64), if unsigned { 6 } else { 2 });
    cmp.props = Some(ctx.dict_with(None, "predicate", Some(pred)));
    let cmp = rw.create(cmp);
    let c = rw.body().result(cmp, 0);
    cond_branch(rw, loc, c, (first_body, &[]), (end_block, &[]));

    let results: SmallVec<[ValueId; 4]> = rw.body().block_args(cond_block)[1..].into();
    rw.replace_op(op.0, &results);
    Ok(())
}

fn lower_if<'c>(
    op: scf::IfOp,
    adaptor: scf::IfOpAdaptor<'_>,
    rw: &mut ConversionPatternRewriter<'_, 'c>,
) -> MatchResult {
    let body = rw.body();
    let loc = body.op_loc(op.0);
    let Some(cond_block) = body.op_block(op.0) else {
        return rw.notify_match_failure(op.0, "detached");
    };
    let regions: SmallVec<[_; 2]> = body.regions_of(op.0).into();
    let result_types: SmallVec<[Type<'c>; 4]> =
        body.results(op.0).map(|r| body.value_type(r)).collect();
    let remaining = rw.split_block(cond_block, Some(op.0));
    let parent = region_of(rw, remaining);
    let cont = if result_types.is_empty() {
        remaining
    } else {
        let b = rw.modify_untracked(|body| {
            let b = body.create_block();
            body.insert_block(parent, b, Some(remaining));
            for &t in &result_types {
                body.add_block_argument(b, t, loc);
            }
            b
        });
        rw.set_insertion_point(InsertPoint::BlockEnd(b));
        branch(rw, loc, remaining, &[]);
        b
    };
    let inline = |rw: &mut ConversionPatternRewriter<'_, 'c>, region| -> Option<BlockId> {
        let first = rw.body().entry_block(region)?;
        let last = last_block(rw.body(), region)?;
        let term = rw.body().last_op(last)?;
        let args: SmallVec<[ValueId; 4]> = rw.body().operands(term).collect();
        rw.set_insertion_point(InsertPoint::BlockEnd(last));
        branch(rw, loc, cont, &args);
        rw.erase_op(term);
        rw.inline_region_before(region, parent, Some(cont));
        Some(first)
    };
    let Some(then_block) = inline(rw, regions[0]) else {
        return rw.notify_match_failure(op.0, "empty then region");
    };
    let else_block = match regions.get(1) {
        Some(&r) if rw.body().entry_block(r).is_some() => inline(rw, r).unwrap_or(cont),
        _ => cont,
    };
    rw.set_insertion_point(InsertPoint::BlockEnd(cond_block));
    cond_branch(
        rw,
        loc,
        adaptor.condition(),
        (then_block, &[]),
        (else_block, &[]),
    );
    let args: SmallVec<[ValueId; 4]> = rw.body().block_args(cont).into();
    rw.replace_op(op.0, &args);
    Ok(())
}

fn lower_execute_region<'c>(
    op: scf::ExecuteRegionOp,
    _: scf::ExecuteRegionOpAdaptor<'_>,
    rw: &mut ConversionPatternRewriter<'_, 'c>,
) -> MatchResult {
    let body = rw.body();
    let loc = body.op_loc(op.0);
    let region = body.regions_of(op.0)[0];
    let (Some(block), Some(entry)) = (body.op_block(op.0), body.entry_block(region)) else {
        return rw.notify_match_failure(op.0, "empty region");
    };
    let result_types: SmallVec<[Type<'c>; 4]> =
        body.results(op.0).map(|r| body.value_type(r)).collect();
    let remaining = rw.split_block(block, Some(op.0));
    rw.set_insertion_point(InsertPoint::BlockEnd(block));
    branch(rw, loc, entry, &[]);
    let blocks: Vec<BlockId> = rw.body().region_blocks(region).collect();
    for b in blocks {
        if let Some(term) = terminator(rw.body(), b, scf::YieldOp::NAME) {
            terminator_to_branch(rw, term, remaining, loc);
        }
    }
    let parent = region_of(rw, remaining);
    rw.inline_region_before(region, parent, Some(remaining));
    let args: SmallVec<[ValueId; 4]> = rw.modify_untracked(|body| {
        result_types
            .iter()
            .map(|&t| body.add_block_argument(remaining, t, loc))
            .collect()
    });
    rw.replace_op(op.0, &args);
    Ok(())
}

/// The parts of an `scf.while` the lowerings use.
struct While {
    before_first: BlockId,
    condition: OpId,
}

fn while_parts(body: &Body<'_>, op: OpId) -> Option<While> {
    let before = body.regions_of(op)[0];
    let before_last = last_block(body, before)?;
    Some(While {
        before_first: body.entry_block(before)?,
        condition: terminator(body, before_last, scf::ConditionOp::NAME)?,
    })
}

/// Replaces `scf.condition(%c) %args` by `cf.cond_br %c, ^t(%args), ^f`; returns the args.
fn condition_to_branch<'c>(
    rw: &mut ConversionPatternRewriter<'_, 'c>,
    condition: OpId,
    t: BlockId,
    f: BlockId,
) -> SmallVec<[ValueId; 4]> {
    let cloc = rw.body().op_loc(condition);
    let ops: SmallVec<[ValueId; 4]> = rw.body().operands(condition).collect();
    rw.set_insertion_point_before(condition);
    cond_branch(rw, cloc, ops[0], (t, &ops[1..]), (f, &[]));
    rw.erase_op(condition);
    ops[1..].into()
}

fn lower_while<'c>(
    op: scf::WhileOp,
    adaptor: scf::WhileOpAdaptor<'_>,
    rw: &mut ConversionPatternRewriter<'_, 'c>,
) -> MatchResult {
    let body = rw.body();
    let loc = body.op_loc(op.0);
    let after = body.regions_of(op.0)[1];
    let (Some(block), Some(parts), Some(after_first), Some(after_last)) = (
        body.op_block(op.0),
        while_parts(body, op.0),
        body.entry_block(after),
        last_block(body, after),
    ) else {
        return rw.notify_match_failure(op.0, "malformed scf.while");
    };
    let Some(yield_op) = terminator(body, after_last, scf::YieldOp::NAME) else {
        return rw.notify_match_failure(op.0, "after region does not end in scf.yield");
    };
    let before = body.regions_of(op.0)[0];
    let cont = rw.split_block(block, Some(op.0));
    let parent = region_of(rw, cont);
    rw.inline_region_before(before, parent, Some(cont));
    rw.inline_region_before(after, parent, Some(cont));
    rw.set_insertion_point(InsertPoint::BlockEnd(block));
    branch(rw, loc, parts.before_first, adaptor.inits());
    let args = condition_to_branch(rw, parts.condition, after_first, cont);
    let yloc = rw.body().op_loc(yield_op);
    terminator_to_branch(rw, yield_op, parts.before_first, yloc);
    rw.replace_op(op.0, &args);
    Ok(())
}

fn lower_do_while<'c>(
    op: OpId,
    operands: &[ValueId],
    rw: &mut ConversionPatternRewriter<'_, 'c>,
) -> MatchResult {
    let body = rw.body();
    let loc = body.op_loc(op);
    let after = body.regions_of(op)[1];
    let after_blocks: SmallVec<[BlockId; 2]> = body.region_blocks(after).collect();
    if after_blocks.len() != 1 {
        return rw.notify_match_failure(
            op,
            "do-while simplification applicable only if 'after' region has exactly one block",
        );
    }
    let forwards = body.first_op(after_blocks[0]).is_some_and(|y| {
        body.op_name(y).as_str() == scf::YieldOp::NAME
            && body
                .operands(y)
                .eq(body.block_args(after_blocks[0]).iter().copied())
    });
    if !forwards {
        return rw.notify_match_failure(
            op,
            "do-while simplification applicable to pass-through 'after' region only",
        );
    }
    let (Some(block), Some(parts)) = (body.op_block(op), while_parts(body, op)) else {
        return rw.notify_match_failure(op, "malformed scf.while");
    };
    let before = body.regions_of(op)[0];
    let cont = rw.split_block(block, Some(op));
    let parent = region_of(rw, cont);
    rw.inline_region_before(before, parent, Some(cont));
    rw.set_insertion_point(InsertPoint::BlockEnd(block));
    branch(rw, loc, parts.before_first, operands);
    let args = condition_to_branch(rw, parts.condition, parts.before_first, cont);
    rw.replace_op(op, &args);
    Ok(())
}

fn lower_index_switch<'c>(
    op: scf::IndexSwitchOp,
    adaptor: scf::IndexSwitchOpAdaptor<'_>,
    rw: &mut ConversionPatternRewriter<'_, 'c>,
) -> MatchResult {
    let ctx = rw.context();
    let body = rw.body();
    let loc = body.op_loc(op.0);
    let Some(block) = body.op_block(op.0) else {
        return rw.notify_match_failure(op.0, "detached");
    };
    let Some(cases) = body.attr(op.0, "cases").and_then(|a| a.dense_int_values()) else {
        return rw.notify_match_failure(op.0, "no cases");
    };
    let regions: SmallVec<[_; 4]> = body.regions_of(op.0).into();
    let result_types: SmallVec<[Type<'c>; 4]> =
        body.results(op.0).map(|r| body.value_type(r)).collect();
    let cont = rw.split_block(block, Some(op.0));
    let results: SmallVec<[ValueId; 4]> = rw.modify_untracked(|body| {
        result_types
            .iter()
            .map(|&t| body.add_block_argument(cont, t, loc))
            .collect()
    });
    let parent = region_of(rw, cont);
    let convert = |rw: &mut ConversionPatternRewriter<'_, 'c>, region| -> Option<BlockId> {
        let first = rw.body().entry_block(region)?;
        let term = terminator(rw.body(), first, scf::YieldOp::NAME)?;
        let yloc = rw.body().op_loc(term);
        terminator_to_branch(rw, term, cont, yloc);
        rw.inline_region_before(region, parent, Some(cont));
        Some(first)
    };
    // Regions: default first, then one per case.
    let mut successors: SmallVec<[BlockId; 4]> = SmallVec::new();
    for &r in &regions[1..] {
        match convert(rw, r) {
            Some(b) => successors.push(b),
            None => return rw.notify_match_failure(op.0, "case region without scf.yield"),
        }
    }
    let Some(default) = convert(rw, regions[0]) else {
        return rw.notify_match_failure(op.0, "default region without scf.yield");
    };
    rw.set_insertion_point(InsertPoint::BlockEnd(block));
    let mut cast = rw.state(arith::IndexCastOp::NAME, loc);
    cast.operands.push(adaptor.arg());
    cast.result_types.push(ctx.int_type(32));
    let cast = rw.create(cast);
    let flag = rw.body().result(cast, 0);
    let mut sw = rw.state(cf::SwitchOp::NAME, loc);
    sw.operands.push(flag);
    sw.successors.push(default);
    sw.successors.extend(successors.iter().copied());
    let values: Vec<i64> = cases.iter().map(|&c| c as i32 as i64).collect();
    let i32t = ctx.int_type(32);
    let case_values =
        ctx.dense_int_elements(ctx.vector_type(&[values.len() as i64], i32t), &values);
    let segments = pto_ir::ods::format::dense_i32_array(ctx, &vec![0; values.len()]);
    let mut props = ctx.dict_with(None, "case_operand_segments", Some(segments));
    props = ctx.dict_with(Some(props), "case_values", Some(case_values));
    props = ctx.dict_with(
        Some(props),
        "operandSegmentSizes",
        Some(pto_ir::ods::format::dense_i32_array(ctx, &[1, 0, 0])),
    );
    sw.props = Some(props);
    rw.create(sw);
    rw.replace_op(op.0, &results);
    Ok(())
}

fn lower_parallel<'c>(
    op: scf::ParallelOp,
    adaptor: scf::ParallelOpAdaptor<'_>,
    rw: &mut ConversionPatternRewriter<'_, 'c>,
) -> MatchResult {
    let body = rw.body();
    let loc = body.op_loc(op.0);
    let region = body.regions_of(op.0)[0];
    let Some(par_body) = body.entry_block(region) else {
        return rw.notify_match_failure(op.0, "empty body");
    };
    let Some(reduce) = terminator(body, par_body, scf::ReduceOp::NAME) else {
        return rw.notify_match_failure(op.0, "body does not end in scf.reduce");
    };
    let n = body.block_args(par_body).len();
    let (lbs, ubs, steps, inits) = (
        adaptor.lower_bound(),
        adaptor.upper_bound(),
        adaptor.step(),
        adaptor.init_vals(),
    );
    let mut iter_args: SmallVec<[ValueId; 4]> = inits.into();
    let mut loop_results: SmallVec<[ValueId; 4]> = iter_args.clone();
    let mut ivs: SmallVec<[ValueId; 4]> = SmallVec::new();
    for i in 0..n {
        // As scf.for's builder: iteration arguments take their initial values' locations.
        let types: SmallVec<[(Type<'c>, Location<'c>); 4]> = iter_args
            .iter()
            .map(|&v| (rw.body().value_type(v), rw.body().value_loc(v)))
            .collect();
        let iv_ty = rw.body().value_type(lbs[i]);
        let mut st = rw.state(scf::ForOp::NAME, loc);
        st.operands.extend([lbs[i], ubs[i], steps[i]]);
        st.operands.extend(iter_args.iter().copied());
        st.result_types.extend(types.iter().map(|t| t.0));
        let (r, b) = rw.modify_untracked(|body| {
            let r = body.create_region();
            let b = body.create_block();
            body.append_block(r, b);
            body.add_block_argument(b, iv_ty, loc);
            for &(t, l) in &types {
                body.add_block_argument(b, t, l);
            }
            (r, b)
        });
        st.regions.push(r);
        let for_op = rw.create(st);
        if types.is_empty() {
            // As scf.for's builder: a loop without results gets an empty yield.
            rw.set_insertion_point(InsertPoint::BlockEnd(b));
            let y = rw.state(scf::YieldOp::NAME, loc);
            rw.create(y);
        }
        let args: SmallVec<[ValueId; 4]> = rw.body().block_args(b).into();
        ivs.push(args[0]);
        let results: SmallVec<[ValueId; 4]> = rw.body().results(for_op).collect();
        if i == 0 {
            loop_results = results;
        } else if !results.is_empty() {
            let mut y = rw.state(scf::YieldOp::NAME, loc);
            y.operands.extend(results);
            let outer = rw.body().op_block(for_op).expect("placed");
            rw.set_insertion_point(InsertPoint::BlockEnd(outer));
            rw.create(y);
        }
        iter_args = args[1..].into();
        rw.set_insertion_point(InsertPoint::BlockStart(b));
    }
    let inner = match rw.insertion_point() {
        Some(InsertPoint::BlockStart(b)) => b,
        _ => unreachable!("the loop nest sets a block start"),
    };
    // Merge the reductions into the innermost body.
    let reduce_operands: SmallVec<[ValueId; 4]> = rw.body().operands(reduce).collect();
    let reductions: SmallVec<[_; 4]> = rw.body().regions_of(reduce).into();
    let mut yielded: SmallVec<[ValueId; 4]> = SmallVec::new();
    for (i, &red) in reductions.iter().enumerate() {
        let Some(rb) = rw.body().entry_block(red) else {
            continue;
        };
        let Some(ret) = terminator(rw.body(), rb, scf::ReduceReturnOp::NAME) else {
            return rw.notify_match_failure(op.0, "reduction without scf.reduce.return");
        };
        yielded.push(rw.body().operand(ret, 0));
        rw.erase_op(ret);
        rw.inline_block_before(
            rb,
            InsertPoint::Before(reduce),
            &[iter_args[i], reduce_operands[i]],
        );
    }
    rw.erase_op(reduce);
    match rw.body().last_op(inner) {
        None => rw.merge_blocks(par_body, inner, &ivs),
        Some(t) => rw.inline_block_before(par_body, InsertPoint::Before(t), &ivs),
    }
    if !yielded.is_empty() {
        rw.set_insertion_point(InsertPoint::BlockEnd(inner));
        let mut y = rw.state(scf::YieldOp::NAME, loc);
        y.operands.extend(yielded);
        rw.create(y);
    }
    rw.replace_op(op.0, &loop_results);
    Ok(())
}
