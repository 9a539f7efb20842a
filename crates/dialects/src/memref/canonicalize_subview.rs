//! `memref.subview` canonicalization, after MLIR 22's `MemRefOps.cpp` and
//! `ViewLikeInterface.h`: `OpWithOffsetSizesAndStridesConstantArgumentFolder`
//! (constant offsets, sizes and strides become static, only in the first of the three
//! lists that has constants, as MLIR's short-circuit does; the new subview cast back to
//! the old type), `SubViewOpMemRefCastFolder` (a subview of a foldable `cast` views the
//! cast's source, then casts) and `TrivialSubViewOpFolder` (offsets 0, strides 1 and the
//! source's static sizes: the source, cast if the types differ).

use super::canonicalize::replace_with_cast;
use super::fold::{can_fold_into_consumer, const_int, defined_by};
use super::layout::{
    drop_dims, dropped_dims, in_bounds_slice, infer_subview_type, mixed_list, rank_reduction_mask,
    split_mixed, Mixed,
};
use super::{CastOp, SubViewOp};
use pto_ir::{Body, Context, OpId, Type, ValueId};
use pto_rewrite::{MatchResult, PatternRewriter, RewritePatternSet};

/// A subview's mixed offsets, sizes and strides.
fn lists(body: &Body<'_>, op: OpId) -> [Vec<Mixed>; 3] {
    [
        mixed_list(body, op, "static_offsets", 1),
        mixed_list(body, op, "static_sizes", 2),
        mixed_list(body, op, "static_strides", 3),
    ]
}

/// Creates a subview of `source` with `lists` and type `ty` at the insertion point and
/// replaces `op` by a cast of it to `op`'s type.
fn replace_with_subview_cast<'c>(
    rw: &mut PatternRewriter<'_, 'c>,
    op: OpId,
    source: ValueId,
    lists: &[Vec<Mixed>; 3],
    ty: Type<'c>,
) {
    let ctx = rw.context();
    let (so, o) = split_mixed(&lists[0]);
    let (ss, s) = split_mixed(&lists[1]);
    let (st, t) = split_mixed(&lists[2]);
    let loc = rw.body().op_loc(op);
    let new = rw.build(|b| {
        SubViewOp::build(
            b,
            loc,
            source,
            &o,
            &s,
            &t,
            ty,
            ctx.dense_int_array(64, &so),
            ctx.dense_int_array(64, &ss),
            ctx.dense_int_array(64, &st),
        )
    });
    let value = rw.body().result(new.0, 0);
    replace_with_cast(rw, op, value);
}

/// MLIR's `foldDynamicIndexList`: values defined by constants (non-negative ones only
/// when `non_negative`) become static. True if any did.
fn fold_dynamic_index_list<'c>(
    ctx: &'c Context,
    body: &Body<'c>,
    list: &mut [Mixed],
    non_negative: bool,
) -> bool {
    let mut changed = false;
    for m in list.iter_mut() {
        let Mixed::Value(v) = *m else { continue };
        let Some(c) = const_int(ctx, body, v) else {
            continue;
        };
        if non_negative && c < 0 {
            continue;
        }
        *m = Mixed::Const(c);
        changed = true;
    }
    changed
}

fn statics(list: &[Mixed]) -> Vec<i64> {
    split_mixed(list).0
}

/// `OpWithOffsetSizesAndStridesConstantArgumentFolder` with
/// `SubViewReturnTypeCanonicalizer`: the first of offsets (non-negative constants),
/// sizes (non-negative) and strides (any constant) that has constant values becomes
/// static (MLIR stops at the first list that changes); the new window must stay in
/// bounds and valid; the type drops the dimensions the old subview dropped.
fn constant_argument_folder<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    let ctx = rw.context();
    let body = rw.body();
    let mut l = lists(body, op);
    let changed = fold_dynamic_index_list(ctx, body, &mut l[0], true)
        || fold_dynamic_index_list(ctx, body, &mut l[1], true)
        || fold_dynamic_index_list(ctx, body, &mut l[2], false);
    if !changed {
        return rw.notify_match_failure(op, "no constant operand");
    }
    let source = body.operand(op, 0);
    let src_ty = body.value_type(source);
    let (offsets, sizes, strides) = (statics(&l[0]), statics(&l[1]), statics(&l[2]));
    if in_bounds_slice(src_ty.shape().unwrap_or(&[]), &offsets, &sizes, &strides).is_err() {
        return rw.notify_match_failure(op, "the new subview would be out of bounds");
    }
    let Some(inferred) = infer_subview_type(ctx, src_ty, &offsets, &sizes, &strides) else {
        return rw.notify_match_failure(op, "invalid offsets, sizes or strides");
    };
    let dropped = dropped_dims(body, op);
    let ty = if dropped.iter().any(|&d| d) {
        match drop_dims(ctx, inferred, &dropped) {
            Some(t) => t,
            None => return rw.notify_match_failure(op, "not strided"),
        }
    } else {
        inferred
    };
    replace_with_subview_cast(rw, op, source, &l, ty);
    Ok(())
}

/// `SubViewOpMemRefCastFolder`: with no constant-index operand, a subview of a cast
/// that can fold into its consumer views the cast's source (type inferred from it, the
/// dimensions dropped as before) and is cast back.
fn memref_cast_folder<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    let ctx = rw.context();
    let body = rw.body();
    if body
        .operands(op)
        .any(|v| super::canonicalize::constant_index(ctx, body, v).is_some())
    {
        return rw.notify_match_failure(op, "a constant operand: the constant folder's");
    }
    let source = body.operand(op, 0);
    let Some(cast) = defined_by(body, source, CastOp::NAME) else {
        return rw.notify_match_failure(op, "source is not a cast");
    };
    if !can_fold_into_consumer(body, cast) {
        return rw.notify_match_failure(op, "the cast cannot fold into its consumer");
    }
    let cast_src = body.operand(cast, 0);
    let l = lists(body, op);
    let (offsets, sizes, strides) = (statics(&l[0]), statics(&l[1]), statics(&l[2]));
    let Some(inferred) =
        infer_subview_type(ctx, body.value_type(cast_src), &offsets, &sizes, &strides)
    else {
        return rw.notify_match_failure(op, "invalid offsets, sizes or strides");
    };
    let result_ty = body.value_type(body.result(op, 0));
    let Some(dropped) = rank_reduction_mask(body.value_type(source), result_ty, &l[1]) else {
        return rw.notify_match_failure(op, "no rank reduction mask");
    };
    let Some(ty) = drop_dims(ctx, inferred, &dropped) else {
        return rw.notify_match_failure(op, "not strided");
    };
    replace_with_subview_cast(rw, op, cast_src, &l, ty);
    Ok(())
}

/// `TrivialSubViewOpFolder`: a subview of the whole source (rank kept, offsets 0,
/// strides 1, sizes the static source sizes) is the source, cast to the result type if
/// that differs.
fn trivial_folder<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    let ctx = rw.context();
    let body = rw.body();
    let source = body.operand(op, 0);
    let src_ty = body.value_type(source);
    let res_ty = body.value_type(body.result(op, 0));
    let shape = src_ty.shape().unwrap_or(&[]);
    if shape.len() != res_ty.shape().map_or(0, <[i64]>::len) {
        return rw.notify_match_failure(op, "rank-reducing");
    }
    let value = |m: &Mixed| match *m {
        Mixed::Const(c) => Some(c),
        Mixed::Value(v) => const_int(ctx, body, v),
    };
    let l = lists(body, op);
    let trivial = l[0].iter().all(|m| value(m) == Some(0))
        && l[2].iter().all(|m| value(m) == Some(1))
        && l[1].iter().zip(shape).all(|(m, &d)| value(m) == Some(d));
    if !trivial {
        return rw.notify_match_failure(op, "not a trivial subview");
    }
    if src_ty == res_ty {
        rw.replace_op(op, &[source]);
    } else {
        replace_with_cast(rw, op, source);
    }
    Ok(())
}

/// `memref.subview` patterns, in MLIR's order.
pub fn canonicalization_patterns_subview(set: &mut RewritePatternSet) {
    set.add_fn(
        super::SubViewOp::NAME,
        "OpWithOffsetSizesAndStridesConstantArgumentFolder",
        constant_argument_folder,
    );
    set.add_fn(
        super::SubViewOp::NAME,
        "SubViewOpMemRefCastFolder",
        memref_cast_folder,
    );
    set.add_fn(
        super::SubViewOp::NAME,
        "TrivialSubViewOpFolder",
        trivial_folder,
    );
}
