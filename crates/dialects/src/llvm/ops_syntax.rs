//! The custom syntax of `llvm.call`, `llvm.func` and `llvm.mlir.global` (MLIR 22's).

use crate::function_syntax::{
    arg_res_attr_dicts, parse_signature, print_result_types, print_signature,
    print_types_with_attrs, push_arg_res_attrs,
};
use pto_ir::asm::{OpAsmParser, OpAsmPrinter};
use pto_ir::{AttrKind, Attribute, Body, NamedAttribute, OpId, OperationState, Type};

use super::syntax::{enum_attr, enum_keyword, print_all_attrs};
use super::{is_compatible_type, void_type, LLVMFunctionType};

fn named<'c>(ctx: &'c pto_ir::Context, name: &str, value: Attribute<'c>) -> NamedAttribute<'c> {
    NamedAttribute {
        name: ctx.ident(name),
        value,
    }
}

/// The keywords of dialect enum `mnemonic` in value order, empty ones left out.
fn keywords(mnemonic: &str) -> Vec<(&'static str, i64)> {
    let mut v: Vec<(&'static str, i64)> = super::DIALECT
        .attr_def(mnemonic)
        .and_then(|d| d.enum_cases())
        .map_or_else(Vec::new, <[_]>::to_vec);
    v.sort_by_key(|c| c.1);
    v.retain(|c| !c.0.is_empty());
    v
}

/// The cases of integer enum attribute `attr` of op `spec`.
fn int_enum_cases(
    spec: &'static pto_ir::ods::OpSpec,
    attr: &str,
) -> &'static [(&'static str, i64)] {
    match spec
        .attrs
        .iter()
        .find(|a| a.name == attr)
        .map(|a| a.constraint.form)
    {
        Some(pto_ir::ods::AttrForm::Enum(e)) => e.cases,
        _ => &[],
    }
}

/// Parses an optional keyword of `cases` (tried in value order, empty ones skipped).
fn optional_keyword(
    p: &mut dyn OpAsmParser<'_>,
    cases: &[(&'static str, i64)],
) -> Option<(&'static str, i64)> {
    let mut sorted = cases.to_vec();
    sorted.sort_by_key(|c| c.1);
    sorted
        .into_iter()
        .find(|(k, _)| !k.is_empty() && p.parse_optional_keyword(k))
}

fn keyword_of(cases: &[(&'static str, i64)], v: Option<i128>) -> &'static str {
    cases
        .iter()
        .find(|c| Some(i128::from(c.1)) == v)
        .map_or("", |c| c.0)
}

/// Adds the attributes a custom parser derived from the syntax to those written in the
/// dictionary; one written in both is an error at `pos` (MLIR's duplicate check).
fn merge_props<'c>(
    p: &mut dyn OpAsmParser<'c>,
    pos: u32,
    state: &mut OperationState<'c>,
    mut props: Vec<NamedAttribute<'c>>,
) -> Result<(), ()> {
    let ctx = p.context();
    let written: Vec<NamedAttribute<'c>> = [state.props, Some(state.attrs)]
        .iter()
        .flatten()
        .filter_map(|d| d.as_dictionary())
        .flatten()
        .copied()
        .collect();
    if let Some(d) = written
        .iter()
        .find(|w| props.iter().any(|p| p.name == w.name))
    {
        p.emit_error_at(
            pos,
            &format!(
                "attribute '{}' occurs more than once in the attribute list",
                d.name
            ),
        );
        return Err(());
    }
    props.extend_from_slice(state.props.and_then(|d| d.as_dictionary()).unwrap_or(&[]));
    state.props = Some(ctx.dictionary(&props));
    Ok(())
}

// ---- llvm.call --------------------------------------------------------------------------------

/// `[cconv] [tailcall] (@f | %ptr)(args) [vararg(!llvm.func<...>)] {attrs} : [ptr type ,]
/// (arg types) -> result`
pub(crate) fn parse_call<'c>(
    p: &mut dyn OpAsmParser<'c>,
    state: &mut OperationState<'c>,
) -> Result<(), ()> {
    let ctx = p.context();
    let start = p.current_pos();
    let mut props = Vec::new();
    let cconv = optional_keyword(p, &keywords("cconv")).map_or("ccc", |c| c.0);
    props.push(named(ctx, "CConv", enum_attr(ctx, "cconv", cconv)));
    let tail = optional_keyword(p, &keywords("tailcallkind")).map_or("none", |c| c.0);
    props.push(named(
        ctx,
        "TailCallKind",
        enum_attr(ctx, "tailcallkind", tail),
    ));
    let mut operands = Vec::new();
    let direct = match p.parse_optional_operand()? {
        Some(u) => {
            operands.push(u);
            false
        }
        None => {
            let Some(name) = p.parse_optional_symbol_name()? else {
                p.emit_error("expected valid '@'-identifier for symbol name");
                return Err(());
            };
            let sym = ctx.symbol_ref_attr(ctx.ident(&name), &[]);
            props.push(named(ctx, "callee", sym));
            true
        }
    };
    p.parse_punct("(")?;
    operands.extend(p.parse_operand_list()?);
    p.parse_punct(")")?;
    if p.parse_optional_keyword("vararg") {
        p.parse_punct("(")?;
        let t = p.parse_type()?;
        p.parse_punct(")")?;
        props.push(named(ctx, "var_callee_type", ctx.type_attr(t)));
    }
    p.parse_optional_attr_dict(state)?;
    let types_pos = p.current_pos();
    p.parse_punct(":")?;
    let mut types: Vec<Type<'c>> = Vec::new();
    if !direct {
        types.push(p.parse_type()?);
        if !p.parse_optional_punct(",") {
            p.emit_error_at(types_pos, "expected indirect call to have 2 trailing types");
            return Err(());
        }
    }
    if !p.is_punct("(") {
        let msg = if direct {
            "expected direct call to have 1 trailing types"
        } else {
            "expected trailing function type"
        };
        p.emit_error_at(types_pos, msg);
        return Err(());
    }
    let sig = parse_signature(p, false)?;
    if sig.results.len() > 1 {
        p.emit_error_at(types_pos, "expected function with 0 or 1 result");
        return Err(());
    }
    if sig
        .results
        .first()
        .is_some_and(|t| t.is_dialect_type("llvm", "void"))
    {
        p.emit_error_at(types_pos, "expected a non-void result type");
        return Err(());
    }
    types.extend_from_slice(&sig.inputs);
    let name_pos = p.op_name_pos();
    let values = p.resolve_operands(&operands, &types, name_pos)?;
    state.operands.extend(values);
    state.result_types.extend(sig.results.iter().copied());
    push_arg_res_attrs(ctx, &sig, &mut props);
    props.push(named(ctx, "op_bundle_sizes", ctx.dense_int_array(32, &[])));
    props.push(named(
        ctx,
        "operandSegmentSizes",
        pto_ir::ods::format::dense_i32_array(ctx, &[operands.len() as i32, 0]),
    ));
    merge_props(p, start, state, props)?;
    Ok(())
}

const CALL_ELIDED: &[&str] = &[
    "callee",
    "TailCallKind",
    "var_callee_type",
    "CConv",
    "operandSegmentSizes",
    "op_bundle_sizes",
    "op_bundle_tags",
    "arg_attrs",
    "res_attrs",
];

pub(crate) fn print_call<'c>(p: &mut dyn OpAsmPrinter<'c>, body: &Body<'c>, op: OpId) {
    p.write(" ");
    let cconv = enum_keyword(body.attr(op, "CConv")).unwrap_or("ccc");
    if cconv != "ccc" {
        p.write(cconv);
        p.write(" ");
    }
    let tail = enum_keyword(body.attr(op, "TailCallKind")).unwrap_or("none");
    if tail != "none" {
        p.write(tail);
        p.write(" ");
    }
    let callee = body.attr(op, "callee");
    let operands = pto_ir::ods::operand_group(super::CallOp::spec(), body, op, 0);
    let args = match callee.map(|a| *a.kind()) {
        Some(AttrKind::SymbolRef { root, .. }) => {
            p.print_symbol_name(root.as_str());
            &operands[..]
        }
        _ => {
            if let Some(&f) = operands.first() {
                p.print_operand(body, f);
            }
            operands.get(1..).unwrap_or(&[])
        }
    };
    p.write("(");
    for (i, &a) in args.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.print_operand(body, a);
    }
    p.write(")");
    if let Some(AttrKind::Type(t)) = body.attr(op, "var_callee_type").map(|a| *a.kind()) {
        p.write(" vararg(");
        p.print_type(t);
        p.write(")");
    }
    print_all_attrs(p, body, op, CALL_ELIDED, false);
    p.write(" : ");
    if callee.is_none() {
        if let Some(&f) = operands.first() {
            p.print_type(body.value_type(f));
            p.write(", ");
        }
    }
    let inputs: Vec<Type<'c>> = args.iter().map(|&a| body.value_type(a)).collect();
    let results: Vec<Type<'c>> = body.results(op).map(|r| body.value_type(r)).collect();
    print_call_signature(p, body, op, &inputs, &results);
}

/// `(types {attrs}) -> result`, `() -> ()` for no result (MLIR's call signature).
fn print_call_signature<'c>(
    p: &mut dyn OpAsmPrinter<'c>,
    body: &Body<'c>,
    op: OpId,
    inputs: &[Type<'c>],
    results: &[Type<'c>],
) {
    let arg_attrs = arg_res_attr_dicts(body, op, "arg_attrs");
    let res_attrs = arg_res_attr_dicts(body, op, "res_attrs");
    p.write("(");
    print_types_with_attrs(p, inputs, &arg_attrs);
    p.write(") -> ");
    print_result_types(p, results, &res_attrs);
}

// ---- llvm.func --------------------------------------------------------------------------------

/// `[linkage] [visibility] [unnamed_addr] [cconv] @name(args) [-> result]
/// [comdat(@sel)] [attributes {...}] [{ body }]`
pub(crate) fn parse_func<'c>(
    p: &mut dyn OpAsmParser<'c>,
    state: &mut OperationState<'c>,
) -> Result<(), ()> {
    let ctx = p.context();
    let start = p.current_pos();
    let spec = super::LLVMFuncOp::spec();
    let mut props = Vec::new();
    let linkage = optional_keyword(p, &keywords("linkage")).map_or("external", |c| c.0);
    props.push(named(ctx, "linkage", enum_attr(ctx, "linkage", linkage)));
    let vis = optional_keyword(p, int_enum_cases(spec, "visibility_")).map_or(0, |c| c.1);
    props.push(named(
        ctx,
        "visibility_",
        ctx.int_attr(ctx.int_type(64), i128::from(vis)),
    ));
    let ua = optional_keyword(p, int_enum_cases(spec, "unnamed_addr")).map_or(0, |c| c.1);
    props.push(named(
        ctx,
        "unnamed_addr",
        ctx.int_attr(ctx.int_type(64), i128::from(ua)),
    ));
    let cconv = optional_keyword(p, &keywords("cconv")).map_or("ccc", |c| c.0);
    props.push(named(ctx, "CConv", enum_attr(ctx, "cconv", cconv)));
    let sig_pos = p.current_pos();
    let Some(name) = p.parse_optional_symbol_name()? else {
        p.emit_error("expected valid '@'-identifier for symbol name");
        return Err(());
    };
    props.push(named(ctx, "sym_name", ctx.string_attr(&name)));
    let sig = parse_signature(p, true)?;
    if sig.results.len() > 1 {
        p.emit_error_at(
            sig_pos,
            "failed to construct function type: expected zero or one function result",
        );
        return Err(());
    }
    if sig.inputs.iter().any(|t| !is_compatible_type(*t)) {
        p.emit_error_at(
            sig_pos,
            "failed to construct function type: expected LLVM type for function arguments",
        );
        return Err(());
    }
    let ret = sig
        .results
        .first()
        .copied()
        .unwrap_or_else(|| void_type(ctx));
    if !is_compatible_type(ret) {
        p.emit_error_at(
            sig_pos,
            &format!(
                "failed to construct function type: expected LLVM type for function results'{ret}'"
            ),
        );
        return Err(());
    }
    let fty = LLVMFunctionType::get(ctx, ret, &sig.inputs, sig.variadic).ty();
    props.push(named(ctx, "function_type", ctx.type_attr(fty)));
    if p.parse_optional_keyword("comdat") {
        p.parse_punct("(")?;
        let c = p.parse_attribute()?;
        p.parse_punct(")")?;
        props.push(named(ctx, "comdat", c));
    }
    p.parse_optional_attr_dict_with_keyword(state)?;
    push_arg_res_attrs(ctx, &sig, &mut props);
    merge_props(p, start, state, props)?;
    if p.is_punct("{") {
        if sig.named == Some(false) {
            p.emit_error("expected non-empty function body");
            return Err(());
        }
        p.parse_region(state, &sig.args)?;
    } else {
        p.add_empty_region(state);
    }
    Ok(())
}

// As MLIR's LLVMFuncOp::print: `sym_visibility` is not elided (no keyword form), so a
// private declaration prints `attributes {sym_visibility = "private"}`.
const FUNC_ELIDED: &[&str] = &[
    "sym_name",
    "function_type",
    "arg_attrs",
    "res_attrs",
    "linkage",
    "CConv",
    "visibility_",
    "comdat",
    "unnamed_addr",
    "vscale_range",
];

pub(crate) fn print_func<'c>(p: &mut dyn OpAsmPrinter<'c>, body: &Body<'c>, op: OpId) {
    let spec = super::LLVMFuncOp::spec();
    p.write(" ");
    let linkage = enum_keyword(body.attr(op, "linkage")).unwrap_or("external");
    if linkage != "external" {
        p.write(linkage);
        p.write(" ");
    }
    for attr in ["visibility_", "unnamed_addr"] {
        let k = keyword_of(
            int_enum_cases(spec, attr),
            body.attr(op, attr).and_then(|a| a.as_int()),
        );
        if !k.is_empty() {
            p.write(k);
            p.write(" ");
        }
    }
    let cconv = enum_keyword(body.attr(op, "CConv")).unwrap_or("ccc");
    if cconv != "ccc" {
        p.write(cconv);
        p.write(" ");
    }
    p.print_symbol_name(
        body.attr(op, "sym_name")
            .and_then(|a| a.as_str())
            .unwrap_or(""),
    );
    let fty = body
        .attr(op, "function_type")
        .and_then(|a| match *a.kind() {
            AttrKind::Type(t) => LLVMFunctionType::from_type(t),
            _ => None,
        });
    let (inputs, results, variadic): (&[Type<'c>], Vec<Type<'c>>, bool) = match fty {
        Some(f) => {
            let ret = f.return_type();
            let results = if ret.is_dialect_type("llvm", "void") {
                Vec::new()
            } else {
                vec![ret]
            };
            (f.params(), results, f.var_arg())
        }
        None => (&[], Vec::new(), false),
    };
    print_signature(p, body, op, inputs, &results, variadic);
    if let Some(c) = body.attr(op, "comdat") {
        p.write(" comdat(");
        p.print_attribute(c);
        p.write(")");
    }
    print_all_attrs(p, body, op, FUNC_ELIDED, true);
    let rb = body.region_body(op);
    if let Some(&r) = body.regions_of(op).first() {
        if rb.entry_block(r).is_some() {
            p.write(" ");
            p.print_region(body, op, r, false, true);
        }
    }
}

// ---- llvm.mlir.global ---------------------------------------------------------------------------

/// `[linkage] [visibility] [thread_local] [unnamed_addr] [constant] @name([value])
/// [comdat(@sel)] {attrs} [: type] [{ initializer }]`
pub(crate) fn parse_mlir_global<'c>(
    p: &mut dyn OpAsmParser<'c>,
    state: &mut OperationState<'c>,
) -> Result<(), ()> {
    let ctx = p.context();
    let spec = super::GlobalOp::spec();
    let name_pos = p.current_pos();
    let start = name_pos;
    let mut props = Vec::new();
    let linkage = optional_keyword(p, &keywords("linkage")).map_or("external", |c| c.0);
    props.push(named(ctx, "linkage", enum_attr(ctx, "linkage", linkage)));
    let vis = optional_keyword(p, int_enum_cases(spec, "visibility_")).map_or(0, |c| c.1);
    props.push(named(
        ctx,
        "visibility_",
        ctx.int_attr(ctx.int_type(64), i128::from(vis)),
    ));
    if p.parse_optional_keyword("thread_local") {
        props.push(named(ctx, "thread_local_", ctx.unit_attr()));
    }
    let ua = optional_keyword(p, int_enum_cases(spec, "unnamed_addr")).map_or(0, |c| c.1);
    props.push(named(
        ctx,
        "unnamed_addr",
        ctx.int_attr(ctx.int_type(64), i128::from(ua)),
    ));
    if p.parse_optional_keyword("constant") {
        props.push(named(ctx, "constant", ctx.unit_attr()));
    }
    let Some(name) = p.parse_optional_symbol_name()? else {
        p.emit_error("expected valid '@'-identifier for symbol name");
        return Err(());
    };
    props.push(named(ctx, "sym_name", ctx.string_attr(&name)));
    p.parse_punct("(")?;
    let mut value = None;
    if !p.parse_optional_punct(")") {
        let v = p.parse_attribute()?;
        p.parse_punct(")")?;
        props.push(named(ctx, "value", v));
        value = Some(v);
    }
    if p.parse_optional_keyword("comdat") {
        p.parse_punct("(")?;
        let c = p.parse_attribute()?;
        p.parse_punct(")")?;
        props.push(named(ctx, "comdat", c));
    }
    p.parse_optional_attr_dict(state)?;
    let ty = if p.parse_optional_punct(":") {
        let t = p.parse_type()?;
        if p.is_punct(",") {
            p.emit_error_at(name_pos, "expected zero or one type");
            return Err(());
        }
        Some(t)
    } else {
        None
    };
    let typed = ty.is_some();
    let ty = match (ty, value.and_then(|v| v.as_str())) {
        (Some(t), _) => t,
        (None, Some(s)) => super::array_type(ctx, ctx.int_type(8), s.len() as u64),
        (None, None) => {
            p.emit_error_at(name_pos, "type can only be omitted for string globals");
            return Err(());
        }
    };
    props.push(named(ctx, "global_type", ctx.type_attr(ty)));
    merge_props(p, start, state, props)?;
    if typed && p.is_punct("{") {
        p.parse_region(state, &[])?;
    } else {
        p.add_empty_region(state);
    }
    Ok(())
}

const GLOBAL_ELIDED: &[&str] = &[
    "sym_name",
    "global_type",
    "constant",
    "value",
    "linkage",
    "unnamed_addr",
    "thread_local_",
    "visibility_",
    "comdat",
];

pub(crate) fn print_mlir_global<'c>(p: &mut dyn OpAsmPrinter<'c>, body: &Body<'c>, op: OpId) {
    let spec = super::GlobalOp::spec();
    p.write(" ");
    p.write(enum_keyword(body.attr(op, "linkage")).unwrap_or("external"));
    p.write(" ");
    let vis = keyword_of(
        int_enum_cases(spec, "visibility_"),
        body.attr(op, "visibility_").and_then(|a| a.as_int()),
    );
    if !vis.is_empty() {
        p.write(vis);
        p.write(" ");
    }
    if body.attr(op, "thread_local_").is_some() {
        p.write("thread_local ");
    }
    let ua = keyword_of(
        int_enum_cases(spec, "unnamed_addr"),
        body.attr(op, "unnamed_addr").and_then(|a| a.as_int()),
    );
    if !ua.is_empty() {
        p.write(ua);
        p.write(" ");
    }
    if body.attr(op, "constant").is_some() {
        p.write("constant ");
    }
    p.print_symbol_name(
        body.attr(op, "sym_name")
            .and_then(|a| a.as_str())
            .unwrap_or(""),
    );
    p.write("(");
    let value = body.attr(op, "value");
    if let Some(v) = value {
        p.print_attribute(v);
    }
    p.write(")");
    if let Some(c) = body.attr(op, "comdat") {
        p.write(" comdat(");
        p.print_attribute(c);
        p.write(")");
    }
    print_all_attrs(p, body, op, GLOBAL_ELIDED, false);
    if value.and_then(|v| v.as_str()).is_some() {
        return;
    }
    p.write(" : ");
    if let Some(AttrKind::Type(t)) = body.attr(op, "global_type").map(|a| *a.kind()) {
        p.print_type(t);
    }
    let rb = body.region_body(op);
    if let Some(&r) = body.regions_of(op).first() {
        if rb.entry_block(r).is_some() {
            p.write(" ");
            p.print_region(body, op, r, false, true);
        }
    }
}
