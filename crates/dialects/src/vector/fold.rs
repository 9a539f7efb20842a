//! Folders of the `vector` ops, after MLIR 22's `VectorOps.cpp`: `broadcast` of a
//! value of its own type or of a constant, `shape_cast` to its source's type, of a
//! constant, of a `shape_cast` from the result type; `extract`/`insert` with no position
//! or a poison one, `extract` of a constant, of the value an `insert` put at the same
//! position, of a `broadcast` whose source is the result; `constant_mask` all set or all
//! clear. The folds that change the op in place (MLIR's fold returning the op's own
//! result: `extract`'s, `insert`'s, `shape_cast` chains, `broadcast` of a `shape_cast`
//! that only changes leading unit dimensions) are `fold_in_place` models in [`MODELS`]; the constants are materialized by
//! [`materialize_constant`] (`ub.poison` for poison, else `arith.constant`).

use smallvec::{smallvec, SmallVec};

use crate::arith::elements::{attr_of, elems, Elems};
use crate::ub::{is_poison_attr, poison_attr};
use pto_ir::builder::OpBuilder;
use pto_ir::types::DYNAMIC;
use pto_ir::{Attribute, Body, Context, Folded, Location, OpId, Type, ValueId};

use super::{vector_parts, POISON_INDEX};

type FoldOut<'c> = Option<SmallVec<[Folded<'c>; 1]>>;

fn value<'c>(v: ValueId) -> FoldOut<'c> {
    Some(smallvec![Folded::Value(v)])
}

fn attr<'c>(a: Attribute<'c>) -> FoldOut<'c> {
    Some(smallvec![Folded::Attr(a)])
}

/// Constants of the dialect's folds: poison as `ub.poison`, others as `arith.constant`
/// (MLIR's `VectorDialect::materializeConstant`).
pub fn materialize_constant<'c>(
    b: &mut OpBuilder<'_, 'c>,
    value: Attribute<'c>,
    ty: Type<'c>,
    loc: Location<'c>,
) -> Option<OpId> {
    if is_poison_attr(value) {
        return crate::ub::materialize_constant(b, value, ty, loc);
    }
    crate::arith::materialize_constant(b, value, ty, loc)
}

/// The splat of `ty` holding the scalar or splat constant `a` (or poison for poison).
fn splat_of<'c>(ctx: &'c Context, a: Attribute<'c>, ty: Type<'c>) -> Option<Attribute<'c>> {
    if is_poison_attr(a) {
        return Some(a);
    }
    match elems(a)? {
        Elems::Scalar(v) | Elems::Splat(v) => attr_of(ctx, ty, &Elems::Splat(v)),
        Elems::List(_) => None,
    }
}

/// `vector.broadcast`: of a value of the result type, that value; of a scalar or splat
/// constant, the splat; of poison, poison.
pub fn fold_broadcast<'c>(
    ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
    operands: &[Option<Attribute<'c>>],
) -> FoldOut<'c> {
    let src = body.operand(op, 0);
    let ty = body.value_type(body.result(op, 0));
    if body.value_type(src) == ty {
        return value(src);
    }
    attr(splat_of(ctx, operands.first().copied().flatten()?, ty)?)
}

/// `vector.shape_cast`: to the source's type, the source; of a `shape_cast` whose source
/// has the result type, that source; of a constant, the constant reshaped; of poison,
/// poison.
pub fn fold_shape_cast<'c>(
    ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
    operands: &[Option<Attribute<'c>>],
) -> FoldOut<'c> {
    let src = body.operand(op, 0);
    let ty = body.value_type(body.result(op, 0));
    if body.value_type(src) == ty {
        return value(src);
    }
    if let Some(inner) = defined_by(body, src, super::ShapeCastOp::NAME) {
        let inner_src = body.operand(inner, 0);
        if body.value_type(inner_src) == ty {
            return value(inner_src);
        }
    }
    let a = operands.first().copied().flatten()?;
    if is_poison_attr(a) {
        return attr(a);
    }
    attr(attr_of(ctx, ty, &elems(a)?)?)
}

/// The op defining `v` if it is named `name`.
pub(super) fn defined_by(body: &Body<'_>, v: ValueId, name: &str) -> Option<OpId> {
    body.defining_op(v)
        .filter(|&d| body.op_name(d).as_str() == name)
}

/// One position of `extract`/`insert`: a constant or an `index` value.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Pos {
    Static(i64),
    Dynamic(ValueId),
}

/// The positions of an `extract` (`first_dyn` = 1) or `insert` (2), dynamic ones that
/// hold constants read as static when `operands` gives them and they are within their
/// dimension or poison (MLIR never makes an invalid static position).
pub(super) fn positions(
    body: &Body<'_>,
    op: OpId,
    first_dyn: usize,
    operands: &[Option<Attribute<'_>>],
) -> SmallVec<[Pos; 4]> {
    let stat = body
        .attr(op, "static_position")
        .and_then(|a| a.dense_int_values())
        .unwrap_or_default();
    // The vector indexed: the source of an extract, the destination of an insert.
    let indexed = body.value_type(body.operand(op, first_dyn - 1));
    let shape = vector_parts(indexed).map_or(&[][..], |(s, _, _)| s);
    let mut next = first_dyn;
    stat.iter()
        .enumerate()
        .map(|(d, &p)| {
            if p != DYNAMIC {
                return Pos::Static(p);
            }
            let i = next;
            next += 1;
            let c = operands.get(i).copied().flatten().and_then(|a| a.as_int());
            let dim = shape.get(d).copied().unwrap_or(0);
            match c.map(|c| c as i64) {
                Some(c) if c == POISON_INDEX || (0..dim).contains(&c) => Pos::Static(c),
                _ => Pos::Dynamic(body.operand(op, i)),
            }
        })
        .collect()
}

/// The static values of `pos`, if all are static.
fn all_static(pos: &[Pos]) -> Option<SmallVec<[i64; 4]>> {
    pos.iter()
        .map(|p| match p {
            Pos::Static(v) => Some(*v),
            Pos::Dynamic(_) => None,
        })
        .collect()
}

/// `vector.extract`: with no position and the source's type, the source; of poison or
/// at a poison position, poison; of a constant, the element or sub-vector; of the value
/// an `insert` put at the same position (looking through inserts at other positions);
/// of a `broadcast` whose source has the result type, that source.
pub fn fold_extract<'c>(
    ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
    operands: &[Option<Attribute<'c>>],
) -> FoldOut<'c> {
    let src = body.operand(op, 0);
    let ty = body.value_type(body.result(op, 0));
    let pos = positions(body, op, 1, operands);
    if pos.is_empty() && body.value_type(src) == ty {
        return value(src);
    }
    let src_attr = operands.first().copied().flatten();
    if src_attr.is_some_and(is_poison_attr) || pos.contains(&Pos::Static(POISON_INDEX)) {
        return attr(poison_attr(ctx));
    }
    if let Some(a) = src_attr {
        if let Some(r) = extract_constant(ctx, a, &pos, ty) {
            return attr(r);
        }
    }
    if let Some(v) = extract_from_insert_chain(body, src, &pos) {
        return value(v);
    }
    if let Some(b) = defined_by(body, src, super::BroadcastOp::NAME) {
        let bsrc = body.operand(b, 0);
        if body.value_type(bsrc) == ty {
            return value(bsrc);
        }
    }
    None
}

/// The row-major offset and element count of the part of a `shape` vector at the
/// static position `pos` (a prefix of its dimensions).
fn span(shape: &[i64], pos: &[i64]) -> Option<(usize, usize)> {
    let mut offset = 0i64;
    let mut stride: i64 = shape.iter().product();
    for (&d, &p) in shape.iter().zip(pos) {
        stride /= d;
        offset += p * stride;
    }
    Some((usize::try_from(offset).ok()?, usize::try_from(stride).ok()?))
}

/// The element or sub-vector of the constant `a` at `pos` (any position of a splat).
fn extract_constant<'c>(
    ctx: &'c Context,
    a: Attribute<'c>,
    pos: &[Pos],
    ty: Type<'c>,
) -> Option<Attribute<'c>> {
    let payload = elems(a)?;
    let scalar = ty.shape().is_none();
    match payload {
        Elems::Splat(v) => {
            let p = if scalar {
                Elems::Scalar(v)
            } else {
                Elems::Splat(v)
            };
            attr_of(ctx, ty, &p)
        }
        Elems::List(list) => {
            let (shape, _, _) = vector_parts(a.ty()?)?;
            let (start, len) = span(shape, &all_static(pos)?)?;
            let chunk = list.get(start..start + len)?;
            let p = if scalar {
                Elems::Scalar(chunk[0])
            } else {
                Elems::List(chunk.to_vec())
            };
            attr_of(ctx, ty, &p)
        }
        Elems::Scalar(_) => None,
    }
}

/// The value an `insert` chain above `src` put at the static position `pos`, looking
/// through inserts at positions that do not overlap it; `None` when an insert overlaps
/// it otherwise or a position is dynamic.
fn extract_from_insert_chain(body: &Body<'_>, src: ValueId, pos: &[Pos]) -> Option<ValueId> {
    let ext = all_static(pos)?;
    let mut cur = src;
    while let Some(ins) = defined_by(body, cur, super::InsertOp::NAME) {
        let ipos = all_static(&positions(body, ins, 2, &[]))?;
        let common = ipos.len().min(ext.len());
        if ipos[..common] != ext[..common] {
            cur = body.operand(ins, 1);
            continue;
        }
        return (ipos.len() == ext.len()).then(|| body.operand(ins, 0));
    }
    None
}

/// `vector.insert`: with no position and a value of the destination's type, that
/// value; at a poison position, poison.
pub fn fold_insert<'c>(
    ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
    operands: &[Option<Attribute<'c>>],
) -> FoldOut<'c> {
    let v = body.operand(op, 0);
    let ty = body.value_type(body.result(op, 0));
    let pos = positions(body, op, 2, operands);
    if pos.is_empty() && body.value_type(v) == ty {
        return value(v);
    }
    if pos.contains(&Pos::Static(POISON_INDEX)) {
        return attr(poison_attr(ctx));
    }
    let (Some(va), Some(da)) = (
        operands.first().copied().flatten(),
        operands.get(1).copied().flatten(),
    ) else {
        return None;
    };
    // Large constants are only rewritten when this is their only use, as MLIR's
    // threshold of 256 elements.
    let n = ty.num_elements().unwrap_or(0);
    if n > 256 && body.uses(body.result(op, 0)).count() != 1 {
        return None;
    }
    attr(insert_constant(ctx, va, da, &pos, ty)?)
}

/// The constant `dest` with the constant `v` (scalar or vector) at static `pos`.
fn insert_constant<'c>(
    ctx: &'c Context,
    v: Attribute<'c>,
    dest: Attribute<'c>,
    pos: &[Pos],
    ty: Type<'c>,
) -> Option<Attribute<'c>> {
    let (shape, scalable, _) = vector_parts(ty)?;
    if scalable.iter().any(|&s| s) {
        return None;
    }
    let stat = all_static(pos)?;
    let n = usize::try_from(ty.num_elements()?).ok()?;
    let mut list = match elems(dest)? {
        Elems::Splat(x) => vec![x; n],
        Elems::List(l) => l,
        Elems::Scalar(_) => return None,
    };
    let (start, len) = span(shape, &stat)?;
    let values = match elems(v)? {
        Elems::Scalar(x) | Elems::Splat(x) => vec![x; len],
        Elems::List(l) => l,
    };
    list.get_mut(start..start + len)?
        .copy_from_slice(values.get(..len)?);
    attr_of(ctx, ty, &Elems::List(list))
}

/// `vector.constant_mask` setting every lane is a `true` splat, setting none a `false`
/// splat.
pub fn fold_constant_mask<'c>(
    ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
    _operands: &[Option<Attribute<'c>>],
) -> FoldOut<'c> {
    let ty = body.value_type(body.result(op, 0));
    let (shape, _, _) = vector_parts(ty)?;
    let sizes = body.attr(op, "mask_dim_sizes")?.dense_int_values()?;
    let full = sizes.iter().zip(shape).all(|(&s, &d)| s == d);
    let empty = sizes.contains(&0);
    if !full && !empty {
        return None;
    }
    attr(attr_of(ctx, ty, &Elems::Splat(u128::from(full && !empty)))?)
}

// ---- in-place folds -------------------------------------------------------------------------

// The hooks of `DeclareOpInterfaceMethods<Rust_FoldInPlaceOpInterface>`.

pub(super) fn fold_in_place_extract<'c>(ctx: &'c Context, body: &mut Body<'c>, op: OpId) -> bool {
    super::fold_extract_in_place::fold_extract_in_place(ctx, body, op)
}

pub(super) fn fold_in_place_insert<'c>(ctx: &'c Context, body: &mut Body<'c>, op: OpId) -> bool {
    super::fold_extract_in_place::fold_insert_in_place(ctx, body, op)
}

pub(super) fn fold_in_place_broadcast<'c>(ctx: &'c Context, body: &mut Body<'c>, op: OpId) -> bool {
    broadcast_of_shape_cast(ctx, body, op)
}

pub(super) fn fold_in_place_shape_cast<'c>(_: &'c Context, body: &mut Body<'c>, op: OpId) -> bool {
    // shape_cast(shape_cast(x)) casts x directly.
    let src = body.operand(op, 0);
    let Some(inner) = defined_by(body, src, super::ShapeCastOp::NAME) else {
        return false;
    };
    let inner_src = body.operand(inner, 0);
    body.set_operand(op, 0, inner_src);
    true
}

/// MLIR's `foldBroadcastOfShapeCast`: broadcast(shape_cast(x)) broadcasts x when x
/// broadcasts to the result and the cast only adds or drops leading unit dimensions.
fn broadcast_of_shape_cast<'c>(_: &'c Context, body: &mut Body<'c>, op: OpId) -> bool {
    let Some(cast) = defined_by(body, body.operand(op, 0), super::ShapeCastOp::NAME) else {
        return false;
    };
    let x = body.operand(cast, 0);
    let (Some((xshape, _, _)), Some((cshape, _, _)), Some((rshape, _, _))) = (
        vector_parts(body.value_type(x)),
        vector_parts(body.value_type(body.result(cast, 0))),
        vector_parts(body.value_type(body.result(op, 0))),
    ) else {
        return false;
    };
    if !super::canonicalize::broadcastable(xshape, rshape) {
        return false;
    }
    let n = xshape.len().min(cshape.len());
    if xshape[xshape.len() - n..] != cshape[cshape.len() - n..] {
        return false;
    }
    body.set_operand(op, 0, x);
    true
}
