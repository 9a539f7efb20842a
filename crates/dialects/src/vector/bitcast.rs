//! `vector.bitcast`: its verifier (MLIR's messages), folder (a no-op cast, a cast back
//! through another, splat constants widened as MLIR does) and the in-place fold of a
//! cast of a cast (MLIR's fold sets the operand to the inner source).

use smallvec::{smallvec, SmallVec};

use super::vector_parts;
use crate::arith::elements::{attr_of, elems, Elems};
use pto_ir::{Attribute, Body, Context, Diagnostic, Folded, OpId, Type, TypeKind};

/// Bits of a vector element (`index` is 64).
pub(crate) fn element_bits(t: Type<'_>) -> Option<u32> {
    match *t.kind() {
        TypeKind::Index => Some(64),
        TypeKind::Integer { width, .. } => Some(width),
        TypeKind::Float(k) => Some(k.width()),
        _ => None,
    }
}

pub(super) fn verify_bitcast<'c>(
    _ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
) -> Result<(), Diagnostic<'c>> {
    let err = |m: &str| pto_ir::verifier::op_error(body, op, m);
    let (Some((s, _, se)), Some((r, _, re))) = (
        vector_parts(body.value_type(body.operand(op, 0))),
        vector_parts(body.value_type(body.result(op, 0))),
    ) else {
        return Ok(());
    };
    if s.len() != r.len() {
        return Err(err(
            "failed to verify that all of {source, result} have same rank",
        ));
    }
    if let Some(i) = (0..s.len().saturating_sub(1)).find(|&i| s[i] != r[i]) {
        return Err(err(&format!("dimension size mismatch at: {i}")));
    }
    let (Some(sb), Some(rb)) = (element_bits(se), element_bits(re)) else {
        return Ok(());
    };
    if s.is_empty() {
        if sb != rb {
            return Err(err(
                "source/result bitwidth of the 0-D vector element types must be equal",
            ));
        }
    } else if i64::from(sb) * s[s.len() - 1] != i64::from(rb) * r[r.len() - 1] {
        return Err(err(
            "source/result bitwidth of the minor 1-D vectors must be equal",
        ));
    }
    Ok(())
}

/// `vector.bitcast`: to its source's type, the source; of a bitcast from the result
/// type, that bitcast's source; of a splat integer constant to wider integers, the
/// pattern repeated; of a splat `f16` constant to `f32`, the pattern twice.
pub fn fold_bitcast<'c>(
    ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
    operands: &[Option<Attribute<'c>>],
) -> Option<SmallVec<[Folded<'c>; 1]>> {
    let src = body.operand(op, 0);
    let ty = body.value_type(body.result(op, 0));
    if body.value_type(src) == ty {
        return Some(smallvec![Folded::Value(src)]);
    }
    if let Some(inner) = super::fold::defined_by(body, src, super::BitCastOp::NAME) {
        let inner_src = body.operand(inner, 0);
        if body.value_type(inner_src) == ty {
            return Some(smallvec![Folded::Value(inner_src)]);
        }
    }
    let a = operands.first().copied().flatten()?;
    let Elems::Splat(bits) = elems(a)? else {
        return None;
    };
    let (se, re) = (body.value_type(src).element_type()?, ty.element_type()?);
    let (sw, rw) = (element_bits(se)?, element_bits(re)?);
    let widened = if se.is_integer() && re.is_integer() && rw > sw && rw % sw == 0 {
        (0..rw / sw).fold(0u128, |acc, _| (acc << sw) | bits)
    } else if matches!(se.kind(), TypeKind::Float(pto_ir::FloatKind::F16))
        && matches!(re.kind(), TypeKind::Float(pto_ir::FloatKind::F32))
    {
        (bits << 16) | (bits & 0xffff)
    } else {
        return None;
    };
    Some(smallvec![Folded::Attr(attr_of(
        ctx,
        ty,
        &Elems::Splat(widened)
    )?)])
}

// The hooks of `DeclareOpInterfaceMethods<Rust_FoldInPlaceOpInterface>`.

pub(super) fn fold_in_place_bitcast<'c>(_: &'c Context, body: &mut Body<'c>, op: OpId) -> bool {
    let Some(inner) = super::fold::defined_by(body, body.operand(op, 0), super::BitCastOp::NAME)
    else {
        return false;
    };
    let src = body.operand(inner, 0);
    body.set_operand(op, 0, src);
    true
}
