//! Approximations of the trigonometric family and `cbrt`: `atan`, `atan2`, `asin`,
//! `acos`, `sin`, `cos`, `cbrt`. Constants and the order of the ops are MLIR's;
//! coefficients are written as published (`double` ones converted to `f32` with `as`,
//! as C++ converts them).
// The published values are the contract, also where they approximate a std constant.
#![allow(clippy::excessive_precision, clippy::approx_constant)]

use super::emit::{constants, CmpF, CmpI, Emitter};
use super::{approximate, element_is, f32_operand};
use crate::arith;
use crate::math;
use pto_ir::ods::preds::element_type_or_self;
use pto_ir::{FloatKind, OpId, Type, ValueId};
use pto_rewrite::{MatchResult, PatternRewriter};

/// `atan(x)`: on `|x|`, reduced to `[0, 0.66]` by `(|x| - 1) / (|x| + 1)` (plus pi/4)
/// above 0.66 and `1 / |x|` (pi/2 minus) above tan(3pi/8); Cephes' rational function
/// there; the sign copied back.
pub(super) fn atan<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    let Some(t) = f32_operand(rw, op, 0) else {
        return rw.notify_match_failure(op, "unsupported operand type");
    };
    approximate(op, rw, t, |e, ops| {
        let operand = ops[0];
        let abs = e.math(math::AbsFOp::NAME, operand);
        let one = e.f32c(1.0);
        let two_thirds = e.f32c(0.66f64 as f32);
        let mid = e.cmpf(CmpF::Ogt, abs, two_thirds);
        let add_one = e.addf(abs, one);
        let sub_one = e.subf(abs, one);
        let xnum = e.select(mid, sub_one, abs);
        let xden = e.select(mid, add_one, one);
        let tan3pio8 = e.f32c(2.41421356237309504880f64 as f32);
        let high = e.cmpf(CmpF::Ogt, abs, tan3pio8);
        let xnum = e.select(high, one, xnum);
        let xden = e.select(high, abs, xden);
        let x = e.divf(xnum, xden);
        let xx = e.mulf(x, x);
        let p = [
            -8.750608600031904122785e-01f64,
            -1.615753718733365076637e+01,
            -7.500855792314704667340e+01,
            -1.228866684490136173410e+02,
            -6.485021904942025371773e+01,
        ]
        .map(|v| e.f32c(v as f32));
        let q = [
            2.485846490142306297962e+01f64,
            1.650270098316988542046e+02,
            4.328810604912902668951e+02,
            4.853903996359136964868e+02,
            1.945506571482613964425e+02,
        ]
        .map(|v| e.f32c(v as f32));
        let mut n = p[0];
        for &c in &p[1..] {
            n = e.fma(xx, n, c);
        }
        let n = e.mulf(n, xx);
        let mut d = q[0];
        for &c in &q[1..] {
            d = e.fma(xx, d, c);
        }
        let ans0 = e.divf(n, d);
        let ans0 = e.fma(ans0, x, x);
        let pi4 = e.f32c(std::f64::consts::FRAC_PI_4 as f32);
        let ans2 = e.addf(pi4, ans0);
        let ans = e.select(mid, ans2, ans0);
        let pi2 = e.f32c(std::f64::consts::FRAC_PI_2 as f32);
        let ans1 = e.subf(pi2, ans0);
        let ans = e.select(high, ans1, ans);
        e.copysign(ans, operand)
    })
}

/// `atan2(y, x)` from `atan(y / x)` (approximated in turn), corrected by pi for
/// `x <= 0`, +-pi/2 for `x == 0`, NaN for `x == y == 0`.
pub(super) fn atan2<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    let Some(t) = f32_operand(rw, op, 1) else {
        return rw.notify_match_failure(op, "unsupported operand type");
    };
    approximate(op, rw, t, |e, ops| {
        let (y, x) = (ops[0], ops[1]);
        let div = e.divf(y, x);
        let atan = e.math(math::AtanOp::NAME, div);
        let zero = e.f32c(0.0);
        let pi = e.f32c(3.14159265359);
        let add_pi = e.addf(atan, pi);
        let sub_pi = e.subf(atan, pi);
        let atan_gt = e.cmpf(CmpF::Ogt, atan, zero);
        let flipped = e.select(atan_gt, sub_pi, add_pi);
        let x_gt = e.cmpf(CmpF::Ogt, x, zero);
        let result = e.select(x_gt, atan, flipped);
        let x_zero = e.cmpf(CmpF::Oeq, x, zero);
        let y_gt = e.cmpf(CmpF::Ogt, y, zero);
        let is_half_pi = e.andi(x_zero, y_gt);
        let half_pi = e.f32c(1.57079632679);
        let result = e.select(is_half_pi, half_pi, result);
        let y_lt = e.cmpf(CmpF::Olt, y, zero);
        let is_neg_half_pi = e.andi(x_zero, y_lt);
        let neg_half_pi = e.f32c(-1.57079632679);
        let result = e.select(is_neg_half_pi, neg_half_pi, result);
        let y_zero = e.cmpf(CmpF::Oeq, y, zero);
        let is_nan = e.andi(x_zero, y_zero);
        let nan = e.f32_bits(0x7fc0_0000);
        e.select(is_nan, nan, result)
    })
}

/// The operand type of an `asin`/`acos` (f32 or f16, computed in that type).
fn f32_or_f16<'c>(rw: &mut PatternRewriter<'_, 'c>, op: OpId) -> Option<Type<'c>> {
    let t = rw.body().value_type(rw.body().operand(op, 0));
    element_is(t, &[FloatKind::F32, FloatKind::F16]).then_some(t)
}

/// `asin(x)`: on `[-9/16, 9/16]` (after `sqrt(1 - x^2)` above `x^2 > 1/2`, then
/// `pi/2 -`) a polynomial in `x^2` split in even and odd parts; the sign copied back.
pub(super) fn asin<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    let Some(t) = f32_or_f16(rw, op) else {
        return rw.notify_match_failure(op, "only f32 and f16 type is supported.");
    };
    let et = element_type_or_self(t);
    approximate(op, rw, t, |e, ops| {
        let operand = ops[0];
        let c = |e: &mut Emitter<'_, '_, 'c>, v: f64| e.floatc(v as f32, et);
        let abso = e.math(math::AbsFOp::NAME, operand);
        let aa = e.mulf(operand, operand);
        let one = c(e, 1.0);
        let one_minus = e.subf(one, aa);
        let opp = e.math(math::SqrtOp::NAME, one_minus);
        let half = c(e, 0.5);
        let gt = e.cmpf(CmpF::Ogt, aa, half);
        let x = e.select(gt, opp, abso);
        let s = e.mulf(x, x);
        let q = e.mulf(s, s);
        let mut r = c(e, 5.5579749017470502e-2);
        let mut t = c(e, -6.2027913464120114e-2);
        let pairs: [(f64, f64); 5] = [
            (5.4224464349245036e-2, -1.1326992890324464e-2),
            (1.5268872539397656e-2, 1.0493798473372081e-2),
            (1.4106045900607047e-2, 1.7339776384962050e-2),
            (2.2372961589651054e-2, 3.0381912707941005e-2),
            (4.4642857881094775e-2, 7.4999999991367292e-2),
        ];
        for (rc, tc) in pairs {
            let rc = c(e, rc);
            r = e.fma(r, q, rc);
            let tc = c(e, tc);
            t = e.fma(t, q, tc);
        }
        let r = e.fma(r, s, t);
        let sixth = c(e, 1.6666666666670193e-1);
        let r = e.fma(r, s, sixth);
        let t = e.mulf(x, s);
        let r = e.fma(r, t, x);
        let half_pi = c(e, 1.57079632679);
        let rsub = e.subf(half_pi, r);
        let r = e.select(gt, rsub, r);
        e.copysign(r, operand)
    })
}

/// `acos(x)` from `asin` (approximated in turn): `pi/2 - asin` folded into fused
/// multiply-adds with split constants, `2 asin(sqrt((1 - |x|) / 2))` near `|x| = 1`.
pub(super) fn acos<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    let Some(t) = f32_or_f16(rw, op) else {
        return rw.notify_match_failure(op, "only f32 and f16 type is supported.");
    };
    let et = element_type_or_self(t);
    approximate(op, rw, t, |e, ops| {
        let operand = ops[0];
        let c = |e: &mut Emitter<'_, '_, 'c>, v: f64| e.floatc(v as f32, et);
        let neg_operand = e.negf(operand);
        let zero = c(e, 0.0);
        let half = c(e, 0.5);
        let neg_one = c(e, -1.0);
        let sel_r = e.cmpf(CmpF::Ogt, operand, zero);
        let r = e.select(sel_r, neg_operand, operand);
        let chk = c(e, -0.5625);
        let first_pred = e.cmpf(CmpF::Ogt, r, chk);
        let true_val = split_fma(e, et, 9.3282184640716537e-1, |e| {
            e.math(math::AsinOp::NAME, r)
        });
        let h = e.fma(half, r, half);
        let sq = e.math(math::SqrtOp::NAME, h);
        let false_val = e.math(math::AsinOp::NAME, sq);
        let two = c(e, 2.0);
        let false_val = e.mulf(two, false_val);
        let r = e.select(first_pred, true_val, false_val);
        let ge_neg_one = e.cmpf(CmpF::Oge, operand, neg_one);
        let lt_zero = e.cmpf(CmpF::Olt, operand, zero);
        let between = e.andi(ge_neg_one, lt_zero);
        let true_val = split_fma(e, et, 1.8656436928143307e+0, |e| e.negf(r));
        e.select(between, true_val, r)
    })
}

/// `fma(a, 1.6839188885261840, last(e))` with the three operands built in C++'s
/// argument order (MLIR's `acos`).
fn split_fma<'c>(
    e: &mut Emitter<'_, '_, 'c>,
    et: Type<'c>,
    a: f64,
    last: impl FnOnce(&mut Emitter<'_, '_, 'c>) -> ValueId,
) -> ValueId {
    let a = e.floatc(a as f32, et);
    let b = e.floatc(1.6839188885261840e+0f64 as f32, et);
    let l = last(e);
    e.fma(a, b, l)
}

/// `sin(x)` or `cos(x)`: `x = k pi/2 + y` with `y` in `[0, pi/2)`, then by `k mod 4`
/// the sine or cosine polynomial of `y` (degree 10 in even powers), negated in the
/// lower half period.
fn sin_cos<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>, is_sine: bool) -> MatchResult {
    let Some(t) = f32_operand(rw, op, 0) else {
        return rw.notify_match_failure(op, "unsupported operand type");
    };
    approximate(op, rw, t, |e, ops| {
        let i32v = e.ty(e.i32());
        let two_over_pi = e.f32c(std::f64::consts::FRAC_2_PI as f32);
        let pi_over_two = e.f32c(std::f64::consts::FRAC_PI_2 as f32);
        let x = ops[0];
        let scaled = e.mulf(x, two_over_pi);
        let k = e.math(math::FloorOp::NAME, scaled);
        let kp = e.mulf(k, pi_over_two);
        let y = e.subf(x, kp);
        let one = e.f32c(1.0);
        let neg_one = e.f32c(-1.0);
        let sc = constants(
            e,
            &[
                -0.16666667163372039794921875,
                8.333347737789154052734375e-3,
                -1.9842604524455964565277099609375e-4,
                2.760012648650445044040679931640625e-6,
                -2.50293279435709337121807038784027099609375e-8,
            ],
        );
        let cc = constants(
            e,
            &[
                -0.5,
                4.166664183139801025390625e-2,
                -1.388833043165504932403564453125e-3,
                2.47562347794882953166961669921875e-5,
                -2.59630184018533327616751194000244140625e-7,
            ],
        );
        let k_i32 = e.cast(arith::FPToSIOp::NAME, k, i32v);
        let three = e.i32c(3);
        let k_mod4 = e.andi(k_i32, three);
        let mut kr = [k_mod4; 4];
        for (i, r) in kr.iter_mut().enumerate() {
            let ci = e.i32c(i as i32);
            *r = e.cmpi(CmpI::Eq, k_mod4, ci);
        }
        let use_cos = if is_sine {
            e.ori(kr[1], kr[3])
        } else {
            e.ori(kr[0], kr[2])
        };
        let negative = if is_sine {
            let c1 = e.i32c(1);
            e.cmpi(CmpI::Sgt, k_mod4, c1)
        } else {
            e.ori(kr[1], kr[2])
        };
        let y2 = e.mulf(y, y);
        let base = e.select(use_cos, one, y);
        let mut coeff = [y; 5];
        for (i, c) in coeff.iter_mut().enumerate() {
            *c = e.select(use_cos, cc[i], sc[i]);
        }
        let v = e.fma(y2, coeff[4], coeff[3]);
        let v = e.fma(y2, v, coeff[2]);
        let v = e.fma(y2, v, coeff[1]);
        let v = e.fma(y2, v, coeff[0]);
        let v = e.fma(y2, v, one);
        let v = e.mulf(base, v);
        let neg = e.mulf(neg_one, v);
        e.select(negative, neg, v)
    })
}

/// `math.sin`.
pub(super) fn sin<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    sin_cos(op, rw, true)
}

/// `math.cos`.
pub(super) fn cos<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    sin_cos(op, rw, false)
}

/// `cbrt(x)` (Hacker's Delight): a first guess from the bits of `|x|` (about a third
/// of the exponent), two Newton steps, `0` kept, the sign copied back.
pub(super) fn cbrt<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    let Some(t) = f32_operand(rw, op, 0) else {
        return rw.notify_match_failure(op, "unsupported operand type");
    };
    approximate(op, rw, t, |e, ops| {
        let operand = ops[0];
        let int_ty = e.ty(e.i32());
        let int_two = e.i32c(2);
        let int_four = e.i32c(4);
        let int_eight = e.i32c(8);
        let int_magic = e.i32c(0x2a51_37a0);
        let fp_third = e.f32c(0.33333333);
        let fp_two = e.f32c(2.0);
        let fp_zero = e.f32c(0.0);
        let abs = e.math(math::AbsFOp::NAME, operand);
        let iv = e.cast(arith::BitcastOp::NAME, abs, int_ty);
        // ix = ix/4 + ix/16; ix += ix/16; ix += ix/256; ix += magic.
        let d4 = e.shrsi(iv, int_two);
        let d16 = e.shrsi(iv, int_four);
        let iv = e.addi(d4, d16);
        let d16 = e.shrsi(iv, int_four);
        let iv = e.addi(iv, d16);
        let d256 = e.shrsi(iv, int_eight);
        let iv = e.addi(iv, d256);
        let iv = e.addi(iv, int_magic);
        let mut fv = e.cast(arith::BitcastOp::NAME, iv, t);
        // Two Newton steps: x = (2x + |x0| / x^2) / 3.
        for _ in 0..2 {
            let sq = e.mulf(fv, fv);
            let two_x = e.mulf(fv, fp_two);
            let q = e.divf(abs, sq);
            let s = e.addf(two_x, q);
            fv = e.mulf(s, fp_third);
        }
        let is_zero = e.cmpf(CmpF::Oeq, abs, fp_zero);
        let fv = e.select(is_zero, fp_zero, fv);
        e.copysign(fv, operand)
    })
}
