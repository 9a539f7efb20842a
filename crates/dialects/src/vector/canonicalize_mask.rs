//! Canonicalization patterns of `vector.extract` that look through what defines its
//! source, after MLIR 22's `VectorOps.cpp`: a vector extracted from a `create_mask` is
//! a smaller `create_mask`, or all false when a position is past a constant size
//! (`ExtractOpFromCreateMask`); one extracted from a `shape_cast` with as many elements
//! is a `shape_cast` of the cast's source (`foldExtractFromShapeCastToShapeCast`). A
//! `shape_cast` that drops trailing unit dimensions of a `create_mask` or
//! `constant_mask` whose sizes there are 1 is the mask without them
//! (`ShapeCastCreateMaskFolderTrailingOneDim`).

use smallvec::SmallVec;

use super::canonicalize::replace_with;
use super::vector_parts;
use crate::arith;
use crate::arith::elements::{attr_of, Elems};
use pto_ir::types::DYNAMIC;
use pto_ir::{OpId, ValueId};
use pto_rewrite::{MatchResult, PatternRewriter};

/// The integer an `arith.constant` defining `v` holds (MLIR's match of
/// `arith::ConstantOp` with an `IntegerAttr`, not any constant-like op).
fn arith_constant_int(rw: &PatternRewriter<'_, '_>, v: ValueId) -> Option<i64> {
    let body = rw.body();
    let def = super::fold::defined_by(body, v, arith::ConstantOp::NAME)?;
    body.attr(def, "value")?.as_int().map(|c| c as i64)
}

/// `ExtractOpFromCreateMask`.
pub(super) fn extract_from_create_mask<'c>(
    op: OpId,
    rw: &mut PatternRewriter<'_, 'c>,
) -> MatchResult {
    let body = rw.body();
    let src = body.operand(op, 0);
    let Some(mask) = super::fold::defined_by(body, src, super::CreateMaskOp::NAME) else {
        return rw.notify_match_failure(op, "source is not a create_mask");
    };
    let res_ty = body.value_type(body.result(op, 0));
    if vector_parts(res_ty).is_none() {
        return rw.notify_match_failure(op, "extracts a scalar");
    }
    let Some((mask_shape, _, _)) = vector_parts(body.value_type(src)) else {
        return rw.notify_match_failure(op, "not a vector");
    };
    let Some(pos) = body
        .attr(op, "static_position")
        .and_then(|a| a.dense_int_values())
    else {
        return rw.notify_match_failure(op, "no static_position");
    };
    let sizes: SmallVec<[ValueId; 4]> = body.operands(mask).collect();
    let bounds: SmallVec<[Option<i64>; 4]> =
        sizes.iter().map(|&v| arith_constant_int(rw, v)).collect();
    // MLIR's getMaskFormat: a constant size of zero or less makes the mask all false.
    let mut all_false = bounds.iter().flatten().any(|&b| b <= 0);
    let mut unknown = false;
    for (d, &p) in pos.iter().enumerate() {
        if all_false {
            break;
        }
        let Some(bound) = bounds[d] else {
            unknown = true;
            continue;
        };
        if p != DYNAMIC {
            all_false |= p >= bound;
        } else if bound < mask_shape[d] {
            // A dynamic position in a partly set dimension may fall either side.
            unknown = true;
        }
    }
    let ctx = rw.context();
    let loc = rw.body().op_loc(op);
    if all_false {
        let Some(zeros) = attr_of(ctx, res_ty, &Elems::Splat(0)) else {
            return rw.notify_match_failure(op, "no constant of the mask type");
        };
        let mut state = rw.state(arith::ConstantOp::NAME, loc);
        state.result_types.push(res_ty);
        state.set_prop(ctx, "value", zeros);
        rw.replace_op_with_new(op, state);
        return Ok(());
    }
    if unknown {
        return rw.notify_match_failure(op, "a dimension's bound is unknown");
    }
    replace_with(rw, op, super::CreateMaskOp::NAME, &sizes[pos.len()..]);
    Ok(())
}

/// `foldExtractFromShapeCastToShapeCast`.
pub(super) fn extract_from_shape_cast_to_shape_cast<'c>(
    op: OpId,
    rw: &mut PatternRewriter<'_, 'c>,
) -> MatchResult {
    let body = rw.body();
    let Some(cast) = super::fold::defined_by(body, body.operand(op, 0), super::ShapeCastOp::NAME)
    else {
        return rw.notify_match_failure(op, "source is not a shape_cast");
    };
    let cast_src = body.operand(cast, 0);
    let res_ty = body.value_type(body.result(op, 0));
    let (Some((rshape, _, _)), Some((sshape, _, _))) = (
        vector_parts(res_ty),
        vector_parts(body.value_type(cast_src)),
    ) else {
        return rw.notify_match_failure(op, "extracts a scalar");
    };
    if rshape.iter().product::<i64>() != sshape.iter().product::<i64>() {
        return rw.notify_match_failure(op, "element counts differ");
    }
    replace_with(rw, op, super::ShapeCastOp::NAME, &[cast_src]);
    Ok(())
}

/// `ShapeCastCreateMaskFolderTrailingOneDim`.
pub(super) fn shape_cast_mask_trailing_one_dim<'c>(
    op: OpId,
    rw: &mut PatternRewriter<'_, 'c>,
) -> MatchResult {
    let body = rw.body();
    let src = body.operand(op, 0);
    let create = super::fold::defined_by(body, src, super::CreateMaskOp::NAME);
    let constant = super::fold::defined_by(body, src, super::ConstantMaskOp::NAME);
    let Some(mask) = create.or(constant) else {
        return rw.notify_match_failure(op, "source is not a mask");
    };
    let res_ty = body.value_type(body.result(op, 0));
    let (Some((new_shape, _, _)), Some((old_shape, _, _))) =
        (vector_parts(res_ty), vector_parts(body.value_type(src)))
    else {
        return rw.notify_match_failure(op, "not vectors");
    };
    let kept = new_shape.len();
    if old_shape.len() <= kept || old_shape[..kept] != *new_shape {
        return rw.notify_match_failure(op, "does not only drop trailing dimensions");
    }
    let ctx = rw.context();
    let loc = body.op_loc(op);
    if create.is_some() {
        let sizes: SmallVec<[ValueId; 4]> = body.operands(mask).collect();
        // MLIR asks for `arith.constant 1 : index` in every dropped dimension.
        let ones = sizes[kept..].iter().all(|&v| {
            super::fold::defined_by(rw.body(), v, arith::ConstantOp::NAME).is_some()
                && rw.body().value_type(v).is_index()
                && arith_constant_int(rw, v) == Some(1)
        });
        if !ones {
            return rw.notify_match_failure(op, "a dropped size is not the constant 1");
        }
        replace_with(rw, op, super::CreateMaskOp::NAME, &sizes[..kept]);
        return Ok(());
    }
    let Some(sizes) = body
        .attr(mask, "mask_dim_sizes")
        .and_then(|a| a.dense_int_values())
    else {
        return rw.notify_match_failure(op, "no mask_dim_sizes");
    };
    if sizes[kept..].iter().any(|&s| s != 1) {
        return rw.notify_match_failure(op, "a dropped size is not 1");
    }
    let mut state = rw.state(super::ConstantMaskOp::NAME, loc);
    state.result_types.push(res_ty);
    state.set_prop(
        ctx,
        "mask_dim_sizes",
        ctx.dense_int_array(64, &sizes[..kept]),
    );
    rw.replace_op_with_new(op, state);
    Ok(())
}
