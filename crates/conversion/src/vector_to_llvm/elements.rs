//! `from_elements`, `to_elements`, `shuffle`, the strided slices and `bitcast` in
//! `convert-vector-to-llvm`, as MLIR lowers them. Vectors of rank > 1 are first unrolled
//! within `vector` (row by row with `vector.extract`/`vector.insert`, MLIR's
//! `UnrollFromElements`, `UnrollToElements`, `VectorExtractStridedSliceOpRewritePattern`
//! and `VectorInsertStridedSliceOpDifferentRankRewritePattern`/`...SameRank...`); the 1-D
//! ops then become `insertelement`/`extractelement` chains and `shufflevector`s.

use smallvec::SmallVec;

use pto_dialects::llvm::{self, ConstantOp};
use pto_dialects::ub;
use pto_dialects::vector;
use pto_dialects::vector::{i64_array, i64_array_attr, vector_parts, POISON_INDEX};
use pto_ir::builder::OpBuilder;
use pto_ir::{Location, OpId, Type, ValueId};
use pto_rewrite::conversion::{ConversionPatternRewriter, ConversionPatternSet};
use pto_rewrite::{MatchResult, PatternRewriter, RewritePatternSet};

// ---- vector-to-vector unrolling --------------------------------------------------------------

/// Adds the unrolling of rank > 1 element ops, slices and shuffles to 1-D ones.
pub(super) fn add_unrolling(set: &mut RewritePatternSet) {
    set.add_fn(
        vector::FromElementsOp::NAME,
        "UnrollFromElements",
        unroll_from_elements,
    )
    .add_fn(
        vector::ToElementsOp::NAME,
        "UnrollToElements",
        unroll_to_elements,
    )
    .add_fn(vector::ShuffleOp::NAME, "UnrollShuffle", unroll_shuffle)
    .add_fn(
        vector::ExtractStridedSliceOp::NAME,
        "VectorExtractStridedSliceOpRewritePattern",
        unroll_extract_strided_slice,
    )
    .add_fn(
        vector::InsertStridedSliceOp::NAME,
        "VectorInsertStridedSliceOpRewritePattern",
        unroll_insert_strided_slice,
    )
    .add_fn(vector::BitCastOp::NAME, "UnrollBitCastOp", unroll_bitcast);
}

fn unroll_bitcast<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    let body = rw.body();
    let ty = body.value_type(body.result(op, 0));
    let src = body.operand(op, 0);
    let (Some((shape, elt)), Some((src_shape, src_elt))) = (nd(ty), nd(body.value_type(src)))
    else {
        return rw.notify_match_failure(op, "rank <= 1");
    };
    let loc = body.op_loc(op);
    let ctx = rw.context();
    let row = ctx.vector_type(&shape[shape.len() - 1..], elt);
    let src_row = ctx.vector_type(&src_shape[src_shape.len() - 1..], src_elt);
    let outer: Vec<u64> = shape[..shape.len() - 1].iter().map(|&d| d as u64).collect();
    rw.set_insertion_point_before(op);
    let mut acc = poison(rw, loc, ty);
    for pos in super::row_positions(&outer) {
        let r = extract(rw, loc, src, &pos, src_row);
        let c = create_like(rw, vector::BitCastOp::NAME, loc, &[r], &[row], &[]);
        let c = rw.body().result(c, 0);
        acc = insert(rw, loc, c, acc, &pos);
    }
    rw.replace_op(op, &[acc]);
    Ok(())
}

/// The shape and element type of a vector of rank > 1, else `None`.
fn nd<'c>(t: Type<'c>) -> Option<(&'c [i64], Type<'c>)> {
    vector_parts(t)
        .filter(|(s, sc, _)| s.len() > 1 && !sc.iter().any(|&x| x))
        .map(|(s, _, e)| (s, e))
}

fn poison<'c>(rw: &mut PatternRewriter<'_, 'c>, loc: Location<'c>, ty: Type<'c>) -> ValueId {
    let ctx = rw.context();
    let mut st = rw.state(ub::PoisonOp::NAME, loc);
    st.result_types.push(ty);
    st.set_prop(ctx, "value", pto_dialects::ub::poison_attr(ctx));
    let op = rw.create(st);
    rw.body().result(op, 0)
}

fn extract<'c>(
    rw: &mut PatternRewriter<'_, 'c>,
    loc: Location<'c>,
    v: ValueId,
    pos: &[i64],
    ty: Type<'c>,
) -> ValueId {
    let ctx = rw.context();
    let mut st = rw.state(vector::ExtractOp::NAME, loc);
    st.operands.push(v);
    st.result_types.push(ty);
    st.set_prop(ctx, "static_position", ctx.dense_int_array(64, pos));
    let op = rw.create(st);
    rw.body().result(op, 0)
}

fn insert<'c>(
    rw: &mut PatternRewriter<'_, 'c>,
    loc: Location<'c>,
    value: ValueId,
    dest: ValueId,
    pos: &[i64],
) -> ValueId {
    let ctx = rw.context();
    let ty = rw.body().value_type(dest);
    let mut st = rw.state(vector::InsertOp::NAME, loc);
    st.operands.extend([value, dest]);
    st.result_types.push(ty);
    st.set_prop(ctx, "static_position", ctx.dense_int_array(64, pos));
    let op = rw.create(st);
    rw.body().result(op, 0)
}

/// A new op `name` on `operands` with the attributes of `op` replaced by `props`.
fn create_like<'c>(
    rw: &mut PatternRewriter<'_, 'c>,
    name: &str,
    loc: Location<'c>,
    operands: &[ValueId],
    results: &[Type<'c>],
    props: &[(&str, pto_ir::Attribute<'c>)],
) -> OpId {
    let ctx = rw.context();
    let mut st = rw.state(name, loc);
    st.operands.extend(operands.iter().copied());
    st.result_types.extend(results.iter().copied());
    for &(n, a) in props {
        st.set_prop(ctx, n, a);
    }
    rw.create(st)
}

fn unroll_from_elements<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    let body = rw.body();
    let ty = body.value_type(body.result(op, 0));
    let Some((shape, elt)) = nd(ty) else {
        return rw.notify_match_failure(op, "rank <= 1");
    };
    let elems: SmallVec<[ValueId; 16]> = body.operands(op).collect();
    let loc = body.op_loc(op);
    let ctx = rw.context();
    let sub = ctx.vector_type(&shape[1..], elt);
    let per_row = elems.len() / shape[0] as usize;
    rw.set_insertion_point_before(op);
    let mut acc = poison(rw, loc, ty);
    for (i, row) in elems.chunks(per_row).enumerate() {
        let r = create_like(rw, vector::FromElementsOp::NAME, loc, row, &[sub], &[]);
        let r = rw.body().result(r, 0);
        acc = insert(rw, loc, r, acc, &[i as i64]);
    }
    rw.replace_op(op, &[acc]);
    Ok(())
}

fn unroll_to_elements<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    let body = rw.body();
    let src = body.operand(op, 0);
    let Some((shape, elt)) = nd(body.value_type(src)) else {
        return rw.notify_match_failure(op, "rank <= 1");
    };
    let loc = body.op_loc(op);
    let ctx = rw.context();
    let sub = ctx.vector_type(&shape[1..], elt);
    let per_row: i64 = shape[1..].iter().product();
    let mut out = Vec::with_capacity(body.num_results(op));
    rw.set_insertion_point_before(op);
    for i in 0..shape[0] {
        let row = extract(rw, loc, src, &[i], sub);
        let types = vec![elt; per_row as usize];
        let e = create_like(rw, vector::ToElementsOp::NAME, loc, &[row], &types, &[]);
        out.extend(rw.body().results(e));
    }
    rw.replace_op(op, &out);
    Ok(())
}

fn unroll_shuffle<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    let body = rw.body();
    let ty = body.value_type(body.result(op, 0));
    let Some((shape, elt)) = nd(ty) else {
        return rw.notify_match_failure(op, "rank <= 1");
    };
    let (v1, v2) = (body.operand(op, 0), body.operand(op, 1));
    let rows1 = body.value_type(v1).shape().map_or(0, |s| s[0]);
    let mask = body
        .attr(op, "mask")
        .and_then(|a| a.dense_int_values())
        .unwrap_or_default();
    let loc = body.op_loc(op);
    let ctx = rw.context();
    let sub = ctx.vector_type(&shape[1..], elt);
    rw.set_insertion_point_before(op);
    let mut acc = poison(rw, loc, ty);
    for (i, &m) in mask.iter().enumerate() {
        // A poison row stays poison.
        if m == POISON_INDEX {
            continue;
        }
        let row = if m < rows1 {
            extract(rw, loc, v1, &[m], sub)
        } else {
            extract(rw, loc, v2, &[m - rows1], sub)
        };
        acc = insert(rw, loc, row, acc, &[i as i64]);
    }
    rw.replace_op(op, &[acc]);
    Ok(())
}

fn unroll_extract_strided_slice<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    let body = rw.body();
    let ty = body.value_type(body.result(op, 0));
    let Some((shape, elt)) = nd(ty) else {
        return rw.notify_match_failure(op, "rank <= 1");
    };
    let src = body.operand(op, 0);
    let offsets = i64_array(body.attr(op, "offsets"));
    let sizes = i64_array(body.attr(op, "sizes"));
    let strides = i64_array(body.attr(op, "strides"));
    if offsets.is_empty() {
        return rw.notify_match_failure(op, "no offsets");
    }
    let src_shape = body.value_type(src).shape().unwrap_or(&[]).to_vec();
    let loc = body.op_loc(op);
    let ctx = rw.context();
    let sub = ctx.vector_type(&shape[1..], elt);
    let src_sub = ctx.vector_type(&src_shape[1..], elt);
    let inner = (
        i64_array_attr(ctx, &offsets[1..]),
        i64_array_attr(ctx, &sizes[1..]),
        i64_array_attr(ctx, &strides[1..]),
    );
    rw.set_insertion_point_before(op);
    let mut acc = poison(rw, loc, ty);
    for i in 0..sizes[0] {
        let mut row = extract(rw, loc, src, &[offsets[0] + i], src_sub);
        if offsets.len() > 1 {
            let s = create_like(
                rw,
                vector::ExtractStridedSliceOp::NAME,
                loc,
                &[row],
                &[sub],
                &[
                    ("offsets", inner.0),
                    ("sizes", inner.1),
                    ("strides", inner.2),
                ],
            );
            row = rw.body().result(s, 0);
        }
        acc = insert(rw, loc, row, acc, &[i]);
    }
    rw.replace_op(op, &[acc]);
    Ok(())
}

fn unroll_insert_strided_slice<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    let body = rw.body();
    let (value, dest) = (body.operand(op, 0), body.operand(op, 1));
    let (Some((vs, _, elt)), Some((ds, _, _))) = (
        vector_parts(body.value_type(value)),
        vector_parts(body.value_type(dest)),
    ) else {
        return rw.notify_match_failure(op, "not vectors");
    };
    if ds.len() < 2 || vector_parts(body.value_type(dest)).is_some_and(|p| p.1.iter().any(|&s| s)) {
        return rw.notify_match_failure(op, "1-D or scalable destination");
    }
    let offsets = i64_array(body.attr(op, "offsets"));
    let strides = i64_array(body.attr(op, "strides"));
    let loc = body.op_loc(op);
    let ctx = rw.context();
    let dest_sub = ctx.vector_type(&ds[1..], elt);
    rw.set_insertion_point_before(op);
    let mut acc = dest;
    if vs.len() < ds.len() {
        // Different ranks: insert into the destination's row at the leading offset.
        let row = extract(rw, loc, dest, &offsets[..1], dest_sub);
        let s = create_like(
            rw,
            vector::InsertStridedSliceOp::NAME,
            loc,
            &[value, row],
            &[dest_sub],
            &[
                ("offsets", i64_array_attr(ctx, &offsets[1..])),
                ("strides", i64_array_attr(ctx, &strides)),
            ],
        );
        let r = rw.body().result(s, 0);
        acc = insert(rw, loc, r, acc, &offsets[..1]);
    } else {
        // Same ranks: row by row of the inserted value.
        let value_sub = ctx.vector_type(&vs[1..], elt);
        for i in 0..vs[0] {
            let v = extract(rw, loc, value, &[i], value_sub);
            let d = extract(rw, loc, acc, &[offsets[0] + i], dest_sub);
            let s = create_like(
                rw,
                vector::InsertStridedSliceOp::NAME,
                loc,
                &[v, d],
                &[dest_sub],
                &[
                    ("offsets", i64_array_attr(ctx, &offsets[1..])),
                    ("strides", i64_array_attr(ctx, &strides[1..])),
                ],
            );
            let r = rw.body().result(s, 0);
            acc = insert(rw, loc, r, acc, &[offsets[0] + i]);
        }
    }
    rw.replace_op(op, &[acc]);
    Ok(())
}

// ---- conversion of the 1-D ops ----------------------------------------------------------------

/// Adds the conversions of 1-D (and 0-D) element ops, shuffles and slices.
pub(super) fn populate(set: &mut ConversionPatternSet) {
    set.add_op::<vector::FromElementsOp>("VectorFromElementsLowering", lower_from_elements)
        .add_op::<vector::ToElementsOp>("VectorToElementsLowering", lower_to_elements)
        .add_op::<vector::ShuffleOp>("VectorShuffleOpConversion", lower_shuffle)
        .add_op::<vector::ExtractStridedSliceOp>(
            "VectorExtractStridedSliceOpConversion",
            lower_extract_strided_slice,
        )
        .add_op::<vector::InsertStridedSliceOp>(
            "VectorInsertStridedSliceOpConversion",
            lower_insert_strided_slice,
        )
        .add_op::<vector::BitCastOp>("VectorBitCastOpConversion", lower_bitcast);
}

fn lower_bitcast<'c>(
    op: vector::BitCastOp,
    adaptor: vector::BitCastOpAdaptor<'_>,
    rw: &mut ConversionPatternRewriter<'_, 'c>,
) -> MatchResult {
    let body = rw.body();
    let (Some(_), Some((ty, _))) = (
        flat(rw, body.value_type(body.operand(op.0, 0))),
        flat(rw, body.value_type(body.result(op.0, 0))),
    ) else {
        return rw.notify_match_failure(op.0, "rank > 1 vectors are not supported");
    };
    let loc = body.op_loc(op.0);
    rw.set_insertion_point_before(op.0);
    let v = rw.build(|b| llvm::BitcastOp::build(b, loc, adaptor.source(), ty).res(b.body()));
    rw.replace_op(op.0, &[v]);
    Ok(())
}

/// A constant i64 lane index.
fn lane<'c>(b: &mut OpBuilder<'_, 'c>, loc: Location<'c>, i: i64) -> ValueId {
    let ctx = b.context();
    let i64t = ctx.int_type(64);
    ConstantOp::build(b, loc, i64t, ctx.int_attr(i64t, i128::from(i))).res(b.body())
}

/// A constant i64 lane index written with an `index` attribute, as MLIR's shuffle
/// lowering makes them.
fn index_lane<'c>(b: &mut OpBuilder<'_, 'c>, loc: Location<'c>, i: i64) -> ValueId {
    let ctx = b.context();
    let attr = ctx.int_attr(ctx.index_type(), i128::from(i));
    ConstantOp::build(b, loc, ctx.int_type(64), attr).res(b.body())
}

/// The converted type of `t` if it is a 1-D LLVM vector (0-D and 1-D vectors), with its
/// length.
fn flat<'c>(rw: &ConversionPatternRewriter<'_, 'c>, t: Type<'c>) -> Option<(Type<'c>, i64)> {
    let (shape, scalable, _) = vector_parts(t)?;
    if shape.len() > 1 || scalable.iter().any(|&s| s) {
        return None;
    }
    let c = rw.convert_type(t)?;
    let n = c.shape()?.first().copied()?;
    Some((c, n))
}

fn lower_from_elements<'c>(
    op: vector::FromElementsOp,
    adaptor: vector::FromElementsOpAdaptor<'_>,
    rw: &mut ConversionPatternRewriter<'_, 'c>,
) -> MatchResult {
    let body = rw.body();
    let Some((ty, _)) = flat(rw, body.value_type(body.result(op.0, 0))) else {
        return rw.notify_match_failure(op.0, "rank > 1 vectors are not supported");
    };
    let loc = body.op_loc(op.0);
    rw.set_insertion_point_before(op.0);
    let v = rw.build(|b| {
        let mut acc = llvm::PoisonOp::build(b, loc, ty).res(b.body());
        for (i, &e) in adaptor.elements().iter().enumerate() {
            let at = lane(b, loc, i as i64);
            acc = llvm::InsertElementOp::build(b, loc, acc, e, at, ty).res(b.body());
        }
        acc
    });
    rw.replace_op(op.0, &[v]);
    Ok(())
}

fn lower_to_elements<'c>(
    op: vector::ToElementsOp,
    adaptor: vector::ToElementsOpAdaptor<'_>,
    rw: &mut ConversionPatternRewriter<'_, 'c>,
) -> MatchResult {
    let source = adaptor.source();
    let body = rw.body();
    if flat(rw, body.value_type(body.operand(op.0, 0))).is_none() {
        return rw.notify_match_failure(op.0, "rank > 1 vectors are not supported");
    }
    let results: SmallVec<[ValueId; 16]> = body.results(op.0).collect();
    let types: Option<SmallVec<[Type<'c>; 16]>> = results
        .iter()
        .map(|&r| rw.convert_type(rw.body().value_type(r)))
        .collect();
    let Some(types) = types else {
        return rw.notify_match_failure(op.0, "element type does not convert");
    };
    // Only the elements in use are extracted (a dead one gets any of them).
    let used: SmallVec<[bool; 16]> = results.iter().map(|&r| body.has_uses(r)).collect();
    let first = used.iter().position(|&u| u).unwrap_or(0);
    let loc = body.op_loc(op.0);
    rw.set_insertion_point_before(op.0);
    let out = rw.build(|b| {
        let mut out: Vec<Option<ValueId>> = (0..results.len())
            .map(|i| {
                (used[i] || i == first).then(|| {
                    let at = lane(b, loc, i as i64);
                    llvm::ExtractElementOp::build(b, loc, source, at, types[i]).res(b.body())
                })
            })
            .collect();
        let any = out[first];
        out.iter_mut()
            .map(|v| v.or(any).unwrap_or(source))
            .collect::<Vec<_>>()
    });
    rw.replace_op(op.0, &out);
    Ok(())
}

/// `shufflevector` of `a` and `b` (same type) with `mask`, into `ty`.
fn shufflevector<'c>(
    b: &mut OpBuilder<'_, 'c>,
    loc: Location<'c>,
    (x, y): (ValueId, ValueId),
    ty: Type<'c>,
    mask: &[i64],
) -> ValueId {
    let ctx = b.context();
    let m: SmallVec<[i64; 16]> = mask.to_vec().into();
    llvm::ShuffleVectorOp::build(b, loc, x, y, ty, ctx.dense_int_array(32, &m)).res(b.body())
}

fn lower_shuffle<'c>(
    op: vector::ShuffleOp,
    adaptor: vector::ShuffleOpAdaptor<'_>,
    rw: &mut ConversionPatternRewriter<'_, 'c>,
) -> MatchResult {
    let (v1, v2) = (adaptor.v1(), adaptor.v2());
    let body = rw.body();
    let t1 = body.value_type(body.operand(op.0, 0));
    let t2 = body.value_type(body.operand(op.0, 1));
    let (Some((_, n1)), Some(_), Some((ty, _))) = (
        flat(rw, t1),
        flat(rw, t2),
        flat(rw, body.value_type(body.result(op.0, 0))),
    ) else {
        return rw.notify_match_failure(op.0, "rank > 1 vectors are not supported");
    };
    let mask = body
        .attr(op.0, "mask")
        .and_then(|a| a.dense_int_values())
        .unwrap_or_default();
    let elt = ty.element_type();
    let loc = body.op_loc(op.0);
    let same = t1 == t2;
    rw.set_insertion_point_before(op.0);
    let v = rw.build(|b| {
        if same {
            return shufflevector(b, loc, (v1, v2), ty, &mask);
        }
        // Operands of different lengths: element by element; a poison lane extracts at
        // -1 (out of range: poison), as MLIR does.
        let mut acc = llvm::PoisonOp::build(b, loc, ty).res(b.body());
        for (i, &m) in mask.iter().enumerate() {
            let (src, at) = if m < n1 { (v1, m) } else { (v2, m - n1) };
            let at = index_lane(b, loc, at);
            let e = llvm::ExtractElementOp::build(b, loc, src, at, elt.unwrap_or(ty)).res(b.body());
            let to = index_lane(b, loc, i as i64);
            acc = llvm::InsertElementOp::build(b, loc, acc, e, to, ty).res(b.body());
        }
        acc
    });
    rw.replace_op(op.0, &[v]);
    Ok(())
}

fn lower_extract_strided_slice<'c>(
    op: vector::ExtractStridedSliceOp,
    adaptor: vector::ExtractStridedSliceOpAdaptor<'_>,
    rw: &mut ConversionPatternRewriter<'_, 'c>,
) -> MatchResult {
    let body = rw.body();
    let src = body.value_type(body.operand(op.0, 0));
    let (Some(_), Some((ty, n))) = (
        flat(rw, src),
        flat(rw, body.value_type(body.result(op.0, 0))),
    ) else {
        return rw.notify_match_failure(op.0, "rank > 1 vectors are not supported");
    };
    let offset = i64_array(body.attr(op.0, "offsets"))
        .first()
        .copied()
        .unwrap_or(0);
    let mask: Vec<i64> = (offset..offset + n).collect();
    let loc = body.op_loc(op.0);
    rw.set_insertion_point_before(op.0);
    let v = rw.build(|b| shufflevector(b, loc, (adaptor.source(), adaptor.source()), ty, &mask));
    rw.replace_op(op.0, &[v]);
    Ok(())
}

fn lower_insert_strided_slice<'c>(
    op: vector::InsertStridedSliceOp,
    adaptor: vector::InsertStridedSliceOpAdaptor<'_>,
    rw: &mut ConversionPatternRewriter<'_, 'c>,
) -> MatchResult {
    let body = rw.body();
    let vt = body.value_type(body.operand(op.0, 0));
    let dt = body.value_type(body.operand(op.0, 1));
    let (Some((_, n)), Some((ty, m))) = (flat(rw, vt), flat(rw, dt)) else {
        return rw.notify_match_failure(op.0, "rank > 1 vectors are not supported");
    };
    let offset = i64_array(body.attr(op.0, "offsets"))
        .first()
        .copied()
        .unwrap_or(0);
    let loc = body.op_loc(op.0);
    rw.set_insertion_point_before(op.0);
    let v = rw.build(|b| {
        // Widen the value to the destination's length, then take its lanes where it lands.
        let mut value = adaptor.value_to_store();
        if n != m {
            let widen: Vec<i64> = (0..m).map(|i| if i < n { i } else { 0 }).collect();
            value = shufflevector(b, loc, (value, value), ty, &widen);
        }
        let pick: Vec<i64> = (0..m)
            .map(|i| {
                if (offset..offset + n).contains(&i) {
                    i - offset
                } else {
                    m + i
                }
            })
            .collect();
        shufflevector(b, loc, (value, adaptor.dest()), ty, &pick)
    });
    rw.replace_op(op.0, &[v]);
    Ok(())
}
