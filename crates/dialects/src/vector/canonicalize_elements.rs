//! Canonicalization patterns of `from_elements`, `to_elements`, `shuffle` and
//! `extract_strided_slice`, after MLIR 22's `VectorOps.cpp`: one value repeated is a
//! `broadcast` (`from_elements` of equal operands, a `shuffle` of two broadcasts of one
//! scalar), `to_elements` of a `broadcast` reads the broadcast's source
//! (`ToElementsOfBroadcast`), a slice of a broadcast is a broadcast
//! (`StridedSliceBroadcast`), a slice that is a contiguous run of rows is an `extract`
//! and a `shape_cast` (`ContiguousExtractStridedSliceToExtract`), and inserting a splat
//! into the same splat, or a slice of the destination back at its place, is the
//! destination (`FoldInsertStridedSliceSplat`, `FoldInsertStridedSliceOfExtract`).

use smallvec::SmallVec;

use super::canonicalize::replace_with;
use super::fold::defined_by;
use super::vector_parts;
use super::verify_slices::{i64_array, i64_array_attr, strided_slice_type};
use pto_ir::{OpId, ValueId};
use pto_rewrite::{MatchResult, PatternRewriter, RewritePatternSet};

/// `vector.from_elements` patterns.
pub fn canonicalization_patterns_from_elements(set: &mut RewritePatternSet) {
    set.add_fn(
        super::FromElementsOp::NAME,
        "rewriteFromElementsAsBroadcast",
        from_elements_as_broadcast,
    );
}

/// `vector.to_elements` patterns.
pub fn canonicalization_patterns_to_elements(set: &mut RewritePatternSet) {
    set.add_fn(
        super::ToElementsOp::NAME,
        "ToElementsOfBroadcast",
        to_elements_of_broadcast,
    );
}

/// `vector.shuffle` patterns.
pub fn canonicalization_patterns_shuffle(set: &mut RewritePatternSet) {
    set.add_fn(super::ShuffleOp::NAME, "ShuffleSplat", shuffle_splat);
}

/// `vector.insert_strided_slice` patterns.
pub fn canonicalization_patterns_insert_strided_slice(set: &mut RewritePatternSet) {
    set.add_fn(
        super::InsertStridedSliceOp::NAME,
        "FoldInsertStridedSliceSplat",
        insert_splat_into_same_splat,
    );
    set.add_fn(
        super::InsertStridedSliceOp::NAME,
        "FoldInsertStridedSliceOfExtract",
        insert_of_extract_of_dest,
    );
}

/// The scalar a `broadcast` of a scalar fills `v` with.
fn scalar_splat_source(body: &pto_ir::Body<'_>, v: ValueId) -> Option<ValueId> {
    let b = defined_by(body, v, super::BroadcastOp::NAME)?;
    let src = body.operand(b, 0);
    vector_parts(body.value_type(src)).is_none().then_some(src)
}

/// A splat of `x` inserted into a splat of `x` is the destination.
fn insert_splat_into_same_splat<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    let body = rw.body();
    let (value, dest) = (body.operand(op, 0), body.operand(op, 1));
    match scalar_splat_source(body, value) {
        Some(x) if scalar_splat_source(body, dest) == Some(x) => {
            rw.replace_op(op, &[dest]);
            Ok(())
        }
        _ => rw.notify_match_failure(op, "not splats of one scalar"),
    }
}

/// A slice of the destination put back where it was taken is the destination.
fn insert_of_extract_of_dest<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    let body = rw.body();
    let (value, dest) = (body.operand(op, 0), body.operand(op, 1));
    let Some(e) = defined_by(body, value, super::ExtractStridedSliceOp::NAME) else {
        return rw.notify_match_failure(op, "not an extract_strided_slice");
    };
    let same = body.operand(e, 0) == dest
        && body.attr(e, "offsets") == body.attr(op, "offsets")
        && body.attr(e, "strides") == body.attr(op, "strides");
    if !same {
        return rw.notify_match_failure(op, "not a slice of the destination at its place");
    }
    rw.replace_op(op, &[dest]);
    Ok(())
}

/// `vector.extract_strided_slice` patterns.
pub fn canonicalization_patterns_extract_strided_slice(set: &mut RewritePatternSet) {
    set.add_fn(
        super::ExtractStridedSliceOp::NAME,
        "StridedSliceBroadcast",
        strided_slice_broadcast,
    );
    set.add_fn(
        super::ExtractStridedSliceOp::NAME,
        "ContiguousExtractStridedSliceToExtract",
        contiguous_slice_to_extract,
    );
}

fn from_elements_as_broadcast<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    let body = rw.body();
    let first = body.operand(op, 0);
    if body.operands(op).any(|v| v != first) {
        return rw.notify_match_failure(op, "elements differ");
    }
    replace_with(rw, op, super::BroadcastOp::NAME, &[first]);
    Ok(())
}

fn to_elements_of_broadcast<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    let body = rw.body();
    let Some(b) = defined_by(body, body.operand(op, 0), super::BroadcastOp::NAME) else {
        return rw.notify_match_failure(op, "source is not a broadcast");
    };
    let src = body.operand(b, 0);
    let Some((dst, _, _)) = vector_parts(body.value_type(body.operand(op, 0))) else {
        return rw.notify_match_failure(op, "source is not a vector");
    };
    let Some((shape, _, elt)) = vector_parts(body.value_type(src)) else {
        // A scalar broadcast: every element is that scalar.
        let n = body.num_results(op);
        rw.replace_op(op, &vec![src; n]);
        return Ok(());
    };
    let shape: SmallVec<[i64; 4]> = shape.into();
    let n: i64 = shape.iter().product();
    let loc = body.op_loc(op);
    rw.set_insertion_point_before(op);
    let inner = rw.create_op(
        super::ToElementsOp::NAME,
        loc,
        &[src],
        &vec![elt; n as usize],
        None,
    );
    let scalars: Vec<ValueId> = rw.body().results(inner).collect();
    // Each destination element reads the source element its index broadcasts from:
    // leading dimensions dropped, unit dimensions stretched.
    let lead = dst.len() - shape.len();
    let mut idx = vec![0i64; dst.len()];
    let mut out = Vec::with_capacity(rw.body().num_results(op));
    for _ in 0..rw.body().num_results(op) {
        let mut at = 0i64;
        for (d, &s) in shape.iter().enumerate() {
            at = at * s + if s == 1 { 0 } else { idx[lead + d] };
        }
        out.push(scalars[at as usize]);
        for d in (0..dst.len()).rev() {
            idx[d] += 1;
            if idx[d] < dst[d] {
                break;
            }
            idx[d] = 0;
        }
    }
    rw.replace_op(op, &out);
    Ok(())
}

fn shuffle_splat<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    let body = rw.body();
    let (a, b) = (
        defined_by(body, body.operand(op, 0), super::BroadcastOp::NAME),
        defined_by(body, body.operand(op, 1), super::BroadcastOp::NAME),
    );
    let (Some(a), Some(b)) = (a, b) else {
        return rw.notify_match_failure(op, "operands are not broadcasts");
    };
    let src = body.operand(a, 0);
    if body.operand(b, 0) != src || vector_parts(body.value_type(src)).is_some() {
        return rw.notify_match_failure(op, "not broadcasts of one scalar");
    }
    replace_with(rw, op, super::BroadcastOp::NAME, &[src]);
    Ok(())
}

fn strided_slice_broadcast<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    let body = rw.body();
    let Some(b) = defined_by(body, body.operand(op, 0), super::BroadcastOp::NAME) else {
        return rw.notify_match_failure(op, "source is not a broadcast");
    };
    let mut source = body.operand(b, 0);
    let dst_ty = body.value_type(body.result(op, 0));
    let Some((dst, _, _)) = vector_parts(dst_ty) else {
        return rw.notify_match_failure(op, "result is not a vector");
    };
    let src_ty = body.value_type(source);
    if let Some((src, _, _)) = vector_parts(src_ty) {
        let diff = dst.len() - src.len();
        // Source dimensions that are neither stretched (1) nor whole need a slice first.
        let needs_slice = src
            .iter()
            .enumerate()
            .any(|(i, &s)| s != 1 && s != dst[i + diff]);
        if needs_slice {
            let drop = |v: SmallVec<[i64; 4]>| -> SmallVec<[i64; 4]> {
                v.get(diff..).map(SmallVec::from).unwrap_or_default()
            };
            let mut offsets = drop(i64_array(body.attr(op, "offsets")));
            let mut sizes = drop(i64_array(body.attr(op, "sizes")));
            let strides = drop(i64_array(body.attr(op, "strides")));
            for (i, &s) in src.iter().enumerate().take(offsets.len()) {
                if s == 1 {
                    offsets[i] = 0;
                    sizes[i] = 1;
                }
            }
            let ctx = rw.context();
            let Some(ty) = strided_slice_type(ctx, src_ty, &sizes) else {
                return rw.notify_match_failure(op, "no slice type");
            };
            let loc = body.op_loc(op);
            let mut st = rw.state(super::ExtractStridedSliceOp::NAME, loc);
            st.operands.push(source);
            st.result_types.push(ty);
            st.set_prop(ctx, "offsets", i64_array_attr(ctx, &offsets));
            st.set_prop(ctx, "sizes", i64_array_attr(ctx, &sizes));
            st.set_prop(ctx, "strides", i64_array_attr(ctx, &strides));
            rw.set_insertion_point_before(op);
            let s = rw.create(st);
            source = rw.body().result(s, 0);
        }
    }
    replace_with(rw, op, super::BroadcastOp::NAME, &[source]);
    Ok(())
}

fn contiguous_slice_to_extract<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    let body = rw.body();
    let src = body.operand(op, 0);
    let Some((shape, scalable, elt)) = vector_parts(body.value_type(src)) else {
        return rw.notify_match_failure(op, "source is not a vector");
    };
    if scalable.iter().any(|&s| s) || shape.is_empty() {
        return rw.notify_match_failure(op, "scalable or 0-D source");
    }
    if i64_array(body.attr(op, "strides")).iter().any(|&s| s != 1) {
        return rw.notify_match_failure(op, "non-unit strides");
    }
    let sizes = i64_array(body.attr(op, "sizes"));
    // Positions to extract at: the leading dimensions before the run of whole ones.
    let mut n = sizes.len();
    while n > 0 && sizes[n - 1] == shape[n - 1] {
        n -= 1;
    }
    if n == 0 {
        return rw.notify_match_failure(op, "the slice is the whole source");
    }
    if n == shape.len() && sizes.len() == shape.len() {
        return rw.notify_match_failure(op, "the innermost dimension is not whole");
    }
    if sizes[..n].iter().any(|&s| s != 1) {
        return rw.notify_match_failure(op, "outer dimensions are not unit");
    }
    // No leading unit dimensions in the extracted vector.
    while n + 1 < sizes.len() && sizes[n] == 1 {
        n += 1;
    }
    let offsets = i64_array(body.attr(op, "offsets"));
    let ctx = rw.context();
    let loc = body.op_loc(op);
    // `n` < rank: the innermost dimension is whole.
    let ext_ty = ctx.vector_type(&shape[n..], elt);
    let mut st = rw.state(super::ExtractOp::NAME, loc);
    st.operands.push(src);
    st.result_types.push(ext_ty);
    st.set_prop(
        ctx,
        "static_position",
        ctx.dense_int_array(64, &offsets[..n]),
    );
    rw.set_insertion_point_before(op);
    let e = rw.create(st);
    let extracted = rw.body().result(e, 0);
    replace_with(rw, op, super::ShapeCastOp::NAME, &[extracted]);
    Ok(())
}
