//! Float constants of the IEEE formats narrower than `f64` (`f16`, `bf16`, `tf32`,
//! `f32`) as `f64` values, which hold them exactly, and back with APFloat's default
//! rounding (to nearest, ties to even; overflow to infinity): what the arith folders and
//! patterns need of APFloat for these types.

use pto_ir::FloatKind;

/// (precision including the hidden bit, exponent bits) of the formats handled here: the
/// IEEE-like ones up to `f64`'s precision.
fn format(kind: FloatKind) -> Option<(u32, u32)> {
    pto_ir::float::semantics(kind).filter(|&(p, _)| p <= 53)
}

/// The precision of `kind` in bits, the hidden bit included (APFloat's
/// `semanticsPrecision`, MLIR's `getFPMantissaWidth`).
pub(super) fn precision(kind: FloatKind) -> Option<u32> {
    format(kind).map(|(p, _)| p)
}

/// The largest finite exponent of `kind` (`ilogb` of its largest value).
pub(super) fn max_exponent(kind: FloatKind) -> Option<i32> {
    format(kind).map(|(_, e)| (1i32 << (e - 1)) - 1)
}

/// The value of a float of `kind` with these bits, exactly.
pub(super) fn to_f64(bits: u128, kind: FloatKind) -> Option<f64> {
    match kind {
        FloatKind::F64 => return Some(f64::from_bits(bits as u64)),
        FloatKind::F32 => return Some(f64::from(f32::from_bits(bits as u32))),
        _ => {}
    }
    let (p, e) = format(kind)?;
    let fb = p - 1;
    let sign = if (bits >> (fb + e)) & 1 == 1 {
        -1.0
    } else {
        1.0
    };
    let ex = ((bits >> fb) & ((1u128 << e) - 1)) as i32;
    let man = (bits & ((1u128 << fb) - 1)) as f64;
    let bias = (1i32 << (e - 1)) - 1;
    let v = if ex == (1 << e) - 1 {
        if man == 0.0 {
            f64::INFINITY
        } else {
            f64::NAN
        }
    } else if ex == 0 {
        man * 2f64.powi(1 - bias - fb as i32)
    } else {
        (man + 2f64.powi(fb as i32)) * 2f64.powi(ex - bias - fb as i32)
    };
    Some(sign * v)
}

/// The bits of `x` rounded to `kind` (to nearest, ties to even); a NaN becomes the
/// quiet NaN of its sign.
pub(super) fn from_f64(x: f64, kind: FloatKind) -> Option<u128> {
    let (p, e) = format(kind)?;
    match kind {
        FloatKind::F64 => return Some(u128::from(x.to_bits())),
        FloatKind::F32 => return Some(u128::from((x as f32).to_bits())),
        _ => {}
    }
    let fb = p - 1;
    if x.is_nan() {
        let sign = u128::from(x.is_sign_negative()) << (fb + e);
        return Some(sign | (((1u128 << e) - 1) << fb) | (1u128 << (fb - 1)));
    }
    if x.is_infinite() {
        return round(x < 0.0, u128::MAX, i32::MAX / 2, kind);
    }
    // |x| = m * 2^k exactly.
    let raw = x.abs().to_bits();
    let (bexp, frac) = ((raw >> 52) as i32, raw & ((1u64 << 52) - 1));
    let (m, k) = if bexp == 0 {
        (frac, -1074)
    } else {
        (frac | (1u64 << 52), bexp - 1075)
    };
    round(x.is_sign_negative(), u128::from(m), k, kind)
}

/// The bits of the integer `v` (signed or not) rounded to `kind` (APFloat's
/// `convertFromAPInt` to nearest, ties to even), with one rounding.
pub(super) fn from_int(v: i128, unsigned: bool, kind: FloatKind) -> Option<u128> {
    match kind {
        FloatKind::F64 if unsigned => Some(u128::from((v as u128 as f64).to_bits())),
        FloatKind::F64 => Some(u128::from((v as f64).to_bits())),
        FloatKind::F32 if unsigned => Some(u128::from((v as u128 as f32).to_bits())),
        FloatKind::F32 => Some(u128::from((v as f32).to_bits())),
        _ if unsigned => round(false, v as u128, 0, kind),
        _ => round(v < 0, v.unsigned_abs(), 0, kind),
    }
}

/// `(-1)^neg * m * 2^k` rounded to `kind` (to nearest, ties to even; overflow to
/// infinity).
fn round(neg: bool, m: u128, k: i32, kind: FloatKind) -> Option<u128> {
    let (p, e) = format(kind)?;
    let fb = p - 1;
    let sign = u128::from(neg) << (fb + e);
    let inf = sign | (((1u128 << e) - 1) << fb);
    if m == 0 {
        return Some(sign);
    }
    let msb = k + (127 - m.leading_zeros() as i32);
    let bias = (1i32 << (e - 1)) - 1;
    if msb > bias + 1 {
        return Some(inf);
    }
    // The quantum of the result: normal numbers keep p bits, subnormals stop at emin.
    let mut q = msb.max(1 - bias) - fb as i32;
    let shift = q - k;
    let mut r: u128 = if shift <= 0 {
        m << (-shift) as u32
    } else if shift >= 128 {
        0
    } else {
        let (kept, rest) = (m >> shift, m & ((1u128 << shift) - 1));
        let half = 1u128 << (shift - 1);
        kept + u128::from(rest > half || (rest == half && kept & 1 == 1))
    };
    if r >> p != 0 {
        r >>= 1;
        q += 1;
    }
    if r >> fb == 0 {
        // Subnormal (or zero after rounding).
        return Some(sign | r);
    }
    let biased = q + fb as i32 + bias;
    if biased >= (1 << e) - 1 {
        return Some(inf);
    }
    Some(sign | ((biased as u128) << fb) | (r & ((1u128 << fb) - 1)))
}
