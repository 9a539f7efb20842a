//! The folders of the rounding divisions (`ceildivsi`, `ceildivui`, `floordivsi`),
//! `remf`, `negf`, the extended multiplications and the float casts (`extf`, `truncf`,
//! `sitofp`, `uitofp`, `fptosi`, `fptoui`), with MLIR 22's semantics: division by one is
//! the dividend, constants fold unless the division is by zero or overflows or the cast
//! is invalid (or, for `truncf`, inexact), a poison operand gives poison. Float constants
//! fold for `f32` and `f64` (as the other `arith` float folders).

use smallvec::smallvec;

use super::fold::{
    const_fold_int, defining, float_const, int_attr_wrapped, int_const, is_int_one, is_int_zero,
    lhs, poison_operand, signed, smin, unsigned, value, width_of, FoldOut, Operands,
};
use crate::ir::{AttrKind, Attribute, Body, Context, FloatKind, Folded, OpId, Type};

folder!(
    /// `ceildivui`: `x / 1` is `x`; constants fold (not by zero).
    fold_ceildivui, |ctx, body, op, c| {
    if is_int_one(c.get(1)) {
        return value(lhs(body, op));
    }
    const_fold_int(ctx, body, op, c, |a, b, w| {
        let (a, b) = (unsigned(a, w), unsigned(b, w));
        (b != 0).then(|| (a / b + u128::from(a % b != 0)) as i128)
    })
});

folder!(
    /// `ceildivsi`: `x / 1` is `x`; constants fold to the quotient rounded up, except by zero
    /// and where MLIR's negations overflow (a dividend, or a divisor with a dividend not 0,
    /// at the signed minimum).
    fold_ceildivsi, |ctx, body, op, c| {
    if is_int_one(c.get(1)) {
        return value(lhs(body, op));
    }
    const_fold_int(ctx, body, op, c, |a, b, w| {
        let (a, b) = (signed(a, w), signed(b, w));
        if b == 0 {
            return None;
        }
        if a == 0 {
            return Some(0);
        }
        let min = smin(w);
        if a == min || b == min {
            return None;
        }
        let q = a / b;
        let up = a % b != 0 && (a > 0) == (b > 0);
        Some(q + i128::from(up))
    })
});

folder!(
    /// `floordivsi`: `x / 1` is `x`; constants fold to the quotient rounded down, except by
    /// zero and the overflowing `MIN / -1`.
    fold_floordivsi, |ctx, body, op, c| {
    if is_int_one(c.get(1)) {
        return value(lhs(body, op));
    }
    const_fold_int(ctx, body, op, c, |a, b, w| {
        let (a, b) = (signed(a, w), signed(b, w));
        if b == 0 || (a == smin(w) && b == -1) {
            return None;
        }
        let q = a / b;
        let down = a % b != 0 && (a > 0) != (b > 0);
        Some(q - i128::from(down))
    })
});

/// A float constant's bits and type.
fn float_bits<'c>(c: Option<&Option<Attribute<'c>>>) -> Option<(u128, Type<'c>)> {
    match *c?.as_ref()?.kind() {
        AttrKind::Float { bits, ty } => Some((bits, ty)),
        _ => None,
    }
}

/// The attribute of a float of type `ty` with these bits.
fn float_attr<'c>(ctx: &'c Context, bits: u128, ty: Type<'c>) -> FoldOut<'c> {
    Some(smallvec![Folded::Attr(
        ctx.intern_attr(AttrKind::Float { bits, ty })
    )])
}

/// The default quiet NaN of `f32`/`f64` (what APFloat makes for an invalid operation).
fn default_nan(ty: Type<'_>) -> Option<u128> {
    match ty.float_kind()? {
        FloatKind::F32 => Some(0x7FC0_0000),
        FloatKind::F64 => Some(0x7FF8_0000_0000_0000),
        _ => None,
    }
}

/// The bits of `x` as a float of `ty` (`f32` or `f64`).
fn bits_of(x: f64, ty: Type<'_>) -> Option<u128> {
    match ty.float_kind()? {
        FloatKind::F32 => Some(u128::from((x as f32).to_bits())),
        FloatKind::F64 => Some(u128::from(x.to_bits())),
        _ => None,
    }
}

folder!(
    /// `remf`: constants fold to C's `fmod` (APFloat's `mod`): a NaN operand is the result
    /// (quieted, the dividend's first), an infinite dividend or a zero divisor gives the
    /// default NaN, a zero dividend or an infinite divisor gives the dividend (`f32` and
    /// `f64`).
    fold_remf, |ctx, _body, _op, c| {
    if let Some(p) = poison_operand(c) {
        return Some(p);
    }
    let ((abits, ty), (bbits, bty)) = (float_bits(c.first())?, float_bits(c.get(1))?);
    if ty != bty {
        return None;
    }
    let (a, b) = (float_const(c.first())?, float_const(c.get(1))?);
    let bits = if a.is_nan() {
        abits | quiet_bit(ty)?
    } else if b.is_nan() {
        bbits | quiet_bit(ty)?
    } else if a.is_infinite() || b == 0.0 {
        default_nan(ty)?
    } else if a == 0.0 || b.is_infinite() {
        abits
    } else {
        bits_of(a % b, ty)?
    };
    float_attr(ctx, bits, ty)
});

/// The quiet bit of a NaN of `ty`.
fn quiet_bit(ty: Type<'_>) -> Option<u128> {
    match ty.float_kind()? {
        FloatKind::F32 => Some(1 << 22),
        FloatKind::F64 => Some(1 << 51),
        _ => None,
    }
}

folder!(
    /// `negf`: `negf(negf(x))` is `x`; a constant has its sign bit flipped (any float type).
    fold_negf, |ctx, body, op, c| {
    if let Some(inner) = defining(body, body.operand(op, 0), "arith.negf") {
        return value(body.operand(inner, 0));
    }
    if let Some(p) = poison_operand(c) {
        return Some(p);
    }
    let (bits, ty) = float_bits(c.first())?;
    // Formats with the sign in the top bit (not the unsigned or NaN-less small ones).
    let width = match ty.float_kind()? {
        k @ (FloatKind::F16
        | FloatKind::BF16
        | FloatKind::F32
        | FloatKind::F64
        | FloatKind::F128) => k.width(),
        _ => return None,
    };
    float_attr(ctx, bits ^ (1u128 << (width - 1)), ty)
});

/// The extended multiplications: `x * 0` is `0, 0`; for `mului_extended`, `x * 1` is
/// `x, 0`; constants (up to 64 bits) fold to the low and high halves of the product.
fn fold_mul_extended<'c>(
    ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
    c: Operands<'_, 'c>,
    is_signed: bool,
) -> FoldOut<'c> {
    if is_int_zero(c.get(1)) {
        let zero = (*c.get(1)?)?;
        return Some(smallvec![Folded::Attr(zero), Folded::Attr(zero)]);
    }
    let ty = body.value_type(body.result(op, 0));
    if !is_signed && is_int_one(c.get(1)) {
        let zero = int_attr_wrapped(ctx, ty, 0)?;
        return Some(smallvec![Folded::Value(lhs(body, op)), Folded::Attr(zero)]);
    }
    if let Some(p) = poison_operand(c) {
        return Some(smallvec![p[0], p[0]]);
    }
    let w = width_of(ty).filter(|&w| w <= 64)?;
    let (a, b) = (int_const(c.first())?, int_const(c.get(1))?);
    let product = if is_signed {
        signed(a, w) * signed(b, w)
    } else {
        (unsigned(a, w) * unsigned(b, w)) as i128
    };
    let low = int_attr_wrapped(ctx, ty, product)?;
    let high = int_attr_wrapped(ctx, ty, product >> w)?;
    Some(smallvec![Folded::Attr(low), Folded::Attr(high)])
}

folder!(
    /// `mului_extended`'s folder.
    fold_mului_extended, |ctx, body, op, c| {
    fold_mul_extended(ctx, body, op, c, false)
});

folder!(
    /// `mulsi_extended`'s folder.
    fold_mulsi_extended, |ctx, body, op, c| {
    fold_mul_extended(ctx, body, op, c, true)
});

// ---- float casts ------------------------------------------------------------------------

/// Whether a `fastmath` attribute holds `contract` (alone or through `fast`).
fn has_contract(a: Option<Attribute<'_>>) -> bool {
    let Some(AttrKind::Opaque { body, .. }) = a.map(|a| *a.kind()) else {
        return false;
    };
    let inner = body
        .strip_prefix("fastmath<")
        .and_then(|b| b.strip_suffix('>'))
        .unwrap_or("");
    inner
        .split(',')
        .any(|f| matches!(f.trim(), "contract" | "fast"))
}

/// Whether a float constant of type `ty` is a signaling NaN (`f32`, `f64`).
fn is_signaling_nan(bits: u128, ty: Type<'_>) -> bool {
    let x = match ty.float_kind() {
        Some(FloatKind::F32) => f64::from(f32::from_bits(bits as u32)),
        Some(FloatKind::F64) => f64::from_bits(bits as u64),
        _ => return false,
    };
    x.is_nan() && bits & quiet_bit(ty).unwrap_or(0) == 0
}

folder!(
    /// `extf`: `extf(truncf(x))` with `contract` on both is `x` when the types agree; an
    /// `f32` constant folds to `f64` exactly (a signaling NaN does not fold).
    fold_extf, |ctx, body, op, c| {
    let ty = body.value_type(body.result(op, 0));
    if let Some(t) = defining(body, body.operand(op, 0), "arith.truncf") {
        let src = body.operand(t, 0);
        let contract =
            has_contract(body.attr(t, "fastmath")) && has_contract(body.attr(op, "fastmath"));
        if body.value_type(src) == ty && contract {
            return value(src);
        }
    }
    if let Some(p) = poison_operand(c) {
        return Some(p);
    }
    let (bits, from) = float_bits(c.first())?;
    if from.float_kind()? != FloatKind::F32
        || ty.float_kind()? != FloatKind::F64
        || is_signaling_nan(bits, from)
    {
        return None;
    }
    let x = f32::from_bits(bits as u32);
    let out = if x.is_nan() {
        // Sign, all-ones exponent, the payload moved to the top of the wider mantissa.
        let sign = u128::from((bits as u32) >> 31) << 63;
        sign | (0x7FFu128 << 52) | (u128::from(bits as u32 & 0x7F_FFFF) << 29)
    } else {
        u128::from(f64::from(x).to_bits())
    };
    float_attr(ctx, out, ty)
});

folder!(
    /// `truncf`: `truncf(extf(x))` is `x` when `x` has the result type; an `f64` constant
    /// folds to `f32` only when exactly representable (MLIR's safe propagation).
    fold_truncf, |ctx, body, op, c| {
    let ty = body.value_type(body.result(op, 0));
    if let Some(e) = defining(body, body.operand(op, 0), "arith.extf") {
        let src = body.operand(e, 0);
        if body.value_type(src) == ty {
            return value(src);
        }
    }
    if let Some(p) = poison_operand(c) {
        return Some(p);
    }
    let (bits, from) = float_bits(c.first())?;
    if from.float_kind()? != FloatKind::F64 || ty.float_kind()? != FloatKind::F32 {
        return None;
    }
    let x = f64::from_bits(bits as u64);
    let out = if x.is_nan() {
        // Quiet NaNs whose payload fits the narrower mantissa convert exactly.
        let payload = bits as u64 & 0xF_FFFF_FFFF_FFFF;
        if is_signaling_nan(bits, from) || payload & 0x1FFF_FFFF != 0 {
            return None;
        }
        let sign = ((bits as u64) >> 63) << 31;
        u128::from(sign as u32 | 0x7F80_0000 | (payload >> 29) as u32)
    } else {
        let y = x as f32;
        if f64::from(y) != x {
            return None;
        }
        u128::from(y.to_bits())
    };
    float_attr(ctx, out, ty)
});

/// `sitofp`/`uitofp`: an integer constant converts to `f32`/`f64`, rounding to nearest,
/// ties to even.
fn int_to_float<'c>(
    ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
    c: Operands<'_, 'c>,
    is_signed: bool,
) -> FoldOut<'c> {
    if let Some(p) = poison_operand(c) {
        return Some(p);
    }
    let v = int_const(c.first())?;
    let w = width_of(body.value_type(body.operand(op, 0)))?;
    let ty = body.value_type(body.result(op, 0));
    let bits = match ty.float_kind()? {
        FloatKind::F32 if is_signed => u128::from((signed(v, w) as f32).to_bits()),
        FloatKind::F32 => u128::from((unsigned(v, w) as f32).to_bits()),
        FloatKind::F64 if is_signed => u128::from((signed(v, w) as f64).to_bits()),
        FloatKind::F64 => u128::from((unsigned(v, w) as f64).to_bits()),
        _ => return None,
    };
    float_attr(ctx, bits, ty)
}

folder!(
    /// `sitofp`'s folder.
    fold_sitofp, |ctx, body, op, c| {
    int_to_float(ctx, body, op, c, true)
});

folder!(
    /// `uitofp`'s folder.
    fold_uitofp, |ctx, body, op, c| {
    int_to_float(ctx, body, op, c, false)
});

/// `fptosi`/`fptoui`: a constant truncated toward zero folds when it fits the result
/// (not NaN, not infinite, in range: APFloat's `convertToInteger` without `opInvalidOp`).
fn float_to_int<'c>(
    ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
    c: Operands<'_, 'c>,
    is_signed: bool,
) -> FoldOut<'c> {
    if let Some(p) = poison_operand(c) {
        return Some(p);
    }
    let x = float_const(c.first())?;
    let ty = body.value_type(body.result(op, 0));
    let w = ty.int_width().filter(|&w| w <= 64)?;
    if !x.is_finite() {
        return None;
    }
    let t = x.trunc();
    let (lo, hi) = if is_signed {
        (-(2f64.powi(w as i32 - 1)), 2f64.powi(w as i32 - 1))
    } else {
        (0.0, 2f64.powi(w as i32))
    };
    if t < lo || t >= hi {
        return None;
    }
    Some(smallvec![Folded::Attr(int_attr_wrapped(
        ctx, ty, t as i128
    )?)])
}

folder!(
    /// `fptosi`'s folder.
    fold_fptosi, |ctx, body, op, c| {
    float_to_int(ctx, body, op, c, true)
});

folder!(
    /// `fptoui`'s folder.
    fold_fptoui, |ctx, body, op, c| {
    float_to_int(ctx, body, op, c, false)
});
