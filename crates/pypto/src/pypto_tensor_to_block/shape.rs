//! `tensor.transpose` and `tensor.reshape`.
//!
//! A transpose of a rank-2 tensor that only matmuls read is not materialized: they take
//! its input transposed (`a_trans`/`b_trans`, `matmul.rs`). Any other (of any static
//! rank) is written into a created tensor: matrices a block at a time through UB
//! (`block.move` with `transpose`, UB to UB), or whole rows when the last axis stays
//! (see [`lower_transpose`]).
//!
//! A reshape reinterprets the row-major elements of a tensor (of any static rank). It
//! stays a
//! `tensor.reshape`, which `pypto-block-to-pto` lowers to the same buffer under the new
//! shape, when that sharing cannot be observed: the input is a whole buffer (not a
//! `tensor.view`, whose rows are not contiguous), nothing writes the input or the
//! result in place afterwards (every other use only reads: tensor ops, loads), and a
//! returned result lives in a buffer the function creates. Otherwise the input is copied
//! into a created tensor first (a loop over blocks of rows), which the reshape then
//! reinterprets.
//!
//! Not yet: a reshape of a view of whole rows in place (it is copied).

use crate::build::PyptoBuilder;
use crate::types::{dtype_bits, Shaped};
use pto_ir::builder::OpBuilder;
use pto_ir::{Body, Diagnostic, InsertPoint, OpId, ValueId};

use super::matmul::divisor_at_most;
use super::{error_at, matrix_shape, window, Config, UB_BYTES};
use pto_dialects::func;
use pto_dialects::scf;

/// The largest block edge of a materialized transpose.
const MAX_EDGE: i64 = 128;

/// True if `op` is a `tensor.transpose` of a static rank-2 tensor (its two axes
/// swapped).
pub(super) fn is_matrix_transpose(body: &Body<'_>, op: OpId) -> bool {
    if body.op_name(op).as_str() != crate::TensorTransposeOp::NAME {
        return false;
    }
    matrix_shape(body, body.operand(op, 0)).is_some()
        && matches!(transpose_axes(body, op), Some((0, 1, _)))
}

/// True if every use of `v` is an operand of a `tensor.matmul`, directly or through
/// further transposes of rank-2 tensors (which `matmul.rs` reads through).
pub(super) fn only_matmuls_read(body: &Body<'_>, v: ValueId) -> bool {
    body.uses(v)
        .all(|(user, i)| match body.op_name(user).as_str() {
            crate::TensorMatmulOp::NAME => i < 2,
            _ if is_matrix_transpose(body, user) => only_matmuls_read(body, body.result(user, 0)),
            _ => false,
        })
}

/// The two axes `tensor.transpose` `op` swaps (`i < j`), made non-negative (absent:
/// 0 and 1, as PyPTO's defaults), and the static shape of its input, if it has one and
/// the axes are in range.
fn transpose_axes(body: &Body<'_>, op: OpId) -> Option<(usize, usize, Vec<i64>)> {
    let shape = static_shape(body, body.operand(op, 0))?;
    let r = shape.len() as i128;
    let axis = |name: &str, default: i128| {
        let a = body.attr(op, name).map_or(Some(default), |a| a.as_int())?;
        let a = if a < 0 { a + r } else { a };
        (0..r).contains(&a).then_some(a as usize)
    };
    let (a, b) = (axis("axis1", 0)?, axis("axis2", 1)?);
    (a != b).then(|| (a.min(b), a.max(b), shape))
}

/// Lowers `tensor.transpose` `op` (any static rank, two axes swapped) into a created
/// tensor.
///
/// A swap with the last axis moves `[P, N]` matrices: seen as matrices (the last axis
/// by the rest), the input `[L, P, M, N]` holds, for each `l` and `m`, the window at
/// rows `l*P`, columns `m*N` of `[L*P, M*N]`, and its transpose is the window at rows
/// `l*N`, columns `m*P` of the output `[L*N, M*P]`; each is transposed a block at a time
/// through UB. A swap of two other axes moves whole rows of the contiguous tail `T`
/// (the axes after the second): `[A, P, B, Q, T]` row `(a, p, b, q)` goes to row
/// `(a, q, b, p)`.
pub(super) fn lower_transpose<'c>(
    b: &mut OpBuilder<'_, 'c>,
    op: OpId,
) -> Result<(), Diagnostic<'c>> {
    let body = b.body();
    let Some((i, j, shape)) = transpose_axes(body, op) else {
        return Err(error_at(
            body,
            op,
            "tensor.transpose lowers only for static shapes (two axes in range swapped)",
        ));
    };
    let x = body.operand(op, 0);
    let dtype = Shaped::of(body.value_type(x)).expect("a tensor").dtype;
    let elem = (i64::from(dtype_bits(dtype).unwrap_or(32)) + 7) / 8;
    let loc = body.op_loc(op);
    let result = body.result(op, 0);
    let r = shape.len();
    let prod = |d: &[i64]| d.iter().product::<i64>();
    let mut pb = PyptoBuilder::new(b, InsertPoint::Before(op), loc);
    let out = if j == r - 1 {
        let (l, p, m, n) = (
            prod(&shape[..i]),
            shape[i],
            prod(&shape[i + 1..j]),
            shape[j],
        );
        let xv = as_matrix_shape(&mut pb, x, &[l * p, m * n])?;
        let out = pb.create_matrix([l * n, m * p], dtype)?;
        // Two blocks (the loaded one and its transpose) in UB.
        let bh = divisor_at_most(p, MAX_EDGE);
        let bw = divisor_at_most(n, MAX_EDGE.min(UB_BYTES / (2 * bh * elem)));
        let (ub, yes) = (pb.int_kw(1), pb.bool_kw(true));
        nest(&mut pb, &[l, m], out, &mut |pb, idx, out| {
            let [li, mi] = [idx[0], idx[1]];
            let base_in = [scaled(pb, li, p), scaled(pb, mi, n)];
            let base_out = [scaled(pb, li, n), scaled(pb, mi, p)];
            pb.for_loop(0, p / bh, &[out], &[], |pb, bi, outs| {
                let r0 = pb.scalar_mul(bi, bh);
                pb.for_loop(0, n / bw, &[outs[0]], &[], |pb, bj, outs| {
                    let c0 = pb.scalar_mul(bj, bw);
                    let (h, w) = (pb.i64(bh), pb.i64(bw));
                    let (ri, ci) = (plus(pb, base_in[0], r0), plus(pb, base_in[1], c0));
                    let t = window::load(pb, xv, [ri, ci, h, w], &[])?;
                    let tt = pb.value(
                        crate::BlockMoveOp::NAME,
                        &[t],
                        &[("target_memory", ub), ("transpose", yes)],
                    )?;
                    let (ro, co) = (plus(pb, base_out[0], c0), plus(pb, base_out[1], r0));
                    Ok(vec![pb.value(
                        crate::BlockStoreOp::NAME,
                        &[tt, ro, co, w, h, outs[0]],
                        &[],
                    )?])
                })
            })
            .map(|v| v[0])
        })?
    } else {
        let (a, p, bb, q, t) = (
            prod(&shape[..i]),
            shape[i],
            prod(&shape[i + 1..j]),
            shape[j],
            prod(&shape[j + 1..]),
        );
        let rows = a * p * bb * q;
        let xv = as_matrix_shape(&mut pb, x, &[rows, t])?;
        let out = pb.create_matrix([rows, t], dtype)?;
        // Rows of the tail in pieces that fit a copy tile.
        let w = divisor_at_most(t, (64 * 1024 / elem).max(1));
        nest(&mut pb, &[a, p, bb, q], out, &mut |pb, idx, out| {
            let [ai, pi, bi, qi] = [idx[0], idx[1], idx[2], idx[3]];
            // ((a*P + p)*B + b)*Q + q and ((a*Q + q)*B + b)*P + p.
            let src = row_index(pb, &[(ai, p), (pi, bb), (bi, q), (qi, 1)]);
            let dst = row_index(pb, &[(ai, q), (qi, bb), (bi, p), (pi, 1)]);
            pb.for_loop(0, t / w, &[out], &[], |pb, k, outs| {
                let c0 = pb.scalar_mul(k, w);
                let (one, wv) = (pb.i64(1), pb.i64(w));
                let row = window::load(pb, xv, [src, c0, one, wv], &[])?;
                Ok(vec![pb.value(
                    crate::BlockStoreOp::NAME,
                    &[row, dst, c0, one, wv, outs[0]],
                    &[],
                )?])
            })
            .map(|v| v[0])
        })?
    };
    // The input's shape with the two axes swapped (the declared type may leave
    // dimensions unknown).
    let mut to = shape;
    to.swap(i, j);
    let transposed = as_matrix_shape(&mut pb, out, &to)?;
    b.body().replace_all_uses(result, transposed);
    b.body()
        .erase_op(op)
        .map_err(|e| Diagnostic::error(loc, format!("{e:?}")))
}

/// `v` reshaped to `shape`, unless it has it.
fn as_matrix_shape<'c>(
    pb: &mut PyptoBuilder<'_, '_, 'c>,
    v: ValueId,
    shape: &[i64],
) -> Result<ValueId, Diagnostic<'c>> {
    if static_shape(pb.b.body(), v).as_deref() == Some(shape) {
        return Ok(v);
    }
    pb.reshape(v, shape)
}

/// What [`nest`] runs at each index: the builder, the indices, the carried tensor;
/// returns the tensor updated.
type NestBody<'f, 'c> = dyn FnMut(
        &mut PyptoBuilder<'_, '_, 'c>,
        &[Option<ValueId>],
        ValueId,
    ) -> Result<ValueId, Diagnostic<'c>>
    + 'f;

/// Loops over every index of `counts` (none for a count of 1, whose index is `None`),
/// carrying the tensor `init` through `body`; returns it updated.
fn nest<'c>(
    pb: &mut PyptoBuilder<'_, '_, 'c>,
    counts: &[i64],
    init: ValueId,
    body: &mut NestBody<'_, 'c>,
) -> Result<ValueId, Diagnostic<'c>> {
    fn go<'c>(
        pb: &mut PyptoBuilder<'_, '_, 'c>,
        counts: &[i64],
        idx: &mut Vec<Option<ValueId>>,
        init: ValueId,
        body: &mut NestBody<'_, 'c>,
    ) -> Result<ValueId, Diagnostic<'c>> {
        let Some((&n, rest)) = counts.split_first() else {
            return body(pb, idx, init);
        };
        if n == 1 {
            idx.push(None);
            let r = go(pb, rest, idx, init, body);
            idx.pop();
            return r;
        }
        pb.for_loop(0, n, &[init], &[], |pb, i, outs| {
            idx.push(Some(i));
            let r = go(pb, rest, idx, outs[0], body);
            idx.pop();
            Ok(vec![r?])
        })
        .map(|v| v[0])
    }
    go(pb, counts, &mut Vec::new(), init, body)
}

/// `i * k`, or `None` for an index that is always 0.
fn scaled<'c>(pb: &mut PyptoBuilder<'_, '_, 'c>, i: Option<ValueId>, k: i64) -> Option<ValueId> {
    i.map(|i| pb.scalar_mul(i, k))
}

/// `base + v` (`v` when there is no base).
fn plus<'c>(pb: &mut PyptoBuilder<'_, '_, 'c>, base: Option<ValueId>, v: ValueId) -> ValueId {
    match base {
        Some(b) => pb.scalar(crate::AddOp::NAME, b, v),
        None => v,
    }
}

/// `((i0 * k0 + i1) * k1 + i2) * k2 + ...` over `(index, k)` pairs, missing indices 0.
fn row_index<'c>(pb: &mut PyptoBuilder<'_, '_, 'c>, terms: &[(Option<ValueId>, i64)]) -> ValueId {
    let mut acc: Option<ValueId> = None;
    for &(i, k) in terms {
        acc = match (acc, i) {
            (None, None) => None,
            (Some(a), None) => Some(a),
            (None, Some(i)) => Some(i),
            (Some(a), Some(i)) => Some(pb.scalar(crate::AddOp::NAME, a, i)),
        };
        acc = acc.map(|a| if k == 1 { a } else { pb.scalar_mul(a, k) });
    }
    acc.unwrap_or_else(|| pb.i64(0))
}

/// The static shape of tensor `v`.
fn static_shape(body: &Body<'_>, v: ValueId) -> Option<Vec<i64>> {
    Shaped::of(body.value_type(v))?
        .static_shape()
        .filter(|s| !s.is_empty())
}

/// Lowers `tensor.reshape` `op`: kept (a view of the same buffer) when that is not
/// observable, else a copy of the input reinterpreted.
pub(super) fn lower_reshape<'c>(
    b: &mut OpBuilder<'_, 'c>,
    op: OpId,
    config: &Config,
) -> Result<(), Diagnostic<'c>> {
    let body = b.body();
    let (x, r) = (body.operand(op, 0), body.result(op, 0));
    let (Some(from), Some(to)) = (static_shape(body, x), static_shape(body, r)) else {
        return Err(error_at(
            body,
            op,
            "tensor.reshape lowers only between static shapes",
        ));
    };
    if shares_safely(body, op) {
        return Ok(());
    }
    let loc = body.op_loc(op);
    let dtype = Shaped::of(body.value_type(x)).expect("a tensor").dtype;
    // The input as a matrix: its last axis by the product of the others.
    let (lead, cols) = (&from[..from.len() - 1], from[from.len() - 1]);
    let rows: i64 = lead.iter().product();
    let mut pb = PyptoBuilder::new(b, InsertPoint::Before(op), loc);
    // An input of another rank is read as that matrix (a view of it only the copy
    // reads).
    let source = if from.len() != 2 {
        pb.reshape(x, &[rows, cols])?
    } else {
        x
    };
    let copy = pb.create_matrix([rows, cols], dtype)?;
    let zero = pb.i64(0);
    let copied = window::copy_rows(pb.b, op, source, copy, [zero, zero], config)?;
    let mut pb = PyptoBuilder::new(b, InsertPoint::Before(op), loc);
    let view = pb.reshape(copied, &to)?;
    b.body().replace_all_uses(r, view);
    b.body()
        .erase_op(op)
        .map_err(|e| Diagnostic::error(loc, format!("{e:?}")))
}

/// True if reshape `op` may share its input's buffer: the input is not a window of
/// another tensor, every other use of the input and every use of the result only
/// reads it, and a returned result's buffer is one the function creates.
fn shares_safely(body: &Body<'_>, op: OpId) -> bool {
    let (x, r) = (body.operand(op, 0), body.result(op, 0));
    let viewed = body
        .defining_op(x)
        .is_some_and(|d| body.op_name(d).as_str() == crate::TensorViewOp::NAME);
    !viewed
        && body
            .uses(x)
            .all(|(user, i)| user == op || only_reads(body, user, i))
        && body.uses(r).all(|(user, i)| {
            only_reads(body, user, i)
                || (body.op_name(user).as_str() == func::ReturnOp::NAME && created(body, x))
        })
}

/// True if operand `i` of `user` only reads its tensor: an operand of a tensor op other
/// than an assemble's target, or the tensor of a `block.load`.
fn only_reads(body: &Body<'_>, user: OpId, i: usize) -> bool {
    match body.op_name(user).as_str() {
        crate::TensorAssembleOp::NAME => i != 0,
        crate::BlockLoadOp::NAME => i == 0,
        name => name.starts_with("pypto.tensor."),
    }
}

/// True if tensor `v` lives in a buffer the function creates: a `tensor.create`, through
/// the stores into it, loops carrying it and reshapes of it.
fn created(body: &Body<'_>, mut v: ValueId) -> bool {
    while let Some(d) = body.defining_op(v) {
        v = match body.op_name(d).as_str() {
            crate::TensorCreateOp::NAME => return true,
            crate::BlockStoreOp::NAME => body.operand(d, 5),
            crate::TensorReshapeOp::NAME => body.operand(d, 0),
            scf::ForOp::NAME => {
                let k = body.results(d).position(|x| x == v).expect("a result");
                body.operand(d, 3 + k)
            }
            _ => return false,
        };
    }
    false
}
