//! The `func` dialect (`td/func/FuncOps.td`): functions, calls, returns. This file
//! holds the hooks the ODS records ask for: `func.func`'s custom syntax and the
//! verifiers that look at the enclosing function.

use smallvec::SmallVec;

use pto_ir::asm::{OpAsmParser, OpAsmPrinter};
use pto_ir::OperationState;
use pto_ir::{AttrKind, Attribute, Body, Context, Diagnostic, NamedAttribute, OpId, Type};

pub mod conversions;

mod ods {
    include!(concat!(env!("OUT_DIR"), "/func_ods.rs"));
}
use crate::llvm;
pub use ods::*;
use pto_ir::builtin;

/// Ops inside a function may leave out the `func.` prefix.
pub const DEFAULT_DIALECT_FUNCOP: &str = "func";

fn op_error<'c>(body: &Body<'c>, op: OpId, msg: String) -> Diagnostic<'c> {
    pto_ir::verifier::op_error(body, op, &msg)
}

/// The function type of a `func.func` (from its `function_type` property).
pub fn function_type<'c>(body: &Body<'c>, op: OpId) -> Option<(&'c [Type<'c>], &'c [Type<'c>])> {
    match body.attr(op, "function_type")?.kind() {
        AttrKind::Type(t) => t.function_signature(),
        _ => None,
    }
}

/// Sets the `function_type` property of `func.func` `op` to `fty` (the entry block's
/// arguments are the caller's to update).
pub fn set_function_type<'c>(ctx: &'c Context, body: &mut Body<'c>, op: OpId, fty: Type<'c>) {
    let props = ctx.dict_with(body.op_props(op), "function_type", Some(ctx.type_attr(fty)));
    body.set_op_props(op, Some(props));
}

fn verify_func<'c>(_ctx: &'c Context, body: &Body<'c>, op: OpId) -> Result<(), Diagnostic<'c>> {
    let Some((inputs, _)) = function_type(body, op) else {
        return Ok(());
    };
    let rb = body.region_body(op);
    let Some(&r) = body.regions_of(op).first() else {
        return Ok(());
    };
    if let Some(entry) = rb.entry_block(r) {
        let args = rb.block_args(entry);
        if args.len() != inputs.len() {
            return Err(op_error(
                body,
                op,
                format!(
                    "entry block must have {} arguments to match function signature",
                    inputs.len()
                ),
            ));
        }
        for (i, (&a, &t)) in args.iter().zip(inputs).enumerate() {
            let at = rb.value_type(a);
            if at != t {
                return Err(op_error(
                    body,
                    op,
                    format!(
                        "type of entry block argument #{i}('{}') must match the type of the corresponding argument in function signature('{}')",
                        pto_ir::printer::type_to_string(at),
                        pto_ir::printer::type_to_string(t)
                    ),
                ));
            }
        }
    } else if body
        .attr(op, "sym_visibility")
        .and_then(|a| a.as_str())
        .is_none_or(|v| v == "public")
    {
        return Err(op_error(
            body,
            op,
            "symbol declaration cannot have public visibility".to_string(),
        ));
    }
    Ok(())
}

/// `func.return` must match the results of the enclosing function.
fn verify_return<'c>(_ctx: &'c Context, body: &Body<'c>, op: OpId) -> Result<(), Diagnostic<'c>> {
    // The enclosing func.func is the owner of this (nested) body.
    let Some(results) = body
        .owner_attr("function_type")
        .and_then(|a| match a.kind() {
            AttrKind::Type(t) => t.function_signature().map(|(_, r)| r),
            _ => None,
        })
    else {
        return Ok(());
    };
    let fname = body
        .owner_attr("sym_name")
        .and_then(|a| a.as_str())
        .unwrap_or("");
    let n = body.num_operands(op);
    if n != results.len() {
        return Err(op_error(
            body,
            op,
            format!(
                "has {n} operands, but enclosing function (@{fname}) returns {}",
                results.len()
            ),
        ));
    }
    for (i, (v, &t)) in body.operands(op).zip(results).enumerate() {
        let vt = body.value_type(v);
        if vt != t {
            // MLIR reports this one with `emitError`: no `'func.return' op` prefix.
            return Err(Diagnostic::error(
                body.op_loc(op),
                format!(
                    "type of return operand {i} ('{}') doesn't match function result type ('{}') in function @{fname}",
                    pto_ir::printer::type_to_string(vt),
                    pto_ir::printer::type_to_string(t)
                ),
            ));
        }
    }
    Ok(())
}

fn verify_call_indirect<'c>(
    _ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
) -> Result<(), Diagnostic<'c>> {
    let callee = body.value_type(body.operand(op, 0));
    let Some((ins, outs)) = callee.function_signature() else {
        return Ok(());
    };
    let args: SmallVec<[Type<'c>; 4]> = body
        .operands(op)
        .skip(1)
        .map(|v| body.value_type(v))
        .collect();
    if args.as_slice() != ins {
        return Err(op_error(
            body,
            op,
            "failed to verify that callee input types match argument types".to_string(),
        ));
    }
    let res: SmallVec<[Type<'c>; 4]> = body.results(op).map(|v| body.value_type(v)).collect();
    if res.as_slice() != outs {
        return Err(op_error(
            body,
            op,
            "failed to verify that callee result types match result types".to_string(),
        ));
    }
    Ok(())
}

/// `%callee(%args) : (T) -> R`
fn parse_call_indirect<'c>(
    p: &mut dyn OpAsmParser<'c>,
    state: &mut OperationState<'c>,
) -> Result<(), ()> {
    let callee = p.parse_operand()?;
    p.parse_punct("(")?;
    let args_pos = p.current_pos();
    let args = p.parse_operand_list()?;
    p.parse_punct(")")?;
    p.parse_optional_attr_dict(state)?;
    p.parse_punct(":")?;
    let t = p.parse_type()?;
    let Some((ins, outs)) = t.function_signature() else {
        p.emit_error("expected function type");
        return Err(());
    };
    let c = p.resolve_operand(&callee, t)?;
    state.operands.push(c);
    let args = p.resolve_operands(&args, ins, args_pos)?;
    state.operands.extend(args);
    state.result_types.extend_from_slice(outs);
    Ok(())
}

fn print_call_indirect<'c>(p: &mut dyn OpAsmPrinter<'c>, body: &Body<'c>, op: OpId) {
    let callee = body.operand(op, 0);
    p.write(" ");
    p.print_operand(body, callee);
    p.write("(");
    for (i, v) in body.operands(op).skip(1).enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.print_operand(body, v);
    }
    p.write(")");
    p.print_attr_dict(body, op, &[], false);
    p.write(" : ");
    p.print_type(body.value_type(callee));
}

/// Function values are named `%f`.
fn result_names_constant(_b: &Body<'_>, _op: OpId, set: &mut dyn FnMut(usize, &str)) {
    set(0, "f");
}

const FUNC_ELIDED: &[&str] = &[
    "sym_name",
    "function_type",
    "sym_visibility",
    "arg_attrs",
    "res_attrs",
];

/// `func.func [visibility] @name(args) [-> results] [attributes {...}] [{ body }]`
fn parse_func<'c>(p: &mut dyn OpAsmParser<'c>, state: &mut OperationState<'c>) -> Result<(), ()> {
    let ctx = p.context();
    let mut props: Vec<NamedAttribute<'c>> = Vec::new();
    for vis in ["private", "public", "nested"] {
        if p.parse_optional_keyword(vis) {
            props.push(NamedAttribute {
                name: ctx.ident("sym_visibility"),
                value: ctx.string_attr(vis),
            });
            break;
        }
    }
    let Some(name) = p.parse_optional_symbol_name()? else {
        p.emit_error("expected valid '@'-identifier for symbol name");
        return Err(());
    };
    props.push(NamedAttribute {
        name: ctx.ident("sym_name"),
        value: ctx.string_attr(&name),
    });
    // Arguments: `%name: type {attrs} loc(...)` with a body, or `type {attrs}` without.
    let sig = super::function_syntax::parse_signature(p, false)?;
    let fty = ctx.function_type(&sig.inputs, &sig.results);
    props.push(NamedAttribute {
        name: ctx.ident("function_type"),
        value: ctx.type_attr(fty),
    });
    super::function_syntax::push_arg_res_attrs(ctx, &sig, &mut props);
    let dict_pos = p.current_pos();
    p.parse_optional_attr_dict_with_keyword(state)?;
    // The signature and visibility come from the syntax, not the dictionary.
    super::function_syntax::check_inferred(
        p,
        state,
        dict_pos,
        &["sym_visibility", "sym_name", "function_type"],
    )?;
    let mut all = props;
    all.extend_from_slice(state.props.and_then(|d| d.as_dictionary()).unwrap_or(&[]));
    state.props = Some(ctx.dictionary(&all));
    if p.is_punct("{") {
        // With types only, the entry block names its own arguments (`^bb0(%a: f32):`),
        // as MLIR reads it; the verifier checks them against the signature.
        p.parse_region(state, &sig.args)?;
    } else {
        // A declaration: an empty region.
        if let Some(body) = state.nested.as_deref_mut() {
            let r = body.create_region();
            state.regions.push(r);
        }
    }
    Ok(())
}

fn print_func<'c>(p: &mut dyn OpAsmPrinter<'c>, body: &Body<'c>, op: OpId) {
    p.write(" ");
    if let Some(v) = body.attr(op, "sym_visibility").and_then(|a| a.as_str()) {
        p.write(v);
        p.write(" ");
    }
    let name = body
        .attr(op, "sym_name")
        .and_then(|a| a.as_str())
        .unwrap_or("");
    p.print_symbol_name(name);
    let (inputs, results) = function_type(body, op).unwrap_or((&[], &[]));
    super::function_syntax::print_signature(p, body, op, inputs, results, false);
    let region = body.regions_of(op).first().copied();
    let entry = region.and_then(|r| body.region_body(op).entry_block(r));
    // Inherent attributes besides the signature print with the discardable ones.
    let extra: Vec<NamedAttribute<'c>> = body
        .op_props(op)
        .and_then(|d| d.as_dictionary())
        .unwrap_or(&[])
        .iter()
        .filter(|e| !FUNC_ELIDED.contains(&e.name.as_str()))
        .copied()
        .collect();
    p.print_attr_dict_with_extra(body, op, &extra, FUNC_ELIDED, true);
    if let (Some(r), Some(_)) = (region, entry) {
        p.write(" ");
        p.print_region(body, op, r, false, true);
    }
}

/// The function `attr` (a flat symbol reference) names in `table`, if it is a `func.func`.
fn lookup_func<'b, 'c>(
    table: &pto_ir::symbol_table::SymbolTable<'b, 'c>,
    attr: Option<Attribute<'c>>,
) -> (String, Option<(&'b Body<'c>, OpId)>) {
    let name = match attr.map(|a| *a.kind()) {
        Some(AttrKind::SymbolRef { root, .. }) => root.as_str().to_string(),
        _ => String::new(),
    };
    let f = table
        .lookup(&name)
        .filter(|(b, o)| b.op_name(*o).as_str() == FuncOp::NAME);
    (name, f)
}

fn type_list(types: &[Type<'_>]) -> String {
    types
        .iter()
        .map(|t| pto_ir::printer::type_to_string(*t))
        .collect::<Vec<_>>()
        .join(", ")
}

fn verify_symbol_uses_call<'b, 'c>(
    _ctx: &'c Context,
    body: &'b Body<'c>,
    op: OpId,
    table: &pto_ir::symbol_table::SymbolTable<'b, 'c>,
) -> Result<(), Diagnostic<'c>> {
    let (name, f) = lookup_func(table, body.attr(op, "callee"));
    let Some((fb, f)) = f else {
        return Err(op_error(
            body,
            op,
            format!("'{name}' does not reference a valid function"),
        ));
    };
    let (ins, outs) = function_type(fb, f).unwrap_or((&[], &[]));
    if ins.len() != body.num_operands(op) {
        return Err(op_error(
            body,
            op,
            "incorrect number of operands for callee".into(),
        ));
    }
    for (i, (v, &t)) in body.operands(op).zip(ins).enumerate() {
        let vt = body.value_type(v);
        if vt != t {
            return Err(op_error(
                body,
                op,
                format!(
                    "operand type mismatch: expected operand type '{}', but provided '{}' for operand number {i}",
                    pto_ir::printer::type_to_string(t),
                    pto_ir::printer::type_to_string(vt)
                ),
            ));
        }
    }
    if outs.len() != body.num_results(op) {
        return Err(op_error(
            body,
            op,
            "incorrect number of results for callee".into(),
        ));
    }
    let results: SmallVec<[Type<'c>; 4]> = body.results(op).map(|v| body.value_type(v)).collect();
    if let Some(i) = results.iter().zip(outs).position(|(a, b)| a != b) {
        let loc = body.op_loc(op);
        return Err(
            op_error(body, op, format!("result type mismatch at index {i}"))
                .with_note(
                    loc,
                    format!("      op result types: {}", type_list(&results)),
                )
                .with_note(loc, format!("function result types: {}", type_list(outs))),
        );
    }
    Ok(())
}

fn verify_symbol_uses_constant<'b, 'c>(
    _ctx: &'c Context,
    body: &'b Body<'c>,
    op: OpId,
    table: &pto_ir::symbol_table::SymbolTable<'b, 'c>,
) -> Result<(), Diagnostic<'c>> {
    let (name, f) = lookup_func(table, body.attr(op, "value"));
    let Some((fb, f)) = f else {
        return Err(op_error(
            body,
            op,
            format!("reference to undefined function '{name}'"),
        ));
    };
    let fty = fb.attr(f, "function_type").and_then(|a| match *a.kind() {
        AttrKind::Type(t) => Some(t),
        _ => None,
    });
    if fty != Some(body.value_type(body.result(op, 0))) {
        return Err(op_error(
            body,
            op,
            "reference to function with mismatched type".into(),
        ));
    }
    Ok(())
}

/// `func.constant` folds to the symbol it names.
fn fold_constant<'c>(
    _ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
    _operands: &[Option<Attribute<'c>>],
) -> Option<SmallVec<[pto_ir::Folded<'c>; 1]>> {
    body.attr(op, "value")
        .map(|a| smallvec::smallvec![pto_ir::Folded::Attr(a)])
}

/// The dialect's constants: a flat symbol reference of function type is a
/// `func.constant` (MLIR's `FuncDialect::materializeConstant`).
pub fn materialize_constant<'c>(
    b: &mut pto_ir::builder::OpBuilder<'_, 'c>,
    value: Attribute<'c>,
    ty: Type<'c>,
    loc: pto_ir::Location<'c>,
) -> Option<OpId> {
    let flat = matches!(value.kind(), AttrKind::SymbolRef { nested: &[], .. });
    if !flat || ty.function_signature().is_none() {
        return None;
    }
    Some(ConstantOp::build(b, loc, ty, value).0)
}

/// `func.call_indirect` patterns: a call through a `func.constant` becomes a direct
/// `func.call` (MLIR's `SimplifyIndirectCallWithKnownCallee`).
pub fn canonicalization_patterns_call_indirect(set: &mut pto_rewrite::RewritePatternSet) {
    set.add_fn(
        CallIndirectOp::NAME,
        "SimplifyIndirectCallWithKnownCallee",
        simplify_indirect_call,
    );
}

fn simplify_indirect_call<'c>(
    op: OpId,
    rw: &mut pto_rewrite::PatternRewriter<'_, 'c>,
) -> pto_rewrite::MatchResult {
    let ctx = rw.context();
    let body = rw.body();
    if body.num_operands(op) == 0 {
        return rw.notify_match_failure(op, "no callee");
    }
    let callee = pto_rewrite::fold::constant_value(ctx, body, body.operand(op, 0));
    let Some(callee) = callee.filter(|a| matches!(a.kind(), AttrKind::SymbolRef { .. })) else {
        return rw.notify_match_failure(op, "callee is not a constant function");
    };
    let operands: SmallVec<[pto_ir::ValueId; 4]> = body.operands(op).skip(1).collect();
    let types: SmallVec<[Type<'c>; 2]> = body.results(op).map(|r| body.value_type(r)).collect();
    let loc = body.op_loc(op);
    rw.set_insertion_point_before(op);
    let call = rw.build(|b| CallOp::build(b, loc, &operands, &types, callee, None, None, None).0);
    let results: SmallVec<[pto_ir::ValueId; 2]> = rw.body().results(call).collect();
    rw.replace_op(op, &results);
    Ok(())
}

/// The `func.call` ops of `body` (nested regions included), each with the name of the
/// function it calls.
pub fn calls<'c>(body: &Body<'c>) -> Vec<(OpId, &'c str)> {
    body.all_ops()
        .into_iter()
        .filter(|&op| body.op_name(op).as_str() == CallOp::NAME)
        .filter_map(|op| match *body.attr(op, "callee")?.kind() {
            pto_ir::AttrKind::SymbolRef { root, .. } => Some((op, root.as_str())),
            _ => None,
        })
        .collect()
}

/// The function (`func.func` or `llvm.func`) named `name` among the ops of `block` and
/// in the modules among them, with the body that holds it (what a driver calls by name).
pub fn find_function<'b, 'c>(
    body: &'b Body<'c>,
    block: pto_ir::BlockId,
    name: &str,
) -> Option<(&'b Body<'c>, OpId)> {
    for op in body.block_ops(block) {
        match body.op_name(op).as_str() {
            FuncOp::NAME | llvm::LLVMFuncOp::NAME
                if body.attr(op, "sym_name").and_then(|a| a.as_str()) == Some(name) =>
            {
                return Some((body, op));
            }
            builtin::ModuleOp::NAME => {
                let (Some(nested), Some(&region)) = (body.nested(op), body.regions_of(op).first())
                else {
                    continue;
                };
                for b in nested.region_blocks(region) {
                    if let Some(found) = find_function(nested, b, name) {
                        return Some(found);
                    }
                }
            }
            _ => {}
        }
    }
    None
}
