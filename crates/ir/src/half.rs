//! The 16-bit float formats `f16` (IEEE binary16) and `bf16` (bfloat16) as raw bits:
//! decoding to `f32` (exact: both are subsets of it) and rounding from `f64` to the
//! nearest value, ties to even, as LLVM's `fptrunc` and numpy's `astype` round.
//!
//! The interpreter computes on these types in `f32` and rounds each result to the type
//! (what LLVM does on targets without native half arithmetic). For `+ - * /` and
//! `sqrt` that equals computing in the type itself: `f32`'s 24 bits are at least twice
//! the 11 (8) bits of `f16` (`bf16`) plus two, so rounding twice is innocuous.
//!
//! Written here rather than taken from the `half` crate: `half` 2.7's `f16::from_f64`
//! and `bf16::from_f64` round differently from numpy (and from exact rounding) on about
//! one random `f64` in 20,000 (`4.331588696741302e-3` is `0x1c6f` as numpy's `float16`,
//! `0x1c70` by `half`), and the tools are checked against numpy.

/// The layout of a binary float format of at most 16 bits.
#[derive(Copy, Clone)]
struct Format {
    exp_bits: u32,
    man_bits: u32,
}

const F16: Format = Format {
    exp_bits: 5,
    man_bits: 10,
};
const BF16: Format = Format {
    exp_bits: 8,
    man_bits: 7,
};

impl Format {
    fn bias(self) -> i32 {
        (1 << (self.exp_bits - 1)) - 1
    }
    /// The exponent field of infinities and NaNs, in place.
    fn exp_mask(self) -> u16 {
        (((1u32 << self.exp_bits) - 1) << self.man_bits) as u16
    }
    fn sign_bit(self) -> u16 {
        1 << (self.exp_bits + self.man_bits)
    }

    /// The value of `bits` (exact in `f64`).
    fn decode(self, bits: u16) -> f64 {
        let sign = if bits & self.sign_bit() != 0 {
            -1.0
        } else {
            1.0
        };
        let exp = ((bits & self.exp_mask()) >> self.man_bits) as i32;
        let frac = (bits & ((1 << self.man_bits) - 1)) as u64;
        let emin = 1 - self.bias();
        if exp == 0 {
            return sign * frac as f64 * pow2(emin - self.man_bits as i32);
        }
        if bits & self.exp_mask() == self.exp_mask() {
            if frac == 0 {
                return sign * f64::INFINITY;
            }
            // The payload keeps its place at the top of the fraction (as fpext does).
            let payload = frac << (52 - self.man_bits);
            let s = u64::from(bits & self.sign_bit() != 0) << 63;
            return f64::from_bits(s | 0x7ff0_0000_0000_0000 | payload);
        }
        sign * ((1u64 << self.man_bits) | frac) as f64
            * pow2(exp - self.bias() - self.man_bits as i32)
    }

    /// The bits of the value nearest to `x` (ties to even); beyond the largest finite
    /// value (by half an ulp or more) infinity; a NaN stays a NaN, quieted, with the
    /// top of its payload.
    fn round(self, x: f64) -> u16 {
        let sign = if x.is_sign_negative() {
            self.sign_bit()
        } else {
            0
        };
        if x.is_nan() {
            let top = (x.to_bits() >> (52 - self.man_bits)) as u16 & ((1 << self.man_bits) - 1);
            return sign | self.exp_mask() | top | (1 << (self.man_bits - 1));
        }
        let a = x.abs();
        if a.is_infinite() {
            return sign | self.exp_mask();
        }
        let emin = 1 - self.bias();
        // The binade of `a`, but never below the subnormals' (their ulp is fixed).
        let e = (((a.to_bits() >> 52) as i32) - 1023).max(emin);
        let ulp = e - self.man_bits as i32;
        // `a` in ulps: scaling by a power of two is exact here.
        let r = (a * pow2(-ulp)).round_ties_even();
        // r < 2^(man+1) + 1; the carry of r == 2^(man+1) moves into the exponent field,
        // and subnormals (e == emin, r < 2^man) come out with a zero exponent field.
        let bits = (((e - emin) as u64) << self.man_bits) + r as u64;
        if bits >= u64::from(self.exp_mask()) {
            return sign | self.exp_mask();
        }
        sign | bits as u16
    }
}

/// `2^n` for `n` in the normal range of `f64`.
fn pow2(n: i32) -> f64 {
    f64::from_bits(((n + 1023) as u64) << 52)
}

/// The value of the `f16` bit pattern `bits`.
pub fn f16_to_f32(bits: u16) -> f32 {
    F16.decode(bits) as f32
}

/// The value of the `bf16` bit pattern `bits` (the top half of an `f32`).
pub fn bf16_to_f32(bits: u16) -> f32 {
    f32::from_bits(u32::from(bits) << 16)
}

/// `x` rounded to `f16` (to nearest, ties to even), as bits.
pub fn f64_to_f16(x: f64) -> u16 {
    F16.round(x)
}

/// `x` rounded to `bf16` (to nearest, ties to even), as bits.
pub fn f64_to_bf16(x: f64) -> u16 {
    BF16.round(x)
}

/// The value of the `bf16` bits, by the general decoder (for the tests: it must agree
/// with [`bf16_to_f32`]).
#[cfg(test)]
fn bf16_decode(bits: u16) -> f64 {
    BF16.decode(bits)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_f16_values() {
        assert_eq!(f64_to_f16(1.0), 0x3c00);
        assert_eq!(f64_to_f16(-2.0), 0xc000);
        assert_eq!(f64_to_f16(65504.0), 0x7bff);
        // Halfway between 65504 and 65536 (the next binade's first value) rounds up:
        // infinity.
        assert_eq!(f64_to_f16(65520.0), 0x7c00);
        assert_eq!(f64_to_f16(65519.99), 0x7bff);
        assert_eq!(f64_to_f16(2f64.powi(-24)), 0x0001);
        // Half the smallest subnormal is a tie: to even, zero.
        assert_eq!(f64_to_f16(2f64.powi(-25)), 0x0000);
        assert_eq!(f64_to_f16(-(2f64.powi(-25)) * 1.0001), 0x8001);
        assert_eq!(f64_to_f16(-0.0), 0x8000);
        assert_eq!(f64_to_f16(f64::INFINITY), 0x7c00);
        assert_eq!(f64_to_f16(1e-300), 0);
        assert_eq!(f64_to_f16(1e300), 0x7c00);
        assert_eq!(f16_to_f32(0x3555), 0.333_251_95);
        assert!(f16_to_f32(f64_to_f16(f64::NAN)).is_nan());
        // 1 + 2^-11 is halfway between 1 and 1 + 2^-10: to even (1).
        assert_eq!(f64_to_f16(1.0 + 2f64.powi(-11)), 0x3c00);
        assert_eq!(f64_to_f16(1.0 + 3.0 * 2f64.powi(-11)), 0x3c02);
    }

    #[test]
    fn known_bf16_values() {
        assert_eq!(f64_to_bf16(1.0), 0x3f80);
        assert_eq!(f64_to_bf16(-2.5), 0xc020);
        assert_eq!(f64_to_bf16(3.140_7), 0x4049);
        assert_eq!(f64_to_bf16(f64::from(f32::MAX)), 0x7f80);
        assert_eq!(bf16_to_f32(0x4049), 3.140625);
    }

    /// Every finite pattern decodes and re-encodes to itself, and every midpoint
    /// between neighbours rounds to the even one (just off it, to the nearer one).
    fn exhaustive(decode: impl Fn(u16) -> f64, round: impl Fn(f64) -> u16, max: u16) {
        for bits in 0..=max {
            let x = decode(bits);
            assert_eq!(round(x), bits, "{bits:#06x}");
            assert_eq!(round(-x), bits | 0x8000, "-{bits:#06x}");
            if bits == max {
                continue;
            }
            let y = decode(bits + 1);
            let mid = (x + y) / 2.0;
            let even = if bits % 2 == 0 { bits } else { bits + 1 };
            assert_eq!(round(mid), even, "midpoint after {bits:#06x}");
            let eps = (y - x) * 1e-3;
            assert_eq!(round(mid - eps), bits, "below midpoint after {bits:#06x}");
            assert_eq!(
                round(mid + eps),
                bits + 1,
                "above midpoint after {bits:#06x}"
            );
        }
    }

    #[test]
    fn f16_round_trips_and_ties() {
        exhaustive(|b| f64::from(f16_to_f32(b)), f64_to_f16, 0x7bff);
    }

    #[test]
    fn bf16_round_trips_and_ties() {
        exhaustive(bf16_decode, f64_to_bf16, 0x7f7f);
        for bits in 0..=0xffffu16 {
            let (a, b) = (bf16_decode(bits), f64::from(bf16_to_f32(bits)));
            assert!(a == b || (a.is_nan() && b.is_nan()), "{bits:#06x}");
        }
    }
}
