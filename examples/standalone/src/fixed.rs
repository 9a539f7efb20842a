//! Fixed-point arithmetic: what the folders compute, and what the lowering's integer
//! code computes too (so that folding and running agree).

use pto_ir::{Body, OpId, Type};

use crate::{FixedType, FromFloatOp, Rounding, RoundingAttr};

/// A fixed-point format: `width` bits, `fraction` of them after the point.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Format {
    /// Total bits (2 to 64).
    pub width: u32,
    /// Fraction bits (fewer than `width`).
    pub fraction: u32,
}

impl Format {
    /// The format of a `!standalone.fixed` type.
    pub fn of(t: Type<'_>) -> Option<Format> {
        let f = FixedType::from_type(t)?;
        Some(Format {
            width: f.width(),
            fraction: f.fraction(),
        })
    }

    /// The raw integer of `value`, if it is a multiple of `2^-fraction` in range.
    pub fn raw_of(self, value: f64) -> Option<i128> {
        let scaled = value * (self.fraction as f64).exp2();
        if !scaled.is_finite() || scaled.fract() != 0.0 {
            return None;
        }
        let raw = scaled as i128;
        let half = 1i128 << (self.width - 1);
        (-half..half).contains(&raw).then_some(raw)
    }

    /// The value the raw integer `raw` stands for.
    pub fn value_of(self, raw: i128) -> f64 {
        raw as f64 / (self.fraction as f64).exp2()
    }

    /// `raw` wrapped to `width` bits (two's complement), as integer arithmetic does.
    pub fn wrap(self, raw: i128) -> i128 {
        let shift = 128 - self.width;
        (raw << shift) >> shift
    }

    /// The product of two raw values: the double-width product shifted right by the
    /// fraction bits (rounding toward negative infinity), then wrapped.
    pub fn mul(self, a: i128, b: i128) -> i128 {
        self.wrap((a * b) >> self.fraction)
    }
}

/// The rounding of a `standalone.from_float` (its `#standalone.rounding<...>`, to the
/// nearest value by default). `Rounding` and `RoundingAttr` are generated from the
/// `I32EnumAttr` and `EnumAttr` records.
pub fn rounding(body: &Body<'_>, op: OpId) -> Rounding {
    FromFloatOp(op)
        .rounding(body)
        .and_then(RoundingAttr::from_attr)
        .map_or(Rounding::Nearest, RoundingAttr::value)
}
