//! Floating-point literals: decimal text to bits (correctly rounded) and bits to MLIR's
//! printed form (LLVM `APFloat::toString` as used by MLIR's `printFloatValue`).
//!
//! IEEE-style binary formats are handled generically by (precision, exponent bits). The
//! 8/6/4-bit formats with non-IEEE special values are accepted as hex bit patterns only.

use num_bigint::BigUint;
use num_traits::{One, ToPrimitive, Zero};

use crate::FloatKind;

/// (precision including the hidden bit, exponent bits) of IEEE-like formats.
pub fn semantics(k: FloatKind) -> Option<(u32, u32)> {
    match k {
        FloatKind::F16 => Some((11, 5)),
        FloatKind::BF16 => Some((8, 8)),
        FloatKind::F32 => Some((24, 8)),
        FloatKind::F64 => Some((53, 11)),
        FloatKind::TF32 => Some((11, 8)),
        FloatKind::F128 => Some((113, 15)),
        _ => None,
    }
}

/// How a format encodes what is not a finite number (APFloat's
/// `fltNonfiniteBehavior` and `fltNanEncoding`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum NonFinite {
    /// IEEE 754: the all-ones exponent is infinity (zero mantissa) or NaN.
    Ieee,
    /// No infinity; NaN is the all-ones exponent and mantissa (`f8E4M3FN`,
    /// `f8E8M0FNU`); overflow rounds to NaN.
    NanAllOnes,
    /// No infinity and no negative zero; NaN is the sign bit alone (the `FNUZ` formats).
    NanNegZero,
    /// Finite values only (`f6E2M3FN`, `f6E3M2FN`, `f4E2M1FN`); overflow rounds to the
    /// largest value.
    FiniteOnly,
}

/// A binary floating-point format: precision `p` (with the hidden bit), `e` exponent
/// bits, the exponent bias, what it encodes beyond finite numbers, and whether it has a
/// sign bit.
#[derive(Clone, Copy, Debug)]
struct Format {
    p: u32,
    e: u32,
    bias: i32,
    nonfinite: NonFinite,
    signed: bool,
}

impl Format {
    fn ieee(p: u32, e: u32) -> Format {
        Format {
            p,
            e,
            bias: (1i32 << (e - 1)) - 1,
            nonfinite: NonFinite::Ieee,
            signed: true,
        }
    }

    fn of(kind: FloatKind) -> Option<Format> {
        use NonFinite::*;
        let f = |p, e, bias, nonfinite| Format {
            p,
            e,
            bias,
            nonfinite,
            signed: true,
        };
        Some(match kind {
            FloatKind::F8E5M2 => Format::ieee(3, 5),
            FloatKind::F8E4M3 => Format::ieee(4, 4),
            FloatKind::F8E3M4 => Format::ieee(5, 3),
            FloatKind::F8E4M3FN => f(4, 4, 7, NanAllOnes),
            FloatKind::F8E5M2FNUZ => f(3, 5, 16, NanNegZero),
            FloatKind::F8E4M3FNUZ => f(4, 4, 8, NanNegZero),
            FloatKind::F8E4M3B11FNUZ => f(4, 4, 11, NanNegZero),
            FloatKind::F8E8M0FNU => Format {
                signed: false,
                ..f(1, 8, 127, NanAllOnes)
            },
            FloatKind::F6E3M2FN => f(3, 3, 3, FiniteOnly),
            FloatKind::F6E2M3FN => f(4, 2, 1, FiniteOnly),
            FloatKind::F4E2M1FN => f(2, 2, 1, FiniteOnly),
            _ => {
                let (p, e) = semantics(kind)?;
                Format::ieee(p, e)
            }
        })
    }

    /// The position of the sign bit.
    fn sign_bit(self) -> u32 {
        self.p - 1 + self.e
    }

    /// The bit pattern of NaN (positive where there is a choice).
    fn nan(self) -> u128 {
        let fb = self.p - 1;
        match self.nonfinite {
            NonFinite::Ieee => (((1u128 << self.e) - 1) << fb) | (1u128 << fb.saturating_sub(1)),
            NonFinite::NanAllOnes => (1u128 << (fb + self.e)) - 1,
            NonFinite::NanNegZero => 1u128 << self.sign_bit(),
            NonFinite::FiniteOnly => 0,
        }
    }

    /// The largest finite value's bit pattern.
    fn largest(self) -> u128 {
        let fb = self.p - 1;
        let all = (1u128 << (fb + self.e)) - 1;
        match self.nonfinite {
            NonFinite::Ieee => all - (1u128 << fb),
            NonFinite::NanAllOnes => all - 1,
            NonFinite::NanNegZero | NonFinite::FiniteOnly => all,
        }
    }

    /// Whether the format has `bits` as an infinity or NaN.
    fn is_nonfinite(self, bits: u128) -> bool {
        let fb = self.p - 1;
        let magnitude = bits & ((1u128 << (fb + self.e)) - 1);
        match self.nonfinite {
            NonFinite::Ieee => magnitude >> fb == (1u128 << self.e) - 1,
            NonFinite::NanAllOnes => magnitude == (1u128 << (fb + self.e)) - 1,
            NonFinite::NanNegZero => self.signed && bits == 1u128 << self.sign_bit(),
            NonFinite::FiniteOnly => false,
        }
    }
}

/// Decodes `bits`: sign, and `Some((significand, exponent))` for finite values
/// (value = significand * 2^exponent), `None` for inf/NaN.
fn decode(bits: u128, f: Format) -> (bool, Option<(u128, i32)>) {
    let fb = f.p - 1;
    let sign = f.signed && (bits >> f.sign_bit()) & 1 == 1;
    if f.is_nonfinite(bits) {
        return (sign, None);
    }
    let ex = ((bits >> fb) & ((1u128 << f.e) - 1)) as i32;
    let man = bits & ((1u128 << fb) - 1);
    // A format without a mantissa (`f8E8M0FNU`) has no subnormals: exponent 0 is 2^-bias.
    if ex == 0 && fb > 0 {
        return (sign, Some((man, 1 - f.bias - fb as i32)));
    }
    (sign, Some((man | (1u128 << fb), ex - f.bias - fb as i32)))
}

/// Parses a decimal literal (digits, optional fraction and exponent) into the bit pattern of
/// `kind`, rounding to nearest-even; `None` if the kind is not IEEE-like.
pub fn parse_decimal(text: &str, negative: bool, kind: FloatKind) -> Option<u128> {
    let sign_bit = |p: u32, e: u32| if negative { 1u128 << (p - 1 + e) } else { 0 };
    match kind {
        FloatKind::F64 => {
            let v: f64 = text.parse().ok()?;
            let v = if negative { -v } else { v };
            Some(v.to_bits() as u128)
        }
        FloatKind::F32 => {
            let v: f32 = text.parse().ok()?;
            let v = if negative { -v } else { v };
            Some(v.to_bits() as u128)
        }
        _ => {
            let f = Format::of(kind)?;
            let magnitude = round_decimal(text, f)?;
            if !negative || magnitude == f.nan() && f.nonfinite == NonFinite::NanNegZero {
                return Some(magnitude);
            }
            if !f.signed {
                // No sign bit: the bits are the magnitude's, as MLIR's `bitcastToAPInt`
                // gives them (its attribute keeps a sign beside them, which bits cannot).
                return Some(magnitude);
            }
            if magnitude == 0 && f.nonfinite == NonFinite::NanNegZero {
                return Some(0);
            }
            Some(magnitude | sign_bit(f.p, f.e))
        }
    }
}

/// Exact decimal -> binary rounding (to nearest, ties to even) of a magnitude into
/// format `f`; past the largest value, infinity, NaN or the largest value as the
/// format has them.
fn round_decimal(text: &str, f: Format) -> Option<u128> {
    let (p, e) = (f.p, f.e);
    // Split mantissa digits and decimal exponent: value = digits * 10^dexp.
    let (mant, exp_part) = match text.find(['e', 'E']) {
        Some(i) => (&text[..i], text[i + 1..].parse::<i32>().ok()?),
        None => (text, 0),
    };
    let (int_part, frac_part) = mant.split_once('.').unwrap_or((mant, ""));
    let digits: String = format!("{int_part}{frac_part}");
    let dexp = exp_part - frac_part.len() as i32;
    let mut num = BigUint::parse_bytes(digits.as_bytes(), 10)?;
    let mut den = BigUint::one();
    if num.is_zero() {
        return Some(0);
    }
    // Decimal magnitudes past every format's range (f128 spans about 1e-4966 to
    // 1e4932) round to the overflow value or to zero without the exact arithmetic,
    // whose cost grows with the exponent (1e999999999 would take minutes).
    let magnitude = i64::from(dexp) + digits.trim_start_matches('0').len() as i64;
    if magnitude > 5000 {
        return Some(overflow(f));
    }
    if magnitude < -5000 {
        return Some(0);
    }
    if dexp >= 0 {
        num *= BigUint::from(10u32).pow(dexp as u32);
    } else {
        den *= BigUint::from(10u32).pow((-dexp) as u32);
    }
    let fb = p - 1;
    let bias = f.bias;
    // Binary exponent ex such that 2^ex <= num/den < 2^(ex+1).
    let mut ex = num.bits() as i32 - den.bits() as i32;
    let ge = |ex: i32, num: &BigUint, den: &BigUint| {
        if ex >= 0 {
            num >= &(den << ex as usize)
        } else {
            (num << (-ex) as usize) >= *den
        }
    };
    while !ge(ex, &num, &den) {
        ex -= 1;
    }
    while ge(ex + 1, &num, &den) {
        ex += 1;
    }
    // Without a mantissa (`f8E8M0FNU`) the smallest exponent field is a normal value.
    let emin = if fb == 0 { -bias } else { 1 - bias };
    let q = ex.max(emin) - fb as i32;
    // m = num / den / 2^q, rounded to nearest even.
    let (n2, d2) = if q >= 0 {
        (num.clone(), den << q as usize)
    } else {
        (num << (-q) as usize, den)
    };
    let fl = &n2 / &d2;
    let rem = &n2 - &fl * &d2;
    let mut fl = fl.to_u128()?;
    let twice = rem << 1usize;
    if twice > d2 || (twice == d2 && fl & 1 == 1) {
        fl += 1;
    }
    let mut q = q;
    if fl == 1u128 << p {
        fl >>= 1;
        q += 1;
    }
    let biased: i64;
    if fl < 1u128 << fb {
        biased = 0;
    } else {
        biased = q as i64 + fb as i64 + bias as i64;
        fl -= 1u128 << fb;
    }
    if biased > (1i64 << e) - 1 {
        return Some(overflow(f));
    }
    let bits = ((biased as u128) << fb) | fl;
    if biased == (1i64 << e) - 1 && (f.nonfinite == NonFinite::Ieee || f.is_nonfinite(bits)) {
        return Some(overflow(f));
    }
    Some(bits)
}

/// What a value past the largest rounds to (to nearest): infinity, NaN or the largest.
fn overflow(f: Format) -> u128 {
    match f.nonfinite {
        NonFinite::Ieee => ((1u128 << f.e) - 1) << (f.p - 1),
        NonFinite::NanAllOnes | NonFinite::NanNegZero => f.nan(),
        NonFinite::FiniteOnly => f.largest(),
    }
}

/// LLVM's `APFloat::toString(precision, max_padding, truncate_zero)` for finite values.
fn to_string(
    sign: bool,
    sig: u128,
    exp: i32,
    p: u32,
    precision: u32,
    max_pad: u32,
    trunc_zero: bool,
) -> String {
    let mut out = String::new();
    if sign {
        out.push('-');
    }
    if sig == 0 {
        if max_pad == 0 {
            if trunc_zero {
                out.push_str("0.0E+0");
            } else {
                out.push_str("0.0");
                out.push_str(&"0".repeat(precision.saturating_sub(1) as usize));
                out.push_str("e+00");
            }
        } else {
            out.push('0');
        }
        return out;
    }
    let precision = if precision == 0 {
        2 + p * 59 / 196
    } else {
        precision
    };
    let tz = sig.trailing_zeros();
    let mut exp = exp + tz as i32;
    let mut big = BigUint::from(sig >> tz);
    if exp > 0 {
        big <<= exp as usize;
        exp = 0;
    } else if exp < 0 {
        big *= BigUint::from(5u32).pow((-exp) as u32);
    }
    // Truncate (not round) low digits first, as LLVM does.
    let bits = big.bits() as u32;
    let req = (precision * 196).div_ceil(59);
    if bits > req {
        let t = (bits - req) * 59 / 196;
        if t > 0 {
            exp += t as i32;
            big /= BigUint::from(10u32).pow(t);
        }
    }
    // Decimal digits, least significant first, dropping low zeros.
    let s = big.to_str_radix(10);
    let mut buf: Vec<u8> = s.bytes().rev().map(|c| c - b'0').collect();
    let lead = buf.iter().take_while(|&&d| d == 0).count();
    exp += lead as i32;
    buf.drain(..lead);
    let n = buf.len();
    if n > precision as usize {
        let mut first = n - precision as usize;
        if buf[first - 1] < 5 {
            while first < n && buf[first] == 0 {
                first += 1;
            }
        } else {
            let mut i = first;
            loop {
                if i == n {
                    break;
                }
                if buf[i] == 9 {
                    first += 1;
                    i += 1;
                } else {
                    buf[i] += 1;
                    break;
                }
            }
        }
        exp += first as i32;
        buf.drain(..first);
        if buf.is_empty() {
            buf.push(1);
        }
    }
    let nd = buf.len() as i32;
    let sci = if max_pad == 0 {
        true
    } else if exp >= 0 {
        exp > max_pad as i32 || nd + exp > precision as i32
    } else {
        let msd = exp + nd - 1;
        msd < 0 && -msd > max_pad as i32
    };
    let d: String = buf.iter().rev().map(|&x| (b'0' + x) as char).collect();
    if sci {
        let e10 = exp + nd - 1;
        out.push_str(&d[..1]);
        out.push('.');
        if nd == 1 && trunc_zero {
            out.push('0');
        } else {
            out.push_str(&d[1..]);
        }
        if !trunc_zero && precision as i32 > nd - 1 {
            out.push_str(&"0".repeat((precision as i32 - nd + 1) as usize));
        }
        let es = if e10 >= 0 { '+' } else { '-' };
        if trunc_zero {
            out.push_str(&format!("E{es}{}", e10.abs()));
        } else {
            out.push_str(&format!("e{es}{:02}", e10.abs()));
        }
        return out;
    }
    if exp >= 0 {
        out.push_str(&d);
        out.push_str(&"0".repeat(exp as usize));
        return out;
    }
    let up = (-exp) as usize;
    if up < nd as usize {
        out.push_str(&d[..nd as usize - up]);
        out.push('.');
        out.push_str(&d[nd as usize - up..]);
    } else {
        out.push_str("0.");
        out.push_str(&"0".repeat(up - nd as usize));
        out.push_str(&d);
    }
    out
}

/// Prints a float of `kind` with bit pattern `bits` as MLIR does.
pub fn format_float(bits: u128, kind: FloatKind) -> String {
    if let Some(f) = Format::of(kind) {
        let p = f.p;
        let (sign, fin) = decode(bits, f);
        if let Some((sig, exp)) = fin {
            let s = to_string(sign, sig, exp, p, 6, 0, false);
            let neg = s.starts_with('-');
            let body = s.trim_start_matches('-');
            if parse_decimal(body, neg, kind) == Some(bits) {
                return s;
            }
            let s = to_string(sign, sig, exp, p, 0, 3, true);
            if s.contains('.') {
                return s;
            }
        }
    }
    format!("0x{bits:X}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f32s(v: f32) -> String {
        format_float(v.to_bits() as u128, FloatKind::F32)
    }
    fn f64s(v: f64) -> String {
        format_float(v.to_bits() as u128, FloatKind::F64)
    }

    #[test]
    fn matches_mlir_printing() {
        assert_eq!(f32s(0.1), "1.000000e-01");
        assert_eq!(f32s(1.0 / 3.0), "0.333333343");
        assert_eq!(f64s(1.0 / 3.0), "0.33333333333333331");
        assert_eq!(f32s(std::f32::consts::PI), "3.14159274");
        assert_eq!(f64s(std::f64::consts::PI), "3.1415926535897931");
        assert_eq!(f32s(123456789.0), "0x4CEB79A3");
        assert_eq!(f64s(1234567.5), "1234567.5");
        assert_eq!(f64s(1e-7), "9.9999999999999995E-8");
        assert_eq!(f32s(1e-5), "9.99999974E-6");
        assert_eq!(f32s(f32::MAX), "3.40282347E+38");
        assert_eq!(f64s(-0.0), "-0.000000e+00");
        assert_eq!(f32s(f32::from_bits(1)), "1.401300e-45");
        assert_eq!(f64s(f32::from_bits(1) as f64), "1.4012984643248171E-45");
        assert_eq!(f32s(12345.678), "12345.6777");
        assert_eq!(f32s(f32::INFINITY), "0x7F800000");
        assert_eq!(f32s(f32::NAN), "0x7FC00000");
    }

    #[test]
    fn huge_exponents_are_cheap() {
        let f16 = |t: &str| parse_decimal(t, false, FloatKind::F16);
        assert_eq!(f16("1.0e999999999"), Some(0x7C00));
        assert_eq!(f16("1.0e-999999999"), Some(0));
        assert_eq!(
            parse_decimal("1.0e999999999", false, FloatKind::F8E4M3FN),
            Some(0x7F)
        );
    }

    #[test]
    fn small_formats() {
        let k = |v: &str, kind| parse_decimal(v.trim_start_matches('-'), v.starts_with('-'), kind);
        // f8E4M3FN: no infinity, 448 the largest, 0x7F NaN.
        assert_eq!(k("1.5", FloatKind::F8E4M3FN), Some(0x3C));
        assert_eq!(k("464.0", FloatKind::F8E4M3FN), Some(0x7E));
        assert_eq!(k("470.0", FloatKind::F8E4M3FN), Some(0x7F));
        assert_eq!(format_float(0x7E, FloatKind::F8E4M3FN), "4.480000e+02");
        assert_eq!(format_float(0xFF, FloatKind::F8E4M3FN), "0xFF");
        // FNUZ: 0x80 is NaN, so -0 is +0.
        assert_eq!(k("-0.0", FloatKind::F8E4M3FNUZ), Some(0));
        assert_eq!(k("1e9", FloatKind::F8E5M2FNUZ), Some(0x80));
        // Finite only: overflow is the largest value, 6 for f4E2M1FN.
        assert_eq!(k("-100.0", FloatKind::F4E2M1FN), Some(0xF));
        assert_eq!(format_float(0xF, FloatKind::F4E2M1FN), "-6.000000e+00");
        // f8E8M0FNU: powers of two only, unsigned, no zero (0x00 is 2^-127).
        // 3 = 1.5 * 2: a tie; the one-bit significand is odd, so up to 4 (as APFloat).
        assert_eq!(k("3.0", FloatKind::F8E8M0FNU), Some(0x81));
        assert_eq!(format_float(0x7F, FloatKind::F8E8M0FNU), "1.000000e+00");
        assert_eq!(format_float(0xFF, FloatKind::F8E8M0FNU), "0xFF");
    }

    #[test]
    fn half_formats() {
        let h = parse_decimal("0.1", false, FloatKind::F16).unwrap();
        assert_eq!(format_float(h, FloatKind::F16), "9.997550e-02");
        let b = parse_decimal("0.1", false, FloatKind::BF16).unwrap();
        assert_eq!(format_float(b, FloatKind::BF16), "1.000980e-01");
        let inf = parse_decimal("1e10", false, FloatKind::F16);
        assert_eq!(
            inf.map(|b| format_float(b, FloatKind::F16)).as_deref(),
            Some("0x7C00")
        );
        let big = parse_decimal("65504.0", false, FloatKind::BF16).unwrap();
        assert_eq!(format_float(big, FloatKind::BF16), "6.553600e+04");
    }
}
