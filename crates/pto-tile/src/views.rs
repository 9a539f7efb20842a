//! Hooks of the pointer, view and tile-handle ops: the custom syntax of
//! `make_tensor_view` and `subset`, and the verifiers, with PTOAS's messages.

use crate::{BLayout, SLayout};
use pto_ir::asm::{print_operand_list, OpAsmParser, OpAsmPrinter, UnresolvedOperand};
use pto_ir::body::OperationState;
use pto_ir::verifier::op_error;
use pto_ir::{Attribute, Body, Context, Diagnostic, OpId, Type, DYNAMIC};

use super::types::tb;
use super::{PartitionTensorViewType, PtrType, TensorViewType, TileBufType};

type VResult<'c> = Result<(), Diagnostic<'c>>;

/// `!pto.ptr<T>` or a memref in global memory (no memory space, `gm`, or 0): what
/// `load_scalar`/`store_scalar` address.
pub(super) fn is_scalar_ptr_or_mem_ref(t: Type<'_>) -> bool {
    if PtrType::from_type(t).is_some() {
        return true;
    }
    match t.kind() {
        pto_ir::TypeKind::MemRef { memory_space, .. } => match memory_space {
            None => true,
            Some(a) => {
                a.as_int() == Some(0)
                    || super::address_space_of_attr(*a) == Some(super::AddressSpace::GM)
            }
        },
        _ => false,
    }
}

/// The element type addressed by a pointer or memref.
fn pointee(t: Type<'_>) -> Option<Type<'_>> {
    PtrType::from_type(t)
        .map(|p| p.element_type())
        .or_else(|| t.element_type())
}

pub(super) fn verify_load_scalar<'c>(_: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
    let ptr = body.value_type(body.operand(op, 0));
    let result = body.value_type(body.result(op, 0));
    if pointee(ptr) != Some(result) {
        return Err(op_error(
            body,
            op,
            "expects result type to match ptr element type",
        ));
    }
    Ok(())
}

pub(super) fn verify_store_scalar<'c>(_: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
    let ptr = body.value_type(body.operand(op, 0));
    let value = body.value_type(body.operand(op, 2));
    if pointee(ptr) != Some(value) {
        return Err(op_error(
            body,
            op,
            "expects value type to match ptr element type",
        ));
    }
    Ok(())
}

// ---- make_tensor_view ------------------------------------------------------------------

/// The next operand, or an error that one was expected.
pub(super) fn expect_operand(p: &mut dyn OpAsmParser<'_>) -> Result<UnresolvedOperand, ()> {
    p.parse_operand()
}

/// Sets the parsed op's `operandSegmentSizes`.
pub(super) fn set_segments<'c>(ctx: &'c Context, state: &mut OperationState<'c>, sizes: &[i32]) {
    state.set_prop(
        ctx,
        "operandSegmentSizes",
        pto_ir::ods::format::dense_i32_array(ctx, sizes),
    );
}

/// `key = [%a, %b]`
fn parse_keyed_list(p: &mut dyn OpAsmParser<'_>, key: &str) -> Result<Vec<UnresolvedOperand>, ()> {
    p.parse_keyword(key)?;
    p.parse_punct("=")?;
    p.parse_punct("[")?;
    let list = p.parse_operand_list()?;
    p.parse_punct("]")?;
    Ok(list)
}

/// `%p, shape = [...], strides = [...] {attrs} : !pto.tensor_view<...>`: the pointer's
/// type follows from the view's element type.
pub(super) fn parse_make_tensor_view<'c>(
    p: &mut dyn OpAsmParser<'c>,
    state: &mut OperationState<'c>,
) -> Result<(), ()> {
    let ctx = p.context();
    let ptr = expect_operand(p)?;
    p.parse_punct(",")?;
    let shape = parse_keyed_list(p, "shape")?;
    p.parse_punct(",")?;
    let strides = parse_keyed_list(p, "strides")?;
    p.parse_optional_attr_dict(state)?;
    p.parse_punct(":")?;
    let pos = p.current_pos();
    let ty = p.parse_type()?;
    let Some(view) = TensorViewType::from_type(ty) else {
        p.emit_error_at(pos, "expected result type pto.tensor_view<...>");
        return Err(());
    };
    let ptr_ty = PtrType::get(ctx, view.element_type()).ty();
    let index = ctx.index_type();
    state.operands.push(p.resolve_operand(&ptr, ptr_ty)?);
    for u in shape.iter().chain(&strides) {
        state.operands.push(p.resolve_operand(u, index)?);
    }
    set_segments(ctx, state, &[1, shape.len() as i32, strides.len() as i32]);
    state.result_types.push(ty);
    Ok(())
}

pub(super) fn print_make_tensor_view<'c>(p: &mut dyn OpAsmPrinter<'c>, body: &Body<'c>, op: OpId) {
    let spec = super::MakeTensorViewOp::spec();
    p.write(" ");
    p.print_operand(body, body.operand(op, 0));
    p.write(", shape = [");
    print_operand_list(p, body, &pto_ir::ods::operand_group(spec, body, op, 1));
    p.write("], strides = [");
    print_operand_list(p, body, &pto_ir::ods::operand_group(spec, body, op, 2));
    p.write("]");
    pto_ir::asm::print_op_attrs(p, body, op, &["operandSegmentSizes"]);
    p.write(" : ");
    p.print_type(body.value_type(body.result(op, 0)));
}

pub(super) fn verify_make_tensor_view<'c>(
    _: &'c Context,
    body: &Body<'c>,
    op: OpId,
) -> VResult<'c> {
    let spec = super::MakeTensorViewOp::spec();
    let Some(view) = TensorViewType::from_type(body.value_type(body.result(op, 0))) else {
        return Err(op_error(body, op, "result must be pto.tensor_view<...>"));
    };
    let Some(ptr) = PtrType::from_type(body.value_type(body.operand(op, 0))) else {
        return Err(op_error(body, op, "ptr operand must be !pto.ptr<...>"));
    };
    if ptr.element_type() != view.element_type() {
        return Err(op_error(
            body,
            op,
            &format!(
                "ptr element type must match tensor_view element type, but got ptr={} view={}",
                ptr.element_type(),
                view.element_type()
            ),
        ));
    }
    let rank = view.shape().len();
    let shape = pto_ir::ods::operand_group(spec, body, op, 1).len();
    let strides = pto_ir::ods::operand_group(spec, body, op, 2).len();
    if shape != rank || strides != rank {
        return Err(op_error(
            body,
            op,
            &format!("shape/strides operand counts must match tensor_view rank={rank}"),
        ));
    }
    Ok(())
}

// ---- partition_view --------------------------------------------------------------------

pub(super) fn verify_partition_view<'c>(_: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
    let spec = super::PartitionViewOp::spec();
    let (Some(src), Some(res)) = (
        TensorViewType::from_type(body.value_type(body.operand(op, 0))),
        PartitionTensorViewType::from_type(body.value_type(body.result(op, 0))),
    ) else {
        return Err(op_error(
            body,
            op,
            "expects tensor_view source and partition_tensor_view result",
        ));
    };
    if src.element_type() != res.element_type() {
        return Err(op_error(
            body,
            op,
            &format!(
                "element type mismatch between source and result: src={} result={}",
                src.element_type(),
                res.element_type()
            ),
        ));
    }
    let rank = src.shape().len();
    let offsets = pto_ir::ods::operand_group(spec, body, op, 1);
    let sizes = pto_ir::ods::operand_group(spec, body, op, 2);
    for (what, n) in [("offset", offsets.len()), ("size", sizes.len())] {
        if n != rank {
            return Err(op_error(
                body,
                op,
                &format!("{what} count ({n}) must match source rank ({rank})"),
            ));
        }
    }
    let res_shape = res.shape();
    for (i, (&o, &s)) in offsets.iter().zip(&sizes).enumerate() {
        let off = body.constant_int(o);
        let size = body.constant_int(s);
        if let Some(v) = off.filter(|&v| v < 0) {
            return Err(op_error(
                body,
                op,
                &format!("offset at dim {i} must be non-negative, got {v}"),
            ));
        }
        if let Some(v) = size.filter(|&v| v <= 0) {
            return Err(op_error(
                body,
                op,
                &format!("size at dim {i} must be positive, got {v}"),
            ));
        }
        if let (Some(v), Some(&d)) = (size, res_shape.get(i)) {
            if res_shape.len() == rank && d != DYNAMIC && v != i128::from(d) {
                return Err(op_error(
                    body,
                    op,
                    &format!(
                        "size/result mismatch at dim {i}: size operand={v} result type dim={d}"
                    ),
                ));
            }
        }
        let dim = source_dim(body, body.operand(op, 0), src.shape()[i], i);
        if dim != DYNAMIC {
            if let Some(v) = size.filter(|&v| v > i128::from(dim)) {
                return Err(op_error(
                    body,
                    op,
                    &format!("size at dim {i} ({v}) exceeds static source dim ({dim})"),
                ));
            }
            if let (Some(o), Some(v)) = (off, size) {
                if o + v > i128::from(dim) {
                    return Err(op_error(
                        body,
                        op,
                        &format!(
                            "offset+size at dim {i} ({}) exceeds static source dim ({dim})",
                            o + v
                        ),
                    ));
                }
            }
        }
    }
    Ok(())
}

/// Dimension `i` of tensor view `view` (of type dimension `typed`): the type's when
/// static, else the constant `make_tensor_view` gave it, else dynamic.
fn source_dim(body: &Body<'_>, view: pto_ir::ValueId, typed: i64, i: usize) -> i64 {
    if typed != DYNAMIC {
        return typed;
    }
    body.defining_op(view)
        .filter(|&d| body.op_name(d).as_str() == super::MakeTensorViewOp::NAME)
        .and_then(|d| {
            let shape = pto_ir::ods::operand_group(super::MakeTensorViewOp::spec(), body, d, 1);
            body.constant_int(*shape.get(i)?)
        })
        .and_then(|v| i64::try_from(v).ok())
        .unwrap_or(DYNAMIC)
}

// ---- alloc_tile, set_validshape ---------------------------------------------------------

pub(super) fn verify_alloc_tile<'c>(_: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
    let spec = super::AllocTileOp::spec();
    let Some(t) = TileBufType::from_type(body.value_type(body.result(op, 0))) else {
        return Ok(());
    };
    for (group, dim, operand, key) in [
        (1, t.valid_rows(), "valid_row", "v_row"),
        (2, t.valid_cols(), "valid_col", "v_col"),
    ] {
        let given = !pto_ir::ods::operand_group(spec, body, op, group).is_empty();
        if dim == DYNAMIC && !given {
            return Err(op_error(
                body,
                op,
                &format!("{operand} operand is required because result type {key} is ?"),
            ));
        }
        if dim != DYNAMIC && given {
            return Err(op_error(
                body,
                op,
                &format!("{operand} operand must be absent because result type {key} is {dim}"),
            ));
        }
    }
    Ok(())
}

/// `pointer_cast`: at least one offset, none negative when constant, and the valid
/// sizes both given or both absent (the syntax prints them as a pair). For a tile, they
/// are given exactly when the type has a dynamic valid size, and one given for a static
/// valid size must be that constant (what `pto-plan-memory` writes). The memref form
/// (PTOAS's lowered IR) may carry valid sizes from `bind_tile` whatever its shape.
pub(super) fn verify_pointer_cast<'c>(_: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
    let spec = super::PointerCastOp::spec();
    let addrs = pto_ir::ods::operand_group(spec, body, op, 0);
    if addrs.is_empty() {
        return Err(op_error(body, op, "expects at least one address operand"));
    }
    for (i, &a) in addrs.iter().enumerate() {
        if let Some(c) = body.constant_int(a).filter(|&c| c < 0) {
            return Err(op_error(
                body,
                op,
                &format!("expects address operand #{i} to be non-negative, got {c}"),
            ));
        }
    }
    let row = pto_ir::ods::operand_group(spec, body, op, 1);
    let col = pto_ir::ods::operand_group(spec, body, op, 2);
    if row.len() != col.len() {
        return Err(op_error(
            body,
            op,
            "expects valid_row and valid_col operands together or neither",
        ));
    }
    let Some(t) = TileBufType::from_type(body.value_type(body.result(op, 0))) else {
        return Ok(());
    };
    let dynamic = t.valid_rows() == DYNAMIC || t.valid_cols() == DYNAMIC;
    if dynamic && row.is_empty() {
        return Err(op_error(
            body,
            op,
            "valid_row and valid_col operands are required because the result type has a dynamic valid shape",
        ));
    }
    if !dynamic && !row.is_empty() {
        return Err(op_error(
            body,
            op,
            "valid_row and valid_col operands must be absent because the result type has a static valid shape",
        ));
    }
    for (operand, dim, name) in [
        (row.first(), t.valid_rows(), "valid_row"),
        (col.first(), t.valid_cols(), "valid_col"),
    ] {
        let Some(&v) = operand else { continue };
        if dim == DYNAMIC {
            continue;
        }
        if body.constant_int(v) != Some(i128::from(dim)) {
            return Err(op_error(
                body,
                op,
                &format!(
                    "expects {name} operand to be the constant {dim}, the static valid size of the result type"
                ),
            ));
        }
    }
    Ok(())
}

pub(super) fn verify_set_validshape<'c>(_: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
    let Some(t) = TileBufType::from_type(body.value_type(body.operand(op, 0))) else {
        // The memref form belongs to lowered IR.
        return Ok(());
    };
    if t.valid_rows() != DYNAMIC || t.valid_cols() != DYNAMIC {
        return Err(op_error(
            body,
            op,
            "expects source tile_buf to have dynamic validShape (?, ?)",
        ));
    }
    if body.defining_op(body.operand(op, 0)).is_none() {
        return Err(op_error(
            body,
            op,
            "requires a locally bound tile source; function arguments/results are unsupported",
        ));
    }
    for (k, what, n) in [(1, "row", t.rows()), (2, "col", t.cols())] {
        if let Some(v) = body.constant_int(body.operand(op, k)) {
            if v < 0 {
                return Err(op_error(
                    body,
                    op,
                    &format!("expects {what} operand to be non-negative"),
                ));
            }
            if v > i128::from(n) {
                return Err(op_error(
                    body,
                    op,
                    &format!("expects {what} operand <= shape dim ({n})"),
                ));
            }
        }
    }
    Ok(())
}

// ---- subset ------------------------------------------------------------------------------

/// The type of `pto.subset`: the source's placement and configuration with shape
/// `sizes`; a valid size is known when the source's is and the offset is constant.
fn subset_type<'c>(
    ctx: &'c Context,
    src: TileBufType<'c>,
    offsets: &[Option<i128>],
    sizes: &[i64],
) -> Type<'c> {
    let mut params = src
        .ty()
        .dialect_type()
        .map(|d| d.1.to_vec())
        .unwrap_or_default();
    let valid = [src.valid_rows(), src.valid_cols()];
    for i in 0..2 {
        params[tb::ROWS + i] = pto_ir::TypeParam::Int(sizes[i]);
        let v = match (valid[i], offsets.get(i).copied().flatten()) {
            (DYNAMIC, _) | (_, None) => DYNAMIC,
            (0, Some(_)) => 0,
            (pv, Some(o)) => {
                let rest = i128::from(pv) - o.rem_euclid(i128::from(pv));
                i128::from(sizes[i]).min(rest) as i64
            }
        };
        params[tb::VALID_ROWS + i] = pto_ir::TypeParam::Int(v);
    }
    TileBufType::def().get(ctx, &params)
}

/// `%src[%i, %j] sizes [R, C] {attrs} : !pto.tile_buf<...>` (the source's type).
pub(super) fn parse_subset<'c>(
    p: &mut dyn OpAsmParser<'c>,
    state: &mut OperationState<'c>,
) -> Result<(), ()> {
    let ctx = p.context();
    let src = expect_operand(p)?;
    p.parse_punct("[")?;
    let offsets = p.parse_operand_list()?;
    p.parse_punct("]")?;
    p.parse_keyword("sizes")?;
    let pos = p.current_pos();
    let sizes_attr = p.parse_attribute()?;
    let sizes: Option<Vec<i64>> = sizes_attr.as_array().and_then(|a| {
        a.iter()
            .map(|x| x.as_int().and_then(|v| i64::try_from(v).ok()))
            .collect()
    });
    let Some(sizes) = sizes else {
        p.emit_error_at(pos, "expected an array of integers for 'sizes'");
        return Err(());
    };
    p.parse_optional_attr_dict(state)?;
    p.parse_punct(":")?;
    let pos = p.current_pos();
    let ty = p.parse_type()?;
    let Some(tile) = TileBufType::from_type(ty) else {
        p.emit_error_at(pos, "expects tile_buf src and tile_buf result");
        return Err(());
    };
    if sizes.len() != 2 || sizes.iter().any(|&s| s <= 0) {
        p.emit_error_at(pos, "subset sizes must be two positive integers");
        return Err(());
    }
    state.operands.push(p.resolve_operand(&src, ty)?);
    let index = ctx.index_type();
    let mut known = Vec::new();
    for u in &offsets {
        let v = p.resolve_operand(u, index)?;
        known.push(p.constant_int(v));
        state.operands.push(v);
    }
    let i64_ty = ctx.int_type(64);
    let elems: Vec<Attribute<'c>> = sizes
        .iter()
        .map(|&s| ctx.int_attr(i64_ty, i128::from(s)))
        .collect();
    state.set_prop(ctx, "sizes", ctx.array_attr(&elems));
    state
        .result_types
        .push(subset_type(ctx, tile, &known, &sizes));
    Ok(())
}

pub(super) fn print_subset<'c>(p: &mut dyn OpAsmPrinter<'c>, body: &Body<'c>, op: OpId) {
    p.write(" ");
    p.print_operand(body, body.operand(op, 0));
    p.write("[");
    let offsets: Vec<_> = body.operands(op).skip(1).collect();
    print_operand_list(p, body, &offsets);
    p.write("] sizes ");
    if let Some(a) = body.attr(op, "sizes") {
        p.print_attribute(a);
    }
    pto_ir::asm::print_op_attrs(p, body, op, &["sizes"]);
    p.write(" : ");
    p.print_type(body.value_type(body.operand(op, 0)));
}

pub(super) fn verify_subset<'c>(ctx: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
    let (Some(src), Some(_)) = (
        TileBufType::from_type(body.value_type(body.operand(op, 0))),
        TileBufType::from_type(body.value_type(body.result(op, 0))),
    ) else {
        return Err(op_error(
            body,
            op,
            "expects tile_buf src and tile_buf result",
        ));
    };
    let sizes: Vec<i64> = body
        .attr(op, "sizes")
        .and_then(|a| a.as_array())
        .map(|a| {
            a.iter()
                .filter_map(|x| x.as_int())
                .map(|v| v as i64)
                .collect()
        })
        .unwrap_or_default();
    let offsets: Vec<_> = body.operands(op).skip(1).collect();
    if sizes.len() != 2 || offsets.len() != 2 {
        return Err(op_error(body, op, "expects rank-2 tilebuf for src/dst"));
    }
    if sizes.iter().any(|&s| s <= 0) {
        return Err(op_error(body, op, "subset sizes must be positive"));
    }
    let known: Vec<Option<i128>> = offsets.iter().map(|&v| body.constant_int(v)).collect();
    if known.iter().flatten().any(|&o| o < 0) {
        return Err(op_error(body, op, "subset offsets must be non-negative"));
    }
    if src.slayout() != SLayout::NoneBox {
        let (br, bc) = super::layout::box_shape(src);
        if sizes[0] % br != 0 || sizes[1] % bc != 0 {
            return Err(op_error(
                body,
                op,
                "boxed layout subset sizes must be multiples of inner shape",
            ));
        }
        if known[0].is_some_and(|o| o % i128::from(br) != 0)
            || known[1].is_some_and(|o| o % i128::from(bc) != 0)
        {
            return Err(op_error(
                body,
                op,
                "boxed layout subset offsets must be multiples of inner shape",
            ));
        }
        if src.blayout() == BLayout::RowMajor && (sizes[1] != src.cols() || known[1] != Some(0)) {
            return Err(op_error(
                body,
                op,
                "boxed RowMajor subset must keep full cols",
            ));
        }
        if src.blayout() == BLayout::ColMajor && (sizes[0] != src.rows() || known[0] != Some(0)) {
            return Err(op_error(
                body,
                op,
                "boxed ColMajor subset must keep full rows",
            ));
        }
    }
    let expected = subset_type(ctx, src, &known, &sizes);
    if expected != body.value_type(body.result(op, 0)) {
        return Err(op_error(
            body,
            op,
            &format!("inferred type {expected} does not match the result type"),
        ));
    }
    Ok(())
}

// ---- bitcast, treshape -----------------------------------------------------------------

fn two_tiles<'c>(
    body: &Body<'c>,
    op: OpId,
) -> Result<(TileBufType<'c>, TileBufType<'c>), Diagnostic<'c>> {
    match (
        TileBufType::from_type(body.value_type(body.operand(op, 0))),
        TileBufType::from_type(body.value_type(body.result(op, 0))),
    ) {
        (Some(a), Some(b)) => Ok((a, b)),
        _ => Err(op_error(
            body,
            op,
            "expects tile_buf src and tile_buf result",
        )),
    }
}

/// Storage bytes of a tile (static shape).
fn tile_bytes(t: TileBufType<'_>) -> i64 {
    t.rows() * t.cols() * super::layout::elem_bytes(t.dtype())
}

fn same_config(a: TileBufType<'_>, b: TileBufType<'_>) -> bool {
    (a.blayout(), a.slayout(), a.fractal(), a.pad(), a.compact())
        == (b.blayout(), b.slayout(), b.fractal(), b.pad(), b.compact())
}

pub(super) fn verify_bitcast<'c>(_: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
    let (src, res) = two_tiles(body, op)?;
    let checks: [(bool, &str); 5] = [
        (src.loc() == res.loc(), "expects src/result to have the same memorySpace"),
        (
            src.dtype() != res.dtype(),
            "expects src/result to have different element types; use pto.treshape for shape/config changes",
        ),
        (
            (src.rows(), src.cols()) == (res.rows(), res.cols()),
            "expects src/result to have the same shape; use pto.treshape for shape changes",
        ),
        (
            (src.valid_rows(), src.valid_cols()) == (res.valid_rows(), res.valid_cols()),
            "expects src/result to have the same validShape",
        ),
        (same_config(src, res), "expects src/result to have the same tile config"),
    ];
    for (ok, msg) in checks {
        if !ok {
            return Err(op_error(body, op, msg));
        }
    }
    if tile_bytes(res) > tile_bytes(src) {
        return Err(op_error(
            body,
            op,
            "bitcast result requires more bytes than source storage",
        ));
    }
    Ok(())
}

pub(super) fn verify_treshape<'c>(_: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
    let (src, res) = two_tiles(body, op)?;
    if src.loc() != res.loc() {
        return Err(op_error(
            body,
            op,
            "expects src/result to have the same memorySpace",
        ));
    }
    if tile_bytes(src) != tile_bytes(res) {
        return Err(op_error(
            body,
            op,
            "expects src/result to have the same total byte size",
        ));
    }
    if (src.slayout() == SLayout::NoneBox) != (res.slayout() == SLayout::NoneBox) {
        return Err(op_error(
            body,
            op,
            "expects src/result to be both boxed or both non-boxed",
        ));
    }
    Ok(())
}
