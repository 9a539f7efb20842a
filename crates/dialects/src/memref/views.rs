//! Verifiers of the memref ops that view a buffer with another shape, offset or strides:
//! `subview`, `reinterpret_cast`, `collapse_shape` and `expand_shape`. The expected
//! result types are computed from the source's strided layout as MLIR does.

use smallvec::SmallVec;

use super::layout::{sat_add as add, sat_mul as mul};
use super::{memory_space, op_error, plain_error, quoted};
use pto_ir::{AttrKind, Attribute, Body, Context, Diagnostic, OpId, Type, TypeKind, DYNAMIC};

pub(super) type Dims = SmallVec<[i64; 4]>;

fn statics(body: &Body<'_>, op: OpId, name: &str) -> Dims {
    body.attr(op, name)
        .and_then(Attribute::dense_int_values)
        .unwrap_or_default()
}

/// The static offsets, sizes and strides of an offset/size/stride op.
fn offsets_sizes_strides(body: &Body<'_>, op: OpId) -> (Dims, Dims, Dims) {
    (
        statics(body, op, "static_offsets"),
        statics(body, op, "static_sizes"),
        statics(body, op, "static_strides"),
    )
}

/// A memref type with `shape` and a strided layout (kept even when it is the identity,
/// as MLIR's `StridedLayoutAttr`).
pub(super) fn strided_memref<'c>(
    ctx: &'c Context,
    like: Type<'c>,
    shape: &[i64],
    strides: &[i64],
    offset: i64,
) -> Type<'c> {
    let (element, memory_space) = match *like.kind() {
        TypeKind::MemRef {
            element,
            memory_space,
            ..
        }
        | TypeKind::UnrankedMemRef {
            element,
            memory_space,
        } => (element, memory_space),
        _ => (like, None),
    };
    let layout = Some(ctx.strided_attr(offset, strides));
    ctx.memref_type(shape, element, layout, memory_space)
}

fn dim_text(v: i64) -> String {
    if v == DYNAMIC {
        "dynamic".into()
    } else {
        v.to_string()
    }
}

/// MLIR's `verifyListOfOperandsOrIntegers` for one list of an offset/size/stride op.
fn verify_list<'c>(
    body: &Body<'c>,
    op: OpId,
    name: &str,
    expected: usize,
    statics: &[i64],
    dynamic: usize,
) -> Result<(), Diagnostic<'c>> {
    if statics.len() != expected {
        return Err(plain_error(
            body,
            op,
            format!("expected {expected} {name} values, got {}", statics.len()),
        ));
    }
    let n = statics.iter().filter(|&&s| s == DYNAMIC).count();
    if n != dynamic {
        return Err(op_error(
            body,
            op,
            &format!("expected {n} dynamic {name} values"),
        ));
    }
    Ok(())
}

/// Which dims of `original` a reduced shape drops (MLIR's `computeRankReductionMask`):
/// dims match in order, and only unit dims may be dropped.
fn rank_reduction(original: &[i64], reduced: &[i64]) -> Option<SmallVec<[bool; 4]>> {
    let mut dropped = SmallVec::from_elem(false, original.len());
    let mut r = 0;
    for (i, &d) in original.iter().enumerate() {
        if r < reduced.len() && reduced[r] == d {
            r += 1;
        } else if d == 1 {
            dropped[i] = true;
        } else {
            return None;
        }
    }
    (r == reduced.len()).then_some(dropped)
}

pub(super) fn verify_subview<'c>(
    ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
) -> Result<(), Diagnostic<'c>> {
    let s = super::SubViewOp(op);
    let base = body.value_type(s.source(body));
    let result = body.value_type(body.result(op, 0));
    let rank = base.shape().map_or(0, <[i64]>::len);
    let (offsets, sizes, strides) = offsets_sizes_strides(body, op);
    verify_list(body, op, "offset", rank, &offsets, s.offsets(body).len())?;
    verify_list(body, op, "size", rank, &sizes, s.sizes(body).len())?;
    verify_list(body, op, "stride", rank, &strides, s.strides(body).len())?;
    if memory_space(base) != memory_space(result) {
        return Err(plain_error(
            body,
            op,
            format!(
                "different memory spaces specified for base memref type {} and subview memref type {}",
                quoted(base),
                quoted(result)
            ),
        ));
    }
    let Some((base_strides, base_offset)) = base.strides_and_offset() else {
        return Err(plain_error(
            body,
            op,
            format!("base type {} is not strided", quoted(base)),
        ));
    };
    // The window's offset and strides in terms of the underlying buffer.
    let mut offset = base_offset;
    let mut new_strides = Dims::new();
    for i in 0..rank {
        offset = add(offset, mul(offsets[i], base_strides[i]));
        new_strides.push(mul(strides[i], base_strides[i]));
    }
    let expected = strided_memref(ctx, base, &sizes, &new_strides, offset);
    let mismatch = |what: &str| {
        plain_error(
            body,
            op,
            format!(
                "expected result type to be {} or a rank-reduced version. (mismatch of result {what}), but got {}",
                quoted(expected),
                quoted(result)
            ),
        )
    };
    let Some(result_shape) = result.shape() else {
        return Err(mismatch("sizes"));
    };
    if result_shape.len() > rank {
        return Err(plain_error(
            body,
            op,
            format!(
                "expected result rank to be smaller or equal to the source rank, but got {}",
                quoted(result)
            ),
        ));
    }
    if rank_reduction(&sizes, result_shape).is_none() {
        return Err(mismatch("sizes"));
    }
    if result.element_type() != base.element_type() {
        let element = base.element_type().map_or_else(String::new, quoted);
        return Err(plain_error(
            body,
            op,
            format!(
                "expected result element type to be {element}, but got {}",
                quoted(result)
            ),
        ));
    }
    // As MLIR: the layout's offset and the kept strides must equal the expected ones
    // (dynamic only where they are dynamic), the dropped dims found from the strides.
    let Some((result_strides, result_offset)) = result.strides_and_offset() else {
        return Err(mismatch("layout"));
    };
    if offset != result_offset {
        return Err(mismatch("layout"));
    }
    let mixed_sizes = super::layout::mixed_list(body, op, "static_sizes", 2);
    let Some(dropped) = super::layout::rank_reduction_mask(expected, result, &mixed_sizes) else {
        return Err(mismatch("layout"));
    };
    let kept = new_strides
        .iter()
        .zip(&dropped)
        .filter(|(_, &d)| !d)
        .map(|(&s, _)| s);
    if !kept.eq(result_strides.iter().copied()) {
        return Err(mismatch("layout"));
    }
    // The window must lie inside the source where everything is static.
    let base_shape = base.shape().unwrap_or(&[]);
    super::layout::in_bounds_slice(base_shape, &offsets, &sizes, &strides)
        .map_err(|msg| plain_error(body, op, msg))?;
    Ok(())
}

pub(super) fn verify_reinterpret_cast<'c>(
    _ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
) -> Result<(), Diagnostic<'c>> {
    let c = super::ReinterpretCastOp(op);
    let src = body.value_type(c.source(body));
    let result = body.value_type(body.result(op, 0));
    let result_rank = result.shape().map_or(0, <[i64]>::len);
    let (offsets, sizes, strides) = offsets_sizes_strides(body, op);
    verify_list(body, op, "offset", 1, &offsets, c.offsets(body).len())?;
    verify_list(body, op, "size", result_rank, &sizes, c.sizes(body).len())?;
    verify_list(
        body,
        op,
        "stride",
        result_rank,
        &strides,
        c.strides(body).len(),
    )?;
    let describe = |what: &str| {
        plain_error(
            body,
            op,
            format!(
                "different {what} specified for source type {} and result memref type {}",
                quoted(src),
                quoted(result)
            ),
        )
    };
    if memory_space(src) != memory_space(result) {
        return Err(describe("memory spaces"));
    }
    if src.element_type() != result.element_type() {
        return Err(describe("element types"));
    }
    for (i, (&r, &e)) in result.shape().unwrap_or(&[]).iter().zip(&sizes).enumerate() {
        if r != DYNAMIC && r != e {
            return Err(plain_error(
                body,
                op,
                format!(
                    "expected result type with size = {} instead of {r} in dim = {i}",
                    dim_text(e)
                ),
            ));
        }
    }
    let Some((result_strides, result_offset)) = result.strides_and_offset() else {
        return Err(plain_error(
            body,
            op,
            format!(
                "expected result type to have strided layout but found {}",
                quoted(result)
            ),
        ));
    };
    let expected_offset = offsets.first().copied().unwrap_or(0);
    if result_offset != DYNAMIC && result_offset != expected_offset {
        return Err(plain_error(
            body,
            op,
            format!(
                "expected result type with offset = {} instead of {result_offset}",
                dim_text(expected_offset)
            ),
        ));
    }
    for (i, (&r, &e)) in result_strides.iter().zip(&strides).enumerate() {
        if r != DYNAMIC && r != e {
            return Err(plain_error(
                body,
                op,
                format!(
                    "expected result type with stride = {} instead of {r} in dim = {i}",
                    dim_text(e)
                ),
            ));
        }
    }
    Ok(())
}

/// The `reassociation` groups (`[[0, 1], [2]]`).
pub(super) fn reassociation(body: &Body<'_>, op: OpId) -> Vec<Dims> {
    let Some(AttrKind::Array(groups)) = body.attr(op, "reassociation").map(|a| *a.kind()) else {
        return Vec::new();
    };
    groups
        .iter()
        .map(|g| match g.kind() {
            AttrKind::Array(items) => items
                .iter()
                .filter_map(|a| a.as_int().map(|v| v as i64))
                .collect(),
            _ => Dims::new(),
        })
        .collect()
}

/// MLIR's `verifyReshapeLikeShapes`: the groups cover the expanded dims in order and
/// multiply to the collapsed sizes.
fn verify_reshape_shapes<'c>(
    body: &Body<'c>,
    op: OpId,
    collapsed: &[i64],
    expanded: &[i64],
    groups: &[Dims],
) -> Result<(), Diagnostic<'c>> {
    let err = |m: String| op_error(body, op, &m);
    if collapsed.len() != groups.len() {
        return Err(err(format!(
            "invalid number of reassociation groups: found {}, expected {}",
            groups.len(),
            collapsed.len()
        )));
    }
    let mut next = 0i64;
    for (c, group) in groups.iter().enumerate() {
        let mut dynamic = false;
        for &d in group {
            if d != next {
                return Err(err("reassociation indices must be contiguous".into()));
            }
            next += 1;
            let Some(&size) = expanded.get(d as usize) else {
                return Err(err(format!("reassociation index {d} is out of bounds")));
            };
            dynamic |= size == DYNAMIC;
        }
        if (collapsed[c] == DYNAMIC) != dynamic {
            return Err(err(format!(
                "collapsed dim ({c}) must be dynamic if and only if reassociation group is dynamic"
            )));
        }
        if !dynamic {
            let size: i64 = group.iter().map(|&d| expanded[d as usize]).product();
            if size != collapsed[c] {
                return Err(err(format!(
                    "collapsed dim size ({}) must equal reassociation group size ({size})",
                    collapsed[c]
                )));
            }
        }
    }
    if collapsed.is_empty() {
        if expanded.iter().any(|&d| d != 1) {
            return Err(err(
                "rank 0 memrefs can only be extended/collapsed with/from ones".into(),
            ));
        }
    } else if next as usize != expanded.len() {
        return Err(err(format!(
            "expanded rank ({}) inconsistent with number of reassociation indices ({next})",
            expanded.len()
        )));
    }
    Ok(())
}

/// The layout a reshape result must have: none for an identity source, otherwise the
/// strides derived from the source's.
fn reshaped_type<'c>(
    ctx: &'c Context,
    src: Type<'c>,
    shape: &[i64],
    strides: Option<(Dims, i64)>,
) -> Type<'c> {
    let TypeKind::MemRef {
        element,
        memory_space,
        layout,
        ..
    } = *src.kind()
    else {
        return src;
    };
    match (layout, strides) {
        (Some(_), Some((st, offset))) => strided_memref(ctx, src, shape, &st, offset),
        _ => ctx.memref_type(shape, element, None, memory_space),
    }
}

/// The checks `collapse_shape` and `expand_shape` share: ranks, the reassociation groups
/// against both shapes, and the result type (layout included) they imply.
/// MLIR's `computeCollapsedLayoutMap` (non-strict): a group takes the stride of its
/// innermost dim not of size 1 (dynamic if that dim's size is dynamic and the group has
/// several dims); `None` if a group's dims are statically not contiguous.
pub(super) fn collapsed_strides(shape: &[i64], strides: &[i64], groups: &[Dims]) -> Option<Dims> {
    let mut out: Dims = SmallVec::new();
    for g in groups {
        let mut n = g.len();
        while n > 1 && shape[g[n - 1] as usize] == 1 {
            n -= 1;
        }
        let Some(&last) = g[..n].last() else {
            out.push(1);
            continue;
        };
        let last = last as usize;
        out.push(if shape[last] != DYNAMIC || n == 1 {
            strides[last]
        } else {
            DYNAMIC
        });
    }
    for (g, &result) in groups.iter().zip(&out) {
        let mut stride = result;
        for w in g.windows(2).rev() {
            let (outer, inner) = (w[0] as usize, w[1] as usize);
            stride = mul(stride, shape[inner]);
            if shape[outer] == 1 {
                continue;
            }
            if stride != DYNAMIC && strides[outer] != DYNAMIC && stride != strides[outer] {
                return None;
            }
        }
    }
    Some(out)
}

fn verify_reshape<'c>(
    ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
    expand: bool,
) -> Result<(), Diagnostic<'c>> {
    let src = body.value_type(body.operand(op, 0));
    let result = body.value_type(body.result(op, 0));
    let (ss, rs) = (src.shape().unwrap_or(&[]), result.shape().unwrap_or(&[]));
    let (what, cmp, bad) = if expand {
        ("an expansion", ">", ss.len() > rs.len())
    } else {
        ("a collapse", "<", ss.len() < rs.len())
    };
    if bad {
        let (a, b) = (ss.len(), rs.len());
        return Err(op_error(
            body,
            op,
            &format!(
                "has source rank {a} and result rank {b}. This is not {what} ({a} {cmp} {b})."
            ),
        ));
    }
    let groups = reassociation(body, op);
    let (collapsed, expanded) = if expand { (ss, rs) } else { (rs, ss) };
    verify_reshape_shapes(body, op, collapsed, expanded, &groups)?;
    let strides = src.strides_and_offset().map(|(st, off)| {
        let strides: Dims = if expand {
            // Within a group, each dim's stride is the next one's times its size.
            let mut out: Dims = SmallVec::from_elem(1, rs.len());
            for (g, group) in groups.iter().enumerate() {
                let mut running = st[g];
                for &d in group.iter().rev() {
                    out[d as usize] = running;
                    running = mul(running, rs[d as usize]);
                }
            }
            out
        } else {
            collapsed_strides(ss, &st, &groups).unwrap_or_default()
        };
        (strides, off)
    });
    // MLIR's computeCollapsedLayoutMap fails on groups that are not contiguous.
    if !expand
        && matches!(
            src.kind(),
            TypeKind::MemRef {
                layout: Some(_),
                ..
            }
        )
    {
        if let Some((st, _)) = src.strides_and_offset() {
            if collapsed_strides(ss, &st, &groups).is_none() {
                return Err(op_error(
                    body,
                    op,
                    "invalid source layout map or collapsing non-contiguous dims",
                ));
            }
        }
    }
    let expected = reshaped_type(ctx, src, rs, strides);
    if expected != result {
        return Err(op_error(
            body,
            op,
            &format!(
                "expected {} type to be {} but found {}",
                if expand { "expanded" } else { "collapsed" },
                quoted(expected),
                quoted(result)
            ),
        ));
    }
    Ok(())
}

pub(super) fn verify_collapse_shape<'c>(
    ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
) -> Result<(), Diagnostic<'c>> {
    verify_reshape(ctx, body, op, false)
}

pub(super) fn verify_expand_shape<'c>(
    ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
) -> Result<(), Diagnostic<'c>> {
    verify_reshape(ctx, body, op, true)?;
    let e = super::ExpandShapeOp(op);
    let rs = body.value_type(body.result(op, 0)).shape().unwrap_or(&[]);
    let out_shape = statics(body, op, "static_output_shape");
    if out_shape.len() != rs.len() {
        return Err(op_error(
            body,
            op,
            &format!(
                "expected number of static shape bounds to be equal to the output rank ({}) but found {} inputs instead",
                rs.len(),
                out_shape.len()
            ),
        ));
    }
    let dynamic = out_shape.iter().filter(|&&d| d == DYNAMIC).count();
    let given = e.output_shape(body).len();
    if dynamic != given {
        return Err(op_error(
            body,
            op,
            &format!(
                "mismatch in dynamic dims in output_shape and static_output_shape: static_output_shape has {dynamic} dynamic dims while output_shape has {given} values"
            ),
        ));
    }
    for (pos, (&r, &s)) in rs.iter().zip(&out_shape).enumerate() {
        if r != DYNAMIC && r != s {
            return Err(op_error(
                body,
                op,
                &format!("invalid output shape provided at pos {pos}"),
            ));
        }
    }
    Ok(())
}

/// `extract_strided_metadata`: the result types are those inferred from the source (a
/// rank-0 memref of its element type and memory space, then `index` for the offset,
/// each size and each stride), checked with MLIR's message.
pub(super) fn verify_extract_strided_metadata<'c>(
    ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
) -> Result<(), Diagnostic<'c>> {
    let source = body.value_type(body.operand(op, 0));
    let TypeKind::MemRef {
        shape,
        element,
        memory_space,
        ..
    } = *source.kind()
    else {
        return Ok(());
    };
    let base = ctx.memref_type(&[], element, None, memory_space);
    let index = ctx.index_type();
    let mut inferred = vec![base, index];
    inferred.extend(std::iter::repeat_n(index, 2 * shape.len()));
    let actual: Vec<Type<'c>> = body.results(op).map(|r| body.value_type(r)).collect();
    if inferred != actual {
        let list = |ts: &[Type<'_>]| ts.iter().map(|&t| quoted(t)).collect::<Vec<_>>().join(", ");
        return Err(pto_ir::verifier::inferred_types_error(
            body,
            op,
            &format!(
                "inferred type(s) {} are incompatible with return type(s) of operation {}",
                list(&inferred),
                list(&actual)
            ),
        ));
    }
    Ok(())
}

/// `%base_buffer, %offset, %sizes:N, %strides:N` (the groups only when the rank is not 0).
pub(super) fn result_names_extract_strided_metadata(
    body: &Body<'_>,
    op: OpId,
    set: &mut dyn FnMut(usize, &str),
) {
    set(0, "base_buffer");
    set(1, "offset");
    let rank = (body.num_results(op) - 2) / 2;
    if rank > 0 {
        set(2, "sizes");
        set(2 + rank, "strides");
    }
}
