//! `pto-deepx`: the `deepx` dialect (`td/deepx/*.td`), DeepX IR (github.com/miaobyte/deepx)
//! as MLIR, with its text form and the checks DeepX itself lacks.
//!
//! DeepX is not SSA: a function names tensors, reads them left of `->`, writes them
//! right of it, and creates and frees them (`newtensor`, `deltensor`). Here a name is
//! an SSA value of reference type (`!deepx.tensor<...>`, as a memref): `newtensor`
//! defines it and every op takes its reads and its writes as operands (the writes
//! declared `MemWrite` in ODS, as linalg's `outs`), so a program that re-creates a
//! name after deleting it simply has two values. A name's text is its value's
//! location (a `NameLoc`), a function's parameters its block arguments (reads, then
//! writes). [`types`] holds the types; [`text`] reads and writes DeepX's own syntax
//! (`pto-translate --import-deepx`/`--export-deepx`); [`verify`] is `deepx-verify`
//! (lifetimes, dimension variables, shapes, signatures), [`shapes`] the shape rules.

#![warn(missing_docs)]
#![allow(clippy::result_unit_err)]

// Generated code names this crate's items by absolute path (`::pto_deepx::...`).
extern crate self as pto_deepx;

pub mod lower;
pub mod shapes;
pub mod text;
pub mod types;
pub mod verify;

use pto_ir::asm::{OpAsmParser, OpAsmPrinter, RegionArgument};
use pto_ir::verifier::op_error;
use pto_ir::{AttrKind, Body, Context, Diagnostic, NamedAttribute, OpId, OperationState, Type};

use types::{
    all_members, is_float_dtype, is_int_dtype, list_element, parse_type_tensor, parse_type_union,
    print_type_tensor, print_type_union, verify_type_tensor, verify_type_union, TensorInfo,
};

mod ods {
    include!(concat!(env!("OUT_DIR"), "/deepx_ods.rs"));
}
pub use ods::*;

mod passes {
    include!(concat!(env!("OUT_DIR"), "/passes.rs"));
}
pub use passes::*;

include!(concat!(env!("OUT_DIR"), "/dialects.rs"));

/// Registers the `deepx` dialect in `ctx`.
pub fn register_dialects(ctx: &mut Context) {
    for dialect in DIALECTS {
        ctx.register_dialect(dialect);
    }
}

/// Adds the `deepx` dialect, its passes and its text form to a tool.
pub fn register(registry: &mut pto_pass::Registry) {
    use pto_pass::registry::{Lowering, LoweringGoal};
    registry
        .dialects(DIALECTS)
        .passes_from(register_passes)
        .lowering(Lowering {
            name: "deepx-to-pypto",
            dialects: &["deepx"],
            produces: &["pypto", "func"],
            goals: &[LoweringGoal::Interpret, LoweringGoal::Compile],
            pipeline: lower::lowering,
        })
        .add(pto_interp::abi::EntryAbiProvider {
            dialect: DIALECT.name,
            capture: lower::capture,
        });
    text::register(registry);
}

type VResult<'c> = Result<(), Diagnostic<'c>>;

// ---- type constraints (the `CPred`s of DeepXTypes.td) ------------------------------------

fn tensor_dtype(t: Type<'_>) -> Option<Option<Type<'_>>> {
    TensorInfo::of(t).map(|i| i.dtype)
}

fn is_tensor(t: Type<'_>) -> bool {
    TensorType::from_type(t).is_some()
}
fn is_bool_tensor(t: Type<'_>) -> bool {
    tensor_dtype(t).is_some_and(|d| all_members(d, |m| types::dtype_name(m) == Some("bool")))
}
fn is_float_tensor(t: Type<'_>) -> bool {
    tensor_dtype(t).is_some_and(|d| all_members(d, is_float_dtype))
}
fn is_int_tensor(t: Type<'_>) -> bool {
    tensor_dtype(t).is_some_and(|d| all_members(d, is_int_dtype))
}
fn is_index_tensor(t: Type<'_>) -> bool {
    tensor_dtype(t)
        .is_some_and(|d| all_members(d, |m| matches!(types::dtype_name(m), Some("i32" | "i64"))))
}
fn is_case_tensor(t: Type<'_>) -> bool {
    tensor_dtype(t)
        .is_some_and(|d| all_members(d, |m| matches!(types::dtype_name(m), Some("i32" | "bool"))))
}
fn is_scalar(t: Type<'_>) -> bool {
    types::members(t)
        .into_iter()
        .all(|m| types::dtype_name(m).is_some())
}
fn is_int_scalar(t: Type<'_>) -> bool {
    types::members(t).into_iter().all(is_int_dtype)
}
fn is_bool_scalar(t: Type<'_>) -> bool {
    types::dtype_name(t) == Some("bool")
}
fn is_int_list(t: Type<'_>) -> bool {
    is_int_scalar(t) || list_element(t).is_some_and(is_int_scalar)
}
fn is_tensor_list(t: Type<'_>) -> bool {
    list_element(t).is_some_and(is_tensor)
}
fn is_string(t: Type<'_>) -> bool {
    StringType::from_type(t).is_some()
}
fn is_literal_type(t: Type<'_>) -> bool {
    is_scalar(t) || is_string(t) || list_element(t).is_some_and(is_scalar)
}

// ---- deepx.func --------------------------------------------------------------------------

/// `(%a: T [loc(...)], ...)`.
fn parse_args<'c>(p: &mut dyn OpAsmParser<'c>) -> Result<Vec<RegionArgument<'c>>, ()> {
    let mut args = Vec::new();
    p.parse_punct("(")?;
    if p.parse_optional_punct(")") {
        return Ok(args);
    }
    loop {
        let name = p.parse_operand()?;
        p.parse_punct(":")?;
        let ty = p.parse_type()?;
        let loc = p.parse_optional_location()?;
        args.push(RegionArgument { name, ty, loc });
        if p.parse_optional_punct(")") {
            return Ok(args);
        }
        p.parse_punct(",")?;
    }
}

/// The op's name without the `deepx.` prefix (`matmul`), as DeepX text and the
/// diagnostics name it; other ops keep their full name.
pub fn mnemonic(body: &Body<'_>, op: OpId) -> String {
    body.op_name(op)
        .as_str()
        .trim_start_matches("deepx.")
        .to_string()
}

/// `deepx.func @name(%r: T, ...) -> (%w: T, ...) [attributes {...}] { body }`.
fn parse_func<'c>(p: &mut dyn OpAsmParser<'c>, state: &mut OperationState<'c>) -> Result<(), ()> {
    let ctx = p.context();
    let Some(name) = p.parse_optional_symbol_name()? else {
        p.emit_error("expected valid '@'-identifier for symbol name");
        return Err(());
    };
    let reads = parse_args(p)?;
    p.parse_punct("->")?;
    let writes = parse_args(p)?;
    let inputs: Vec<Type<'c>> = reads.iter().map(|a| a.ty).collect();
    let outputs: Vec<Type<'c>> = writes.iter().map(|a| a.ty).collect();
    p.parse_optional_attr_dict_with_keyword(state)?;
    let mut props = vec![
        NamedAttribute {
            name: ctx.ident("sym_name"),
            value: ctx.string_attr(&name),
        },
        NamedAttribute {
            name: ctx.ident("function_type"),
            value: ctx.type_attr(ctx.function_type(&inputs, &outputs)),
        },
    ];
    props.extend_from_slice(state.props.and_then(|d| d.as_dictionary()).unwrap_or(&[]));
    state.props = Some(ctx.dictionary(&props));
    let mut args = reads;
    args.extend(writes);
    p.parse_region(state, &args)?;
    // An empty function (`{}`, no parameters) still has its block.
    p.ensure_terminator(state, 0);
    Ok(())
}

fn print_func<'c>(p: &mut dyn OpAsmPrinter<'c>, body: &Body<'c>, op: OpId) {
    let f = FuncOp(op);
    p.write(" ");
    p.print_symbol_name(f.sym_name(body).and_then(|a| a.as_str()).unwrap_or(""));
    let n_reads = f.num_reads(body);
    let region = body.regions_of(op).first().copied();
    let inner = body.region_body(op);
    let entry = region.and_then(|r| inner.entry_block(r));
    let args: Vec<_> = entry.map_or(Vec::new(), |b| inner.block_args(b).to_vec());
    let list = |p: &mut dyn OpAsmPrinter<'c>, vals: &[pto_ir::ValueId]| {
        p.write("(");
        for (i, &v) in vals.iter().enumerate() {
            if i > 0 {
                p.write(", ");
            }
            p.print_operand(inner, v);
            p.write(": ");
            p.print_type(inner.value_type(v));
            p.print_trailing_location(inner.value_loc(v));
        }
        p.write(")");
    };
    let split = n_reads.min(args.len());
    list(p, &args[..split]);
    p.write(" -> ");
    list(p, &args[split..]);
    // Inherent attributes besides the signature (`toplevel`) print with the others.
    let extra: Vec<NamedAttribute<'c>> = body
        .op_props(op)
        .and_then(|d| d.as_dictionary())
        .unwrap_or(&[])
        .iter()
        .filter(|e| !FUNC_ELIDED.contains(&e.name.as_str()))
        .copied()
        .collect();
    p.print_attr_dict_with_extra(body, op, &extra, FUNC_ELIDED, true);
    if let Some(r) = region {
        p.write(" ");
        p.print_region(body, op, r, false, false);
    }
}

const FUNC_ELIDED: &[&str] = &["sym_name", "function_type"];

impl FuncOp {
    /// The number of read parameters (the write parameters follow them).
    pub fn num_reads(self, body: &Body<'_>) -> usize {
        self.signature(body).map_or(0, |(r, _)| r.len())
    }
    /// `(reads, writes)` of the function type.
    pub fn signature<'c>(self, body: &Body<'c>) -> Option<(&'c [Type<'c>], &'c [Type<'c>])> {
        self.function_type(body)?.as_type()?.function_signature()
    }
}

fn verify_func<'c>(_: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
    let f = FuncOp(op);
    let Some((reads, writes)) = f.signature(body) else {
        return Err(op_error(body, op, "function_type must be a function type"));
    };
    if let Some(w) = writes.iter().find(|t| !is_tensor(**t)) {
        return Err(op_error(
            body,
            op,
            &format!("write parameters must be tensors, got {w}"),
        ));
    }
    let region = body.regions_of(op)[0];
    let inner = body.region_body(op);
    let Some(entry) = inner.entry_block(region) else {
        return Ok(());
    };
    let args = inner.block_args(entry);
    let expected: Vec<Type<'c>> = reads.iter().chain(writes).copied().collect();
    let got: Vec<Type<'c>> = args.iter().map(|v| inner.value_type(*v)).collect();
    if got != expected {
        return Err(op_error(
            body,
            op,
            "the body's arguments must be the read parameters then the write parameters of function_type",
        ));
    }
    Ok(())
}

// ---- deepx.const, deepx.list ---------------------------------------------------------------

/// `deepx.const 1 : i32`, `deepx.const "s" : !deepx.string`, `deepx.const [2, 4] :
/// !deepx.list<i32>`.
fn parse_const<'c>(p: &mut dyn OpAsmParser<'c>, state: &mut OperationState<'c>) -> Result<(), ()> {
    let ctx = p.context();
    // MLIR's attribute syntax takes the trailing `: type` of a number or string.
    let mut value = p.parse_attribute_of(None)?;
    p.parse_optional_attr_dict(state)?;
    let ty = match value.ty() {
        Some(ty) if !p.is_punct(":") => {
            if let Some(s) = value.as_str() {
                value = ctx.string_attr(s);
            }
            ty
        }
        _ => {
            p.parse_punct(":")?;
            p.parse_type()?
        }
    };
    // Numbers take the declared type, as `arith.constant`'s do.
    let value = retype_literal(ctx, value, ty).unwrap_or(value);
    state.result_types.push(ty);
    let mut props = vec![NamedAttribute {
        name: ctx.ident("value"),
        value,
    }];
    props.extend_from_slice(state.props.and_then(|d| d.as_dictionary()).unwrap_or(&[]));
    state.props = Some(ctx.dictionary(&props));
    Ok(())
}

/// A number literal given `ty` (an element type for lists).
pub(crate) fn retype_literal<'c>(
    ctx: &'c Context,
    value: pto_ir::Attribute<'c>,
    ty: Type<'c>,
) -> Option<pto_ir::Attribute<'c>> {
    let scalar = list_element(ty).unwrap_or(ty);
    let one = |a: pto_ir::Attribute<'c>| -> Option<pto_ir::Attribute<'c>> {
        match *a.kind() {
            AttrKind::Integer { value, .. } if is_float_dtype(scalar) => {
                float_attr(ctx, scalar, &value.to_string())
            }
            AttrKind::Integer { value, .. } => Some(ctx.int_attr(scalar, value)),
            AttrKind::Float { .. } if is_float_dtype(scalar) => {
                float_attr(ctx, scalar, &format!("{:e}", a.as_f64()?))
            }
            _ => None,
        }
    };
    match *value.kind() {
        AttrKind::Array(items) if list_element(ty).is_some() => {
            let items: Option<Vec<_>> = items.iter().map(|&a| one(a)).collect();
            Some(ctx.array_attr(&items?))
        }
        _ if list_element(ty).is_none() => one(value),
        _ => None,
    }
}

/// A float attribute of type `ty` from a decimal literal (`1e-5`, `-2.5`, `3`), rounded
/// to nearest as MLIR's parser rounds.
pub fn float_attr<'c>(ctx: &'c Context, ty: Type<'c>, text: &str) -> Option<pto_ir::Attribute<'c>> {
    let kind = ty.float_kind()?;
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    let bits = pto_ir::float::parse_decimal(digits, negative, kind)?;
    Some(ctx.intern_attr(AttrKind::Float { bits, ty }))
}

fn print_const<'c>(p: &mut dyn OpAsmPrinter<'c>, body: &Body<'c>, op: OpId) {
    if let Some(v) = ConstOp(op).value(body) {
        p.write(" ");
        // A list's elements have the list's element type: `[2, 4] : !deepx.list<i32>`.
        match v.as_array() {
            Some(items) => {
                p.write("[");
                for (i, &x) in items.iter().enumerate() {
                    if i > 0 {
                        p.write(", ");
                    }
                    p.print_attribute_without_type(x);
                }
                p.write("]");
            }
            None => p.print_attribute_without_type(v),
        }
    }
    p.print_attr_dict(body, op, &["value"], false);
    p.write(" : ");
    p.print_type(body.value_type(body.result(op, 0)));
}

fn verify_const<'c>(_: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
    let ty = body.value_type(body.result(op, 0));
    let Some(v) = ConstOp(op).value(body) else {
        return Ok(());
    };
    let scalar_ok = |a: pto_ir::Attribute<'c>, t: Type<'c>| match *a.kind() {
        AttrKind::Integer { .. } | AttrKind::Float { .. } => a.ty() == Some(t),
        _ => false,
    };
    let ok = if is_string(ty) {
        v.as_str().is_some()
    } else if let Some(e) = list_element(ty) {
        v.as_array()
            .is_some_and(|xs| xs.iter().all(|&x| scalar_ok(x, e)))
    } else {
        scalar_ok(v, ty)
    };
    if ok {
        Ok(())
    } else {
        Err(op_error(body, op, &format!("value {v} is not a {ty}")))
    }
}

fn verify_list<'c>(_: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
    let ty = body.value_type(body.result(op, 0));
    let Some(e) = list_element(ty) else {
        return Ok(());
    };
    for (i, v) in body.operands(op).enumerate() {
        let t = body.value_type(v);
        if !types::fits(t, e) {
            return Err(op_error(
                body,
                op,
                &format!("element #{i} of type {t} does not fit the list's element type {e}"),
            ));
        }
    }
    Ok(())
}

// ---- result names --------------------------------------------------------------------------

/// A tensor's value is named after the DeepX name it was created as.
fn name_of_result(body: &Body<'_>, op: OpId, set: &mut dyn FnMut(usize, &str)) {
    if let AttrKind::NameLoc { name, .. } = body.op_loc(op).attr().kind() {
        let n = name.as_str();
        if !n.is_empty() && n.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            set(0, n);
        }
    }
}
fn result_names_newtensor(body: &Body<'_>, op: OpId, set: &mut dyn FnMut(usize, &str)) {
    name_of_result(body, op, set)
}
fn result_names_clonetensor(body: &Body<'_>, op: OpId, set: &mut dyn FnMut(usize, &str)) {
    name_of_result(body, op, set)
}
fn result_names_renametensor(body: &Body<'_>, op: OpId, set: &mut dyn FnMut(usize, &str)) {
    name_of_result(body, op, set)
}

pub use shapes::shape_rule_hooks::*;
