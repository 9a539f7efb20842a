//! Canonicalization patterns of the `vector` ops, after MLIR 22's `VectorOps.cpp`:
//! `broadcast` of a `broadcast` broadcasts the inner source (`BroadcastFolder`),
//! `shape_cast` of a `broadcast` is a `broadcast` when the source broadcasts to the
//! result (`ShapeCastBroadcastFolder`), so is a vector `extract` of one
//! (`ExtractOpFromBroadcast`), `create_mask` of constants is a `constant_mask`
//! (`CreateMaskFolder`), and `reduction` of a one-element vector is an `extract`
//! combined with the accumulator (`ElideSingleElementReduction`).

use smallvec::SmallVec;

use super::fold::defined_by;
use super::vector_parts;
use pto_ir::{OpId, ValueId};
use pto_rewrite::{MatchResult, PatternRewriter, RewritePatternSet};

use crate::arith;
use pto_rewrite::fold::constant_value;

/// The constant integer `v` holds, if any.
fn const_index(rw: &PatternRewriter<'_, '_>, v: ValueId) -> Option<i64> {
    constant_value(rw.context(), rw.body(), v)
        .and_then(|a| a.as_int())
        .map(|c| c as i64)
}

/// Replaces `op` by a new `name` op of the same result type on `operands`, at `op`'s
/// location (MLIR's `replaceOpWithNewOp`, which keeps no attributes).
pub(super) fn replace_with<'c>(
    rw: &mut PatternRewriter<'_, 'c>,
    op: OpId,
    name: &str,
    operands: &[ValueId],
) {
    let loc = rw.body().op_loc(op);
    let ty = rw.body().value_type(rw.body().result(op, 0));
    let mut state = rw.state(name, loc);
    state.operands.extend(operands.iter().copied());
    state.result_types.push(ty);
    rw.replace_op_with_new(op, state);
}

/// `BroadcastFolder`.
fn broadcast_folder<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    let src = rw.body().operand(op, 0);
    let Some(inner) = defined_by(rw.body(), src, super::BroadcastOp::NAME) else {
        return rw.notify_match_failure(op, "source is not a broadcast");
    };
    let inner_src = rw.body().operand(inner, 0);
    replace_with(rw, op, super::BroadcastOp::NAME, &[inner_src]);
    Ok(())
}

/// Whether a vector of `src` shape broadcasts to `dst` (MLIR's `isBroadcastableTo`).
pub(super) fn broadcastable(src: &[i64], dst: &[i64]) -> bool {
    src.len() <= dst.len()
        && src
            .iter()
            .rev()
            .zip(dst.iter().rev())
            .all(|(&s, &d)| s == 1 || s == d)
}

/// `ShapeCastBroadcastFolder`: a scalar or a vector that broadcasts to the result is
/// broadcast directly.
fn shape_cast_broadcast<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    rebroadcast(op, rw)
}

/// Replaces `op`, whose source is a `broadcast`, by a `broadcast` of that broadcast's
/// source to `op`'s vector result type, when the source is a scalar or broadcasts to it.
fn rebroadcast<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    let body = rw.body();
    let src = body.operand(op, 0);
    let Some(b) = defined_by(body, src, super::BroadcastOp::NAME) else {
        return rw.notify_match_failure(op, "source is not a broadcast");
    };
    let bsrc = body.operand(b, 0);
    let res_ty = body.value_type(body.result(op, 0));
    let Some((rshape, _, _)) = vector_parts(res_ty) else {
        return rw.notify_match_failure(op, "result is not a vector");
    };
    let fits = match vector_parts(body.value_type(bsrc)) {
        None => true,
        Some((sshape, _, _)) => broadcastable(sshape, rshape),
    };
    if !fits {
        return rw.notify_match_failure(op, "broadcast source does not broadcast to the result");
    }
    replace_with(rw, op, super::BroadcastOp::NAME, &[bsrc]);
    Ok(())
}

/// `ExtractOpFromBroadcast`: a vector extracted from a `broadcast` of a scalar, or of a
/// vector that broadcasts to the result, is that source broadcast to the result.
fn extract_from_broadcast<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    rebroadcast(op, rw)
}

/// `CreateMaskFolder`: constant sizes (clamped to the dimensions; all zero when one
/// is) make a `constant_mask`.
fn create_mask_folder<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    let body = rw.body();
    let ty = body.value_type(body.result(op, 0));
    let Some((shape, scalable, _)) = vector_parts(ty) else {
        return rw.notify_match_failure(op, "not a vector");
    };
    if scalable.iter().any(|&s| s) {
        return rw.notify_match_failure(op, "scalable dimensions");
    }
    let operands: SmallVec<[ValueId; 4]> = body.operands(op).collect();
    let mut sizes: SmallVec<[i64; 4]> = SmallVec::new();
    for (v, &dim) in operands.iter().zip(shape) {
        let Some(c) = const_index(rw, *v) else {
            return rw.notify_match_failure(op, "a size is not a constant");
        };
        sizes.push(c.clamp(0, dim));
    }
    if sizes.contains(&0) {
        sizes.iter_mut().for_each(|s| *s = 0);
    }
    let ctx = rw.context();
    let loc = rw.body().op_loc(op);
    let mut state = rw.state(super::ConstantMaskOp::NAME, loc);
    state.result_types.push(ty);
    state.set_prop(ctx, "mask_dim_sizes", ctx.dense_int_array(64, &sizes));
    rw.replace_op_with_new(op, state);
    Ok(())
}

/// The `arith` op combining two values of a reduction `kind` (MLIR's
/// `makeArithReduction`), if the kind applies to the type.
fn combining_op(kind: &str, float: bool) -> Option<&'static str> {
    Some(match (kind, float) {
        ("add", false) => arith::AddIOp::NAME,
        ("add", true) => arith::AddFOp::NAME,
        ("mul", false) => arith::MulIOp::NAME,
        ("mul", true) => arith::MulFOp::NAME,
        ("minui", false) => arith::MinUIOp::NAME,
        ("minsi", false) => arith::MinSIOp::NAME,
        ("maxui", false) => arith::MaxUIOp::NAME,
        ("maxsi", false) => arith::MaxSIOp::NAME,
        ("and", false) => arith::AndIOp::NAME,
        ("or", false) => arith::OrIOp::NAME,
        ("xor", false) => arith::XOrIOp::NAME,
        ("minnumf", true) => arith::MinNumFOp::NAME,
        ("maxnumf", true) => arith::MaxNumFOp::NAME,
        ("minimumf", true) => arith::MinimumFOp::NAME,
        ("maximumf", true) => arith::MaximumFOp::NAME,
        _ => return None,
    })
}

/// `ElideSingleElementReduction`: the reduction of a one-element vector is its element,
/// combined with the accumulator by the reduction's kind (float ones keep the fastmath
/// flags).
fn elide_single_element_reduction<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    let body = rw.body();
    let src = body.operand(op, 0);
    let src_ty = body.value_type(src);
    let one = vector_parts(src_ty).is_some_and(|(s, _, _)| s.is_empty() || s[0] == 1);
    if !one {
        return rw.notify_match_failure(op, "more than one element");
    }
    let res_ty = body.value_type(body.result(op, 0));
    let kind = body
        .attr(op, "kind")
        .and_then(super::kind_keyword)
        .unwrap_or("");
    let Some(combine) = combining_op(kind, res_ty.is_float()) else {
        return rw.notify_match_failure(op, "unknown combining kind");
    };
    let acc = (body.num_operands(op) > 1).then(|| body.operand(op, 1));
    let fastmath = body.attr(op, "fastmath");
    let ctx = rw.context();
    let loc = rw.body().op_loc(op);
    let rank = vector_parts(src_ty).map_or(0, |(s, _, _)| s.len());
    let pos: SmallVec<[i64; 1]> = (0..rank).map(|_| 0).collect();
    let mut ext = rw.state(super::ExtractOp::NAME, loc);
    ext.operands.push(src);
    ext.result_types.push(res_ty);
    ext.set_prop(ctx, "static_position", ctx.dense_int_array(64, &pos));
    rw.set_insertion_point_before(op);
    let e = rw.create(ext);
    let mut result = rw.body().result(e, 0);
    if let Some(acc) = acc {
        let mut st = rw.state(combine, loc);
        st.operands.extend([result, acc]);
        st.result_types.push(res_ty);
        if let Some(fm) = fastmath.filter(|_| res_ty.is_float()) {
            st.set_prop(ctx, "fastmath", fm);
        }
        let c = rw.create(st);
        result = rw.body().result(c, 0);
    }
    rw.replace_op(op, &[result]);
    Ok(())
}

/// `vector.broadcast` patterns.
pub fn canonicalization_patterns_broadcast(set: &mut RewritePatternSet) {
    set.add_fn(
        super::BroadcastOp::NAME,
        "BroadcastFolder",
        broadcast_folder,
    );
}

/// `vector.extract` patterns.
pub fn canonicalization_patterns_extract(set: &mut RewritePatternSet) {
    set.add_fn(
        super::ExtractOp::NAME,
        "ExtractOpFromBroadcast",
        extract_from_broadcast,
    );
    set.add_fn(
        super::ExtractOp::NAME,
        "ExtractOpFromCreateMask",
        super::canonicalize_mask::extract_from_create_mask,
    );
    set.add_fn(
        super::ExtractOp::NAME,
        "foldExtractFromShapeCastToShapeCast",
        super::canonicalize_mask::extract_from_shape_cast_to_shape_cast,
    );
}

/// `vector.shape_cast` patterns.
pub fn canonicalization_patterns_shape_cast(set: &mut RewritePatternSet) {
    set.add_fn(
        super::ShapeCastOp::NAME,
        "ShapeCastBroadcastFolder",
        shape_cast_broadcast,
    );
    set.add_fn(
        super::ShapeCastOp::NAME,
        "ShapeCastCreateMaskFolderTrailingOneDim",
        super::canonicalize_mask::shape_cast_mask_trailing_one_dim,
    );
}

/// `vector.create_mask` patterns.
pub fn canonicalization_patterns_create_mask(set: &mut RewritePatternSet) {
    set.add_fn(
        super::CreateMaskOp::NAME,
        "CreateMaskFolder",
        create_mask_folder,
    );
}

/// `vector.reduction` patterns.
pub fn canonicalization_patterns_reduction(set: &mut RewritePatternSet) {
    set.add_fn(
        super::ReductionOp::NAME,
        "ElideSingleElementReduction",
        elide_single_element_reduction,
    );
}
