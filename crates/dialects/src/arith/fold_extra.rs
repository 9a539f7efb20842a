//! The folders of the rounding divisions (`ceildivsi`, `ceildivui`, `floordivsi`) and
//! of the extended additions and multiplications, with MLIR 22's semantics: division by
//! one is the dividend, constants fold (elementwise) unless the division is by zero or
//! overflows, a poison operand gives poison.

use smallvec::smallvec;

use super::elements::{fold_int, zero_attr};
use super::fold::{
    const_fold_int, is_int_one, is_int_zero, lhs, poison_operand, signed, smin, unsigned, value,
    FoldOut, Operands,
};
use pto_ir::{Attribute, Body, Context, Folded, OpId};

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

/// The extended multiplications: `x * 0` is `0, 0`; for `mului_extended`, `x * 1` is
/// `x, 0`; constants (up to 64 bits) fold elementwise to the low and high halves of the
/// product.
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
        let zero = zero_attr(ctx, body.value_type(lhs(body, op)))?;
        return Some(smallvec![Folded::Value(lhs(body, op)), Folded::Attr(zero)]);
    }
    if let Some(p) = poison_operand(c) {
        return Some(smallvec![p[0], p[0]]);
    }
    let (a, b) = ((*c.first()?)?, (*c.get(1)?)?);
    let product = |x: i128, y: i128, w: u32| {
        if w > 64 {
            None
        } else if is_signed {
            Some(signed(x, w) * signed(y, w))
        } else {
            Some((unsigned(x, w) * unsigned(y, w)) as i128)
        }
    };
    let low = fold_int(ctx, ty, a, Some(b), product)?;
    let high = fold_int(ctx, ty, a, Some(b), |x, y, w| Some(product(x, y, w)? >> w))?;
    Some(smallvec![Folded::Attr(low), Folded::Attr(high)])
}

folder!(
    /// `addui_extended`: `x + 0` is `x` without overflow; constants fold elementwise to
    /// the sum and whether it wrapped (a poison operand makes both poison).
    fold_addui_extended, |ctx, body, op, c| {
    let overflow_ty = body.value_type(body.result(op, 1));
    let rhs_value = pto_rewrite::fold::constant_value(ctx, body, body.operand(op, 1));
    if is_int_zero(Some(&rhs_value)) {
        let no = zero_attr(ctx, overflow_ty)?;
        return Some(smallvec![Folded::Value(lhs(body, op)), Folded::Attr(no)]);
    }
    if let Some(p) = poison_operand(c) {
        return Some(smallvec![p[0], p[0]]);
    }
    let ty = body.value_type(body.result(op, 0));
    let a = (*c.first()?)?;
    let sum = fold_int(ctx, ty, a, Some((*c.get(1)?)?), |x, y, _| Some(x.wrapping_add(y)))?;
    let wrapped = fold_int(ctx, overflow_ty, sum, Some(a), |s, x, w| {
        Some(i128::from(unsigned(s, w) < unsigned(x, w)))
    })?;
    Some(smallvec![Folded::Attr(sum), Folded::Attr(wrapped)])
});

folders_by! {
    /// `mului_extended`'s folder.
    fold_mului_extended => fold_mul_extended(false),
    /// `mulsi_extended`'s folder.
    fold_mulsi_extended => fold_mul_extended(true),
}
