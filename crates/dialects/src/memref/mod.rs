//! The `memref` dialect (`td/memref/MemRefOps.td`): buffers, their views and
//! globals. This file holds the hooks the ODS records ask for: result names, the custom
//! directives of the formats, and the verifiers of allocation, access, casts and
//! globals; `views.rs` verifies the ops that reinterpret a buffer's shape. MLIR 22's
//! folders are in `fold.rs`, its canonicalization patterns in `canonicalize.rs`,
//! `canonicalize_subview.rs` and `canonicalize_reshape.rs`.
//!
//! The canonicalizations are MLIR 22's `MemRefOps.cpp` and `ReshapeOpsUtils.h`, checked
//! against mlir-opt in every traversal mode
//! (`lit-tests/transforms/canonicalize-memref.mlir`, `canonicalize-memref-folds.mlir`);
//! `layout.rs` holds what the verifiers share with them. The dialect materializes
//! constants as `arith.constant`. Memrefs with affine-map layouts have no strides here
//! (MLIR derives them from a strided map), so their casts do not fold into `copy`,
//! `subview` or `collapse_shape` as in MLIR; a `collapse_shape` of a cast whose source
//! collapses non-contiguously is left alone (mlir-opt 22 crashes on it).
//! `expand_strided_metadata.rs` is the `expand-strided-metadata` pass.
//!
//! Not yet: `DimOfMemRefReshape`, and the ops this dialect lacks (`memref.reshape`,
//! `transpose`, `realloc`, `alloca_scope`, `atomic_rmw`, `dma_*`, `assume_alignment`,
//! `memory_space_cast`).

use smallvec::SmallVec;

use pto_ir::asm::{OpAsmParser, OpAsmPrinter};
use pto_ir::ods::format::FormatState;
use pto_ir::ods::{OpSpec, Var};
use pto_ir::printer::type_to_string;
use pto_ir::{
    AttrKind, Attribute, Body, Context, Diagnostic, OpId, Type, TypeKind, ValueId, DYNAMIC,
};

mod canonicalize;
mod canonicalize_reshape;
mod canonicalize_subview;
pub mod expand_strided_metadata;
mod fold;
pub mod layout;
mod views;
pub use canonicalize::{
    canonicalization_patterns_alloc, canonicalization_patterns_alloca,
    canonicalization_patterns_copy, canonicalization_patterns_reinterpret_cast,
    canonicalization_patterns_view,
};
pub use canonicalize_reshape::{
    canonicalization_patterns_collapse_shape, canonicalization_patterns_expand_shape,
};
pub use canonicalize_subview::canonicalization_patterns_subview;
pub use fold::{
    fold_cast, fold_collapse_shape, fold_dim, fold_expand_shape, fold_reinterpret_cast,
    fold_subview, fold_view, materialize_constant,
};
use fold::{
    fold_in_place_cast, fold_in_place_copy, fold_in_place_dealloc, fold_in_place_dim,
    fold_in_place_extract_strided_metadata, fold_in_place_load, fold_in_place_prefetch,
    fold_in_place_reinterpret_cast, fold_in_place_store, speculatability_dim,
};
use views::*;

mod ods {
    include!(concat!(env!("OUT_DIR"), "/memref_ods.rs"));
}
pub use ods::*;

/// The `reassociation` groups of a `collapse_shape`/`expand_shape` (`[[0, 1], [2]]`).
pub fn reassociation_groups(body: &Body<'_>, op: OpId) -> Vec<Vec<i64>> {
    views::reassociation(body, op)
        .into_iter()
        .map(|g| g.to_vec())
        .collect()
}

fn op_error<'c>(body: &Body<'c>, op: OpId, msg: &str) -> Diagnostic<'c> {
    pto_ir::verifier::op_error(body, op, msg)
}

/// An error on the op without the `'name' op` prefix (MLIR's `Operation::emitError`).
fn plain_error<'c>(body: &Body<'c>, op: OpId, msg: String) -> Diagnostic<'c> {
    Diagnostic::error(body.op_loc(op), msg)
}

fn quoted(t: Type<'_>) -> String {
    format!("'{}'", type_to_string(t))
}

// ---- result names -------------------------------------------------------------------------

macro_rules! named_results {
    ($($hook:ident => $name:literal),* $(,)?) => {$(
        fn $hook(_b: &Body<'_>, _op: OpId, set: &mut dyn FnMut(usize, &str)) {
            set(0, $name);
        }
    )*};
}

named_results! {
    result_names_alloc => "alloc",
    result_names_alloca => "alloca",
    result_names_cast => "cast",
    result_names_dim => "dim",
    result_names_reinterpret_cast => "reinterpret_cast",
    result_names_collapse_shape => "collapse_shape",
    result_names_expand_shape => "expand_shape",
    result_names_subview => "subview",
    result_names_view => "view",
}

// ---- custom directives --------------------------------------------------------------------

/// `custom<DynamicIndexList>($values, $static)`: `[0, %a, 4]`, where each SSA value
/// stands for a dynamic entry of the static list.
pub(crate) fn parse_dynamic_index_list<'c>(
    p: &mut dyn OpAsmParser<'c>,
    fs: &mut FormatState<'c>,
    args: &[Var],
) -> Result<(), ()> {
    let (Some(&Var::Operand(group)), Some(&Var::Attr(attr))) = (args.first(), args.get(1)) else {
        p.emit_error("custom<DynamicIndexList> expects an operand group and an attribute");
        return Err(());
    };
    let ctx = p.context();
    let mut statics: SmallVec<[i64; 4]> = SmallVec::new();
    p.parse_punct("[")?;
    if !p.parse_optional_punct("]") {
        loop {
            if let Some(u) = p.parse_optional_operand()? {
                fs.operands[group as usize].push(u);
                statics.push(DYNAMIC);
            } else {
                let value = p
                    .parse_optional_attribute(Some(ctx.int_type(64)))?
                    .and_then(|a| a.as_int())
                    .filter(|v| i64::try_from(*v).is_ok());
                let Some(v) = value else {
                    p.emit_error("expected integer value");
                    return Err(());
                };
                statics.push(v as i64);
            }
            if !p.parse_optional_punct(",") {
                break;
            }
        }
        p.parse_punct("]")?;
    }
    let n = fs.operands[group as usize].len();
    fs.set_types(Var::Operand(group), &vec![ctx.index_type(); n]);
    fs.attrs[attr as usize] = Some(ctx.dense_int_array(64, &statics));
    Ok(())
}

pub(crate) fn print_dynamic_index_list<'c>(
    p: &mut dyn OpAsmPrinter<'c>,
    body: &Body<'c>,
    op: OpId,
    spec: &'static OpSpec,
    args: &[Var],
) {
    let (Some(&Var::Operand(group)), Some(&Var::Attr(attr))) = (args.first(), args.get(1)) else {
        return;
    };
    let values = pto_ir::ods::operand_group(spec, body, op, group as usize);
    let statics = body
        .attr(op, spec.attrs[attr as usize].name)
        .and_then(Attribute::dense_int_values)
        .unwrap_or_default();
    p.write("[");
    let mut next = values.iter();
    for (i, &s) in statics.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        match (s == DYNAMIC).then(|| next.next()).flatten() {
            Some(&v) => p.print_operand(body, v),
            None => p.write(&s.to_string()),
        }
    }
    p.write("]");
}

/// The tensor type with a memref's shape and element type (the type of its initial value).
fn tensor_of<'c>(ctx: &'c Context, t: Type<'c>) -> Option<Type<'c>> {
    let TypeKind::MemRef { shape, element, .. } = *t.kind() else {
        return None;
    };
    Some(ctx.ranked_tensor_type(shape, element, None))
}

/// `custom<GlobalMemrefOpTypeAndInitialValue>($type, $initial_value)`:
/// `memref<4xf32> [= dense<...> | = uninitialized]`.
fn parse_global_memref_op_type_and_initial_value<'c>(
    p: &mut dyn OpAsmParser<'c>,
    fs: &mut FormatState<'c>,
    args: &[Var],
) -> Result<(), ()> {
    let (Some(&Var::Attr(ty_attr)), Some(&Var::Attr(init_attr))) = (args.first(), args.get(1))
    else {
        p.emit_error("custom<GlobalMemrefOpTypeAndInitialValue> expects two attributes");
        return Err(());
    };
    let ctx = p.context();
    let t = p.parse_type()?;
    let static_memref = matches!(t.kind(), TypeKind::MemRef { .. }) && t.num_elements().is_some();
    if !static_memref {
        p.emit_error(&format!(
            "type should be static shaped memref, but got {}",
            quoted(t)
        ));
        return Err(());
    }
    fs.attrs[ty_attr as usize] = Some(ctx.type_attr(t));
    if !p.parse_optional_punct("=") {
        return Ok(());
    }
    if p.parse_optional_keyword("uninitialized") {
        fs.attrs[init_attr as usize] = Some(ctx.unit_attr());
        return Ok(());
    }
    let a = p.parse_attribute_of(tensor_of(ctx, t))?;
    if !is_elements(a) {
        p.emit_error("initial value should be a unit or elements attribute");
        return Err(());
    }
    fs.attrs[init_attr as usize] = Some(a);
    Ok(())
}

fn print_global_memref_op_type_and_initial_value<'c>(
    p: &mut dyn OpAsmPrinter<'c>,
    body: &Body<'c>,
    op: OpId,
    _spec: &'static OpSpec,
    _args: &[Var],
) {
    if let Some(AttrKind::Type(t)) = body.attr(op, "type").map(|a| a.kind()) {
        p.print_type(*t);
    }
    match body.attr(op, "initial_value") {
        None => {}
        Some(a) if matches!(a.kind(), AttrKind::Unit) => p.write(" = uninitialized"),
        Some(a) => {
            p.write(" = ");
            p.print_attribute_without_type(a);
        }
    }
}

/// `custom<PrefetchHints>($isWrite, $localityHint, $isDataCache)`:
/// `read|write, locality<0..3>, data|instr`.
fn parse_prefetch_hints<'c>(
    p: &mut dyn OpAsmParser<'c>,
    fs: &mut FormatState<'c>,
    args: &[Var],
) -> Result<(), ()> {
    let (Some(&Var::Attr(write)), Some(&Var::Attr(locality)), Some(&Var::Attr(data))) =
        (args.first(), args.get(1), args.get(2))
    else {
        p.emit_error("custom<PrefetchHints> expects three attributes");
        return Err(());
    };
    let ctx = p.context();
    let is_write = match p.parse_optional_any_keyword().as_deref() {
        Some("read") => false,
        Some("write") => true,
        _ => {
            p.emit_error_at(p.op_name_pos(), "rw specifier has to be 'read' or 'write'");
            return Err(());
        }
    };
    p.parse_punct(",")?;
    p.parse_keyword("locality")?;
    p.parse_punct("<")?;
    // As MLIR, an attribute of type i32 (its own errors: "expected attribute value").
    let hint = p.parse_attribute_of(Some(ctx.int_type(32)))?;
    if hint.as_int().is_none() {
        p.emit_error("expected an integer locality hint");
        return Err(());
    }
    p.parse_punct(">")?;
    p.parse_punct(",")?;
    let is_data = match p.parse_optional_any_keyword().as_deref() {
        Some("data") => true,
        Some("instr") => false,
        _ => {
            p.emit_error_at(p.op_name_pos(), "cache type has to be 'data' or 'instr'");
            return Err(());
        }
    };
    let bool_attr = |b: bool| ctx.int_attr(ctx.int_type(1), i128::from(b));
    fs.attrs[write as usize] = Some(bool_attr(is_write));
    fs.attrs[locality as usize] = Some(hint);
    fs.attrs[data as usize] = Some(bool_attr(is_data));
    Ok(())
}

fn print_prefetch_hints<'c>(
    p: &mut dyn OpAsmPrinter<'c>,
    body: &Body<'c>,
    op: OpId,
    _spec: &'static OpSpec,
    _args: &[Var],
) {
    let flag = |name: &str| body.attr(op, name).and_then(|a| a.as_int()) == Some(1);
    let hint = body
        .attr(op, "localityHint")
        .and_then(|a| a.as_int())
        .unwrap_or(0);
    p.write(if flag("isWrite") { "write" } else { "read" });
    p.write(&format!(", locality<{hint}>, "));
    p.write(if flag("isDataCache") { "data" } else { "instr" });
}

fn is_elements(a: Attribute<'_>) -> bool {
    matches!(
        a.kind(),
        AttrKind::DenseElements { .. } | AttrKind::DenseResource { .. }
    )
}

// ---- verifiers ----------------------------------------------------------------------------

fn memref_of<'c>(body: &Body<'c>, v: ValueId) -> Type<'c> {
    body.value_type(v)
}

/// MLIR's `verifyDynamicDimensionCount`.
fn verify_dynamic_count<'c>(
    body: &Body<'c>,
    op: OpId,
    t: Type<'c>,
    n: usize,
) -> Result<(), Diagnostic<'c>> {
    let expected = t
        .shape()
        .map_or(0, |s| s.iter().filter(|&&d| d == DYNAMIC).count());
    if n != expected {
        return Err(op_error(
            body,
            op,
            &format!("incorrect number of dynamic sizes, has {n}, expected {expected}"),
        ));
    }
    Ok(())
}

/// The number of symbols a memref layout binds: an affine map's symbols, or one per
/// dynamic offset and stride of a strided layout.
fn layout_symbols(t: Type<'_>) -> usize {
    let TypeKind::MemRef {
        layout: Some(l), ..
    } = *t.kind()
    else {
        return 0;
    };
    match l.kind() {
        AttrKind::AffineMap(m) => m.num_symbols as usize,
        AttrKind::Strided { offset, strides } => {
            usize::from(*offset == DYNAMIC) + strides.iter().filter(|&&s| s == DYNAMIC).count()
        }
        _ => 0,
    }
}

fn verify_alloc_like<'c>(body: &Body<'c>, op: OpId, spec: &OpSpec) -> Result<(), Diagnostic<'c>> {
    let t = body.value_type(body.result(op, 0));
    if !matches!(t.kind(), TypeKind::MemRef { .. }) {
        return Err(op_error(body, op, "result must be a memref"));
    }
    let sizes = pto_ir::ods::operand_group(spec, body, op, 0);
    verify_dynamic_count(body, op, t, sizes.len())?;
    let symbols = pto_ir::ods::operand_group(spec, body, op, 1).len();
    let expected = layout_symbols(t);
    if symbols != expected {
        return Err(op_error(
            body,
            op,
            &format!(
                "symbol operand count does not equal memref symbol count: expected {expected}, got {symbols}"
            ),
        ));
    }
    Ok(())
}

fn verify_alloc<'c>(_ctx: &'c Context, body: &Body<'c>, op: OpId) -> Result<(), Diagnostic<'c>> {
    verify_alloc_like(body, op, AllocOp::spec())
}

fn verify_alloca<'c>(_ctx: &'c Context, body: &Body<'c>, op: OpId) -> Result<(), Diagnostic<'c>> {
    verify_alloc_like(body, op, AllocaOp::spec())
}

fn rank(t: Type<'_>) -> usize {
    t.shape().map_or(0, <[i64]>::len)
}

fn verify_load<'c>(_ctx: &'c Context, body: &Body<'c>, op: OpId) -> Result<(), Diagnostic<'c>> {
    let l = LoadOp(op);
    let r = rank(memref_of(body, l.memref(body)));
    let n = l.indices(body).len();
    if n != r {
        return Err(op_error(
            body,
            op,
            &format!("incorrect number of indices for load, expected {r} but got {n}"),
        ));
    }
    Ok(())
}

fn verify_prefetch<'c>(_ctx: &'c Context, body: &Body<'c>, op: OpId) -> Result<(), Diagnostic<'c>> {
    let pf = PrefetchOp(op);
    if pf.indices(body).len() != rank(memref_of(body, pf.memref(body))) {
        return Err(op_error(body, op, "too few indices"));
    }
    Ok(())
}

fn verify_store<'c>(_ctx: &'c Context, body: &Body<'c>, op: OpId) -> Result<(), Diagnostic<'c>> {
    let s = StoreOp(op);
    if s.indices(body).len() != rank(memref_of(body, s.memref(body))) {
        return Err(op_error(
            body,
            op,
            "store index operand count not equal to memref rank",
        ));
    }
    Ok(())
}

/// Static values agree unless both are known and differ.
fn compatible(a: i64, b: i64) -> bool {
    a == DYNAMIC || b == DYNAMIC || a == b
}

/// MLIR's `CastOp::areCastCompatible` for memrefs.
fn cast_compatible(a: Type<'_>, b: Type<'_>) -> bool {
    match (*a.kind(), *b.kind()) {
        (
            TypeKind::MemRef {
                shape: sa,
                element: ea,
                memory_space: ma,
                layout: la,
            },
            TypeKind::MemRef {
                shape: sb,
                element: eb,
                memory_space: mb,
                layout: lb,
            },
        ) => {
            if ea != eb || ma != mb || sa.len() != sb.len() {
                return false;
            }
            if !sa.iter().zip(sb).all(|(&x, &y)| compatible(x, y)) {
                return false;
            }
            if la == lb {
                return true;
            }
            // Different layouts must both be strided, with compatible strides.
            match (a.strides_and_offset(), b.strides_and_offset()) {
                (Some((st_a, off_a)), Some((st_b, off_b))) => {
                    compatible(off_a, off_b)
                        && st_a.iter().zip(&st_b).all(|(&x, &y)| compatible(x, y))
                }
                _ => false,
            }
        }
        (
            TypeKind::UnrankedMemRef {
                element: ea,
                memory_space: ma,
            },
            TypeKind::MemRef {
                element: eb,
                memory_space: mb,
                ..
            },
        )
        | (
            TypeKind::MemRef {
                element: ea,
                memory_space: ma,
                ..
            },
            TypeKind::UnrankedMemRef {
                element: eb,
                memory_space: mb,
            },
        ) => ea == eb && ma == mb,
        _ => false,
    }
}

fn verify_cast<'c>(_ctx: &'c Context, body: &Body<'c>, op: OpId) -> Result<(), Diagnostic<'c>> {
    let from = body.value_type(body.operand(op, 0));
    let to = body.value_type(body.result(op, 0));
    if !cast_compatible(from, to) {
        return Err(op_error(
            body,
            op,
            &format!(
                "operand type {} and result type {} are cast incompatible",
                quoted(from),
                quoted(to)
            ),
        ));
    }
    Ok(())
}

fn shape_text(shape: &[i64]) -> String {
    shape
        .iter()
        .map(|d| d.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

fn verify_global<'c>(_ctx: &'c Context, body: &Body<'c>, op: OpId) -> Result<(), Diagnostic<'c>> {
    let Some(AttrKind::Type(t)) = body.attr(op, "type").map(|a| *a.kind()) else {
        return Ok(());
    };
    let TypeKind::MemRef { shape, element, .. } = *t.kind() else {
        return Err(op_error(
            body,
            op,
            &format!("type should be static shaped memref, but got {}", quoted(t)),
        ));
    };
    if t.num_elements().is_none() {
        return Err(op_error(
            body,
            op,
            &format!("type should be static shaped memref, but got {}", quoted(t)),
        ));
    }
    let Some(init) = body.attr(op, "initial_value") else {
        return Ok(());
    };
    if matches!(init.kind(), AttrKind::Unit) {
        return Ok(());
    }
    if !is_elements(init) {
        let text = pto_ir::printer::attr_to_string(init);
        return Err(op_error(
            body,
            op,
            &format!("initial value should be a unit or elements attribute, but got {text}"),
        ));
    }
    let Some(it) = init.ty() else { return Ok(()) };
    if let Some(ie) = it.element_type() {
        if ie != element {
            return Err(op_error(
                body,
                op,
                &format!(
                    "initial value element expected to be of type {}, but was of type {}",
                    quoted(element),
                    quoted(ie)
                ),
            ));
        }
    }
    let ishape = it.shape().unwrap_or(&[]);
    if ishape != shape {
        return Err(op_error(
            body,
            op,
            &format!(
                "initial value shape expected to be {} but was {}",
                shape_text(shape),
                shape_text(ishape)
            ),
        ));
    }
    Ok(())
}

fn memory_space(t: Type<'_>) -> Option<Attribute<'_>> {
    match *t.kind() {
        TypeKind::MemRef { memory_space, .. } | TypeKind::UnrankedMemRef { memory_space, .. } => {
            memory_space
        }
        _ => None,
    }
}

fn has_identity_layout(t: Type<'_>) -> bool {
    matches!(t.kind(), TypeKind::MemRef { layout: None, .. })
}

fn verify_view<'c>(_ctx: &'c Context, body: &Body<'c>, op: OpId) -> Result<(), Diagnostic<'c>> {
    let base = body.value_type(body.operand(op, 0));
    let view = body.value_type(body.result(op, 0));
    if !has_identity_layout(base) {
        return Err(plain_error(
            body,
            op,
            format!("unsupported map for base memref type {}", quoted(base)),
        ));
    }
    if !has_identity_layout(view) {
        return Err(plain_error(
            body,
            op,
            format!("unsupported map for result memref type {}", quoted(view)),
        ));
    }
    if memory_space(base) != memory_space(view) {
        return Err(plain_error(
            body,
            op,
            format!(
                "different memory spaces specified for base memref type {} and view memref type {}",
                quoted(base),
                quoted(view)
            ),
        ));
    }
    verify_dynamic_count(body, op, view, ViewOp(op).sizes(body).len())
}

fn verify_symbol_uses_get_global<'b, 'c>(
    _ctx: &'c Context,
    body: &'b Body<'c>,
    op: OpId,
    table: &pto_ir::symbol_table::SymbolTable<'b, 'c>,
) -> Result<(), Diagnostic<'c>> {
    let name = match body.attr(op, "name").map(|a| *a.kind()) {
        Some(AttrKind::SymbolRef { root, .. }) => root.as_str(),
        _ => return Ok(()),
    };
    let global = table
        .lookup(name)
        .filter(|(b, g)| b.op_name(*g).as_str() == GlobalOp::NAME);
    let Some((gb, g)) = global else {
        return Err(op_error(
            body,
            op,
            &format!("'{name}' does not reference a valid global memref"),
        ));
    };
    let result = body.value_type(body.result(op, 0));
    if let Some(AttrKind::Type(t)) = gb.attr(g, "type").map(|a| *a.kind()) {
        if t != result {
            return Err(op_error(
                body,
                op,
                &format!(
                    "result type {} does not match type {} of the global memref @{name}",
                    quoted(result),
                    quoted(t)
                ),
            ));
        }
    }
    Ok(())
}
