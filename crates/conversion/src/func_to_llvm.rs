//! `convert-func-to-llvm`: `func.func`, `func.call` and `func.return` to `llvm.func`,
//! `llvm.call` and `llvm.return` (MLIR's `FuncToLLVM`), with MLIR's default calling
//! convention: a ranked memref argument is passed as its descriptor's fields
//! (allocated pointer, aligned pointer, offset, sizes, strides), several results as one
//! struct. A function with `llvm.emit_c_interface` also gets `_mlir_ciface_<name>`,
//! which takes memrefs by pointer to their descriptor and returns a struct result
//! through a pointer in front of the arguments, as C callers and `mlir-runner` expect.

use smallvec::SmallVec;

use super::llvm_common::{apply_llvm_conversion, named, MemRefDescriptor};
use pto_dialects::func;
use pto_dialects::llvm::{self, build_call, build_func, build_indirect_call, enum_attr};
use pto_ir::builder::OpBuilder;
use pto_ir::{
    Attribute, BlockId, Body, Context, Diagnostic, InsertPoint, Location, NamedAttribute, OpId,
    Type, TypeKind, ValueId,
};
use pto_pass::{Pass, PassTarget};
use pto_rewrite::conversion::{ConversionPatternRewriter, ConversionPatternSet, TypeConverter};
use pto_rewrite::MatchResult;

impl Pass for crate::ConvertFuncToLLVMPass {
    fn run<'c>(
        &self,
        ctx: &'c Context,
        target: &mut PassTarget<'_, 'c>,
    ) -> Result<(), Diagnostic<'c>> {
        apply_llvm_conversion(
            ctx,
            target.body,
            self.options.index_bitwidth,
            &[func::FuncOp::NAME, func::CallOp::NAME, func::ReturnOp::NAME],
            populate_func_to_llvm_patterns,
        )
    }
}

/// Adds the lowering of `func` to `llvm`.
pub fn populate_func_to_llvm_patterns(set: &mut ConversionPatternSet) {
    set.add_op::<func::FuncOp>("FuncOpConversion", lower_func)
        .add_op::<func::CallOp>("CallOpLowering", lower_call)
        .add_op::<func::CallIndirectOp>("CallIndirectOpLowering", lower_call_indirect)
        .add_op::<func::ConstantOp>("ConstantOpLowering", lower_constant)
        .add_op::<func::ReturnOp>("ReturnOpLowering", lower_return);
}

/// The rank of a ranked memref type.
fn memref_rank(t: Type<'_>) -> Option<usize> {
    match t.kind() {
        TypeKind::MemRef { shape, .. } => Some(shape.len()),
        _ => None,
    }
}

/// The LLVM parameter types of a value of type `t` under the default calling
/// convention: a memref's descriptor fields, else the converted type.
fn expanded_types<'c>(tc: &TypeConverter<'c>, t: Type<'c>) -> Option<SmallVec<[Type<'c>; 8]>> {
    let converted = tc.convert_type(t)?;
    let Some(rank) = memref_rank(t) else {
        return Some(SmallVec::from_slice(&[converted]));
    };
    let fields = llvm::LLVMStructType::from_type(converted)?.body();
    let (ptr, index) = (fields[0], fields[2]);
    let mut out: SmallVec<[Type<'c>; 8]> = SmallVec::from_slice(&[ptr, ptr, index]);
    out.extend(std::iter::repeat_n(index, 2 * rank));
    Some(out)
}

fn lower_func<'c>(
    op: func::FuncOp,
    _: func::FuncOpAdaptor<'_>,
    rw: &mut ConversionPatternRewriter<'_, 'c>,
) -> MatchResult {
    let ctx = rw.context();
    let Some(tc) = rw.type_converter() else {
        return rw.notify_match_failure(op.0, "needs the LLVM type converter");
    };
    let body = rw.body();
    let Some((inputs, results)) = pto_dialects::func::function_type(body, op.0) else {
        return rw.notify_match_failure(op.0, "no function type");
    };
    let name = pto_ir::symbol_table::symbol_name(body, op.0)
        .unwrap_or("")
        .to_string();
    let loc = body.op_loc(op.0);
    let mut params: Vec<Type<'c>> = Vec::new();
    let mut entry_types: Vec<Type<'c>> = Vec::new();
    for &t in inputs {
        let (Some(exp), Some(conv)) = (expanded_types(tc, t), tc.convert_type(t)) else {
            return rw.notify_match_failure(op.0, "argument type does not convert");
        };
        params.extend(exp);
        entry_types.push(conv);
    }
    let Some(ret) = results_type(ctx, tc, results) else {
        return rw.notify_match_failure(op.0, "result type does not convert");
    };
    let fty = llvm::func_type(ctx, ret, &params, false);
    let c_interface = body
        .op_attrs(op.0)
        .dict_get("llvm.emit_c_interface")
        .is_some();
    let has_body = body.nested(op.0).is_some_and(|n| {
        body.regions_of(op.0)
            .first()
            .is_some_and(|&r| n.entry_block(r).is_some())
    });
    if c_interface && !has_body {
        return rw.notify_match_failure(
            op.0,
            "C interface wrappers of external functions are not supported",
        );
    }
    let props = func_props(ctx, body, op.0, inputs, &name, fty);
    let original_arg_attrs = body.attr(op.0, "arg_attrs");
    let discardable = body.op_attrs(op.0);
    rw.set_insertion_point_before(op.0);
    let mut st = rw.state(llvm::LLVMFuncOp::NAME, loc);
    st.props = Some(ctx.dictionary(&props));
    st.attrs = discardable;
    pto_ir::ods::populate_defaults(ctx, &mut st);
    let regions: SmallVec<[pto_ir::RegionId; 1]> =
        rw.body().regions_of(op.0).iter().copied().collect();
    match rw.take_nested_body(op.0) {
        Some(nested) if !regions.is_empty() => {
            st.regions.extend(regions);
            st.nested = Some(nested);
        }
        _ => {
            let mut nested = Box::new(Body::new());
            st.regions.push(nested.create_region());
            st.nested = Some(nested);
        }
    }
    let new = rw.create(st);
    if has_body {
        rw.convert_isolated_entry_signature(new, &entry_types);
        rw.modify_untracked(|b| expand_memref_args(ctx, b, new, inputs));
    }
    if c_interface {
        rw.set_insertion_point_after(new);
        let arg_attrs = original_arg_attrs;
        let wrapper = c_wrapper(
            ctx,
            tc,
            &name,
            inputs,
            results,
            ret,
            &params,
            loc,
            discardable,
            arg_attrs,
        );
        rw.build(|b| wrapper(b));
    }
    rw.erase_op(op.0);
    Ok(())
}

/// The LLVM return type of a function with `results`.
fn results_type<'c>(
    ctx: &'c Context,
    tc: &TypeConverter<'c>,
    results: &[Type<'c>],
) -> Option<Type<'c>> {
    let conv: Option<SmallVec<[Type<'c>; 4]>> =
        results.iter().map(|&r| tc.convert_type(r)).collect();
    let conv = conv?;
    Some(match conv.len() {
        0 => llvm::void_type(ctx),
        1 => conv[0],
        _ => llvm::struct_type(ctx, &conv, false),
    })
}

/// The properties of the `llvm.func` replacing `func.func` `op`: name, type, linkage,
/// visibility and the argument and result attributes (empty for expanded memref
/// fields).
fn func_props<'c>(
    ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
    inputs: &[Type<'c>],
    name: &str,
    fty: Type<'c>,
) -> Vec<NamedAttribute<'c>> {
    let mut props = vec![
        named(ctx, "sym_name", ctx.string_attr(name)),
        named(ctx, "function_type", ctx.type_attr(fty)),
        named(ctx, "linkage", enum_attr(ctx, "linkage", "external")),
        named(ctx, "CConv", enum_attr(ctx, "cconv", "ccc")),
    ];
    if let Some(v) = body.attr(op, "sym_visibility") {
        props.push(named(ctx, "sym_visibility", v));
    }
    if let Some(pto_ir::AttrKind::Array(arg_attrs)) = body.attr(op, "arg_attrs").map(|a| a.kind()) {
        let empty = ctx.empty_dict();
        let mut out: Vec<Attribute<'c>> = Vec::new();
        for (i, &t) in inputs.iter().enumerate() {
            match memref_rank(t) {
                Some(rank) => out.extend(std::iter::repeat_n(empty, 3 + 2 * rank)),
                None => out.push(arg_attrs.get(i).copied().unwrap_or(empty)),
            }
        }
        props.push(named(ctx, "arg_attrs", ctx.array_attr(&out)));
    }
    if let Some(res_attrs) = body.attr(op, "res_attrs") {
        props.push(named(ctx, "res_attrs", res_attrs));
    }
    props
}

/// Replaces each memref argument of `func`'s entry block (already retyped to its
/// descriptor struct) by the descriptor's fields, packing them into the struct where
/// the argument was used. The packing follows the casts of the other arguments, in
/// argument order, as MLIR materializes them.
fn expand_memref_args<'c>(ctx: &'c Context, body: &mut Body<'c>, func: OpId, inputs: &[Type<'c>]) {
    let region = body.regions_of(func).first().copied();
    let Some(nested) = body.nested_mut(func) else {
        return;
    };
    let Some(entry) = region.and_then(|r| nested.entry_block(r)) else {
        return;
    };
    let old_args: Vec<ValueId> = nested.block_args(entry).to_vec();
    // The casts the signature conversion put at the block start, by argument.
    let leading: Vec<OpId> = nested
        .block_ops(entry)
        .take_while(|&o| nested.op_name(o).as_str() == pto_rewrite::conversion::CAST_OP)
        .collect();
    let is_memref_arg = |v: ValueId| {
        old_args
            .iter()
            .position(|&a| a == v)
            .is_some_and(|i| memref_rank(inputs[i]).is_some())
    };
    let mut cursor = leading
        .iter()
        .rev()
        .find(|&&c| !is_memref_arg(nested.operand(c, 0)))
        .map_or(InsertPoint::BlockStart(entry), |&c| InsertPoint::After(c));
    for (i, &t) in inputs.iter().enumerate() {
        let Some(rank) = memref_rank(t) else {
            continue;
        };
        let arg = old_args[i];
        let loc = nested.block_arg_loc(entry, i);
        let struct_ty = nested.value_type(arg);
        let Some(fields) = llvm::LLVMStructType::from_type(struct_ty).map(|s| s.body()) else {
            continue;
        };
        let (ptr, index) = (fields[0], fields[2]);
        let mut field_types: SmallVec<[Type<'c>; 8]> = SmallVec::from_slice(&[ptr, ptr, index]);
        field_types.extend(std::iter::repeat_n(index, 2 * rank));
        let at = nested
            .block_args(entry)
            .iter()
            .position(|&a| a == arg)
            .expect("argument")
            + 1;
        let new_args: SmallVec<[ValueId; 8]> = field_types
            .iter()
            .enumerate()
            .map(|(k, &ft)| nested.insert_block_argument(entry, at + k, ft, loc))
            .collect();
        // An argument nothing reads gets no descriptor (MLIR materializes the packing
        // only for uses): its casts go, the fields stay as arguments.
        let used = nested
            .uses(arg)
            .any(|(u, _)| !leading.contains(&u) || nested.results(u).any(|r| nested.has_uses(r)));
        if !used {
            let casts: SmallVec<[OpId; 2]> = nested.uses(arg).map(|(u, _)| u).collect();
            for c in casts {
                // Unused (checked above), so erasing cannot be refused.
                let _ = nested.erase_op(c);
            }
            erase_argument(nested, entry, arg);
            continue;
        }
        // MLIR packs where the first converted user (a return or call) asks for the
        // descriptor, at that user's location; otherwise at the argument's.
        let loc = nested
            .uses(arg)
            .flat_map(|(cast, _)| nested.uses(nested.result(cast, 0)).collect::<Vec<_>>())
            .map(|(u, _)| u)
            .find(|&u| {
                matches!(
                    nested.op_name(u).as_str(),
                    func::ReturnOp::NAME | func::CallOp::NAME | func::CallIndirectOp::NAME
                )
            })
            .map_or(loc, |u| nested.op_loc(u));
        let casts: SmallVec<[OpId; 2]> = nested
            .uses(arg)
            .map(|(u, _)| u)
            .filter(|u| leading.contains(u))
            .collect();
        // Builders insert before a fixed op, keeping the created ops in order.
        let at = match cursor {
            InsertPoint::BlockStart(blk) => match nested.first_op(blk) {
                Some(first) => InsertPoint::Before(first),
                None => InsertPoint::BlockEnd(blk),
            },
            other => match other {
                InsertPoint::After(o) => match nested.next_op(o) {
                    Some(n) => InsertPoint::Before(n),
                    None => InsertPoint::BlockEnd(entry),
                },
                other => other,
            },
        };
        let mut b = OpBuilder::new(ctx, nested);
        b.set_insertion_point(at);
        let packed = MemRefDescriptor::pack(&mut b, loc, struct_ty, &new_args);
        let mut last = nested.defining_op(packed.value).expect("pack creates ops");
        for c in casts {
            nested.move_op(c, InsertPoint::After(last));
            last = c;
            // Casts an earlier conversion left on the argument now use `c`: keep them
            // after it.
            let r = nested.result(c, 0);
            let dependents: SmallVec<[OpId; 2]> = nested
                .block_ops(entry)
                .take_while(|&o| o != c)
                .filter(|&o| nested.operands(o).any(|v| v == r))
                .collect();
            for d in dependents {
                nested.move_op(d, InsertPoint::After(last));
                last = d;
            }
        }
        cursor = InsertPoint::After(last);
        nested.replace_all_uses(arg, packed.value);
        erase_argument(nested, entry, arg);
    }
}

/// Erases block argument `arg` (unused by now) of `block`.
fn erase_argument(body: &mut Body<'_>, block: BlockId, arg: ValueId) {
    if let Some(index) = body.block_args(block).iter().position(|&a| a == arg) {
        body.erase_block_argument(block, index);
    }
}

/// Builds `_mlir_ciface_<name>`: memref arguments by pointer to a descriptor, a struct
/// result (memref or several results) stored through a leading pointer argument.
#[allow(clippy::too_many_arguments)]
fn c_wrapper<'c>(
    ctx: &'c Context,
    tc: &TypeConverter<'c>,
    name: &str,
    inputs: &[Type<'c>],
    results: &[Type<'c>],
    ret: Type<'c>,
    callee_params: &[Type<'c>],
    loc: Location<'c>,
    attrs: Attribute<'c>,
    arg_attrs: Option<Attribute<'c>>,
) -> impl FnOnce(&mut OpBuilder<'_, 'c>) + 'c {
    let ptr = llvm::ptr_type(ctx);
    let result_by_pointer =
        results.len() > 1 || results.first().is_some_and(|&r| memref_rank(r).is_some());
    let mut params: Vec<Type<'c>> = Vec::new();
    if result_by_pointer {
        params.push(ptr);
    }
    let descriptors: Vec<Option<(usize, Type<'c>)>> = inputs
        .iter()
        .map(|&t| Some((memref_rank(t)?, tc.convert_type(t)?)))
        .collect();
    for (&t, d) in inputs.iter().zip(&descriptors) {
        params.push(if d.is_some() {
            ptr
        } else {
            tc.convert_type(t).unwrap_or(t)
        });
    }
    let wrapper_ret = if result_by_pointer {
        llvm::void_type(ctx)
    } else {
        ret
    };
    let name = name.to_string();
    let callee_params = callee_params.to_vec();
    move |b: &mut OpBuilder<'_, 'c>| {
        let fty = llvm::func_type(ctx, wrapper_ret, &params, false);
        let (func, entry) = build_func(
            b,
            loc,
            &format!("_mlir_ciface_{name}"),
            fty,
            "external",
            true,
        );
        b.body().set_op_attrs(func.0, attrs);
        if let Some(pto_ir::AttrKind::Array(items)) = arg_attrs.map(|a| a.kind()) {
            // The wrapper's parameters keep the attributes of the ones they stand for.
            let mut out: Vec<Attribute<'c>> = Vec::new();
            if result_by_pointer {
                out.push(ctx.empty_dict());
            }
            out.extend(items.iter().copied());
            let all = ctx.array_attr(&out);
            let props = b.body().op_props(func.0);
            let props = ctx.dict_with(props, "arg_attrs", Some(all));
            b.body().set_op_props(func.0, Some(props));
        }
        let entry = entry.expect("wrapper has a body");
        let nested = b.body().nested_mut(func.0).expect("llvm.func body");
        let mut nb = OpBuilder::new(ctx, nested);
        nb.set_insertion_point(InsertPoint::BlockEnd(entry));
        let args: Vec<ValueId> = nb.body().block_args(entry).to_vec();
        let mut call_args: Vec<ValueId> = Vec::new();
        let skip = usize::from(result_by_pointer);
        for (k, d) in descriptors.iter().enumerate() {
            let a = args[skip + k];
            match *d {
                Some((rank, desc_ty)) => {
                    let loaded = llvm::build_load(&mut nb, loc, desc_ty, a, 0).res(nb.body());
                    let desc = MemRefDescriptor::new(nb.body(), loaded);
                    call_args.extend(desc.unpack(&mut nb, loc, rank));
                }
                None => call_args.push(a),
            }
        }
        let callee_ty = llvm::func_type(ctx, ret, &callee_params, false);
        let callee_ty = llvm::LLVMFunctionType::from_type(callee_ty).expect("function type");
        let call = build_call(&mut nb, loc, &name, callee_ty, &call_args);
        let result = nb.body().results(call.0).next();
        match result {
            Some(r) if result_by_pointer => {
                llvm::build_store(&mut nb, loc, r, args[0], 0);
                llvm::ReturnOp::build(&mut nb, loc, None);
            }
            r => {
                llvm::ReturnOp::build(&mut nb, loc, r);
            }
        }
    }
}

fn lower_call<'c>(
    op: func::CallOp,
    adaptor: func::CallOpAdaptor<'_>,
    rw: &mut ConversionPatternRewriter<'_, 'c>,
) -> MatchResult {
    let body = rw.body();
    let Some(callee) = body.attr(op.0, "callee").and_then(|a| a.symbol_root()) else {
        return rw.notify_match_failure(op.0, "no callee");
    };
    let callee = callee.to_string();
    lower_call_like(rw, op.0, Ok(&callee), adaptor.operands(), 0)
}

/// `func.call_indirect %f(args)`: an `llvm.call` through the function pointer `%f`
/// converts to, with the arguments passed as a direct call passes them.
fn lower_call_indirect<'c>(
    op: func::CallIndirectOp,
    adaptor: func::CallIndirectOpAdaptor<'_>,
    rw: &mut ConversionPatternRewriter<'_, 'c>,
) -> MatchResult {
    lower_call_like(
        rw,
        op.0,
        Err(adaptor.callee()),
        adaptor.callee_operands(),
        1,
    )
}

/// `func.constant @f`: the address of the function (`llvm.mlir.addressof`), the
/// pointer its function type converts to; other attributes carry over.
fn lower_constant<'c>(
    op: func::ConstantOp,
    _: func::ConstantOpAdaptor<'_>,
    rw: &mut ConversionPatternRewriter<'_, 'c>,
) -> MatchResult {
    let ctx = rw.context();
    let body = rw.body();
    let Some(ty) = rw.convert_type(body.value_type(body.result(op.0, 0))) else {
        return rw.notify_match_failure(op.0, "result type does not convert");
    };
    let Some(symbol) = body.attr(op.0, "value") else {
        return rw.notify_match_failure(op.0, "no function named");
    };
    let (loc, attrs) = (body.op_loc(op.0), body.op_attrs(op.0));
    let mut st = rw.state(llvm::AddressOfOp::NAME, loc);
    st.result_types.push(ty);
    st.props = Some(ctx.dictionary(&[named(ctx, "global_name", symbol)]));
    st.attrs = attrs;
    rw.replace_op_with_new(op.0, st);
    Ok(())
}

/// A call of `callee` (a symbol, or a function pointer) with the converted `operands`
/// (the call's operands from index `first_arg` on): memref arguments are passed as
/// their descriptors' fields, several results come back packed in a struct.
fn lower_call_like<'c>(
    rw: &mut ConversionPatternRewriter<'_, 'c>,
    op: OpId,
    callee: Result<&str, ValueId>,
    operands: &[ValueId],
    first_arg: usize,
) -> MatchResult {
    let ctx = rw.context();
    let Some(tc) = rw.type_converter() else {
        return rw.notify_match_failure(op, "needs the LLVM type converter");
    };
    let body = rw.body();
    let loc = body.op_loc(op);
    let originals: SmallVec<[Type<'c>; 4]> = body
        .operands(op)
        .skip(first_arg)
        .map(|v| body.value_type(v))
        .collect();
    let results: SmallVec<[Type<'c>; 2]> = body.results(op).map(|v| body.value_type(v)).collect();
    let Some(ret) = results_type(ctx, tc, &results) else {
        return rw.notify_match_failure(op, "result type does not convert");
    };
    rw.set_insertion_point_before(op);
    let values = rw.build(|b| {
        let mut args: Vec<ValueId> = Vec::new();
        let mut params: Vec<Type<'c>> = Vec::new();
        for (&v, &t) in operands.iter().zip(&originals) {
            match memref_rank(t) {
                Some(rank) => {
                    let desc = MemRefDescriptor::new(b.body(), v);
                    args.extend(desc.unpack(b, loc, rank));
                }
                None => args.push(v),
            }
        }
        params.extend(args.iter().map(|&a| b.body().value_type(a)));
        let fty = llvm::func_type(ctx, ret, &params, false);
        let fty = llvm::LLVMFunctionType::from_type(fty).expect("function type");
        let call = match callee {
            Ok(name) => build_call(b, loc, name, fty, &args),
            Err(pointer) => build_indirect_call(b, loc, pointer, fty, &args),
        };
        let r: SmallVec<[ValueId; 2]> = b.body().results(call.0).collect();
        if results.len() <= 1 {
            return r;
        }
        let fields = llvm::LLVMStructType::from_type(ret).map_or(&[][..], |s| s.body());
        (0..results.len())
            .map(|i| {
                let pos = ctx.dense_int_array(64, &[i as i64]);
                llvm::ExtractValueOp::build(b, loc, r[0], fields[i], pos).res(b.body())
            })
            .collect()
    });
    rw.replace_op(op, &values);
    Ok(())
}

fn lower_return<'c>(
    op: func::ReturnOp,
    adaptor: func::ReturnOpAdaptor<'_>,
    rw: &mut ConversionPatternRewriter<'_, 'c>,
) -> MatchResult {
    let operands = adaptor.operands();
    let ctx = rw.context();
    let loc = rw.body().op_loc(op.0);
    rw.set_insertion_point_before(op.0);
    rw.build(|b| {
        let value = match operands {
            [] => None,
            [v] => Some(*v),
            _ => {
                let types: SmallVec<[Type<'c>; 4]> =
                    operands.iter().map(|&v| b.body().value_type(v)).collect();
                let ty = llvm::struct_type(ctx, &types, false);
                let mut acc = llvm::PoisonOp::build(b, loc, ty).res(b.body());
                for (i, &v) in operands.iter().enumerate() {
                    let pos = ctx.dense_int_array(64, &[i as i64]);
                    acc = llvm::InsertValueOp::build(b, loc, acc, v, ty, pos).res(b.body());
                }
                Some(acc)
            }
        };
        llvm::ReturnOp::build(b, loc, value);
    });
    rw.erase_op(op.0);
    Ok(())
}
