//! The `math` dialect (`td/math/MathOps.td`): elementary functions, declared in
//! ODS. The hooks here are the folders of constant operands (MLIR's `MathOps.cpp`):
//! exact operations (`absf`, `floor`, `ceil`, `copysign`, `absi`) on any f16, bf16,
//! f32 or f64 value, the others with the C library's function of the operand's width (`expf` for
//! f32, `exp` for f64, as MLIR calls them, so that folding gives mlir-opt's bits) where
//! MLIR folds them; scalars and elements attributes of f32/f64.

mod ods {
    include!(concat!(env!("OUT_DIR"), "/math_ods.rs"));
}
pub use ods::*;

pub mod polynomial_approximation;

use smallvec::{smallvec, SmallVec};

use pto_ir::builder::OpBuilder;
use pto_ir::{AttrKind, Attribute, Body, Context, FloatKind, Folded, Location, OpId, Type};

type FoldOut<'c> = Option<SmallVec<[Folded<'c>; 1]>>;

/// Constants of folded `math` ops are `arith.constant`s.
pub fn materialize_constant<'c>(
    b: &mut OpBuilder<'_, 'c>,
    value: Attribute<'c>,
    ty: Type<'c>,
    loc: Location<'c>,
) -> Option<OpId> {
    crate::arith::materialize_constant(b, value, ty, loc)
}

// The C library functions Rust's std does not expose.
extern "C" {
    fn erff(x: f32) -> f32;
    fn erf(x: f64) -> f64;
    fn erfcf(x: f32) -> f32;
    fn erfc(x: f64) -> f64;
}

/// A float function at both widths; `None` leaves the op unfolded. An `exact` one
/// (its result representable in the operand's format) also folds f16 and bf16,
/// computed on the value widened to f32.
struct FloatFn {
    f32: fn(f32) -> Option<f32>,
    f64: fn(f64) -> Option<f64>,
    exact: bool,
}

/// Bytes per element of a float format the folders handle.
fn float_size(k: FloatKind) -> Option<usize> {
    match k {
        FloatKind::F16 | FloatKind::BF16 => Some(2),
        FloatKind::F32 => Some(4),
        FloatKind::F64 => Some(8),
        _ => None,
    }
}

/// The elements of a float constant (a scalar or an elements attribute) as f64 values
/// of `kind` (f32 values are exact in f64), with how to rebuild it.
fn float_elements(a: Attribute<'_>) -> Option<(FloatKind, Vec<f64>, bool)> {
    match *a.kind() {
        AttrKind::Float { bits, ty } => {
            let k = ty.float_kind()?;
            Some((k, vec![from_bits(k, bits)?], true))
        }
        AttrKind::DenseElements { ty, data, .. } => {
            let k = ty.element_type()?.float_kind()?;
            let size = float_size(k)?;
            let values = data
                .chunks(size)
                .map(|c| {
                    let mut b = [0u8; 16];
                    b[..size].copy_from_slice(c);
                    from_bits(k, u128::from_le_bytes(b))
                })
                .collect::<Option<Vec<f64>>>()?;
            Some((k, values, false))
        }
        _ => None,
    }
}

fn from_bits(k: FloatKind, bits: u128) -> Option<f64> {
    match k {
        FloatKind::F16 => Some(f64::from(f16_to_f32(bits as u16))),
        FloatKind::BF16 => Some(f64::from(f32::from_bits((bits as u32) << 16))),
        FloatKind::F32 => Some(f64::from(f32::from_bits(bits as u32))),
        FloatKind::F64 => Some(f64::from_bits(bits as u64)),
        _ => None,
    }
}

/// The bits of `v` in format `k`; for f16 and bf16 `v` is representable (exact folds).
fn to_bits(k: FloatKind, v: f64) -> u128 {
    match k {
        FloatKind::F16 => u128::from(f32_to_f16(v as f32)),
        FloatKind::BF16 => u128::from((v as f32).to_bits() >> 16),
        FloatKind::F32 => u128::from((v as f32).to_bits()),
        _ => u128::from(v.to_bits()),
    }
}

/// An IEEE half's value (every half is exact in f32).
fn f16_to_f32(h: u16) -> f32 {
    let negative = h >> 15 == 1;
    let exp = u32::from((h >> 10) & 0x1f);
    let frac = u32::from(h & 0x3ff);
    let magnitude = match exp {
        // Zero and subnormals: frac * 2^-24.
        0 => frac as f32 * 2f32.powi(-24),
        0x1f => f32::from_bits(0x7f80_0000 | (frac << 13)),
        e => f32::from_bits(((e + 112) << 23) | (frac << 13)),
    };
    if negative {
        -magnitude
    } else {
        magnitude
    }
}

/// The half holding `v`, which is representable as one (an exact result).
fn f32_to_f16(v: f32) -> u16 {
    let bits = v.to_bits();
    let sign = ((bits >> 16) & 0x8000) as u16;
    let a = v.abs();
    if a.is_nan() {
        return sign | 0x7c00 | ((bits >> 13) & 0x3ff) as u16;
    }
    if a.is_infinite() {
        return sign | 0x7c00;
    }
    if a < 2f32.powi(-14) {
        // Zero or subnormal: a multiple of 2^-24.
        return sign | (a * 2f32.powi(24)) as u16;
    }
    let exp = ((bits >> 23) & 0xff) as u16 - 112;
    sign | (exp << 10) | ((bits >> 13) & 0x3ff) as u16
}

/// The constant of the operand's shape holding `values`.
fn rebuild<'c>(
    ctx: &'c Context,
    like: Attribute<'c>,
    k: FloatKind,
    values: &[f64],
) -> Attribute<'c> {
    match *like.kind() {
        AttrKind::Float { ty, .. } => ctx.intern_attr(AttrKind::Float {
            bits: to_bits(k, values[0]),
            ty,
        }),
        AttrKind::DenseElements { ty, splat, .. } => {
            let size = float_size(k).expect("a folded format");
            let data: Vec<u8> = values
                .iter()
                .flat_map(|&v| to_bits(k, v).to_le_bytes().into_iter().take(size))
                .collect();
            let data = ctx.alloc_slice(&data);
            ctx.dense_elements_attr(ty, splat, data)
        }
        _ => unreachable!("float constants only"),
    }
}

/// Folds a one-operand op whose constant operand is in `c[0]` with `f`.
fn unary<'c>(ctx: &'c Context, c: &[Option<Attribute<'c>>], f: FloatFn) -> FoldOut<'c> {
    let a = (*c.first()?)?;
    let (k, values, _) = float_elements(a)?;
    if matches!(k, FloatKind::F16 | FloatKind::BF16) && !f.exact {
        return None;
    }
    let results = values
        .iter()
        .map(|&v| match k {
            FloatKind::F64 => (f.f64)(v),
            _ => (f.f32)(v as f32).map(f64::from),
        })
        .collect::<Option<Vec<f64>>>()?;
    Some(smallvec![Folded::Attr(rebuild(ctx, a, k, &results))])
}

/// Folds a two-operand op of constants (same shape) with `f32`/`f64`.
fn binary<'c>(
    ctx: &'c Context,
    c: &[Option<Attribute<'c>>],
    f32: fn(f32, f32) -> Option<f32>,
    f64: fn(f64, f64) -> Option<f64>,
) -> FoldOut<'c> {
    let (a, b) = ((*c.first()?)?, (*c.get(1)?)?);
    let ((k, xs, _), (kb, ys, _)) = (float_elements(a)?, float_elements(b)?);
    if matches!(k, FloatKind::F16 | FloatKind::BF16) {
        return None;
    }
    // Splat and non-splat elements pair up by repeating the splat.
    let n = xs.len().max(ys.len());
    if k != kb || (xs.len() != n && xs.len() != 1) || (ys.len() != n && ys.len() != 1) {
        return None;
    }
    let at = |v: &[f64], i: usize| if v.len() == 1 { v[0] } else { v[i] };
    let results = (0..n)
        .map(|i| match k {
            FloatKind::F64 => f64(at(&xs, i), at(&ys, i)),
            _ => f32(at(&xs, i) as f32, at(&ys, i) as f32).map(f64::from),
        })
        .collect::<Option<Vec<f64>>>()?;
    let like = if xs.len() == n { a } else { b };
    Some(smallvec![Folded::Attr(rebuild(ctx, like, k, &results))])
}

macro_rules! math_folder {
    ($name:ident, $f32:expr, $f64:expr) => {
        math_folder!($name, $f32, $f64, false);
    };
    ($name:ident, $f32:expr, $f64:expr, $exact:expr) => {
        /// Folder hook.
        pub fn $name<'c>(
            ctx: &'c Context,
            _body: &Body<'c>,
            _op: OpId,
            c: &[Option<Attribute<'c>>],
        ) -> FoldOut<'c> {
            unary(
                ctx,
                c,
                FloatFn {
                    f32: $f32,
                    f64: $f64,
                    exact: $exact,
                },
            )
        }
    };
}

math_folder!(fold_floor, |x| Some(x.floor()), |x| Some(x.floor()), true);
math_folder!(fold_ceil, |x| Some(x.ceil()), |x| Some(x.ceil()), true);
math_folder!(fold_exp, |x| Some(x.exp()), |x| Some(x.exp()));
math_folder!(fold_exp2, |x| Some(x.exp2()), |x| Some(x.exp2()));
math_folder!(fold_expm1, |x| Some(x.exp_m1()), |x| Some(x.exp_m1()));
// Logarithms and roots of negative numbers (-0.0 included) are not folded.
math_folder!(fold_log, |x| (!x.is_sign_negative()).then(|| x.ln()), |x| {
    (!x.is_sign_negative()).then(|| x.ln())
});
math_folder!(
    fold_log2,
    |x| (!x.is_sign_negative()).then(|| x.log2()),
    |x| (!x.is_sign_negative()).then(|| x.log2())
);
math_folder!(
    fold_log1p,
    |x| (!(x + 1.0).is_sign_negative()).then(|| x.ln_1p()),
    |x| (!(x + 1.0).is_sign_negative()).then(|| x.ln_1p())
);
math_folder!(
    fold_sqrt,
    |x| (!x.is_sign_negative()).then(|| x.sqrt()),
    |x| (!x.is_sign_negative()).then(|| x.sqrt())
);
math_folder!(fold_tanh, |x| Some(x.tanh()), |x| Some(x.tanh()));
math_folder!(fold_sin, |x| Some(x.sin()), |x| Some(x.sin()));
math_folder!(fold_cos, |x| Some(x.cos()), |x| Some(x.cos()));
math_folder!(fold_atan, |x| Some(x.atan()), |x| Some(x.atan()));
math_folder!(fold_asin, |x| Some(x.asin()), |x| Some(x.asin()));
math_folder!(fold_acos, |x| Some(x.acos()), |x| Some(x.acos()));
// SAFETY (all four): pure C library functions of one float, defined for every input.
math_folder!(fold_erf, |x| Some(unsafe { erff(x) }), |x| Some(unsafe {
    erf(x)
}));
math_folder!(fold_erfc, |x| Some(unsafe { erfcf(x) }), |x| Some(unsafe {
    erfc(x)
}));

/// The raw bits of the elements of a float constant of a format the folders handle,
/// and the format's sign bit.
fn raw_elements(a: Attribute<'_>) -> Option<(Vec<u128>, u128)> {
    let (k, raw) = match *a.kind() {
        AttrKind::Float { bits, ty } => (ty.float_kind()?, vec![bits]),
        AttrKind::DenseElements { ty, data, .. } => {
            let k = ty.element_type()?.float_kind()?;
            let size = float_size(k)?;
            let raw = data
                .chunks(size)
                .map(|c| {
                    let mut b = [0u8; 16];
                    b[..size].copy_from_slice(c);
                    u128::from_le_bytes(b)
                })
                .collect();
            (k, raw)
        }
        _ => return None,
    };
    Some((raw, 1u128 << (float_size(k)? * 8 - 1)))
}

/// `like` with its elements replaced by the raw bits `raw`.
fn rebuild_raw<'c>(ctx: &'c Context, like: Attribute<'c>, raw: &[u128]) -> Attribute<'c> {
    match *like.kind() {
        AttrKind::Float { ty, .. } => ctx.intern_attr(AttrKind::Float { bits: raw[0], ty }),
        AttrKind::DenseElements { ty, splat, data } => {
            let size = data.len() / raw.len().max(1);
            let data: Vec<u8> = raw
                .iter()
                .flat_map(|&r| r.to_le_bytes().into_iter().take(size))
                .collect();
            let data = ctx.alloc_slice(&data);
            ctx.dense_elements_attr(ty, splat, data)
        }
        _ => unreachable!("float constants only"),
    }
}

/// Folder hook: the sign bit cleared (NaN payloads kept, as APFloat's `clearSign`).
pub fn fold_absf<'c>(
    ctx: &'c Context,
    _body: &Body<'c>,
    _op: OpId,
    c: &[Option<Attribute<'c>>],
) -> FoldOut<'c> {
    let a = (*c.first()?)?;
    let (raw, sign) = raw_elements(a)?;
    let abs: Vec<u128> = raw.iter().map(|&r| r & !sign).collect();
    Some(smallvec![Folded::Attr(rebuild_raw(ctx, a, &abs))])
}

/// Folder hook: the sign bit of the second operand on the first, bit for bit.
pub fn fold_copysign<'c>(
    ctx: &'c Context,
    _body: &Body<'c>,
    _op: OpId,
    c: &[Option<Attribute<'c>>],
) -> FoldOut<'c> {
    let (a, b) = ((*c.first()?)?, (*c.get(1)?)?);
    let ((xs, sign), (ys, sign_b)) = (raw_elements(a)?, raw_elements(b)?);
    let n = xs.len().max(ys.len());
    if sign != sign_b || (xs.len() != n && xs.len() != 1) || (ys.len() != n && ys.len() != 1) {
        return None;
    }
    let at = |v: &[u128], i: usize| if v.len() == 1 { v[0] } else { v[i] };
    let r: Vec<u128> = (0..n)
        .map(|i| (at(&xs, i) & !sign) | (at(&ys, i) & sign))
        .collect();
    let like = if xs.len() == n { a } else { b };
    Some(smallvec![Folded::Attr(rebuild_raw(ctx, like, &r))])
}

/// Folder hook.
pub fn fold_powf<'c>(
    ctx: &'c Context,
    _body: &Body<'c>,
    _op: OpId,
    c: &[Option<Attribute<'c>>],
) -> FoldOut<'c> {
    binary(ctx, c, |a, b| Some(a.powf(b)), |a, b| Some(a.powf(b)))
}

/// Folder hook: `atan2(0, 0)` is NaN.
pub fn fold_atan2<'c>(
    ctx: &'c Context,
    _body: &Body<'c>,
    _op: OpId,
    c: &[Option<Attribute<'c>>],
) -> FoldOut<'c> {
    binary(
        ctx,
        c,
        |a, b| {
            Some(if a == 0.0 && b == 0.0 {
                f32::NAN
            } else {
                a.atan2(b)
            })
        },
        |a, b| {
            Some(if a == 0.0 && b == 0.0 {
                f64::NAN
            } else {
                a.atan2(b)
            })
        },
    )
}

/// Folder hook: `absi` of a constant (the minimum stays the minimum).
pub fn fold_absi<'c>(
    ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
    c: &[Option<Attribute<'c>>],
) -> FoldOut<'c> {
    let AttrKind::Integer { value, ty } = *(*c.first()?)?.kind() else {
        return None;
    };
    let ty = if ty == body.value_type(body.result(op, 0)) {
        ty
    } else {
        return None;
    };
    let w = if ty.is_index() { 64 } else { ty.int_width()? };
    if w > 64 {
        return None;
    }
    let signed = ((value as i64) << (64 - w)) >> (64 - w);
    let abs = signed.wrapping_abs();
    Some(smallvec![Folded::Attr(ctx.int_attr(ty, i128::from(abs)))])
}
