//! Folders of the `memref` ops, after MLIR 22's `MemRefOps.cpp`. Folds to a value:
//! `cast` to its own type (`CastOpInterface`, also after folding a cast of a cast),
//! `dim` of a static dimension (a constant) or of an `alloc`/`alloca`/`view`/`subview`
//! dynamic size (that size operand), `subview` that is its source or a no-op subview
//! of a subview, `view` of its own type at byte 0, `reinterpret_cast` that changes
//! nothing, `collapse_shape`/`expand_shape` undoing each other (`foldReshapeOp`).
//! Folds in place ([`MODELS`]): `foldMemRefCast` (operands defined by a `memref.cast`
//! of a ranked memref use its source) for `cast`, `load`, `store` (not its value),
//! `dealloc`, `prefetch` and `dim`; `copy`'s `FoldCopyOfCast`; `reinterpret_cast` of a
//! `reinterpret_cast`, a `cast` or a subview at offset 0 reads their source;
//! `extract_strided_metadata` replaces the uses of the results its source type fixes by
//! constants, and reads through a `cast`.

use smallvec::{smallvec, SmallVec};

use super::layout::{dropped_dims, mixed_list, Mixed};
use pto_ir::builder::OpBuilder;
use pto_ir::op_interfaces::Speculatability;
use pto_ir::{
    AttrKind, Attribute, Body, Context, Folded, InsertPoint, Location, OpId, Type, TypeKind,
    ValueId, DYNAMIC,
};
use pto_rewrite::fold::constant_value;

type FoldOut<'c> = Option<SmallVec<[Folded<'c>; 1]>>;

fn value<'c>(v: ValueId) -> FoldOut<'c> {
    Some(smallvec![Folded::Value(v)])
}

/// The op defining `v` if it is a `name`.
pub(super) fn defined_by(body: &Body<'_>, v: ValueId, name: &str) -> Option<OpId> {
    body.defining_op(v)
        .filter(|&d| body.op_name(d).as_str() == name)
}

pub(super) fn is_ranked(t: Type<'_>) -> bool {
    matches!(t.kind(), TypeKind::MemRef { .. })
}

/// The integer a constant-like op gives `v` (an index is 64-bit).
pub(super) fn const_int<'c>(ctx: &'c Context, body: &Body<'c>, v: ValueId) -> Option<i64> {
    int_of(constant_value(ctx, body, v)?)
}

/// The value of an integer attribute, as a 64-bit integer.
pub(super) fn int_of(a: Attribute<'_>) -> Option<i64> {
    match *a.kind() {
        AttrKind::Integer { value, .. } => Some(value as i64),
        _ => None,
    }
}

/// Constants of the dialect's folds are `arith.constant`s (MLIR's
/// `MemRefDialect::materializeConstant`).
pub fn materialize_constant<'c>(
    b: &mut OpBuilder<'_, 'c>,
    value: Attribute<'c>,
    ty: Type<'c>,
    loc: Location<'c>,
) -> Option<OpId> {
    crate::arith::materialize_constant(b, value, ty, loc)
}

/// MLIR's `foldMemRefCast`: every operand but `inner` defined by a `memref.cast` of a
/// ranked memref uses the cast's source.
pub(super) fn fold_memref_cast(body: &mut Body<'_>, op: OpId, inner: Option<ValueId>) -> bool {
    let mut folded = false;
    for i in 0..body.num_operands(op) {
        let v = body.operand(op, i);
        if Some(v) == inner {
            continue;
        }
        let Some(cast) = defined_by(body, v, super::CastOp::NAME) else {
            continue;
        };
        let src = body.operand(cast, 0);
        if is_ranked(body.value_type(src)) {
            body.set_operand(op, i, src);
            folded = true;
        }
    }
    folded
}

/// MLIR's `CastOp::canFoldIntoConsumerOp`: a cast between ranked strided memrefs of one
/// element type and rank that makes no size, offset or stride more static.
pub(crate) fn can_fold_into_consumer(body: &Body<'_>, cast: OpId) -> bool {
    let src = body.value_type(body.operand(cast, 0));
    let dst = body.value_type(body.result(cast, 0));
    let (Some(ss), Some(ds)) = (src.shape(), dst.shape()) else {
        return false;
    };
    if !is_ranked(src) || !is_ranked(dst) {
        return false;
    }
    if src.element_type() != dst.element_type() || ss.len() != ds.len() {
        return false;
    }
    let (Some((s_strides, s_off)), Some((d_strides, d_off))) =
        (src.strides_and_offset(), dst.strides_and_offset())
    else {
        return false;
    };
    let more_static = |s: i64, d: i64| s != d && s == DYNAMIC && d != DYNAMIC;
    !(ss.iter().zip(ds).any(|(&s, &d)| more_static(s, d))
        || more_static(s_off, d_off)
        || s_strides
            .iter()
            .zip(&d_strides)
            .any(|(&s, &d)| more_static(s, d)))
}

// ---- cast ----------------------------------------------------------------------------------

/// The source a `cast` would read after `foldMemRefCast`: of a cast of a ranked memref,
/// that memref.
fn cast_source_after_fold(body: &Body<'_>, op: OpId) -> Option<ValueId> {
    let cast = defined_by(body, body.operand(op, 0), super::CastOp::NAME)?;
    let src = body.operand(cast, 0);
    is_ranked(body.value_type(src)).then_some(src)
}

/// `memref.cast`: MLIR folds a cast of a cast in place, then `CastOpInterface` folds a
/// cast to its own type to its input; both at once give the inner source when it has
/// the result type.
pub fn fold_cast<'c>(
    _ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
    _operands: &[Option<Attribute<'c>>],
) -> FoldOut<'c> {
    let src = cast_source_after_fold(body, op).unwrap_or(body.operand(op, 0));
    (body.value_type(src) == body.value_type(body.result(op, 0))).then(|| value(src))?
}

// ---- dim -----------------------------------------------------------------------------------

/// The position of dimension `dim` among the dynamic dimensions of `shape`.
fn dynamic_dim_index(shape: &[i64], dim: usize) -> usize {
    shape[..dim].iter().filter(|&&d| d == DYNAMIC).count()
}

/// What `dim` folds to, if anything, and whether MLIR would try `foldMemRefCast`
/// (`Err(true)`): a constant in-range index of a ranked memref's dynamic dimension not
/// given by an allocation, view or subview.
fn dim_fold<'c>(
    ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
    index: Option<i64>,
) -> Result<Folded<'c>, bool> {
    let Some(index) = index else {
        return Err(false);
    };
    let source = body.operand(op, 0);
    let ty = body.value_type(source);
    let (true, Some(shape)) = (is_ranked(ty), ty.shape()) else {
        return Err(false);
    };
    if index < 0 || index as usize >= shape.len() {
        return Err(false);
    }
    let index = index as usize;
    if shape[index] != DYNAMIC {
        return Ok(Folded::Attr(
            ctx.int_attr(ctx.index_type(), i128::from(shape[index])),
        ));
    }
    let Some(def) = body.defining_op(source) else {
        return Err(true);
    };
    let nth = dynamic_dim_index(shape, index);
    let size = |sizes: Vec<ValueId>| sizes.get(nth).map(|&v| Folded::Value(v)).ok_or(false);
    match body.op_name(def).as_str() {
        super::AllocOp::NAME => size(super::AllocOp(def).dynamic_sizes(body)),
        super::AllocaOp::NAME => size(super::AllocaOp(def).dynamic_sizes(body)),
        super::ViewOp::NAME => size(super::ViewOp(def).sizes(body)),
        super::SubViewOp::NAME => {
            let dropped = dropped_dims(body, def);
            let Some(src_index) = (0..dropped.len()).filter(|&i| !dropped[i]).nth(index) else {
                return Err(false);
            };
            let sizes = mixed_list(body, def, "static_sizes", 2);
            match sizes.get(src_index) {
                Some(&Mixed::Value(v)) => Ok(Folded::Value(v)),
                _ => Err(false),
            }
        }
        _ => Err(true),
    }
}

/// `memref.dim` (the folds that give a value; `foldMemRefCast` is [`dim_in_place`]).
pub fn fold_dim<'c>(
    ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
    operands: &[Option<Attribute<'c>>],
) -> FoldOut<'c> {
    let index = operands.get(1).copied().flatten().and_then(int_of);
    dim_fold(ctx, body, op, index).ok().map(|f| smallvec![f])
}

fn dim_in_place<'c>(ctx: &'c Context, body: &mut Body<'c>, op: OpId) -> bool {
    let index = const_int(ctx, body, body.operand(op, 1));
    dim_fold(ctx, body, op, index) == Err(true) && fold_memref_cast(body, op, None)
}

// ---- views ---------------------------------------------------------------------------------

/// Whether every entry is the constant `c` (MLIR's `isZeroInteger`/`isOneInteger`).
fn all_const<'c>(ctx: &'c Context, body: &Body<'c>, list: &[Mixed], c: i64) -> bool {
    list.iter().all(|&m| match m {
        Mixed::Const(v) => v == c,
        Mixed::Value(v) => const_int(ctx, body, v) == Some(c),
    })
}

/// `memref.subview`: its source, when the result has the source's static type (a
/// static strided layout or none); a subview of a subview at offset 0 and stride 1 with
/// the same sizes and type, its source.
pub fn fold_subview<'c>(
    ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
    _operands: &[Option<Attribute<'c>>],
) -> FoldOut<'c> {
    let source = body.operand(op, 0);
    let src_ty = body.value_type(source);
    let res_ty = body.value_type(body.result(op, 0));
    let static_layout = match *res_ty.kind() {
        TypeKind::MemRef {
            layout: Some(l), ..
        } => match *l.kind() {
            AttrKind::Strided { offset, strides } => {
                offset != DYNAMIC && strides.iter().all(|&s| s != DYNAMIC)
            }
            _ => true,
        },
        _ => true,
    };
    if res_ty == src_ty && res_ty.num_elements().is_some() && static_layout {
        return value(source);
    }
    let inner = defined_by(body, source, super::SubViewOp::NAME)?;
    let offsets = mixed_list(body, op, "static_offsets", 1);
    let strides = mixed_list(body, op, "static_strides", 3);
    let sizes = mixed_list(body, op, "static_sizes", 2);
    let inner_sizes = mixed_list(body, inner, "static_sizes", 2);
    let no_op = all_const(ctx, body, &offsets, 0)
        && all_const(ctx, body, &strides, 1)
        && sizes == inner_sizes
        && res_ty == src_ty;
    no_op.then(|| value(source))?
}

/// `memref.view`: its source, when it has the source's static type and the byte shift
/// is the constant 0.
pub fn fold_view<'c>(
    ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
    _operands: &[Option<Attribute<'c>>],
) -> FoldOut<'c> {
    let v = super::ViewOp(op);
    let source = v.source(body);
    let ty = body.value_type(source);
    let same = ty == body.value_type(body.result(op, 0))
        && ty.num_elements().is_some()
        && const_int(ctx, body, v.byte_shift(body)) == Some(0);
    same.then(|| value(source))?
}

/// The source `reinterpret_cast` reads in place of its own: that of a
/// `reinterpret_cast`, of a `cast`, of a `subview` at offset 0.
fn reinterpret_cast_prev_source<'c>(
    ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
) -> Option<ValueId> {
    let src = body.operand(op, 0);
    let def = body.defining_op(src)?;
    match body.op_name(def).as_str() {
        super::ReinterpretCastOp::NAME | super::CastOp::NAME => Some(body.operand(def, 0)),
        super::SubViewOp::NAME => {
            let offsets = mixed_list(body, def, "static_offsets", 1);
            all_const(ctx, body, &offsets, 0).then(|| body.operand(def, 0))
        }
        _ => None,
    }
}

/// `memref.reinterpret_cast`: to its source, when it has the source's static type at
/// offset 0 (reading through another view first is [`reinterpret_cast_in_place`]).
pub fn fold_reinterpret_cast<'c>(
    ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
    _operands: &[Option<Attribute<'c>>],
) -> FoldOut<'c> {
    if reinterpret_cast_prev_source(ctx, body, op).is_some() {
        return None;
    }
    let src = body.operand(op, 0);
    let ty = body.value_type(body.result(op, 0));
    let offset = body
        .attr(op, "static_offsets")
        .and_then(Attribute::dense_int_values)
        .and_then(|o| o.first().copied());
    let same = ty.num_elements().is_some() && body.value_type(src) == ty && offset == Some(0);
    same.then(|| value(src))?
}

fn reinterpret_cast_in_place<'c>(ctx: &'c Context, body: &mut Body<'c>, op: OpId) -> bool {
    let Some(prev) = reinterpret_cast_prev_source(ctx, body, op) else {
        return false;
    };
    body.set_operand(op, 0, prev);
    true
}

// ---- reshapes ------------------------------------------------------------------------------

/// MLIR's `foldReshapeOp`: a reshape to its source's type is the source; one undoing
/// the inverse reshape that made its source is that reshape's source when at most one
/// dimension is dynamic, the reassociations match and either the pair expands then
/// collapses or no group has two dynamic dimensions.
fn fold_reshape<'c>(body: &Body<'c>, op: OpId, inverse: &str) -> FoldOut<'c> {
    let src = body.operand(op, 0);
    let res_ty = body.value_type(body.result(op, 0));
    if body.value_type(src) == res_ty {
        return value(src);
    }
    let producer = defined_by(body, src, inverse)?;
    let original = body.operand(producer, 0);
    let src_ty = body.value_type(original);
    if src_ty != res_ty {
        return None;
    }
    let shape = src_ty.shape().unwrap_or(&[]);
    let dynamic = |dims: &[i64]| dims.iter().filter(|&&d| d == DYNAMIC).count();
    if dynamic(shape) < 2 {
        return value(original);
    }
    let groups = super::views::reassociation(body, op);
    if groups != super::views::reassociation(body, producer) {
        return None;
    }
    let mid_rank = body.value_type(src).shape().map_or(0, <[i64]>::len);
    if shape.len() < mid_rank {
        return value(original);
    }
    let each_group_ok = groups.iter().all(|g| {
        let start = g.first().map_or(0, |&d| d as usize);
        shape
            .get(start..start + g.len())
            .is_some_and(|dims| dynamic(dims) < 2)
    });
    each_group_ok.then(|| value(original))?
}

/// `memref.collapse_shape` ([`fold_reshape`]).
pub fn fold_collapse_shape<'c>(
    _ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
    _operands: &[Option<Attribute<'c>>],
) -> FoldOut<'c> {
    fold_reshape(body, op, super::ExpandShapeOp::NAME)
}

/// `memref.expand_shape` ([`fold_reshape`]).
pub fn fold_expand_shape<'c>(
    _ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
    _operands: &[Option<Attribute<'c>>],
) -> FoldOut<'c> {
    fold_reshape(body, op, super::CollapseShapeOp::NAME)
}

// ---- in-place folds ------------------------------------------------------------------------

/// `FoldCopyOfCast`: the first operand defined by a cast that can fold into its
/// consumer reads the cast's source.
fn copy_in_place(body: &mut Body<'_>, op: OpId) -> bool {
    for i in 0..2 {
        let Some(cast) = defined_by(body, body.operand(op, i), super::CastOp::NAME) else {
            continue;
        };
        if can_fold_into_consumer(body, cast) {
            let src = body.operand(cast, 0);
            body.set_operand(op, i, src);
            return true;
        }
    }
    false
}

/// `ExtractStridedMetadataOp::fold`: each used offset, size or stride result that the
/// source type fixes is replaced, in all its uses, by an `arith.constant` created right
/// before the op (outside the rewriter, as MLIR's fold does); a source defined by a
/// `cast` of a ranked memref is read directly.
fn extract_strided_metadata_in_place<'c>(ctx: &'c Context, body: &mut Body<'c>, op: OpId) -> bool {
    let source_ty = body.value_type(body.operand(op, 0));
    let (Some(shape), Some((strides, offset))) =
        (source_ty.shape(), source_ty.strides_and_offset())
    else {
        return false;
    };
    let rank = shape.len();
    let mut known: SmallVec<[(ValueId, i64); 8]> = SmallVec::new();
    let results: SmallVec<[ValueId; 8]> = body.results(op).collect();
    let statics = std::iter::once(offset)
        .chain(shape.iter().copied())
        .chain(strides.iter().copied());
    for (&r, s) in results[1..2 + 2 * rank].iter().zip(statics) {
        if s != DYNAMIC && body.has_uses(r) {
            known.push((r, s));
        }
    }
    let loc = body.op_loc(op);
    let mut changed = false;
    for (r, s) in known {
        let mut b = OpBuilder::new(ctx, body);
        b.set_insertion_point(InsertPoint::Before(op));
        let attr = ctx.int_attr(ctx.index_type(), i128::from(s));
        let Some(c) = materialize_constant(&mut b, attr, ctx.index_type(), loc) else {
            continue;
        };
        let cv = body.result(c, 0);
        body.replace_all_uses(r, cv);
        changed = true;
    }
    if let Some(cast) = defined_by(body, body.operand(op, 0), super::CastOp::NAME) {
        let src = body.operand(cast, 0);
        if is_ranked(body.value_type(src)) {
            body.set_operand(op, 0, src);
            changed = true;
        }
    }
    changed
}

// The hooks of `DeclareOpInterfaceMethods<Rust_FoldInPlaceOpInterface>`.

pub(super) fn fold_in_place_cast<'c>(_: &'c Context, body: &mut Body<'c>, op: OpId) -> bool {
    fold_memref_cast(body, op, None)
}

pub(super) fn fold_in_place_load<'c>(_: &'c Context, body: &mut Body<'c>, op: OpId) -> bool {
    fold_memref_cast(body, op, None)
}

pub(super) fn fold_in_place_store<'c>(_: &'c Context, body: &mut Body<'c>, op: OpId) -> bool {
    let value = body.operand(op, 0);
    fold_memref_cast(body, op, Some(value))
}

pub(super) fn fold_in_place_dealloc<'c>(_: &'c Context, body: &mut Body<'c>, op: OpId) -> bool {
    fold_memref_cast(body, op, None)
}

pub(super) fn fold_in_place_prefetch<'c>(_: &'c Context, body: &mut Body<'c>, op: OpId) -> bool {
    fold_memref_cast(body, op, None)
}

pub(super) fn fold_in_place_copy<'c>(_: &'c Context, body: &mut Body<'c>, op: OpId) -> bool {
    copy_in_place(body, op)
}

pub(super) fn fold_in_place_dim<'c>(ctx: &'c Context, body: &mut Body<'c>, op: OpId) -> bool {
    dim_in_place(ctx, body, op)
}

pub(super) fn fold_in_place_reinterpret_cast<'c>(
    ctx: &'c Context,
    body: &mut Body<'c>,
    op: OpId,
) -> bool {
    reinterpret_cast_in_place(ctx, body, op)
}

pub(super) fn fold_in_place_extract_strided_metadata<'c>(
    ctx: &'c Context,
    body: &mut Body<'c>,
    op: OpId,
) -> bool {
    extract_strided_metadata_in_place(ctx, body, op)
}

/// A dimension of a ranked memref, by a constant index below the rank
/// (`ConditionallySpeculatable`, declared in `MemRefOps.td`).
pub(super) fn speculatability_dim<'c>(
    ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
) -> Speculatability {
    if body.num_operands(op) < 2 {
        return Speculatability::NotSpeculatable;
    }
    let index =
        pto_rewrite::fold::constant_value(ctx, body, body.operand(op, 1)).and_then(|a| a.as_int());
    let rank = match body.value_type(body.operand(op, 0)).kind() {
        TypeKind::MemRef { shape, .. } => Some(shape.len() as i128),
        _ => None,
    };
    match (index, rank) {
        (Some(i), Some(r)) if i < r => Speculatability::Speculatable,
        _ => Speculatability::NotSpeculatable,
    }
}
