//! The `vector` dialect (`td/vector/VectorOps.td`), MLIR 22's subset that kernels
//! need: memory access (`load`, `store`, masked forms, `transfer_read`/`transfer_write`),
//! `broadcast`, `extract`/`insert`, `from_elements`/`to_elements`, `shuffle`, strided
//! slices, `bitcast`, `shape_cast`, masks, `step`, `fma` and `reduction`.
//! This file holds the custom syntax of the transfer ops and their memory effects;
//! `verify.rs` holds the verifiers. MLIR 22 removed `vector.splat`,
//! `vector.extractelement` and `vector.insertelement` (`broadcast`, `extract` and
//! `insert` replace them), so they are not defined here either.
//!
//! Syntax: the transfer ops elide the default minor-identity `permutation_map` and an
//! all-false `in_bounds`, and infer the mask type from the vector type and the map;
//! `extract`/`insert` take static, dynamic and poison positions through memref's
//! `custom<DynamicIndexList>`; `reduction` has a `#vector.kind<...>` enum attribute, an
//! optional accumulator and `#arith.fastmath`; `shuffle` infers its result type. The
//! elements ops are in `verify_slices.rs`, `fold_elements.rs`, `canonicalize_elements.rs`
//! and `bitcast.rs`. The "same element type" `PredOpTrait`s are ODS checks
//! (`TraitCheck::SameElementType`).
//!
//! Canonicalization is MLIR 22's (`fold.rs`, `fold_extract_in_place.rs`,
//! `fold_memory.rs`, `canonicalize.rs`, `canonicalize_mask.rs`,
//! `canonicalize_memory.rs`, `canonicalize_elements.rs`), checked against mlir-opt in
//! every traversal mode (`lit-tests/transforms/canonicalize-vector*.mlir`); the dialect
//! materializes constants (`ub.poison`, else `arith.constant`).
//!
//! Not yet: the rest of MLIR's `vector` dialect (contractions, transposes, gathers, mask
//! regions, ...) and the tensor transfer patterns (`FoldWaw`,
//! `TransferReadAfterWriteToBroadcast`, read-of-write folds, dead writes: they need
//! tensors with `tensor` ops).

use pto_ir::asm::{OpAsmParser, OpAsmPrinter};
use pto_ir::{
    AffineExpr, AffineMap, AttrKind, Attribute, Body, Context, NamedAttribute, OpId,
    OperationState, Type, TypeKind,
};

pub(crate) use crate::memref::{parse_dynamic_index_list, print_dynamic_index_list};

mod bitcast;
mod canonicalize;
mod canonicalize_elements;
mod canonicalize_mask;
mod canonicalize_memory;
mod fold;
mod fold_elements;
mod fold_extract_in_place;
mod fold_memory;
mod verify;
mod verify_slices;
pub use bitcast::fold_bitcast;
use bitcast::fold_in_place_bitcast;
use bitcast::verify_bitcast;
use canonicalize::*;
use canonicalize_elements::*;
use canonicalize_memory::*;
pub use fold::{
    fold_broadcast, fold_constant_mask, fold_extract, fold_insert, fold_shape_cast,
    materialize_constant,
};
use fold::{
    fold_in_place_broadcast, fold_in_place_extract, fold_in_place_insert, fold_in_place_shape_cast,
};
pub use fold_elements::{
    fold_extract_strided_slice, fold_from_elements, fold_insert_strided_slice, fold_shuffle,
    fold_to_elements,
};
use fold_memory::{
    fold_in_place_load, fold_in_place_maskedload, fold_in_place_maskedstore, fold_in_place_store,
    fold_in_place_transfer_read, fold_in_place_transfer_write,
};
use verify::*;
pub use verify::{kind_keyword, kind_supports};
pub use verify_slices::{i64_array, i64_array_attr};
pub use verify_slices::{infer_return_types_shuffle, infer_return_types_to_elements};
use verify_slices::{verify_extract_strided_slice, verify_insert_strided_slice, verify_shuffle};

mod ods {
    include!(concat!(env!("OUT_DIR"), "/vector_ods.rs"));
}
pub use ods::*;

/// The position value MLIR uses for a poison index in `extract`/`insert`.
pub const POISON_INDEX: i64 = -1;

// ---- type and attribute helpers ---------------------------------------------------------------

/// Shape, scalable flags and element type of a vector type.
pub fn vector_parts<'c>(t: Type<'c>) -> Option<(&'c [i64], &'c [bool], Type<'c>)> {
    match *t.kind() {
        TypeKind::Vector {
            shape,
            scalable,
            element,
        } => Some((shape, scalable, element)),
        _ => None,
    }
}

/// The affine map held by an `AffineMapAttr`.
pub fn affine_map_of(a: Attribute<'_>) -> Option<AffineMap<'_>> {
    match *a.kind() {
        AttrKind::AffineMap(m) => Some(m),
        _ => None,
    }
}

/// The values of a `BoolArrayAttr` (`[true, false]`).
pub fn bool_array(a: Attribute<'_>) -> Option<Vec<bool>> {
    match a.kind() {
        AttrKind::Array(items) => items.iter().map(|i| i.as_int().map(|v| v != 0)).collect(),
        _ => None,
    }
}

/// `[b0, b1, ...]` as a `BoolArrayAttr`.
pub fn bool_array_attr<'c>(ctx: &'c Context, values: &[bool]) -> Attribute<'c> {
    let items: Vec<Attribute<'c>> = values
        .iter()
        .map(|&b| ctx.int_attr(ctx.int_type(1), i128::from(b)))
        .collect();
    ctx.array_attr(&items)
}

/// An `AffineMapAttr`.
pub fn affine_map_attr<'c>(
    ctx: &'c Context,
    num_dims: u32,
    results: &[AffineExpr<'_>],
) -> Attribute<'c> {
    ctx.affine_map_attr(AffineMap {
        num_dims,
        num_symbols: 0,
        results,
    })
}

/// Whether `map` is a minor identity: no symbols, and the results are the last dims in
/// order (`(d0, d1, d2) -> (d1, d2)`).
pub fn is_minor_identity(map: &AffineMap<'_>) -> bool {
    let n = map.results.len() as u32;
    map.num_symbols == 0
        && n <= map.num_dims
        && map
            .results
            .iter()
            .enumerate()
            .all(|(i, e)| *e == AffineExpr::Dim(map.num_dims - n + i as u32))
}

/// The rank of the element type when it is itself a vector (memrefs of vectors), else 0.
fn element_vector_rank(shaped: Type<'_>) -> usize {
    shaped
        .element_type()
        .and_then(|e| e.shape())
        .map_or(0, <[i64]>::len)
}

/// MLIR's default permutation map of a transfer: the minor identity from the shaped
/// type's rank to the vector's rank (less the rank of a vector element type).
pub fn transfer_minor_identity<'c>(
    ctx: &'c Context,
    shaped: Type<'c>,
    vector: Type<'c>,
) -> Attribute<'c> {
    let rank = shaped.shape().map_or(0, <[i64]>::len) as u32;
    let n = vector
        .shape()
        .map_or(0, <[i64]>::len)
        .saturating_sub(element_vector_rank(shaped)) as u32;
    let n = n.min(rank);
    let results: Vec<AffineExpr<'_>> = (rank - n..rank).map(AffineExpr::Dim).collect();
    affine_map_attr(ctx, rank, &results)
}

/// MLIR's `inferTransferOpMaskType`: the vector's sizes of the dims the map reads, in
/// memory-dimension order (broadcast dims are not masked); a 0-D mask is `vector<1xi1>`.
pub fn transfer_mask_type<'c>(ctx: &'c Context, vector: Type<'c>, map: &AffineMap<'_>) -> Type<'c> {
    let (shape, scalable, _) = vector_parts(vector).unwrap_or((&[], &[], vector));
    let mut mask_shape = Vec::new();
    let mut mask_scalable = Vec::new();
    for d in 0..map.num_dims {
        if let Some(j) = map.results.iter().position(|e| *e == AffineExpr::Dim(d)) {
            mask_shape.push(shape.get(j).copied().unwrap_or(1));
            mask_scalable.push(scalable.get(j).copied().unwrap_or(false));
        }
    }
    if mask_shape.is_empty() {
        mask_shape.push(1);
        mask_scalable.push(false);
    }
    let scalable = ctx.alloc_slice(&mask_scalable);
    let shape = ctx.alloc_slice(&mask_shape);
    ctx.scalable_vector_type(shape, scalable, ctx.int_type(1))
}

// ---- transfer_read / transfer_write syntax ----------------------------------------------------

fn expect_operand(p: &mut dyn OpAsmParser<'_>) -> Result<pto_ir::asm::UnresolvedOperand, ()> {
    p.parse_operand()
}

/// `[%i, %j]`.
fn parse_indices(p: &mut dyn OpAsmParser<'_>) -> Result<Vec<pto_ir::asm::UnresolvedOperand>, ()> {
    p.parse_punct("[")?;
    if p.parse_optional_punct("]") {
        return Ok(Vec::new());
    }
    let v = p.parse_operand_list()?;
    p.parse_punct("]")?;
    Ok(v)
}

fn get_prop<'c>(state: &OperationState<'c>, name: &str) -> Option<Attribute<'c>> {
    state.props.and_then(|d| d.dict_get(name))
}

/// What both transfer parsers do after the types: default `permutation_map` and
/// `in_bounds`, and the mask's type (inferred from the vector type and the map). Returns
/// the mask type when a mask was written.
fn transfer_defaults<'c>(
    p: &mut dyn OpAsmParser<'c>,
    state: &mut OperationState<'c>,
    shaped: Type<'c>,
    vector: Type<'c>,
    types_pos: u32,
    has_mask: Option<u32>,
) -> Result<Option<Type<'c>>, ()> {
    let ctx = p.context();
    let map_attr = match get_prop(state, "permutation_map") {
        Some(a) => a,
        None => {
            let vrank = vector.shape().map_or(0, <[i64]>::len);
            let effective = vrank.saturating_sub(element_vector_rank(shaped));
            if shaped.shape().map_or(0, <[i64]>::len) < effective {
                p.emit_error_at(
                    types_pos,
                    "expected a custom permutation_map when rank(source) != rank(destination)",
                );
                return Err(());
            }
            let a = transfer_minor_identity(ctx, shaped, vector);
            state.set_prop(ctx, "permutation_map", a);
            a
        }
    };
    let Some(map) = affine_map_of(map_attr) else {
        p.emit_error_at(types_pos, "expected an affine map for 'permutation_map'");
        return Err(());
    };
    if get_prop(state, "in_bounds").is_none() {
        let a = bool_array_attr(ctx, &vec![false; map.results.len()]);
        state.set_prop(ctx, "in_bounds", a);
    }
    let Some(mask_pos) = has_mask else {
        return Ok(None);
    };
    if shaped.element_type().is_some_and(|e| e.shape().is_some()) {
        p.emit_error_at(mask_pos, "does not support masks with vector element type");
        return Err(());
    }
    if vector.shape().map_or(0, <[i64]>::len) != map.results.len() {
        p.emit_error_at(
            types_pos,
            "expected the same rank for the vector and the results of the permutation map",
        );
        return Err(());
    }
    Ok(Some(transfer_mask_type(ctx, vector, &map)))
}

fn is_memref_or_ranked_tensor(t: Type<'_>) -> bool {
    matches!(
        t.kind(),
        TypeKind::MemRef { .. } | TypeKind::RankedTensor { .. }
    )
}

/// `%base[%i...], %pad [, %mask] attr-dict : shaped-type, vector-type`.
fn parse_transfer_read<'c>(
    p: &mut dyn OpAsmParser<'c>,
    state: &mut OperationState<'c>,
) -> Result<(), ()> {
    let ctx = p.context();
    let base = expect_operand(p)?;
    let indices = parse_indices(p)?;
    p.parse_punct(",")?;
    let pad = expect_operand(p)?;
    let mut mask = None;
    if p.parse_optional_punct(",") {
        let pos = p.current_pos();
        mask = Some((expect_operand(p)?, pos));
    }
    p.parse_optional_attr_dict(state)?;
    let types_pos = p.current_pos();
    p.parse_punct(":")?;
    let types = p.parse_type_list()?;
    if types.len() != 2 {
        p.emit_error_at(types_pos, "requires two types");
        return Err(());
    }
    let (shaped, vector) = (types[0], types[1]);
    if !is_memref_or_ranked_tensor(shaped) {
        p.emit_error_at(types_pos, "requires memref or ranked tensor type");
        return Err(());
    }
    if vector_parts(vector).is_none() {
        p.emit_error_at(types_pos, "requires vector type");
        return Err(());
    }
    let mask_ty = transfer_defaults(
        p,
        state,
        shaped,
        vector,
        types_pos,
        mask.as_ref().map(|m| m.1),
    )?;
    let v = p.resolve_operand(&base, shaped)?;
    state.operands.push(v);
    for i in &indices {
        let v = p.resolve_operand(i, ctx.index_type())?;
        state.operands.push(v);
    }
    let elem = shaped.element_type().unwrap_or(shaped);
    let v = p.resolve_operand(&pad, elem)?;
    state.operands.push(v);
    if let (Some((m, _)), Some(t)) = (&mask, mask_ty) {
        let v = p.resolve_operand(m, t)?;
        state.operands.push(v);
    }
    let sizes = [1, indices.len() as i32, 1, i32::from(mask.is_some())];
    state.set_prop(
        ctx,
        "operandSegmentSizes",
        pto_ir::ods::format::dense_i32_array(ctx, &sizes),
    );
    state.result_types.push(vector);
    Ok(())
}

/// `%v, %base[%i...] [, %mask] attr-dict : vector-type, shaped-type`.
fn parse_transfer_write<'c>(
    p: &mut dyn OpAsmParser<'c>,
    state: &mut OperationState<'c>,
) -> Result<(), ()> {
    let ctx = p.context();
    let value = expect_operand(p)?;
    p.parse_punct(",")?;
    let base = expect_operand(p)?;
    let indices = parse_indices(p)?;
    let mut mask = None;
    if p.parse_optional_punct(",") {
        let pos = p.current_pos();
        mask = Some((expect_operand(p)?, pos));
    }
    p.parse_optional_attr_dict(state)?;
    let types_pos = p.current_pos();
    p.parse_punct(":")?;
    let types = p.parse_type_list()?;
    if types.len() != 2 {
        p.emit_error_at(types_pos, "requires two types");
        return Err(());
    }
    let (vector, shaped) = (types[0], types[1]);
    if vector_parts(vector).is_none() {
        p.emit_error_at(types_pos, "requires vector type");
        return Err(());
    }
    if !is_memref_or_ranked_tensor(shaped) {
        p.emit_error_at(types_pos, "requires memref or ranked tensor type");
        return Err(());
    }
    let mask_ty = transfer_defaults(
        p,
        state,
        shaped,
        vector,
        types_pos,
        mask.as_ref().map(|m| m.1),
    )?;
    let v = p.resolve_operand(&value, vector)?;
    state.operands.push(v);
    let v = p.resolve_operand(&base, shaped)?;
    state.operands.push(v);
    for i in &indices {
        let v = p.resolve_operand(i, ctx.index_type())?;
        state.operands.push(v);
    }
    if let (Some((m, _)), Some(t)) = (&mask, mask_ty) {
        let v = p.resolve_operand(m, t)?;
        state.operands.push(v);
    }
    let sizes = [1, 1, indices.len() as i32, i32::from(mask.is_some())];
    state.set_prop(
        ctx,
        "operandSegmentSizes",
        pto_ir::ods::format::dense_i32_array(ctx, &sizes),
    );
    if matches!(shaped.kind(), TypeKind::RankedTensor { .. }) {
        state.result_types.push(shaped);
    }
    Ok(())
}

/// The attr-dict of a transfer op: the segment sizes never, a minor-identity map and an
/// all-false `in_bounds` elided.
fn print_transfer_attrs<'c>(p: &mut dyn OpAsmPrinter<'c>, body: &Body<'c>, op: OpId) {
    let mut elided = vec!["operandSegmentSizes"];
    if body
        .attr(op, "permutation_map")
        .and_then(affine_map_of)
        .is_some_and(|m| is_minor_identity(&m))
    {
        elided.push("permutation_map");
    }
    if !body
        .attr(op, "in_bounds")
        .and_then(bool_array)
        .is_some_and(|v| v.contains(&true))
    {
        elided.push("in_bounds");
    }
    let extra: Vec<NamedAttribute<'c>> = body
        .op_props(op)
        .and_then(|d| d.as_dictionary())
        .unwrap_or(&[])
        .iter()
        .filter(|e| !elided.contains(&e.name.as_str()))
        .copied()
        .collect();
    p.print_attr_dict_with_extra(body, op, &extra, &elided, false);
}

fn print_indices<'c>(p: &mut dyn OpAsmPrinter<'c>, body: &Body<'c>, indices: &[pto_ir::ValueId]) {
    p.write("[");
    for (i, &v) in indices.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.print_operand(body, v);
    }
    p.write("]");
}

fn print_transfer_read<'c>(p: &mut dyn OpAsmPrinter<'c>, body: &Body<'c>, op: OpId) {
    let r = TransferReadOp(op);
    p.write(" ");
    p.print_operand(body, r.base(body));
    print_indices(p, body, &r.indices(body));
    p.write(", ");
    p.print_operand(body, r.padding(body));
    if let Some(m) = r.mask(body) {
        p.write(", ");
        p.print_operand(body, m);
    }
    print_transfer_attrs(p, body, op);
    p.write(" : ");
    p.print_type(body.value_type(r.base(body)));
    p.write(", ");
    p.print_type(body.value_type(body.result(op, 0)));
}

fn print_transfer_write<'c>(p: &mut dyn OpAsmPrinter<'c>, body: &Body<'c>, op: OpId) {
    let w = TransferWriteOp(op);
    p.write(" ");
    p.print_operand(body, w.value_to_store(body));
    p.write(", ");
    p.print_operand(body, w.base(body));
    print_indices(p, body, &w.indices(body));
    if let Some(m) = w.mask(body) {
        p.write(", ");
        p.print_operand(body, m);
    }
    print_transfer_attrs(p, body, op);
    p.write(" : ");
    p.print_type(body.value_type(w.value_to_store(body)));
    p.write(", ");
    p.print_type(body.value_type(w.base(body)));
}

/// A transfer reads memory only from a memref (a tensor is a value).
fn memory_effects_transfer_read(body: &Body<'_>, op: OpId) -> u8 {
    let base = body.value_type(body.operand(op, 0));
    if pto_ir::ods::preds::memref(base) {
        pto_ir::ods::MemoryEffects::READ
    } else {
        0
    }
}

/// A transfer writes memory only into a memref.
fn memory_effects_transfer_write(body: &Body<'_>, op: OpId) -> u8 {
    let base = body.value_type(body.operand(op, 1));
    if pto_ir::ods::preds::memref(base) {
        pto_ir::ods::MemoryEffects::WRITE
    } else {
        0
    }
}
