//! The interface implementations of `scf` ops that transformations query (see
//! `ir::op_interfaces`): the loop regions of `scf.for`, `scf.while` and `scf.parallel`
//! (`LoopLikeOpInterface`), the speculatability of `scf.for` and `scf.if`, how often
//! the regions of `scf.if` and `scf.index_switch` run (`RegionBranchOpInterface`), and
//! `scf.if`'s fold, which swaps its regions in place.

use smallvec::{smallvec, SmallVec};

use crate::arith;
use pto_ir::op_interfaces::{InvocationBounds, Speculatability};
use pto_ir::{AttrKind, Attribute, Body, Context, OpId, RegionId};
use pto_rewrite::fold::constant_value;

// The hooks of the interfaces the ops declare in `SCFOps.td`.

pub(super) fn loop_regions_for(body: &Body<'_>, op: OpId) -> SmallVec<[RegionId; 2]> {
    all_regions(body, op)
}

pub(super) fn loop_regions_while(body: &Body<'_>, op: OpId) -> SmallVec<[RegionId; 2]> {
    all_regions(body, op)
}

pub(super) fn loop_regions_parallel(body: &Body<'_>, op: OpId) -> SmallVec<[RegionId; 2]> {
    all_regions(body, op)
}

pub(super) fn speculatability_for<'c>(
    ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
) -> Speculatability {
    for_speculatability(ctx, body, op)
}

/// `scf.if` may run where its regions may.
pub(super) fn speculatability_if<'c>(_: &'c Context, _: &Body<'c>, _: OpId) -> Speculatability {
    Speculatability::RecursivelySpeculatable
}

pub(super) fn region_invocation_bounds_if<'c>(
    ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
    operands: &[Option<Attribute<'c>>],
) -> Option<SmallVec<[InvocationBounds; 2]>> {
    Some(if_bounds(ctx, body, op, operands))
}

pub(super) fn region_invocation_bounds_index_switch<'c>(
    ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
    operands: &[Option<Attribute<'c>>],
) -> Option<SmallVec<[InvocationBounds; 2]>> {
    Some(switch_bounds(ctx, body, op, operands))
}

pub(super) fn fold_in_place_if<'c>(ctx: &'c Context, body: &mut Body<'c>, op: OpId) -> bool {
    fold_if(ctx, body, op)
}

/// The body of `scf.for` and `scf.parallel`; the "before" and "after" regions of
/// `scf.while`, both run on each iteration.
fn all_regions(body: &Body<'_>, op: OpId) -> SmallVec<[RegionId; 2]> {
    body.regions_of(op).iter().copied().collect()
}

/// An integer constant's value.
fn int_value(a: Option<Attribute<'_>>) -> Option<i128> {
    match *a?.kind() {
        AttrKind::Integer { value, .. } => Some(value),
        _ => None,
    }
}

/// A loop stepping by one terminates whatever its bounds, so it may be speculated if its
/// body may; with any other step it might not terminate.
fn for_speculatability<'c>(ctx: &'c Context, body: &Body<'c>, op: OpId) -> Speculatability {
    let step = (body.num_operands(op) > 2)
        .then(|| pto_rewrite::fold::constant_value(ctx, body, body.operand(op, 2)))
        .flatten();
    if int_value(step) == Some(1) {
        Speculatability::RecursivelySpeculatable
    } else {
        Speculatability::NotSpeculatable
    }
}

/// Each branch runs at most once; with a constant condition, exactly the taken one may.
fn if_bounds<'c>(
    _: &'c Context,
    body: &Body<'c>,
    op: OpId,
    operands: &[Option<Attribute<'c>>],
) -> SmallVec<[InvocationBounds; 2]> {
    let at_most = |n| InvocationBounds {
        lower: 0,
        upper: Some(n),
    };
    let mut bounds: SmallVec<[InvocationBounds; 2]> =
        match int_value(operands.first().copied().flatten()) {
            Some(c) => smallvec![at_most(u32::from(c != 0)), at_most(u32::from(c == 0))],
            None => smallvec![at_most(1), at_most(1)],
        };
    bounds.truncate(body.regions_of(op).len());
    bounds
}

/// Each region runs at most once; with a constant selector, only the region MLIR
/// designates may (the matching case's index among the regions, the last one when no
/// case matches).
fn switch_bounds<'c>(
    _: &'c Context,
    body: &Body<'c>,
    op: OpId,
    operands: &[Option<Attribute<'c>>],
) -> SmallVec<[InvocationBounds; 2]> {
    let n = body.regions_of(op).len();
    let Some(selector) = int_value(operands.first().copied().flatten()) else {
        return (0..n)
            .map(|_| InvocationBounds {
                lower: 0,
                upper: Some(1),
            })
            .collect();
    };
    let cases = body
        .attr(op, "cases")
        .and_then(|a| a.dense_int_values())
        .unwrap_or_default();
    let live = cases
        .iter()
        .position(|&c| i128::from(c) == selector)
        .unwrap_or(n.saturating_sub(1));
    (0..n)
        .map(|i| InvocationBounds {
            lower: 0,
            upper: Some(u32::from(i == live)),
        })
        .collect()
}

/// `scf.if` on `arith.xori %c, true` with an else region becomes `scf.if %c` with the
/// regions swapped (MLIR's `IfOp::fold`, in place).
fn fold_if<'c>(ctx: &'c Context, body: &mut Body<'c>, op: OpId) -> bool {
    let regions = body.regions_of(op);
    let (then_r, else_r) = match *regions {
        [t, e] => (t, e),
        _ => return false,
    };
    if body.entry_block(else_r).is_none() {
        return false;
    }
    let Some(xor) = body
        .defining_op(body.operand(op, 0))
        .filter(|&d| body.op_name(d).as_str() == arith::XOrIOp::NAME)
    else {
        return false;
    };
    if int_value(constant_value(ctx, body, body.operand(xor, 1))) != Some(1) {
        return false;
    }
    let cond = body.operand(xor, 0);
    body.set_operand(op, 0, cond);
    let tmp = body.create_region();
    body.inline_region_before(then_r, tmp, None);
    body.inline_region_before(else_r, then_r, None);
    body.inline_region_before(tmp, else_r, None);
    true
}
