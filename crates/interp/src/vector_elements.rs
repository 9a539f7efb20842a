//! Semantics of the `vector` ops that rearrange elements: `from_elements`/`to_elements`,
//! `shuffle` (a poison mask entry gives a poison row), the strided slices and `bitcast`.

use super::value::{indices_of, Elem, Value, Vector};
use super::vector::{one, result_type, shape_of, vector_operand, R};
use super::{Frame, Step};
use pto_dialects::vector::{i64_array, POISON_INDEX};
use pto_ir::OpId;
use pto_ir::{Context, InterfaceError};

/// Attaches the semantics of this file's ops.
pub(super) fn register(ctx: &mut Context) -> Result<(), InterfaceError> {
    crate::attach!(ctx, from_elements =>
        pto_dialects::vector::FromElementsOp
    );
    crate::attach!(ctx, to_elements =>
        pto_dialects::vector::ToElementsOp
    );
    crate::attach!(ctx, shuffle =>
        pto_dialects::vector::ShuffleOp
    );
    crate::attach!(ctx, extract_strided_slice =>
        pto_dialects::vector::ExtractStridedSliceOp
    );
    crate::attach!(ctx, insert_strided_slice =>
        pto_dialects::vector::InsertStridedSliceOp
    );
    crate::attach!(ctx, bitcast =>
        pto_dialects::vector::BitCastOp
    );
    Ok(())
}

/// The bits of a scalar and their number; `None` for poison.
fn scalar_bits(v: &Value) -> Option<(u128, u32)> {
    Some(match *v {
        Value::Int { bits, width } => (bits, width),
        Value::F32(x) => (u128::from(x.to_bits()), 32),
        Value::F64(x) => (u128::from(x.to_bits()), 64),
        Value::F16(b) | Value::BF16(b) => (u128::from(b), 16),
        _ => return None,
    })
}

/// Each innermost row keeps its bits (element 0 in the low bits, as LLVM lays out
/// vectors) and is cut into the result's elements; a row with a poison lane is poison.
fn bitcast<'c>(f: &mut Frame<'_, '_, 'c>, op: OpId) -> R<'c> {
    let ops = f.operands(op)?;
    let src = vector_operand(f, op, &ops[0])?;
    let ty = result_type(f, op);
    let shape = shape_of(ty);
    let elem = ty
        .element_type()
        .and_then(Elem::of)
        .ok_or_else(|| f.error(op, "unsupported bitcast element type"))?;
    let w = elem.width();
    let per_row = shape.last().copied().unwrap_or(1) as usize;
    let src_per_row = src.shape.last().copied().unwrap_or(1) as usize;
    let mut elems = Vec::with_capacity(shape.iter().product::<i64>().max(1) as usize);
    for row in src.elems.chunks(src_per_row.max(1)) {
        let bits: Option<Vec<(u128, u32)>> = row.iter().map(scalar_bits).collect();
        let Some(bits) = bits else {
            elems.extend(std::iter::repeat_n(Value::Poison, per_row));
            continue;
        };
        // The row as a little-endian bit string.
        let mut all: Vec<bool> = Vec::with_capacity(row.len() * 64);
        for (b, n) in bits {
            all.extend((0..n).map(|i| (b >> i) & 1 == 1));
        }
        for k in 0..per_row {
            let v = (0..w as usize).fold(0u64, |acc, i| {
                acc | (u64::from(all[k * w as usize + i]) << i)
            });
            elems.push(elem.from_bits(v));
        }
    }
    Ok(one(Value::Vector(Vector::new(&shape, elems))))
}

fn from_elements<'c>(f: &mut Frame<'_, '_, 'c>, op: OpId) -> R<'c> {
    let elems = f.operands(op)?;
    let shape = shape_of(result_type(f, op));
    Ok(one(Value::Vector(Vector::new(&shape, elems))))
}

fn to_elements<'c>(f: &mut Frame<'_, '_, 'c>, op: OpId) -> R<'c> {
    let ops = f.operands(op)?;
    let v = vector_operand(f, op, &ops[0])?;
    Ok(Step::Values(v.elems.to_vec()))
}

/// The rows of `v` along its leading dimension (a 0-D vector is one row).
fn rows(v: &Vector) -> Vec<&[Value]> {
    match v.shape.first() {
        None => vec![&v.elems[..]],
        Some(&n) => {
            let len = v.elems.len() / n.max(1) as usize;
            v.elems.chunks(len.max(1)).take(n as usize).collect()
        }
    }
}

fn shuffle<'c>(f: &mut Frame<'_, '_, 'c>, op: OpId) -> R<'c> {
    let ops = f.operands(op)?;
    let (a, b) = (
        vector_operand(f, op, &ops[0])?,
        vector_operand(f, op, &ops[1])?,
    );
    let shape = shape_of(result_type(f, op));
    let mask = f
        .body()
        .attr(op, "mask")
        .and_then(|m| m.dense_int_values())
        .unwrap_or_default();
    let all: Vec<&[Value]> = rows(&a).into_iter().chain(rows(&b)).collect();
    let row_len: usize = shape[1..].iter().product::<i64>() as usize;
    let mut elems = Vec::with_capacity(mask.len() * row_len);
    for &m in &mask {
        if m == POISON_INDEX {
            elems.extend(std::iter::repeat_n(Value::Poison, row_len));
            continue;
        }
        let row = all
            .get(m as usize)
            .ok_or_else(|| f.error(op, format!("shuffle mask index {m} out of range")))?;
        elems.extend_from_slice(row);
    }
    Ok(one(Value::Vector(Vector::new(&shape, elems))))
}

fn extract_strided_slice<'c>(f: &mut Frame<'_, '_, 'c>, op: OpId) -> R<'c> {
    let ops = f.operands(op)?;
    let src = vector_operand(f, op, &ops[0])?;
    let offsets = i64_array(f.body().attr(op, "offsets"));
    let shape = shape_of(result_type(f, op));
    let elems = indices_of(&shape)
        .iter()
        .map(|i| {
            let at: Vec<i64> = i
                .iter()
                .enumerate()
                .map(|(d, &x)| x + offsets.get(d).copied().unwrap_or(0))
                .collect();
            src.position(&at).map(|p| src.elems[p].clone())
        })
        .collect::<Option<Vec<_>>>()
        .ok_or_else(|| f.error(op, "strided slice out of bounds"))?;
    Ok(one(Value::Vector(Vector::new(&shape, elems))))
}

fn insert_strided_slice<'c>(f: &mut Frame<'_, '_, 'c>, op: OpId) -> R<'c> {
    let ops = f.operands(op)?;
    let (src, dest) = (
        vector_operand(f, op, &ops[0])?,
        vector_operand(f, op, &ops[1])?,
    );
    let offsets = i64_array(f.body().attr(op, "offsets"));
    let lead = dest.shape.len() - src.shape.len();
    let mut elems = dest.elems.to_vec();
    for (k, i) in indices_of(&src.shape).iter().enumerate() {
        // The source lands in the trailing dimensions, at the offsets.
        let at: Vec<i64> = (0..dest.shape.len())
            .map(|d| offsets[d] + if d < lead { 0 } else { i[d - lead] })
            .collect();
        let p = dest
            .position(&at)
            .ok_or_else(|| f.error(op, "strided slice out of bounds"))?;
        elems[p] = src.elems[k].clone();
    }
    Ok(one(Value::Vector(Vector::new(&dest.shape, elems))))
}
