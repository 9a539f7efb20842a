//! Hooks of the asynchronous remote DMA ops (`build_async_session`, `tput_async`,
//! `tget_async`) and of `tassign`: the verifiers, with PTOAS's messages.

use pto_ir::{Body, Context, Diagnostic, OpId, Type, TypeKind, DYNAMIC};

use super::check::{Check, VResult};
use super::transforms::sync_model::space_of_type;
use super::{AddressSpace as AS, PartitionTensorViewType, PtrType, TensorViewType, TileBufType};

fn int_attr(body: &Body<'_>, op: OpId, name: &str) -> Option<i128> {
    body.attr(op, name).and_then(|a| a.as_int())
}

// ---- asynchronous DMA -----------------------------------------------------------------------

fn static_shape(ty: Type<'_>) -> Option<Vec<i64>> {
    let shape: Vec<i64> = if let Some(t) = TileBufType::from_type(ty) {
        vec![t.rows(), t.cols()]
    } else if let Some(v) = TensorViewType::from_type(ty) {
        v.shape().to_vec()
    } else if let Some(v) = PartitionTensorViewType::from_type(ty) {
        v.shape().to_vec()
    } else if let TypeKind::MemRef { shape, .. } = ty.kind() {
        shape.to_vec()
    } else {
        return None;
    };
    Some(shape)
}

pub(super) fn verify_build_async_session<'c>(
    _: &'c Context,
    body: &Body<'c>,
    op: OpId,
) -> VResult<'c> {
    let c = Check::new(body, op);
    let scratch = c.ty(0);
    c.fail(
        space_of_type(scratch) == Some(AS::VEC),
        "expects scratch to be in vec address space",
    )?;
    let shape = static_shape(scratch).unwrap_or_default();
    c.fail(
        (1..=2).contains(&shape.len()),
        "expects scratch to be rank-1 or rank-2",
    )?;
    c.fail(
        shape.iter().all(|&d| d != DYNAMIC),
        "expects scratch to have a static shape",
    )?;
    let elem = scratch
        .element_type()
        .or_else(|| TileBufType::from_type(scratch).map(|t| t.dtype()));
    let bytes = shape.iter().product::<i64>() * elem.map_or(0, super::layout::elem_bytes);
    c.fail(bytes >= 8, "expects scratch to provide at least 8 bytes")?;
    // The operand's constraint keeps the workspace in global memory.
    let ws = c.ty(1);
    let ws_elem = PtrType::from_type(ws)
        .map(|p| p.element_type())
        .or_else(|| ws.element_type());
    c.fail(
        ws_elem.is_some_and(|t| t.int_width() == Some(8)),
        "expects workspace element type to be an 8-bit integer",
    )?;
    let range = |name: &str, ok: fn(i128) -> bool, msg: &str| -> VResult<'c> {
        c.fail(int_attr(body, op, name).is_none_or(ok), msg)
    };
    range(
        "sync_id",
        |v| (0..=7).contains(&v),
        "expects sync_id in range [0, 7]",
    )?;
    range(
        "block_bytes",
        |v| v > 0,
        "expects block_bytes to be greater than 0",
    )?;
    range(
        "comm_block_offset",
        |v| v >= 0,
        "expects comm_block_offset to be non-negative",
    )?;
    range(
        "queue_num",
        |v| v > 0,
        "expects queue_num to be greater than 0",
    )?;
    range(
        "channel_group_idx",
        |v| (0..=i128::from(u32::MAX)).contains(&v),
        "expects channel_group_idx to fit in uint32",
    )
}

/// A global tensor an asynchronous copy reads or writes: a memref in global memory or a
/// tensor/partition view, of a static shape whose leading dimensions are all 1.
fn flat_gm<'c>(c: &Check<'_, 'c>, ty: Type<'c>, name: &str) -> Result<Vec<i64>, Diagnostic<'c>> {
    let memref = matches!(ty.kind(), TypeKind::MemRef { .. });
    let view =
        TensorViewType::from_type(ty).is_some() || PartitionTensorViewType::from_type(ty).is_some();
    if !(memref || view) {
        return Err(c.err(&format!(
            "expects {name} to be a memref/tensor_view/partition_view"
        )));
    }
    if memref {
        c.fail(
            space_of_type(ty).is_none_or(|s| s == AS::GM),
            &format!("expects {name} to be in GM address space"),
        )?;
    }
    let shape = static_shape(ty).unwrap_or_default();
    c.fail(
        !shape.is_empty(),
        &format!("expects {name} to have rank >= 1"),
    )?;
    c.fail(
        shape.iter().all(|&d| d != DYNAMIC),
        &format!("expects {name} to have a static shape"),
    )?;
    let what = if memref { "memref" } else { "view" };
    c.fail(
        shape[..shape.len() - 1].iter().all(|&d| d == 1),
        &format!("expects {name} to be a static flat contiguous logical 1D GM {what}"),
    )?;
    Ok(shape)
}

fn element_of(ty: Type<'_>) -> Option<Type<'_>> {
    ty.element_type()
        .or_else(|| TileBufType::from_type(ty).map(|t| t.dtype()))
        .or_else(|| TensorViewType::from_type(ty).map(|v| v.element_type()))
        .or_else(|| PartitionTensorViewType::from_type(ty).map(|v| v.element_type()))
}

fn verify_async_copy<'c>(body: &Body<'c>, op: OpId) -> VResult<'c> {
    let c = Check::new(body, op);
    let (dst, src) = (c.ty(0), c.ty(1));
    c.fail(
        element_of(dst).is_some() && element_of(dst) == element_of(src),
        "expects src and dst to have the same element type",
    )?;
    let d = flat_gm(&c, dst, "dst")?;
    let s = flat_gm(&c, src, "src")?;
    c.fail(d == s, "expects src and dst to have the same static shape")
}

pub(super) fn verify_tput_async<'c>(_: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
    verify_async_copy(body, op)
}

pub(super) fn verify_tget_async<'c>(_: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
    verify_async_copy(body, op)
}

// ---- tile handles -------------------------------------------------------------------------

pub(super) fn verify_tassign<'c>(_: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
    let c = Check::new(body, op);
    c.fail(
        c.ty(0) == body.value_type(body.result(op, 0)),
        "expects result type to match tile type",
    )?;
    c.fail(
        body.constant_int(c.value(1)).is_none_or(|a| a >= 0),
        "expects addr to be non-negative",
    )
}
