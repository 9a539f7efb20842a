//! The `arith` folds that change the op in place (MLIR's fold hooks set an operand and
//! return the op's own result), as `FoldInPlaceOpInterface` models: an extension of a like
//! extension extends the inner source, a truncation of a truncation truncates the inner
//! source, and a truncation of an extension whose source is still wider than the result
//! truncates that source (`trunci`, and `truncf` of `extf`); `cmpi` with a constant on
//! the left only swaps its operands and predicate (MLIR's `CmpIOp::fold`). The ops declare
//! `FoldInPlaceOpInterface` in `ArithOps.td`; these are its hooks.

use pto_ir::{Body, Context, OpId, Type};

// The hooks of `DeclareOpInterfaceMethods<Rust_FoldInPlaceOpInterface>` (ArithOps.td).

pub(super) fn fold_in_place_extui<'c>(_: &'c Context, body: &mut Body<'c>, op: OpId) -> bool {
    skip_inner(body, op, &[super::ExtUIOp::NAME])
}

pub(super) fn fold_in_place_extsi<'c>(_: &'c Context, body: &mut Body<'c>, op: OpId) -> bool {
    skip_inner(body, op, &[super::ExtSIOp::NAME])
}

pub(super) fn fold_in_place_trunci<'c>(ctx: &'c Context, body: &mut Body<'c>, op: OpId) -> bool {
    fold_trunci(ctx, body, op)
}

pub(super) fn fold_in_place_truncf<'c>(ctx: &'c Context, body: &mut Body<'c>, op: OpId) -> bool {
    fold_truncf(ctx, body, op)
}

pub(super) fn fold_in_place_cmpi<'c>(ctx: &'c Context, body: &mut Body<'c>, op: OpId) -> bool {
    cmpi_constant_to_rhs(ctx, body, op)
}

/// `cmpi pred, %c, %x` with a constant `%c` becomes `cmpi swapped(pred), %x, %c`.
fn cmpi_constant_to_rhs<'c>(ctx: &'c Context, body: &mut Body<'c>, op: OpId) -> bool {
    use pto_rewrite::fold::constant_value;
    let (l, r) = (body.operand(op, 0), body.operand(op, 1));
    if constant_value(ctx, body, l).is_none() || constant_value(ctx, body, r).is_some() {
        return false;
    }
    let Some(p) = body.attr(op, "predicate") else {
        return false;
    };
    // slt<->sgt, sle<->sge, ult<->ugt, ule<->uge; eq and ne stay.
    let swapped = match p.as_int() {
        Some(2) => 4,
        Some(4) => 2,
        Some(3) => 5,
        Some(5) => 3,
        Some(6) => 8,
        Some(8) => 6,
        Some(7) => 9,
        Some(9) => 7,
        Some(p) => p,
        None => return false,
    };
    let pred_ty = p.ty().unwrap_or(ctx.int_type(64));
    let props = ctx.dict_with(
        body.op_props(op),
        "predicate",
        Some(ctx.int_attr(pred_ty, swapped)),
    );
    body.set_op_props(op, Some(props));
    body.set_operands(op, &[r, l]);
    true
}

/// The op defining `op`'s operand if it is one of `names`.
fn inner(body: &Body<'_>, op: OpId, names: &[&str]) -> Option<OpId> {
    body.defining_op(body.operand(op, 0))
        .filter(|&d| names.contains(&body.op_name(d).as_str()))
}

/// Makes `op` take the operand of its operand's defining op when that is one of `names`.
fn skip_inner(body: &mut Body<'_>, op: OpId, names: &[&str]) -> bool {
    let Some(d) = inner(body, op, names) else {
        return false;
    };
    let src = body.operand(d, 0);
    body.set_operand(op, 0, src);
    true
}

/// The element width of a type.
fn width(t: Type<'_>) -> Option<u32> {
    super::elements::elem_width(super::elements::elem_type(t))
}

/// Whether `op`'s operand is defined by one of `names` whose source is wider than `op`'s
/// result.
fn source_wider(body: &Body<'_>, op: OpId, names: &[&str]) -> bool {
    inner(body, op, names).is_some_and(|d| {
        let src = body.value_type(body.operand(d, 0));
        width(src) > width(body.value_type(body.result(op, 0)))
    })
}

/// `trunci(ext(a))` with `a` wider than the result truncates `a`; `trunci(trunci(a))`
/// truncates `a`.
fn fold_trunci<'c>(_ctx: &'c Context, body: &mut Body<'c>, op: OpId) -> bool {
    let exts = [super::ExtUIOp::NAME, super::ExtSIOp::NAME];
    (source_wider(body, op, &exts) && skip_inner(body, op, &exts))
        || skip_inner(body, op, &[super::TruncIOp::NAME])
}

/// `truncf(extf(a))` with `a` wider than the result truncates `a` (a widening keeps
/// every value of the formats, so the source is representable in the intermediate type).
fn fold_truncf<'c>(_ctx: &'c Context, body: &mut Body<'c>, op: OpId) -> bool {
    source_wider(body, op, &[super::ExtFOp::NAME]) && skip_inner(body, op, &[super::ExtFOp::NAME])
}
