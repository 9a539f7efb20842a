//! Rust helpers that build `llvm` ops with the properties MLIR's builders set (the
//! generated `build` functions take every attribute; these take what lowering needs).

use pto_ir::builder::OpBuilder;
use pto_ir::{AttrKind, Attribute, BlockId, Body, Location, NamedAttribute, OpId, Type, ValueId};

use super::syntax::enum_attr;
use super::{CallOp, GlobalOp, LLVMFuncOp, LLVMFunctionType};

fn named<'c>(ctx: &'c pto_ir::Context, name: &str, value: Attribute<'c>) -> NamedAttribute<'c> {
    NamedAttribute {
        name: ctx.ident(name),
        value,
    }
}

/// Creates `llvm.func @name` of type `fty` (an `!llvm.func`) with `linkage` (`external`,
/// `internal`, `private`, ...) and the C calling convention. With `body`, the function
/// gets an entry block whose arguments are the parameters (returned); without, it is a
/// declaration.
pub fn build_func<'c>(
    b: &mut OpBuilder<'_, 'c>,
    loc: Location<'c>,
    name: &str,
    fty: Type<'c>,
    linkage: &str,
    body: bool,
) -> (LLVMFuncOp, Option<BlockId>) {
    let ctx = b.context();
    let mut st = b.state(LLVMFuncOp::NAME, loc);
    let props = [
        named(ctx, "sym_name", ctx.string_attr(name)),
        named(ctx, "function_type", ctx.type_attr(fty)),
        named(ctx, "linkage", enum_attr(ctx, "linkage", linkage)),
        named(ctx, "CConv", enum_attr(ctx, "cconv", "ccc")),
    ];
    st.props = Some(ctx.dictionary(&props));
    pto_ir::ods::populate_defaults(ctx, &mut st);
    let mut nested = Box::new(Body::new());
    let region = nested.create_region();
    let mut entry = None;
    if body {
        let block = nested.create_block();
        for &t in LLVMFunctionType::from_type(fty).map_or(&[][..], |f| f.params()) {
            nested.add_block_argument(block, t, loc);
        }
        nested.append_block(region, block);
        entry = Some(block);
    }
    st.regions.push(region);
    st.nested = Some(nested);
    (LLVMFuncOp(b.create(st)), entry)
}

/// The `!llvm.func` type of an `llvm.func` op of `body`.
pub fn function_type_of<'c>(body: &Body<'c>, func: OpId) -> Option<LLVMFunctionType<'c>> {
    match body.attr(func, "function_type")?.kind() {
        AttrKind::Type(t) => LLVMFunctionType::from_type(*t),
        _ => None,
    }
}

/// Creates a direct `llvm.call @callee(args)` to a function of type `fty`: one result
/// unless it returns `!llvm.void`, and `var_callee_type` for variadic callees.
pub fn build_call<'c>(
    b: &mut OpBuilder<'_, 'c>,
    loc: Location<'c>,
    callee: &str,
    fty: LLVMFunctionType<'c>,
    args: &[ValueId],
) -> CallOp {
    build_call_to(b, loc, Ok(callee), fty, args)
}

/// Creates an indirect `llvm.call %callee(args)` through the function pointer
/// `callee`, of type `fty`.
pub fn build_indirect_call<'c>(
    b: &mut OpBuilder<'_, 'c>,
    loc: Location<'c>,
    callee: ValueId,
    fty: LLVMFunctionType<'c>,
    args: &[ValueId],
) -> CallOp {
    build_call_to(b, loc, Err(callee), fty, args)
}

/// A call of the symbol (`Ok`) or the function pointer (`Err`, the first operand).
fn build_call_to<'c>(
    b: &mut OpBuilder<'_, 'c>,
    loc: Location<'c>,
    callee: Result<&str, ValueId>,
    fty: LLVMFunctionType<'c>,
    args: &[ValueId],
) -> CallOp {
    let ctx = b.context();
    let mut st = b.state(CallOp::NAME, loc);
    if let Err(pointer) = callee {
        st.operands.push(pointer);
    }
    st.operands.extend_from_slice(args);
    let ret = fty.return_type();
    if !ret.is_dialect_type("llvm", "void") {
        st.result_types.push(ret);
    }
    let mut props = vec![
        named(ctx, "op_bundle_sizes", ctx.dense_int_array(32, &[])),
        named(
            ctx,
            "operandSegmentSizes",
            pto_ir::ods::format::dense_i32_array(ctx, &[st.operands.len() as i32, 0]),
        ),
    ];
    if let Ok(name) = callee {
        props.insert(
            0,
            named(ctx, "callee", ctx.symbol_ref_attr(ctx.ident(name), &[])),
        );
    }
    if fty.var_arg() {
        props.push(named(ctx, "var_callee_type", ctx.type_attr(fty.ty())));
    }
    st.props = Some(ctx.dictionary(&props));
    pto_ir::ods::populate_defaults(ctx, &mut st);
    CallOp(b.create(st))
}

/// Creates `llvm.mlir.global` `name` of type `ty` with `linkage`, initialized by `value`
/// (or by a region the caller fills: the global's first region, empty here).
pub fn build_global<'c>(
    b: &mut OpBuilder<'_, 'c>,
    loc: Location<'c>,
    name: &str,
    ty: Type<'c>,
    linkage: &str,
    constant: bool,
    value: Option<Attribute<'c>>,
) -> GlobalOp {
    let ctx = b.context();
    let mut st = b.state(GlobalOp::NAME, loc);
    let mut props = vec![
        named(ctx, "sym_name", ctx.string_attr(name)),
        named(ctx, "global_type", ctx.type_attr(ty)),
        named(ctx, "linkage", enum_attr(ctx, "linkage", linkage)),
    ];
    if constant {
        props.push(named(ctx, "constant", ctx.unit_attr()));
    }
    if let Some(v) = value {
        props.push(named(ctx, "value", v));
    }
    st.props = Some(ctx.dictionary(&props));
    pto_ir::ods::populate_defaults(ctx, &mut st);
    let mut nested = Box::new(Body::new());
    let region = nested.create_region();
    st.regions.push(region);
    st.nested = Some(nested);
    GlobalOp(b.create(st))
}

/// One index of [`build_gep`]: a constant or a value.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum GepIndex {
    /// A constant index (stored in `rawConstantIndices`).
    Const(i32),
    /// A dynamic index (an operand).
    Value(ValueId),
}

/// GEP no-wrap flags (`inbounds` includes `nusw`).
pub const GEP_INBOUNDS: u32 = 3;
/// `inbounds|nuw`, what memref indexing emits.
pub const GEP_INBOUNDS_NUW: u32 = 7;

/// Creates `llvm.getelementptr base[indices] : ... -> res_ty, elem_ty`, splitting the
/// indices into `rawConstantIndices` and operands, with the no-wrap `flags` (0,
/// [`GEP_INBOUNDS`], [`GEP_INBOUNDS_NUW`]).
pub fn build_gep<'c>(
    b: &mut OpBuilder<'_, 'c>,
    loc: Location<'c>,
    res_ty: Type<'c>,
    elem_ty: Type<'c>,
    base: ValueId,
    indices: &[GepIndex],
    flags: u32,
) -> super::GEPOp {
    let ctx = b.context();
    let mut raw = Vec::with_capacity(indices.len());
    let mut dynamic = Vec::new();
    for i in indices {
        match *i {
            GepIndex::Const(c) => raw.push(i64::from(c)),
            GepIndex::Value(v) => {
                raw.push(i64::from(super::GEP_DYNAMIC_INDEX));
                dynamic.push(v);
            }
        }
    }
    let flags = (flags != 0).then(|| ctx.int_attr(ctx.int_type(32), i128::from(flags)));
    super::GEPOp::build(
        b,
        loc,
        base,
        &dynamic,
        res_ty,
        ctx.dense_int_array(32, &raw),
        ctx.type_attr(elem_ty),
        flags,
    )
}

/// Creates `llvm.load addr : !llvm.ptr -> ty`, with an alignment when non-zero.
pub fn build_load<'c>(
    b: &mut OpBuilder<'_, 'c>,
    loc: Location<'c>,
    ty: Type<'c>,
    addr: ValueId,
    alignment: u64,
) -> super::LoadOp {
    let ctx = b.context();
    let align = (alignment != 0).then(|| ctx.int_attr(ctx.int_type(64), i128::from(alignment)));
    super::LoadOp::build(
        b, loc, addr, ty, align, None, None, None, None, None, None, None, None, None, None,
    )
}

/// Creates `llvm.store value, addr`, with an alignment when non-zero.
pub fn build_store<'c>(
    b: &mut OpBuilder<'_, 'c>,
    loc: Location<'c>,
    value: ValueId,
    addr: ValueId,
    alignment: u64,
) -> super::StoreOp {
    let ctx = b.context();
    let align = (alignment != 0).then(|| ctx.int_attr(ctx.int_type(64), i128::from(alignment)));
    super::StoreOp::build(
        b, loc, value, addr, align, None, None, None, None, None, None, None, None, None,
    )
}
