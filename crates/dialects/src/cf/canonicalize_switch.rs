//! Canonicalization of `cf.switch` and `cf.assert`, after MLIR 22's
//! `ControlFlowOps.cpp`: a switch with only a default or on a constant becomes a
//! `cf.br`, cases that go where the default goes (with its operands) are dropped,
//! successors that only branch on are collapsed, and a switch whose block is reached
//! only from a switch on the same flag knows the flag's value (or which values it is
//! not). An assertion of `true` is erased.

use smallvec::{smallvec, SmallVec};

use super::canonicalize::{collapse, replace_with_br};
use super::{case_groups, case_values, SwitchOp};
use pto_ir::{AttrKind, BlockId, OpId, TypeKind, ValueId};
use pto_rewrite::fold::constant_value;
use pto_rewrite::{MatchResult, PatternRewriter, RewritePatternSet};

/// One case: its value (the stored bits), destination and operands.
type Case = (u128, BlockId, SmallVec<[ValueId; 4]>);

/// The flag, the default destination and operands, and the cases of a switch.
fn parts(
    body: &pto_ir::Body<'_>,
    op: OpId,
) -> (ValueId, BlockId, SmallVec<[ValueId; 4]>, Vec<Case>) {
    let o = SwitchOp(op);
    let succ = body.successors(op);
    let groups = case_groups(body, op);
    let cases = case_values(body, op)
        .into_iter()
        .zip(succ.iter().skip(1))
        .zip(groups)
        .map(|((v, &d), g)| (v, d, SmallVec::from_vec(g)))
        .collect();
    (
        o.flag(body),
        succ[0],
        SmallVec::from_vec(o.default_operands(body)),
        cases,
    )
}

/// Bits of `v` within `width` (case values and flags compare as integers of the flag's
/// width).
fn masked(v: u128, width: u32) -> u128 {
    if width >= 128 {
        v
    } else {
        v & ((1u128 << width) - 1)
    }
}

/// Replaces the switch `op` by one with the same flag and default and these cases (MLIR
/// builds a new op: discardable attributes are dropped).
fn rebuild(
    rw: &mut PatternRewriter<'_, '_>,
    op: OpId,
    default: (BlockId, &[ValueId]),
    cases: &[Case],
) {
    let ctx = rw.context();
    let body = rw.body();
    let flag = SwitchOp(op).flag(body);
    let flag_ty = body.value_type(flag);
    let loc = body.op_loc(op);
    let mut state = rw.state(super::SwitchOp::NAME, loc);
    state.operands = smallvec![flag];
    state.operands.extend_from_slice(default.1);
    state.successors = smallvec![default.0];
    let mut segments = Vec::new();
    for (_, dest, operands) in cases {
        state.operands.extend_from_slice(operands);
        state.successors.push(*dest);
        segments.push(operands.len() as i32);
    }
    let ncase: i32 = segments.iter().sum();
    let mut props = vec![];
    if !cases.is_empty() {
        let esize = pto_ir::module::element_bytes(flag_ty).unwrap_or(8);
        let values: Vec<u128> = cases.iter().map(|c| c.0).collect();
        let splat = values.iter().all(|&v| v == values[0]);
        let data: Vec<u8> = values[..if splat { 1 } else { values.len() }]
            .iter()
            .flat_map(|v| v.to_le_bytes().into_iter().take(esize))
            .collect();
        let vty = ctx.vector_type(&[cases.len() as i64], flag_ty);
        let data = ctx.alloc_slice(&data);
        props.push(("case_values", ctx.dense_elements_attr(vty, splat, data)));
    }
    props.push((
        "case_operand_segments",
        pto_ir::ods::format::dense_i32_array(ctx, &segments),
    ));
    props.push((
        "operandSegmentSizes",
        pto_ir::ods::format::dense_i32_array(ctx, &[1, default.1.len() as i32, ncase]),
    ));
    let mut dict = None;
    for (name, value) in props {
        dict = Some(ctx.dict_with(dict, name, Some(value)));
    }
    state.props = dict;
    rw.replace_op_with_new(op, state);
}

/// Replaces the switch by a branch to the case of value `value` (else the default).
fn branch_to_case(rw: &mut PatternRewriter<'_, '_>, op: OpId, value: u128) {
    let body = rw.body();
    let (flag, default, dops, cases) = parts(body, op);
    let width = body.value_type(flag).int_width().unwrap_or(64);
    let (dest, operands) = cases
        .iter()
        .find(|c| masked(c.0, width) == masked(value, width))
        .map_or((default, dops), |c| (c.1, c.2.clone()));
    replace_with_br(rw, op, dest, &operands);
}

/// `SimplifySwitchWithOnlyDefault`: no cases, a branch to the default.
fn only_default(op: OpId, rw: &mut PatternRewriter<'_, '_>) -> MatchResult {
    let body = rw.body();
    if body.successors(op).len() != 1 {
        return rw.notify_match_failure(op, "the switch has cases");
    }
    let (_, default, dops, _) = parts(body, op);
    replace_with_br(rw, op, default, &dops);
    Ok(())
}

/// `DropSwitchCasesThatMatchDefault`: cases going where the default goes, with its
/// operands, are dropped.
fn drop_default_cases(op: OpId, rw: &mut PatternRewriter<'_, '_>) -> MatchResult {
    let differs = |c: &Case, default, dops: &[ValueId]| c.1 != default || c.2.as_slice() != dops;
    keep_cases(rw, op, differs, "no case matches the default")
}

/// Rebuilds the switch `op` with only the cases for which `keep(case, default, default
/// operands)` holds (fails with `why` if that is all of them).
fn keep_cases(
    rw: &mut PatternRewriter<'_, '_>,
    op: OpId,
    keep: impl Fn(&Case, BlockId, &[ValueId]) -> bool,
    why: &str,
) -> MatchResult {
    let (_, default, dops, cases) = parts(rw.body(), op);
    let kept: Vec<Case> = cases
        .iter()
        .filter(|c| keep(c, default, &dops))
        .cloned()
        .collect();
    if kept.len() == cases.len() {
        return rw.notify_match_failure(op, why);
    }
    rebuild(rw, op, (default, &dops), &kept);
    Ok(())
}

/// `SimplifyConstSwitchValue`: a constant flag picks its case.
fn const_flag(op: OpId, rw: &mut PatternRewriter<'_, '_>) -> MatchResult {
    let body = rw.body();
    let flag = SwitchOp(op).flag(body);
    let value = constant_value(rw.context(), body, flag).and_then(|a| match *a.kind() {
        AttrKind::Integer { value, ty } if matches!(ty.kind(), TypeKind::Integer { .. }) => {
            Some(value as u128)
        }
        _ => None,
    });
    let Some(value) = value else {
        return rw.notify_match_failure(op, "the flag is not a constant");
    };
    branch_to_case(rw, op, value);
    Ok(())
}

/// `SimplifyPassThroughSwitch`: successors that only branch on are collapsed.
fn pass_through(op: OpId, rw: &mut PatternRewriter<'_, '_>) -> MatchResult {
    let body = rw.body();
    let (_, default, dops, cases) = parts(body, op);
    let mut changed = false;
    let mut new_cases = Vec::with_capacity(cases.len());
    for (v, dest, operands) in cases {
        match collapse(body, dest, &operands) {
            Some((d, o)) => {
                changed = true;
                new_cases.push((v, d, o));
            }
            None => new_cases.push((v, dest, operands)),
        }
    }
    let (default, dops) = match collapse(body, default, &dops) {
        Some(c) => {
            changed = true;
            c
        }
        None => (default, dops),
    };
    if !changed {
        return rw.notify_match_failure(op, "no successor is a pass-through block");
    }
    rebuild(rw, op, (default, &dops), &new_cases);
    Ok(())
}

/// The switch on the same flag ending this switch's block's single predecessor (one
/// edge), and whether this block is its default destination.
fn switch_pred(rw: &PatternRewriter<'_, '_>, op: OpId) -> Option<(OpId, bool)> {
    let body = rw.body();
    let block = body.op_block(op)?;
    let preds = body.predecessors(block);
    let [(pred, _)] = preds.as_slice() else {
        return None;
    };
    let pred = *pred;
    if body.op_name(pred).as_str() != super::SwitchOp::NAME
        || SwitchOp(pred).flag(body) != SwitchOp(op).flag(body)
    {
        return None;
    }
    Some((pred, body.successors(pred)[0] == block))
}

/// `SimplifySwitchFromSwitchOnSameCondition`: reached from a case of a switch on the
/// same flag, the flag is that case's value.
fn from_case_on_same_flag(op: OpId, rw: &mut PatternRewriter<'_, '_>) -> MatchResult {
    let Some((pred, false)) = switch_pred(rw, op) else {
        return rw.notify_match_failure(op, "not reached from a case on the same flag");
    };
    let body = rw.body();
    let block = body.op_block(op);
    let (_, _, _, pred_cases) = parts(body, pred);
    match pred_cases.iter().find(|c| Some(c.1) == block) {
        Some(c) => branch_to_case(rw, op, c.0),
        None => {
            let (_, default, dops, _) = parts(body, op);
            replace_with_br(rw, op, default, &dops);
        }
    }
    Ok(())
}

/// `SimplifySwitchFromDefaultSwitchOnSameCondition`: reached from the default of a
/// switch on the same flag, the flag is none of that switch's other case values.
fn from_default_on_same_flag(op: OpId, rw: &mut PatternRewriter<'_, '_>) -> MatchResult {
    let Some((pred, true)) = switch_pred(rw, op) else {
        return rw.notify_match_failure(op, "not reached from a default on the same flag");
    };
    let body = rw.body();
    let block = body.op_block(op);
    let width = body
        .value_type(SwitchOp(op).flag(body))
        .int_width()
        .unwrap_or(64);
    let (_, _, _, pred_cases) = parts(body, pred);
    let impossible: Vec<u128> = pred_cases
        .iter()
        .filter(|c| Some(c.1) != block)
        .map(|c| masked(c.0, width))
        .collect();
    keep_cases(
        rw,
        op,
        |c, _, _| !impossible.contains(&masked(c.0, width)),
        "no case is impossible",
    )
}

/// `cf.switch` patterns, in MLIR's order.
pub fn canonicalization_patterns_switch(set: &mut RewritePatternSet) {
    set.add_fn(
        super::SwitchOp::NAME,
        "SimplifySwitchWithOnlyDefault",
        only_default,
    )
    .add_fn(
        super::SwitchOp::NAME,
        "DropSwitchCasesThatMatchDefault",
        drop_default_cases,
    )
    .add_fn(
        super::SwitchOp::NAME,
        "SimplifyConstSwitchValue",
        const_flag,
    )
    .add_fn(
        super::SwitchOp::NAME,
        "SimplifyPassThroughSwitch",
        pass_through,
    )
    .add_fn(
        super::SwitchOp::NAME,
        "SimplifySwitchFromSwitchOnSameCondition",
        from_case_on_same_flag,
    )
    .add_fn(
        super::SwitchOp::NAME,
        "SimplifySwitchFromDefaultSwitchOnSameCondition",
        from_default_on_same_flag,
    );
}

/// `cf.assert` of a constant `true` is erased.
pub fn canonicalize_assert(op: OpId, rw: &mut PatternRewriter<'_, '_>) -> MatchResult {
    let body = rw.body();
    let c = constant_value(rw.context(), body, body.operand(op, 0));
    let is_true = c.is_some_and(|a| a.as_int().is_some_and(|v| v & 1 == 1));
    if !is_true {
        return rw.notify_match_failure(op, "the condition is not a constant true");
    }
    rw.erase_op(op);
    Ok(())
}
