//! Folders of `from_elements`, `to_elements`, `shuffle` and the strided slices, after
//! MLIR 22's `VectorOps.cpp`: the inverse pairs `from_elements(to_elements(v))` and
//! `to_elements(from_elements(...))`, constants, shuffles and slices that take a whole
//! operand, and a slice read back from the insertion that wrote it.

use smallvec::{smallvec, SmallVec};

use super::fold::defined_by;
use super::verify_slices::i64_array;
use super::{vector_parts, POISON_INDEX};
use crate::arith::elements::{attr_of, elems, Elems};
use crate::ub::is_poison_attr;
use pto_ir::{Attribute, Body, Context, Folded, OpId, Type};

type FoldOut<'c> = Option<SmallVec<[Folded<'c>; 1]>>;

/// MLIR folds constants into new vector constants only up to this many elements.
const FOLD_THRESHOLD: i64 = 256;

/// The elements of a constant vector (a splat repeated), row-major.
fn constant_elements(a: Attribute<'_>, ty: Type<'_>) -> Option<Vec<u128>> {
    if is_poison_attr(a) {
        return None;
    }
    match elems(a)? {
        Elems::List(v) => Some(v),
        Elems::Splat(x) => Some(vec![x; ty.num_elements()?.max(0) as usize]),
        Elems::Scalar(_) => None,
    }
}

/// The dense constant of type `ty` with these elements.
fn constant_list<'c>(ctx: &'c Context, ty: Type<'c>, bits: Vec<u128>) -> FoldOut<'c> {
    Some(smallvec![Folded::Attr(attr_of(
        ctx,
        ty,
        &Elems::List(bits)
    )?)])
}

/// Whether `ty` holds elements a dense constant can (integers, index, floats).
fn dense_element(ty: Type<'_>) -> bool {
    ty.element_type()
        .is_some_and(|e| e.is_float() || e.is_integer() || e.is_index())
}

/// `vector.from_elements`: of the results of one `to_elements`, in order, of a vector
/// of the result type, that vector; of constants (none poison), the vector constant.
pub fn fold_from_elements<'c>(
    ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
    operands: &[Option<Attribute<'c>>],
) -> FoldOut<'c> {
    let ty = body.value_type(body.result(op, 0));
    let first = body.operand(op, 0);
    if let Some(to) = defined_by(body, first, super::ToElementsOp::NAME) {
        let src = body.operand(to, 0);
        let in_order = body
            .operands(op)
            .enumerate()
            .all(|(i, v)| body.num_results(to) > i && body.result(to, i) == v);
        if in_order && body.value_type(src) == ty {
            return Some(smallvec![Folded::Value(src)]);
        }
    }
    if !dense_element(ty) {
        return None;
    }
    let bits: Option<Vec<u128>> = operands
        .iter()
        .map(|a| match elems((*a)?)? {
            Elems::Scalar(x) if !is_poison_attr((*a)?) => Some(x),
            _ => None,
        })
        .collect();
    constant_list(ctx, ty, bits?)
}

/// `vector.to_elements` of a `from_elements`: the latter's operands.
pub fn fold_to_elements<'c>(
    _ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
    _operands: &[Option<Attribute<'c>>],
) -> FoldOut<'c> {
    let src = body.operand(op, 0);
    let from = defined_by(body, src, super::FromElementsOp::NAME)?;
    Some(body.operands(from).map(Folded::Value).collect())
}

/// Whether `mask` is `start, start + 1, ..., start + len - 1`.
fn is_step(mask: &[i64], start: i64, len: i64) -> bool {
    mask.len() as i64 == len && mask.iter().zip(start..).all(|(&m, s)| m == s)
}

/// `vector.shuffle`: taking `v1` or `v2` whole, that operand; of two poisons, poison;
/// of 1-D constants, the constant (a poison lane reads the first element of the first
/// non-poison operand, as MLIR).
pub fn fold_shuffle<'c>(
    ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
    operands: &[Option<Attribute<'c>>],
) -> FoldOut<'c> {
    let (v1, v2) = (body.operand(op, 0), body.operand(op, 1));
    let (s1, _, _) = vector_parts(body.value_type(v1))?;
    let (s2, _, _) = vector_parts(body.value_type(v2))?;
    if s1.is_empty() {
        return None;
    }
    let mask = body.attr(op, "mask")?.dense_int_values()?;
    if is_step(&mask, 0, s1[0]) {
        return Some(smallvec![Folded::Value(v1)]);
    }
    if is_step(&mask, s1[0], s2[0]) {
        return Some(smallvec![Folded::Value(v2)]);
    }
    let (a1, a2) = (operands.first().copied()??, operands.get(1).copied()??);
    let (p1, p2) = (is_poison_attr(a1), is_poison_attr(a2));
    if p1 && p2 {
        return Some(smallvec![Folded::Attr(a1)]);
    }
    if s1.len() != 1 {
        return None;
    }
    let e1 = if p1 {
        Vec::new()
    } else {
        constant_elements(a1, body.value_type(v1))?
    };
    let e2 = if p2 {
        Vec::new()
    } else {
        constant_elements(a2, body.value_type(v2))?
    };
    let poison = *e1.first().or(e2.first())?;
    let n1 = s1[0];
    let picked: Vec<u128> = mask
        .iter()
        .map(|&m| match m {
            POISON_INDEX => poison,
            m if m < n1 => e1.get(m as usize).copied().unwrap_or(poison),
            m => e2.get((m - n1) as usize).copied().unwrap_or(poison),
        })
        .collect();
    let ty = body.value_type(body.result(op, 0));
    constant_list(ctx, ty, picked)
}

/// The row-major elements of the box at `offsets` (leading dimensions; the rest whole)
/// of `shape` in `src`, as laid out in a vector of shape `out`.
fn slice_elements(src: &[u128], shape: &[i64], offsets: &[i64], out: &[i64]) -> Vec<u128> {
    let n: i64 = out.iter().product();
    let mut res = Vec::with_capacity(n.max(0) as usize);
    let mut idx = vec![0i64; out.len()];
    for _ in 0..n {
        let mut at = 0i64;
        for d in 0..shape.len() {
            at = at * shape[d] + idx[d] + offsets.get(d).copied().unwrap_or(0);
        }
        res.push(src[at as usize]);
        for d in (0..out.len()).rev() {
            idx[d] += 1;
            if idx[d] < out[d] {
                break;
            }
            idx[d] = 0;
        }
    }
    res
}

/// Whether the boxes `[a, a + as)` and `[b, b + bs)` overlap in every dimension given.
fn overlap(a: &[i64], a_size: &[i64], b: &[i64], b_size: &[i64]) -> bool {
    (0..a.len().min(b.len())).all(|d| a[d] < b[d] + b_size[d] && b[d] < a[d] + a_size[d])
}

/// `vector.extract_strided_slice`: of its whole source, the source; of what an
/// `insert_strided_slice` wrote at the same place, the inserted value (looking through
/// insertions elsewhere); of a constant, the constant slice.
pub fn fold_extract_strided_slice<'c>(
    ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
    operands: &[Option<Attribute<'c>>],
) -> FoldOut<'c> {
    let src = body.operand(op, 0);
    let ty = body.value_type(body.result(op, 0));
    let src_ty = body.value_type(src);
    if src_ty == ty {
        return Some(smallvec![Folded::Value(src)]);
    }
    let (shape, _, _) = vector_parts(src_ty)?;
    let (out, _, _) = vector_parts(ty)?;
    let offsets = i64_array(body.attr(op, "offsets"));
    // Full offsets of the extracted box.
    let mut at: SmallVec<[i64; 4]> = offsets.clone();
    at.resize(shape.len(), 0);
    let mut v = src;
    while let Some(ins) = defined_by(body, v, super::InsertStridedSliceOp::NAME) {
        let value = body.operand(ins, 0);
        let (vs, _, _) = vector_parts(body.value_type(value))?;
        let ins_at = i64_array(body.attr(ins, "offsets"));
        let mut ins_size: SmallVec<[i64; 4]> = smallvec![1; shape.len() - vs.len()];
        ins_size.extend_from_slice(vs);
        if ins_at.as_slice() == at.as_slice() && body.value_type(value) == ty {
            return Some(smallvec![Folded::Value(value)]);
        }
        if overlap(&at, out, &ins_at, &ins_size) {
            break;
        }
        v = body.operand(ins, 1);
    }
    let a = operands.first().copied()??;
    let all = constant_elements(a, src_ty)?;
    let picked = slice_elements(&all, shape, &offsets, out);
    constant_list(ctx, ty, picked)
}

/// `vector.insert_strided_slice`: of a value of the destination's type, that value; of
/// constants (up to MLIR's size threshold), the constant.
pub fn fold_insert_strided_slice<'c>(
    ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
    operands: &[Option<Attribute<'c>>],
) -> FoldOut<'c> {
    let (value, dest) = (body.operand(op, 0), body.operand(op, 1));
    let (vt, dt) = (body.value_type(value), body.value_type(dest));
    if vt == dt {
        return Some(smallvec![Folded::Value(value)]);
    }
    let (a, d) = (operands.first().copied()??, operands.get(1).copied()??);
    // Large constants are only rewritten when nothing else uses the old one.
    if dt.num_elements()? > FOLD_THRESHOLD && body.uses(dest).nth(1).is_some() {
        return None;
    }
    let (vs, _, _) = vector_parts(vt)?;
    let (ds, _, _) = vector_parts(dt)?;
    let src = constant_elements(a, vt)?;
    let mut out = constant_elements(d, dt)?;
    let offsets = i64_array(body.attr(op, "offsets"));
    let lead = ds.len() - vs.len();
    let mut idx = vec![0i64; vs.len()];
    for &x in &src {
        let mut at = 0i64;
        for dim in 0..ds.len() {
            let i = if dim < lead { 0 } else { idx[dim - lead] };
            at = at * ds[dim] + offsets[dim] + i;
        }
        out[at as usize] = x;
        for dim in (0..vs.len()).rev() {
            idx[dim] += 1;
            if idx[dim] < vs[dim] {
                break;
            }
            idx[dim] = 0;
        }
    }
    constant_list(ctx, dt, out)
}
