//! Semantics of `arith` and `math` on scalars (as LLVM computes them: integers wrap,
//! division by zero and signed overflow of division are errors, floats are IEEE in their
//! own width; `f16`/`bf16` are computed in `f32` and rounded to their type, as LLVM
//! does without native half arithmetic).

use super::value::{mask, Value};
use super::{Frame, Step};
use pto_dialects::arith;
use pto_dialects::math;
use pto_ir::half::{f64_to_bf16, f64_to_f16};
use pto_ir::{AttrKind, Diagnostic, FloatKind, OpId, TypeKind};
use pto_ir::{Context, InterfaceError};

/// Attaches the semantics of this file's ops.
pub(super) fn register(ctx: &mut Context) -> Result<(), InterfaceError> {
    crate::attach!(ctx, int_binary =>
        pto_dialects::arith::AddIOp,
        pto_dialects::arith::SubIOp,
        pto_dialects::arith::MulIOp,
        pto_dialects::arith::DivSIOp,
        pto_dialects::arith::DivUIOp,
        pto_dialects::arith::RemSIOp,
        pto_dialects::arith::RemUIOp,
        pto_dialects::arith::CeilDivSIOp,
        pto_dialects::arith::CeilDivUIOp,
        pto_dialects::arith::FloorDivSIOp,
        pto_dialects::arith::AndIOp,
        pto_dialects::arith::OrIOp,
        pto_dialects::arith::XOrIOp,
        pto_dialects::arith::ShLIOp,
        pto_dialects::arith::ShRSIOp,
        pto_dialects::arith::ShRUIOp,
        pto_dialects::arith::MaxSIOp,
        pto_dialects::arith::MinSIOp,
        pto_dialects::arith::MaxUIOp,
        pto_dialects::arith::MinUIOp
    );
    crate::attach!(ctx, float_binary =>
        pto_dialects::arith::AddFOp,
        pto_dialects::arith::SubFOp,
        pto_dialects::arith::MulFOp,
        pto_dialects::arith::DivFOp,
        pto_dialects::arith::RemFOp,
        pto_dialects::arith::MaximumFOp,
        pto_dialects::arith::MinimumFOp,
        pto_dialects::arith::MaxNumFOp,
        pto_dialects::arith::MinNumFOp,
        pto_dialects::math::PowFOp,
        pto_dialects::math::CopySignOp,
        pto_dialects::math::Atan2Op
    );
    crate::attach!(ctx, float_unary =>
        pto_dialects::arith::NegFOp,
        pto_dialects::math::ExpOp,
        pto_dialects::math::Exp2Op,
        pto_dialects::math::ExpM1Op,
        pto_dialects::math::LogOp,
        pto_dialects::math::Log2Op,
        pto_dialects::math::Log1pOp,
        pto_dialects::math::SqrtOp,
        pto_dialects::math::RsqrtOp,
        pto_dialects::math::TanhOp,
        pto_dialects::math::SinOp,
        pto_dialects::math::CosOp,
        pto_dialects::math::AtanOp,
        pto_dialects::math::AsinOp,
        pto_dialects::math::AcosOp,
        pto_dialects::math::AbsFOp,
        pto_dialects::math::ErfOp,
        pto_dialects::math::ErfcOp,
        pto_dialects::math::FloorOp,
        pto_dialects::math::CeilOp,
        pto_dialects::math::RoundOp,
        pto_dialects::math::RoundEvenOp,
        pto_dialects::math::TruncOp,
        pto_dialects::math::CbrtOp
    );
    crate::attach!(ctx, extended =>
        pto_dialects::arith::AddUIExtendedOp,
        pto_dialects::arith::MulUIExtendedOp,
        pto_dialects::arith::MulSIExtendedOp
    );
    crate::attach!(ctx, cast =>
        pto_dialects::arith::ExtSIOp,
        pto_dialects::arith::ExtUIOp,
        pto_dialects::arith::TruncIOp,
        pto_dialects::arith::IndexCastOp,
        pto_dialects::arith::IndexCastUIOp,
        pto_dialects::arith::SIToFPOp,
        pto_dialects::arith::UIToFPOp,
        pto_dialects::arith::FPToSIOp,
        pto_dialects::arith::FPToUIOp,
        pto_dialects::arith::ExtFOp,
        pto_dialects::arith::TruncFOp,
        pto_dialects::arith::BitcastOp
    );
    crate::attach!(ctx, constant =>
        pto_dialects::arith::ConstantOp
    );
    crate::attach!(ctx, fma =>
        pto_dialects::math::FmaOp
    );
    crate::attach!(ctx, absi =>
        pto_dialects::math::AbsIOp
    );
    crate::attach!(ctx, cmpi =>
        pto_dialects::arith::CmpIOp
    );
    crate::attach!(ctx, cmpf =>
        pto_dialects::arith::CmpFOp
    );
    crate::attach!(ctx, select =>
        pto_dialects::arith::SelectOp
    );
    Ok(())
}

/// The width the interpreter computes an integer type in (`index` is 64 bits).
fn int_width(t: pto_ir::Type<'_>) -> Option<u32> {
    match t.kind() {
        TypeKind::Index => Some(64),
        TypeKind::Integer { width, .. } => Some(*width),
        _ => None,
    }
}

/// `x` rounded (to nearest, ties to even) to the format of type `t`.
fn float_of(t: pto_ir::Type<'_>, x: f64) -> Option<Value> {
    match t.float_kind()? {
        FloatKind::F32 => Some(Value::F32(x as f32)),
        FloatKind::F64 => Some(Value::F64(x)),
        FloatKind::F16 => Some(Value::F16(f64_to_f16(x))),
        FloatKind::BF16 => Some(Value::BF16(f64_to_bf16(x))),
        _ => None,
    }
}

/// A float of kind `k` from its bits, if the interpreter has the kind.
fn float_bits(k: FloatKind, bits: u128) -> Option<Value> {
    match k {
        FloatKind::F32 => Some(Value::F32(f32::from_bits(bits as u32))),
        FloatKind::F64 => Some(Value::F64(f64::from_bits(bits as u64))),
        FloatKind::F16 => Some(Value::F16(bits as u16)),
        FloatKind::BF16 => Some(Value::BF16(bits as u16)),
        _ => None,
    }
}

/// The `f32` a 16-bit float operand is computed in (`None` for other values).
fn half_as_f32(v: &Value) -> Option<f32> {
    match v {
        Value::F16(_) | Value::BF16(_) => Some(v.as_f64() as f32),
        _ => None,
    }
}

/// The result type, or its element type for vectors (elementwise ops on vectors run
/// lane by lane with these scalar semantics).
fn result_type<'c>(f: &Frame<'_, '_, 'c>, op: OpId) -> pto_ir::Type<'c> {
    pto_ir::ods::preds::element_type_or_self(f.body().value_type(f.body().result(op, 0)))
}

/// The elements of a `dense<...>` constant of a vector type, as values.
fn dense_vector<'c>(
    f: &Frame<'_, '_, 'c>,
    op: OpId,
    attr: pto_ir::Attribute<'c>,
) -> Result<Value, Diagnostic<'c>> {
    let AttrKind::DenseElements { ty, splat, data } = *attr.kind() else {
        return Err(f.error(op, "expected a dense constant"));
    };
    let (Some(shape), Some(elem)) = (ty.shape(), ty.element_type()) else {
        return Err(f.error(op, "expected a shaped constant"));
    };
    let n = ty.num_elements().unwrap_or(0).max(0) as usize;
    let width = int_width(elem)
        .or_else(|| elem.float_kind().map(FloatKind::width))
        .ok_or_else(|| {
            f.error(
                op,
                format!("the interpreter does not support constants of {ty}"),
            )
        })?;
    let esize = (width as usize).div_ceil(8).max(1);
    let mut elems = Vec::with_capacity(n);
    for i in 0..n {
        let k = if splat { 0 } else { i };
        let bits: u128 = if width == 1 {
            // i1 elements are bit-packed (a splat is one byte).
            let byte = data.get(k / 8).copied().unwrap_or(0);
            u128::from((byte >> (k % 8)) & 1)
        } else {
            let mut b = [0u8; 16];
            let chunk = data.get(k * esize..(k + 1) * esize).unwrap_or(&[]);
            b[..chunk.len()].copy_from_slice(chunk);
            u128::from_le_bytes(b)
        };
        elems.push(match elem.float_kind() {
            Some(k) => float_bits(k, bits)
                .ok_or_else(|| f.error(op, format!("the interpreter does not support {elem}")))?,
            None => Value::Int {
                bits: mask(bits, width),
                width,
            },
        });
    }
    Ok(Value::Vector(super::Vector::new(shape, elems)))
}

fn constant<'c>(f: &mut Frame<'_, '_, 'c>, op: OpId) -> Result<Step, Diagnostic<'c>> {
    let full = f.body().value_type(f.body().result(op, 0));
    if matches!(full.kind(), TypeKind::Vector { .. }) {
        let attr = f
            .body()
            .attr(op, "value")
            .ok_or_else(|| f.error(op, "constant without a value"))?;
        return Ok(Step::Values(vec![dense_vector(f, op, attr)?]));
    }
    let ty = result_type(f, op);
    let value = f.body().attr(op, "value").map(|a| *a.kind());
    let v = match (value, int_width(ty)) {
        (Some(AttrKind::Integer { value, .. }), Some(w)) => Value::int(value, w),
        (Some(AttrKind::Float { bits, ty: fty }), _) => {
            match fty.float_kind().and_then(|k| float_bits(k, bits)) {
                Some(v) => v,
                None => return Err(f.error(op, format!("the interpreter does not support {fty}"))),
            }
        }
        _ => {
            return Err(f.error(
                op,
                format!("the interpreter does not support constants of {ty}"),
            ))
        }
    };
    Ok(Step::Values(vec![v]))
}

fn int_binary<'c>(f: &mut Frame<'_, '_, 'c>, op: OpId) -> Result<Step, Diagnostic<'c>> {
    let ops = f.operands(op)?;
    let Some(w) = int_width(result_type(f, op)) else {
        return Err(f.error(op, "the interpreter supports scalar integers only"));
    };
    let (a, b) = (&ops[0], &ops[1]);
    let (sa, sb, ua, ub) = (a.sext(), b.sext(), a.zext(), b.zext());
    let name = f.body().op_name(op).as_str();
    let div_check = |signed: bool| -> Result<(), Diagnostic<'c>> {
        if ub == 0 {
            return Err(f.error(op, "division by zero"));
        }
        if signed && w > 1 && sa == -(1i128 << (w - 1)) && sb == -1 {
            return Err(f.error(op, "signed division overflow"));
        }
        Ok(())
    };
    let r: i128 = match name {
        arith::AddIOp::NAME => sa.wrapping_add(sb),
        arith::SubIOp::NAME => sa.wrapping_sub(sb),
        arith::MulIOp::NAME => (ua.wrapping_mul(ub)) as i128,
        arith::AndIOp::NAME => (ua & ub) as i128,
        arith::OrIOp::NAME => (ua | ub) as i128,
        arith::XOrIOp::NAME => (ua ^ ub) as i128,
        arith::MaxSIOp::NAME => sa.max(sb),
        arith::MinSIOp::NAME => sa.min(sb),
        arith::MaxUIOp::NAME => ua.max(ub) as i128,
        arith::MinUIOp::NAME => ua.min(ub) as i128,
        arith::ShLIOp::NAME | arith::ShRSIOp::NAME | arith::ShRUIOp::NAME => {
            if ub >= w as u128 {
                return Err(f.error(op, "shift amount not less than the bit width (poison)"));
            }
            match name {
                arith::ShLIOp::NAME => (ua << ub) as i128,
                arith::ShRSIOp::NAME => sa >> ub,
                _ => (ua >> ub) as i128,
            }
        }
        arith::DivSIOp::NAME
        | arith::RemSIOp::NAME
        | arith::CeilDivSIOp::NAME
        | arith::FloorDivSIOp::NAME => {
            div_check(true)?;
            match name {
                arith::DivSIOp::NAME => sa / sb,
                arith::RemSIOp::NAME => sa % sb,
                arith::CeilDivSIOp::NAME => ceil_div(sa, sb),
                _ => floor_div(sa, sb),
            }
        }
        arith::DivUIOp::NAME | arith::RemUIOp::NAME | arith::CeilDivUIOp::NAME => {
            div_check(false)?;
            match name {
                arith::DivUIOp::NAME => (ua / ub) as i128,
                arith::RemUIOp::NAME => (ua % ub) as i128,
                _ => ua.div_ceil(ub) as i128,
            }
        }
        _ => unreachable!("registered names only"),
    };
    Ok(Step::Values(vec![Value::Int {
        bits: mask(r as u128, w),
        width: w,
    }]))
}

/// Signed division rounding towards negative infinity.
fn floor_div(a: i128, b: i128) -> i128 {
    let q = a / b;
    if (a % b != 0) && ((a < 0) != (b < 0)) {
        q - 1
    } else {
        q
    }
}

/// Signed division rounding towards positive infinity.
fn ceil_div(a: i128, b: i128) -> i128 {
    let q = a / b;
    if (a % b != 0) && ((a < 0) == (b < 0)) {
        q + 1
    } else {
        q
    }
}

fn float_binary<'c>(f: &mut Frame<'_, '_, 'c>, op: OpId) -> Result<Step, Diagnostic<'c>> {
    let ops = f.operands(op)?;
    let ty = result_type(f, op);
    let name = f.body().op_name(op).as_str();
    let r = match (&ops[0], &ops[1]) {
        (Value::F32(a), Value::F32(b)) => float_of(ty, f32_binary(name, *a, *b) as f64),
        (a, b) => match (half_as_f32(a), half_as_f32(b)) {
            (Some(a), Some(b)) => float_of(ty, f32_binary(name, a, b) as f64),
            _ => float_of(ty, f64_binary(name, a.as_f64(), b.as_f64())),
        },
    };
    r.map(|v| Step::Values(vec![v]))
        .ok_or_else(|| f.error(op, format!("the interpreter does not support {ty}")))
}

fn f32_binary(name: &str, a: f32, b: f32) -> f32 {
    match name {
        arith::AddFOp::NAME => a + b,
        arith::SubFOp::NAME => a - b,
        arith::MulFOp::NAME => a * b,
        arith::DivFOp::NAME => a / b,
        arith::RemFOp::NAME => a % b,
        math::PowFOp::NAME => a.powf(b),
        _ => f64_binary(name, a as f64, b as f64) as f32,
    }
}

fn f64_binary(name: &str, a: f64, b: f64) -> f64 {
    match name {
        arith::AddFOp::NAME => a + b,
        arith::SubFOp::NAME => a - b,
        arith::MulFOp::NAME => a * b,
        arith::DivFOp::NAME => a / b,
        arith::RemFOp::NAME => a % b,
        math::PowFOp::NAME => a.powf(b),
        math::CopySignOp::NAME => a.copysign(b),
        math::Atan2Op::NAME => a.atan2(b),
        // maximumf/minimumf propagate NaN and order -0 below +0 (LLVM's maximum and
        // minimum); maxnumf/minnumf prefer the number (with zeros of both signs LLVM's
        // maxnum/minnum may return either, this returns what maximum/minimum do).
        arith::MaximumFOp::NAME if a.is_nan() || b.is_nan() => f64::NAN,
        arith::MinimumFOp::NAME if a.is_nan() || b.is_nan() => f64::NAN,
        arith::MaximumFOp::NAME | arith::MaxNumFOp::NAME if a == b => {
            if a.is_sign_negative() {
                b
            } else {
                a
            }
        }
        arith::MinimumFOp::NAME | arith::MinNumFOp::NAME if a == b => {
            if a.is_sign_negative() {
                a
            } else {
                b
            }
        }
        arith::MaximumFOp::NAME | arith::MaxNumFOp::NAME => a.max(b),
        _ => a.min(b),
    }
}

fn float_unary<'c>(f: &mut Frame<'_, '_, 'c>, op: OpId) -> Result<Step, Diagnostic<'c>> {
    let ops = f.operands(op)?;
    let ty = result_type(f, op);
    let name = f.body().op_name(op).as_str();
    let r = match &ops[0] {
        Value::F32(x) => float_of(ty, f32_unary(name, *x) as f64),
        x => match half_as_f32(x) {
            Some(h) => float_of(ty, f32_unary(name, h) as f64),
            None => float_of(ty, f64_unary(name, x.as_f64())),
        },
    };
    r.map(|v| Step::Values(vec![v]))
        .ok_or_else(|| f.error(op, format!("the interpreter does not support {ty}")))
}

fn f32_unary(name: &str, x: f32) -> f32 {
    match name {
        arith::NegFOp::NAME => -x,
        math::AbsFOp::NAME => x.abs(),
        math::SqrtOp::NAME => x.sqrt(),
        math::FloorOp::NAME => x.floor(),
        math::CeilOp::NAME => x.ceil(),
        math::TruncOp::NAME => x.trunc(),
        math::RoundOp::NAME => x.round(),
        math::RoundEvenOp::NAME => x.round_ties_even(),
        // Transcendentals in f64, rounded once: a reference within half an f32 ulp.
        _ => f64_unary(name, x as f64) as f32,
    }
}

fn f64_unary(name: &str, x: f64) -> f64 {
    match name {
        arith::NegFOp::NAME => -x,
        math::ExpOp::NAME => x.exp(),
        math::Exp2Op::NAME => x.exp2(),
        math::ExpM1Op::NAME => x.exp_m1(),
        math::LogOp::NAME => x.ln(),
        math::Log2Op::NAME => x.log2(),
        "math.log10" => x.log10(),
        math::Log1pOp::NAME => x.ln_1p(),
        math::SqrtOp::NAME => x.sqrt(),
        math::RsqrtOp::NAME => 1.0 / x.sqrt(),
        math::TanhOp::NAME => x.tanh(),
        math::SinOp::NAME => x.sin(),
        math::CosOp::NAME => x.cos(),
        "math.tan" => x.tan(),
        math::AtanOp::NAME => x.atan(),
        math::AsinOp::NAME => x.asin(),
        math::AcosOp::NAME => x.acos(),
        math::AbsFOp::NAME => x.abs(),
        math::ErfOp::NAME => erf(x),
        math::ErfcOp::NAME => erfc(x),
        math::FloorOp::NAME => x.floor(),
        math::CeilOp::NAME => x.ceil(),
        math::RoundOp::NAME => x.round(),
        math::RoundEvenOp::NAME => x.round_ties_even(),
        math::TruncOp::NAME => x.trunc(),
        math::CbrtOp::NAME => x.cbrt(),
        _ => f64::NAN,
    }
}

/// The error function (W. J. Cody's rational approximations, as in many libms), accurate
/// to about 1e-16 relative. The coefficients are kept as published.
fn erf(x: f64) -> f64 {
    if x.is_nan() {
        return x;
    }
    if x.abs() < 0.5 {
        return erf_small(x);
    }
    let r = 1.0 - erfc_large(x.abs());
    if x < 0.0 {
        -r
    } else {
        r
    }
}

/// The complementary error function `1 - erf(x)`, without the cancellation of computing
/// it that way for large `x`.
fn erfc(x: f64) -> f64 {
    if x.is_nan() {
        return x;
    }
    if x.abs() < 0.5 {
        return 1.0 - erf_small(x);
    }
    let r = erfc_large(x.abs());
    if x < 0.0 {
        2.0 - r
    } else {
        r
    }
}

/// `erf(x)` for `|x| < 0.5` (Cody's first interval).
#[allow(clippy::excessive_precision)]
fn erf_small(x: f64) -> f64 {
    const P: [f64; 5] = [
        3.209377589138469472562e3,
        3.774852376853020208137e2,
        1.138641541510501556495e2,
        3.161123743870565596947e0,
        1.857777061846031526730e-1,
    ];
    const Q: [f64; 4] = [
        2.844236833439170622273e3,
        1.282616526077372275645e3,
        2.440246379344441733056e2,
        2.360129095234412093499e1,
    ];
    let z = x * x;
    let num = (((P[4] * z + P[3]) * z + P[2]) * z + P[1]) * z + P[0];
    let den = (((z + Q[3]) * z + Q[2]) * z + Q[1]) * z + Q[0];
    x * num / den
}

/// `erfc(ax)` for `ax >= 0.5` (Cody's second and third intervals).
#[allow(clippy::excessive_precision)]
fn erfc_large(ax: f64) -> f64 {
    if ax < 4.0 {
        const P: [f64; 9] = [
            1.23033935479799725272e3,
            2.05107837782607146532e3,
            1.71204761263407058314e3,
            8.81952221241769090411e2,
            2.98635138197400131132e2,
            6.61191906371416294775e1,
            8.88314979438837594118e0,
            5.64188496988670089180e-1,
            2.15311535474403846343e-8,
        ];
        const Q: [f64; 8] = [
            1.23033935480374942043e3,
            3.43936767414372163696e3,
            4.36261909014324715820e3,
            3.29079923573345962678e3,
            1.62138957456669018874e3,
            5.37181101862009857509e2,
            1.17693950891312499305e2,
            1.57449261107098347253e1,
        ];
        let mut num = P[8];
        for &p in P[..8].iter().rev() {
            num = num * ax + p;
        }
        let mut den = 1.0;
        for &q in Q.iter().rev() {
            den = den * ax + q;
        }
        (-ax * ax).exp() * num / den
    } else {
        const P: [f64; 6] = [
            -6.58749161529837803157e-4,
            -1.60837851487422766278e-2,
            -1.25781726111229246204e-1,
            -3.60344899949804439429e-1,
            -3.05326634961232344035e-1,
            -1.63153871373020978498e-2,
        ];
        const Q: [f64; 5] = [
            2.33520497626869185443e-3,
            6.05183413124413191178e-2,
            5.27905102951428412248e-1,
            1.87295284992346725209e0,
            2.56852019228982242072e0,
        ];
        let z = 1.0 / (ax * ax);
        let mut num = P[5];
        for &p in P[..5].iter().rev() {
            num = num * z + p;
        }
        let mut den = 1.0;
        for &q in Q.iter().rev() {
            den = den * z + q;
        }
        let r = z * num / den;
        (-ax * ax).exp() / ax * (1.0 / std::f64::consts::PI.sqrt() + r)
    }
}

/// The two results of the extended ops: `addui_extended` gives the sum and the
/// unsigned carry, `mului_extended`/`mulsi_extended` the low and high halves of the
/// double-width product (at most 64-bit operands, so the product fits in 128 bits).
fn extended<'c>(f: &mut Frame<'_, '_, 'c>, op: OpId) -> Result<Step, Diagnostic<'c>> {
    let ops = f.operands(op)?;
    let Some(w) = int_width(result_type(f, op)).filter(|&w| w <= 64) else {
        return Err(f.error(op, "the interpreter supports scalar integers up to 64 bits"));
    };
    let (a, b) = (&ops[0], &ops[1]);
    let (lo, hi) = match f.body().op_name(op).as_str() {
        arith::AddUIExtendedOp::NAME => {
            let sum = a.zext() + b.zext();
            return Ok(Step::Values(vec![
                Value::int(sum as i128, w),
                Value::bool(sum >> w != 0),
            ]));
        }
        arith::MulUIExtendedOp::NAME => {
            let p = a.zext() * b.zext();
            (p as i128, (p >> w) as i128)
        }
        _ => {
            let p = a.sext() * b.sext();
            (p, p >> w)
        }
    };
    Ok(Step::Values(vec![Value::int(lo, w), Value::int(hi, w)]))
}

fn fma<'c>(f: &mut Frame<'_, '_, 'c>, op: OpId) -> Result<Step, Diagnostic<'c>> {
    let ops = f.operands(op)?;
    let v = match (&ops[0], &ops[1], &ops[2]) {
        (Value::F32(a), Value::F32(b), Value::F32(c)) => Value::F32(a.mul_add(*b, *c)),
        (Value::F64(a), Value::F64(b), Value::F64(c)) => Value::F64(a.mul_add(*b, *c)),
        // 16-bit floats: fused in f32, then rounded (LLVM promotes `fma.f16` so).
        (a, b, c) => match (half_as_f32(a), half_as_f32(b), half_as_f32(c)) {
            (Some(a), Some(b), Some(c)) => float_of(result_type(f, op), a.mul_add(b, c) as f64)
                .ok_or_else(|| f.error(op, "the interpreter does not support this fma"))?,
            _ => return Err(f.error(op, "fma operands of different kinds")),
        },
    };
    Ok(Step::Values(vec![v]))
}

fn absi<'c>(f: &mut Frame<'_, '_, 'c>, op: OpId) -> Result<Step, Diagnostic<'c>> {
    let ops = f.operands(op)?;
    let Value::Int { width, .. } = ops[0] else {
        return Err(f.error(op, "expected an integer"));
    };
    Ok(Step::Values(vec![Value::int(
        ops[0].sext().wrapping_abs(),
        width,
    )]))
}

fn cmpi<'c>(f: &mut Frame<'_, '_, 'c>, op: OpId) -> Result<Step, Diagnostic<'c>> {
    let ops = f.operands(op)?;
    let pred = f
        .body()
        .attr(op, "predicate")
        .and_then(|a| a.as_int())
        .unwrap_or(-1);
    let Value::Int { width, .. } = ops[0] else {
        return Err(f.error(op, "expected integers"));
    };
    let Some(r) = pto_dialects::arith::eval_cmpi(pred, ops[0].sext(), ops[1].sext(), width) else {
        return Err(f.error(op, "unknown cmpi predicate"));
    };
    Ok(Step::Values(vec![Value::bool(r)]))
}

fn cmpf<'c>(f: &mut Frame<'_, '_, 'c>, op: OpId) -> Result<Step, Diagnostic<'c>> {
    let ops = f.operands(op)?;
    let pred = f
        .body()
        .attr(op, "predicate")
        .and_then(|a| a.as_int())
        .unwrap_or(-1);
    let (a, b) = (ops[0].as_f64(), ops[1].as_f64());
    let unordered = a.is_nan() || b.is_nan();
    let r = match pred {
        0 => false,
        1 => !unordered && a == b,
        2 => !unordered && a > b,
        3 => !unordered && a >= b,
        4 => !unordered && a < b,
        5 => !unordered && a <= b,
        6 => !unordered && a != b,
        7 => !unordered,
        8 => unordered || a == b,
        9 => unordered || a > b,
        10 => unordered || a >= b,
        11 => unordered || a < b,
        12 => unordered || a <= b,
        13 => unordered || a != b,
        14 => unordered,
        15 => true,
        _ => return Err(f.error(op, "unknown cmpf predicate")),
    };
    Ok(Step::Values(vec![Value::bool(r)]))
}

fn select<'c>(f: &mut Frame<'_, '_, 'c>, op: OpId) -> Result<Step, Diagnostic<'c>> {
    let mut ops = f.operands(op)?;
    let pick = if ops[0].zext() != 0 { 1 } else { 2 };
    Ok(Step::Values(vec![ops.swap_remove(pick)]))
}

fn cast<'c>(f: &mut Frame<'_, '_, 'c>, op: OpId) -> Result<Step, Diagnostic<'c>> {
    let ops = f.operands(op)?;
    let ty = result_type(f, op);
    let x = &ops[0];
    let name = f.body().op_name(op).as_str();
    let unsupported = || {
        f.error(
            op,
            format!("the interpreter does not support casts to {ty}"),
        )
    };
    let v = match name {
        arith::ExtSIOp::NAME | arith::TruncIOp::NAME | arith::IndexCastOp::NAME => {
            Value::int(x.sext(), int_width(ty).ok_or_else(unsupported)?)
        }
        arith::ExtUIOp::NAME | arith::IndexCastUIOp::NAME => {
            Value::int(x.zext() as i128, int_width(ty).ok_or_else(unsupported)?)
        }
        // Rounded once, to the result type (through f64, a 64-bit integer just off an
        // f32 tie would round twice).
        arith::SIToFPOp::NAME | arith::UIToFPOp::NAME => {
            let v = x.sext();
            let u = x.zext();
            let signed = name == arith::SIToFPOp::NAME;
            match ty.float_kind() {
                Some(FloatKind::F32) => Value::F32(if signed { v as f32 } else { u as f32 }),
                Some(FloatKind::F64) => Value::F64(if signed { v as f64 } else { u as f64 }),
                // Through f64: its 53 bits are more than twice the 11 (8) of f16
                // (bf16) plus two, so the double rounding is innocuous.
                Some(FloatKind::F16 | FloatKind::BF16) => {
                    float_of(ty, if signed { v as f64 } else { u as f64 })
                        .ok_or_else(unsupported)?
                }
                _ => return Err(unsupported()),
            }
        }
        arith::FPToSIOp::NAME | arith::FPToUIOp::NAME => {
            let w = int_width(ty).ok_or_else(unsupported)?;
            let t = x.as_f64().trunc();
            let (lo, hi) = if name == arith::FPToSIOp::NAME {
                (-(2f64.powi(w as i32 - 1)), 2f64.powi(w as i32 - 1))
            } else {
                (0.0, 2f64.powi(w as i32))
            };
            if !(t >= lo && t < hi) {
                return Err(f.error(
                    op,
                    format!("{} out of the range of {ty} (poison)", x.as_f64()),
                ));
            }
            Value::int(t as i128, w)
        }
        arith::ExtFOp::NAME | arith::TruncFOp::NAME => {
            // Only the default rounding (to nearest, ties to even) is modelled.
            let mode = f.body().attr(op, "roundingmode").and_then(|a| a.as_int());
            if mode.is_some_and(|m| m != 0) {
                return Err(f.error(
                    op,
                    "the interpreter supports only the to_nearest_even rounding mode",
                ));
            }
            float_of(ty, x.as_f64()).ok_or_else(unsupported)?
        }
        _ => match (x, ty.float_kind(), int_width(ty)) {
            (Value::F32(a), None, Some(32)) => Value::int(a.to_bits() as i128, 32),
            (Value::F64(a), None, Some(64)) => Value::int(a.to_bits() as i128, 64),
            (Value::F16(a) | Value::BF16(a), None, Some(16)) => Value::int(*a as i128, 16),
            (Value::F16(a), Some(FloatKind::BF16), _) => Value::BF16(*a),
            (Value::BF16(a), Some(FloatKind::F16), _) => Value::F16(*a),
            (Value::Int { bits, .. }, Some(k @ (FloatKind::F16 | FloatKind::BF16)), _) => {
                float_bits(k, *bits).ok_or_else(unsupported)?
            }
            (Value::Int { bits, .. }, Some(FloatKind::F32), _) => {
                Value::F32(f32::from_bits(*bits as u32))
            }
            (Value::Int { bits, .. }, Some(FloatKind::F64), _) => {
                Value::F64(f64::from_bits(*bits as u64))
            }
            (Value::Int { .. }, None, Some(w)) => Value::int(x.zext() as i128, w),
            _ => return Err(unsupported()),
        },
    };
    Ok(Step::Values(vec![v]))
}
