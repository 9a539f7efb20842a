//! The in-place folds of the `vector` memory ops, after MLIR 22's `VectorOps.cpp`:
//! every one reads through a `memref.cast` of a ranked memref (`memref::foldMemRefCast`);
//! `transfer_read`/`transfer_write` first mark dimensions in bounds that constant
//! indices and static sizes prove in bounds (`foldTransferInBoundsAttribute`), then drop
//! an all-true mask (`foldTransferFullMask`). [`mask_format`] classifies masks for these
//! folds and for the masked-op patterns.

use smallvec::SmallVec;

use super::fold::defined_by;
use super::{affine_map_of, bool_array, bool_array_attr, vector_parts};
use crate::arith;
use crate::arith::elements::{elems, Elems};
use crate::memref;
use pto_ir::types::DYNAMIC;
use pto_ir::{AffineExpr, Attribute, Body, Context, OpId, TypeKind, ValueId};
use pto_rewrite::fold::constant_value;

/// What a mask is known to hold (MLIR's `MaskFormat`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum MaskFormat {
    AllTrue,
    AllFalse,
    Unknown,
}

/// Classifies `mask` as MLIR's `getMaskFormat` does: an `arith.constant` whose bits are
/// all set or all clear, a `constant_mask` covering every or no lane, a `create_mask`
/// with a constant size of zero or less (all false; constant sizes otherwise become a
/// `constant_mask` first).
pub(super) fn mask_format(body: &Body<'_>, mask: ValueId) -> MaskFormat {
    if let Some(c) = defined_by(body, mask, arith::ConstantOp::NAME) {
        let bits = match body.attr(c, "value").and_then(elems) {
            Some(Elems::Splat(b) | Elems::Scalar(b)) => vec![b],
            Some(Elems::List(l)) => l,
            None => return MaskFormat::Unknown,
        };
        return if !bits.is_empty() && bits.iter().all(|&b| b != 0) {
            MaskFormat::AllTrue
        } else if !bits.is_empty() && bits.iter().all(|&b| b == 0) {
            MaskFormat::AllFalse
        } else {
            MaskFormat::Unknown
        };
    }
    if let Some(m) = defined_by(body, mask, super::ConstantMaskOp::NAME) {
        let sizes = body
            .attr(m, "mask_dim_sizes")
            .and_then(|a| a.dense_int_values())
            .unwrap_or_default();
        let shape = vector_parts(body.value_type(mask)).map_or(&[][..], |(s, _, _)| s);
        let all_true = sizes.iter().zip(shape).all(|(&s, &d)| s >= d);
        let all_false = sizes.iter().all(|&s| s <= 0);
        return match (all_true, all_false) {
            (true, _) => MaskFormat::AllTrue,
            (_, true) => MaskFormat::AllFalse,
            _ => MaskFormat::Unknown,
        };
    }
    if let Some(m) = defined_by(body, mask, super::CreateMaskOp::NAME) {
        let zero = body.operands(m).any(|v| {
            defined_by(body, v, arith::ConstantOp::NAME)
                .and_then(|c| body.attr(c, "value"))
                .and_then(|a| a.as_int())
                .is_some_and(|s| s <= 0)
        });
        if zero {
            return MaskFormat::AllFalse;
        }
    }
    MaskFormat::Unknown
}

/// `memref::foldMemRefCast`: operands defined by a `memref.cast` of a ranked memref
/// use the cast's source.
fn fold_memref_cast(body: &mut Body<'_>, op: OpId) -> bool {
    let mut folded = false;
    for i in 0..body.num_operands(op) {
        let v = body.operand(op, i);
        let Some(cast) = defined_by(body, v, memref::CastOp::NAME) else {
            continue;
        };
        let src = body.operand(cast, 0);
        if matches!(body.value_type(src).kind(), TypeKind::MemRef { .. }) {
            body.set_operand(op, i, src);
            folded = true;
        }
    }
    folded
}

/// The operand positions of a transfer op: of its base and of its first index.
fn transfer_layout(body: &Body<'_>, op: OpId) -> (usize, usize) {
    if body.op_name(op).as_str() == super::TransferReadOp::NAME {
        (0, 1)
    } else {
        (1, 2)
    }
}

/// `foldTransferInBoundsAttribute`: a dimension reading memory dimension `d` is in
/// bounds when `d` is static, its index a constant and index + vector size <= size;
/// broadcast dimensions are in bounds when all others are. 0-D transfers are left alone.
fn fold_transfer_in_bounds<'c>(ctx: &'c Context, body: &mut Body<'c>, op: OpId) -> bool {
    let Some(map) = body.attr(op, "permutation_map").and_then(affine_map_of) else {
        return false;
    };
    let rank = map.results.len();
    let Some(in_bounds) = body.attr(op, "in_bounds").and_then(bool_array) else {
        return false;
    };
    if rank == 0 || in_bounds.len() != rank {
        return false;
    }
    let (base, first_index) = transfer_layout(body, op);
    let shaped = body.value_type(body.operand(op, base));
    let mem_shape = shaped.shape().unwrap_or(&[]);
    // The vector is the result of a read, the stored value of a write.
    let vector = if base == 0 {
        body.value_type(body.result(op, 0))
    } else {
        body.value_type(body.operand(op, 0))
    };
    let vec_shape = vector_parts(vector).map_or(&[][..], |(s, _, _)| s);
    let mut new: SmallVec<[bool; 4]> = SmallVec::new();
    let mut non_broadcast: SmallVec<[usize; 4]> = SmallVec::new();
    let mut changed = false;
    for (i, expr) in map.results.iter().enumerate() {
        if in_bounds[i] {
            new.push(true);
            continue;
        }
        let mut fits = false;
        if let AffineExpr::Dim(d) = *expr {
            let d = d as usize;
            non_broadcast.push(i);
            let size = mem_shape.get(d).copied().unwrap_or(DYNAMIC);
            let index = constant_value(ctx, body, body.operand(op, first_index + d))
                .and_then(|a| a.as_int())
                .map(|c| c as i64);
            fits = size != DYNAMIC
                && index.is_some_and(|c| {
                    c.checked_add(vec_shape.get(i).copied().unwrap_or(1))
                        .is_some_and(|end| end <= size)
                });
        }
        new.push(fits);
        changed |= fits;
    }
    if non_broadcast.iter().all(|&i| new[i]) {
        for (i, expr) in map.results.iter().enumerate() {
            if *expr == AffineExpr::Const(0) {
                changed |= !new[i];
                new[i] = true;
            }
        }
    }
    if !changed {
        return false;
    }
    set_prop(ctx, body, op, "in_bounds", bool_array_attr(ctx, &new));
    true
}

/// `foldTransferFullMask`: an all-true mask is dropped (it is the last operand).
fn fold_transfer_full_mask<'c>(ctx: &'c Context, body: &mut Body<'c>, op: OpId) -> bool {
    let Some(mut sizes) = body
        .attr(op, "operandSegmentSizes")
        .and_then(|a| a.dense_int_values())
    else {
        return false;
    };
    if sizes.last() != Some(&1) {
        return false;
    }
    let n = body.num_operands(op);
    if mask_format(body, body.operand(op, n - 1)) != MaskFormat::AllTrue {
        return false;
    }
    let operands: SmallVec<[ValueId; 8]> = body.operands(op).take(n - 1).collect();
    body.set_operands(op, &operands);
    if let Some(last) = sizes.last_mut() {
        *last = 0;
    }
    let sizes: SmallVec<[i32; 4]> = sizes.iter().map(|&s| s as i32).collect();
    let seg = pto_ir::ods::format::dense_i32_array(ctx, &sizes);
    set_prop(ctx, body, op, "operandSegmentSizes", seg);
    true
}

/// Sets `op`'s property `name`.
fn set_prop<'c>(ctx: &'c Context, body: &mut Body<'c>, op: OpId, name: &str, value: Attribute<'c>) {
    let props = ctx.dict_with(body.op_props(op), name, Some(value));
    body.set_op_props(op, Some(props));
}

/// The transfer ops' in-place folds, in MLIR's order.
fn fold_transfer<'c>(ctx: &'c Context, body: &mut Body<'c>, op: OpId) -> bool {
    fold_transfer_in_bounds(ctx, body, op)
        || fold_transfer_full_mask(ctx, body, op)
        || fold_memref_cast(body, op)
}

// The hooks of `DeclareOpInterfaceMethods<Rust_FoldInPlaceOpInterface>`.

pub(super) fn fold_in_place_load<'c>(_: &'c Context, body: &mut Body<'c>, op: OpId) -> bool {
    fold_memref_cast(body, op)
}

pub(super) fn fold_in_place_store<'c>(_: &'c Context, body: &mut Body<'c>, op: OpId) -> bool {
    fold_memref_cast(body, op)
}

pub(super) fn fold_in_place_maskedload<'c>(_: &'c Context, body: &mut Body<'c>, op: OpId) -> bool {
    fold_memref_cast(body, op)
}

pub(super) fn fold_in_place_maskedstore<'c>(_: &'c Context, body: &mut Body<'c>, op: OpId) -> bool {
    fold_memref_cast(body, op)
}

pub(super) fn fold_in_place_transfer_read<'c>(
    ctx: &'c Context,
    body: &mut Body<'c>,
    op: OpId,
) -> bool {
    fold_transfer(ctx, body, op)
}

pub(super) fn fold_in_place_transfer_write<'c>(
    ctx: &'c Context,
    body: &mut Body<'c>,
    op: OpId,
) -> bool {
    fold_transfer(ctx, body, op)
}
