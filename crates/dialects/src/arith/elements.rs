//! Constants as MLIR's matchers and constant folders see them: an integer or float
//! scalar, or the elements of a `dense<...>` attribute of a vector or tensor. The arith
//! folders fold scalars, splats (to a splat) and element lists (to an element list)
//! with the same scalar function, as `constFoldBinaryOp`, `constFoldUnaryOp` and
//! `constFoldCastOp` do.

use super::float_bits::{from_f64, to_f64};
use pto_ir::{AttrKind, Attribute, Context, FloatKind, Type, TypeKind};

/// A constant's payload: one scalar, a splat, or every element in row-major order. Each
/// value is an element's bits, masked to the element width.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Elems {
    /// An `IntegerAttr` or `FloatAttr`.
    Scalar(u128),
    /// A splat `dense<x>`.
    Splat(u128),
    /// A non-splat `dense<[...]>`.
    List(Vec<u128>),
}

/// The bit width of an element type as dense attributes store it (index: 64 bits).
pub(super) fn elem_width(t: Type<'_>) -> Option<u32> {
    match *t.kind() {
        TypeKind::Index => Some(64),
        TypeKind::Integer { width, .. } => Some(width),
        TypeKind::Float(k) => Some(k.width()),
        _ => None,
    }
}

/// The element type of a shaped type, else the type itself.
pub(super) fn elem_type(t: Type<'_>) -> Type<'_> {
    pto_ir::ods::preds::element_type_or_self(t)
}

fn mask(bits: u128, width: u32) -> u128 {
    if width >= 128 {
        bits
    } else {
        bits & ((1u128 << width) - 1)
    }
}

/// Decodes one stored dense element (little-endian; `i1` as one byte).
fn decode(chunk: &[u8]) -> u128 {
    let mut b = [0u8; 16];
    b[..chunk.len().min(16)].copy_from_slice(&chunk[..chunk.len().min(16)]);
    u128::from_le_bytes(b)
}

/// The payload of a constant attribute: element bits masked to their width.
pub(crate) fn elems(a: Attribute<'_>) -> Option<Elems> {
    match *a.kind() {
        AttrKind::Integer { value, ty } => {
            Some(Elems::Scalar(mask(value as u128, elem_width(ty)?)))
        }
        AttrKind::Float { bits, .. } => Some(Elems::Scalar(bits)),
        AttrKind::DenseElements { ty, splat, data } => {
            let elem = ty.element_type()?;
            let w = elem_width(elem)?;
            let esize = pto_ir::module::element_bytes(elem)?;
            if splat {
                return Some(Elems::Splat(mask(decode(data.get(..esize)?), w)));
            }
            Some(Elems::List(
                data.chunks_exact(esize)
                    .map(|c| mask(decode(c), w))
                    .collect(),
            ))
        }
        _ => None,
    }
}

/// The integer value of a scalar or splat integer constant, as unsigned bits of its
/// element width, with that width (MLIR's `m_ConstantInt`).
pub(super) fn int_or_splat(a: Option<Attribute<'_>>) -> Option<(u128, u32)> {
    let a = a?;
    let ty = a.ty()?;
    let elem = elem_type(ty);
    if !matches!(elem.kind(), TypeKind::Integer { .. } | TypeKind::Index) {
        return None;
    }
    let w = elem_width(elem)?;
    match elems(a)? {
        Elems::Scalar(v) | Elems::Splat(v) => Some((v, w)),
        Elems::List(_) => None,
    }
}

/// The bits of a scalar or splat float constant and its kind (MLIR's float matchers).
pub(super) fn float_or_splat(a: Option<Attribute<'_>>) -> Option<(u128, FloatKind)> {
    let a = a?;
    let kind = elem_type(a.ty()?).float_kind()?;
    match elems(a)? {
        Elems::Scalar(v) | Elems::Splat(v) => Some((v, kind)),
        Elems::List(_) => None,
    }
}

/// An attribute of type `ty` (scalar or shaped) holding `payload`; element bits are
/// masked to the element width, integers stored sign-extended as the parser does.
pub(crate) fn attr_of<'c>(
    ctx: &'c Context,
    ty: Type<'c>,
    payload: &Elems,
) -> Option<Attribute<'c>> {
    let elem = elem_type(ty);
    let w = elem_width(elem)?;
    let scalar_attr = |bits: u128| -> Attribute<'c> {
        if elem.is_float() {
            ctx.intern_attr(AttrKind::Float { bits, ty: elem })
        } else {
            // `int_attr` normalizes integer types; index values are stored sign-extended.
            ctx.int_attr(elem, sext(bits, w))
        }
    };
    match payload {
        Elems::Scalar(v) if ty.shape().is_none() => Some(scalar_attr(*v)),
        Elems::Scalar(_) => None,
        Elems::Splat(v) => dense(ctx, ty, std::slice::from_ref(v), true),
        Elems::List(vs) => dense(ctx, ty, vs, false),
    }
}

/// `dense<...> : ty` of element bits (a list whose elements are all equal is a splat).
fn dense<'c>(ctx: &'c Context, ty: Type<'c>, vs: &[u128], splat: bool) -> Option<Attribute<'c>> {
    // Dense attributes need a static shape.
    let n = ty.num_elements().filter(|&n| n >= 0)?;
    if !splat && vs.len() as i64 != n {
        return None;
    }
    let elem = ty.element_type()?;
    let w = elem_width(elem)?;
    let esize = pto_ir::module::element_bytes(elem)?;
    // Stored as the parser stores elements: integers sign-extended to whole bytes (i1
    // as 0 or 1), floats as their bits.
    let store = |v: u128| -> u128 {
        match *elem.kind() {
            TypeKind::Integer { signedness, .. } => {
                pto_ir::attributes_util::normalize_int(mask(v, w) as i128, w, signedness) as u128
            }
            _ => mask(v, w),
        }
    };
    let data: Vec<u8> = vs
        .iter()
        .flat_map(|&v| store(v).to_le_bytes().into_iter().take(esize))
        .collect();
    let (splat, data) = pto_ir::attributes_util::normalize_splat(data, esize, splat);
    let data = ctx.alloc_slice(&data);
    Some(ctx.dense_elements_attr(ty, splat, data))
}

/// The zero of `ty` (scalar, or a splat of a statically shaped type): MLIR's
/// `Builder::getZeroAttr`.
pub(super) fn zero_attr<'c>(ctx: &'c Context, ty: Type<'c>) -> Option<Attribute<'c>> {
    let payload = if ty.shape().is_some() {
        Elems::Splat(0)
    } else {
        Elems::Scalar(0)
    };
    attr_of(ctx, ty, &payload)
}

/// The boolean `b` of an `i1`-like type (`i1` or a statically shaped type of it).
pub(super) fn bool_attr<'c>(ctx: &'c Context, ty: Type<'c>, b: bool) -> Option<Attribute<'c>> {
    let v = u128::from(b);
    let payload = if ty.shape().is_some() {
        Elems::Splat(v)
    } else {
        Elems::Scalar(v)
    };
    attr_of(ctx, ty, &payload)
}

/// Applies `f` to the elements of one or two constants of the same shape (MLIR's
/// constant folders): scalars give a scalar, two splats a splat, anything else every
/// element. `None` if an operand is not such a constant or `f` declines an element.
pub(super) fn zip_with(
    a: &Elems,
    b: Option<&Elems>,
    mut f: impl FnMut(u128, u128) -> Option<u128>,
) -> Option<Elems> {
    use Elems::*;
    match (a, b) {
        (Scalar(x), None) => Some(Scalar(f(*x, 0)?)),
        (Splat(x), None) => Some(Splat(f(*x, 0)?)),
        (List(xs), None) => Some(List(xs.iter().map(|&x| f(x, 0)).collect::<Option<_>>()?)),
        (Scalar(x), Some(Scalar(y))) => Some(Scalar(f(*x, *y)?)),
        (Splat(x), Some(Splat(y))) => Some(Splat(f(*x, *y)?)),
        (Scalar(_), Some(_)) | (_, Some(Scalar(_))) => None,
        (_, Some(b)) => {
            let (xs, ys) = (expand(a, b)?, expand(b, a)?);
            Some(List(
                xs.iter()
                    .zip(&ys)
                    .map(|(&x, &y)| f(x, y))
                    .collect::<Option<_>>()?,
            ))
        }
    }
}

/// The elements of `e`, a splat repeated to the length of `other`'s list.
fn expand(e: &Elems, other: &Elems) -> Option<Vec<u128>> {
    match (e, other) {
        (Elems::List(xs), _) => Some(xs.clone()),
        (Elems::Splat(x), Elems::List(ys)) => Some(vec![*x; ys.len()]),
        _ => None,
    }
}

/// Sign-extends the low `w` bits of `v` (`i1` stays 0 or 1, as stored).
fn sext(v: u128, w: u32) -> i128 {
    super::fold::wrap(v as i128, w)
}

/// Folds integer constants elementwise into an attribute of `out`: `f` gets each pair of
/// elements sign-extended from the operands' element width `w` (and `w`), and returns
/// the result element, which is wrapped to the result's element width. `b` is absent
/// for unary folds. `None` if an operand is not an integer constant, the shapes do not
/// match the constant folders' cases, or `f` declines an element.
pub(super) fn fold_int<'c>(
    ctx: &'c Context,
    out: Type<'c>,
    a: Attribute<'c>,
    b: Option<Attribute<'c>>,
    mut f: impl FnMut(i128, i128, u32) -> Option<i128>,
) -> Option<Attribute<'c>> {
    let in_elem = elem_type(a.ty()?);
    if !matches!(in_elem.kind(), TypeKind::Integer { .. } | TypeKind::Index) {
        return None;
    }
    let w = elem_width(in_elem)?;
    let (ea, eb) = elems_of_pair(a, b)?;
    let r = zip_with(&ea, eb.as_ref(), |x, y| {
        f(sext(x, w), sext(y, w), w).map(|v| v as u128)
    })?;
    attr_of(ctx, out, &r)
}

/// The elements of `a`, and of `b` if given.
fn elems_of_pair(a: Attribute<'_>, b: Option<Attribute<'_>>) -> Option<(Elems, Option<Elems>)> {
    let eb = match b {
        Some(b) => Some(elems(b)?),
        None => None,
    };
    Some((elems(a)?, eb))
}

/// Folds float constants elementwise into an attribute of `out` (formats up to `f64`):
/// `f` gets each pair of values (exact as `f64`) and returns the exact or `f64`-rounded
/// result, rounded to the result's format. A NaN result is the first NaN operand,
/// quieted, else the default NaN (APFloat's rules).
pub(super) fn fold_float<'c>(
    ctx: &'c Context,
    out: Type<'c>,
    a: Attribute<'c>,
    b: Option<Attribute<'c>>,
    mut f: impl FnMut(f64, f64) -> Option<f64>,
) -> Option<Attribute<'c>> {
    let kind = elem_type(a.ty()?).float_kind()?;
    let out_kind = elem_type(out).float_kind()?;
    let (ea, eb) = elems_of_pair(a, b)?;
    let r = zip_with(&ea, eb.as_ref(), |x, y| {
        let (fx, fy) = (to_f64(x, kind)?, to_f64(y, kind)?);
        let r = f(fx, fy)?;
        if r.is_nan() {
            return nan_result(x, fx, b.map(|_| (y, fy)), kind, out_kind);
        }
        from_f64(r, out_kind)
    })?;
    attr_of(ctx, out, &r)
}

/// Folds two float constants of one format elementwise with `f` on the elements' bits
/// (for ops that pick an operand, keeping NaN payloads and zero signs exact).
pub(super) fn fold_float_bits<'c>(
    ctx: &'c Context,
    out: Type<'c>,
    a: Attribute<'c>,
    b: Attribute<'c>,
    mut f: impl FnMut(u128, u128, FloatKind) -> Option<u128>,
) -> Option<Attribute<'c>> {
    let kind = elem_type(a.ty()?).float_kind()?;
    let r = zip_with(&elems(a)?, Some(&elems(b)?), |x, y| f(x, y, kind))?;
    attr_of(ctx, out, &r)
}

/// APFloat's NaN result: the first NaN operand quieted (when the formats agree), else
/// the default quiet NaN.
fn nan_result(
    x: u128,
    fx: f64,
    y: Option<(u128, f64)>,
    kind: FloatKind,
    out: FloatKind,
) -> Option<u128> {
    let quiet_bit = 1u128 << (super::float_bits::precision(kind)? - 2);
    if kind == out {
        if fx.is_nan() {
            return Some(x | quiet_bit);
        }
        if let Some((y, _)) = y.filter(|(_, fy)| fy.is_nan()) {
            return Some(y | quiet_bit);
        }
    }
    // The positive quiet NaN.
    from_f64(f64::NAN, out)
}

/// Maps the element bits of a constant into an attribute of `out` (a scalar to a
/// scalar, a splat to a splat, a list elementwise), as `constFoldUnaryOp` and
/// `constFoldCastOp`; `None` if `f` declines an element.
pub(super) fn map_bits<'c>(
    ctx: &'c Context,
    out: Type<'c>,
    a: Attribute<'c>,
    mut f: impl FnMut(u128) -> Option<u128>,
) -> Option<Attribute<'c>> {
    let r = zip_with(&elems(a)?, None, |x, _| f(x))?;
    attr_of(ctx, out, &r)
}
