//! Semantics of `vector`: vectors are immutable values ([`Vector`]); memory accesses are
//! bounds-checked like `memref.load`/`memref.store` (reading or writing out of bounds
//! without a mask or out-of-bounds permission is an error, as it is undefined behaviour),
//! and transfers pad or skip the out-of-bounds lanes as MLIR specifies.

use super::value::{indices_of, MemRef, Value, Vector};
use super::{Frame, Step};
use pto_dialects::vector::{
    affine_map_of, bool_array, kind_keyword, TransferReadOp, TransferWriteOp, POISON_INDEX,
};
use pto_ir::{AffineExpr, Diagnostic, OpId, Type, DYNAMIC};
use pto_ir::{Context, InterfaceError};

/// Attaches the semantics of this file's ops.
pub(super) fn register(ctx: &mut Context) -> Result<(), InterfaceError> {
    crate::attach!(ctx, load =>
        pto_dialects::vector::LoadOp
    );
    crate::attach!(ctx, store =>
        pto_dialects::vector::StoreOp
    );
    crate::attach!(ctx, maskedload =>
        pto_dialects::vector::MaskedLoadOp
    );
    crate::attach!(ctx, maskedstore =>
        pto_dialects::vector::MaskedStoreOp
    );
    crate::attach!(ctx, transfer_read =>
        pto_dialects::vector::TransferReadOp
    );
    crate::attach!(ctx, transfer_write =>
        pto_dialects::vector::TransferWriteOp
    );
    crate::attach!(ctx, broadcast =>
        pto_dialects::vector::BroadcastOp
    );
    crate::attach!(ctx, extract =>
        pto_dialects::vector::ExtractOp
    );
    crate::attach!(ctx, insert =>
        pto_dialects::vector::InsertOp
    );
    crate::attach!(ctx, shape_cast =>
        pto_dialects::vector::ShapeCastOp
    );
    crate::attach!(ctx, constant_mask =>
        pto_dialects::vector::ConstantMaskOp
    );
    crate::attach!(ctx, create_mask =>
        pto_dialects::vector::CreateMaskOp
    );
    crate::attach!(ctx, step =>
        pto_dialects::vector::StepOp
    );
    crate::attach!(ctx, fma =>
        pto_dialects::vector::FMAOp
    );
    crate::attach!(ctx, reduction =>
        pto_dialects::vector::ReductionOp
    );
    super::vector_elements::register(ctx)?;
    Ok(())
}

pub(super) type R<'c> = Result<Step, Diagnostic<'c>>;

pub(super) fn one(v: Value) -> Step {
    Step::Values(vec![v])
}

pub(super) fn result_type<'c>(f: &Frame<'_, '_, 'c>, op: OpId) -> Type<'c> {
    f.body().value_type(f.body().result(op, 0))
}

pub(super) fn shape_of(t: Type<'_>) -> Vec<i64> {
    t.shape().map(<[i64]>::to_vec).unwrap_or_default()
}

pub(super) fn vector_operand<'c>(
    f: &Frame<'_, '_, 'c>,
    op: OpId,
    v: &Value,
) -> Result<Vector, Diagnostic<'c>> {
    v.as_vector()
        .cloned()
        .ok_or_else(|| f.error(op, "expected a vector"))
}

fn memref_operand<'c>(
    f: &Frame<'_, '_, 'c>,
    op: OpId,
    v: &Value,
) -> Result<MemRef, Diagnostic<'c>> {
    v.as_memref().cloned().ok_or_else(|| {
        f.error(
            op,
            "the interpreter supports vector transfers on memrefs only",
        )
    })
}

fn ints(vals: &[Value]) -> Vec<i64> {
    vals.iter().map(|v| v.sext() as i64).collect()
}

/// The memref index of vector lane `lane` for an access at `base` whose vector dims run
/// along the memref's trailing dims (`vector.load`/`store` and the masked forms).
fn trailing_index(base: &[i64], lane: &[i64]) -> Vec<i64> {
    let mut idx = base.to_vec();
    let k = idx.len() - lane.len().min(idx.len());
    for (d, &l) in lane.iter().enumerate() {
        if let Some(i) = idx.get_mut(k + d) {
            *i += l;
        }
    }
    idx
}

fn read<'c>(
    f: &Frame<'_, '_, 'c>,
    op: OpId,
    m: &MemRef,
    idx: &[i64],
) -> Result<Value, Diagnostic<'c>> {
    let v = m
        .position(idx)
        .and_then(|p| m.load(p))
        .map_err(|e| f.error(op, e))?;
    super::memref::note_poison(f, &v);
    Ok(v)
}

fn write<'c>(
    f: &Frame<'_, '_, 'c>,
    op: OpId,
    m: &MemRef,
    idx: &[i64],
    v: &Value,
) -> Result<(), Diagnostic<'c>> {
    m.position(idx)
        .and_then(|p| m.store(p, v))
        .map_err(|e| f.error(op, e))
}

fn check_vector_result<'c>(
    f: &Frame<'_, '_, 'c>,
    op: OpId,
    t: Type<'c>,
) -> Result<(), Diagnostic<'c>> {
    let scalar = t.element_type().is_some_and(|e| e.shape().is_none());
    if !scalar {
        return Err(f.error(op, "the interpreter supports vectors of scalars only"));
    }
    Ok(())
}

// ---- memory ----------------------------------------------------------------------------------

fn load<'c>(f: &mut Frame<'_, '_, 'c>, op: OpId) -> R<'c> {
    let ops = f.operands(op)?;
    let m = memref_operand(f, op, &ops[0])?;
    let ty = result_type(f, op);
    check_vector_result(f, op, ty)?;
    let shape = shape_of(ty);
    let base = ints(&ops[1..]);
    let elems = indices_of(&shape)
        .iter()
        .map(|lane| read(f, op, &m, &trailing_index(&base, lane)))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(one(Value::Vector(Vector::new(&shape, elems))))
}

fn store<'c>(f: &mut Frame<'_, '_, 'c>, op: OpId) -> R<'c> {
    let ops = f.operands(op)?;
    let v = vector_operand(f, op, &ops[0])?;
    let m = memref_operand(f, op, &ops[1])?;
    let base = ints(&ops[2..]);
    for (lane, e) in indices_of(&v.shape).iter().zip(v.elems.iter()) {
        write(f, op, &m, &trailing_index(&base, lane), e)?;
    }
    Ok(Step::Values(Vec::new()))
}

fn maskedload<'c>(f: &mut Frame<'_, '_, 'c>, op: OpId) -> R<'c> {
    let ops = f.operands(op)?;
    let n = ops.len();
    let m = memref_operand(f, op, &ops[0])?;
    let mask = vector_operand(f, op, &ops[n - 2])?;
    let pass = vector_operand(f, op, &ops[n - 1])?;
    let base = ints(&ops[1..n - 2]);
    let mut elems = Vec::with_capacity(pass.elems.len());
    for (k, lane) in indices_of(&pass.shape).iter().enumerate() {
        elems.push(if mask.elems[k].zext() != 0 {
            read(f, op, &m, &trailing_index(&base, lane))?
        } else {
            pass.elems[k].clone()
        });
    }
    Ok(one(Value::Vector(Vector::new(&pass.shape, elems))))
}

fn maskedstore<'c>(f: &mut Frame<'_, '_, 'c>, op: OpId) -> R<'c> {
    let ops = f.operands(op)?;
    let n = ops.len();
    let m = memref_operand(f, op, &ops[0])?;
    let mask = vector_operand(f, op, &ops[n - 2])?;
    let v = vector_operand(f, op, &ops[n - 1])?;
    let base = ints(&ops[1..n - 2]);
    for (k, lane) in indices_of(&v.shape).iter().enumerate() {
        if mask.elems[k].zext() != 0 {
            write(f, op, &m, &trailing_index(&base, lane), &v.elems[k])?;
        }
    }
    Ok(Step::Values(Vec::new()))
}

/// Where lane `lane` of a transfer goes: the memref index (map results add to the
/// base indices, `0` results broadcast), the mask index (the lane's sizes in memory-dim
/// order, as the mask type is inferred), whether it is in bounds, and whether it is out
/// of bounds along a dimension declared `in_bounds` (undefined behaviour).
struct Lane {
    index: Vec<i64>,
    mask_index: Vec<i64>,
    inside: bool,
    promised_inside: bool,
}

fn transfer_lane(
    map: &pto_ir::AffineMap<'_>,
    in_bounds: &[bool],
    base: &[i64],
    sizes: &[i64],
    lane: &[i64],
) -> Lane {
    let mut index = base.to_vec();
    let mut inside = true;
    let mut promised_inside = true;
    for (j, e) in map.results.iter().enumerate() {
        if let AffineExpr::Dim(d) = *e {
            let d = d as usize;
            index[d] += lane[j];
            if !(0..sizes[d]).contains(&index[d]) {
                inside = false;
                if in_bounds.get(j).copied().unwrap_or(false) {
                    promised_inside = false;
                }
            }
        }
    }
    // Dims the map does not read must be in bounds too (their index is the base).
    for (d, &i) in index.iter().enumerate() {
        if !(0..sizes[d]).contains(&i) {
            inside = false;
        }
    }
    let mut mask_index = Vec::new();
    for d in 0..map.num_dims {
        if let Some(j) = map.results.iter().position(|e| *e == AffineExpr::Dim(d)) {
            mask_index.push(lane[j]);
        }
    }
    if mask_index.is_empty() {
        mask_index.push(0);
    }
    Lane {
        index,
        mask_index,
        inside,
        promised_inside,
    }
}

fn transfer_attrs<'c>(
    f: &Frame<'_, '_, 'c>,
    op: OpId,
) -> Result<(pto_ir::AffineMap<'c>, Vec<bool>), Diagnostic<'c>> {
    let body = f.body();
    let map = body
        .attr(op, "permutation_map")
        .and_then(affine_map_of)
        .ok_or_else(|| f.error(op, "missing permutation_map"))?;
    let in_bounds = body
        .attr(op, "in_bounds")
        .and_then(bool_array)
        .unwrap_or_default();
    Ok((map, in_bounds))
}

fn transfer_read<'c>(f: &mut Frame<'_, '_, 'c>, op: OpId) -> R<'c> {
    let body = f.body();
    let r = TransferReadOp(op);
    let m = memref_operand(f, op, f.get(r.base(body))?)?;
    let base = r
        .indices(body)
        .iter()
        .map(|&v| f.get(v).map(|x| x.sext() as i64))
        .collect::<Result<Vec<_>, _>>()?;
    let pad = f.get(r.padding(body))?.clone();
    let mask = match r.mask(body) {
        Some(v) => Some(vector_operand(f, op, f.get(v)?)?),
        None => None,
    };
    let (map, in_bounds) = transfer_attrs(f, op)?;
    let ty = result_type(f, op);
    check_vector_result(f, op, ty)?;
    let shape = shape_of(ty);
    let mut elems = Vec::new();
    for lane in indices_of(&shape) {
        let l = transfer_lane(&map, &in_bounds, &base, &m.sizes, &lane);
        let enabled = mask.as_ref().is_none_or(|mk| {
            mk.position(&l.mask_index)
                .is_some_and(|p| mk.elems[p].zext() != 0)
        });
        if !enabled {
            elems.push(pad.clone());
        } else if !l.promised_inside {
            return Err(f.error(
                op,
                format!(
                    "index {:?} out of bounds along a dimension declared in_bounds",
                    l.index
                ),
            ));
        } else if l.inside {
            elems.push(read(f, op, &m, &l.index)?);
        } else {
            elems.push(pad.clone());
        }
    }
    Ok(one(Value::Vector(Vector::new(&shape, elems))))
}

fn transfer_write<'c>(f: &mut Frame<'_, '_, 'c>, op: OpId) -> R<'c> {
    let body = f.body();
    let w = TransferWriteOp(op);
    let v = vector_operand(f, op, f.get(w.value_to_store(body))?)?;
    let m = memref_operand(f, op, f.get(w.base(body))?)?;
    let base = w
        .indices(body)
        .iter()
        .map(|&x| f.get(x).map(|y| y.sext() as i64))
        .collect::<Result<Vec<_>, _>>()?;
    let mask = match w.mask(body) {
        Some(x) => Some(vector_operand(f, op, f.get(x)?)?),
        None => None,
    };
    let (map, in_bounds) = transfer_attrs(f, op)?;
    for (k, lane) in indices_of(&v.shape).iter().enumerate() {
        let l = transfer_lane(&map, &in_bounds, &base, &m.sizes, lane);
        let enabled = mask.as_ref().is_none_or(|mk| {
            mk.position(&l.mask_index)
                .is_some_and(|p| mk.elems[p].zext() != 0)
        });
        if !enabled {
            continue;
        }
        if !l.promised_inside {
            return Err(f.error(
                op,
                format!(
                    "index {:?} out of bounds along a dimension declared in_bounds",
                    l.index
                ),
            ));
        }
        if l.inside {
            write(f, op, &m, &l.index, &v.elems[k])?;
        }
    }
    Ok(Step::Values(Vec::new()))
}

// ---- building and taking apart -------------------------------------------------------------

fn broadcast<'c>(f: &mut Frame<'_, '_, 'c>, op: OpId) -> R<'c> {
    let ops = f.operands(op)?;
    let shape = shape_of(result_type(f, op));
    let elems: Vec<Value> = match &ops[0] {
        Value::Vector(src) => {
            let lead = shape.len() - src.shape.len();
            indices_of(&shape)
                .iter()
                .map(|i| {
                    // Stretched unit dims read index 0.
                    let si: Vec<i64> = src
                        .shape
                        .iter()
                        .enumerate()
                        .map(|(d, &s)| if s == 1 { 0 } else { i[lead + d] })
                        .collect();
                    src.position(&si).map(|p| src.elems[p].clone())
                })
                .collect::<Option<Vec<_>>>()
                .ok_or_else(|| f.error(op, "broadcast of incompatible shapes"))?
        }
        scalar => vec![scalar.clone(); shape.iter().product::<i64>() as usize],
    };
    Ok(one(Value::Vector(Vector::new(&shape, elems))))
}

/// The position of an extract/insert: static entries with the dynamic values in place
/// of the dynamic markers. A poison (-1) or out-of-range position is an error.
fn position<'c>(
    f: &Frame<'_, '_, 'c>,
    op: OpId,
    dynamic: &[Value],
    shape: &[i64],
) -> Result<Vec<i64>, Diagnostic<'c>> {
    let statics = f
        .body()
        .attr(op, "static_position")
        .and_then(|a| a.dense_int_values())
        .unwrap_or_default();
    let mut next = dynamic.iter();
    let mut pos = Vec::with_capacity(statics.len());
    for (d, &s) in statics.iter().enumerate() {
        let p = if s == DYNAMIC {
            next.next()
                .ok_or_else(|| f.error(op, "missing dynamic position"))?
                .sext() as i64
        } else {
            s
        };
        if p == POISON_INDEX {
            return Err(f.error(op, "poison position"));
        }
        if !(0..shape[d]).contains(&p) {
            return Err(f.error(
                op,
                format!(
                    "position {p} out of bounds for dimension {d} of size {}",
                    shape[d]
                ),
            ));
        }
        pos.push(p);
    }
    Ok(pos)
}

/// The row-major range of the sub-vector at `pos` (a prefix of the indices).
fn sub_range(shape: &[i64], pos: &[i64]) -> (usize, usize) {
    let inner: i64 = shape[pos.len()..].iter().product();
    let mut start = 0i64;
    for (d, &p) in pos.iter().enumerate() {
        start = start * shape[d] + p;
    }
    let start = (start * inner) as usize;
    (start, start + inner as usize)
}

fn extract<'c>(f: &mut Frame<'_, '_, 'c>, op: OpId) -> R<'c> {
    let ops = f.operands(op)?;
    let src = vector_operand(f, op, &ops[0])?;
    let pos = position(f, op, &ops[1..], &src.shape)?;
    let (s, e) = sub_range(&src.shape, &pos);
    if pos.len() == src.shape.len() {
        return Ok(one(src.elems[s].clone()));
    }
    Ok(one(Value::Vector(Vector::new(
        &src.shape[pos.len()..],
        src.elems[s..e].to_vec(),
    ))))
}

fn insert<'c>(f: &mut Frame<'_, '_, 'c>, op: OpId) -> R<'c> {
    let ops = f.operands(op)?;
    let dest = vector_operand(f, op, &ops[1])?;
    let pos = position(f, op, &ops[2..], &dest.shape)?;
    let (s, e) = sub_range(&dest.shape, &pos);
    let mut elems = dest.elems.to_vec();
    match &ops[0] {
        Value::Vector(v) => elems[s..e].clone_from_slice(&v.elems),
        scalar => elems[s] = scalar.clone(),
    }
    Ok(one(Value::Vector(Vector::new(&dest.shape, elems))))
}

fn shape_cast<'c>(f: &mut Frame<'_, '_, 'c>, op: OpId) -> R<'c> {
    let ops = f.operands(op)?;
    let src = vector_operand(f, op, &ops[0])?;
    let shape = shape_of(result_type(f, op));
    Ok(one(Value::Vector(Vector {
        shape: shape.into(),
        elems: src.elems,
    })))
}

/// The mask with lanes `[i...]` set where every `i[d] < sizes[d]`.
fn mask(shape: &[i64], sizes: &[i64]) -> Value {
    let elems = indices_of(shape)
        .iter()
        .map(|i| Value::bool(i.iter().zip(sizes).all(|(a, b)| a < b)))
        .collect();
    Value::Vector(Vector::new(shape, elems))
}

fn constant_mask<'c>(f: &mut Frame<'_, '_, 'c>, op: OpId) -> R<'c> {
    let shape = shape_of(result_type(f, op));
    let sizes = f
        .body()
        .attr(op, "mask_dim_sizes")
        .and_then(|a| a.dense_int_values())
        .unwrap_or_default();
    Ok(one(mask(&shape, &sizes)))
}

fn create_mask<'c>(f: &mut Frame<'_, '_, 'c>, op: OpId) -> R<'c> {
    let ops = f.operands(op)?;
    let shape = shape_of(result_type(f, op));
    Ok(one(mask(&shape, &ints(&ops))))
}

fn step<'c>(f: &mut Frame<'_, '_, 'c>, op: OpId) -> R<'c> {
    let shape = shape_of(result_type(f, op));
    let elems = (0..shape.iter().product::<i64>())
        .map(Value::index)
        .collect();
    Ok(one(Value::Vector(Vector::new(&shape, elems))))
}

// ---- computation ---------------------------------------------------------------------------

fn fma<'c>(f: &mut Frame<'_, '_, 'c>, op: OpId) -> R<'c> {
    let ops = f.operands(op)?;
    let (a, b, c) = (
        vector_operand(f, op, &ops[0])?,
        vector_operand(f, op, &ops[1])?,
        vector_operand(f, op, &ops[2])?,
    );
    let elems = a
        .elems
        .iter()
        .zip(b.elems.iter())
        .zip(c.elems.iter())
        .map(|((x, y), z)| match (x, y, z) {
            (Value::F32(x), Value::F32(y), Value::F32(z)) => Ok(Value::F32(x.mul_add(*y, *z))),
            (Value::F64(x), Value::F64(y), Value::F64(z)) => Ok(Value::F64(x.mul_add(*y, *z))),
            // 16-bit floats: fused in f32, then rounded to the type.
            (Value::F16(_), Value::F16(_), Value::F16(_))
            | (Value::BF16(_), Value::BF16(_), Value::BF16(_)) => {
                let (x32, y32, z32) = (x.as_f64() as f32, y.as_f64() as f32, z.as_f64() as f32);
                x.float_like(f64::from(x32.mul_add(y32, z32)))
                    .ok_or_else(|| f.error(op, "fma of non-floats"))
            }
            // A poison lane gives a poison lane (see `ub.rs`).
            (Value::Poison, _, _) | (_, Value::Poison, _) | (_, _, Value::Poison) => {
                Ok(Value::Poison)
            }
            _ => Err(f.error(op, "fma operands of different kinds")),
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(one(Value::Vector(Vector::new(&a.shape, elems))))
}

/// Combines two scalars with a combining kind.
fn combine(kind: &str, a: &Value, b: &Value) -> Option<Value> {
    match (a, b) {
        (Value::F32(x), Value::F32(y)) => Some(Value::F32(combine_f32(kind, *x, *y)?)),
        (Value::F64(x), Value::F64(y)) => Some(Value::F64(combine_f64(kind, *x, *y)?)),
        // 16-bit floats: combined in f32, rounded to the type after each step.
        (Value::F16(_), Value::F16(_)) | (Value::BF16(_), Value::BF16(_)) => {
            let r = combine_f32(kind, a.as_f64() as f32, b.as_f64() as f32)?;
            a.float_like(f64::from(r))
        }
        (Value::Int { width, .. }, Value::Int { .. }) => {
            let (sa, sb, ua, ub) = (a.sext(), b.sext(), a.zext(), b.zext());
            let r: i128 = match kind {
                "add" => sa.wrapping_add(sb),
                "mul" => ua.wrapping_mul(ub) as i128,
                "minsi" => sa.min(sb),
                "maxsi" => sa.max(sb),
                "minui" => ua.min(ub) as i128,
                "maxui" => ua.max(ub) as i128,
                "and" => (ua & ub) as i128,
                "or" => (ua | ub) as i128,
                "xor" => (ua ^ ub) as i128,
                _ => return None,
            };
            Some(Value::int(r, *width))
        }
        _ => None,
    }
}

fn combine_f32(kind: &str, x: f32, y: f32) -> Option<f32> {
    Some(match kind {
        "add" => x + y,
        "mul" => x * y,
        _ => combine_f64(kind, f64::from(x), f64::from(y))? as f32,
    })
}

/// `maxnumf`/`minnumf` ignore a NaN operand; `maximumf`/`minimumf` propagate it and
/// order -0 below +0 (LLVM's maxnum/minnum and maximum/minimum).
fn combine_f64(kind: &str, x: f64, y: f64) -> Option<f64> {
    Some(match kind {
        "add" => x + y,
        "mul" => x * y,
        "maxnumf" => x.max(y),
        "minnumf" => x.min(y),
        "maximumf" | "minimumf" if x.is_nan() || y.is_nan() => f64::NAN,
        "maximumf" if x == y => {
            if x.is_sign_negative() {
                y
            } else {
                x
            }
        }
        "minimumf" if x == y => {
            if x.is_sign_negative() {
                x
            } else {
                y
            }
        }
        "maximumf" => x.max(y),
        "minimumf" => x.min(y),
        _ => return None,
    })
}

/// Lanes are combined in order (the ordered reduction LLVM performs without `reassoc`),
/// starting from the accumulator when there is one.
fn reduction<'c>(f: &mut Frame<'_, '_, 'c>, op: OpId) -> R<'c> {
    let ops = f.operands(op)?;
    let v = vector_operand(f, op, &ops[0])?;
    let kind = f
        .body()
        .attr(op, "kind")
        .and_then(kind_keyword)
        .unwrap_or("")
        .to_string();
    let mut lanes = v.elems.iter();
    // Float sums and products start from the neutral element, as the lowering to
    // `llvm.intr.vector.reduce.fadd/fmul` does (so -0.0 lanes sum as LLVM sums them).
    let neutral = |x: f64| v.elems.first().and_then(|e| e.float_like(x));
    let start = match kind.as_str() {
        "add" => neutral(0.0),
        "mul" => neutral(1.0),
        _ => None,
    };
    let mut acc = match (ops.get(1), start) {
        (Some(a), _) => a.clone(),
        (None, Some(s)) => s,
        (None, None) => lanes
            .next()
            .cloned()
            .ok_or_else(|| f.error(op, "reduction of an empty vector"))?,
    };
    for x in lanes {
        acc = combine(&kind, &acc, x)
            .ok_or_else(|| f.error(op, format!("unsupported reduction '{kind}' of {x}")))?;
    }
    Ok(one(acc))
}
