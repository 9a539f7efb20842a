//! The speculatability of the integer divisions (MLIR's `ConditionallySpeculatable`,
//! declared in `ArithOps.td`): dividing by zero is undefined, and so is the signed
//! minimum divided by -1.

use pto_ir::op_interfaces::Speculatability;
use pto_ir::{AttrKind, Attribute, Body, Context, OpId, TypeKind};

pub(super) fn speculatability_divui<'c>(
    ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
) -> Speculatability {
    unsigned_division(ctx, body, op)
}

pub(super) fn speculatability_ceildivui<'c>(
    ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
) -> Speculatability {
    unsigned_division(ctx, body, op)
}

pub(super) fn speculatability_divsi<'c>(
    ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
) -> Speculatability {
    signed_division(ctx, body, op)
}

pub(super) fn speculatability_ceildivsi<'c>(
    ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
) -> Speculatability {
    signed_division(ctx, body, op)
}

/// The bits of an integer constant (scalar, or the splat value of a dense one) and a mask
/// of its width (index: 64 bits).
fn int_bits(a: Attribute<'_>) -> Option<(u128, u128)> {
    let width = |t: pto_ir::Type<'_>| match t.kind() {
        TypeKind::Index => Some(64),
        _ => t.int_width(),
    };
    let mask = |w: u32| {
        if w >= 128 {
            u128::MAX
        } else {
            (1u128 << w) - 1
        }
    };
    match *a.kind() {
        AttrKind::Integer { value, ty } => {
            let m = mask(width(ty)?);
            Some((value as u128 & m, m))
        }
        AttrKind::DenseElements {
            ty,
            splat: true,
            data,
        } => {
            let w = width(ty.element_type()?)?;
            let mut bytes = [0u8; 16];
            let n = (w.div_ceil(8) as usize).clamp(1, 16).min(data.len());
            bytes[..n].copy_from_slice(&data[..n]);
            let m = mask(w);
            Some((u128::from_le_bytes(bytes) & m, m))
        }
        _ => None,
    }
}

/// The divisor (operand 1) as constant bits, if constant.
fn divisor_bits<'c>(ctx: &'c Context, body: &Body<'c>, op: OpId) -> Option<(u128, u128)> {
    if body.num_operands(op) < 2 {
        return None;
    }
    int_bits(pto_rewrite::fold::constant_value(
        ctx,
        body,
        body.operand(op, 1),
    )?)
}

/// Dividing by zero is undefined: speculatable only with a constant non-zero divisor.
fn unsigned_division<'c>(ctx: &'c Context, body: &Body<'c>, op: OpId) -> Speculatability {
    match divisor_bits(ctx, body, op) {
        Some((bits, _)) if bits != 0 => Speculatability::Speculatable,
        _ => Speculatability::NotSpeculatable,
    }
}

/// Signed division is also undefined for the minimum value divided by -1, so the constant
/// divisor must be neither 0 nor -1.
fn signed_division<'c>(ctx: &'c Context, body: &Body<'c>, op: OpId) -> Speculatability {
    match divisor_bits(ctx, body, op) {
        Some((bits, mask)) if bits != 0 && bits != mask => Speculatability::Speculatable,
        _ => Speculatability::NotSpeculatable,
    }
}
