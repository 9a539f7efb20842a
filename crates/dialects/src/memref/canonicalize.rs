//! Canonicalization patterns of the `memref` ops, after MLIR 22's `MemRefOps.cpp`:
//! `alloc`/`alloca` (`SimplifyAllocConst`: constant non-negative sizes become static
//! dimensions, cast back to the old type; `SimplifyDeadAlloc`: an allocation only
//! stored into and freed goes with those ops), `copy` (`FoldEmptyCopy`,
//! `FoldSelfCopy`), `view` (`ViewOpShapeFolder`, `ViewOpMemrefCastFolder`) and
//! `reinterpret_cast` (`ReinterpretCastOpExtractStridedMetadataFolder`,
//! `ReinterpretCastOpConstantFolder`). `subview`'s are in `canonicalize_subview.rs`,
//! the reshapes' in `canonicalize_reshape.rs`.

use smallvec::SmallVec;

use super::fold::{const_int, defined_by, is_ranked};
use super::layout::{mixed_list, split_mixed, with_shape, Mixed};
use super::{AllocOp, AllocaOp, CastOp, ReinterpretCastOp, ViewOp};
use crate::arith;
use pto_ir::{Body, Context, OpId, Type, ValueId, DYNAMIC};
use pto_rewrite::{MatchResult, PatternRewriter, RewritePatternSet};

// ---- helpers -------------------------------------------------------------------------------

/// Replaces `op` by a `memref.cast` of `value` to `op`'s result type (MLIR's
/// `replaceOpWithNewOp<CastOp>`).
pub(crate) fn replace_with_cast<'c>(rw: &mut PatternRewriter<'_, 'c>, op: OpId, value: ValueId) {
    let loc = rw.body().op_loc(op);
    let ty = rw.body().value_type(rw.body().result(op, 0));
    let cast = rw.build(|b| CastOp::build(b, loc, value, ty));
    let result = rw.body().result(cast.0, 0);
    rw.replace_op(op, &[result]);
}

/// MLIR's `matchConstantIndex`: an `arith.constant` of type `index`, and its value.
pub(crate) fn constant_index<'c>(ctx: &'c Context, body: &Body<'c>, v: ValueId) -> Option<i64> {
    let c = defined_by(body, v, arith::ConstantOp::NAME)?;
    if body.value_type(v) != ctx.index_type() {
        return None;
    }
    const_int(ctx, body, body.result(c, 0))
}

// ---- alloc / alloca ------------------------------------------------------------------------

/// `SimplifyAllocConst`: dynamic sizes given by non-negative integer constants become
/// static dimensions; the new allocation (same symbols and alignment, no other
/// attributes) is cast back to the old type.
fn simplify_alloc_const<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    let ctx = rw.context();
    let body = rw.body();
    let alloca = body.op_name(op).as_str() == AllocaOp::NAME;
    let (sizes, symbols) = if alloca {
        (
            AllocaOp(op).dynamic_sizes(body),
            AllocaOp(op).symbol_operands(body),
        )
    } else {
        (
            AllocOp(op).dynamic_sizes(body),
            AllocOp(op).symbol_operands(body),
        )
    };
    let folded = |v: ValueId| const_int(ctx, body, v).filter(|&c| c >= 0);
    if !sizes.iter().any(|&v| folded(v).is_some()) {
        return rw.notify_match_failure(op, "no constant non-negative size");
    }
    let ty = body.value_type(body.result(op, 0));
    let mut shape: SmallVec<[i64; 4]> = SmallVec::new();
    let mut dynamic: SmallVec<[ValueId; 4]> = SmallVec::new();
    let mut next = sizes.iter();
    for &d in ty.shape().unwrap_or(&[]) {
        if d != DYNAMIC {
            shape.push(d);
            continue;
        }
        let Some(&v) = next.next() else {
            return rw.notify_match_failure(op, "too few dynamic sizes");
        };
        match folded(v) {
            Some(c) => shape.push(c),
            None => {
                shape.push(DYNAMIC);
                dynamic.push(v);
            }
        }
    }
    let new_ty = with_shape(ctx, ty, &shape);
    let alignment = body.attr(op, "alignment");
    let loc = body.op_loc(op);
    let new = rw.build(|b| {
        if alloca {
            AllocaOp::build(b, loc, &dynamic, &symbols, new_ty, alignment).0
        } else {
            AllocOp::build(b, loc, &dynamic, &symbols, new_ty, alignment).0
        }
    });
    let value = rw.body().result(new, 0);
    replace_with_cast(rw, op, value);
    Ok(())
}

/// `SimplifyDeadAlloc`: an allocation whose only users store other values into it or
/// free it is erased with those users.
fn simplify_dead_alloc<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    let body = rw.body();
    let alloc = body.result(op, 0);
    let uses: SmallVec<[OpId; 4]> = body.uses(alloc).map(|(u, _)| u).collect();
    let mut users: SmallVec<[OpId; 4]> = SmallVec::new();
    for user in uses {
        let ok = match body.op_name(user).as_str() {
            super::StoreOp::NAME => body.operand(user, 0) != alloc,
            super::DeallocOp::NAME => true,
            _ => false,
        };
        if !ok {
            return rw.notify_match_failure(op, "the allocation has other users");
        }
        if !users.contains(&user) {
            users.push(user);
        }
    }
    for user in users {
        rw.erase_op(user);
    }
    rw.erase_op(op);
    Ok(())
}

/// `memref.alloc` patterns.
pub fn canonicalization_patterns_alloc(set: &mut RewritePatternSet) {
    set.add_fn(
        super::AllocOp::NAME,
        "SimplifyAllocConst",
        simplify_alloc_const,
    );
    set.add_fn(
        super::AllocOp::NAME,
        "SimplifyDeadAlloc",
        simplify_dead_alloc,
    );
}

/// `memref.alloca` patterns.
pub fn canonicalization_patterns_alloca(set: &mut RewritePatternSet) {
    set.add_fn(
        super::AllocaOp::NAME,
        "SimplifyAllocConst",
        simplify_alloc_const,
    );
    set.add_fn(
        super::AllocaOp::NAME,
        "SimplifyDeadAlloc",
        simplify_dead_alloc,
    );
}

// ---- copy ----------------------------------------------------------------------------------

/// `FoldEmptyCopy`: a copy from or to a ranked memref with a dimension of size 0.
fn fold_empty_copy<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    let body = rw.body();
    let empty = body.operands(op).any(|v| {
        let t = body.value_type(v);
        is_ranked(t) && t.shape().is_some_and(|s| s.contains(&0))
    });
    if !empty {
        return rw.notify_match_failure(op, "no empty memref");
    }
    rw.erase_op(op);
    Ok(())
}

/// `FoldSelfCopy`: a copy of a memref to itself.
fn fold_self_copy<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    let body = rw.body();
    if body.operand(op, 0) != body.operand(op, 1) {
        return rw.notify_match_failure(op, "not a self copy");
    }
    rw.erase_op(op);
    Ok(())
}

/// `memref.copy` patterns.
pub fn canonicalization_patterns_copy(set: &mut RewritePatternSet) {
    set.add_fn(super::CopyOp::NAME, "FoldEmptyCopy", fold_empty_copy);
    set.add_fn(super::CopyOp::NAME, "FoldSelfCopy", fold_self_copy);
}

// ---- view ----------------------------------------------------------------------------------

/// `ViewOpShapeFolder`: dynamic sizes given by `arith.constant`s of type `index` become
/// static dimensions, the new view cast back to the old type (when some operand is
/// such a constant and the type changes).
fn view_shape_folder<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    let ctx = rw.context();
    let body = rw.body();
    if !body
        .operands(op)
        .any(|v| constant_index(ctx, body, v).is_some())
    {
        return rw.notify_match_failure(op, "no constant index operand");
    }
    let v = ViewOp(op);
    let ty = body.value_type(body.result(op, 0));
    if ty.strides_and_offset().is_none() {
        return rw.notify_match_failure(op, "not strided");
    }
    let sizes = v.sizes(body);
    let mut next = sizes.iter();
    let mut shape: SmallVec<[i64; 4]> = SmallVec::new();
    let mut operands: SmallVec<[ValueId; 4]> = SmallVec::new();
    for &d in ty.shape().unwrap_or(&[]) {
        if d != DYNAMIC {
            shape.push(d);
            continue;
        }
        let Some(&s) = next.next() else {
            return rw.notify_match_failure(op, "too few sizes");
        };
        match constant_index(ctx, body, s) {
            Some(c) => shape.push(c),
            None => {
                shape.push(d);
                operands.push(s);
            }
        }
    }
    let new_ty = with_shape(ctx, ty, &shape);
    if new_ty == ty {
        return rw.notify_match_failure(op, "no size to fold");
    }
    let (source, shift) = (v.source(body), v.byte_shift(body));
    let loc = body.op_loc(op);
    let new = rw.build(|b| ViewOp::build(b, loc, source, shift, &operands, new_ty));
    let value = rw.body().result(new.0, 0);
    replace_with_cast(rw, op, value);
    Ok(())
}

/// `ViewOpMemrefCastFolder`: a view of a cast of an `alloc` views the allocation.
fn view_memref_cast_folder<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    let body = rw.body();
    let v = ViewOp(op);
    let Some(cast) = defined_by(body, v.source(body), CastOp::NAME) else {
        return rw.notify_match_failure(op, "source is not a cast");
    };
    let alloc = body.operand(cast, 0);
    if defined_by(body, alloc, AllocOp::NAME).is_none() {
        return rw.notify_match_failure(op, "cast source is not an alloc");
    }
    let (shift, sizes) = (v.byte_shift(body), v.sizes(body));
    let ty = body.value_type(body.result(op, 0));
    let loc = body.op_loc(op);
    let new = rw.build(|b| ViewOp::build(b, loc, alloc, shift, &sizes, ty));
    let value = rw.body().result(new.0, 0);
    rw.replace_op(op, &[value]);
    Ok(())
}

/// `memref.view` patterns.
pub fn canonicalization_patterns_view(set: &mut RewritePatternSet) {
    set.add_fn(super::ViewOp::NAME, "ViewOpShapeFolder", view_shape_folder);
    set.add_fn(
        super::ViewOp::NAME,
        "ViewOpMemrefCastFolder",
        view_memref_cast_folder,
    );
}

// ---- reinterpret_cast ----------------------------------------------------------------------

/// MLIR's `constifyIndexValues`: entries the type fixes (`statics`) become those
/// constants, values defined by constants become constants.
fn constify<'c>(ctx: &'c Context, body: &Body<'c>, list: &mut [Mixed], statics: &[i64]) {
    for (m, &s) in list.iter_mut().zip(statics) {
        if s != DYNAMIC {
            *m = Mixed::Const(s);
        } else if let Mixed::Value(v) = *m {
            if let Some(c) = const_int(ctx, body, v) {
                *m = Mixed::Const(c);
            }
        }
    }
}

/// The offset, sizes and strides a memref of type `ty` is known to have, given the
/// values `offset`, `sizes`, `strides` that hold them (MLIR's `getConstifiedMixed*`).
fn constified<'c>(
    ctx: &'c Context,
    body: &Body<'c>,
    ty: Type<'c>,
    mut offset: Vec<Mixed>,
    mut sizes: Vec<Mixed>,
    mut strides: Vec<Mixed>,
) -> Option<(Vec<Mixed>, Vec<Mixed>, Vec<Mixed>)> {
    let (type_strides, type_offset) = ty.strides_and_offset()?;
    constify(ctx, body, &mut offset, &[type_offset]);
    constify(ctx, body, &mut sizes, ty.shape()?);
    constify(ctx, body, &mut strides, &type_strides);
    Some((offset, sizes, strides))
}

/// A `reinterpret_cast`'s mixed offset, sizes and strides.
fn reinterpret_cast_lists(body: &Body<'_>, op: OpId) -> (Vec<Mixed>, Vec<Mixed>, Vec<Mixed>) {
    (
        mixed_list(body, op, "static_offsets", 1),
        mixed_list(body, op, "static_sizes", 2),
        mixed_list(body, op, "static_strides", 3),
    )
}

/// `ReinterpretCastOpExtractStridedMetadataFolder`: a `reinterpret_cast` of the base
/// buffer of an `extract_strided_metadata` that rebuilds the same offset, sizes and
/// strides is its source (cast to the result type if that differs); otherwise it reads
/// the metadata's source directly.
fn reinterpret_cast_of_metadata<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    let ctx = rw.context();
    let body = rw.body();
    let Some(md) = defined_by(
        body,
        body.operand(op, 0),
        super::ExtractStridedMetadataOp::NAME,
    ) else {
        return rw.notify_match_failure(op, "source is not an extract_strided_metadata");
    };
    let src = body.operand(md, 0);
    let rank = (body.num_results(md) - 2) / 2;
    let results: Vec<Mixed> = body.results(md).map(Mixed::Value).collect();
    let md_known = constified(
        ctx,
        body,
        body.value_type(src),
        results[1..2].to_vec(),
        results[2..2 + rank].to_vec(),
        results[2 + rank..].to_vec(),
    );
    let (o, s, t) = reinterpret_cast_lists(body, op);
    let result_ty = body.value_type(body.result(op, 0));
    let rc_known = constified(ctx, body, result_ty, o, s, t);
    let noop = match (md_known, rc_known) {
        (Some((mo, ms, mt)), Some((ro, rs, rt))) => mt == rt && ms == rs && mo == ro,
        _ => false,
    };
    if !noop {
        rw.modify_op_in_place(op, |b| b.set_operand(op, 0, src));
        return Ok(());
    }
    if body.value_type(src) == result_ty {
        rw.replace_op(op, &[src]);
    } else {
        replace_with_cast(rw, op, src);
    }
    Ok(())
}

/// `ReinterpretCastOpConstantFolder`: entries the result type or constants fix become
/// static; the new `reinterpret_cast` (its type inferred, a strided layout) is cast back
/// to the old type.
fn reinterpret_cast_constant_folder<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    let ctx = rw.context();
    let body = rw.body();
    let (o, s, t) = reinterpret_cast_lists(body, op);
    let statics = |l: &[Mixed]| l.iter().filter(|m| matches!(m, Mixed::Const(_))).count();
    let before = statics(&o) + statics(&s) + statics(&t);
    let result_ty = body.value_type(body.result(op, 0));
    let Some((o, s, t)) = constified(ctx, body, result_ty, o, s, t) else {
        return rw.notify_match_failure(op, "result is not strided");
    };
    if statics(&o) + statics(&s) + statics(&t) == before {
        return rw.notify_match_failure(op, "nothing to make static");
    }
    let (so, dyn_o) = split_mixed(&o);
    let (ss, dyn_s) = split_mixed(&s);
    let (st, dyn_t) = split_mixed(&t);
    let source = body.operand(op, 0);
    let new_ty = super::views::strided_memref(
        ctx,
        body.value_type(source),
        &ss,
        &st,
        so.first().copied().unwrap_or(0),
    );
    let loc = body.op_loc(op);
    let new = rw.build(|b| {
        ReinterpretCastOp::build(
            b,
            loc,
            source,
            &dyn_o,
            &dyn_s,
            &dyn_t,
            new_ty,
            ctx.dense_int_array(64, &so),
            ctx.dense_int_array(64, &ss),
            ctx.dense_int_array(64, &st),
        )
    });
    let value = rw.body().result(new.0, 0);
    replace_with_cast(rw, op, value);
    Ok(())
}

/// `memref.reinterpret_cast` patterns.
pub fn canonicalization_patterns_reinterpret_cast(set: &mut RewritePatternSet) {
    set.add_fn(
        super::ReinterpretCastOp::NAME,
        "ReinterpretCastOpExtractStridedMetadataFolder",
        reinterpret_cast_of_metadata,
    );
    set.add_fn(
        super::ReinterpretCastOp::NAME,
        "ReinterpretCastOpConstantFolder",
        reinterpret_cast_constant_folder,
    );
}
