//! `tensor.transpose` and `tensor.reshape`.
//!
//! A transpose of a rank-2 tensor that only matmuls read is not materialized: they take
//! its input transposed (`a_trans`/`b_trans`, `matmul.rs`). Any other is a loop over
//! blocks that loads a block into UB, transposes it there (`block.move` with
//! `transpose`, UB to UB) and stores it at the mirrored position of a created tensor.
//!
//! A reshape reinterprets the row-major elements of a tensor. It stays a
//! `tensor.reshape`, which `pypto-block-to-pto` lowers to the same buffer under the new
//! shape, when that sharing cannot be observed: the input is a whole buffer (not a
//! `tensor.view`, whose rows are not contiguous), nothing writes the input or the
//! result in place afterwards (every other use only reads: tensor ops, loads), and a
//! returned result lives in a buffer the function creates. Otherwise the input is copied
//! into a created tensor first (a loop over blocks of rows), which the reshape then
//! reinterprets.

use crate::dialects::pypto::build::PyptoBuilder;
use crate::dialects::pypto::types::{dtype_bits, Shaped};
use crate::ir::builder::OpBuilder;
use crate::ir::{Body, Diagnostic, InsertPoint, OpId, ValueId};

use super::matmul::divisor_at_most;
use super::{error_at, matrix_shape, window, Config, UB_BYTES};

/// The largest block edge of a materialized transpose.
const MAX_EDGE: i64 = 128;

/// True if `op` is a `tensor.transpose` of a static rank-2 tensor (its two axes
/// swapped).
pub(super) fn is_matrix_transpose(body: &Body<'_>, op: OpId) -> bool {
    if body.op_name(op).as_str() != "pypto.tensor.transpose" {
        return false;
    }
    let axis = |name: &str| {
        body.attr(op, name)
            .and_then(|a| a.as_int())
            .map(|a| if a < 0 { a + 2 } else { a })
    };
    matrix_shape(body, body.operand(op, 0)).is_some()
        && matches!(
            (axis("axis1"), axis("axis2")),
            (Some(0), Some(1)) | (Some(1), Some(0))
        )
}

/// True if every use of `v` is an operand of a `tensor.matmul`, directly or through
/// further transposes of rank-2 tensors (which `matmul.rs` reads through).
pub(super) fn only_matmuls_read(body: &Body<'_>, v: ValueId) -> bool {
    body.uses(v)
        .all(|(user, i)| match body.op_name(user).as_str() {
            "pypto.tensor.matmul" => i < 2,
            _ if is_matrix_transpose(body, user) => only_matmuls_read(body, body.result(user, 0)),
            _ => false,
        })
}

/// Lowers `tensor.transpose` `op` to a loop transposing blocks through UB.
pub(super) fn lower_transpose<'c>(
    b: &mut OpBuilder<'_, 'c>,
    op: OpId,
) -> Result<(), Diagnostic<'c>> {
    let body = b.body();
    if !is_matrix_transpose(body, op) {
        return Err(error_at(
            body,
            op,
            "tensor.transpose lowers only for static rank-2 tensors (axes 0 and 1 swapped)",
        ));
    }
    let x = body.operand(op, 0);
    let [rows, cols] = matrix_shape(body, x).expect("checked");
    let dtype = Shaped::of(body.value_type(x)).expect("a tensor").dtype;
    let elem = (i64::from(dtype_bits(dtype).unwrap_or(32)) + 7) / 8;
    // Two blocks (the loaded one and its transpose) in UB.
    let bh = divisor_at_most(rows, MAX_EDGE);
    let bw = divisor_at_most(cols, MAX_EDGE.min(UB_BYTES / (2 * bh * elem)));
    let loc = body.op_loc(op);
    let result = body.result(op, 0);
    let mut pb = PyptoBuilder::new(b, InsertPoint::Before(op), loc);
    let out = pb.create_matrix([cols, rows], dtype)?;
    let (ub, yes) = (pb.int_kw(1), pb.bool_kw(true));
    let transposed = pb.for_loop(0, rows / bh, &[out], &[], |pb, i, outs| {
        let bhv = pb.i64(bh);
        let r0 = pb.scalar("mul", i, bhv);
        pb.for_loop(0, cols / bw, &[outs[0]], &[], |pb, j, outs| {
            let bwv = pb.i64(bw);
            let c0 = pb.scalar("mul", j, bwv);
            let (h, w) = (pb.i64(bh), pb.i64(bw));
            let t = window::load(pb, x, [r0, c0, h, w], &[])?;
            let tt = pb.value(
                "block.move",
                &[t],
                &[("target_memory", ub), ("transpose", yes)],
            )?;
            Ok(vec![pb.value(
                "block.store",
                &[tt, c0, r0, w, h, outs[0]],
                &[],
            )?])
        })
    })?;
    b.body().replace_all_uses(result, transposed[0]);
    b.body()
        .erase_op(op)
        .map_err(|e| Diagnostic::error(loc, format!("{e:?}")))
}

/// The static shape of tensor `v` if its rank is 1 or 2.
fn small_rank(body: &Body<'_>, v: ValueId) -> Option<Vec<i64>> {
    Shaped::of(body.value_type(v))?
        .static_shape()
        .filter(|s| matches!(s.len(), 1 | 2))
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
    let (Some(from), Some(to)) = (small_rank(body, x), small_rank(body, r)) else {
        return Err(error_at(
            body,
            op,
            "tensor.reshape lowers only between static tensors of rank 1 or 2",
        ));
    };
    if shares_safely(body, op) {
        return Ok(());
    }
    let loc = body.op_loc(op);
    let dtype = Shaped::of(body.value_type(x)).expect("a tensor").dtype;
    let [rows, cols] = match from[..] {
        [n] => [1, n],
        [r, c] => [r, c],
        _ => unreachable!("rank 1 or 2"),
    };
    let mut pb = PyptoBuilder::new(b, InsertPoint::Before(op), loc);
    // A rank-1 input is read as its one row (a view of it only the copy reads).
    let source = if from.len() == 1 {
        reshape(&mut pb, x, &[1, cols])?
    } else {
        x
    };
    let copy = pb.create_matrix([rows, cols], dtype)?;
    let zero = pb.i64(0);
    let copied = window::copy_rows(pb.b, op, source, copy, [zero, zero], config)?;
    let mut pb = PyptoBuilder::new(b, InsertPoint::Before(op), loc);
    let view = reshape(&mut pb, copied, &to)?;
    b.body().replace_all_uses(r, view);
    b.body()
        .erase_op(op)
        .map_err(|e| Diagnostic::error(loc, format!("{e:?}")))
}

/// A `tensor.reshape` of `v` to the static `shape`.
fn reshape<'c>(
    pb: &mut PyptoBuilder<'_, '_, 'c>,
    v: ValueId,
    shape: &[i64],
) -> Result<ValueId, Diagnostic<'c>> {
    let mut operands = vec![v];
    operands.extend(shape.iter().map(|&d| pb.i64(d)));
    pb.value("tensor.reshape", &operands, &[])
}

/// True if reshape `op` may share its input's buffer: the input is not a window of
/// another tensor, every other use of the input and every use of the result only
/// reads it, and a returned result's buffer is one the function creates.
fn shares_safely(body: &Body<'_>, op: OpId) -> bool {
    let (x, r) = (body.operand(op, 0), body.result(op, 0));
    let viewed = body
        .defining_op(x)
        .is_some_and(|d| body.op_name(d).as_str() == "pypto.tensor.view");
    !viewed
        && body
            .uses(x)
            .all(|(user, i)| user == op || only_reads(body, user, i))
        && body.uses(r).all(|(user, i)| {
            only_reads(body, user, i)
                || (body.op_name(user).as_str() == "func.return" && created(body, x))
        })
}

/// True if operand `i` of `user` only reads its tensor: an operand of a tensor op other
/// than an assemble's target, or the tensor of a `block.load`.
fn only_reads(body: &Body<'_>, user: OpId, i: usize) -> bool {
    match body.op_name(user).as_str() {
        "pypto.tensor.assemble" => i != 0,
        "pypto.block.load" => i == 0,
        name => name.starts_with("pypto.tensor."),
    }
}

/// True if tensor `v` lives in a buffer the function creates: a `tensor.create`, through
/// the stores into it, loops carrying it and reshapes of it.
fn created(body: &Body<'_>, mut v: ValueId) -> bool {
    while let Some(d) = body.defining_op(v) {
        v = match body.op_name(d).as_str() {
            "pypto.tensor.create" => return true,
            "pypto.block.store" => body.operand(d, 5),
            "pypto.tensor.reshape" => body.operand(d, 0),
            "scf.for" => {
                let k = body.results(d).position(|x| x == v).expect("a result");
                body.operand(d, 3 + k)
            }
            _ => return false,
        };
    }
    false
}
