//! `llvm.switch`'s cases: the `custom<SwitchOpCases>` directive and the accessors of the
//! case values and case operand groups.

use pto_ir::asm::{OpAsmParser, OpAsmPrinter};
use pto_ir::ods::format::FormatState;
use pto_ir::ods::{OpSpec, Var};
use pto_ir::{AttrKind, Body, OpId, Type, ValueId};

/// The case values of a switch, sign-extended from the flag's width.
pub(super) fn case_values(body: &Body<'_>, op: OpId) -> Option<Vec<i128>> {
    match body.attr(op, "case_values").map(|a| a.kind()) {
        Some(AttrKind::DenseElements { ty, data, splat }) => {
            let elem = ty.element_type()?;
            let width = elem.int_width().unwrap_or(64);
            let esz = pto_ir::module::element_bytes(elem).unwrap_or(8);
            let n = ty.num_elements().unwrap_or(0) as usize;
            Some(
                (0..n)
                    .map(|i| {
                        let at = if *splat { 0 } else { i * esz };
                        let mut v = 0u128;
                        for (k, b) in data[at..at + esz].iter().enumerate() {
                            v |= u128::from(*b) << (8 * k);
                        }
                        pto_ir::attributes_util::normalize_int(
                            v as i128,
                            width,
                            pto_ir::Signedness::Signless,
                        )
                    })
                    .collect(),
            )
        }
        _ => None,
    }
}

/// The case operand groups of a switch (from `case_operand_segments`).
pub(super) fn case_groups(body: &Body<'_>, op: OpId) -> Vec<Vec<ValueId>> {
    let all = pto_ir::ods::operand_group(super::SwitchOp::spec(), body, op, 2);
    crate::cf::segment_groups(body, op, &all)
}

/// `[ 1: ^bb1(%a : i32), 2: ^bb2 ]` into the case values `args[1]`, destinations
/// `args[2]` and operands `args[3]` (typed by the flag type of `args[0]`).
pub(super) fn parse_switch_op_cases<'c>(
    p: &mut dyn OpAsmParser<'c>,
    fs: &mut FormatState<'c>,
    args: &[Var],
) -> Result<(), ()> {
    let (
        Some(&flag),
        Some(&Var::Attr(values_at)),
        Some(&Var::Successor(dests_at)),
        Some(&Var::Operand(ops_at)),
    ) = (args.first(), args.get(1), args.get(2), args.get(3))
    else {
        return Err(());
    };
    let ctx = p.context();
    let flag_ty = match flag {
        Var::Operand(i) => fs.operand_types[i as usize]
            .as_ref()
            .and_then(|t| t.first().copied()),
        _ => None,
    };
    let Some(flag_ty) = flag_ty else {
        return Err(());
    };
    // As MLIR, case operands are checked against their types all at once, flattened,
    // with a count mismatch reported at the `[`.
    fs.operand_locs[ops_at as usize] = Some(p.current_pos());
    p.parse_punct("[")?;
    let mut values: Vec<i64> = Vec::new();
    let mut types: Vec<Type<'c>> = Vec::new();
    let mut segments: Vec<i64> = Vec::new();
    if !p.parse_optional_punct("]") {
        loop {
            let Some(v) = p.parse_optional_integer()? else {
                p.emit_error("expected integer value");
                return Err(());
            };
            values.push(v);
            p.parse_punct(":")?;
            let Some(dest) = p.parse_optional_successor()? else {
                p.emit_error("expected block name");
                return Err(());
            };
            fs.successors[dests_at as usize].push(dest);
            let mut n = 0;
            if p.parse_optional_punct("(") {
                let ops = p.parse_operand_list()?;
                p.parse_punct(":")?;
                let tys = p.parse_type_list()?;
                p.parse_punct(")")?;
                n = ops.len();
                fs.operands[ops_at as usize].extend(ops);
                types.extend(tys);
            }
            segments.push(n as i64);
            if !p.parse_optional_punct(",") {
                break;
            }
        }
        p.parse_punct("]")?;
    }
    fs.set_types(Var::Operand(ops_at), &types);
    if let Some(i) = fs.spec.attr_index("case_operand_segments") {
        fs.attrs[i] = Some(ctx.dense_int_array(32, &segments));
    }
    if !values.is_empty() {
        let esz = pto_ir::module::element_bytes(flag_ty).unwrap_or(8);
        let splat = values.iter().all(|v| *v == values[0]);
        let mut data = Vec::new();
        for v in if splat { &values[..1] } else { &values[..] } {
            data.extend_from_slice(&i128::from(*v).to_le_bytes()[..esz]);
        }
        let vty = ctx.scalable_vector_type(&[values.len() as i64], &[false], flag_ty);
        let data = ctx.alloc_slice(&data);
        fs.attrs[values_at as usize] = Some(ctx.dense_elements_attr(vty, splat, data));
    }
    Ok(())
}

pub(super) fn print_switch_op_cases<'c>(
    p: &mut dyn OpAsmPrinter<'c>,
    body: &Body<'c>,
    op: OpId,
    _spec: &'static OpSpec,
    _args: &[Var],
) {
    p.write("[");
    p.print_newline();
    let Some(values) = case_values(body, op) else {
        p.write("]");
        return;
    };
    let groups = case_groups(body, op);
    let succ = body.successors(op);
    for (i, v) in values.iter().enumerate() {
        if i > 0 {
            p.write(",");
            p.print_newline();
        }
        p.write("  ");
        p.write(&v.to_string());
        p.write(": ");
        if let Some(&d) = succ.get(i + 1) {
            pto_ir::asm::print_successor_and_use_list(
                p,
                body,
                d,
                groups.get(i).map_or(&[], |g| &g[..]),
            );
        }
    }
    p.print_newline();
    p.write("]");
}
