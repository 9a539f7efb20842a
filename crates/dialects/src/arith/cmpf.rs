//! `arith.cmpf`: its folder (scalar constants compare as APFloat does; a NaN operand
//! decides an ordered or unordered predicate alone) and MLIR's `CmpFIntToFPConst`, which
//! turns a comparison of a converted integer with a float constant into an integer
//! comparison (or a constant) when no rounding of the conversion can change the result.
//! Float types up to `f64` that `float_bits` knows.

use smallvec::smallvec;

use super::canonicalize::{create, create_constant, no_match, props1};
use super::float_bits::{from_f64, max_exponent, precision, to_f64};
use super::fold::FoldOut;
use pto_ir::{AttrKind, Attribute, Body, Context, Folded, OpId, Type};
use pto_rewrite::fold::constant_value;
use pto_rewrite::{MatchResult, PatternRewriter, RewritePatternSet};

/// A scalar float constant's value.
fn float_value(a: Option<Attribute<'_>>) -> Option<f64> {
    match *a?.kind() {
        AttrKind::Float { bits, ty } => to_f64(bits, ty.float_kind()?),
        _ => None,
    }
}

/// `arith.cmpf` predicates in their enum order on two values (APFloat's `compare`:
/// unordered when either is NaN, `-0 == +0`).
fn eval_cmpf(pred: i128, a: f64, b: f64) -> Option<bool> {
    let unordered = a.is_nan() || b.is_nan();
    let (lt, eq, gt) = (a < b, a == b, a > b);
    Some(match pred {
        0 => false,
        1 => eq,
        2 => gt,
        3 => gt || eq,
        4 => lt,
        5 => lt || eq,
        6 => !unordered && !eq,
        7 => !unordered,
        8 => unordered || eq,
        9 => unordered || gt,
        10 => unordered || gt || eq,
        11 => unordered || lt,
        12 => unordered || lt || eq,
        13 => !eq,
        14 => unordered,
        15 => true,
        _ => return None,
    })
}

folder!(
    /// `cmpf`: two scalar constants fold; one NaN stands for both operands.
    fold_cmpf, |ctx, body, op, c| {
    let (mut l, mut r) = (float_value(*c.first()?), float_value(*c.get(1)?));
    if l.is_some_and(f64::is_nan) {
        r = l;
    }
    if r.is_some_and(f64::is_nan) {
        l = r;
    }
    let pred = body.attr(op, "predicate")?.as_int()?;
    let b = eval_cmpf(pred, l?, r?)?;
    Some(smallvec![Folded::Attr(ctx.int_attr(ctx.int_type(1), i128::from(b)))])
});

/// The integer predicate of a float one on converted integers (none for `false`,
/// `ord`, `uno`, `true`).
fn int_predicate(pred: i128, unsigned: bool) -> Option<i128> {
    // eq 0, ne 1, slt 2, sle 3, sgt 4, sge 5, ult 6, ule 7, ugt 8, uge 9.
    let u = if unsigned { 4 } else { 0 };
    Some(match pred {
        1 | 8 => 0,
        2 | 9 => 4 + u,
        3 | 10 => 5 + u,
        4 | 11 => 2 + u,
        5 | 12 => 3 + u,
        6 | 13 => 1,
        _ => return None,
    })
}

/// `ilogb`: the unbiased exponent of a finite nonzero value.
fn ilogb(x: f64) -> i32 {
    let bits = x.abs().to_bits();
    let bexp = (bits >> 52) as i32;
    if bexp == 0 {
        // Subnormal in f64: normalize.
        let frac = bits & ((1u64 << 52) - 1);
        return -1074 + (63 - frac.leading_zeros() as i32);
    }
    bexp - 1023
}

/// `(float)int pred c` as an integer comparison, or its constant outcome.
enum Lowered {
    Const(bool),
    Cmp(i128, i128),
}

/// MLIR's `CmpFIntToFPConst` decision for an integer of `w` bits converted to a float
/// of kind `k` and compared with `rhs` by `pred`.
fn lower(pred: i128, rhs: f64, k: pto_ir::FloatKind, w: u32, unsigned: bool) -> Option<Lowered> {
    let mantissa = precision(k)? as i32;
    let value_bits = if unsigned { w } else { w - 1 } as i32;
    if w as i32 > mantissa {
        // The conversion may round: only compare where rounding cannot matter.
        if rhs.is_infinite() {
            if max_exponent(k)? < value_bits {
                return None;
            }
        } else if rhs != 0.0 {
            let exponent = ilogb(rhs);
            if mantissa <= exponent && exponent <= value_bits {
                return None;
            }
        }
    }
    match pred {
        7 => return Some(Lowered::Const(true)),
        14 => return Some(Lowered::Const(false)),
        _ => {}
    }
    let mut ipred = int_predicate(pred, unsigned)?;
    // The integer bounds as `k` rounds them.
    let round = |v: f64| from_f64(v, k).and_then(|b| to_f64(b, k));
    let (min, max) = if unsigned {
        (0.0, 2f64.powi(w as i32) - 1.0)
    } else {
        (-(2f64.powi(w as i32 - 1)), 2f64.powi(w as i32 - 1) - 1.0)
    };
    // ne, and lt/le (signed 2, 3; unsigned 6, 7), hold above the maximum.
    if round(max)? < rhs {
        return Some(Lowered::Const(matches!(ipred, 1 | 2 | 3 | 6 | 7)));
    }
    // ne, and gt/ge (4, 5; 8, 9), hold below the minimum.
    if round(min)? > rhs {
        return Some(Lowered::Const(matches!(ipred, 1 | 4 | 5 | 8 | 9)));
    }
    // APFloat's convertToInteger toward zero: the integer must fit.
    let t = rhs.trunc();
    let (lo, hi) = if unsigned {
        (0i128, (1i128 << w) - 1)
    } else {
        (-(1i128 << (w - 1)), (1i128 << (w - 1)) - 1)
    };
    if t.abs() >= 2f64.powi(126) || (t as i128) < lo || (t as i128) > hi {
        return None;
    }
    let negative = rhs.is_sign_negative();
    if rhs != 0.0 && t != rhs {
        // A fractional constant: adjust the predicate (`t` is rounded toward zero).
        match ipred {
            1 => return Some(Lowered::Const(true)),
            0 => return Some(Lowered::Const(false)),
            7 if negative => return Some(Lowered::Const(false)),
            3 if negative => ipred = 2,
            6 if negative => return Some(Lowered::Const(false)),
            6 => ipred = 7,
            2 if !negative => ipred = 3,
            8 if negative => return Some(Lowered::Const(true)),
            4 if negative => ipred = 5,
            9 if negative => return Some(Lowered::Const(true)),
            9 => ipred = 8,
            5 if !negative => ipred = 4,
            _ => {}
        }
    }
    Some(Lowered::Cmp(ipred, t as i128))
}

/// `cmpf pred, sitofp(x), c` (or `uitofp`) with a float constant `c` becomes `cmpi` of
/// `x` with an integer constant, or a constant (`CmpFIntToFPConst`).
fn cmpf_int_to_fp_const(op: OpId, rw: &mut PatternRewriter<'_, '_>) -> MatchResult {
    let ctx = rw.context();
    let body = rw.body();
    let c = constant_value(ctx, body, body.operand(op, 1));
    let (Some(rhs), Some(k)) = (
        float_value(c),
        c.and_then(|a| a.ty())
            .and_then(|t: Type<'_>| t.float_kind()),
    ) else {
        return no_match();
    };
    if rhs.is_nan() {
        return rw.notify_match_failure(op, "rhs is NaN");
    }
    let lhs = body.operand(op, 0);
    let conv = super::fold::defining(body, lhs, super::SIToFPOp::NAME)
        .map(|d| (d, false))
        .or_else(|| super::fold::defining(body, lhs, super::UIToFPOp::NAME).map(|d| (d, true)));
    let Some((conv, unsigned)) = conv else {
        return rw.notify_match_failure(op, "lhs is not an integer conversion");
    };
    let x = body.operand(conv, 0);
    let x_ty = body.value_type(x);
    let (Some(w), Some(pred)) = (
        x_ty.int_width(),
        body.attr(op, "predicate").and_then(|p| p.as_int()),
    ) else {
        return rw.notify_match_failure(op, "not a scalar integer conversion");
    };
    // Wider integers than i126 are left alone (their bounds do not fit an i128).
    let lowered = (w < 127)
        .then(|| lower(pred, rhs, k, w, unsigned))
        .flatten();
    let Some(lowered) = lowered else {
        return rw.notify_match_failure(op, "the conversion may change the comparison");
    };
    let loc = body.op_loc(op);
    rw.set_insertion_point_before(op);
    let new = match lowered {
        Lowered::Const(b) => create_constant(rw, loc, ctx.int_attr(ctx.int_type(1), i128::from(b))),
        Lowered::Cmp(p, value) => {
            let cst = create_constant(rw, loc, ctx.int_attr(x_ty, value));
            let props = props1(ctx, "predicate", ctx.int_attr(ctx.int_type(64), p));
            create(
                rw,
                super::CmpIOp::NAME,
                loc,
                &[x, cst],
                ctx.int_type(1),
                props,
            )
        }
    };
    rw.replace_op(op, &[new]);
    Ok(())
}

/// `arith.cmpf` patterns.
pub fn canonicalization_patterns_cmpf(set: &mut RewritePatternSet) {
    set.add_fn(
        super::CmpFOp::NAME,
        "CmpFIntToFPConst",
        cmpf_int_to_fp_const,
    );
}
