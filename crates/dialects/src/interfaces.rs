//! Interface implementations attached to ops by name (see `ir::op_interfaces`), and the
//! registration of all of them.
//!
//! Kept here rather than in the dialects' modules: the speculatability of the ops whose
//! MLIR definitions declare `ConditionallySpeculatable` with their own rule (integer
//! division may trap on its divisor; `memref.dim` needs an index within the rank), which
//! the ODS tables do not carry. The `scf` models live in `scf::interfaces`, the `arith`
//! in-place folds in `arith::fold_in_place`, the `memref` ones (with `memref.dim`'s
//! speculatability: an op has one model) in `memref::fold`.

use pto_ir::op_interfaces::{OpModels, Speculatability};
use pto_ir::{AttrKind, Attribute, Body, Context, OpId, TypeKind};

/// Attaches every dialect's interface models to `ctx`.
pub fn attach_interface_models(ctx: &mut Context) {
    ctx.attach_op_models(MODELS);
    ctx.attach_op_models(super::scf::interfaces::MODELS);
    ctx.attach_op_models(super::arith::fold_in_place::MODELS);
    ctx.attach_op_models(super::vector::MODELS);
    ctx.attach_op_models(super::vector::MEMORY_MODELS);
    ctx.attach_op_models(super::memref::MODELS);
    ctx.attach_op_models(super::vector::BITCAST_MODELS);
}

const fn speculation(op: &'static str, f: pto_ir::op_interfaces::SpeculatabilityFn) -> OpModels {
    OpModels {
        op,
        speculatability: Some(f),
        loop_regions: None,
        invocation_bounds: None,
        fold_in_place: None,
    }
}

/// The models of this file.
pub static MODELS: &[OpModels] = &[
    speculation("arith.divui", unsigned_division),
    speculation("arith.ceildivui", unsigned_division),
    speculation("arith.divsi", signed_division),
    speculation("arith.ceildivsi", signed_division),
];

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

/// A dimension of a ranked memref, by a constant index below the rank (attached with
/// `memref.dim`'s in-place fold, in `memref::MODELS`).
pub(crate) fn memref_dim<'c>(ctx: &'c Context, body: &Body<'c>, op: OpId) -> Speculatability {
    if body.num_operands(op) < 2 {
        return Speculatability::NotSpeculatable;
    }
    let index =
        pto_rewrite::fold::constant_value(ctx, body, body.operand(op, 1)).and_then(|a| a.as_int());
    let rank = match body.value_type(body.operand(op, 0)).kind() {
        TypeKind::MemRef { shape, .. } => Some(shape.len() as i128),
        _ => None,
    };
    match (index, rank) {
        (Some(i), Some(r)) if i < r => Speculatability::Speculatable,
        _ => Speculatability::NotSpeculatable,
    }
}
