//! The `cf` dialect (`td/cf/ControlFlowOps.td`): branches. This file holds the
//! hooks its records ask for: successor-operand checks and `cf.switch`'s case syntax;
//! the canonicalizations are in `canonicalize.rs` (`br`, `cond_br`) and
//! `canonicalize_switch.rs` (`switch`, `assert`).
//!
//! As MLIR 22: `cf.br` merges a single-predecessor block and collapses pass-through
//! blocks unless that enters a cycle of branches; `cf.cond_br` has MLIR 22's list,
//! `DropUnreachableCondBranch` included; a rebuilt `cf.switch` drops discardable
//! attributes, as MLIR's does. Tests: `lit-tests/transforms/canonicalize-cf.mlir`,
//! `canonicalize-region-args.mlir`.

use smallvec::SmallVec;

use pto_ir::asm::{OpAsmParser, OpAsmPrinter, UnresolvedOperand};
use pto_ir::{AttrKind, BlockId, Body, Context, Diagnostic, NamedAttribute, OpId, Type};
use pto_ir::{OperationState, ValueId};

pub(crate) mod branch;
mod canonicalize;
mod canonicalize_switch;
use branch::*;
pub(crate) use canonicalize::replace_with_br;
use canonicalize::*;
use canonicalize_switch::*;

mod ods {
    include!(concat!(env!("OUT_DIR"), "/cf_ods.rs"));
}
pub use ods::*;

fn op_error<'c>(body: &Body<'c>, op: OpId, msg: String) -> Diagnostic<'c> {
    pto_ir::verifier::op_error(body, op, &msg)
}

/// Checks that `operands` match the arguments of successor `index` (`dest`): MLIR's
/// `BranchOpInterface` check, shared by every branching op (`cf`, `llvm`). Its errors
/// are not prefixed with the op's name, as MLIR emits them.
pub(crate) fn check_successor<'c>(
    body: &Body<'c>,
    op: OpId,
    index: usize,
    dest: BlockId,
    operands: &[ValueId],
) -> Result<(), Diagnostic<'c>> {
    let args = body.block_args(dest);
    if args.len() != operands.len() {
        return Err(Diagnostic::error(
            body.op_loc(op),
            format!(
                "branch has {} operands for successor #{index}, but target block has {}",
                operands.len(),
                args.len()
            ),
        ));
    }
    for (i, (&v, &a)) in operands.iter().zip(args).enumerate() {
        let (vt, at) = (body.value_type(v), body.value_type(a));
        if vt != at {
            return Err(Diagnostic::error(
                body.op_loc(op),
                format!("type mismatch for bb argument #{i} of successor #{index}"),
            ));
        }
    }
    Ok(())
}

fn verify_br<'c>(_ctx: &'c Context, body: &Body<'c>, op: OpId) -> Result<(), Diagnostic<'c>> {
    let operands: SmallVec<[ValueId; 4]> = body.operands(op).collect();
    check_successor(body, op, 0, body.successors(op)[0], &operands)
}

fn verify_cond_br<'c>(_ctx: &'c Context, body: &Body<'c>, op: OpId) -> Result<(), Diagnostic<'c>> {
    let o = CondBranchOp(op);
    let succ = body.successors(op);
    check_successor(body, op, 0, succ[0], &o.true_dest_operands(body))?;
    check_successor(body, op, 1, succ[1], &o.false_dest_operands(body))
}

/// Case operand groups of a `cf.switch` (from `case_operand_segments`).
fn case_groups(body: &Body<'_>, op: OpId) -> Vec<Vec<ValueId>> {
    segment_groups(body, op, &SwitchOp(op).case_operands(body))
}

/// `all` cut into the groups a switch's `case_operand_segments` gives (`cf.switch`,
/// `llvm.switch`); groups past the end of `all` are cut short.
pub(crate) fn segment_groups(body: &Body<'_>, op: OpId, all: &[ValueId]) -> Vec<Vec<ValueId>> {
    let sizes = body
        .attr(op, "case_operand_segments")
        .and_then(|a| a.dense_int_values())
        .unwrap_or_default();
    let mut at = 0;
    sizes
        .iter()
        .map(|&n| {
            let end = (at + n.max(0) as usize).min(all.len());
            let g = all[at..end].to_vec();
            at = end;
            g
        })
        .collect()
}

/// The case values of a `cf.switch`, as (unsigned) integers of the flag's width.
fn case_values(body: &Body<'_>, op: OpId) -> Vec<u128> {
    match body.attr(op, "case_values").map(|a| a.kind()) {
        Some(AttrKind::DenseElements { ty, data, splat }) => {
            let esz = ty
                .element_type()
                .and_then(pto_ir::module::element_bytes)
                .unwrap_or(8);
            let n = ty.num_elements().unwrap_or(0) as usize;
            (0..n)
                .map(|i| {
                    let at = if *splat { 0 } else { i * esz };
                    let mut v = 0u128;
                    for (k, b) in data[at..at + esz].iter().enumerate() {
                        v |= u128::from(*b) << (8 * k);
                    }
                    v
                })
                .collect()
        }
        _ => Vec::new(),
    }
}

fn verify_switch<'c>(_ctx: &'c Context, body: &Body<'c>, op: OpId) -> Result<(), Diagnostic<'c>> {
    let o = SwitchOp(op);
    let succ = body.successors(op);
    let groups = case_groups(body, op);
    // MLIR checks the successors (the branch interface) before the op's own verifier.
    check_successor(body, op, 0, succ[0], &o.default_operands(body))?;
    for (i, g) in groups.iter().enumerate().take(succ.len() - 1) {
        check_successor(body, op, i + 1, succ[i + 1], g)?;
    }
    let case_type = body.attr(op, "case_values").and_then(|a| a.ty());
    if case_type.is_none() && succ.len() == 1 {
        return Ok(());
    }
    let flag = body.value_type(o.flag(body));
    if let Some(elt) = case_type.and_then(|t| t.element_type()) {
        if elt != flag {
            return Err(op_error(
                body,
                op,
                format!("'flag' type ('{flag}') should match case value type ('{elt}')"),
            ));
        }
    }
    let values = case_values(body, op);
    if values.len() != succ.len() - 1 {
        return Err(op_error(
            body,
            op,
            format!(
                "number of case values ({}) should match number of case destinations ({})",
                values.len(),
                succ.len() - 1
            ),
        ));
    }
    // Stricter than MLIR, which reads past the segments when they are too few.
    if groups.len() != succ.len() - 1 {
        return Err(op_error(
            body,
            op,
            format!(
                "number of case operand groups ({}) should match number of case destinations ({})",
                groups.len(),
                succ.len() - 1
            ),
        ));
    }
    Ok(())
}

/// `^bb` or `^bb(%a, %b : T, U)`.
fn parse_successor_and_use_list<'c>(
    p: &mut dyn OpAsmParser<'c>,
) -> Result<(BlockId, Vec<UnresolvedOperand>, Vec<Type<'c>>), ()> {
    let Some(b) = p.parse_optional_successor()? else {
        p.emit_error("expected block name");
        return Err(());
    };
    let mut ops = Vec::new();
    let mut types = Vec::new();
    if p.parse_optional_punct("(") {
        ops = p.parse_operand_list()?;
        p.parse_punct(":")?;
        types = p.parse_type_list()?;
        p.parse_punct(")")?;
    }
    Ok((b, ops, types))
}

/// `%flag : T, [ default: ^bb(...), 42: ^bb(...) ]`
fn parse_switch<'c>(p: &mut dyn OpAsmParser<'c>, state: &mut OperationState<'c>) -> Result<(), ()> {
    let ctx = p.context();
    let flag = p.parse_operand()?;
    p.parse_punct(":")?;
    let type_pos = p.current_pos();
    let flag_ty = p.parse_type()?;
    if flag_ty.int_width().is_none() {
        p.emit_error_at(
            type_pos,
            &pto_ir::ods::format::wrong_type_kind_message("::mlir::IntegerType", flag_ty),
        );
        return Err(());
    }
    p.parse_punct(",")?;
    p.parse_punct("[")?;
    // Where MLIR reports operand/type count mismatches of every destination.
    let cases_pos = p.current_pos();
    p.parse_keyword("default")?;
    p.parse_punct(":")?;
    let (default_dest, dops, dtys) = parse_successor_and_use_list(p)?;
    let mut values: Vec<i128> = Vec::new();
    let mut dests = Vec::new();
    let mut groups: Vec<(Vec<UnresolvedOperand>, Vec<Type<'c>>)> = Vec::new();
    while p.parse_optional_punct(",") {
        // MLIR's parseInteger: an integer literal, truncated to the flag's width.
        let Some(v) = p.parse_optional_integer()? else {
            p.emit_error("expected integer value");
            return Err(());
        };
        values.push(i128::from(v));
        p.parse_punct(":")?;
        let (d, o, t) = parse_successor_and_use_list(p)?;
        dests.push(d);
        groups.push((o, t));
    }
    p.parse_punct("]")?;
    p.parse_optional_attr_dict(state)?;
    let f = p.resolve_operand(&flag, flag_ty)?;
    state.operands.push(f);
    let dvals = p.resolve_operands(&dops, &dtys, cases_pos)?;
    state.operands.extend(dvals.iter().copied());
    let mut seg = Vec::new();
    let mut ncase = 0;
    for (o, t) in &groups {
        let vals = p.resolve_operands(o, t, cases_pos)?;
        ncase += vals.len();
        seg.push(vals.len() as i32);
        state.operands.extend(vals);
    }
    state.successors.push(default_dest);
    state.successors.extend(dests);
    let mut props: Vec<NamedAttribute<'c>> = Vec::new();
    if !values.is_empty() {
        let width = flag_ty.int_width().unwrap_or(64);
        let esz = pto_ir::module::element_bytes(flag_ty).unwrap_or(8);
        let _ = width;
        // All-equal values are stored as a splat, as MLIR's DenseElementsAttr does.
        let splat = values.iter().all(|v| *v == values[0]);
        let mut data = Vec::new();
        for v in if splat { &values[..1] } else { &values[..] } {
            data.extend_from_slice(&v.to_le_bytes()[..esz]);
        }
        let shape = ctx.alloc_slice(&[values.len() as i64]);
        let vty = ctx.scalable_vector_type(shape, &[false], flag_ty);
        let data = ctx.alloc_slice(&data);
        props.push(NamedAttribute {
            name: ctx.ident("case_values"),
            value: ctx.dense_elements_attr(vty, splat, data),
        });
    }
    props.push(NamedAttribute {
        name: ctx.ident("case_operand_segments"),
        value: pto_ir::ods::format::dense_i32_array(ctx, &seg),
    });
    props.push(NamedAttribute {
        name: ctx.ident("operandSegmentSizes"),
        value: pto_ir::ods::format::dense_i32_array(ctx, &[1, dvals.len() as i32, ncase as i32]),
    });
    props.extend_from_slice(state.props.and_then(|d| d.as_dictionary()).unwrap_or(&[]));
    state.props = Some(ctx.dictionary(&props));
    Ok(())
}

fn print_switch<'c>(p: &mut dyn OpAsmPrinter<'c>, body: &Body<'c>, op: OpId) {
    let o = SwitchOp(op);
    let flag = o.flag(body);
    p.write(" ");
    p.print_operand(body, flag);
    p.write(" : ");
    p.print_type(body.value_type(flag));
    p.write(", [");
    p.print_newline();
    p.write("  default: ");
    let succ = body.successors(op);
    pto_ir::asm::print_successor_and_use_list(p, body, succ[0], &o.default_operands(body));
    let values = case_values(body, op);
    let groups = case_groups(body, op);
    if !values.is_empty() {
        for (i, v) in values.iter().enumerate() {
            p.write(",");
            p.print_newline();
            p.write("  ");
            p.write(&v.to_string());
            p.write(": ");
            let g = groups.get(i).cloned().unwrap_or_default();
            if let Some(&d) = succ.get(i + 1) {
                pto_ir::asm::print_successor_and_use_list(p, body, d, &g);
            }
        }
        p.print_newline();
    }
    p.write("]");
    p.print_attr_dict(
        body,
        op,
        &[
            "case_values",
            "case_operand_segments",
            "operandSegmentSizes",
        ],
        false,
    );
}
