//! Canonicalization of `memref.collapse_shape` and `memref.expand_shape`, after MLIR
//! 22's `MemRefOps.cpp`: `CollapseShapeOpMemRefCastFolder` (a collapse of a cast that can
//! fold into its consumer collapses the cast's source, then casts back when the type
//! changed), and from `ReshapeOpsUtils.h` (identity layouts only):
//! `ComposeReassociativeReshapeOps` (a collapse of a collapse, an expand of an expand:
//! one op with the groups composed), `ComposeCollapseOfExpandOp` and
//! `ComposeExpandOfCollapseOp` (a collapse and an expand in either order: one of them,
//! or a cast, when the groups line up; `getReassociationIndicesForCollapse` finds the
//! groups left to right and right to left).

use super::canonicalize::replace_with_cast;
use super::fold::{can_fold_into_consumer, const_int, defined_by};
use super::layout::{mixed_list, split_mixed, Mixed};
use super::views::{collapsed_strides, reassociation, strided_memref, Dims};
use super::{CastOp, CollapseShapeOp, ExpandShapeOp};
use pto_ir::{AffineExpr, AttrKind, Attribute, Context, OpId, Type, TypeKind, ValueId, DYNAMIC};
use pto_rewrite::{MatchResult, PatternRewriter, RewritePatternSet};

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
        return Some(ctx.memref_type(&sizes, element, None, memory_space));
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

// ---- composing reshapes --------------------------------------------------------------------

/// MLIR's `hasNonIdentityLayout`: a layout other than the identity map (a strided
/// layout is the identity only for one dimension of stride 1 at offset 0).
fn has_non_identity_layout(t: Type<'_>) -> bool {
    let TypeKind::MemRef {
        shape,
        layout: Some(l),
        ..
    } = *t.kind()
    else {
        return false;
    };
    match *l.kind() {
        AttrKind::Strided { offset, strides } => {
            !(shape.len() == 1 && offset == 0 && strides == [1])
        }
        AttrKind::AffineMap(m) => {
            let identity = m.num_symbols == 0
                && m.results.len() == m.num_dims as usize
                && m.results
                    .iter()
                    .enumerate()
                    .all(|(i, e)| *e == AffineExpr::Dim(i as u32));
            !identity
        }
        _ => true,
    }
}

/// The `reassociation` attribute of `groups` (an array of `i64` arrays).
fn reassociation_attr<'c>(ctx: &'c Context, groups: &[Dims]) -> Attribute<'c> {
    let i64t = ctx.int_type(64);
    let items: Vec<Attribute<'c>> = groups
        .iter()
        .map(|g| {
            let dims: Vec<Attribute<'c>> = g
                .iter()
                .map(|&d| ctx.int_attr(i64t, i128::from(d)))
                .collect();
            ctx.array_attr(&dims)
        })
        .collect();
    ctx.array_attr(&items)
}

/// MLIR's `composeReassociationIndices`: the groups of the reshape with more groups
/// merged by the other's (`None` when both have as many, or they do not fit).
fn compose_reassociation(a: &[Dims], b: &[Dims]) -> Option<Vec<Dims>> {
    let (producer, consumer) = match a.len().cmp(&b.len()) {
        std::cmp::Ordering::Equal => return None,
        std::cmp::Ordering::Greater => (a, b),
        std::cmp::Ordering::Less => (b, a),
    };
    if consumer.is_empty() {
        return Some(Vec::new());
    }
    if producer.len() != consumer.iter().map(|g| g.len()).sum::<usize>() {
        return None;
    }
    consumer
        .iter()
        .map(|g| {
            let mut out = Dims::new();
            for &i in g {
                out.extend(producer.get(i as usize)?.iter().copied());
            }
            Some(out)
        })
        .collect()
}

/// Replaces `op` by a `collapse_shape` of `src` with `groups` and type `ty`.
fn replace_with_collapse<'c>(
    rw: &mut PatternRewriter<'_, 'c>,
    op: OpId,
    src: ValueId,
    groups: &[Dims],
    ty: Type<'c>,
) {
    let ctx = rw.context();
    let loc = rw.body().op_loc(op);
    let attr = reassociation_attr(ctx, groups);
    let new = rw.build(|b| CollapseShapeOp::build(b, loc, src, ty, attr));
    let value = rw.body().result(new.0, 0);
    rw.replace_op(op, &[value]);
}

/// Replaces `op` by an `expand_shape` of `src` with `groups`, `output_shape` and type
/// `ty`.
fn replace_with_expand<'c>(
    rw: &mut PatternRewriter<'_, 'c>,
    op: OpId,
    src: ValueId,
    groups: &[Dims],
    output_shape: &[Mixed],
    ty: Type<'c>,
) {
    let ctx = rw.context();
    let loc = rw.body().op_loc(op);
    let attr = reassociation_attr(ctx, groups);
    let (statics, values) = split_mixed(output_shape);
    let statics = ctx.dense_int_array(64, &statics);
    let new = rw.build(|b| ExpandShapeOp::build(b, loc, src, &values, ty, attr, statics));
    let value = rw.body().result(new.0, 0);
    rw.replace_op(op, &[value]);
}

/// Whether any of the types has a layout other than the identity.
fn any_non_identity(body: &pto_ir::Body<'_>, values: &[ValueId]) -> bool {
    values
        .iter()
        .any(|&v| has_non_identity_layout(body.value_type(v)))
}

/// `ComposeReassociativeReshapeOps`: a collapse of a collapse (an expand of an expand)
/// is one, with the groups composed; all identity layouts.
fn compose_reassociative<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    let body = rw.body();
    let name = body.op_name(op).as_str();
    let Some(producer) = defined_by(body, body.operand(op, 0), name) else {
        return rw.notify_match_failure(op, "source is not the same reshape");
    };
    let src = body.operand(producer, 0);
    let (mid, result) = (body.operand(op, 0), body.result(op, 0));
    if any_non_identity(body, &[src, mid, result]) {
        return rw.notify_match_failure(op, "a non-identity layout");
    }
    let Some(groups) =
        compose_reassociation(&reassociation(body, producer), &reassociation(body, op))
    else {
        return rw.notify_match_failure(op, "the groups do not compose");
    };
    let ty = body.value_type(result);
    if name == ExpandShapeOp::NAME {
        let shape = mixed_list(body, op, "static_output_shape", 1);
        replace_with_expand(rw, op, src, &groups, &shape, ty);
    } else {
        replace_with_collapse(rw, op, src, &groups, ty);
    }
    Ok(())
}

/// `ComposeCollapseOfExpandOp`: a collapse of an expand whose groups line up is one
/// collapse (fewer dims than the source), one expand (more: each new size the product
/// of the expand's output sizes it covers, by `arith.muli`) or a cast (as many).
fn collapse_of_expand<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    let ctx = rw.context();
    let body = rw.body();
    let Some(expand) = defined_by(body, body.operand(op, 0), ExpandShapeOp::NAME) else {
        return rw.notify_match_failure(op, "source is not an expand_shape");
    };
    let src = body.operand(expand, 0);
    if any_non_identity(body, &[body.operand(op, 0), src, body.result(expand, 0)]) {
        return rw.notify_match_failure(op, "a non-identity layout");
    }
    let src_ty = body.value_type(src);
    let result_ty = body.value_type(body.result(op, 0));
    if src_ty == result_ty {
        return rw.notify_match_failure(op, "the pair is a no-op (folded)");
    }
    let src_rank = src_ty.shape().map_or(0, <[i64]>::len);
    let result_rank = result_ty.shape().map_or(0, <[i64]>::len);
    let (expand_groups, collapse_groups) = (reassociation(body, expand), reassociation(body, op));
    let (higher, lower) = if src_rank > result_rank {
        (&expand_groups, &collapse_groups)
    } else {
        (&collapse_groups, &expand_groups)
    };
    let mut next = 0usize;
    let mut composed: Vec<Dims> = Vec::new();
    for low in lower.iter() {
        let Some(&last) = low.last() else {
            return rw.notify_match_failure(op, "an empty group");
        };
        let mut indices = Dims::new();
        while next < higher.len() {
            let rightmost = higher[next].last().copied().unwrap_or(-1);
            if rightmost > last {
                return rw.notify_match_failure(op, "the groups do not line up");
            }
            indices.push(next as i64);
            next += 1;
            if rightmost == last {
                break;
            }
        }
        composed.push(indices);
    }
    match src_rank.cmp(&result_rank) {
        std::cmp::Ordering::Greater => replace_with_collapse(rw, op, src, &composed, result_ty),
        std::cmp::Ordering::Less => {
            let loc = body.op_loc(op);
            let out = mixed_list(body, expand, "static_output_shape", 1);
            let mut shape: Vec<Mixed> = Vec::new();
            for g in &collapse_groups {
                let mut fixed = 1i64;
                let mut dynamic: Vec<ValueId> = Vec::new();
                for &i in g {
                    match out.get(i as usize) {
                        Some(&Mixed::Const(c)) => fixed = fixed.wrapping_mul(c),
                        Some(&Mixed::Value(v)) => match const_int(ctx, rw.body(), v) {
                            Some(c) => fixed = fixed.wrapping_mul(c),
                            None => dynamic.push(v),
                        },
                        None => {}
                    }
                }
                let Some((&first, rest)) = dynamic.split_first() else {
                    shape.push(Mixed::Const(fixed));
                    continue;
                };
                let mut product = first;
                for &v in rest {
                    product = muli(rw, loc, product, v);
                }
                if fixed != 1 {
                    let c = rw.build(|b| crate::affine::constant_index(b, loc, fixed));
                    product = muli(rw, loc, product, c);
                }
                shape.push(Mixed::Value(product));
            }
            replace_with_expand(rw, op, src, &composed, &shape, result_ty);
        }
        std::cmp::Ordering::Equal => {
            let loc = body.op_loc(op);
            let cast = rw.build(|b| CastOp::build(b, loc, src, result_ty));
            let value = rw.body().result(cast.0, 0);
            rw.replace_op(op, &[value]);
        }
    }
    Ok(())
}

/// `arith.muli` of two index values (no overflow flags).
fn muli<'c>(
    rw: &mut PatternRewriter<'_, 'c>,
    loc: pto_ir::Location<'c>,
    a: ValueId,
    b: ValueId,
) -> ValueId {
    let ctx = rw.context();
    let flags = crate::arith::overflow_attr(ctx, &[]);
    let index = ctx.index_type();
    let op = rw.build(|bd| crate::arith::MulIOp::build(bd, loc, a, b, index, Some(flags)));
    rw.body().result(op.0, 0)
}

/// An inclusive range of source dimensions (MLIR's `ReassociationIndexRange`).
#[derive(Clone, Copy)]
struct Range {
    left: i64,
    right: i64,
}

impl Range {
    fn valid(self) -> bool {
        self.left >= 0 && self.left <= self.right
    }
    fn within(self, outer: Range) -> bool {
        self.left >= outer.left && self.right <= outer.right
    }
    fn len(self) -> i64 {
        self.right - self.left + 1
    }
}

/// All of `shape`'s dimensions, and the one-dimension range at `start` if it is one.
fn first_range(shape: &[i64], start: i64) -> Option<(Range, Range)> {
    let all = Range {
        left: 0,
        right: shape.len() as i64 - 1,
    };
    let it = Range {
        left: start,
        right: start,
    };
    it.within(all).then_some((all, it))
}

/// MLIR's `findReassociationRangeForDynamicDim`: from `start`, the shortest range with a
/// dynamic dimension (all the rest when `greedy`).
fn range_for_dynamic(shape: &[i64], start: i64, greedy: bool) -> Option<Range> {
    let (all, mut it) = first_range(shape, start)?;
    let mut result = it;
    let mut found = false;
    while it.within(all) {
        if found && !greedy {
            break;
        }
        if shape[it.right as usize] == DYNAMIC {
            found = true;
        }
        result = it;
        it.right += 1;
    }
    found.then_some(result)
}

/// MLIR's `findReassociationRangeForSize`: from `start`, the first range of static
/// dimensions whose product is `target` (with the unit dims after it when `greedy`).
fn range_for_size(shape: &[i64], start: i64, target: i64, greedy: bool) -> Option<Range> {
    let (all, mut it) = first_range(shape, start)?;
    let mut result = it;
    let mut product = 1i64;
    let mut reached = false;
    while it.within(all) {
        let size = shape[it.right as usize];
        if reached && !greedy {
            break;
        }
        if size == DYNAMIC {
            if reached {
                break;
            }
            product = 1;
            result = Range {
                left: it.right + 1,
                right: it.right + 1,
            };
            it = result;
            continue;
        }
        product = product.wrapping_mul(size);
        if product > target && reached {
            break;
        }
        while product > target && it.len() != 1 {
            let front = shape[it.left as usize];
            product /= front;
            it.left += 1;
        }
        result = it;
        if product == target {
            reached = true;
        }
        it.right += 1;
    }
    reached.then_some(result)
}

/// MLIR's `findReassociationRangesForCollapse` (left to right).
fn ranges_for_collapse(source: &[i64], target: &[i64]) -> Option<Vec<Range>> {
    let all = Range {
        left: 0,
        right: source.len() as i64 - 1,
    };
    let mut ranges: Vec<Range> = Vec::with_capacity(target.len());
    let mut prev: Option<i64> = None;
    let mut start = 0i64;
    for (t, &size) in target.iter().enumerate() {
        let greedy = t == target.len() - 1;
        let range = if size == DYNAMIC {
            range_for_dynamic(source, start, greedy)
        } else {
            range_for_size(source, start, size, greedy)
        }
        .filter(|r| r.valid() && r.within(all))?;
        if range.left > start {
            // Skipped dims go to the preceding dynamic target dim.
            if prev != Some(DYNAMIC) {
                return None;
            }
            ranges.last_mut()?.right = range.left - 1;
        }
        prev = Some(size);
        start = range.right + 1;
        ranges.push(range);
    }
    (ranges.last()?.right >= all.right).then_some(ranges)
}

/// MLIR's `getReassociationIndicesForCollapse`: the groups collapsing `source` into
/// `target`, found left to right and right to left; the two may differ in unit dims
/// only.
fn reassociation_for_collapse(source: &[i64], target: &[i64]) -> Option<Vec<Dims>> {
    if source.len() <= target.len() {
        return None;
    }
    if target.is_empty() {
        if source.iter().any(|&d| d != 1 && d != DYNAMIC) {
            return None;
        }
        return Some(vec![(0..source.len() as i64).collect()]);
    }
    let forward = ranges_for_collapse(source, target)?;
    let rev_source: Vec<i64> = source.iter().rev().copied().collect();
    let rev_target: Vec<i64> = target.iter().rev().copied().collect();
    let n = source.len() as i64;
    let mut backward: Vec<Range> = ranges_for_collapse(&rev_source, &rev_target)?
        .into_iter()
        .map(|r| {
            r.valid().then_some(Range {
                left: n - 1 - r.right,
                right: n - 1 - r.left,
            })
        })
        .collect::<Option<_>>()?;
    backward.reverse();
    if forward.len() != target.len() || backward.len() != target.len() {
        return None;
    }
    let mut groups = Vec::with_capacity(target.len());
    for (f, b) in forward.iter().zip(&backward) {
        let outside = |r: &Range, i: i64| i < r.left || i > r.right;
        let only_f = (f.left..=f.right).filter(|&i| outside(b, i));
        let only_b = (b.left..=b.right).filter(|&i| outside(f, i));
        let differing: Vec<i64> = only_f.chain(only_b).collect();
        if differing.len() as i64 == f.len() + b.len() {
            return None;
        }
        if differing.iter().any(|&i| source[i as usize] != 1) {
            return None;
        }
        groups.push((f.left..=f.right).collect());
    }
    Some(groups)
}

/// `ComposeExpandOfCollapseOp::findCollapsingReassociation`: per pair of groups, how
/// the `src` group's dims collapse into the `result` group's (as they are when the two
/// have the same sizes).
fn collapsing_reassociation(
    src_groups: &[Dims],
    result_groups: &[Dims],
    src_shape: &[i64],
    result_shape: &[i64],
) -> Option<Vec<Dims>> {
    if src_groups.is_empty() {
        return reassociation_for_collapse(src_shape, result_shape);
    }
    let mut composed: Vec<Dims> = Vec::new();
    for (s, r) in src_groups.iter().zip(result_groups) {
        let s0 = *s.first()? as usize;
        let r0 = *r.first()? as usize;
        let src_sub = src_shape.get(s0..s0 + s.len())?;
        let res_sub = result_shape.get(r0..r0 + r.len())?;
        let dynamic = |l: &[i64]| l.iter().filter(|&&d| d == DYNAMIC).count();
        if dynamic(src_sub) >= 2 && dynamic(res_sub) >= 2 {
            return None;
        }
        if src_sub.len() == res_sub.len() {
            if src_sub != res_sub {
                return None;
            }
            composed.extend((0..src_sub.len()).map(|i| Dims::from_elem((s0 + i) as i64, 1)));
            continue;
        }
        for g in reassociation_for_collapse(src_sub, res_sub)? {
            composed.push(g.iter().map(|&i| s0 as i64 + i).collect());
        }
    }
    Some(composed)
}

/// `ComposeExpandOfCollapseOp`: an expand of a collapse is one collapse or one expand
/// of the collapse's source when the groups can be composed.
fn expand_of_collapse<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    let body = rw.body();
    let Some(collapse) = defined_by(body, body.operand(op, 0), CollapseShapeOp::NAME) else {
        return rw.notify_match_failure(op, "source is not a collapse_shape");
    };
    let src = body.operand(collapse, 0);
    if any_non_identity(body, &[body.operand(op, 0), src, body.result(collapse, 0)]) {
        return rw.notify_match_failure(op, "a non-identity layout");
    }
    let src_ty = body.value_type(src);
    let result_ty = body.value_type(body.result(op, 0));
    let (src_shape, result_shape) = (
        src_ty.shape().unwrap_or(&[]),
        result_ty.shape().unwrap_or(&[]),
    );
    if src_shape.len() == result_shape.len() {
        return rw.notify_match_failure(op, "same rank");
    }
    let (src_groups, result_groups) = (reassociation(body, collapse), reassociation(body, op));
    if src_shape.len() > result_shape.len() {
        let Some(groups) =
            collapsing_reassociation(&src_groups, &result_groups, src_shape, result_shape)
        else {
            return rw.notify_match_failure(op, "no collapsing reassociation");
        };
        replace_with_collapse(rw, op, src, &groups, result_ty);
        return Ok(());
    }
    let Some(groups) =
        collapsing_reassociation(&result_groups, &src_groups, result_shape, src_shape)
    else {
        return rw.notify_match_failure(op, "no collapsing reassociation");
    };
    let shape = mixed_list(body, op, "static_output_shape", 1);
    replace_with_expand(rw, op, src, &groups, &shape, result_ty);
    Ok(())
}

/// `memref.collapse_shape` patterns.
pub fn canonicalization_patterns_collapse_shape(set: &mut RewritePatternSet) {
    set.add_fn(
        super::CollapseShapeOp::NAME,
        "ComposeReassociativeReshapeOps",
        compose_reassociative,
    );
    set.add_fn(
        super::CollapseShapeOp::NAME,
        "ComposeCollapseOfExpandOp",
        collapse_of_expand,
    );
    set.add_fn(
        super::CollapseShapeOp::NAME,
        "CollapseShapeOpMemRefCastFolder",
        collapse_of_cast,
    );
}

/// `memref.expand_shape` patterns.
pub fn canonicalization_patterns_expand_shape(set: &mut RewritePatternSet) {
    set.add_fn(
        super::ExpandShapeOp::NAME,
        "ComposeReassociativeReshapeOps",
        compose_reassociative,
    );
    set.add_fn(
        super::ExpandShapeOp::NAME,
        "ComposeExpandOfCollapseOp",
        expand_of_collapse,
    );
}
