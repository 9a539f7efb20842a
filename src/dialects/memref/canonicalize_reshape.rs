//! Canonicalization of `memref.collapse_shape` and `memref.expand_shape`, after MLIR
//! 22's `MemRefOps.cpp`: `CollapseShapeOpMemRefCastFolder` (a collapse of a cast that can
//! fold into its consumer collapses the cast's source, then casts back when the type
//! changed). Not yet: MLIR's `ComposeReassociativeReshapeOps`,
//! `ComposeCollapseOfExpandOp` and `ComposeExpandOfCollapseOp` (so `expand_shape` has
//! no pattern here).

use super::canonicalize::replace_with_cast;
use super::fold::{can_fold_into_consumer, defined_by};
use super::views::{collapsed_strides, reassociation, strided_memref, Dims};
use super::{CastOp, CollapseShapeOp};
use crate::ir::{Context, OpId, Type, TypeKind, DYNAMIC};
use crate::rewrite::{MatchResult, PatternRewriter, RewritePatternSet};

/// MLIR's `CollapseShapeOp::computeCollapsedType`: each group's size is the product of
/// its sizes (dynamic if one is); no layout for an identity source, else the collapsed
/// strided layout (`None` where MLIR would assert).
fn collapsed_type<'c>(ctx: &'c Context, src: Type<'c>, groups: &[Dims]) -> Option<Type<'c>> {
    let TypeKind::MemRef {
        shape,
        element,
        layout,
        memory_space,
    } = *src.kind()
    else {
        return None;
    };
    let sizes: Vec<i64> = groups
        .iter()
        .map(|g| {
            g.iter().try_fold(1i64, |acc, &d| {
                let s = *shape.get(d as usize)?;
                (s != DYNAMIC && acc != DYNAMIC)
                    .then(|| acc.saturating_mul(s))
                    .or(Some(DYNAMIC))
            })
        })
        .collect::<Option<_>>()?;
    if layout.is_none() {
        return Some(ctx.intern_type(TypeKind::MemRef {
            shape: ctx.alloc_slice(&sizes),
            element,
            layout: None,
            memory_space,
        }));
    }
    let (strides, offset) = src.strides_and_offset()?;
    let new_strides = collapsed_strides(shape, &strides, groups)?;
    Some(strided_memref(ctx, src, &sizes, &new_strides, offset))
}

/// `CollapseShapeOpMemRefCastFolder`.
fn collapse_of_cast<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    let ctx = rw.context();
    let body = rw.body();
    let Some(cast) = defined_by(body, body.operand(op, 0), CastOp::NAME) else {
        return rw.notify_match_failure(op, "source is not a cast");
    };
    if !can_fold_into_consumer(body, cast) {
        return rw.notify_match_failure(op, "the cast cannot fold into its consumer");
    }
    let src = body.operand(cast, 0);
    let groups = reassociation(body, op);
    let Some(new_ty) = collapsed_type(ctx, body.value_type(src), &groups) else {
        return rw.notify_match_failure(op, "cannot collapse the cast's source");
    };
    if new_ty == body.value_type(body.result(op, 0)) {
        rw.modify_op_in_place(op, |b| b.set_operand(op, 0, src));
        return Ok(());
    }
    let attr = body.attr(op, "reassociation");
    let Some(attr) = attr else {
        return rw.notify_match_failure(op, "no reassociation");
    };
    let loc = body.op_loc(op);
    let new = rw.build(|b| CollapseShapeOp::build(b, loc, src, new_ty, attr));
    let value = rw.body().result(new.0, 0);
    replace_with_cast(rw, op, value);
    Ok(())
}

/// `memref.collapse_shape` patterns.
pub fn canonicalization_patterns_collapse_shape(set: &mut RewritePatternSet) {
    set.add_fn(
        "memref.collapse_shape",
        "CollapseShapeOpMemRefCastFolder",
        collapse_of_cast,
    );
}

/// `memref.expand_shape` patterns (none yet).
pub fn canonicalization_patterns_expand_shape(_set: &mut RewritePatternSet) {}
