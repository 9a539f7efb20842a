//! Folders of the `arith` ops (`hasFolder`) and the dialect's constant materializer, with
//! MLIR's semantics: constant folding with wrap-around at the type's width, identities
//! (`x + 0`, `x * 1`, `x - x`, ...), and comparisons of equal operands. A poison operand
//! (`ub.poison`) makes the result poison where MLIR's constant folders propagate it (the
//! binary integer and float ops except the shifts, the casts); `select` of a poison value
//! is the other value.

use smallvec::{smallvec, SmallVec};

use super::float_bits::to_f64;
use pto_ir::builder::OpBuilder;
use pto_ir::TypeKind;
use pto_ir::{AttrKind, Attribute, Body, Context, Folded, Location, OpId, Type, ValueId};

pub(super) type FoldOut<'c> = Option<SmallVec<[Folded<'c>; 1]>>;
pub(super) type Operands<'a, 'c> = &'a [Option<Attribute<'c>>];

/// Creates `arith.constant` for a folded integer or float of the same type, or
/// `ub.poison` for a poison value (as MLIR's arith materializer).
pub fn materialize_constant<'c>(
    b: &mut OpBuilder<'_, 'c>,
    value: Attribute<'c>,
    ty: Type<'c>,
    loc: Location<'c>,
) -> Option<OpId> {
    if crate::ub::is_poison_attr(value) {
        return crate::ub::materialize_constant(b, value, ty, loc);
    }
    let ok = matches!(
        value.kind(),
        AttrKind::Integer { .. } | AttrKind::Float { .. } | AttrKind::DenseElements { .. }
    ) && value.ty() == Some(ty);
    if !ok {
        return None;
    }
    let ctx = b.context();
    let props = ctx.dict_with(None, "value", Some(value));
    let mut state = b.state(super::ConstantOp::NAME, loc);
    state.result_types = smallvec![ty];
    state.props = Some(props);
    Some(b.create(state))
}

// ---- helpers --------------------------------------------------------------------------

/// Bit width of an integer-like type or of its elements (index is 64 bits, as MLIR
/// stores it).
pub(super) fn width_of(ty: Type<'_>) -> Option<u32> {
    let e = super::elements::elem_type(ty);
    if e.is_index() {
        Some(64)
    } else {
        e.int_width()
    }
}

/// The value of a scalar or splat integer constant operand, sign-extended as stored
/// (MLIR's `m_ConstantInt`).
pub(super) fn int_const(c: Option<&Option<Attribute<'_>>>) -> Option<i128> {
    let a = (*c?)?;
    // Scalars are stored sign-extended already (the common case, kept cheap).
    if let AttrKind::Integer { value, .. } = *a.kind() {
        return Some(value);
    }
    let (bits, w) = super::elements::int_or_splat(Some(a))?;
    Some(wrap(bits as i128, w))
}

/// `v` wrapped to `w` bits, sign-extended (the stored form of signless integers > 1 bit).
pub(super) fn wrap(v: i128, w: u32) -> i128 {
    if w >= 128 {
        v
    } else if w == 1 {
        v & 1
    } else {
        (v << (128 - w)) >> (128 - w)
    }
}

pub(super) fn unsigned(v: i128, w: u32) -> u128 {
    if w >= 128 {
        v as u128
    } else {
        (v as u128) & ((1u128 << w) - 1)
    }
}

/// Signed view of a stored value (i1 stores `true` as 1).
pub(super) fn signed(v: i128, w: u32) -> i128 {
    if w == 1 {
        -(v & 1)
    } else {
        v
    }
}

fn is_zero(c: Option<&Option<Attribute<'_>>>) -> bool {
    int_const(c) == Some(0) || float_const(c).is_some_and(|f| f == 0.0 && !f.is_sign_negative())
}

pub(super) fn is_int_zero(c: Option<&Option<Attribute<'_>>>) -> bool {
    int_const(c) == Some(0)
}

pub(super) fn is_int_one(c: Option<&Option<Attribute<'_>>>) -> bool {
    int_const(c) == Some(1)
}

fn is_all_ones(c: Option<&Option<Attribute<'_>>>, w: Option<u32>) -> bool {
    w.is_some_and(|w| int_const(c).is_some_and(|v| unsigned(v, w) == unsigned(-1, w)))
}

/// The first poison operand, as the fold result (MLIR's constant folders return it).
pub(super) fn poison_operand<'c>(c: Operands<'_, 'c>) -> FoldOut<'c> {
    let p = c
        .iter()
        .flatten()
        .find(|a| crate::ub::is_poison_attr(**a))?;
    Some(smallvec![Folded::Attr(*p)])
}

/// The value of a scalar or splat float constant operand (MLIR's float matchers).
pub(super) fn float_const(c: Option<&Option<Attribute<'_>>>) -> Option<f64> {
    let a = (*c?)?;
    match *a.kind() {
        AttrKind::Integer { .. } => None,
        AttrKind::Float { bits, ty } => super::float_bits::to_f64(bits, ty.float_kind()?),
        _ => {
            let (bits, kind) = super::elements::float_or_splat(Some(a))?;
            super::float_bits::to_f64(bits, kind)
        }
    }
}

/// An integer attribute of `ty` holding `v` wrapped to the type's width.
pub(super) fn int_attr_wrapped<'c>(
    ctx: &'c Context,
    ty: Type<'c>,
    v: i128,
) -> Option<Attribute<'c>> {
    let w = width_of(ty)?;
    Some(ctx.int_attr(ty, wrap(v, w)))
}

pub(super) fn value<'c>(v: ValueId) -> FoldOut<'c> {
    Some(smallvec![Folded::Value(v)])
}

pub(super) fn defining<'c>(body: &Body<'c>, v: ValueId, name: &str) -> Option<OpId> {
    body.defining_op(v)
        .filter(|&d| body.op_name(d).as_str() == name)
}

/// Constant folds a binary integer op elementwise: `f(lhs, rhs, width)` on sign-extended
/// values; a poison operand gives poison.
pub(super) fn const_fold_int<'c>(
    ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
    c: Operands<'_, 'c>,
    f: impl FnMut(i128, i128, u32) -> Option<i128>,
) -> FoldOut<'c> {
    if let Some(p) = poison_operand(c) {
        return Some(p);
    }
    let ty = body.value_type(body.result(op, 0));
    let (a, b) = ((*c.first()?)?, (*c.get(1)?)?);
    attr_out(super::elements::fold_int(ctx, ty, a, Some(b), f))
}

/// One folded attribute as the fold result.
pub(super) fn attr_out(a: Option<Attribute<'_>>) -> FoldOut<'_> {
    Some(smallvec![Folded::Attr(a?)])
}

/// Constant folds a binary float op elementwise (formats up to `f64`); a poison operand
/// gives poison.
pub(super) fn const_fold_float<'c>(
    ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
    c: Operands<'_, 'c>,
    f: impl Fn(f64, f64) -> f64,
) -> FoldOut<'c> {
    if let Some(p) = poison_operand(c) {
        return Some(p);
    }
    let ty = body.value_type(body.result(op, 0));
    let (a, b) = ((*c.first()?)?, (*c.get(1)?)?);
    attr_out(super::elements::fold_float(ctx, ty, a, Some(b), |x, y| {
        Some(f(x, y))
    }))
}

pub(super) fn lhs(body: &Body<'_>, op: OpId) -> ValueId {
    body.operand(op, 0)
}
fn rhs(body: &Body<'_>, op: OpId) -> ValueId {
    body.operand(op, 1)
}
fn zero_of<'c>(ctx: &'c Context, body: &Body<'c>, op: OpId) -> FoldOut<'c> {
    attr_out(super::elements::zero_attr(
        ctx,
        body.value_type(body.result(op, 0)),
    ))
}

// ---- constants ------------------------------------------------------------------------

folder!(fold_constant, |_ctx, body, op, _c| body
    .attr(op, "value")
    .map(|v| smallvec![Folded::Attr(v)]));

// ---- integer arithmetic ---------------------------------------------------------------

folder!(fold_addi, |ctx, body, op, c| {
    if is_int_zero(c.get(1)) {
        return value(lhs(body, op));
    }
    // (a - b) + b -> a, b + (a - b) -> a
    if let Some(sub) = defining(body, lhs(body, op), super::SubIOp::NAME) {
        if body.operand(sub, 1) == rhs(body, op) {
            return value(body.operand(sub, 0));
        }
    }
    if let Some(sub) = defining(body, rhs(body, op), super::SubIOp::NAME) {
        if body.operand(sub, 1) == lhs(body, op) {
            return value(body.operand(sub, 0));
        }
    }
    const_fold_int(ctx, body, op, c, |a, b, _| Some(a.wrapping_add(b)))
});

folder!(fold_subi, |ctx, body, op, c| {
    if lhs(body, op) == rhs(body, op) && scalar_or_static(body.value_type(body.result(op, 0))) {
        return zero_of(ctx, body, op);
    }
    if is_int_zero(c.get(1)) {
        return value(lhs(body, op));
    }
    if let Some(add) = defining(body, lhs(body, op), super::AddIOp::NAME) {
        // (a + b) - b -> a, (a + b) - a -> b
        if rhs(body, op) == body.operand(add, 1) {
            return value(body.operand(add, 0));
        }
        if rhs(body, op) == body.operand(add, 0) {
            return value(body.operand(add, 1));
        }
    }
    const_fold_int(ctx, body, op, c, |a, b, _| Some(a.wrapping_sub(b)))
});

fn scalar_or_static(t: Type<'_>) -> bool {
    match t.kind() {
        TypeKind::Vector { .. } => true,
        TypeKind::RankedTensor { shape, .. } => shape.iter().all(|&d| d != pto_ir::DYNAMIC),
        TypeKind::UnrankedTensor { .. } => false,
        _ => true,
    }
}

folder!(fold_muli, |ctx, body, op, c| {
    if is_int_zero(c.get(1)) {
        return value(rhs(body, op));
    }
    if is_int_one(c.get(1)) {
        return value(lhs(body, op));
    }
    const_fold_int(ctx, body, op, c, |a, b, _| Some(a.wrapping_mul(b)))
});

/// `(a * b) / b` is `a` (and `/ a` is `b`) when the product carries `flag`.
fn div_of_mul<'c>(body: &Body<'c>, op: OpId, flag: &str) -> FoldOut<'c> {
    let mul = defining(body, lhs(body, op), super::MulIOp::NAME)?;
    if !super::enum_flags(body.attr(mul, "overflowFlags")).contains(&flag) {
        return None;
    }
    let d = rhs(body, op);
    if body.operand(mul, 0) == d {
        return value(body.operand(mul, 1));
    }
    if body.operand(mul, 1) == d {
        return value(body.operand(mul, 0));
    }
    None
}

folder!(fold_divsi, |ctx, body, op, c| {
    if is_int_one(c.get(1)) {
        return value(lhs(body, op));
    }
    if let Some(v) = div_of_mul(body, op, "nsw") {
        return Some(v);
    }
    const_fold_int(ctx, body, op, c, |a, b, w| {
        let (a, b) = (signed(a, w), signed(b, w));
        // Division by zero and MIN / -1 (overflow) do not fold.
        if b == 0 || (b == -1 && a == smin(w)) {
            return None;
        }
        Some(a / b)
    })
});

folder!(fold_divui, |ctx, body, op, c| {
    if is_int_one(c.get(1)) {
        return value(lhs(body, op));
    }
    if let Some(v) = div_of_mul(body, op, "nuw") {
        return Some(v);
    }
    const_fold_int(ctx, body, op, c, |a, b, w| {
        let (a, b) = (unsigned(a, w), unsigned(b, w));
        (b != 0).then(|| (a / b) as i128)
    })
});

folder!(fold_remsi, |ctx, body, op, c| {
    if is_int_one(c.get(1)) {
        return zero_of(ctx, body, op);
    }
    const_fold_int(ctx, body, op, c, |a, b, w| {
        let (a, b) = (signed(a, w), signed(b, w));
        (b != 0).then(|| a.wrapping_rem(b))
    })
});

folder!(fold_remui, |ctx, body, op, c| {
    if is_int_one(c.get(1)) {
        return zero_of(ctx, body, op);
    }
    const_fold_int(ctx, body, op, c, |a, b, w| {
        let (a, b) = (unsigned(a, w), unsigned(b, w));
        (b != 0).then(|| (a % b) as i128)
    })
});

// ---- bitwise --------------------------------------------------------------------------

folder!(fold_andi, |ctx, body, op, c| {
    let w = width_of(body.value_type(body.result(op, 0)));
    if is_int_zero(c.get(1)) {
        return value(rhs(body, op));
    }
    if is_all_ones(c.get(1), w) {
        return value(lhs(body, op));
    }
    // x & not(x) -> 0, not(x) & x -> 0
    for (a, b) in [(0, 1), (1, 0)] {
        if let Some(x) = defining(body, body.operand(op, b), super::XOrIOp::NAME) {
            let mask = pto_rewrite::fold::constant_value(ctx, body, body.operand(x, 1));
            if body.operand(x, 0) == body.operand(op, a) && is_all_ones(Some(&mask), w) {
                return zero_of(ctx, body, op);
            }
        }
    }
    // and(a, and(a, b)) -> and(a, b), in either order.
    for (prev_at, other_at) in [(0, 1), (1, 0)] {
        if let Some(prev) = defining(body, body.operand(op, prev_at), super::AndIOp::NAME) {
            let other = body.operand(op, other_at);
            if other == body.operand(prev, 0) || other == body.operand(prev, 1) {
                return value(body.result(prev, 0));
            }
        }
    }
    const_fold_int(ctx, body, op, c, |a, b, _| Some(a & b)).or_else(|| idempotent(body, op))
});

folder!(fold_ori, |ctx, body, op, c| {
    let w = width_of(body.value_type(body.result(op, 0)));
    if is_int_zero(c.get(1)) {
        return value(lhs(body, op));
    }
    if is_all_ones(c.get(1), w) {
        return Some(smallvec![Folded::Attr((*c.get(1)?)?)]);
    }
    // or(x, not(x)) and or(not(x), x) are the mask.
    for (x_at, not_at) in [(0, 1), (1, 0)] {
        if let Some(not) = defining(body, body.operand(op, not_at), super::XOrIOp::NAME) {
            let mask = pto_rewrite::fold::constant_value(ctx, body, body.operand(not, 1));
            if body.operand(not, 0) == body.operand(op, x_at) && is_all_ones(Some(&mask), w) {
                return value(body.operand(not, 1));
            }
        }
    }
    const_fold_int(ctx, body, op, c, |a, b, _| Some(a | b)).or_else(|| idempotent(body, op))
});

/// The `Idempotent` trait's fold, after the op's own: `op(x, x)` is `x`.
fn idempotent<'c>(body: &Body<'c>, op: OpId) -> FoldOut<'c> {
    (lhs(body, op) == rhs(body, op)).then(|| smallvec![Folded::Value(lhs(body, op))])
}

folder!(fold_xori, |ctx, body, op, c| {
    if is_int_zero(c.get(1)) {
        return value(lhs(body, op));
    }
    if lhs(body, op) == rhs(body, op) {
        return zero_of(ctx, body, op);
    }
    // xor(xor(x, a), a) -> x and the commuted forms.
    if let Some(prev) = defining(body, lhs(body, op), super::XOrIOp::NAME) {
        if body.operand(prev, 1) == rhs(body, op) {
            return value(body.operand(prev, 0));
        }
        if body.operand(prev, 0) == rhs(body, op) {
            return value(body.operand(prev, 1));
        }
    }
    if let Some(prev) = defining(body, rhs(body, op), super::XOrIOp::NAME) {
        if body.operand(prev, 1) == lhs(body, op) {
            return value(body.operand(prev, 0));
        }
        if body.operand(prev, 0) == lhs(body, op) {
            return value(body.operand(prev, 1));
        }
    }
    const_fold_int(ctx, body, op, c, |a, b, _| Some(a ^ b))
});

fn shift<'c>(
    ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
    c: Operands<'_, 'c>,
    f: impl Fn(i128, u32, u32) -> i128,
) -> FoldOut<'c> {
    if is_int_zero(c.get(1)) {
        return value(lhs(body, op));
    }
    // MLIR's shift folders do not propagate poison.
    if poison_operand(c).is_some() {
        return None;
    }
    // A shift by the width or more (as unsigned) shifts everything out (APInt's
    // semantics), but the fold only counts if the last element it computed shifted by
    // less: MLIR's folders keep one flag that each element overwrites.
    let mut bounded = false;
    let r = const_fold_int(ctx, body, op, c, |a, b, w| {
        let b = unsigned(b, w);
        bounded = b < u128::from(w);
        Some(f(a, b.min(u128::from(w)) as u32, w))
    });
    r.filter(|_| bounded)
}

folders_by! {
    fold_shli => shift(|a, b, w| if b >= w { 0 } else { a << b }),
    fold_shrsi => shift(|a, b, w| signed(a, w) >> b.min(127)),
    fold_shrui => shift(|a, b, w| unsigned(a, w).checked_shr(b).unwrap_or(0) as i128),
}

// ---- min / max ------------------------------------------------------------------------

/// `min`/`max` folds (`signed` or unsigned, `max` or min): equal operands, the absorbing
/// bound (result: that constant), the neutral bound (result: the other operand), then
/// constants.
fn min_max<'c>(
    ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
    c: Operands<'_, 'c>,
    is_signed: bool,
    max: bool,
) -> FoldOut<'c> {
    if lhs(body, op) == rhs(body, op) {
        return value(rhs(body, op));
    }
    let Some(w) = width_of(body.value_type(body.result(op, 0))) else {
        return poison_operand(c);
    };
    let (lowest, highest) = if is_signed {
        (smin(w), smax(w))
    } else {
        (0, -1)
    };
    let (absorbing, neutral) = if max {
        (highest, lowest)
    } else {
        (lowest, highest)
    };
    if let Some(v) = int_const(c.get(1)) {
        if unsigned(v, w) == unsigned(absorbing, w) {
            return value(rhs(body, op));
        }
        if unsigned(v, w) == unsigned(neutral, w) {
            return value(lhs(body, op));
        }
    }
    const_fold_int(ctx, body, op, c, |a, b, w| {
        let a_first = if is_signed {
            (signed(a, w) >= signed(b, w)) == max
        } else {
            (unsigned(a, w) >= unsigned(b, w)) == max
        };
        // On ties both operands are equal, so either choice is right.
        Some(if a_first || a == b { a } else { b })
    })
}

fn smax(w: u32) -> i128 {
    (1i128 << (w - 1)) - 1
}
pub(super) fn smin(w: u32) -> i128 {
    -(1i128 << (w - 1))
}

folders_by! {
    fold_maxsi => min_max(true, true),
    fold_minsi => min_max(true, false),
    fold_maxui => min_max(false, true),
    fold_minui => min_max(false, false),
}

// ---- floating point -------------------------------------------------------------------

/// `maximumf`/`minimumf` (NaN wins, -0 < +0) and `maxnumf`/`minnumf` (NaN loses):
/// `op(x, x) = x`, the neutral constant on the right gives `x`, constants fold.
fn float_min_max<'c>(
    ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
    c: Operands<'_, 'c>,
    max: bool,
    nan_wins: bool,
) -> FoldOut<'c> {
    if lhs(body, op) == rhs(body, op) {
        return value(lhs(body, op));
    }
    if let Some(r) = float_const(c.get(1)) {
        let neutral = if nan_wins {
            r == if max {
                f64::NEG_INFINITY
            } else {
                f64::INFINITY
            }
        } else {
            r.is_nan()
        };
        if neutral {
            return value(lhs(body, op));
        }
    }
    if let Some(p) = poison_operand(c) {
        return Some(p);
    }
    let ty = body.value_type(body.result(op, 0));
    let (a, b) = ((*c.first()?)?, (*c.get(1)?)?);
    attr_out(super::elements::fold_float_bits(
        ctx,
        ty,
        a,
        b,
        |x, y, kind| {
            let quiet = 1u128 << (super::float_bits::precision(kind)? - 2);
            let (fx, fy) = (to_f64(x, kind)?, to_f64(y, kind)?);
            let signaling = |bits: u128, v: f64| v.is_nan() && bits & quiet == 0;
            if nan_wins {
                // llvm::maximum/minimum: the first NaN, quieted.
                if fx.is_nan() {
                    return Some(x | quiet);
                }
                if fy.is_nan() {
                    return Some(y | quiet);
                }
            } else {
                // llvm::maxnum/minnum: a signaling NaN wins (quieted), a quiet one loses.
                if signaling(x, fx) {
                    return Some(x | quiet);
                }
                if signaling(y, fy) {
                    return Some(y | quiet);
                }
                if fx.is_nan() {
                    return Some(y);
                }
                if fy.is_nan() {
                    return Some(x);
                }
            }
            if fx == fy {
                // Only the signs of zeros differ: -0 < +0.
                return Some(if max == fx.is_sign_negative() { y } else { x });
            }
            Some(if (fx > fy) == max { x } else { y })
        },
    ))
}
folders_by! {
    fold_maximumf => float_min_max(true, true),
    fold_minimumf => float_min_max(false, true),
    fold_maxnumf => float_min_max(true, false),
    fold_minnumf => float_min_max(false, false),
}

folder!(fold_addf, |ctx, body, op, c| {
    // x + -0.0 -> x
    if float_const(c.get(1)).is_some_and(|f| f == 0.0 && f.is_sign_negative()) {
        return value(lhs(body, op));
    }
    const_fold_float(ctx, body, op, c, |a, b| a + b)
});
folder!(fold_subf, |ctx, body, op, c| {
    // x - +0.0 -> x
    if is_zero(c.get(1)) && float_const(c.get(1)).is_some() {
        return value(lhs(body, op));
    }
    const_fold_float(ctx, body, op, c, |a, b| a - b)
});
folder!(fold_mulf, |ctx, body, op, c| {
    if float_const(c.get(1)) == Some(1.0) {
        return value(lhs(body, op));
    }
    // x * 0 is 0 when NaNs and the sign of zero may be ignored.
    if float_const(c.get(1)) == Some(0.0) {
        let flags = super::enum_flags(body.attr(op, "fastmath"));
        if flags.contains(&"nnan") && flags.contains(&"nsz") {
            return value(rhs(body, op));
        }
    }
    const_fold_float(ctx, body, op, c, |a, b| a * b)
});
folder!(fold_divf, |ctx, body, op, c| {
    if float_const(c.get(1)) == Some(1.0) {
        return value(lhs(body, op));
    }
    const_fold_float(ctx, body, op, c, |a, b| a / b)
});

// ---- comparisons and select -------------------------------------------------------------

/// `arith.cmpi` predicates in their enum order, on `w`-bit values (also the
/// interpreter's semantics).
pub fn eval_cmpi(pred: i128, a: i128, b: i128, w: u32) -> Option<bool> {
    let (sa, sb, ua, ub) = (signed(a, w), signed(b, w), unsigned(a, w), unsigned(b, w));
    Some(match pred {
        0 => ua == ub,
        1 => ua != ub,
        2 => sa < sb,
        3 => sa <= sb,
        4 => sa > sb,
        5 => sa >= sb,
        6 => ua < ub,
        7 => ua <= ub,
        8 => ua > ub,
        9 => ua >= ub,
        _ => return None,
    })
}

folder!(fold_cmpi, |ctx, body, op, c| {
    let pred = body.attr(op, "predicate")?.as_int()?;
    let ty = body.value_type(body.result(op, 0));
    if lhs(body, op) == rhs(body, op) {
        // eq, sle, sge, ule, uge hold for equal operands; the others do not.
        let holds = matches!(pred, 0 | 3 | 5 | 7 | 9);
        return attr_out(super::elements::bool_attr(ctx, ty, holds));
    }
    let lhs_ty = body.value_type(lhs(body, op));
    let is_i1 = super::elements::elem_type(lhs_ty).int_width() == Some(1);
    if is_int_zero(c.get(1)) {
        // ext(%x : i1) != 0 -> %x (scalars and vectors, as MLIR's getIntegerWidth).
        for ext in [super::ExtSIOp::NAME, super::ExtUIOp::NAME] {
            if let Some(e) = defining(body, lhs(body, op), ext) {
                let src = body.value_type(body.operand(e, 0));
                let width = match src.kind() {
                    TypeKind::Vector { element, .. } => element.int_width(),
                    _ => src.int_width(),
                };
                if width == Some(1) && pred == 1 {
                    return value(body.operand(e, 0));
                }
            }
        }
        if is_i1 && pred == 1 {
            return value(lhs(body, op));
        }
    }
    if is_int_one(c.get(1)) && is_i1 && pred == 0 {
        return value(lhs(body, op));
    }
    let (a, b) = ((*c.first()?)?, (*c.get(1)?)?);
    let out = pto_ir::ods::preds::i1_same_shape(ctx, a.ty()?);
    attr_out(super::elements::fold_int(
        ctx,
        out,
        a,
        Some(b),
        |x, y, w| eval_cmpi(pred, x, y, w).map(i128::from),
    ))
});

folder!(fold_select, |ctx, body, op, c| {
    let (cond, t, f) = (
        body.operand(op, 0),
        body.operand(op, 1),
        body.operand(op, 2),
    );
    if t == f {
        return value(t);
    }
    if is_int_one(c.first()) {
        return value(t);
    }
    if is_int_zero(c.first()) {
        return value(f);
    }
    // A poison value is never selected: the other one is.
    if poison_operand(c.get(1..2).unwrap_or(&[])).is_some() {
        return value(f);
    }
    if poison_operand(c.get(2..3).unwrap_or(&[])).is_some() {
        return value(t);
    }
    let ty = body.value_type(body.result(op, 0));
    if ty.int_width() == Some(1) && is_int_one(c.get(1)) && is_int_zero(c.get(2)) {
        return value(cond);
    }
    // select(cmpi eq/ne %a, %b), %a, %b
    if let Some(cmp) = defining(body, cond, super::CmpIOp::NAME) {
        let pred = body.attr(cmp, "predicate").and_then(|p| p.as_int());
        if matches!(pred, Some(0 | 1)) {
            let (l, r) = (body.operand(cmp, 0), body.operand(cmp, 1));
            if (l == t && r == f) || (r == t && l == f) {
                return value(if pred == Some(1) { t } else { f });
            }
        }
    }
    select_elements(ctx, c)
});

/// `select` of constant elements by a constant condition of elements, elementwise.
fn select_elements<'c>(ctx: &'c Context, c: Operands<'_, 'c>) -> FoldOut<'c> {
    use super::elements::{attr_of, elems, Elems};
    let dense = |i: usize| {
        let a = (*c.get(i)?)?;
        matches!(a.kind(), AttrKind::DenseElements { .. }).then_some(a)
    };
    let (cond, t, f) = (dense(0)?, dense(1)?, dense(2)?);
    let n = cond.ty()?.num_elements()? as usize;
    let list = |a: Attribute<'c>| match elems(a)? {
        Elems::Splat(v) => Some(vec![v; n]),
        Elems::List(vs) if vs.len() == n => Some(vs),
        _ => None,
    };
    let (cs, ts, fs) = (list(cond)?, list(t)?, list(f)?);
    let picked = cs
        .iter()
        .zip(ts.iter().zip(&fs))
        .map(|(&k, (&x, &y))| if k & 1 == 1 { x } else { y })
        .collect();
    attr_out(attr_of(ctx, t.ty()?, &Elems::List(picked)))
}

// ---- casts ----------------------------------------------------------------------------

/// Folds a cast of an integer constant elementwise with `f(value, in_width)` (the
/// result wrapped to the result's width); a poison operand gives poison.
fn cast_int<'c>(
    ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
    c: Operands<'_, 'c>,
    f: impl Fn(i128, u32) -> i128,
) -> FoldOut<'c> {
    if let Some(p) = poison_operand(c) {
        return Some(p);
    }
    let ty = body.value_type(body.result(op, 0));
    attr_out(super::elements::fold_int(
        ctx,
        ty,
        (*c.first()?)?,
        None,
        |v, _, wi| Some(f(v, wi)),
    ))
}

/// Sign-extends a constant from the input width.
fn sext(v: i128, wi: u32) -> i128 {
    signed(v, wi)
}
/// Zero-extends a constant from the input width.
fn zext(v: i128, wi: u32) -> i128 {
    unsigned(v, wi) as i128
}

folder!(fold_extsi, |ctx, body, op, c| cast_int(
    ctx, body, op, c, sext
));
folder!(fold_extui, |ctx, body, op, c| cast_int(
    ctx, body, op, c, zext
));
folder!(fold_trunci, |ctx, body, op, c| {
    // trunci(ext(x)) -> x when x already has the result type.
    for ext in [super::ExtSIOp::NAME, super::ExtUIOp::NAME] {
        if let Some(e) = defining(body, body.operand(op, 0), ext) {
            let x = body.operand(e, 0);
            if body.value_type(x) == body.value_type(body.result(op, 0)) {
                return value(x);
            }
        }
    }
    cast_int(ctx, body, op, c, |v, _| v)
});
folder!(fold_index_cast, |ctx, body, op, c| cast_int(
    ctx, body, op, c, sext
));
folder!(fold_index_castui, |ctx, body, op, c| cast_int(
    ctx, body, op, c, zext
));

folder!(fold_bitcast, |ctx, body, op, c| {
    let ty = body.value_type(body.result(op, 0));
    if let Some(a) = c
        .first()
        .copied()
        .flatten()
        .and_then(|a| bitcast_attr(ctx, a, ty))
    {
        return Some(smallvec![Folded::Attr(a)]);
    }
    // Then `CastOpInterface`'s fold: a cast to its own type is its input.
    let input = body.operand(op, 0);
    (body.value_type(input) == ty).then(|| smallvec![Folded::Value(input)])
});

/// A constant's bits under type `ty`: scalars and dense elements (same element width, so
/// the stored bytes stay); poison stays poison.
fn bitcast_attr<'c>(ctx: &'c Context, attr: Attribute<'c>, ty: Type<'c>) -> Option<Attribute<'c>> {
    Some(match *attr.kind() {
        AttrKind::DenseElements { splat, data, .. } if ty.shape().is_some() => {
            ctx.dense_elements_attr(ty, splat, data)
        }
        _ if ty.shape().is_some() => return None,
        _ if crate::ub::is_poison_attr(attr) => attr,
        AttrKind::Integer { value, ty: from } => {
            let bits = unsigned(value, width_of(from)?);
            if ty.is_float() {
                ctx.intern_attr(AttrKind::Float { bits, ty })
            } else {
                ctx.int_attr(ty, bits as i128)
            }
        }
        AttrKind::Float { bits, .. } => {
            if ty.is_float() {
                ctx.intern_attr(AttrKind::Float { bits, ty })
            } else {
                ctx.int_attr(ty, bits as i128)
            }
        }
        _ => return None,
    })
}
