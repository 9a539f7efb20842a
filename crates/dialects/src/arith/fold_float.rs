//! The folders of `remf`, `negf` and the float casts (`extf`, `truncf`, `sitofp`,
//! `uitofp`, `fptosi`, `fptoui`) with MLIR 22's semantics, on scalars and elementwise on
//! dense constants: `remf` is C's `fmod` (APFloat's `mod`), `negf` flips the sign bit, a
//! float cast folds when APFloat converts without loss (a signaling NaN never; `truncf`
//! only exactly), an integer converts rounding to nearest, ties to even, and a float to
//! an integer toward zero when it fits. Float formats up to `f64` (`float_bits`); a poison
//! operand gives poison.

use super::elements::{elem_type, map_bits};
use super::float_bits::{from_f64, from_int, precision, to_f64};
use super::fold::{
    attr_out, const_fold_float, defining, poison_operand, signed, unsigned, value, FoldOut,
    Operands,
};
use pto_ir::{Attribute, Body, Context, FloatKind, OpId, Type};

folder!(
    /// `remf`: constants fold to `fmod` (a NaN operand is the result, quieted; an infinite
    /// dividend or a zero divisor gives the default NaN; a zero dividend or an infinite
    /// divisor gives the dividend).
    fold_remf, |ctx, body, op, c| {
    const_fold_float(ctx, body, op, c, |a, b| a % b)
});

folder!(
    /// `negf`: `negf(negf(x))` is `x`; constants have their sign bit flipped (any format
    /// with a sign bit on top).
    fold_negf, |ctx, body, op, c| {
    if let Some(inner) = defining(body, body.operand(op, 0), super::NegFOp::NAME) {
        return value(body.operand(inner, 0));
    }
    map_unary(ctx, body, op, c, |from, _| {
        let width = match from.float_kind()? {
            k @ (FloatKind::F16
            | FloatKind::BF16
            | FloatKind::F32
            | FloatKind::F64
            | FloatKind::F128) => k.width(),
            _ => return None,
        };
        Some(move |bits| Some(bits ^ (1u128 << (width - 1))))
    })
});

/// Folds a unary op on a constant elementwise, bits to bits: `map` gets the operand's and
/// the result's element types and returns the function of each element (`None`: no
/// fold). A poison operand gives poison.
fn map_unary<'c, F: FnMut(u128) -> Option<u128>>(
    ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
    c: Operands<'_, 'c>,
    map: impl FnOnce(Type<'c>, Type<'c>) -> Option<F>,
) -> FoldOut<'c> {
    if let Some(p) = poison_operand(c) {
        return Some(p);
    }
    let a = (*c.first()?)?;
    let ty = body.value_type(body.result(op, 0));
    let f = map(elem_type(a.ty()?), elem_type(ty))?;
    attr_out(map_bits(ctx, ty, a, f))
}

/// The fields of a float of `kind`: (sign, exponent field, mantissa field).
fn fields(bits: u128, kind: FloatKind) -> Option<(u128, u128, u128)> {
    let fb = precision(kind)? - 1;
    let eb = kind.width() - 1 - fb;
    Some((
        (bits >> (fb + eb)) & 1,
        (bits >> fb) & ((1u128 << eb) - 1),
        bits & ((1u128 << fb) - 1),
    ))
}

/// APFloat's lossless conversion of `bits` from `from` to `to` (MLIR's
/// `convertFloatValue`): `None` if it rounds, or for a signaling NaN or a NaN whose
/// payload does not fit.
fn convert(bits: u128, from: FloatKind, to: FloatKind) -> Option<u128> {
    let x = to_f64(bits, from)?;
    if !x.is_nan() {
        let out = from_f64(x, to)?;
        return (to_f64(out, to)? == x).then_some(out);
    }
    let (sign, _, payload) = fields(bits, from)?;
    let (fb_in, fb_out) = (precision(from)? - 1, precision(to)? - 1);
    if payload >> (fb_in - 1) & 1 == 0 {
        // Signaling.
        return None;
    }
    let moved = if fb_out >= fb_in {
        payload << (fb_out - fb_in)
    } else {
        if payload & ((1u128 << (fb_in - fb_out)) - 1) != 0 {
            return None;
        }
        payload >> (fb_in - fb_out)
    };
    let eb_out = to.width() - 1 - fb_out;
    Some((sign << (fb_out + eb_out)) | (((1u128 << eb_out) - 1) << fb_out) | moved)
}

/// Folds a float-to-float cast of a constant losslessly, elementwise.
fn cast_float<'c>(ctx: &'c Context, body: &Body<'c>, op: OpId, c: Operands<'_, 'c>) -> FoldOut<'c> {
    map_unary(ctx, body, op, c, |from, to| {
        let (from, to) = (from.float_kind()?, to.float_kind()?);
        Some(move |bits| convert(bits, from, to))
    })
}

folder!(
    /// `extf`: `extf(truncf(x))` with `contract` on both is `x` when the types agree;
    /// constants widen exactly.
    fold_extf, |ctx, body, op, c| {
    let ty = body.value_type(body.result(op, 0));
    if let Some(t) = defining(body, body.operand(op, 0), super::TruncFOp::NAME) {
        let src = body.operand(t, 0);
        let contract = |o: OpId| super::enum_flags(body.attr(o, "fastmath")).contains(&"contract");
        if body.value_type(src) == ty && contract(t) && contract(op) {
            return value(src);
        }
    }
    cast_float(ctx, body, op, c)
});

folder!(
    /// `truncf`: `truncf(extf(x))` is `x` when `x` has the result type; constants fold
    /// only when exactly representable (MLIR's safe propagation).
    fold_truncf, |ctx, body, op, c| {
    let ty = body.value_type(body.result(op, 0));
    if let Some(e) = defining(body, body.operand(op, 0), super::ExtFOp::NAME) {
        let src = body.operand(e, 0);
        if body.value_type(src) == ty {
            return value(src);
        }
    }
    cast_float(ctx, body, op, c)
});

/// `sitofp`/`uitofp`: integer constants convert rounding to nearest, ties to even.
fn int_to_float<'c>(
    ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
    c: Operands<'_, 'c>,
    is_signed: bool,
) -> FoldOut<'c> {
    map_unary(ctx, body, op, c, |from, to| {
        let (w, kind) = (super::elements::elem_width(from)?, to.float_kind()?);
        Some(move |bits| {
            let v = super::fold::wrap(bits as i128, w);
            if is_signed {
                from_int(signed(v, w), false, kind)
            } else {
                from_int(unsigned(v, w) as i128, true, kind)
            }
        })
    })
}

folders_by! {
    /// `sitofp`'s folder.
    fold_sitofp => int_to_float(true),
    /// `uitofp`'s folder.
    fold_uitofp => int_to_float(false),
}

/// `fptosi`/`fptoui`: constants truncated toward zero fold when they fit the result
/// (not NaN, not infinite, in range: APFloat's `convertToInteger` without
/// `opInvalidOp`); results up to 64 bits.
fn float_to_int<'c>(
    ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
    c: Operands<'_, 'c>,
    is_signed: bool,
) -> FoldOut<'c> {
    map_unary(ctx, body, op, c, |from, to| {
        let kind = from.float_kind()?;
        let w = to.int_width().filter(|&w| w <= 64)?;
        let (lo, hi) = if is_signed {
            (-(2f64.powi(w as i32 - 1)), 2f64.powi(w as i32 - 1))
        } else {
            (0.0, 2f64.powi(w as i32))
        };
        Some(move |bits| {
            let x = to_f64(bits, kind)?;
            let t = x.trunc();
            // -0.5 truncates to -0, which fits an unsigned result.
            (x.is_finite() && t >= lo && t < hi).then_some(t as i128 as u128)
        })
    })
}

folders_by! {
    /// `fptosi`'s folder.
    fold_fptosi => float_to_int(true),
    /// `fptoui`'s folder.
    fold_fptoui => float_to_int(false),
}
