//! Windows of tensors: loads that read through `tensor.view`, and `tensor.assemble`,
//! which writes a tensor into a window of another.
//!
//! A view is not materialized: a load of a view's rows is a load from the viewed
//! tensor at the view's offsets added. `tensor.assemble(target, source, offsets)` stores
//! `source` into `target` where it lies, in place (as `block.store` does): when `source`
//! is a fused chain's result used only there, the chain stores into `target` directly
//! (see `fuse.rs`); otherwise a loop copies it, one block of rows at a time.

use crate::build::PyptoBuilder;
use crate::types::{dtype_bits, Shaped};
use pto_ir::builder::OpBuilder;
use pto_ir::{Body, Diagnostic, InsertPoint, OpId, ValueId};

use super::fuse::tile_rows;
use super::{error_at, matrix_shape, Config};

/// The row and column offsets of a rank-2 `tensor.view` or `tensor.assemble` (its last
/// two operands), if `op` is one with `i64` offsets.
pub(super) fn offsets_of<'c>(body: &Body<'c>, op: OpId) -> Result<[ValueId; 2], Diagnostic<'c>> {
    let name = body.op_name(op).as_str();
    let (tensor, count) = if name == crate::TensorViewOp::NAME {
        (body.result(op, 0), 5)
    } else {
        (body.operand(op, 1), 4)
    };
    let n = body.num_operands(op);
    // The window is static; the tensor it lies in may have symbolic rows.
    let base = body.operand(op, 0);
    let rank2 = super::rank(body, base) == 2
        && super::matrix_dims(body, base).is_some()
        && matrix_shape(body, tensor).is_some();
    if !rank2 || n != count {
        return Err(error_at(
            body,
            op,
            format!(
                "'{name}' lowers only for a static rank-2 window of a rank-2 tensor (static columns)"
            ),
        ));
    }
    let offsets = [body.operand(op, n - 2), body.operand(op, n - 1)];
    let i64t = body.value_type(offsets[0]);
    let wide = |v: ValueId| {
        matches!(
            body.value_type(v).kind(),
            pto_ir::TypeKind::Integer { width: 64, .. }
        )
    };
    if !offsets.iter().all(|&v| wide(v)) || i64t != body.value_type(offsets[1]) {
        return Err(error_at(
            body,
            op,
            format!("'{name}' lowers only with INT64 offsets"),
        ));
    }
    Ok(offsets)
}

/// The error for an assemble whose target is read after it: the lowering writes the
/// target in place, so a later read would see the assembled values.
pub(super) fn check_target_unread_after<'c>(
    body: &Body<'c>,
    op: OpId,
) -> Result<(), Diagnostic<'c>> {
    let target = body.operand(op, 0);
    let block = body.op_block(op);
    let before = |user: OpId| {
        let mut at = body.prev_op(op);
        while let Some(o) = at {
            if o == user {
                return true;
            }
            at = body.prev_op(o);
        }
        false
    };
    // The op of `block` that is or holds `user` (a read inside a loop before the
    // assemble happens before it).
    let in_block = |mut user: OpId| {
        while body.op_block(user) != block {
            user = body.parent_op(user)?;
        }
        Some(user)
    };
    for (user, _) in body.uses(target) {
        if user != op && !in_block(user).is_some_and(before) {
            return Err(error_at(
                body,
                op,
                format!(
                    "the target of tensor.assemble is also read by '{}' after it; the lowering writes the target in place",
                    body.op_name(user).as_str()
                ),
            ));
        }
    }
    Ok(())
}

/// `a + b`, without the addition when either is the constant 0.
pub(super) fn add_offset(pb: &mut PyptoBuilder<'_, '_, '_>, a: ValueId, b: ValueId) -> ValueId {
    let body = pb.b.body();
    if body.constant_int(b) == Some(0) {
        return a;
    }
    if body.constant_int(a) == Some(0) {
        return b;
    }
    pb.scalar(crate::AddOp::NAME, a, b)
}

/// The tensor `v` is a window of and the position of (`row`, `col`) of `v` in it,
/// through any chain of `tensor.view`s.
fn through_views<'c>(
    pb: &mut PyptoBuilder<'_, '_, 'c>,
    mut v: ValueId,
    mut row: ValueId,
    mut col: ValueId,
) -> Result<(ValueId, ValueId, ValueId), Diagnostic<'c>> {
    while let Some(op) = pb.b.body().defining_op(v) {
        if pb.b.body().op_name(op).as_str() != crate::TensorViewOp::NAME {
            break;
        }
        let [r, c] = offsets_of(pb.b.body(), op)?;
        row = add_offset(pb, row, r);
        col = add_offset(pb, col, c);
        v = pb.b.body().operand(op, 0);
    }
    Ok((v, row, col))
}

/// `block.load` of the `h x w` window at (`row`, `col`) of `v` (read through views),
/// with `kwargs`.
pub(super) fn load<'c>(
    pb: &mut PyptoBuilder<'_, '_, 'c>,
    v: ValueId,
    [row, col, h, w]: [ValueId; 4],
    kwargs: &[(&str, pto_ir::Attribute<'c>)],
) -> Result<ValueId, Diagnostic<'c>> {
    let (base, row, col) = through_views(pb, v, row, col)?;
    pb.value(crate::BlockLoadOp::NAME, &[base, row, col, h, w], kwargs)
}

/// Lowers `tensor.assemble` `op` to a loop copying its source into its target, a block
/// of rows at a time.
pub(super) fn lower_assemble<'c>(
    b: &mut OpBuilder<'_, 'c>,
    op: OpId,
    config: &Config,
) -> Result<(), Diagnostic<'c>> {
    let body = b.body();
    let offsets = offsets_of(body, op)?;
    check_target_unread_after(body, op)?;
    let (target, source) = (body.operand(op, 0), body.operand(op, 1));
    let loc = body.op_loc(op);
    let copied = copy_rows(b, op, source, target, offsets, config)?;
    let result = b.body().result(op, 0);
    b.body().replace_all_uses(result, copied);
    b.body()
        .erase_op(op)
        .map_err(|e| Diagnostic::error(loc, format!("{e:?}")))
}

/// A loop before `at` copying the static rank-2 tensor `source` (read through views)
/// into `target` at (`r_off`, `c_off`), a block of rows at a time; returns the updated
/// target.
pub(super) fn copy_rows<'c>(
    b: &mut OpBuilder<'_, 'c>,
    at: OpId,
    source: ValueId,
    target: ValueId,
    [r_off, c_off]: [ValueId; 2],
    config: &Config,
) -> Result<ValueId, Diagnostic<'c>> {
    let body = b.body();
    let Some([rows, cols]) = matrix_shape(body, source) else {
        return Err(error_at(
            body,
            at,
            "the copied tensor must be static and of rank 2",
        ));
    };
    let s = Shaped::of(body.value_type(source)).expect("a tensor");
    let row_bytes = (cols * i64::from(dtype_bits(s.dtype).unwrap_or(32)) + 7) / 8;
    let tm = tile_rows(body, at, crate::types::Dim::Const(rows), row_bytes, config)?;
    let loc = body.op_loc(at);
    let mut pb = PyptoBuilder::new(b, InsertPoint::Before(at), loc);
    // The `th` rows from `row` on.
    let block = |pb: &mut PyptoBuilder<'_, '_, 'c>, row: ValueId, th: i64, out: ValueId| {
        let (zero, h, w) = (pb.i64(0), pb.i64(th), pb.i64(cols));
        let t = load(pb, source, [row, zero, h, w], &[])?;
        let dst_row = add_offset(pb, row, r_off);
        pb.value(
            crate::BlockStoreOp::NAME,
            &[t, dst_row, c_off, h, w, out],
            &[],
        )
    };
    let mut copied = target;
    if rows >= tm {
        copied = pb.for_loop(0, rows / tm, &[target], &[], |pb, i, outs| {
            let row = pb.scalar_mul(i, tm);
            Ok(vec![block(pb, row, tm, outs[0])?])
        })?[0];
    }
    if rows % tm != 0 {
        // One block of the rows left.
        let row = pb.i64(rows / tm * tm);
        copied = block(&mut pb, row, rows % tm, copied)?;
    }
    Ok(copied)
}

/// The error for a `tensor.view` something other than a load still reads after the
/// lowering (it is never materialized), or a `tensor.transpose` left to the matmuls
/// that something else reads.
pub(super) fn check_view_uses<'c>(body: &Body<'c>, op: OpId) -> Result<(), Diagnostic<'c>> {
    let r = body.result(op, 0);
    let what = body.op_name(op).as_str().trim_start_matches("pypto.");
    match body.uses(r).next() {
        Some((user, _)) => Err(error_at(
            body,
            user,
            format!(
                "a {what} is read by '{}', which the lowering does not read through (views lower only as inputs of elementwise chains, matmul and tensor.assemble)",
                body.op_name(user).as_str()
            ),
        )),
        None => Ok(()),
    }
}
