//! Layout arithmetic of the `memref` ops, after MLIR 22: mixed static/dynamic lists
//! (`OpFoldResult`), `SaturatedInteger` products and sums, the bounds of a static slice
//! (`verifyInBoundsSlice`) and which dimensions a rank-reducing subview drops
//! (`computeMemRefRankReductionMask`).

use std::collections::BTreeMap;

pub(crate) use crate::dialects::affine::OpFoldResult as Mixed;
use crate::ir::{Body, OpId, Type, DYNAMIC};

/// An op's mixed static/dynamic list: its `attr` (`static_sizes`, ...) with each dynamic
/// entry taken from operand group `group`, in order.
pub(crate) fn mixed_list(body: &Body<'_>, op: OpId, attr: &str, group: usize) -> Vec<Mixed> {
    let statics = body
        .attr(op, attr)
        .and_then(|a| a.dense_int_values())
        .unwrap_or_default();
    let dynamic = match body.op_name(op).def.and_then(|d| d.spec) {
        Some(spec) => crate::ods::operand_group(spec, body, op, group),
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
