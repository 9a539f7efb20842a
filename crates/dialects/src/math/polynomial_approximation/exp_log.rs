//! Approximations of the exponential family: `exp`, `expm1`, `log`, `log2`, `log1p`,
//! `tanh`, `erf`, `erfc`. Constants and the order of the ops are MLIR's (see
//! [`super::emit`] for why the order matters). Coefficients are written as published
//! (C++ `float` literals: Rust `f32` literals round the same way).
// The published values are the contract, also where they approximate a std constant.
#![allow(clippy::excessive_precision, clippy::approx_constant)]

use super::emit::{constants, CmpF, Emitter};
use super::{approximate, element_is, f32_operand};
use crate::arith;
use crate::math;
use pto_ir::ods::preds::element_type_or_self;
use pto_ir::{FloatKind, OpId};
use pto_rewrite::{MatchResult, PatternRewriter};

/// `tanh(x)` as a rational function (odd degree-13 numerator, even degree-6
/// denominator) of `x` clamped to +-7.9988, and `x` itself where `|x| < 0.0004`.
pub(super) fn tanh<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    let Some(t) = f32_operand(rw, op, 0) else {
        return rw.notify_match_failure(op, "unsupported operand type");
    };
    approximate(op, rw, t, |e, ops| {
        let operand = ops[0];
        let minus_clamp = e.f32c(-7.99881172180175781);
        let plus_clamp = e.f32c(7.99881172180175781);
        let x = e.clamp(operand, minus_clamp, plus_clamp);
        let tiny = e.f32c(0.0004);
        let abs = e.math(math::AbsFOp::NAME, operand);
        let tiny_mask = e.cmpf(CmpF::Olt, abs, tiny);
        // Numerator (odd powers 1..13) and denominator (even powers 0..6).
        let a = constants(
            e,
            &[
                4.89352455891786e-03,
                6.37261928875436e-04,
                1.48572235717979e-05,
                5.12229709037114e-08,
                -8.60467152213735e-11,
                2.00018790482477e-13,
                -2.76076847742355e-16,
            ],
        );
        let bt = constants(
            e,
            &[
                4.89352518554385e-03,
                2.26843463243900e-03,
                1.18534705686654e-04,
                1.19825839466702e-06,
            ],
        );
        let x2 = e.mulf(x, x);
        let mut p = e.fma(x2, a[6], a[5]);
        for &c in a[..5].iter().rev() {
            p = e.fma(x2, p, c);
        }
        let p = e.mulf(x, p);
        let mut q = e.fma(x2, bt[3], bt[2]);
        for &c in bt[..2].iter().rev() {
            q = e.fma(x2, q, c);
        }
        let ratio = e.divf(p, q);
        e.select(tiny_mask, x, ratio)
    })
}

/// `ln 2` and `log2(e)`, rounded to f32 where used.
const LN2: f64 = std::f64::consts::LN_2;
const LOG2E: f64 = std::f64::consts::LOG2_E;

/// `log(x)` (or `log2(x)` with `base2`): `x = m * 2^e` with `m` in `[sqrt(1/2),
/// sqrt(2))`, Cephes' degree-8 polynomial in `m - 1`, special cases for `0`, negative
/// numbers and `+inf` (Julien Pommier's SSE formulation).
fn log_impl<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>, base2: bool) -> MatchResult {
    let Some(t) = f32_operand(rw, op, 0) else {
        return rw.notify_match_failure(op, "unsupported operand type");
    };
    approximate(op, rw, t, |e, ops| {
        let operand = ops[0];
        let zero = e.f32c(0.0);
        let one = e.f32c(1.0);
        let neg_half = e.f32c(-0.5);
        // The smallest normal number, -inf, +inf, NaN.
        let min_norm_pos = e.f32_bits(0x0080_0000);
        let minus_inf = e.f32_bits(0xff80_0000);
        let pos_inf = e.f32_bits(0x7f80_0000);
        let nan = e.f32_bits(0x7fc0_0000);
        let sqrthf = e.f32c(0.707106781186547524);
        let p = constants(
            e,
            &[
                7.0376836292E-2,
                -1.1514610310E-1,
                1.1676998740E-1,
                -1.2420140846E-1,
                1.4249322787E-1,
                -1.6668057665E-1,
                2.0000714765E-1,
                -2.4999993993E-1,
                3.3333331174E-1,
            ],
        );
        // Denormals and negative numbers become the smallest normal (fixed up below).
        let x = e.max(operand, min_norm_pos);
        let (x, exponent) = e.frexp(x, true);
        // Below sqrt(1/2): x = 2x - 1, e -= 1; else x = x - 1.
        let mask = e.cmpf(CmpF::Olt, x, sqrthf);
        let tmp = e.select(mask, x, zero);
        let x = e.subf(x, one);
        let dec = e.select(mask, one, zero);
        let exponent = e.subf(exponent, dec);
        let x = e.addf(x, tmp);
        let x2 = e.mulf(x, x);
        let x3 = e.mulf(x2, x);
        // The polynomial in three interleaved parts.
        let y0 = e.fma(p[0], x, p[1]);
        let y1 = e.fma(p[3], x, p[4]);
        let y2 = e.fma(p[6], x, p[7]);
        let y0 = e.fma(y0, x, p[2]);
        let y1 = e.fma(y1, x, p[5]);
        let y2 = e.fma(y2, x, p[8]);
        let y0 = e.fma(y0, x3, y1);
        let y0 = e.fma(y0, x3, y2);
        let y0 = e.mulf(y0, x3);
        let y0 = e.fma(neg_half, x2, y0);
        let x = e.addf(x, y0);
        let x = if base2 {
            let log2e = e.f32c(LOG2E as f32);
            e.fma(x, log2e, exponent)
        } else {
            let ln2 = e.f32c(LN2 as f32);
            e.fma(exponent, ln2, x)
        };
        let invalid = e.cmpf(CmpF::Ult, operand, zero);
        let is_zero = e.cmpf(CmpF::Oeq, operand, zero);
        let is_pos_inf = e.cmpf(CmpF::Oeq, operand, pos_inf);
        let r = e.select(is_pos_inf, pos_inf, x);
        let r = e.select(invalid, nan, r);
        e.select(is_zero, minus_inf, r)
    })
}

/// `math.log`.
pub(super) fn log<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    log_impl(op, rw, false)
}

/// `math.log2`.
pub(super) fn log2<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    log_impl(op, rw, true)
}

/// `log1p(x)` by W. Kahan's trick: with `u = x + 1`, `x` if `u == 1` or `u == inf`,
/// else `x * log(u) / (u - 1)` (the `math.log` is approximated in turn).
pub(super) fn log1p<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    let Some(t) = f32_operand(rw, op, 0) else {
        return rw.notify_match_failure(op, "unsupported operand type");
    };
    approximate(op, rw, t, |e, ops| {
        let x = ops[0];
        let one = e.f32c(1.0);
        let u = e.addf(x, one);
        let u_small = e.cmpf(CmpF::Oeq, u, one);
        let log_u = e.math(math::LogOp::NAME, u);
        let u_inf = e.cmpf(CmpF::Oeq, u, log_u);
        let u1 = e.subf(u, one);
        let ratio = e.divf(log_u, u1);
        let large = e.mulf(x, ratio);
        let keep_x = e.ori(u_small, u_inf);
        e.select(keep_x, x, large)
    })
}

/// `erf(x)`: on `|x|`, one of three rational functions `offset + P(x)/Q(x)` of degree
/// 4 chosen by the interval (`< 0.8`, `< 2`, `< 3.75`), `1` beyond, the sign restored.
pub(super) fn erf<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    let t = rw.body().value_type(rw.body().operand(op, 0));
    if !element_is(t, &[FloatKind::F32, FloatKind::F16]) {
        return rw.notify_match_failure(op, "only f32 and f16 type is supported.");
    }
    let elem = element_type_or_self(t);
    #[rustfmt::skip]
    const PP: [[f32; 5]; 3] = [
        [0.0, 1.12837916222975858e+00, -5.23018562988006470e-01, 2.09741709609267072e-01, 2.58146801602987875e-02],
        [0.0, 1.12750687816789140e+00, -3.64721408487825775e-01, 1.18407396425136952e-01, 3.70645533056476558e-02],
        [-3.30093071049483172e-03, 3.51961938357697011e-03, -1.41373622814988039e-03, 2.53447094961941348e-04, -1.71048029455037401e-05],
    ];
    #[rustfmt::skip]
    const QQ: [[f32; 5]; 3] = [
        [1.0, -4.635138185962547255e-01, 5.192301327279782447e-01, -1.318089722204810087e-01, 7.397964654672315005e-02],
        [1.0, -3.27607011824493086e-01, 4.48369090658821977e-01, -8.83462621207857930e-02, 5.72442770283176093e-02],
        [1.0, -2.06069165953913769e+00, 1.62705939945477759e+00, -5.83389859211130017e-01, 8.21908939856640930e-02],
    ];
    const OFFSETS: [f32; 3] = [0.0, 0.0, 1.0];
    const BOUNDS: [f32; 3] = [0.8, 2.0, 3.75];
    approximate(op, rw, t, |e, ops| {
        let operand = ops[0];
        let zero = e.floatc(0.0, elem);
        let one = e.floatc(1.0, elem);
        let table = |e: &mut Emitter<'_, '_, 'c>, rows: &[[f32; 5]; 3]| {
            rows.map(|row| row.map(|v| e.floatc(v, elem)))
        };
        let pp = table(e, &PP);
        let qq = table(e, &QQ);
        let offsets = OFFSETS.map(|v| e.floatc(v, elem));
        let bounds = BOUNDS.map(|v| e.floatc(v, elem));
        let negative = e.cmpf(CmpF::Olt, operand, zero);
        let neg = e.negf(operand);
        let x = e.select(negative, neg, operand);
        let mut offset = offsets[0];
        let (mut p, mut q) = (pp[0], qq[0]);
        // Select the coefficients of the interval, bound by bound.
        for j in 0..2 {
            let below = e.cmpf(CmpF::Olt, x, bounds[j]);
            for i in 0..5 {
                p[i] = e.select(below, p[i], pp[j + 1][i]);
                q[i] = e.select(below, q[i], qq[j + 1][i]);
            }
            offset = e.select(below, offset, offsets[j + 1]);
        }
        let in_range = e.cmpf(CmpF::Ult, x, bounds[2]);
        let p_poly = e.polynomial(&p, x);
        let q_poly = e.polynomial(&q, x);
        let ratio = e.divf(p_poly, q_poly);
        let formula = e.addf(offset, ratio);
        let formula = e.select(in_range, formula, one);
        let neg_formula = e.negf(formula);
        e.select(negative, neg_formula, formula)
    })
}

/// An f32 from its hexadecimal form `+-0x1.<frac24>p<exp>` (the 24 fraction bits'
/// last one zero), for constants published that way.
const fn hexf(negative: bool, frac24: u32, exp: i32) -> f32 {
    let sign = if negative { 1u32 << 31 } else { 0 };
    f32::from_bits(sign | (((exp + 127) as u32) << 23) | (frac24 >> 1))
}

/// `erfc(x)` for f32: a degree-9 polynomial in `(|x| - 2) / (|x| + 2)` scaled by
/// `exp(-x^2)` with Newton-style corrections (after njuffa's vectorizable erfcf),
/// `0` beyond 10.0546875, `2 - erfc(-x)` for negative `x`.
pub(super) fn erfc<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    let Some(t) = f32_operand(rw, op, 0) else {
        return rw.notify_match_failure(op, "only f32 type is supported.");
    };
    const P: [f32; 10] = [
        hexf(true, 0xa4a000, -12),
        hexf(true, 0x42a260, -10),
        hexf(false, 0x585714, -10),
        hexf(false, 0x1adcc4, -7),
        hexf(true, 0x081b82, -7),
        hexf(true, 0xbc0b6a, -5),
        hexf(false, 0x4ffc46, -3),
        hexf(true, 0x540840, -3),
        hexf(true, 0x7bf616, -4),
        hexf(false, 0x1ba03a, -2),
    ];
    approximate(op, rw, t, |e, ops| {
        let x = ops[0];
        let true_value = {
            let s = e.scalar_bool(true);
            e.bcast(s)
        };
        let zero = e.f32c(0.0);
        let one = e.f32c(1.0);
        let one_half = e.f32c(0.5);
        let neg4 = e.f32c(-4.0);
        let neg2 = e.f32c(-2.0);
        let pos2 = e.f32c(2.0);
        let pos_inf = e.f32_bits(0x7f80_0000);
        let clamp = e.f32c(10.0546875);
        let a = e.math(math::AbsFOp::NAME, x);
        // q = (a - 2) / (a + 2), computed as 1 - 4 / (a + 2) and refined.
        let p = e.addf(a, pos2);
        let r = e.divf(one, p);
        let q = e.fma(neg4, r, one);
        let q1 = e.addf(q, one);
        let t = e.fma(q1, neg2, a);
        let na = e.negf(a);
        let err = e.fma(na, q, t);
        let q = e.fma(r, err, q);
        let mut p = e.f32c(P[0]);
        for &c in &P[1..] {
            let c = e.f32c(c);
            p = e.fma(p, q, c);
        }
        // r = p / (1 + 2a), refined, times exp(-a^2) split to keep precision.
        let d = e.fma(pos2, a, one);
        let r = e.divf(one, d);
        let q = e.fma(p, r, r);
        let negfa = e.negf(a);
        let fmaqah = e.fma(q, negfa, one_half);
        let psubq = e.subf(p, q);
        let err = e.fma(fmaqah, pos2, psubq);
        let r = e.fma(err, r, q);
        let s = e.mulf(a, a);
        let ns = e.negf(s);
        let ex = e.math(math::ExpOp::NAME, ns);
        let na = e.negf(a);
        let t = e.fma(na, a, s);
        let re = e.mulf(r, ex);
        let ret = e.mulf(re, t);
        let r = e.fma(r, ex, ret);
        let below_inf = e.cmpf(CmpF::Olt, a, pos_inf);
        let not_below_inf = e.xori(below_inf, true_value);
        let xx = e.addf(x, x);
        let r = e.select(not_below_inf, xx, r);
        let above = e.cmpf(CmpF::Ogt, a, clamp);
        let r = e.select(above, zero, r);
        let negative = e.cmpf(CmpF::Olt, x, zero);
        let two_minus = e.subf(pos2, r);
        e.select(negative, two_minus, r)
    })
}

/// `exp(x)` (Cephes): `x` clamped to `[-87.8, 88.8]`, `n = floor(x log2(e) + 1/2)`
/// clamped to `[-127, 127]`, `e^a` of the remainder `a = x - n ln 2` by a degree-5
/// polynomial, times `2^n` built from its exponent bits (`0` for `n = -127`).
pub(super) fn exp<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    let Some(t) = f32_operand(rw, op, 0) else {
        return rw.notify_match_failure(op, "unsupported operand type");
    };
    approximate(op, rw, t, |e, ops| {
        let half = e.f32c(0.5);
        let one = e.f32c(1.0);
        let log2ef = e.f32c(1.44269504088896341);
        let c1 = e.f32c(-0.693359375);
        let c2 = e.f32c(2.12194440e-4);
        let p = constants(
            e,
            &[
                1.9875691500E-4,
                1.3981999507E-3,
                8.3334519073E-3,
                4.1665795894E-2,
                1.6666665459E-1,
                5.0000001201E-1,
            ],
        );
        let x = clamp_with_normals(e, ops[0], -87.8, 88.8);
        let scaled = e.fma(x, log2ef, half);
        let n = e.math(math::FloorOp::NAME, scaled);
        let n = clamp_with_normals(e, n, -127.0, 127.0);
        let x = e.fma(c1, n, x);
        let x = e.fma(c2, n, x);
        let mut z = e.fma(x, p[0], p[1]);
        for &c in &p[2..] {
            z = e.fma(z, x, c);
        }
        let xx = e.mulf(x, x);
        let z = e.fma(z, xx, x);
        let z = e.addf(one, z);
        let i32v = e.ty(e.i32());
        let n_i32 = e.cast(arith::FPToSIOp::NAME, n, i32v);
        let pow2 = e.exp2_i32(n_i32);
        e.mulf(z, pow2)
    })
}

/// `value` clamped to `[lo, hi]` with `uge`/`ule` comparisons (MLIR's
/// `clampWithNormals`: they select to `maxps`/`minps` on x86).
fn clamp_with_normals(
    e: &mut Emitter<'_, '_, '_>,
    value: pto_ir::ValueId,
    lo: f32,
    hi: f32,
) -> pto_ir::ValueId {
    let lo = e.f32c(lo);
    let c = e.cmpf(CmpF::Uge, value, lo);
    let value = e.select(c, value, lo);
    let hi = e.f32c(hi);
    let c = e.cmpf(CmpF::Ule, value, hi);
    e.select(c, value, hi)
}

/// `expm1(x)`: with `u = exp(x)`, `x` if `u == 1` (or NaN), `-1` if `u - 1 == -1`,
/// `u` if `u` is infinite, else `(u - 1) * x / log(u)`.
pub(super) fn expm1<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    let Some(t) = f32_operand(rw, op, 0) else {
        return rw.notify_match_failure(op, "unsupported operand type");
    };
    approximate(op, rw, t, |e, ops| {
        let x = ops[0];
        let one = e.f32c(1.0);
        let neg_one = e.f32c(-1.0);
        let u = e.math(math::ExpOp::NAME, x);
        let u_is_one = e.cmpf(CmpF::Ueq, u, one);
        let um1 = e.subf(u, one);
        let um1_is_neg_one = e.cmpf(CmpF::Oeq, um1, neg_one);
        let log_u = e.math(math::LogOp::NAME, u);
        let is_inf = e.cmpf(CmpF::Oeq, log_u, u);
        let ratio = e.divf(x, log_u);
        let r = e.mulf(um1, ratio);
        let r = e.select(is_inf, u, r);
        let r = e.select(um1_is_neg_one, neg_one, r);
        e.select(u_is_one, x, r)
    })
}
