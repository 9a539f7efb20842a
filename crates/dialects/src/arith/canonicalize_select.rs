//! Canonicalization patterns of `arith.select` and of the extended arithmetic ops, as
//! MLIR 22 registers them: a select nested in a select on the same condition picks its
//! value directly, a negated condition swaps the values, `select(c, false, true)` is
//! `not(c)`, a select of integer 1 and 0 is a zero extension of the condition; an
//! extended addition or multiplication whose second result is unused is a plain one, and
//! a signed extended multiplication by one has the sign of the other operand as its
//! high half.

use super::canonicalize::{
    add_drr, create, create_constant, def_of, defined_by, drr_loc, no_flags, no_match, props1,
    replace_by,
};
use super::elements::{int_or_splat, zero_attr};
use pto_ir::{OpId, TypeKind, ValueId};
use pto_rewrite::fold::constant_value;
use pto_rewrite::{MatchResult, PatternRewriter, RewritePatternSet};

/// `select(c, select(c, a, b), d)` is `select(c, a, d)` (`RedundantSelectTrue`, `at` 1)
/// and `select(c, a, select(c, b, d))` is `select(c, a, d)` (`RedundantSelectFalse`,
/// `at` 2).
fn redundant_select(op: OpId, rw: &mut PatternRewriter<'_, '_>, at: usize) -> MatchResult {
    let body = rw.body();
    let cond = body.operand(op, 0);
    let Some(inner) = defined_by(rw, body.operand(op, at), super::SelectOp::NAME)
        .filter(|&i| rw.body().operand(i, 0) == cond)
    else {
        return no_match();
    };
    let (t, f) = if at == 1 {
        (body.operand(inner, 1), body.operand(op, 2))
    } else {
        (body.operand(op, 1), body.operand(inner, 2))
    };
    let loc = drr_loc(rw, &[op, inner], 2);
    replace_by(rw, op, super::SelectOp::NAME, loc, &[cond, t, f], None)
}

/// `select(xori(c, -1), a, b)` is `select(c, b, a)` (`SelectNotCond`; a scalar mask).
fn select_not_cond(op: OpId, rw: &mut PatternRewriter<'_, '_>) -> MatchResult {
    let ctx = rw.context();
    let body = rw.body();
    let Some(not) = defined_by(rw, body.operand(op, 0), super::XOrIOp::NAME) else {
        return no_match();
    };
    let ones = body.operand(not, 1);
    let mask = constant_value(ctx, body, ones)
        .filter(|a| matches!(a.kind(), pto_ir::AttrKind::Integer { .. }));
    let all_ones = int_or_splat(mask).is_some_and(|(v, w)| v.count_ones() == w);
    if !all_ones {
        return rw.notify_match_failure(op, "condition is not a negation");
    }
    let (c, a, b) = (
        body.operand(not, 0),
        body.operand(op, 1),
        body.operand(op, 2),
    );
    let loc = drr_loc(rw, &[op, def_of(rw, ones), not], 2);
    replace_by(rw, op, super::SelectOp::NAME, loc, &[c, b, a], None)
}

/// The scalar `i1` constant a value holds (DRR's `ConstantAttr<I1Attr, ...>`).
fn i1_constant(rw: &PatternRewriter<'_, '_>, v: ValueId) -> Option<bool> {
    let a = constant_value(rw.context(), rw.body(), v)?;
    match *a.kind() {
        pto_ir::AttrKind::Integer { value, ty } if ty.int_width() == Some(1) => {
            Some(value & 1 == 1)
        }
        _ => None,
    }
}

/// `select(c, false, true)` is `xori(c, true)` (`SelectI1ToNot`).
fn select_i1_to_not(op: OpId, rw: &mut PatternRewriter<'_, '_>) -> MatchResult {
    let ctx = rw.context();
    let body = rw.body();
    let (c, t, f) = (
        body.operand(op, 0),
        body.operand(op, 1),
        body.operand(op, 2),
    );
    if i1_constant(rw, t) != Some(false) || i1_constant(rw, f) != Some(true) {
        return no_match();
    }
    let c_ty = body.value_type(c);
    let loc = body.op_loc(op);
    rw.set_insertion_point_before(op);
    let one = create_constant(rw, loc, ctx.int_attr(ctx.int_type(1), 1));
    let new = create(rw, super::XOrIOp::NAME, loc, &[c, one], c_ty, None);
    rw.replace_op(op, &[new]);
    Ok(())
}

/// `select(c, 1, 0)` is `extui(c)` and `select(c, 0, 1)` is `extui(xori(c, 1))`, for
/// scalar integers wider than `i1` (`SelectToExtUI`).
fn select_to_extui(op: OpId, rw: &mut PatternRewriter<'_, '_>) -> MatchResult {
    let ctx = rw.context();
    let body = rw.body();
    let ty = body.value_type(body.result(op, 0));
    if !matches!(ty.kind(), TypeKind::Integer { width, .. } if *width != 1) {
        return no_match();
    }
    let value = |v| int_or_splat(constant_value(ctx, body, v)).map(|(v, _)| v);
    let (c, t, f) = (
        body.operand(op, 0),
        body.operand(op, 1),
        body.operand(op, 2),
    );
    let negate = match (value(t), value(f)) {
        (Some(1), Some(0)) => false,
        (Some(0), Some(1)) => true,
        _ => return rw.notify_match_failure(op, "not a select of 1 and 0"),
    };
    let loc = body.op_loc(op);
    let c_ty = body.value_type(c);
    rw.set_insertion_point_before(op);
    let ext_of = if negate {
        let one = create_constant(rw, loc, ctx.int_attr(c_ty, 1));
        create(rw, super::XOrIOp::NAME, loc, &[c, one], c_ty, None)
    } else {
        c
    };
    let new = create(rw, super::ExtUIOp::NAME, loc, &[ext_of], ty, None);
    rw.replace_op(op, &[new]);
    Ok(())
}

/// An extended op whose second result is unused is the plain op `plain` (without
/// overflow flags), its second result replaced by the first operand
/// (`AddUIExtendedToAddI`, `MulSIExtendedToMulI`, `MulUIExtendedToMulI`).
fn extended_to_plain(op: OpId, rw: &mut PatternRewriter<'_, '_>, plain: &str) -> MatchResult {
    let ctx = rw.context();
    let body = rw.body();
    if body.has_uses(body.result(op, 1)) {
        return no_match();
    }
    let (x, y) = (body.operand(op, 0), body.operand(op, 1));
    let ty = body.value_type(body.result(op, 0));
    let loc = body.op_loc(op);
    rw.set_insertion_point_before(op);
    let new = create(rw, plain, loc, &[x, y], ty, no_flags(ctx));
    rw.replace_op(op, &[new, x]);
    Ok(())
}

/// `mulsi_extended(x, 1)` is `x` and, as the high half, `extsi(cmpi slt, x, 0)`
/// (`MulSIExtendedRHSOne`).
fn mulsi_extended_rhs_one(op: OpId, rw: &mut PatternRewriter<'_, '_>) -> MatchResult {
    let ctx = rw.context();
    let body = rw.body();
    let one = int_or_splat(constant_value(ctx, body, body.operand(op, 1)));
    // `1` must be positive: not the `i1` -1.
    if !one.is_some_and(|(v, w)| v == 1 && w > 1) {
        return no_match();
    }
    let x = body.operand(op, 0);
    let x_ty = body.value_type(x);
    let high_ty = body.value_type(body.result(op, 1));
    let Some(zero) = zero_attr(ctx, x_ty) else {
        return rw.notify_match_failure(op, "no zero of this type");
    };
    let i1_ty = pto_ir::ods::preds::i1_same_shape(ctx, x_ty);
    let loc = body.op_loc(op);
    rw.set_insertion_point_before(op);
    let z = create_constant(rw, loc, zero);
    // slt is predicate 2.
    let slt = ctx.int_attr(ctx.int_type(64), 2);
    let neg = create(
        rw,
        super::CmpIOp::NAME,
        loc,
        &[x, z],
        i1_ty,
        props1(ctx, "predicate", slt),
    );
    let high = create(rw, super::ExtSIOp::NAME, loc, &[neg], high_ty, None);
    rw.replace_op(op, &[x, high]);
    Ok(())
}

/// `arith.select` patterns, in MLIR's order.
pub fn canonicalization_patterns_select(set: &mut RewritePatternSet) {
    add_drr(
        set,
        super::SelectOp::NAME,
        "RedundantSelectFalse",
        2,
        |op, rw| redundant_select(op, rw, 2),
    );
    add_drr(
        set,
        super::SelectOp::NAME,
        "RedundantSelectTrue",
        2,
        |op, rw| redundant_select(op, rw, 1),
    );
    add_drr(
        set,
        super::SelectOp::NAME,
        "SelectNotCond",
        2,
        select_not_cond,
    );
    add_drr(
        set,
        super::SelectOp::NAME,
        "SelectI1ToNot",
        1,
        select_i1_to_not,
    );
    add_drr(
        set,
        super::SelectOp::NAME,
        "SelectToExtUI",
        1,
        select_to_extui,
    );
}
/// `arith.addui_extended` patterns.
pub fn canonicalization_patterns_addui_extended(set: &mut RewritePatternSet) {
    add_drr(
        set,
        super::AddUIExtendedOp::NAME,
        "AddUIExtendedToAddI",
        1,
        |op, rw| extended_to_plain(op, rw, super::AddIOp::NAME),
    );
}
/// `arith.mulsi_extended` patterns.
pub fn canonicalization_patterns_mulsi_extended(set: &mut RewritePatternSet) {
    add_drr(
        set,
        super::MulSIExtendedOp::NAME,
        "MulSIExtendedToMulI",
        1,
        |op, rw| extended_to_plain(op, rw, super::MulIOp::NAME),
    );
    add_drr(
        set,
        super::MulSIExtendedOp::NAME,
        "MulSIExtendedRHSOne",
        1,
        mulsi_extended_rhs_one,
    );
}
/// `arith.mului_extended` patterns.
pub fn canonicalization_patterns_mului_extended(set: &mut RewritePatternSet) {
    add_drr(
        set,
        super::MulUIExtendedOp::NAME,
        "MulUIExtendedToMulI",
        1,
        |op, rw| extended_to_plain(op, rw, super::MulIOp::NAME),
    );
}
