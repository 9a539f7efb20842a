//! Verifiers and result type inference of `vector.shuffle`, `vector.to_elements` and the
//! strided slices, with MLIR's messages in MLIR's order.

use smallvec::{smallvec, SmallVec};

use super::{vector_parts, POISON_INDEX};
use pto_ir::printer::type_to_string;
use pto_ir::{AttrKind, Attribute, Body, Context, Diagnostic, OpId, Type};

fn op_error<'c>(body: &Body<'c>, op: OpId, msg: &str) -> Diagnostic<'c> {
    pto_ir::verifier::op_error(body, op, msg)
}

/// The values of an `I64ArrayAttr` (`[0, 2]`); empty if absent or malformed (ODS has
/// rejected those).
pub fn i64_array(a: Option<Attribute<'_>>) -> SmallVec<[i64; 4]> {
    match a.map(|a| a.kind()) {
        Some(AttrKind::Array(items)) => items
            .iter()
            .filter_map(|i| i.as_int().map(|v| v as i64))
            .collect(),
        _ => SmallVec::new(),
    }
}

/// `[0, 2]` as an `I64ArrayAttr`.
pub fn i64_array_attr<'c>(ctx: &'c Context, values: &[i64]) -> Attribute<'c> {
    let i64t = ctx.int_type(64);
    let items: SmallVec<[Attribute<'c>; 4]> = values
        .iter()
        .map(|&v| ctx.int_attr(i64t, i128::from(v)))
        .collect();
    ctx.array_attr(&items)
}

/// A vector type of `shape`, with `scalable` flags, of `element`.
fn vector_of<'c>(
    ctx: &'c Context,
    shape: &[i64],
    scalable: &[bool],
    element: Type<'c>,
) -> Type<'c> {
    ctx.scalable_vector_type(shape, scalable, element)
}

// ---- shuffle -----------------------------------------------------------------------------

/// The result type of a shuffle: as many rows as the mask has entries (at least one, so
/// that an empty mask is reported by the verifier), the trailing dimensions of `v1` (a
/// 0-D `v1` gives a 1-D result).
fn shuffle_type<'c>(ctx: &'c Context, v1: Type<'c>, mask_len: usize) -> Option<Type<'c>> {
    let (shape, scalable, elt) = vector_parts(v1)?;
    let mut s: SmallVec<[i64; 4]> = smallvec![mask_len.max(1) as i64];
    let mut f: SmallVec<[bool; 4]> = smallvec![false];
    if !shape.is_empty() {
        s.extend_from_slice(&shape[1..]);
        f.extend_from_slice(&scalable[1..]);
    }
    Some(vector_of(ctx, &s, &f, elt))
}

/// `vector.shuffle`'s `inferReturnTypes`.
pub fn infer_return_types_shuffle<'c>(
    ctx: &'c Context,
    operands: &[Type<'c>],
    attr: &dyn Fn(&str) -> Option<Attribute<'c>>,
) -> Result<SmallVec<[Type<'c>; 1]>, String> {
    let mask = attr("mask")
        .and_then(|a| a.dense_int_values())
        .ok_or("'vector.shuffle' op requires attribute 'mask'")?;
    let t = operands
        .first()
        .and_then(|&v1| shuffle_type(ctx, v1, mask.len()))
        .ok_or("'vector.shuffle' op expects vector operands")?;
    Ok(smallvec![t])
}

pub(super) fn verify_shuffle<'c>(
    _ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
) -> Result<(), Diagnostic<'c>> {
    let ty = |v| body.value_type(v);
    let (Some((v1, _, _)), Some((v2, _, _)), Some((res, _, _))) = (
        vector_parts(ty(body.operand(op, 0))),
        vector_parts(ty(body.operand(op, 1))),
        vector_parts(ty(body.result(op, 0))),
    ) else {
        return Ok(());
    };
    let zero_d = v1.is_empty() && v2.is_empty() && res.len() == 1;
    if !zero_d && (v1.len() != res.len() || v2.len() != res.len()) {
        return Err(op_error(body, op, "rank mismatch"));
    }
    if (1..v1.len()).any(|r| res[r] != v1[r] || v1[r] != v2[r]) {
        return Err(op_error(body, op, "dimension mismatch"));
    }
    let mask = body
        .attr(op, "mask")
        .and_then(|a| a.dense_int_values())
        .unwrap_or_default();
    if mask.is_empty() {
        return Err(op_error(body, op, "invalid mask length"));
    }
    if mask.len() as i64 != res[0] {
        return Err(op_error(body, op, "mask length mismatch"));
    }
    let rows = |s: &[i64]| s.first().copied().unwrap_or(1);
    let total = rows(v1) + rows(v2);
    if let Some(i) = mask
        .iter()
        .position(|&m| m != POISON_INDEX && !(0..total).contains(&m))
    {
        return Err(op_error(
            body,
            op,
            &format!("mask index #{} out of range", i + 1),
        ));
    }
    Ok(())
}

// ---- to_elements ---------------------------------------------------------------------------

/// `vector.to_elements`'s `inferReturnTypes`: one element type per element.
pub fn infer_return_types_to_elements<'c>(
    _ctx: &'c Context,
    operands: &[Type<'c>],
    _attr: &dyn Fn(&str) -> Option<Attribute<'c>>,
) -> Result<SmallVec<[Type<'c>; 1]>, String> {
    let (shape, _, elt) = operands
        .first()
        .and_then(|&t| vector_parts(t))
        .ok_or("'vector.to_elements' op expects a vector operand")?;
    let n: i64 = shape.iter().product();
    Ok(std::iter::repeat_n(elt, n.max(0) as usize).collect())
}

// ---- strided slices ------------------------------------------------------------------------

/// MLIR's `isIntegerArrayAttrConfinedToShape`: `values[i]` in `[min, shape[i])`, or
/// `[min, shape[i] + 1)` when not `half_open`.
fn confined_to_shape<'c>(
    body: &Body<'c>,
    op: OpId,
    values: &[i64],
    shape: &[i64],
    name: &str,
    half_open: bool,
    min: i64,
) -> Result<(), Diagnostic<'c>> {
    for (i, (&v, &d)) in values.iter().zip(shape).enumerate() {
        let max = if half_open { d } else { d + 1 };
        if v < min || v >= max {
            return Err(op_error(
                body,
                op,
                &format!("expected {name} dimension {i} to be confined to [{min}, {max})"),
            ));
        }
    }
    Ok(())
}

/// Strides must all be 1 (MLIR's `isIntegerArrayAttrConfinedToRange(.., 1, 1, ..)`).
fn unit_strides<'c>(body: &Body<'c>, op: OpId, strides: &[i64]) -> Result<(), Diagnostic<'c>> {
    if strides.iter().any(|&s| s != 1) {
        return Err(op_error(
            body,
            op,
            "expected strides to be confined to [1, 2)",
        ));
    }
    Ok(())
}

/// MLIR's `isSumOf...ConfinedToShape` (closed range, minimum 1): `a[i] + b[i]` in
/// `[1, shape[i]]`.
fn sum_confined<'c>(
    body: &Body<'c>,
    op: OpId,
    a: &[i64],
    b: &[i64],
    shape: &[i64],
    what: &str,
) -> Result<(), Diagnostic<'c>> {
    for (i, ((&x, &y), &d)) in a.iter().zip(b).zip(shape).enumerate() {
        let v = x + y;
        if !(1..=d).contains(&v) {
            return Err(op_error(
                body,
                op,
                &format!(
                    "expected sum({what}) dimension {i} to be confined to [1, {})",
                    d + 1
                ),
            ));
        }
    }
    Ok(())
}

/// The type of the slice of `source` with `sizes` over its leading dimensions.
pub(crate) fn strided_slice_type<'c>(
    ctx: &'c Context,
    source: Type<'c>,
    sizes: &[i64],
) -> Option<Type<'c>> {
    let (shape, scalable, elt) = vector_parts(source)?;
    let mut s: SmallVec<[i64; 4]> = shape.into();
    s[..sizes.len()].copy_from_slice(sizes);
    Some(vector_of(ctx, &s, scalable, elt))
}

pub(super) fn verify_extract_strided_slice<'c>(
    ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
) -> Result<(), Diagnostic<'c>> {
    let source = body.value_type(body.operand(op, 0));
    let Some((shape, scalable, _)) = vector_parts(source) else {
        return Ok(());
    };
    let offsets = i64_array(body.attr(op, "offsets"));
    let sizes = i64_array(body.attr(op, "sizes"));
    let strides = i64_array(body.attr(op, "strides"));
    if offsets.len() != sizes.len() || offsets.len() != strides.len() {
        return Err(op_error(
            body,
            op,
            "expected offsets, sizes and strides attributes of same size",
        ));
    }
    if offsets.len() > shape.len() {
        return Err(op_error(
            body,
            op,
            "expected offsets attribute of rank no greater than vector rank",
        ));
    }
    confined_to_shape(body, op, &offsets, shape, "offsets", true, 0)?;
    confined_to_shape(body, op, &sizes, shape, "sizes", false, 1)?;
    unit_strides(body, op, &strides)?;
    sum_confined(body, op, &offsets, &sizes, shape, "offsets, sizes")?;
    let expected = strided_slice_type(ctx, source, &sizes);
    let result = body.value_type(body.result(op, 0));
    if let Some(e) = expected.filter(|&e| e != result) {
        return Err(op_error(
            body,
            op,
            &format!("expected result type to be '{}'", type_to_string(e)),
        ));
    }
    for (i, &size) in sizes.iter().enumerate() {
        if scalable[i] && size != shape[i] {
            return Err(op_error(
                body,
                op,
                &format!(
                    "expected size at idx={i} to match the corresponding base size from the \
                     input vector ({size} vs {})",
                    shape[i]
                ),
            ));
        }
    }
    Ok(())
}

pub(super) fn verify_insert_strided_slice<'c>(
    _ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
) -> Result<(), Diagnostic<'c>> {
    let (Some((src, src_scalable, _)), Some((dst, dst_scalable, _))) = (
        vector_parts(body.value_type(body.operand(op, 0))),
        vector_parts(body.value_type(body.operand(op, 1))),
    ) else {
        return Ok(());
    };
    let offsets = i64_array(body.attr(op, "offsets"));
    let strides = i64_array(body.attr(op, "strides"));
    if offsets.len() != dst.len() {
        return Err(op_error(
            body,
            op,
            "expected offsets of same size as destination vector rank",
        ));
    }
    if strides.len() != src.len() {
        return Err(op_error(
            body,
            op,
            "expected strides of same size as source vector rank",
        ));
    }
    if src.len() > dst.len() {
        return Err(op_error(
            body,
            op,
            "expected source rank to be no greater than destination rank",
        ));
    }
    let diff = dst.len() - src.len();
    // Leading dimensions count as unit sizes (offsets already keeps them in bounds).
    let mut src_as_dst: SmallVec<[i64; 4]> = smallvec![1; diff];
    src_as_dst.extend_from_slice(src);
    confined_to_shape(body, op, &offsets, dst, "offsets", true, 0)?;
    unit_strides(body, op, &strides)?;
    sum_confined(
        body,
        op,
        &offsets,
        &src_as_dst,
        dst,
        "offsets, source vector shape",
    )?;
    for i in 0..src.len() {
        if src_scalable[i] != dst_scalable[i + diff] {
            return Err(op_error(
                body,
                op,
                &format!("mismatching scalable flags (at source vector idx={i})"),
            ));
        }
        if src_scalable[i] && src[i] != dst[i + diff] {
            return Err(op_error(
                body,
                op,
                &format!(
                    "expected size at idx={i} to match the corresponding base size from the \
                     input vector ({} vs {})",
                    src[i],
                    dst[i + diff]
                ),
            ));
        }
    }
    Ok(())
}
