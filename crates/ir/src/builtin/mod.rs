//! The `builtin` dialect (`td/builtin/BuiltinOps.td`): `builtin.module` and
//! `builtin.unrealized_conversion_cast`. This file holds the hooks the ODS records ask
//! for: the module's custom syntax and both ops' verifiers (the cast's syntax is its
//! `assemblyFormat`).
//!
//! Unlike other dialects, the generated code is committed (`generated.rs`): the IR core
//! then builds without LLVM's TableGen. `pto-ods-gen`'s tests regenerate it and require
//! it to be identical.

use crate::asm::{OpAsmParser, OpAsmPrinter};
use crate::{AttrKind, Body, Context, Diagnostic, NamedAttribute, OpId, OperationState};

mod ods {
    include!("generated.rs");
}
pub use ods::*;

/// Ops directly inside a module may leave out the `builtin.` prefix.
pub const DEFAULT_DIALECT_MODULEOP: &str = "builtin";

fn op_error<'c>(body: &Body<'c>, op: OpId, msg: &str) -> Diagnostic<'c> {
    Diagnostic::error(
        body.op_loc(op),
        format!("'{}' op {msg}", body.op_name(op).as_str()),
    )
}

fn verify_module<'c>(_ctx: &'c Context, body: &Body<'c>, op: OpId) -> Result<(), Diagnostic<'c>> {
    if body.num_operands(op) != 0 {
        return Err(op_error(body, op, "requires zero operands"));
    }
    if body.num_results(op) != 0 {
        return Err(op_error(body, op, "requires zero results"));
    }
    let regions = body.regions_of(op);
    if regions.len() != 1 {
        return Err(op_error(body, op, "requires one region"));
    }
    let rb = body.region_body(op);
    let n = rb.region_blocks(regions[0]).count();
    if n == 0 {
        return Err(op_error(
            body,
            op,
            "region #0 ('bodyRegion') failed to verify constraint: region with 1 blocks",
        ));
    }
    if n > 1 {
        return Err(op_error(
            body,
            op,
            "expects region #0 to have 0 or 1 blocks",
        ));
    }
    if let Some(entry) = rb.entry_block(regions[0]) {
        if !rb.block_args(entry).is_empty() {
            return Err(op_error(body, op, "expects region to have no arguments"));
        }
    }
    for name in ["sym_name", "sym_visibility"] {
        if let Some(a) = body.attr(op, name) {
            if !matches!(a.kind(), AttrKind::String { ty: None, .. }) {
                return Err(op_error(
                    body,
                    op,
                    &format!("attribute '{name}' failed to satisfy constraint: string attribute"),
                ));
            }
        }
    }
    Ok(())
}

fn parse_module<'c>(p: &mut dyn OpAsmParser<'c>, state: &mut OperationState<'c>) -> Result<(), ()> {
    let ctx = p.context();
    let name = p.parse_optional_symbol_name()?;
    p.parse_optional_attr_dict_with_keyword(state)?;
    if let Some(n) = name {
        let entry = NamedAttribute {
            name: ctx.ident("sym_name"),
            value: ctx.string_attr(&n),
        };
        let mut entries: Vec<NamedAttribute<'c>> = state
            .props
            .and_then(|d| d.as_dictionary())
            .unwrap_or(&[])
            .to_vec();
        entries.push(entry);
        state.props = Some(ctx.dictionary(&entries));
    }
    p.parse_region(state, &[])?;
    // A module always has its one block, even when written `module {}`.
    if let (Some(body), Some(&r)) = (state.nested.as_deref_mut(), state.regions.first()) {
        if body.entry_block(r).is_none() {
            let b = body.create_block();
            body.append_block(r, b);
        }
    }
    Ok(())
}

fn print_module<'c>(p: &mut dyn OpAsmPrinter<'c>, body: &Body<'c>, op: OpId) {
    if let Some(n) = body
        .op_props(op)
        .and_then(|d| d.dict_get("sym_name"))
        .and_then(|a| a.as_str())
    {
        p.write(" ");
        p.print_symbol_name(n);
    }
    // Properties other than the name print with the discardable attributes.
    let props: Vec<NamedAttribute<'c>> = body
        .op_props(op)
        .and_then(|d| d.as_dictionary())
        .unwrap_or(&[])
        .iter()
        .filter(|e| e.name.as_str() != "sym_name")
        .copied()
        .collect();
    if props.is_empty() {
        p.print_attr_dict(body, op, &[], true);
    } else {
        let mut all: Vec<NamedAttribute<'c>> =
            body.op_attrs(op).as_dictionary().unwrap_or(&[]).to_vec();
        all.extend(props);
        all.sort_by(|a, b| a.name.as_str().cmp(b.name.as_str()));
        p.write(" attributes {");
        for (i, e) in all.iter().enumerate() {
            if i > 0 {
                p.write(", ");
            }
            let mut key = String::new();
            crate::printer::write_keyword_or_string(&mut key, e.name.as_str());
            p.write(&key);
            if !matches!(e.value.kind(), AttrKind::Unit) {
                p.write(" = ");
                p.print_attribute(e.value);
            }
        }
        p.write("}");
    }
    p.write(" ");
    if let Some(&r) = body.regions_of(op).first() {
        // `NoTerminator`: a terminator-like last op is printed (MLIR prints block
        // terminators of regions without an implicit terminator).
        p.print_region(body, op, r, false, true);
    }
}

fn verify_unrealized_conversion_cast<'c>(
    _ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
) -> Result<(), Diagnostic<'c>> {
    if !body.regions_of(op).is_empty() {
        return Err(op_error(body, op, "requires zero regions"));
    }
    if !body.successors(op).is_empty() {
        return Err(op_error(body, op, "requires zero successors"));
    }
    if body.num_results(op) == 0 {
        return Err(op_error(
            body,
            op,
            "expected at least one result for cast operation",
        ));
    }
    Ok(())
}
