//! Masks in `convert-vector-to-llvm`, as MLIR lowers them. In the vector-to-vector
//! phase: a 1-D transfer that may run out of bounds gets the mask of its in-bounds
//! lanes (`MaterializeTransferMask`: `create_mask` of the dimension less the index,
//! and-ed with its own mask) and becomes in bounds, so that it lowers to a masked
//! load or store; `constant_mask` becomes a dense constant; a 1-D `create_mask` becomes
//! a comparison of the lane indices (in i32, MLIR's `force-32bit-vector-indices`
//! default) with the broadcast bound; an n-D one selects its rows
//! (`CreateMaskOpLowering`). Then `maskedload`/`maskedstore` convert to
//! `llvm.intr.masked.load`/`llvm.intr.masked.store`.

use smallvec::SmallVec;

use super::abi_alignment;
use crate::memref_to_llvm::strided_element_ptr;
use pto_dialects::arith::{AndIOp, CmpIOp, ConstantOp, IndexCastOp, SelectOp, SubIOp};
use pto_dialects::llvm;
use pto_dialects::memref;
use pto_dialects::memref::layout::layout;
use pto_dialects::vector;
use pto_dialects::vector::{
    bool_array, bool_array_attr, vector_parts, BroadcastOp, CreateMaskOp, InsertOp, TransferReadOp,
    TransferWriteOp,
};
use pto_ir::{OpId, ValueId, DYNAMIC};
use pto_rewrite::conversion::{ConversionPatternRewriter, ConversionPatternSet};
use pto_rewrite::{MatchResult, PatternRewriter, RewritePatternSet};

/// `arith.cmpi`'s `slt`.
const SLT: i128 = 2;

/// The first result of an op built by `$e` (an op wrapper or an `OpId`).
macro_rules! res {
    ($b:ident, $e:expr) => {{
        let op = $e;
        $b.body().result(op, 0)
    }};
}

/// Adds the vector-to-vector mask rewrites.
pub(super) fn add_mask_rewrites(set: &mut RewritePatternSet) {
    set.add_fn(
        vector::TransferReadOp::NAME,
        "MaterializeTransferMask",
        materialize_transfer_mask,
    )
    .add_fn(
        vector::TransferWriteOp::NAME,
        "MaterializeTransferMask",
        materialize_transfer_mask,
    )
    .add_fn(
        vector::ConstantMaskOp::NAME,
        "ConstantMaskOpLowering",
        constant_mask_to_constant,
    )
    .add_fn(
        vector::CreateMaskOp::NAME,
        "VectorCreateMaskOpConversion",
        create_mask_1d,
    )
    .add_fn(
        vector::CreateMaskOp::NAME,
        "CreateMaskOpLowering",
        create_mask_nd,
    );
}

fn materialize_transfer_mask<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    let body = rw.body();
    let in_bounds = body
        .attr(op, "in_bounds")
        .and_then(bool_array)
        .unwrap_or_default();
    if in_bounds.iter().all(|&b| b) {
        return rw.notify_match_failure(op, "no out-of-bounds dimension");
    }
    let read = body.op_name(op).as_str() == TransferReadOp::NAME;
    let (base, indices, mask, vector) = if read {
        let r = TransferReadOp(op);
        let v = body.value_type(body.result(op, 0));
        (r.base(body), r.indices(body), r.mask(body), v)
    } else {
        let w = TransferWriteOp(op);
        let v = body.value_type(w.value_to_store(body));
        (w.base(body), w.indices(body), w.mask(body), v)
    };
    let Some((shape, scalable, _)) = vector_parts(vector) else {
        return rw.notify_match_failure(op, "not a vector");
    };
    if shape.len() > 1 || indices.is_empty() {
        return rw.notify_match_failure(op, "not a 1-D transfer with indices");
    }
    let Some(base_shape) = body.value_type(base).shape().map(<[i64]>::to_vec) else {
        return rw.notify_match_failure(op, "base is not shaped");
    };
    let Some(map) = body.attr(op, "permutation_map") else {
        return rw.notify_match_failure(op, "no permutation map");
    };
    let last = indices.len() - 1;
    let off = indices[last];
    let ctx = rw.context();
    let loc = body.op_loc(op);
    let index = ctx.index_type();
    let mask_ty = ctx.scalable_vector_type(shape, scalable, ctx.int_type(1));
    let in_bounds = bool_array_attr(ctx, &vec![true; in_bounds.len()]);
    let (value, pad) = if read {
        (None, Some(TransferReadOp(op).padding(body)))
    } else {
        (Some(TransferWriteOp(op).value_to_store(body)), None)
    };
    let result_ty =
        (!read && body.num_results(op) == 1).then(|| body.value_type(body.result(op, 0)));
    rw.set_insertion_point_before(op);
    let new = rw.build(|b| {
        // MLIR's createOrFoldDimOp: a static size is a constant.
        let dim = match base_shape.get(last) {
            Some(&d) if d != DYNAMIC => {
                res!(
                    b,
                    ConstantOp::build(b, loc, index, ctx.int_attr(index, i128::from(d))).0
                )
            }
            _ => {
                let at = ConstantOp::build(b, loc, index, ctx.int_attr(index, last as i128));
                let at = res!(b, at.0);
                let mut st = b.state(memref::DimOp::NAME, loc);
                st.operands.extend([base, at]);
                st.result_types.push(index);
                let d = b.create(st);
                res!(b, d)
            }
        };
        let n = res!(b, SubIOp::build(b, loc, dim, off, index, None).0);
        let mut m = res!(b, CreateMaskOp::build(b, loc, &[n], mask_ty).0);
        if let Some(own) = mask {
            m = res!(b, AndIOp::build(b, loc, m, own, mask_ty).0);
        }
        match (value, pad) {
            (None, Some(pad)) => {
                TransferReadOp::build(b, loc, base, &indices, pad, Some(m), vector, map, in_bounds)
                    .0
            }
            _ => {
                let v = value.unwrap_or(base);
                TransferWriteOp::build(
                    b,
                    loc,
                    v,
                    base,
                    &indices,
                    Some(m),
                    result_ty,
                    map,
                    in_bounds,
                )
                .0
            }
        }
    });
    let results: SmallVec<[ValueId; 1]> = rw.body().results(new).collect();
    rw.replace_op(op, &results);
    Ok(())
}

/// `vector.constant_mask` is the dense constant of its lanes.
fn constant_mask_to_constant<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    let body = rw.body();
    let ty = body.value_type(body.result(op, 0));
    let Some((shape, scalable, _)) = vector_parts(ty) else {
        return rw.notify_match_failure(op, "not a vector");
    };
    if scalable.iter().any(|&s| s) {
        return rw.notify_match_failure(op, "scalable mask");
    }
    let sizes = body
        .attr(op, "mask_dim_sizes")
        .and_then(|a| a.dense_int_values())
        .unwrap_or_default();
    let n: i64 = shape.iter().product();
    let mut lanes = Vec::with_capacity(n as usize);
    let mut idx = vec![0i64; shape.len()];
    for _ in 0..n {
        lanes.push(i64::from(idx.iter().zip(&sizes).all(|(i, s)| i < s)));
        for d in (0..shape.len()).rev() {
            idx[d] += 1;
            if idx[d] < shape[d] {
                break;
            }
            idx[d] = 0;
        }
    }
    let ctx = rw.context();
    let value = ctx.dense_int_elements(ty, &lanes);
    let loc = body.op_loc(op);
    rw.set_insertion_point_before(op);
    let c = rw.build(|b| res!(b, ConstantOp::build(b, loc, ty, value).0));
    rw.replace_op(op, &[c]);
    Ok(())
}

/// A 1-D (or 0-D) `create_mask`: `[0, 1, ..., n-1] < broadcast(bound)` in i32.
fn create_mask_1d<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    let body = rw.body();
    let ty = body.value_type(body.result(op, 0));
    let Some((shape, scalable, _)) = vector_parts(ty) else {
        return rw.notify_match_failure(op, "not a vector");
    };
    if shape.len() > 1 || scalable.iter().any(|&s| s) {
        return rw.notify_match_failure(op, "rank > 1 or scalable");
    }
    let bound = body.operand(op, 0);
    let ctx = rw.context();
    let i32t = ctx.int_type(32);
    let idx_ty = ctx.scalable_vector_type(shape, scalable, i32t);
    let n = shape.first().copied().unwrap_or(1);
    let lanes: Vec<i64> = (0..n).collect();
    let indices = ctx.dense_int_elements(idx_ty, &lanes);
    let slt = ctx.int_attr(ctx.int_type(64), SLT);
    let loc = body.op_loc(op);
    rw.set_insertion_point_before(op);
    let m = rw.build(|b| {
        let c = res!(b, ConstantOp::build(b, loc, idx_ty, indices).0);
        let bound = res!(b, IndexCastOp::build(b, loc, bound, i32t).0);
        let bounds = res!(b, BroadcastOp::build(b, loc, bound, idx_ty).0);
        res!(b, CmpIOp::build(b, loc, c, bounds, ty, slt).0)
    });
    rw.replace_op(op, &[m]);
    Ok(())
}

/// An n-D `create_mask`: row `d` is the mask of the other sizes if `d < size[0]`, else
/// all clear.
fn create_mask_nd<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    let body = rw.body();
    let ty = body.value_type(body.result(op, 0));
    let Some((shape, scalable, elt)) = vector_parts(ty) else {
        return rw.notify_match_failure(op, "not a vector");
    };
    if shape.len() <= 1 || scalable[0] {
        return rw.notify_match_failure(op, "rank <= 1 or scalable leading dimension");
    }
    let operands: SmallVec<[ValueId; 4]> = body.operands(op).collect();
    let ctx = rw.context();
    let low = ctx.scalable_vector_type(&shape[1..], &scalable[1..], elt);
    let zeros_low = ctx.dense_int_elements(low, &[0]);
    let zeros = ctx.dense_int_elements(ty, &[0]);
    let index = ctx.index_type();
    let slt = ctx.int_attr(ctx.int_type(64), SLT);
    let i1 = ctx.int_type(1);
    let dim = shape[0];
    let loc = body.op_loc(op);
    rw.set_insertion_point_before(op);
    let v = rw.build(|b| {
        let t = res!(b, CreateMaskOp::build(b, loc, &operands[1..], low).0);
        let f = res!(b, ConstantOp::build(b, loc, low, zeros_low).0);
        let mut acc = res!(b, ConstantOp::build(b, loc, ty, zeros).0);
        for d in 0..dim {
            let bnd = res!(
                b,
                ConstantOp::build(b, loc, index, ctx.int_attr(index, i128::from(d))).0
            );
            let val = res!(b, CmpIOp::build(b, loc, bnd, operands[0], i1, slt).0);
            let sel = res!(b, SelectOp::build(b, loc, val, t, f, low).0);
            let pos = ctx.dense_int_array(64, &[d]);
            acc = res!(b, InsertOp::build(b, loc, sel, acc, &[], ty, pos).0);
        }
        acc
    });
    rw.replace_op(op, &[v]);
    Ok(())
}

// ---- conversion -----------------------------------------------------------------------------

/// Adds the conversions of `maskedload`/`maskedstore`.
pub(super) fn populate(set: &mut ConversionPatternSet) {
    set.add_op::<vector::MaskedLoadOp>("VectorMaskedLoadOpConversion", lower_maskedload)
        .add_op::<vector::MaskedStoreOp>("VectorMaskedStoreOpConversion", lower_maskedstore);
}

/// The element pointer of a masked access and its alignment (the op's, else the
/// element's ABI alignment).
fn masked_access<'c>(
    rw: &mut ConversionPatternRewriter<'_, 'c>,
    op: OpId,
    memref: ValueId,
    desc: ValueId,
    indices: &[ValueId],
) -> Option<(ValueId, u64)> {
    let body = rw.body();
    let l = layout(body.value_type(memref))?;
    if l.strides.last().is_some_and(|&s| s != 1) {
        return None;
    }
    let elem = rw.convert_type(l.element)?;
    let align = body
        .attr(op, "alignment")
        .and_then(|a| a.as_int())
        .map_or_else(|| abi_alignment(l.element), |a| a as u64);
    let loc = body.op_loc(op);
    rw.set_insertion_point_before(op);
    let p = rw.build(|b| strided_element_ptr(b, loc, &l, elem, desc, indices, false));
    Some((p, align))
}

fn lower_maskedload<'c>(
    op: vector::MaskedLoadOp,
    adaptor: vector::MaskedLoadOpAdaptor<'_>,
    rw: &mut ConversionPatternRewriter<'_, 'c>,
) -> MatchResult {
    lower_masked(op.0, adaptor.all_operands(), rw, true)
}

fn lower_maskedstore<'c>(
    op: vector::MaskedStoreOp,
    adaptor: vector::MaskedStoreOpAdaptor<'_>,
    rw: &mut ConversionPatternRewriter<'_, 'c>,
) -> MatchResult {
    lower_masked(op.0, adaptor.all_operands(), rw, false)
}

/// `maskedload` (`memref[indices], mask, pass_thru`) or `maskedstore` (`memref[indices],
/// mask, value`) as the `llvm` intrinsic, on the element pointer.
fn lower_masked<'c>(
    op: OpId,
    operands: &[ValueId],
    rw: &mut ConversionPatternRewriter<'_, 'c>,
    load: bool,
) -> MatchResult {
    let body = rw.body();
    let n = operands.len();
    let (mask, last) = (operands[n - 2], operands[n - 1]);
    let vector = if load {
        body.value_type(body.result(op, 0))
    } else {
        body.value_type(body.operand(op, n - 1))
    };
    let Some(ty) = rw.convert_type(vector).filter(|t| t.shape().is_some()) else {
        return rw.notify_match_failure(op, "not a 1-D vector");
    };
    let Some((p, align)) = masked_access(
        rw,
        op,
        body.operand(op, 0),
        operands[0],
        &operands[1..n - 2],
    ) else {
        return rw.notify_match_failure(op, "not a unit-stride strided memref");
    };
    let ctx = rw.context();
    let loc = rw.body().op_loc(op);
    let new = rw.build(|b| {
        let a = ctx.int_attr(ctx.int_type(32), i128::from(align));
        let mut st = if load {
            let mut st = b.state(llvm::MaskedLoadOp::NAME, loc);
            st.operands.extend([p, mask, last]);
            st.result_types.push(ty);
            st
        } else {
            let mut st = b.state(llvm::MaskedStoreOp::NAME, loc);
            st.operands.extend([last, p, mask]);
            st
        };
        st.set_prop(ctx, "alignment", a);
        b.create(st)
    });
    if load {
        let v = rw.body().result(new, 0);
        rw.replace_op(op, &[v]);
    } else {
        rw.erase_op(op);
    }
    Ok(())
}
