//! `convert-vector-to-llvm`: `vector` ops to the `llvm` dialect (MLIR's `VectorToLLVM`).
//!
//! As MLIR's pass, it first rewrites within the `vector` dialect with the greedy driver
//! (which also folds and removes dead ops): 1-D transfers that may run out of bounds
//! get the mask of their in-bounds lanes and masks become comparisons or constants
//! (`masks.rs`), in-bounds 1-D transfers with a minor-identity map become
//! `vector.load`/`vector.store` (`maskedload`/`maskedstore` with a mask, the padding
//! broadcast as pass-through), `vector.step` becomes an `arith.constant`, element ops,
//! shuffles and strided slices of rank > 1 are unrolled (`elements.rs`). Then a partial
//! conversion lowers 1-D loads and stores to `llvm.load` and `llvm.store` (aligned as
//! the element type unless an `alignment` is given), broadcasts of scalars to
//! `insertelement` + `shufflevector` (per row of n-D vectors), `fma` to
//! `llvm.intr.fmuladd`, reductions to `llvm.intr.vector.reduce.*` (with the
//! accumulator combined afterwards, or as the start value of float sums and products;
//! `reassoc` from the op's fast-math flags or the `reassociate-fp-reductions` option),
//! `extract`/`insert` to `extractelement`/`insertelement` on 1-D vectors and
//! `extractvalue`/`insertvalue` on the rows of n-D vectors (arrays of 1-D vectors),
//! masked accesses to `llvm.intr.masked.load`/`store` (whose alignment the translation
//! puts on the pointer argument, as LLVM 22 wants). 0-D vectors are one-lane vectors.
//!
//! What is not lowered stays, as in MLIR (permuted or n-D transfers, scalable masks,
//! shape casts, broadcasts of vectors, dynamic positions in the leading dimensions);
//! `lower-to-llvm` reports such leftovers. Not yet: vector-to-scf (the lowering of n-D
//! or permuted transfers through loops), shape casts and vector broadcasts.

use smallvec::SmallVec;

mod elements;
mod masks;

use super::llvm_common::{apply_llvm_conversion, enum_keywords, lower_one_to_one, named};
use super::memref_to_llvm::strided_element_ptr;
use pto_dialects::llvm::{self, ConstantOp};
use pto_dialects::memref::layout::layout;
use pto_dialects::vector;
use pto_dialects::vector::{affine_map_of, bool_array, is_minor_identity, kind_keyword};
use pto_ir::builder::OpBuilder;
use pto_ir::{Attribute, Context, Diagnostic, Location, OpId, Type, TypeKind, ValueId, DYNAMIC};
use pto_pass::{Pass, PassTarget};
use pto_rewrite::conversion::{ConversionPatternRewriter, ConversionPatternSet};
use pto_rewrite::greedy::{apply_patterns_greedily, GreedyConfig};
use pto_rewrite::{MatchResult, PatternRewriter, RewritePatternSet};

impl Pass for crate::ConvertVectorToLLVMPass {
    fn run<'c>(
        &self,
        ctx: &'c Context,
        target: &mut PassTarget<'_, 'c>,
    ) -> Result<(), Diagnostic<'c>> {
        let mut patterns = RewritePatternSet::new();
        patterns
            .add_fn(
                vector::TransferReadOp::NAME,
                "TransferReadToVectorLoadLowering",
                transfer_read_to_load,
            )
            .add_fn(
                vector::TransferWriteOp::NAME,
                "TransferWriteToVectorStoreLowering",
                transfer_write_to_store,
            )
            .add_fn(
                vector::StepOp::NAME,
                "StepToArithConstantOpRewrite",
                step_to_constant,
            );
        elements::add_unrolling(&mut patterns);
        masks::add_mask_rewrites(&mut patterns);
        let outcome = apply_patterns_greedily(
            ctx,
            target.body,
            &patterns.freeze(),
            &GreedyConfig::default(),
        );
        tracing::debug!(target: "pto::conversion", converged = outcome.converged, "vector-to-vector rewrites");
        let populate: fn(&mut ConversionPatternSet) = if self.options.reassociate_fp_reductions {
            populate_reassociating
        } else {
            populate_vector_to_llvm_patterns
        };
        apply_llvm_conversion(ctx, target.body, 0, &[], populate)
    }
}

/// Adds the lowering of `vector` to `llvm` (float reductions ordered unless their
/// fast-math flags allow reassociation).
pub fn populate_vector_to_llvm_patterns(set: &mut ConversionPatternSet) {
    populate(set, false);
}

fn populate_reassociating(set: &mut ConversionPatternSet) {
    populate(set, true);
}

fn populate(set: &mut ConversionPatternSet, reassociate: bool) {
    set.add_op::<vector::LoadOp>("VectorLoadStoreConversion", lower_load)
        .add_op::<vector::StoreOp>("VectorLoadStoreConversion", lower_store)
        .add_op::<vector::BroadcastOp>("VectorBroadcastScalarToNdLowering", lower_broadcast)
        .add_op::<vector::FMAOp>("VectorFMAOp1DConversion", lower_fma)
        .add_op::<vector::ExtractOp>("VectorExtractOpConversion", lower_extract)
        .add_op::<vector::InsertOp>("VectorInsertOpConversion", lower_insert)
        .add_op::<vector::ShapeCastOp>("ShapeCastOpFolder", fold_shape_cast);
    elements::populate(set);
    masks::populate(set);
    if reassociate {
        set.add_op::<vector::ReductionOp>("VectorReductionOpConversion", lower_reduction_reassoc);
    } else {
        set.add_op::<vector::ReductionOp>("VectorReductionOpConversion", lower_reduction);
    }
}

// ---- vector-to-vector rewrites -----------------------------------------------------------------

/// Whether a transfer lowers to a plain (or masked) load/store: a 1-D vector of
/// scalars, a memref base whose last dim has unit stride, a minor-identity map and
/// every dimension in bounds.
fn simple_transfer(body: &pto_ir::Body<'_>, op: OpId, base: ValueId, vector: Type<'_>) -> bool {
    let base_ty = body.value_type(base);
    let unit_stride = layout(base_ty).is_some_and(|l| l.strides.last().is_none_or(|&s| s == 1));
    let scalar_elems = base_ty.element_type().is_some_and(|e| e.shape().is_none());
    let minor = body
        .attr(op, "permutation_map")
        .and_then(affine_map_of)
        .is_some_and(|m| is_minor_identity(&m));
    let in_bounds = body
        .attr(op, "in_bounds")
        .and_then(bool_array)
        .is_some_and(|b| b.iter().all(|&x| x));
    vector.shape().is_some_and(|s| s.len() == 1)
        && unit_stride
        && scalar_elems
        && minor
        && in_bounds
}

fn transfer_read_to_load<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    let body = rw.body();
    let r = pto_dialects::vector::TransferReadOp(op);
    let vector = body.value_type(body.result(op, 0));
    if !simple_transfer(body, op, r.base(body), vector) {
        return rw.notify_match_failure(op, "not an in-bounds 1-D minor-identity transfer");
    }
    let (base, indices, pad, mask) = (r.base(body), r.indices(body), r.padding(body), r.mask(body));
    let loc = body.op_loc(op);
    rw.set_insertion_point_before(op);
    let v = rw.build(|b| match mask {
        None => vector_load(b, loc, vector, base, &indices),
        Some(m) => {
            let pass = pto_dialects::vector::BroadcastOp::build(b, loc, pad, vector);
            let pass = pass.vector(b.body());
            let mut st = b.state(vector::MaskedLoadOp::NAME, loc);
            st.operands.push(base);
            st.operands.extend_from_slice(&indices);
            st.operands.extend([m, pass]);
            st.result_types.push(vector);
            let o = b.create(st);
            b.body().result(o, 0)
        }
    });
    rw.replace_op(op, &[v]);
    Ok(())
}

fn vector_load<'c>(
    b: &mut OpBuilder<'_, 'c>,
    loc: Location<'c>,
    vector: Type<'c>,
    base: ValueId,
    indices: &[ValueId],
) -> ValueId {
    let mut st = b.state(vector::LoadOp::NAME, loc);
    st.operands.push(base);
    st.operands.extend_from_slice(indices);
    st.result_types.push(vector);
    let o = b.create(st);
    b.body().result(o, 0)
}

fn transfer_write_to_store<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    let body = rw.body();
    let w = pto_dialects::vector::TransferWriteOp(op);
    let value = w.value_to_store(body);
    if body.num_results(op) != 0 || !simple_transfer(body, op, w.base(body), body.value_type(value))
    {
        return rw.notify_match_failure(op, "not an in-bounds 1-D minor-identity transfer");
    }
    let (base, indices, mask) = (w.base(body), w.indices(body), w.mask(body));
    let loc = body.op_loc(op);
    rw.set_insertion_point_before(op);
    rw.build(|b| {
        let mut st = match mask {
            None => {
                let mut st = b.state(vector::StoreOp::NAME, loc);
                st.operands.extend([value, base]);
                st.operands.extend_from_slice(&indices);
                st
            }
            Some(m) => {
                let mut st = b.state(vector::MaskedStoreOp::NAME, loc);
                st.operands.push(base);
                st.operands.extend_from_slice(&indices);
                st.operands.extend([m, value]);
                st
            }
        };
        st.result_types.clear();
        b.create(st);
    });
    rw.erase_op(op);
    Ok(())
}

/// `vector.step : vector<Nxindex>` is the constant `[0, 1, ..., N-1]`.
fn step_to_constant<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    let body = rw.body();
    let ty = body.value_type(body.result(op, 0));
    let Some((shape, scalable, _)) = pto_dialects::vector::vector_parts(ty) else {
        return rw.notify_match_failure(op, "not a vector");
    };
    if scalable.contains(&true) {
        return rw.notify_match_failure(op, "scalable step");
    }
    let ctx = rw.context();
    let values: Vec<i64> = (0..shape[0]).collect();
    let value = ctx.dense_int_elements(ty, &values);
    let loc = body.op_loc(op);
    rw.set_insertion_point_before(op);
    let c =
        rw.build(|b| pto_dialects::arith::ConstantOp::build(b, loc, ty, value).result(b.body()));
    rw.replace_op(op, &[c]);
    Ok(())
}

// ---- conversion: memory -------------------------------------------------------------------------

/// ABI alignment of a scalar, as LLVM's default data layout gives it.
fn abi_alignment(t: Type<'_>) -> u64 {
    let bits = match t.kind() {
        TypeKind::Index => 64,
        TypeKind::Integer { width, .. } => *width,
        TypeKind::Float(k) => k.width(),
        _ => 64,
    };
    u64::from(bits.div_ceil(8).next_power_of_two()).min(16)
}

/// The pointer to the first element a 1-D `vector.load`/`store` accesses, and the
/// access's alignment and nontemporal flag.
fn access<'c>(
    rw: &mut ConversionPatternRewriter<'_, 'c>,
    op: OpId,
    memref: ValueId,
    desc: ValueId,
    indices: &[ValueId],
    vector: Type<'c>,
) -> Result<(ValueId, u64, bool), pto_rewrite::MatchFailure> {
    let body = rw.body();
    let mem_ty = body.value_type(memref);
    let Some(l) = layout(mem_ty) else {
        return rw
            .notify_match_failure(op, "memref layout is not strided")
            .map(|_| unreachable!());
    };
    if vector.shape().is_none_or(|s| s.len() != 1) || l.strides.last().is_some_and(|&s| s != 1) {
        return rw
            .notify_match_failure(op, "not a 1-D access of unit stride")
            .map(|_| unreachable!());
    }
    let Some(elem) = rw.convert_type(l.element) else {
        return rw
            .notify_match_failure(op, "element type does not convert")
            .map(|_| unreachable!());
    };
    let align = body
        .attr(op, "alignment")
        .and_then(|a| a.as_int())
        .map_or_else(|| abi_alignment(l.element), |a| a as u64);
    let nontemporal = body.attr(op, "nontemporal").and_then(|a| a.as_int()) == Some(1);
    let loc = body.op_loc(op);
    rw.set_insertion_point_before(op);
    let p = rw.build(|b| strided_element_ptr(b, loc, &l, elem, desc, indices, false));
    Ok((p, align, nontemporal))
}

fn lower_load<'c>(
    op: vector::LoadOp,
    adaptor: vector::LoadOpAdaptor<'_>,
    rw: &mut ConversionPatternRewriter<'_, 'c>,
) -> MatchResult {
    let body = rw.body();
    let (memref, vector) = (body.operand(op.0, 0), body.value_type(body.result(op.0, 0)));
    let loc = body.op_loc(op.0);
    let Some(ty) = rw.convert_type(vector) else {
        return rw.notify_match_failure(op.0, "result type does not convert");
    };
    let (p, align, nt) = access(rw, op.0, memref, adaptor.base(), adaptor.indices(), vector)?;
    let ctx = rw.context();
    let v = rw.build(|b| {
        let nt = nt.then(|| ctx.unit_attr());
        let align = Some(ctx.int_attr(ctx.int_type(64), i128::from(align)));
        llvm::LoadOp::build(
            b, loc, p, ty, align, None, nt, None, None, None, None, None, None, None, None,
        )
        .res(b.body())
    });
    rw.replace_op(op.0, &[v]);
    Ok(())
}

fn lower_store<'c>(
    op: vector::StoreOp,
    adaptor: vector::StoreOpAdaptor<'_>,
    rw: &mut ConversionPatternRewriter<'_, 'c>,
) -> MatchResult {
    let body = rw.body();
    let (memref, vector) = (
        body.operand(op.0, 1),
        body.value_type(body.operand(op.0, 0)),
    );
    let loc = body.op_loc(op.0);
    let (p, align, nt) = access(rw, op.0, memref, adaptor.base(), adaptor.indices(), vector)?;
    let ctx = rw.context();
    rw.build(|b| {
        let nt = nt.then(|| ctx.unit_attr());
        let align = Some(ctx.int_attr(ctx.int_type(64), i128::from(align)));
        llvm::StoreOp::build(
            b,
            loc,
            adaptor.value_to_store(),
            p,
            align,
            None,
            nt,
            None,
            None,
            None,
            None,
            None,
            None,
            None,
        );
    });
    rw.erase_op(op.0);
    Ok(())
}

// ---- conversion: broadcast, fma, shape_cast -------------------------------------------------------

/// The rows of an n-D vector after conversion: the array dims and the 1-D vector type.
fn array_rows(mut t: Type<'_>) -> (SmallVec<[u64; 4]>, Type<'_>) {
    let mut dims = SmallVec::new();
    while let Some(a) = llvm::LLVMArrayType::from_type(t) {
        dims.push(a.num_elements());
        t = a.element_type();
    }
    (dims, t)
}

/// Every position of the row-major iteration over `dims`.
fn row_positions(dims: &[u64]) -> Vec<Vec<i64>> {
    let total: u64 = dims.iter().product();
    (0..total)
        .map(|linear| {
            let mut pos = vec![0i64; dims.len()];
            let mut rest = linear;
            for (i, &d) in dims.iter().enumerate().rev() {
                pos[i] = (rest % d) as i64;
                rest /= d;
            }
            pos
        })
        .collect()
}

/// `insertelement` of `value` at lane 0 of poison, then a zero shuffle.
fn splat_row<'c>(
    b: &mut OpBuilder<'_, 'c>,
    loc: Location<'c>,
    row: Type<'c>,
    value: ValueId,
    nd: bool,
) -> ValueId {
    let ctx = b.context();
    let n = row.shape().and_then(|s| s.first()).copied().unwrap_or(1);
    let poison = llvm::PoisonOp::build(b, loc, row).res(b.body());
    let i32t = ctx.int_type(32);
    let zero = ConstantOp::build(b, loc, i32t, ctx.int_attr(i32t, 0)).res(b.body());
    let ins = llvm::InsertElementOp::build(b, loc, poison, value, zero, row).res(b.body());
    // MLIR shuffles the inserted vector with poison for 1-D results, and with itself
    // when it fills the rows of an n-D vector.
    let second = if nd { ins } else { poison };
    let mask = ctx.dense_int_array(32, &vec![0; n as usize]);
    llvm::ShuffleVectorOp::build(b, loc, ins, second, row, mask).res(b.body())
}

fn lower_broadcast<'c>(
    op: vector::BroadcastOp,
    adaptor: vector::BroadcastOpAdaptor<'_>,
    rw: &mut ConversionPatternRewriter<'_, 'c>,
) -> MatchResult {
    let body = rw.body();
    let src = body.value_type(body.operand(op.0, 0));
    let dst = body.value_type(body.result(op.0, 0));
    if src.shape().is_some() || dst.shape().is_none() {
        return rw.notify_match_failure(op.0, "only scalars broadcast to vectors");
    }
    let Some(ty) = rw.convert_type(dst) else {
        return rw.notify_match_failure(op.0, "result type does not convert");
    };
    let loc = body.op_loc(op.0);
    let ctx = rw.context();
    rw.set_insertion_point_before(op.0);
    let v = rw.build(|b| {
        let (dims, row) = array_rows(ty);
        if dst.shape().is_some_and(<[i64]>::is_empty) {
            // 0-D: the one lane inserted, no shuffle (as MLIR).
            let poison = llvm::PoisonOp::build(b, loc, row).res(b.body());
            let i32t = ctx.int_type(32);
            let zero = ConstantOp::build(b, loc, i32t, ctx.int_attr(i32t, 0)).res(b.body());
            return llvm::InsertElementOp::build(b, loc, poison, adaptor.source(), zero, row)
                .res(b.body());
        }
        if dims.is_empty() {
            return splat_row(b, loc, row, adaptor.source(), false);
        }
        let mut acc = llvm::PoisonOp::build(b, loc, ty).res(b.body());
        let r = splat_row(b, loc, row, adaptor.source(), true);
        for pos in row_positions(&dims) {
            let p = ctx.dense_int_array(64, &pos);
            acc = llvm::InsertValueOp::build(b, loc, acc, r, ty, p).res(b.body());
        }
        acc
    });
    rw.replace_op(op.0, &[v]);
    Ok(())
}

/// `llvm.intr.fmuladd`, row by row for n-D vectors.
fn lower_fma<'c>(
    op: vector::FMAOp,
    adaptor: vector::FMAOpAdaptor<'_>,
    rw: &mut ConversionPatternRewriter<'_, 'c>,
) -> MatchResult {
    if rw
        .body()
        .value_type(rw.body().result(op.0, 0))
        .shape()
        .is_some_and(<[i64]>::is_empty)
    {
        return rw.notify_match_failure(op.0, "0-D fma");
    }
    lower_one_to_one(rw, op.0, adaptor.all_operands(), llvm::FMulAddOp::NAME, &[])
}

/// A shape cast to the same type is its operand (MLIR folds it before converting).
fn fold_shape_cast<'c>(
    op: vector::ShapeCastOp,
    adaptor: vector::ShapeCastOpAdaptor<'_>,
    rw: &mut ConversionPatternRewriter<'_, 'c>,
) -> MatchResult {
    let body = rw.body();
    if body.value_type(body.operand(op.0, 0)) != body.value_type(body.result(op.0, 0)) {
        return rw.notify_match_failure(op.0, "shape casts are not lowered");
    }
    rw.replace_op(op.0, &[adaptor.source()]);
    Ok(())
}

// ---- conversion: extract and insert ---------------------------------------------------------------

/// The position of an extract/insert: constants, or the (converted) dynamic operands.
enum Pos {
    Static(i64),
    Dynamic(ValueId),
}

fn mixed_position(statics: &[i64], dynamic: &[ValueId]) -> Option<Vec<Pos>> {
    let mut next = dynamic.iter();
    statics
        .iter()
        .map(|&s| match s {
            DYNAMIC => next.next().map(|&v| Pos::Dynamic(v)),
            s if s < 0 => None,
            s => Some(Pos::Static(s)),
        })
        .collect()
}

/// The lane index operand of `extractelement`/`insertelement`: a constant i64 or the
/// dynamic index.
fn lane_index<'c>(b: &mut OpBuilder<'_, 'c>, loc: Location<'c>, p: &Pos) -> ValueId {
    match *p {
        Pos::Dynamic(v) => v,
        Pos::Static(s) => {
            let ctx = b.context();
            let i64t = ctx.int_type(64);
            ConstantOp::build(b, loc, i64t, ctx.int_attr(i64t, i128::from(s))).res(b.body())
        }
    }
}

/// The static row position (all but possibly the last entry), if every entry is static.
fn static_prefix(pos: &[Pos]) -> Option<Vec<i64>> {
    pos.iter()
        .map(|p| match p {
            Pos::Static(s) => Some(*s),
            Pos::Dynamic(_) => None,
        })
        .collect()
}

fn lower_extract<'c>(
    op: vector::ExtractOp,
    adaptor: vector::ExtractOpAdaptor<'_>,
    rw: &mut ConversionPatternRewriter<'_, 'c>,
) -> MatchResult {
    let body = rw.body();
    let statics = body
        .attr(op.0, "static_position")
        .and_then(|a| a.dense_int_values())
        .unwrap_or_default();
    let Some(pos) = mixed_position(&statics, adaptor.dynamic_position()) else {
        return rw.notify_match_failure(op.0, "poison position");
    };
    let src_ty = body.value_type(body.operand(op.0, 0));
    let res_ty = body.value_type(body.result(op.0, 0));
    let (Some(src), Some(res)) = (rw.convert_type(src_ty), rw.convert_type(res_ty)) else {
        return rw.notify_match_failure(op.0, "types do not convert");
    };
    let scalar = res_ty.shape().is_none();
    let loc = body.op_loc(op.0);
    let ctx = rw.context();
    // Leading positions select a row (extractvalue): they must be static.
    let n_rows = if scalar {
        pos.len().saturating_sub(1)
    } else {
        pos.len()
    };
    let Some(row_pos) = static_prefix(&pos[..n_rows]) else {
        return rw.notify_match_failure(op.0, "dynamic positions in the leading dimensions");
    };
    rw.set_insertion_point_before(op.0);
    let v = rw.build(|b| {
        let mut v = adaptor.source();
        if !row_pos.is_empty() {
            // A scalar comes from the 1-D vector at the bottom of the arrays.
            let row_ty = if scalar { array_rows(src).1 } else { res };
            v = llvm::ExtractValueOp::build(b, loc, v, row_ty, ctx.dense_int_array(64, &row_pos))
                .res(b.body());
        }
        if scalar {
            let lane = pos.last().map_or(Pos::Static(0), |p| match p {
                Pos::Static(s) => Pos::Static(*s),
                Pos::Dynamic(d) => Pos::Dynamic(*d),
            });
            let i = lane_index(b, loc, &lane);
            v = llvm::ExtractElementOp::build(b, loc, v, i, res).res(b.body());
        }
        v
    });
    rw.replace_op(op.0, &[v]);
    Ok(())
}

fn lower_insert<'c>(
    op: vector::InsertOp,
    adaptor: vector::InsertOpAdaptor<'_>,
    rw: &mut ConversionPatternRewriter<'_, 'c>,
) -> MatchResult {
    let body = rw.body();
    let statics = body
        .attr(op.0, "static_position")
        .and_then(|a| a.dense_int_values())
        .unwrap_or_default();
    let Some(pos) = mixed_position(&statics, adaptor.dynamic_position()) else {
        return rw.notify_match_failure(op.0, "poison position");
    };
    let value_ty = body.value_type(body.operand(op.0, 0));
    let dest_ty = body.value_type(body.operand(op.0, 1));
    let Some(dest) = rw.convert_type(dest_ty) else {
        return rw.notify_match_failure(op.0, "types do not convert");
    };
    let scalar = value_ty.shape().is_none();
    let loc = body.op_loc(op.0);
    let ctx = rw.context();
    let n_rows = if scalar {
        pos.len().saturating_sub(1)
    } else {
        pos.len()
    };
    let Some(row_pos) = static_prefix(&pos[..n_rows]) else {
        return rw.notify_match_failure(op.0, "dynamic positions in the leading dimensions");
    };
    let (value, dest_v) = (adaptor.value_to_store(), adaptor.dest());
    rw.set_insertion_point_before(op.0);
    let v = rw.build(|b| {
        if !scalar {
            return llvm::InsertValueOp::build(
                b,
                loc,
                dest_v,
                value,
                dest,
                ctx.dense_int_array(64, &row_pos),
            )
            .res(b.body());
        }
        let row_ty = array_rows(dest).1;
        let row = if row_pos.is_empty() {
            dest_v
        } else {
            llvm::ExtractValueOp::build(b, loc, dest_v, row_ty, ctx.dense_int_array(64, &row_pos))
                .res(b.body())
        };
        let lane = match pos.last() {
            Some(Pos::Dynamic(d)) => Pos::Dynamic(*d),
            Some(Pos::Static(s)) => Pos::Static(*s),
            None => Pos::Static(0),
        };
        let i = lane_index(b, loc, &lane);
        let row = llvm::InsertElementOp::build(b, loc, row, value, i, row_ty).res(b.body());
        if row_pos.is_empty() {
            row
        } else {
            llvm::InsertValueOp::build(b, loc, dest_v, row, dest, ctx.dense_int_array(64, &row_pos))
                .res(b.body())
        }
    });
    rw.replace_op(op.0, &[v]);
    Ok(())
}

// ---- conversion: reductions -----------------------------------------------------------------------

fn lower_reduction<'c>(
    op: vector::ReductionOp,
    adaptor: vector::ReductionOpAdaptor<'_>,
    rw: &mut ConversionPatternRewriter<'_, 'c>,
) -> MatchResult {
    reduction(op.0, adaptor.vector(), adaptor.acc(), rw, false)
}

fn lower_reduction_reassoc<'c>(
    op: vector::ReductionOp,
    adaptor: vector::ReductionOpAdaptor<'_>,
    rw: &mut ConversionPatternRewriter<'_, 'c>,
) -> MatchResult {
    reduction(op.0, adaptor.vector(), adaptor.acc(), rw, true)
}

/// Integer kinds: the intrinsic, and how the accumulator combines with its result (an
/// `llvm` op, or a compare-and-select with an `icmp` predicate).
const INT_KINDS: &[(&str, &str, Combine)] = &[
    (
        "add",
        llvm::VectorReduceAddOp::NAME,
        Combine::Op(llvm::AddOp::NAME),
    ),
    (
        "mul",
        llvm::VectorReduceMulOp::NAME,
        Combine::Op(llvm::MulOp::NAME),
    ),
    (
        "and",
        llvm::VectorReduceAndOp::NAME,
        Combine::Op(llvm::AndOp::NAME),
    ),
    (
        "or",
        llvm::VectorReduceOrOp::NAME,
        Combine::Op(llvm::OrOp::NAME),
    ),
    (
        "xor",
        llvm::VectorReduceXorOp::NAME,
        Combine::Op(llvm::XOrOp::NAME),
    ),
    ("minsi", llvm::VectorReduceSminOp::NAME, Combine::Select(3)),
    ("maxsi", llvm::VectorReduceSmaxOp::NAME, Combine::Select(5)),
    ("minui", llvm::VectorReduceUminOp::NAME, Combine::Select(7)),
    ("maxui", llvm::VectorReduceUmaxOp::NAME, Combine::Select(9)),
];

/// Float min/max kinds: the intrinsic and the binary intrinsic that adds the accumulator.
const FLOAT_MINMAX: &[(&str, &str, &str)] = &[
    (
        "maxnumf",
        llvm::VectorReduceFmaxOp::NAME,
        llvm::MaxNumOp::NAME,
    ),
    (
        "minnumf",
        llvm::VectorReduceFminOp::NAME,
        llvm::MinNumOp::NAME,
    ),
    (
        "maximumf",
        llvm::VectorReduceFmaximumOp::NAME,
        llvm::MaximumOp::NAME,
    ),
    (
        "minimumf",
        llvm::VectorReduceFminimumOp::NAME,
        llvm::MinimumOp::NAME,
    ),
];

#[derive(Copy, Clone)]
enum Combine {
    Op(&'static str),
    /// `icmp <pred> acc, r` then `select` (sle, sge, ule, uge).
    Select(i128),
}

fn build_named<'c>(
    b: &mut OpBuilder<'_, 'c>,
    loc: Location<'c>,
    name: &str,
    operands: &[ValueId],
    ty: Type<'c>,
    props: &[pto_ir::NamedAttribute<'c>],
) -> ValueId {
    let ctx = b.context();
    let mut st = b.state(name, loc);
    st.operands.extend_from_slice(operands);
    st.result_types.push(ty);
    if !props.is_empty() {
        st.props = Some(ctx.dictionary(props));
    }
    pto_ir::ods::populate_defaults(ctx, &mut st);
    let o = b.create(st);
    b.body().result(o, 0)
}

/// `vector.reduction` `op` of the converted vector `v`, with the converted accumulator
/// `acc` if it has one.
fn reduction<'c>(
    op: OpId,
    v: ValueId,
    acc: Option<ValueId>,
    rw: &mut ConversionPatternRewriter<'_, 'c>,
    reassociate: bool,
) -> MatchResult {
    let body = rw.body();
    let kind = body
        .attr(op, "kind")
        .and_then(kind_keyword)
        .unwrap_or("")
        .to_string();
    let src_ty = body.value_type(body.operand(op, 0));
    // A 0-D vector is a one-lane LLVM vector.
    if src_ty.shape().is_none_or(|s| s.len() > 1) {
        return rw.notify_match_failure(op, "only 0-D and 1-D reductions are lowered");
    }
    let Some(res) = rw.convert_type(body.value_type(body.result(op, 0))) else {
        return rw.notify_match_failure(op, "result type does not convert");
    };
    let fm_text = enum_keywords(body.attr(op, "fastmath"))
        .unwrap_or("none")
        .to_string();
    let loc = body.op_loc(op);
    let ctx = rw.context();
    let is_float = res.is_float();
    rw.set_insertion_point_before(op);
    let r = if !is_float {
        let Some(&(_, intr, combine)) = INT_KINDS.iter().find(|k| k.0 == kind) else {
            return rw.notify_match_failure(op, "unsupported integer reduction");
        };
        rw.build(|b| {
            let r = build_named(b, loc, intr, &[v], res, &[]);
            match (acc, combine) {
                (None, _) => r,
                (Some(a), Combine::Op(name)) => build_named(b, loc, name, &[a, r], res, &[]),
                (Some(a), Combine::Select(pred)) => {
                    let i1 = ctx.int_type(1);
                    let p = ctx.int_attr(ctx.int_type(64), pred);
                    let c = llvm::ICmpOp::build(b, loc, a, r, i1, p).res(b.body());
                    llvm::SelectOp::build(b, loc, c, a, r, res, None).res(b.body())
                }
            }
        })
    } else if kind == "add" || kind == "mul" {
        // The accumulator (or the neutral element) is the start value; reassociation
        // comes from the op's flags or the pass option.
        let mut flags = fm_text.clone();
        if reassociate && !flags.contains("reassoc") && !flags.contains("fast") {
            flags = if flags == "none" {
                "reassoc".into()
            } else {
                format!("reassoc,{flags}")
            };
        }
        let fm = named(
            ctx,
            "fastmathFlags",
            llvm::enum_attr(ctx, "fastmath", &flags),
        );
        let (intr, neutral) = if kind == "add" {
            (llvm::VectorReduceFaddOp::NAME, 0.0)
        } else {
            (llvm::VectorReduceFmulOp::NAME, 1.0)
        };
        let neutral = match acc {
            Some(_) => None,
            None => match float_attr(ctx, res, neutral) {
                Some(c) => Some(c),
                None => return rw.notify_match_failure(op, "no neutral element for this type"),
            },
        };
        rw.build(|b| {
            let start = match (acc, neutral) {
                (Some(a), _) => a,
                (None, c) => {
                    let c = c.expect("checked above");
                    ConstantOp::build(b, loc, res, c).res(b.body())
                }
            };
            build_named(b, loc, intr, &[start, v], res, &[fm])
        })
    } else {
        let Some(&(_, intr, bin)) = FLOAT_MINMAX.iter().find(|k| k.0 == kind) else {
            return rw.notify_match_failure(op, "unsupported float reduction");
        };
        // The option (not the op's flags) marks min/max reductions `reassoc` too.
        let props: SmallVec<[pto_ir::NamedAttribute<'c>; 1]> = if reassociate {
            let fm = llvm::enum_attr(ctx, "fastmath", "reassoc");
            SmallVec::from_elem(named(ctx, "fastmathFlags", fm), 1)
        } else {
            SmallVec::new()
        };
        rw.build(|b| {
            let r = build_named(b, loc, intr, &[v], res, &props);
            match acc {
                None => r,
                Some(a) => build_named(b, loc, bin, &[r, a], res, &[]),
            }
        })
    };
    rw.replace_op(op, &[r]);
    Ok(())
}

/// The float attribute of type `ty` holding the neutral element `x` (0 or 1).
fn float_attr<'c>(ctx: &'c Context, ty: Type<'c>, x: f64) -> Option<Attribute<'c>> {
    use pto_ir::FloatKind;
    let one = x == 1.0;
    let bits: u128 = match ty.float_kind()? {
        FloatKind::F32 => u128::from((x as f32).to_bits()),
        FloatKind::F64 => u128::from(x.to_bits()),
        FloatKind::F16 => u128::from(if one { 0x3c00u16 } else { 0 }),
        FloatKind::BF16 => u128::from(if one { 0x3f80u16 } else { 0 }),
        _ => return None,
    };
    Some(ctx.intern_attr(pto_ir::AttrKind::Float { bits, ty }))
}
