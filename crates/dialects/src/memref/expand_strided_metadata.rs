//! `expand-strided-metadata`: views become explicit address arithmetic (MLIR's
//! `ExpandStridedMetadata`), so that `finalize-memref-to-llvm`, which knows
//! `extract_strided_metadata` and `reinterpret_cast`, lowers them. A `memref.subview`
//! becomes `memref.extract_strided_metadata` of its source and a `reinterpret_cast` of
//! the base buffer, its offset `source offset + sum(offset_i * source stride_i)` and
//! strides `source stride_i * stride_i` computed by `affine.apply` (composed and folded
//! as MLIR's `makeComposedFoldedAffineApply`; dropped dims of a rank-reducing subview are
//! left out). `collapse_shape`/`expand_shape` become a `reinterpret_cast` of the base
//! buffer with sizes and strides computed the same way. The rewrites run with the greedy
//! driver, which also folds.
//!
//! Dropped dimensions are found by MLIR's greedy `computeRankReductionMask`; the metadata
//! of a `reinterpret_cast` is forwarded; an `expand_shape` has its sizes multiplied or
//! divided out and its strides taken from the innermost dimensions. Not yet: an expanded
//! group with several dynamic sizes, which is left as it is (mlir-opt 22 crashes on it).

use super::layout::layout;
use crate::affine::{build_apply, compose_and_fold, split_mixed, ComposedFold, OpFoldResult};
use crate::memref::{ExtractStridedMetadataOp, ReinterpretCastOp, SubViewOp};
use pto_ir::builder::OpBuilder;
use pto_ir::{AffineBinOp, AffineExpr, Context, Diagnostic, Location, OpId, Type, TypeKind};
use pto_ir::{ValueId, DYNAMIC};
use pto_pass::{Pass, PassTarget};
use pto_rewrite::greedy::{apply_patterns_greedily, GreedyConfig};
use pto_rewrite::{MatchResult, PatternRewriter, RewritePatternSet};

impl Pass for crate::ExpandStridedMetadataPass {
    fn run<'c>(
        &self,
        ctx: &'c Context,
        target: &mut PassTarget<'_, 'c>,
    ) -> Result<(), Diagnostic<'c>> {
        let mut patterns = RewritePatternSet::new();
        patterns
            .add_fn(super::SubViewOp::NAME, "SubviewFolder", expand_subview)
            .add_fn(
                super::CollapseShapeOp::NAME,
                "ReshapeFolder",
                expand_static_reshape,
            )
            .add_fn(
                super::ExpandShapeOp::NAME,
                "ReshapeFolder",
                expand_static_reshape,
            )
            .add_fn(
                super::ExtractStridedMetadataOp::NAME,
                "ExtractStridedMetadataOpReinterpretCastFolder",
                metadata_of_reinterpret_cast,
            );
        apply_patterns_greedily(
            ctx,
            target.body,
            &patterns.freeze(),
            &GreedyConfig::default(),
        );
        Ok(())
    }
}

/// The rank-0 base buffer type of a memref type (its element type and memory space).
fn base_buffer_type<'c>(ctx: &'c Context, t: Type<'c>) -> Option<Type<'c>> {
    match *t.kind() {
        TypeKind::MemRef {
            element,
            memory_space,
            ..
        } => Some(ctx.memref_type(&[], element, None, memory_space)),
        _ => None,
    }
}

/// `memref.extract_strided_metadata` of `source` (rank `rank`).
fn extract_metadata<'c>(
    b: &mut OpBuilder<'_, 'c>,
    loc: Location<'c>,
    source: ValueId,
    base: Type<'c>,
    rank: usize,
) -> OpId {
    let index = b.context().index_type();
    let types = vec![index; rank];
    ExtractStridedMetadataOp::build(b, loc, source, base, index, &types, &types).0
}

/// The mixed static/dynamic list of an op's `static_<name>` attribute and operands.
fn mixed(statics: &[i64], dynamic: &[ValueId]) -> Option<Vec<OpFoldResult>> {
    let mut next = dynamic.iter();
    statics
        .iter()
        .map(|&s| match s {
            DYNAMIC => next.next().map(|&v| OpFoldResult::Value(v)),
            c => Some(OpFoldResult::Const(c)),
        })
        .collect()
}

/// MLIR's `computeRankReductionMask`: the source dims (of `sizes`) a rank-reducing
/// subview of shape `result` drops, greedily matching sizes.
fn dropped_dims(sizes: &[i64], result: &[i64]) -> Option<Vec<bool>> {
    let mut j = 0;
    let mut dropped = vec![false; sizes.len()];
    for (i, &s) in sizes.iter().enumerate() {
        let dynamic_match = s != 1 && j < result.len() && (s == DYNAMIC || result[j] == DYNAMIC);
        if dynamic_match || (j < result.len() && s == result[j]) {
            j += 1;
            continue;
        }
        if s != 1 {
            return None;
        }
        dropped[i] = true;
    }
    (j == result.len()).then_some(dropped)
}

fn expand_subview<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    let ctx = rw.context();
    let body = rw.body();
    let sv = SubViewOp(op);
    let source = sv.source(body);
    let src_ty = body.value_type(source);
    let res_ty = body.value_type(body.result(op, 0));
    let (Some(src), Some(res_shape), Some(base_ty)) = (
        layout(src_ty),
        res_ty.shape(),
        base_buffer_type(ctx, src_ty),
    ) else {
        return rw.notify_match_failure(op, "source is not a strided memref");
    };
    let ints = |name: &str| {
        body.attr(op, name)
            .and_then(|a| a.dense_int_values())
            .unwrap_or_default()
    };
    let (Some(offsets), Some(sizes), Some(strides)) = (
        mixed(&ints("static_offsets"), &sv.offsets(body)),
        mixed(&ints("static_sizes"), &sv.sizes(body)),
        mixed(&ints("static_strides"), &sv.strides(body)),
    ) else {
        return rw.notify_match_failure(op, "malformed mixed lists");
    };
    let rank = src.shape.len();
    let static_sizes = ints("static_sizes");
    let Some(dropped) = dropped_dims(&static_sizes, res_shape) else {
        return rw.notify_match_failure(op, "cannot tell the dropped dimensions");
    };
    let loc = body.op_loc(op);
    rw.set_insertion_point_before(op);
    let md = rw.build(|b| extract_metadata(b, loc, source, base_ty, rank));
    let body = rw.body();
    let md_offset = body.result(md, 1);
    let md_strides: Vec<ValueId> = (0..rank).map(|i| body.result(md, 2 + rank + i)).collect();
    let base = body.result(md, 0);
    // Known source strides and offset are constants, the others come from the metadata.
    let src_strides: Vec<OpFoldResult> = (0..rank)
        .map(|i| match src.strides[i] {
            DYNAMIC => OpFoldResult::Value(md_strides[i]),
            s => OpFoldResult::Const(s),
        })
        .collect();
    let src_offset = match src.offset {
        DYNAMIC => OpFoldResult::Value(md_offset),
        o => OpFoldResult::Const(o),
    };
    // stride_i = s0 * s1 over (subview stride, source stride).
    let mul = AffineExpr::Binary(
        AffineBinOp::Mul,
        &AffineExpr::Symbol(0),
        &AffineExpr::Symbol(1),
    );
    let no_promotion = |_| false;
    let mut new_strides: Vec<OpFoldResult> = Vec::with_capacity(rank);
    for i in 0..rank {
        let Some(f) = compose_and_fold(
            ctx,
            rw.body(),
            &mul,
            &[],
            &[strides[i], src_strides[i]],
            &no_promotion,
        ) else {
            return rw.notify_match_failure(op, "cannot fold a stride");
        };
        new_strides.push(materialize(rw, loc, f));
    }
    // offset = s0 + s1 * s2 + s3 * s4 + ... over (source offset, (offset_i, stride_i)...).
    let arena = bumpalo::Bump::new();
    let mut expr = AffineExpr::Symbol(0);
    let mut values = vec![src_offset];
    for i in 0..rank {
        let (o, s) = (1 + 2 * i as u32, 2 + 2 * i as u32);
        let term = AffineExpr::Binary(
            AffineBinOp::Mul,
            arena.alloc(AffineExpr::Symbol(o)),
            arena.alloc(AffineExpr::Symbol(s)),
        );
        expr = AffineExpr::Binary(AffineBinOp::Add, arena.alloc(expr), arena.alloc(term));
        values.push(offsets[i]);
        values.push(src_strides[i]);
    }
    let Some(f) = compose_and_fold(ctx, rw.body(), &expr, &[], &values, &no_promotion) else {
        return rw.notify_match_failure(op, "cannot fold the offset");
    };
    let offset = materialize(rw, loc, f);
    let kept = |v: &[OpFoldResult]| -> Vec<OpFoldResult> {
        v.iter()
            .zip(&dropped)
            .filter(|(_, &d)| !d)
            .map(|(x, _)| *x)
            .collect()
    };
    let (final_sizes, final_strides) = (kept(&sizes), kept(&new_strides));
    let cast =
        rw.build(|b| reinterpret_cast(b, loc, base, offset, &final_sizes, &final_strides, res_ty));
    rw.replace_op(op, &[cast]);
    Ok(())
}

/// An [`OpFoldResult`] as a constant or a value (a new `affine.apply` if needed).
fn materialize<'c>(
    rw: &mut PatternRewriter<'_, 'c>,
    loc: Location<'c>,
    f: ComposedFold<'c>,
) -> OpFoldResult {
    match f {
        ComposedFold::Done(x) => x,
        ComposedFold::Apply(c) => OpFoldResult::Value(rw.build(|b| build_apply(b, loc, &c))),
    }
}

/// `memref.reinterpret_cast` of `base` to `ty` with the given offset, sizes and strides.
fn reinterpret_cast<'c>(
    b: &mut OpBuilder<'_, 'c>,
    loc: Location<'c>,
    base: ValueId,
    offset: OpFoldResult,
    sizes: &[OpFoldResult],
    strides: &[OpFoldResult],
    ty: Type<'c>,
) -> ValueId {
    let ctx = b.context();
    let (so, dof) = split_mixed(&[offset]);
    let (ss, dsz) = split_mixed(sizes);
    let (st, dst) = split_mixed(strides);
    let op = ReinterpretCastOp::build(
        b,
        loc,
        base,
        &dof,
        &dsz,
        &dst,
        ty,
        ctx.dense_int_array(64, &so),
        ctx.dense_int_array(64, &ss),
        ctx.dense_int_array(64, &st),
    );
    b.body().result(op.0, 0)
}

/// `extract_strided_metadata` of a `reinterpret_cast` of a base buffer: that buffer and
/// the cast's offset, sizes and strides (constants as `arith.constant`).
fn metadata_of_reinterpret_cast<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    let body = rw.body();
    let Some(cast) = body
        .defining_op(body.operand(op, 0))
        .filter(|&d| body.op_name(d).as_str() == ReinterpretCastOp::NAME)
    else {
        return rw.notify_match_failure(op, "source is not a reinterpret_cast");
    };
    let base = body.operand(cast, 0);
    if body.value_type(base) != body.value_type(body.result(op, 0)) {
        return rw.notify_match_failure(op, "the cast's source is not a base buffer");
    }
    let rc = ReinterpretCastOp(cast);
    let ints = |name: &str| {
        body.attr(cast, name)
            .and_then(|a| a.dense_int_values())
            .unwrap_or_default()
    };
    let (Some(offset), Some(sizes), Some(strides)) = (
        mixed(&ints("static_offsets"), &rc.offsets(body)),
        mixed(&ints("static_sizes"), &rc.sizes(body)),
        mixed(&ints("static_strides"), &rc.strides(body)),
    ) else {
        return rw.notify_match_failure(op, "malformed mixed lists");
    };
    if body.num_results(op) != 2 + sizes.len() + strides.len() || offset.len() != 1 {
        return rw.notify_match_failure(op, "rank mismatch");
    }
    let loc = body.op_loc(op);
    rw.set_insertion_point_before(op);
    let mut values = vec![base];
    for x in offset.iter().chain(&sizes).chain(&strides) {
        values.push(match *x {
            OpFoldResult::Value(v) => v,
            OpFoldResult::Const(c) => rw.build(|b| crate::affine::constant_index(b, loc, c)),
        });
    }
    rw.replace_op(op, &values);
    Ok(())
}

/// The product `s0 * s1 * ...` of `factors`, composed and folded.
fn product<'c>(
    rw: &mut PatternRewriter<'_, 'c>,
    loc: Location<'c>,
    factors: &[OpFoldResult],
) -> Option<OpFoldResult> {
    let arena = bumpalo::Bump::new();
    let mut expr = AffineExpr::Symbol(0);
    for i in 1..factors.len() {
        expr = AffineExpr::Binary(
            AffineBinOp::Mul,
            arena.alloc(expr),
            arena.alloc(AffineExpr::Symbol(i as u32)),
        );
    }
    let f = compose_and_fold(rw.context(), rw.body(), &expr, &[], factors, &|_| false)?;
    Some(materialize(rw, loc, f))
}

/// `collapse_shape`/`expand_shape`: a `reinterpret_cast` of the base buffer. A collapsed
/// dim's size is the product of its group's sizes and its stride the stride of the
/// group's innermost dim not of size 1; an expanded group's one dynamic size is the
/// source size divided by the product of the static ones, and each dim's stride is the
/// source stride times the sizes of the dims inside it (MLIR's `getCollapsedSize`,
/// `getCollapsedStride`, `getExpandedSizes`, `getExpandedStrides`).
fn expand_static_reshape<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    let ctx = rw.context();
    let body = rw.body();
    let source = body.operand(op, 0);
    let src_ty = body.value_type(source);
    let res_ty = body.value_type(body.result(op, 0));
    let (Some(src), Some(res), Some(base_ty)) = (
        layout(src_ty),
        layout(res_ty),
        base_buffer_type(ctx, src_ty),
    ) else {
        return rw.notify_match_failure(op, "not strided memrefs");
    };
    let expand = body.op_name(op).as_str() == super::ExpandShapeOp::NAME;
    let groups = crate::memref::reassociation_groups(body, op);
    if expand
        && groups.iter().any(|g| {
            g.iter()
                .filter(|&&d| res.shape[d as usize] == DYNAMIC)
                .count()
                > 1
        })
    {
        return rw.notify_match_failure(op, "a group with several dynamic sizes");
    }
    let loc = body.op_loc(op);
    let rank = src.shape.len();
    rw.set_insertion_point_before(op);
    let md = rw.build(|b| extract_metadata(b, loc, source, base_ty, rank));
    let body = rw.body();
    let known = |v: i64, value: ValueId| match v {
        DYNAMIC => OpFoldResult::Value(value),
        c => OpFoldResult::Const(c),
    };
    let src_sizes: Vec<OpFoldResult> = (0..rank)
        .map(|i| known(src.shape[i], body.result(md, 2 + i)))
        .collect();
    let src_strides: Vec<OpFoldResult> = (0..rank)
        .map(|i| known(src.strides[i], body.result(md, 2 + rank + i)))
        .collect();
    let offset = known(src.offset, body.result(md, 1));
    let mut sizes: Vec<OpFoldResult> = Vec::new();
    let mut strides: Vec<OpFoldResult> = Vec::new();
    if expand {
        sizes = res.shape.iter().map(|&s| OpFoldResult::Const(s)).collect();
        for (g, group) in groups.iter().enumerate() {
            let Some(&dyn_dim) = group.iter().find(|&&d| res.shape[d as usize] == DYNAMIC) else {
                continue;
            };
            let fixed: i64 = group
                .iter()
                .map(|&d| res.shape[d as usize])
                .filter(|&s| s != DYNAMIC)
                .product();
            let quotient = AffineExpr::Binary(
                AffineBinOp::FloorDiv,
                &AffineExpr::Symbol(0),
                &AffineExpr::Symbol(1),
            );
            let args = [src_sizes[g], OpFoldResult::Const(fixed)];
            let Some(f) = compose_and_fold(ctx, rw.body(), &quotient, &[], &args, &|_| false)
            else {
                return rw.notify_match_failure(op, "cannot fold a size");
            };
            sizes[dyn_dim as usize] = materialize(rw, loc, f);
        }
        strides = vec![OpFoldResult::Const(1); res.shape.len()];
        for (g, group) in groups.iter().enumerate() {
            for (k, &d) in group.iter().enumerate() {
                let mut factors = vec![src_strides[g]];
                factors.extend(group[k + 1..].iter().map(|&i| sizes[i as usize]));
                let Some(s) = product(rw, loc, &factors) else {
                    return rw.notify_match_failure(op, "cannot fold a stride");
                };
                strides[d as usize] = s;
            }
        }
    } else {
        for group in &groups {
            let factors: Vec<OpFoldResult> = group.iter().map(|&d| src_sizes[d as usize]).collect();
            let Some(s) = product(rw, loc, &factors) else {
                return rw.notify_match_failure(op, "cannot fold a size");
            };
            sizes.push(s);
        }
        for (r, group) in groups.iter().enumerate() {
            let inner = group.iter().rev().find(|&&d| src.shape[d as usize] != 1);
            strides.push(match inner {
                Some(&d) => src_strides[d as usize],
                // All of size 1: the result type's stride (or any dynamic one).
                None => match res.strides[r] {
                    DYNAMIC => group
                        .iter()
                        .map(|&d| src_strides[d as usize])
                        .find(|s| matches!(s, OpFoldResult::Value(_)))
                        .unwrap_or(OpFoldResult::Const(1)),
                    c => OpFoldResult::Const(c),
                },
            });
        }
    }
    let base = rw.body().result(md, 0);
    let cast = rw.build(|b| reinterpret_cast(b, loc, base, offset, &sizes, &strides, res_ty));
    rw.replace_op(op, &[cast]);
    Ok(())
}
