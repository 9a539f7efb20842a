//! Globals and views in `finalize-memref-to-llvm`: `memref.global` becomes an
//! `llvm.mlir.global` of nested arrays, `memref.get_global` a descriptor of its address
//! (allocated pointer 0xdeadbeef: it must never be freed), `memref.reinterpret_cast` a
//! new descriptor over the source's pointers, `memref.extract_strided_metadata` the
//! fields of one, `memref.view` a descriptor over the source's bytes from a byte shift. As MLIR's `MemRefToLLVM`, with its op order. `subview`, `expand_shape` and `collapse_shape` are not lowered here (MLIR
//! expands them to `reinterpret_cast` first, with `expand-strided-metadata`).

use super::{descriptor_sizes, layout};
use crate::llvm_common::{index_constant, MemRefDescriptor};
use pto_dialects::llvm::{self, build_gep, build_global, GepIndex};
use pto_dialects::memref;
use pto_ir::builder::OpBuilder;
use pto_ir::{AttrKind, InsertPoint, Type, TypeKind, ValueId, DYNAMIC};
use pto_rewrite::conversion::ConversionPatternRewriter;
use pto_rewrite::MatchResult;

/// The LLVM type of a global memref: the converted element in one array per dimension
/// (`memref<2x3xi32>` is `!llvm.array<2 x array<3 x i32>>`).
fn global_array_type<'c>(
    rw: &ConversionPatternRewriter<'_, 'c>,
    shape: &[i64],
    element: Type<'c>,
) -> Option<Type<'c>> {
    let ctx = rw.context();
    let mut t = rw.convert_type(element)?;
    for &d in shape.iter().rev() {
        t = llvm::array_type(ctx, t, u64::try_from(d).ok()?);
    }
    Some(t)
}

/// A static-shaped memref with the identity layout in the default memory space.
fn plain_static_memref(t: Type<'_>) -> Option<(&[i64], Type<'_>)> {
    let TypeKind::MemRef {
        shape,
        element,
        layout,
        memory_space,
    } = *t.kind()
    else {
        return None;
    };
    let identity = layout.is_none()
        || t.strides_and_offset().is_some_and(|(strides, offset)| {
            offset == 0 && strides[..] == pto_ir::types::canonical_strides(shape)[..]
        });
    (identity && memory_space.is_none() && shape.iter().all(|&d| d != DYNAMIC))
        .then_some((shape, element))
}

/// The one element of the splat elements attribute `v`, as an attribute of `element`.
fn splat_element<'c>(
    ctx: &'c pto_ir::Context,
    v: pto_ir::Attribute<'c>,
    element: Type<'c>,
) -> Option<pto_ir::Attribute<'c>> {
    let AttrKind::DenseElements {
        splat: true, data, ..
    } = *v.kind()
    else {
        return None;
    };
    let mut bytes = [0u8; 16];
    let n = data.len().min(16);
    bytes[..n].copy_from_slice(&data[..n]);
    let bits = u128::from_le_bytes(bytes);
    if element.is_float() {
        return Some(ctx.intern_attr(AttrKind::Float { bits, ty: element }));
    }
    let w = element.int_width()?;
    let signed = if w >= 128 {
        bits as i128
    } else {
        ((bits << (128 - w)) as i128) >> (128 - w)
    };
    Some(ctx.int_attr(element, signed))
}

/// `memref.global` -> `llvm.mlir.global` (private unless public; an `uninitialized`
/// global gets an initializer returning `undef`; a rank-0 global holds the scalar).
pub(super) fn lower_global<'c>(
    op: memref::GlobalOp,
    _: memref::GlobalOpAdaptor<'_>,
    rw: &mut ConversionPatternRewriter<'_, 'c>,
) -> MatchResult {
    let ctx = rw.context();
    let body = rw.body();
    let Some(ty) = body.attr(op.0, "type").and_then(|a| a.as_type()) else {
        return rw.notify_match_failure(op.0, "no memref type");
    };
    let Some((shape, element)) = plain_static_memref(ty) else {
        return rw.notify_match_failure(op.0, "only static identity-layout memrefs");
    };
    let Some(array) = global_array_type(rw, shape, element) else {
        return rw.notify_match_failure(op.0, "element type does not convert");
    };
    let name = body
        .attr(op.0, "sym_name")
        .and_then(|a| a.as_str())
        .unwrap_or_default()
        .to_string();
    let public = body
        .attr(op.0, "sym_visibility")
        .and_then(|a| a.as_str())
        .is_none();
    let constant = body.attr(op.0, "constant").is_some();
    let init = body.attr(op.0, "initial_value");
    let uninitialized = init.is_some_and(|a| matches!(a.kind(), AttrKind::Unit));
    let mut value = init.filter(|_| !uninitialized);
    if shape.is_empty() {
        // The global of a rank-0 memref is the element itself.
        value = value.and_then(|v| splat_element(ctx, v, element));
    }
    let alignment = body.attr(op.0, "alignment");
    let loc = body.op_loc(op.0);
    rw.set_insertion_point_before(op.0);
    let linkage = if public { "external" } else { "private" };
    rw.build(|b| {
        let g = build_global(b, loc, &name, array, linkage, constant, value).0;
        if let Some(a) = alignment {
            let mut props = b
                .body()
                .op_props(g)
                .and_then(|p| p.as_dictionary())
                .unwrap_or(&[])
                .to_vec();
            props.push(crate::llvm_common::named(ctx, "alignment", a));
            props.sort_by(|x, y| x.name.as_str().cmp(y.name.as_str()));
            let props = ctx.dictionary(&props);
            b.body().set_op_props(g, Some(props));
        }
        if uninitialized {
            let region = b.body().regions_of(g)[0];
            let nested = b.body().nested_mut(g).expect("a global owns its region");
            let block = nested.create_block();
            nested.append_block(region, block);
            let mut nb = OpBuilder::new(ctx, nested);
            nb.set_insertion_point(InsertPoint::BlockEnd(block));
            let undef = llvm::UndefOp::build(&mut nb, loc, array).res(nb.body());
            llvm::ReturnOp::build(&mut nb, loc, Some(undef));
        }
    });
    rw.erase_op(op.0);
    Ok(())
}

/// `memref.get_global` -> the descriptor of the global's first element (MLIR lowers it
/// as an allocation: the sizes, strides and the unused byte size first).
pub(super) fn lower_get_global<'c>(
    op: memref::GetGlobalOp,
    _: memref::GetGlobalOpAdaptor<'_>,
    rw: &mut ConversionPatternRewriter<'_, 'c>,
) -> MatchResult {
    let ctx = rw.context();
    let body = rw.body();
    let ty = body.value_type(body.result(op.0, 0));
    let Some((shape, element)) = plain_static_memref(ty) else {
        return rw.notify_match_failure(op.0, "only static identity-layout memrefs");
    };
    let (Some(desc_ty), Some(array), Some(elem)) = (
        rw.convert_type(ty),
        global_array_type(rw, shape, element),
        rw.convert_type(element),
    ) else {
        return rw.notify_match_failure(op.0, "memref type does not convert");
    };
    let Some(sym) = body.attr(op.0, "name") else {
        return rw.notify_match_failure(op.0, "no global name");
    };
    let index = llvm::LLVMStructType::from_type(desc_ty)
        .map(|s| s.body()[2])
        .expect("descriptor");
    let loc = body.op_loc(op.0);
    rw.set_insertion_point_before(op.0);
    let desc = rw.build(|b| {
        let (sizes, strides, _bytes) = descriptor_sizes(b, loc, index, shape, &[], Some(elem));
        let ptr = llvm::ptr_type(ctx);
        let addr = llvm::AddressOfOp::build(b, loc, ptr, sym).res(b.body());
        let zeros = vec![GepIndex::Const(0); shape.len() + 1];
        let first = build_gep(b, loc, ptr, array, addr, &zeros, 0).res(b.body());
        let dead_beef = index_constant(b, loc, index, 0xdead_beef);
        let allocated = llvm::IntToPtrOp::build(b, loc, dead_beef, ptr).res(b.body());
        let ptrs = (allocated, first);
        MemRefDescriptor::from_parts(b, loc, desc_ty, ptrs, index, 0, &sizes, &strides).value
    });
    rw.replace_op(op.0, &[desc]);
    Ok(())
}

/// `memref.reinterpret_cast` of a ranked memref -> a descriptor with the source's
/// pointers and the op's offset, sizes and strides (constants or operands).
pub(super) fn lower_reinterpret_cast<'c>(
    op: memref::ReinterpretCastOp,
    adaptor: memref::ReinterpretCastOpAdaptor<'_>,
    rw: &mut ConversionPatternRewriter<'_, 'c>,
) -> MatchResult {
    let body = rw.body();
    let source_ty = body.value_type(body.operand(op.0, 0));
    if !matches!(source_ty.kind(), TypeKind::MemRef { .. }) {
        return rw.notify_match_failure(op.0, "unranked sources are not supported");
    }
    let result_ty = body.value_type(body.result(op.0, 0));
    let (Some(desc_ty), Some(l)) = (rw.convert_type(result_ty), layout(result_ty)) else {
        return rw.notify_match_failure(op.0, "result type does not convert");
    };
    let statics = |name: &str| {
        body.attr(op.0, name)
            .and_then(|a| a.dense_int_values())
            .map(|v| v.to_vec())
            .unwrap_or_default()
    };
    let (offsets, sizes, strides) = (
        statics("static_offsets"),
        statics("static_sizes"),
        statics("static_strides"),
    );
    let rank = l.shape.len();
    if offsets.len() != 1 || sizes.len() != rank || strides.len() != rank {
        return rw.notify_match_failure(op.0, "offset, sizes and strides do not match the rank");
    }
    let (dyn_offsets, dyn_sizes, dyn_strides) =
        (adaptor.offsets(), adaptor.sizes(), adaptor.strides());
    let index = llvm::LLVMStructType::from_type(desc_ty)
        .map(|s| s.body()[2])
        .expect("descriptor");
    let loc = body.op_loc(op.0);
    rw.set_insertion_point_before(op.0);
    let desc = rw.build(|b| {
        let mut d = MemRefDescriptor::poison(b, loc, desc_ty);
        let src = MemRefDescriptor::new(b.body(), adaptor.source());
        let allocated = src.allocated_ptr(b, loc);
        let aligned = src.aligned_ptr(b, loc);
        d.set_allocated_ptr(b, loc, allocated);
        d.set_aligned_ptr(b, loc, aligned);
        let offset = match offsets[0] {
            DYNAMIC => dyn_offsets[0],
            o => index_constant(b, loc, index, o),
        };
        d.set_offset(b, loc, offset);
        let (mut next_size, mut next_stride) = (dyn_sizes.iter(), dyn_strides.iter());
        for i in 0..rank {
            let size = match sizes[i] {
                DYNAMIC => *next_size.next().expect("one operand per dynamic size"),
                s => index_constant(b, loc, index, s),
            };
            d.set_size(b, loc, i, size);
            let stride = match strides[i] {
                DYNAMIC => *next_stride.next().expect("one operand per dynamic stride"),
                s => index_constant(b, loc, index, s),
            };
            d.set_stride(b, loc, i, stride);
        }
        d.value
    });
    rw.replace_op(op.0, &[desc]);
    Ok(())
}

/// `memref.extract_strided_metadata` -> the source's pointers in a rank-0 descriptor
/// (offset 0), then its offset, sizes and strides read from its descriptor. Used
/// results the type knows are first replaced by `arith.constant`s, which is what the
/// op's folder does (in place, before any lowering) in MLIR's conversion driver.
pub(super) fn lower_extract_strided_metadata<'c>(
    op: memref::ExtractStridedMetadataOp,
    adaptor: memref::ExtractStridedMetadataOpAdaptor<'_>,
    rw: &mut ConversionPatternRewriter<'_, 'c>,
) -> MatchResult {
    let ctx = rw.context();
    let body = rw.body();
    let source_ty = body.value_type(body.operand(op.0, 0));
    let (Some(shape), Some((strides, offset))) =
        (source_ty.shape(), source_ty.strides_and_offset())
    else {
        return rw.notify_match_failure(op.0, "unranked sources are not supported");
    };
    let rank = shape.len();
    let base_ty = body.value_type(body.result(op.0, 0));
    let Some(base_desc_ty) = rw.convert_type(base_ty) else {
        return rw.notify_match_failure(op.0, "base buffer type does not convert");
    };
    let index = llvm::LLVMStructType::from_type(base_desc_ty)
        .map(|s| s.body()[2])
        .expect("descriptor");
    let loc = body.op_loc(op.0);
    rw.set_insertion_point_before(op.0);
    // The folder: offset, sizes, strides in order.
    let known = std::iter::once(offset)
        .chain(shape.iter().copied())
        .chain(strides);
    for (i, v) in known.enumerate() {
        let result = rw.body().result(op.0, i + 1);
        if v == DYNAMIC || !rw.body().has_uses(result) {
            continue;
        }
        let index_ty = ctx.index_type();
        let c = rw.build(|b| {
            let attr = ctx.int_attr(index_ty, i128::from(v));
            pto_dialects::arith::ConstantOp::build(b, loc, index_ty, attr).result(b.body())
        });
        rw.replace_all_uses_with(result, c);
    }
    let results = rw.build(|b| {
        let src = MemRefDescriptor::new(b.body(), adaptor.source());
        let allocated = src.allocated_ptr(b, loc);
        let aligned = src.aligned_ptr(b, loc);
        let mut base = MemRefDescriptor::poison(b, loc, base_desc_ty);
        base.set_allocated_ptr(b, loc, allocated);
        base.set_aligned_ptr(b, loc, aligned);
        let zero = index_constant(b, loc, index, 0);
        base.set_offset(b, loc, zero);
        let mut results = vec![base.value, src.offset(b, loc)];
        for i in 0..rank {
            results.push(src.size(b, loc, i));
        }
        for i in 0..rank {
            results.push(src.stride(b, loc, i));
        }
        results
    });
    rw.replace_op(op.0, &results);
    Ok(())
}

/// `memref.view` -> a descriptor whose aligned pointer is the source's advanced by the
/// byte shift, offset 0, and the result's sizes (constants or the size operands) with
/// row-major strides, built from the last dimension backwards as MLIR's
/// `ViewOpLowering` does.
pub(super) fn lower_view<'c>(
    op: memref::ViewOp,
    adaptor: memref::ViewOpAdaptor<'_>,
    rw: &mut ConversionPatternRewriter<'_, 'c>,
) -> MatchResult {
    let body = rw.body();
    let result_ty = body.value_type(body.result(op.0, 0));
    let source_ty = body.value_type(body.operand(op.0, 0));
    let (Some(desc_ty), Some(l), Some(src_elem)) = (
        rw.convert_type(result_ty),
        layout(result_ty),
        source_ty.element_type().and_then(|e| rw.convert_type(e)),
    ) else {
        return rw.notify_match_failure(op.0, "type does not convert");
    };
    if l.offset == DYNAMIC {
        return rw.notify_match_failure(op.0, "result must have a static offset");
    }
    let index = llvm::LLVMStructType::from_type(desc_ty)
        .map(|s| s.body()[2])
        .expect("descriptor");
    let (source, byte_shift, sizes) = (adaptor.source(), adaptor.byte_shift(), adaptor.sizes());
    let loc = body.op_loc(op.0);
    rw.set_insertion_point_before(op.0);
    let desc = rw.build(|b| {
        let src = MemRefDescriptor::new(b.body(), source);
        let mut d = MemRefDescriptor::poison(b, loc, desc_ty);
        let allocated = src.allocated_ptr(b, loc);
        d.set_allocated_ptr(b, loc, allocated);
        let aligned = src.aligned_ptr(b, loc);
        let ptr_ty = b.body().value_type(aligned);
        let shifted = build_gep(
            b,
            loc,
            ptr_ty,
            src_elem,
            aligned,
            &[GepIndex::Value(byte_shift)],
            0,
        )
        .res(b.body());
        d.set_aligned_ptr(b, loc, shifted);
        let offset = index_constant(b, loc, index, l.offset);
        d.set_offset(b, loc, offset);
        let rank = l.shape.len();
        let (mut stride, mut next_size): (Option<ValueId>, Option<ValueId>) = (None, None);
        for i in (0..rank).rev() {
            let size = match l.shape[i] {
                DYNAMIC => {
                    let k = l.shape[..i].iter().filter(|&&s| s == DYNAMIC).count();
                    sizes[k]
                }
                s => index_constant(b, loc, index, s),
            };
            d.set_size(b, loc, i, size);
            let s = match (l.strides[i], stride, next_size) {
                (st, _, _) if st != DYNAMIC => index_constant(b, loc, index, st),
                (_, Some(running), Some(next)) => {
                    let none = Some(b.context().int_attr(b.context().int_type(32), 0));
                    llvm::MulOp::build(b, loc, running, next, index, none).res(b.body())
                }
                _ => index_constant(b, loc, index, 1),
            };
            d.set_stride(b, loc, i, s);
            stride = Some(s);
            next_size = Some(size);
        }
        d.value
    });
    rw.replace_op(op.0, &[desc]);
    Ok(())
}
