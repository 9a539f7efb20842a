//! `finalize-memref-to-llvm`: memref ops on MLIR's descriptor (MLIR's `MemRefToLLVM`).
//! `alloc` calls `malloc` and `dealloc` calls `free`, `alloca` becomes `llvm.alloca`,
//! `load`/`store` address `aligned + offset + sum(index * stride)` with the strides the
//! type knows as constants, `dim` reads a size, `copy` between contiguous memrefs is a
//! `memcpy`, `cast` between ranked memrefs keeps the descriptor; globals,
//! `get_global`, `reinterpret_cast` and `extract_strided_metadata` are in [`views`]. `subview`, `expand_shape`,
//! `collapse_shape` (which MLIR expands first, with `expand-strided-metadata`) and
//! aligned allocations are not lowered and stay.

mod views;

use pto_dialects::memref::layout::{layout, Layout};

use super::llvm_common::module::{lookup_or_create_func, visit_ops_deep};
use super::llvm_common::{
    apply_llvm_conversion, index_constant, options_from_index_bitwidth, MemRefDescriptor,
};
use pto_dialects::arith;
use pto_dialects::llvm::{self, build_call, build_gep, GepIndex, GEP_INBOUNDS_NUW};
use pto_dialects::memref;
use pto_ir::builder::OpBuilder;
use pto_ir::{Context, Diagnostic, Location, OpId, Type, ValueId, DYNAMIC};
use pto_pass::{Pass, PassTarget};
use pto_rewrite::conversion::{ConversionPatternRewriter, ConversionPatternSet};
use pto_rewrite::MatchResult;

impl Pass for crate::FinalizeMemRefToLLVMConversionPass {
    fn run<'c>(
        &self,
        ctx: &'c Context,
        target: &mut PassTarget<'_, 'c>,
    ) -> Result<(), Diagnostic<'c>> {
        let index = options_from_index_bitwidth(self.options.index_bitwidth).index_bitwidth;
        declare_allocation_functions(ctx, target.body, target.loc, Some(ctx.int_type(index)));
        apply_llvm_conversion(
            ctx,
            target.body,
            self.options.index_bitwidth,
            &[],
            populate_memref_to_llvm_patterns,
        )
    }
}

/// Declares `malloc` and `free` in the module if an `alloc` or `dealloc` needs them.
fn declare_allocation_functions<'c>(
    ctx: &'c Context,
    body: &mut pto_ir::Body<'c>,
    module_loc: Location<'c>,
    index: Option<Type<'c>>,
) {
    let (mut alloc, mut dealloc) = (None, None);
    visit_ops_deep(body, memref::AllocOp::NAME, &mut |b, op| {
        alloc = alloc.or(Some(b.op_loc(op)));
    });
    visit_ops_deep(body, memref::DeallocOp::NAME, &mut |b, op| {
        dealloc = dealloc.or(Some(b.op_loc(op)));
    });
    let ptr = llvm::ptr_type(ctx);
    if let (Some(_), Some(index)) = (alloc, index) {
        let fty = llvm::func_type(ctx, ptr, &[index], false);
        lookup_or_create_func(ctx, body, module_loc, "malloc", fty);
    }
    if dealloc.is_some() {
        let fty = llvm::func_type(ctx, llvm::void_type(ctx), &[ptr], false);
        lookup_or_create_func(ctx, body, module_loc, "free", fty);
    }
}

/// Adds the lowering of `memref` to `llvm`.
pub fn populate_memref_to_llvm_patterns(set: &mut ConversionPatternSet) {
    set.add_fn(memref::AllocOp::NAME, "AllocOpLowering", lower_alloc)
        .add_fn(memref::AllocaOp::NAME, "AllocaOpLowering", lower_alloc)
        .add_op::<memref::DeallocOp>("DeallocOpLowering", lower_dealloc)
        .add_op::<memref::LoadOp>("LoadOpLowering", lower_load)
        .add_op::<memref::PrefetchOp>("PrefetchOpLowering", lower_prefetch)
        .add_op::<memref::StoreOp>("StoreOpLowering", lower_store)
        .add_op::<memref::DimOp>("DimOpLowering", lower_dim)
        .add_op::<memref::CopyOp>("MemRefCopyOpLowering", lower_copy)
        .add_op::<memref::CastOp>("MemRefCastOpLowering", lower_cast)
        .add_op::<memref::GlobalOp>("GlobalMemrefOpLowering", views::lower_global)
        .add_op::<memref::GetGlobalOp>("GetGlobalMemrefOpLowering", views::lower_get_global)
        .add_op::<memref::ReinterpretCastOp>(
            "MemRefReinterpretCastOpLowering",
            views::lower_reinterpret_cast,
        )
        .add_op::<memref::ExtractStridedMetadataOp>(
            "ExtractStridedMetadataOpLowering",
            views::lower_extract_strided_metadata,
        )
        .add_op::<memref::ViewOp>("ViewOpLowering", views::lower_view);
}

/// The sizes, strides and element count (or byte size) of a new row-major buffer
/// (MLIR's `getMemRefDescriptorSizes`): static sizes as constants, dynamic ones from
/// `dynamic` in order.
fn descriptor_sizes<'c>(
    b: &mut OpBuilder<'_, 'c>,
    loc: Location<'c>,
    index: Type<'c>,
    shape: &[i64],
    dynamic: &[ValueId],
    elem_for_bytes: Option<Type<'c>>,
) -> (Vec<ValueId>, Vec<ValueId>, ValueId) {
    let mut dyn_iter = dynamic.iter();
    let sizes: Vec<ValueId> = shape
        .iter()
        .map(|&d| {
            if d == DYNAMIC {
                *dyn_iter.next().expect("one operand per dynamic size")
            } else {
                index_constant(b, loc, index, d)
            }
        })
        .collect();
    let ctx = b.context();
    let mut strides: Vec<ValueId> = Vec::with_capacity(shape.len());
    let mut stride: i64 = 1;
    let mut running = index_constant(b, loc, index, 1);
    for i in (0..shape.len()).rev() {
        strides.push(running);
        let use_size_as_stride = stride == 1;
        if shape[i] == DYNAMIC {
            stride = DYNAMIC;
        }
        if stride != DYNAMIC {
            stride *= shape[i];
        }
        running = if use_size_as_stride {
            sizes[i]
        } else if stride == DYNAMIC {
            let none = Some(ctx.int_attr(ctx.int_type(32), 0));
            llvm::MulOp::build(b, loc, running, sizes[i], index, none).res(b.body())
        } else {
            index_constant(b, loc, index, stride)
        };
    }
    strides.reverse();
    let total = match elem_for_bytes {
        Some(elem) => byte_size(b, loc, index, elem, GepIndex::Value(running)),
        None => running,
    };
    (sizes, strides, total)
}

/// `ptrtoint(gep null[count] : elem)`: the size of `count` elements, as MLIR computes it.
fn byte_size<'c>(
    b: &mut OpBuilder<'_, 'c>,
    loc: Location<'c>,
    index: Type<'c>,
    elem: Type<'c>,
    count: GepIndex,
) -> ValueId {
    let ptr = llvm::ptr_type(b.context());
    let null = llvm::ZeroOp::build(b, loc, ptr).res(b.body());
    let gep = build_gep(b, loc, ptr, elem, null, &[count], 0).res(b.body());
    llvm::PtrToIntOp::build(b, loc, gep, index).res(b.body())
}

fn lower_alloc<'c>(
    op: OpId,
    operands: &[ValueId],
    rw: &mut ConversionPatternRewriter<'_, 'c>,
) -> MatchResult {
    let ctx = rw.context();
    let body = rw.body();
    let ty = body.value_type(body.result(op, 0));
    let heap = body.op_name(op).as_str() == memref::AllocOp::NAME;
    let (Some(l), Some(desc_ty)) = (layout(ty), rw.convert_type(ty)) else {
        return rw.notify_match_failure(op, "memref type does not convert");
    };
    if l.offset != 0 || l.strides[..] != pto_ir::types::canonical_strides(l.shape)[..] {
        return rw.notify_match_failure(op, "only row-major layouts are allocated");
    }
    if !body.regions_of(op).is_empty()
        || operands.len() > l.shape.iter().filter(|&&d| d == DYNAMIC).count()
    {
        return rw.notify_match_failure(op, "symbol operands are not supported");
    }
    let Some(elem) = rw.convert_type(l.element) else {
        return rw.notify_match_failure(op, "element type does not convert");
    };
    let index = llvm::LLVMStructType::from_type(desc_ty)
        .map(|s| s.body()[2])
        .expect("descriptor");
    let alignment = body.attr(op, "alignment");
    let loc = body.op_loc(op);
    rw.set_insertion_point_before(op);
    let desc = rw.build(|b| {
        let bytes = heap.then_some(elem);
        let (sizes, strides, total) = descriptor_sizes(b, loc, index, l.shape, operands, bytes);
        let ptr = llvm::ptr_type(ctx);
        let mut aligned = None;
        let base = if heap {
            // With an alignment: malloc `alignment` more bytes and round the address up,
            // as MLIR's AllocOpLowering does.
            let align = alignment
                .and_then(|a| a.as_int())
                .map(|a| index_constant(b, loc, index, a as i64));
            let total = match align {
                Some(a) => llvm::AddOp::build(b, loc, total, a, index, None).res(b.body()),
                None => total,
            };
            let malloc = llvm::func_type(ctx, ptr, &[index], false);
            let malloc = llvm::LLVMFunctionType::from_type(malloc).expect("function type");
            let call = build_call(b, loc, "malloc", malloc, &[total]);
            let base = b.body().result(call.0, 0);
            if let Some(a) = align {
                let int = llvm::PtrToIntOp::build(b, loc, base, index).res(b.body());
                let one = index_constant(b, loc, index, 1);
                let bump = llvm::SubOp::build(b, loc, a, one, index, None).res(b.body());
                let bumped = llvm::AddOp::build(b, loc, int, bump, index, None).res(b.body());
                let rem = llvm::URemOp::build(b, loc, bumped, a, index).res(b.body());
                let down = llvm::SubOp::build(b, loc, bumped, rem, index, None).res(b.body());
                aligned = Some(llvm::IntToPtrOp::build(b, loc, down, ptr).res(b.body()));
            }
            base
        } else {
            let align = alignment.map(|a| ctx.int_attr(ctx.int_type(64), a.as_int().unwrap_or(0)));
            let a = llvm::AllocaOp::build(b, loc, total, ptr, align, ctx.type_attr(elem), None);
            a.res(b.body())
        };
        let ptrs = (base, aligned.unwrap_or(base));
        MemRefDescriptor::from_parts(b, loc, desc_ty, ptrs, index, 0, &sizes, &strides).value
    });
    rw.replace_op(op, &[desc]);
    Ok(())
}

fn lower_dealloc<'c>(
    op: memref::DeallocOp,
    adaptor: memref::DeallocOpAdaptor<'_>,
    rw: &mut ConversionPatternRewriter<'_, 'c>,
) -> MatchResult {
    let ctx = rw.context();
    let loc = rw.body().op_loc(op.0);
    rw.set_insertion_point_before(op.0);
    rw.build(|b| {
        let d = MemRefDescriptor::new(b.body(), adaptor.memref());
        let p = d.allocated_ptr(b, loc);
        let ptr = llvm::ptr_type(ctx);
        let free = llvm::func_type(ctx, llvm::void_type(ctx), &[ptr], false);
        let free = llvm::LLVMFunctionType::from_type(free).expect("function type");
        build_call(b, loc, "free", free, &[p]);
    });
    rw.erase_op(op.0);
    Ok(())
}

/// The address of element `indices` of the memref `desc` of type `ty` (MLIR's
/// `getStridedElementPtr`), with memref indexing's no-wrap flags.
fn element_ptr<'c>(
    b: &mut OpBuilder<'_, 'c>,
    loc: Location<'c>,
    l: &Layout<'c>,
    elem: Type<'c>,
    desc: ValueId,
    indices: &[ValueId],
) -> ValueId {
    strided_element_ptr(b, loc, l, elem, desc, indices, true)
}

/// [`element_ptr`] with (`no_wrap`) or without the `nsw|nuw` index arithmetic and
/// `inbounds|nuw` GEP flags (the vector conversions emit none).
pub(crate) fn strided_element_ptr<'c>(
    b: &mut OpBuilder<'_, 'c>,
    loc: Location<'c>,
    l: &Layout<'c>,
    elem: Type<'c>,
    desc: ValueId,
    indices: &[ValueId],
    no_wrap: bool,
) -> ValueId {
    let ctx = b.context();
    let d = MemRefDescriptor::new(b.body(), desc);
    let index = llvm::LLVMStructType::from_type(d.ty)
        .map(|s| s.body()[2])
        .expect("descriptor");
    let mut base = d.aligned_ptr(b, loc);
    // A non-zero offset moves the base first (MLIR's `bufferPtr`), so that the address
    // computations of several accesses share it.
    if l.offset != 0 {
        let offset = match l.offset {
            DYNAMIC => d.offset(b, loc),
            o => index_constant(b, loc, index, o),
        };
        let ptr = b.body().value_type(base);
        base = build_gep(b, loc, ptr, elem, base, &[GepIndex::Value(offset)], 0).res(b.body());
    }
    let flags = Some(ctx.int_attr(ctx.int_type(32), if no_wrap { 3 } else { 0 }));
    let mut acc: Option<ValueId> = None;
    for (i, &idx) in indices.iter().enumerate() {
        let mut inc = idx;
        if l.strides[i] != 1 {
            let s = d.stride_or_const(b, loc, i, l.strides[i], index);
            inc = llvm::MulOp::build(b, loc, idx, s, index, flags).res(b.body());
        }
        acc = Some(match acc {
            Some(a) => llvm::AddOp::build(b, loc, a, inc, index, flags).res(b.body()),
            None => inc,
        });
    }
    match acc {
        Some(i) => {
            let ptr = b.body().value_type(base);
            build_gep(
                b,
                loc,
                ptr,
                elem,
                base,
                &[GepIndex::Value(i)],
                if no_wrap { GEP_INBOUNDS_NUW } else { 0 },
            )
            .res(b.body())
        }
        None => base,
    }
}

/// The layout and LLVM element type of memref operand `v` of `op`.
fn operand_layout<'c>(
    rw: &mut ConversionPatternRewriter<'_, 'c>,
    op: OpId,
    v: ValueId,
) -> Result<(Layout<'c>, Type<'c>), pto_rewrite::MatchFailure> {
    let ty = rw.body().value_type(v);
    match layout(ty).and_then(|l| Some((rw.convert_type(l.element)?, l))) {
        Some((elem, l)) => Ok((l, elem)),
        None => rw
            .notify_match_failure(op, "memref layout is not strided")
            .map(|_| unreachable!("notify_match_failure fails")),
    }
}

fn alignment_of<'c>(rw: &ConversionPatternRewriter<'_, 'c>, op: OpId) -> u64 {
    rw.body()
        .attr(op, "alignment")
        .and_then(|a| a.as_int())
        .map_or(0, |a| a as u64)
}

/// The layout and element type of the memref operand `index` of the access `op`, and
/// the op's location.
fn access<'c>(
    rw: &mut ConversionPatternRewriter<'_, 'c>,
    op: OpId,
    index: usize,
) -> Result<(Layout<'c>, Type<'c>, Location<'c>), pto_rewrite::MatchFailure> {
    let memref = rw.body().operand(op, index);
    let (l, elem) = operand_layout(rw, op, memref)?;
    Ok((l, elem, rw.body().op_loc(op)))
}

fn lower_load<'c>(
    op: memref::LoadOp,
    adaptor: memref::LoadOpAdaptor<'_>,
    rw: &mut ConversionPatternRewriter<'_, 'c>,
) -> MatchResult {
    let (l, elem, loc) = access(rw, op.0, 0)?;
    let align = alignment_of(rw, op.0);
    rw.set_insertion_point_before(op.0);
    let v = rw.build(|b| {
        let p = element_ptr(b, loc, &l, elem, adaptor.memref(), adaptor.indices());
        llvm::build_load(b, loc, elem, p, align).res(b.body())
    });
    rw.replace_op(op.0, &[v]);
    Ok(())
}

/// `llvm.intr.prefetch` of the element's address, the hints as immediates.
fn lower_prefetch<'c>(
    op: memref::PrefetchOp,
    adaptor: memref::PrefetchOpAdaptor<'_>,
    rw: &mut ConversionPatternRewriter<'_, 'c>,
) -> MatchResult {
    let (l, elem, loc) = access(rw, op.0, 0)?;
    let ctx = rw.context();
    let int = |name: &str| {
        rw.body()
            .attr(op.0, name)
            .and_then(|a| a.as_int())
            .unwrap_or(0)
    };
    let i32_attr = |v: i128| ctx.int_attr(ctx.int_type(32), v);
    let (write, hint, data) = (
        i32_attr(int("isWrite")),
        i32_attr(int("localityHint")),
        i32_attr(int("isDataCache")),
    );
    rw.set_insertion_point_before(op.0);
    rw.build(|b| {
        // No `inbounds`: a prefetch may point past the buffer (as in MLIR).
        let p = strided_element_ptr(b, loc, &l, elem, adaptor.memref(), adaptor.indices(), false);
        llvm::Prefetch::build(b, loc, p, write, hint, data);
    });
    rw.erase_op(op.0);
    Ok(())
}

fn lower_store<'c>(
    op: memref::StoreOp,
    adaptor: memref::StoreOpAdaptor<'_>,
    rw: &mut ConversionPatternRewriter<'_, 'c>,
) -> MatchResult {
    let (l, elem, loc) = access(rw, op.0, 1)?;
    let align = alignment_of(rw, op.0);
    rw.set_insertion_point_before(op.0);
    rw.build(|b| {
        let p = element_ptr(b, loc, &l, elem, adaptor.memref(), adaptor.indices());
        llvm::build_store(b, loc, adaptor.value(), p, align);
    });
    rw.erase_op(op.0);
    Ok(())
}

/// The constant value of `v` (an `arith.constant` or `llvm.mlir.constant`).
fn constant_index(body: &pto_ir::Body<'_>, v: ValueId) -> Option<i64> {
    let mut def = body.defining_op(v)?;
    // Earlier conversions leave constants behind casts.
    while body.op_name(def).as_str() == pto_rewrite::conversion::CAST_OP {
        def = body.defining_op(body.operand(def, 0))?;
    }
    if !matches!(
        body.op_name(def).as_str(),
        arith::ConstantOp::NAME | llvm::ConstantOp::NAME
    ) {
        return None;
    }
    body.attr(def, "value")?
        .as_int()
        .and_then(|i| i64::try_from(i).ok())
}

fn lower_dim<'c>(
    op: memref::DimOp,
    adaptor: memref::DimOpAdaptor<'_>,
    rw: &mut ConversionPatternRewriter<'_, 'c>,
) -> MatchResult {
    let body = rw.body();
    let memref_ty = body.value_type(body.operand(op.0, 0));
    let Some(shape) = memref_ty.shape() else {
        return rw.notify_match_failure(op.0, "unranked memrefs are not supported");
    };
    let Some(dim) = constant_index(body, body.operand(op.0, 1))
        .or_else(|| constant_index(body, adaptor.index()))
        .and_then(|d| usize::try_from(d).ok())
        .filter(|&d| d < shape.len())
    else {
        return rw.notify_match_failure(op.0, "dimension index is not a constant in range");
    };
    let Some(index) = rw.convert_type(body.value_type(body.result(op.0, 0))) else {
        return rw.notify_match_failure(op.0, "index type does not convert");
    };
    let loc = body.op_loc(op.0);
    rw.set_insertion_point_before(op.0);
    let v = rw.build(|b| {
        let d = MemRefDescriptor::new(b.body(), adaptor.source());
        d.size_or_const(b, loc, dim, shape[dim], index)
    });
    rw.replace_op(op.0, &[v]);
    Ok(())
}

fn lower_copy<'c>(
    op: memref::CopyOp,
    adaptor: memref::CopyOpAdaptor<'_>,
    rw: &mut ConversionPatternRewriter<'_, 'c>,
) -> MatchResult {
    let ctx = rw.context();
    let (src, dst) = (rw.body().operand(op.0, 0), rw.body().operand(op.0, 1));
    let (ls, elem) = operand_layout(rw, op.0, src)?;
    let (ld, _) = operand_layout(rw, op.0, dst)?;
    let contiguous =
        |l: &Layout<'_>| l.strides[..] == pto_ir::types::canonical_strides(l.shape)[..];
    if !contiguous(&ls) || !contiguous(&ld) {
        return rw.notify_match_failure(op.0, "copies of strided memrefs are not supported");
    }
    let loc = rw.body().op_loc(op.0);
    rw.set_insertion_point_before(op.0);
    rw.build(|b| {
        let s = MemRefDescriptor::new(b.body(), adaptor.source());
        let index = llvm::LLVMStructType::from_type(s.ty)
            .map(|t| t.body()[2])
            .expect("descriptor");
        let none = Some(ctx.int_attr(ctx.int_type(32), 0));
        let mut count = index_constant(b, loc, index, 1);
        for i in 0..ls.shape.len() {
            let size = s.size(b, loc, i);
            count = llvm::MulOp::build(b, loc, count, size, index, none).res(b.body());
        }
        let elem_size = byte_size(b, loc, index, elem, GepIndex::Const(1));
        let bytes = llvm::MulOp::build(b, loc, count, elem_size, index, none).res(b.body());
        let first = |b: &mut OpBuilder<'_, 'c>, v: ValueId| {
            let d = MemRefDescriptor::new(b.body(), v);
            let p = d.aligned_ptr(b, loc);
            let off = d.offset(b, loc);
            let ptr = b.body().value_type(p);
            build_gep(b, loc, ptr, elem, p, &[GepIndex::Value(off)], 0).res(b.body())
        };
        let sp = first(b, adaptor.source());
        let dp = first(b, adaptor.target());
        let volatile = ctx.int_attr(ctx.int_type(1), 0);
        llvm::MemcpyOp::build(
            b, loc, dp, sp, bytes, volatile, None, None, None, None, None, None,
        );
    });
    rw.erase_op(op.0);
    Ok(())
}

fn lower_cast<'c>(
    op: memref::CastOp,
    adaptor: memref::CastOpAdaptor<'_>,
    rw: &mut ConversionPatternRewriter<'_, 'c>,
) -> MatchResult {
    let body = rw.body();
    let (from, to) = (
        body.value_type(body.operand(op.0, 0)),
        body.value_type(body.result(op.0, 0)),
    );
    if rw.convert_type(from) != rw.convert_type(to) || rw.convert_type(to).is_none() {
        return rw
            .notify_match_failure(op.0, "casts to or from unranked memrefs are not supported");
    }
    rw.replace_op(op.0, &[adaptor.source()]);
    Ok(())
}
