//! Layout arithmetic of the `memref` ops, after MLIR 22: mixed static/dynamic lists
//! (`OpFoldResult`), `SaturatedInteger` products and sums, the bounds of a static slice
//! (`verifyInBoundsSlice`), the inferred type of a subview
//! (`SubViewOp::inferResultType`) and which dimensions a rank-reducing subview drops
//! (`computeMemRefRankReductionMask`).

use std::collections::BTreeMap;

pub(crate) use crate::affine::split_mixed;
pub(crate) use crate::affine::OpFoldResult as Mixed;
use pto_ir::{Body, Context, OpId, Type, TypeKind, DYNAMIC};
use smallvec::SmallVec;

use super::views::strided_memref;

/// An op's mixed static/dynamic list: its `attr` (`static_sizes`, ...) with each dynamic
/// entry taken from operand group `group`, in order.
pub(crate) fn mixed_list(body: &Body<'_>, op: OpId, attr: &str, group: usize) -> Vec<Mixed> {
    let statics = body
        .attr(op, attr)
        .and_then(|a| a.dense_int_values())
        .unwrap_or_default();
    let dynamic = match body.op_name(op).def.and_then(|d| d.spec) {
        Some(spec) => pto_ir::ods::operand_group(spec, body, op, group),
        None => Vec::new(),
    };
    let mut next = dynamic.into_iter();
    statics
        .iter()
        .map(|&s| match s {
            DYNAMIC => next.next().map_or(Mixed::Const(DYNAMIC), Mixed::Value),
            c => Mixed::Const(c),
        })
        .collect()
}

/// `ty` with another shape (layout, element type and memory space kept).
pub(crate) fn with_shape<'c>(ctx: &'c Context, ty: Type<'c>, shape: &[i64]) -> Type<'c> {
    match *ty.kind() {
        TypeKind::MemRef {
            element,
            layout,
            memory_space,
            ..
        } => ctx.memref_type(shape, element, layout, memory_space),
        _ => ty,
    }
}

/// MLIR's `verifyInBoundsSlice` on static values: where the dimension and the offset
/// are static, the offset lies inside it and, with static size and stride, so does the
/// last position. The error names the first violation.
pub(crate) fn in_bounds_slice(
    shape: &[i64],
    offsets: &[i64],
    sizes: &[i64],
    strides: &[i64],
) -> Result<(), String> {
    for (i, &dim) in shape.iter().enumerate() {
        let (off, size, stride) = (offsets[i], sizes[i], strides[i]);
        if dim == DYNAMIC || off == DYNAMIC {
            continue;
        }
        if off >= dim {
            return Err(format!("offset {i} is out-of-bounds: {off} >= {dim}"));
        }
        if size == DYNAMIC || stride == DYNAMIC {
            continue;
        }
        let last = off.wrapping_add((size.wrapping_sub(1)).wrapping_mul(stride));
        if last >= dim {
            return Err(format!(
                "slice along dimension {i} runs out-of-bounds: {last} >= {dim}"
            ));
        }
    }
    Ok(())
}

/// MLIR's `SaturatedInteger` product of sizes, strides or offsets: 0 times anything
/// is 0, else dynamic if either is.
pub(crate) fn sat_mul(a: i64, b: i64) -> i64 {
    if a == 0 || b == 0 {
        0
    } else if a == DYNAMIC || b == DYNAMIC {
        DYNAMIC
    } else {
        a.saturating_mul(b)
    }
}

/// MLIR's `SaturatedInteger` sum: dynamic if either is.
pub(crate) fn sat_add(a: i64, b: i64) -> i64 {
    if a == DYNAMIC || b == DYNAMIC {
        DYNAMIC
    } else {
        a.saturating_add(b)
    }
}

/// MLIR's `SubViewOp::inferResultType` from mixed lists: `None` when a static offset or
/// size is negative or a static stride is 0; else the window's sizes with a strided
/// layout (offset and strides in terms of the source's).
pub(crate) fn infer_subview_type<'c>(
    ctx: &'c Context,
    source: Type<'c>,
    offsets: &[i64],
    sizes: &[i64],
    strides: &[i64],
) -> Option<Type<'c>> {
    let negative = |l: &[i64]| l.iter().any(|&v| v != DYNAMIC && v < 0);
    if negative(offsets) || negative(sizes) || strides.contains(&0) {
        return None;
    }
    let (src_strides, src_offset) = source.strides_and_offset()?;
    let mut offset = src_offset;
    for (&o, &s) in offsets.iter().zip(&src_strides) {
        offset = sat_add(offset, sat_mul(o, s));
    }
    let new_strides: Vec<i64> = src_strides
        .iter()
        .zip(strides)
        .map(|(&s, &t)| sat_mul(s, t))
        .collect();
    Some(strided_memref(ctx, source, sizes, &new_strides, offset))
}

/// MLIR's `computeMemRefRankReductionMask`: which dimensions of `original` `reduced`
/// drops. Static unit sizes are candidates; when there are more of them than dropped
/// dimensions, a unit dimension counts as dropped only while its stride occurs more
/// often in `original` than in `reduced`.
pub(crate) fn rank_reduction_mask(
    original: Type<'_>,
    reduced: Type<'_>,
    sizes: &[Mixed],
) -> Option<Vec<bool>> {
    let rank = original.shape()?.len();
    let reduced_rank = reduced.shape()?.len();
    let mut unused = vec![false; rank];
    if rank == reduced_rank {
        return Some(unused);
    }
    for (i, s) in sizes.iter().enumerate() {
        if *s == Mixed::Const(1) && i < rank {
            unused[i] = true;
        }
    }
    let count = |u: &[bool]| u.iter().filter(|&&b| b).count();
    if count(&unused) + reduced_rank == rank {
        return Some(unused);
    }
    let (orig_strides, _) = original.strides_and_offset()?;
    let (cand_strides, _) = reduced.strides_and_offset()?;
    let occurrences = |l: &[i64]| {
        let mut m: BTreeMap<i64, usize> = BTreeMap::new();
        for &v in l {
            *m.entry(v).or_default() += 1;
        }
        m
    };
    let mut unaccounted = occurrences(&orig_strides);
    let candidate = occurrences(&cand_strides);
    for dim in 0..rank {
        if !unused[dim] {
            continue;
        }
        let stride = orig_strides[dim];
        let have = unaccounted.get(&stride).copied().unwrap_or(0);
        let want = candidate.get(&stride).copied().unwrap_or(0);
        if have > want {
            unaccounted.insert(stride, have - 1);
        } else if have == want {
            unused[dim] = false;
        } else {
            return None;
        }
    }
    (count(&unused) + reduced_rank == rank).then_some(unused)
}

/// `SubViewOp::getDroppedDims`: the source dimensions a rank-reducing subview drops.
pub(crate) fn dropped_dims(body: &Body<'_>, op: OpId) -> Vec<bool> {
    let source = body.value_type(body.operand(op, 0));
    let result = body.value_type(body.result(op, 0));
    let sizes = mixed_list(body, op, "static_sizes", 2);
    rank_reduction_mask(source, result, &sizes)
        .unwrap_or_else(|| vec![false; source.shape().map_or(0, <[i64]>::len)])
}

/// The strided type `ty` without its `dropped` dimensions (sizes and strides).
pub(crate) fn drop_dims<'c>(ctx: &'c Context, ty: Type<'c>, dropped: &[bool]) -> Option<Type<'c>> {
    let (strides, offset) = ty.strides_and_offset()?;
    let keep = |i: &usize| !dropped.get(*i).copied().unwrap_or(false);
    let shape = ty.shape()?;
    let new_shape: Vec<i64> = (0..shape.len()).filter(keep).map(|i| shape[i]).collect();
    let new_strides: Vec<i64> = (0..shape.len()).filter(keep).map(|i| strides[i]).collect();
    Some(strided_memref(ctx, ty, &new_shape, &new_strides, offset))
}

/// Shape, strides and offset of a ranked memref with a strided layout.
pub struct Layout<'c> {
    /// The sizes.
    pub shape: &'c [i64],
    /// The strides, in elements.
    pub strides: SmallVec<[i64; 4]>,
    /// The offset, in elements.
    pub offset: i64,
    /// The element type.
    pub element: Type<'c>,
}

/// The strided layout of a ranked memref type, if it has one.
pub fn layout<'c>(t: Type<'c>) -> Option<Layout<'c>> {
    let TypeKind::MemRef { shape, element, .. } = *t.kind() else {
        return None;
    };
    let (strides, offset) = t.strides_and_offset()?;
    Some(Layout {
        shape,
        strides,
        offset,
        element,
    })
}
