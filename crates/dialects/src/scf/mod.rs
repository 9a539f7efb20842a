//! The `scf` dialect (`td/scf/SCFOps.td`): structured loops and conditionals. This
//! file holds the hooks the ODS records ask for: the custom syntax of the region ops and
//! their verifiers, including the region-branch and loop interface checks.
//!
//! Canonicalization (MLIR 22's set): every region op but `scf.parallel` gets the region
//! branch patterns of `pto_rewrite::region_branch`, which drop unused and forwarded
//! values. The `scf` patterns of their own: `scf.if`'s `CombineIfs`, `CombineNestedIfs`,
//! `ConditionPropagation`, `ConvertTrivialIfToSelect`, `RemoveEmptyElseBranch`,
//! `RemoveStaticCondition` and `ReplaceIfYieldWithConditionOrValue` (`canonicalize.rs`,
//! `canonicalize_if.rs`); `scf.for`'s `SimplifyTrivialLoops`; `scf.while`'s
//! `WhileConditionTruth`, `WhileCmpCond`, `WhileOpAlignBeforeArgs` and `WhileMoveIfDown`
//! (`canonicalize_while.rs`); `scf.index_switch`'s `FoldConstantCase`;
//! `scf.execute_region`'s single- and multi-block inliners
//! (`lit-tests/transforms/canonicalize-scf.mlir`); `scf.parallel`'s
//! `ParallelOpSingleOrZeroIterationDimsFolder` and `MergeNestedParallelLoops`
//! (`canonicalize_parallel.rs`, `canonicalize-scf-parallel.mlir`). `scf.if`'s region swap
//! is an in-place fold (`interfaces.rs`). `scf.forall` is not an op here.

use smallvec::SmallVec;

use pto_ir::asm::{OpAsmParser, OpAsmPrinter, RegionArgument, UnresolvedOperand};
use pto_ir::interfaces::{
    verify_loop_like, verify_region_edges, BranchPoint, LoopValues, RegionEdge, Successor,
};
use pto_ir::printer::type_to_string;
use pto_ir::{Attribute, Body, Context, Diagnostic, OpId, OperationState, RegionId, Type, ValueId};

mod canonicalize;
mod canonicalize_if;
mod canonicalize_parallel;
mod canonicalize_while;
pub mod interfaces;
pub mod region_branch;
use interfaces::{
    fold_in_place_if, loop_regions_for, loop_regions_parallel, loop_regions_while,
    region_invocation_bounds_if, region_invocation_bounds_index_switch, speculatability_for,
    speculatability_if,
};
use region_branch::*;
mod verify;
use canonicalize::*;
use canonicalize_parallel::canonicalization_patterns_parallel;
use verify::*;

mod ods {
    include!(concat!(env!("OUT_DIR"), "/scf_ods.rs"));
}
pub use ods::*;

type Types<'c> = SmallVec<[Type<'c>; 4]>;

fn op_error<'c>(body: &Body<'c>, op: OpId, msg: &str) -> Diagnostic<'c> {
    pto_ir::verifier::op_error(body, op, msg)
}

fn types_of<'c>(body: &Body<'c>, values: impl IntoIterator<Item = ValueId>) -> Types<'c> {
    values.into_iter().map(|v| body.value_type(v)).collect()
}

/// Adds property `name` to the op being parsed.
/// The entry-block arguments of the op's first region (none when it has no block).
fn entry_args<'b>(body: &'b Body<'_>, op: OpId) -> &'b [ValueId] {
    let rb = body.region_body(op);
    body.regions_of(op)
        .first()
        .and_then(|&r| rb.entry_block(r))
        .map_or(&[], |b| rb.block_args(b))
}

/// The op's inherent attributes other than `elided`, to print with the attr-dict.
fn print_attrs<'c>(p: &mut dyn OpAsmPrinter<'c>, body: &Body<'c>, op: OpId, elided: &[&str]) {
    pto_ir::asm::print_op_attrs(p, body, op, elided);
}

// ---- shared syntax ------------------------------------------------------------------------

fn expect_operand<'c>(p: &mut dyn OpAsmParser<'c>) -> Result<UnresolvedOperand, ()> {
    p.parse_operand()
}

/// `(%arg = %init, ...)`: region arguments (types filled in later) and their operands.
fn parse_assignment_list<'c>(
    p: &mut dyn OpAsmParser<'c>,
    index_ty: Type<'c>,
) -> Result<(Vec<RegionArgument<'c>>, Vec<UnresolvedOperand>), ()> {
    let mut args = Vec::new();
    let mut operands = Vec::new();
    p.parse_punct("(")?;
    if p.parse_optional_punct(")") {
        return Ok((args, operands));
    }
    loop {
        let name = expect_operand(p)?;
        p.parse_punct("=")?;
        operands.push(expect_operand(p)?);
        args.push(RegionArgument {
            name,
            ty: index_ty,
            loc: None,
        });
        if !p.parse_optional_punct(",") {
            break;
        }
    }
    p.parse_punct(")")?;
    Ok((args, operands))
}

/// ` prefix(%a = %x, %b = %y)`
fn print_initialization_list<'c>(
    p: &mut dyn OpAsmPrinter<'c>,
    body: &Body<'c>,
    args: &[ValueId],
    inits: &[ValueId],
    prefix: &str,
) {
    if inits.is_empty() {
        return;
    }
    p.write(prefix);
    p.write("(");
    for (i, (&a, &v)) in args.iter().zip(inits).enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.print_operand(body, a);
        p.write(" = ");
        p.print_operand(body, v);
    }
    p.write(")");
}

/// `-> T` or `-> (T, U)` when present.
fn parse_optional_arrow_types<'c>(p: &mut dyn OpAsmParser<'c>) -> Result<Vec<Type<'c>>, ()> {
    if !p.parse_optional_punct("->") {
        return Ok(Vec::new());
    }
    parse_result_types(p)
}

/// `T` or `(T, U)` or `()`.
fn parse_result_types<'c>(p: &mut dyn OpAsmParser<'c>) -> Result<Vec<Type<'c>>, ()> {
    if p.parse_optional_punct("(") {
        if p.parse_optional_punct(")") {
            return Ok(Vec::new());
        }
        let v = p.parse_type_list()?;
        p.parse_punct(")")?;
        return Ok(v);
    }
    Ok(vec![p.parse_type()?])
}

/// ` -> T` or ` -> (T, U)` (MLIR's `printOptionalArrowTypeList`).
fn print_optional_arrow_types<'c>(p: &mut dyn OpAsmPrinter<'c>, types: &[Type<'c>]) {
    if types.is_empty() {
        return;
    }
    p.write(" -> ");
    let wrap = types.len() != 1 || matches!(types[0].kind(), pto_ir::TypeKind::Function { .. });
    if wrap {
        p.write("(");
    }
    print_type_list(p, types);
    if wrap {
        p.write(")");
    }
}

fn print_type_list<'c>(p: &mut dyn OpAsmPrinter<'c>, types: &[Type<'c>]) {
    for (i, &t) in types.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.print_type(t);
    }
}

fn print_operands<'c>(p: &mut dyn OpAsmPrinter<'c>, body: &Body<'c>, values: &[ValueId]) {
    for (i, &v) in values.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.print_operand(body, v);
    }
}

/// Resolves `operands` into the state; a count mismatch is reported at the op's name,
/// as MLIR's scf parsers do.
fn resolve_all<'c>(
    p: &mut dyn OpAsmParser<'c>,
    state: &mut OperationState<'c>,
    operands: &[UnresolvedOperand],
    types: &[Type<'c>],
) -> Result<(), ()> {
    let pos = p.op_name_pos();
    let values = p.resolve_operands(operands, types, pos)?;
    state.operands.extend(values);
    Ok(())
}

// ---- scf.for ------------------------------------------------------------------------------

/// `scf.for [unsigned] %iv = %lb to %ub step %step [iter_args(%a = %x) -> (T)] [: type]`
fn parse_for<'c>(p: &mut dyn OpAsmParser<'c>, state: &mut OperationState<'c>) -> Result<(), ()> {
    let ctx = p.context();
    if p.parse_optional_keyword("unsigned") {
        state.set_prop(ctx, "unsignedCmp", ctx.unit_attr());
    }
    let iv = expect_operand(p)?;
    p.parse_punct("=")?;
    let lb = expect_operand(p)?;
    p.parse_keyword("to")?;
    let ub = expect_operand(p)?;
    p.parse_keyword("step")?;
    let step = expect_operand(p)?;
    let index = ctx.index_type();
    let mut args = vec![RegionArgument {
        name: iv,
        ty: index,
        loc: None,
    }];
    let mut inits = Vec::new();
    if p.parse_optional_keyword("iter_args") {
        let (a, o) = parse_assignment_list(p, index)?;
        args.extend(a);
        inits = o;
        p.parse_punct("->")?;
        state.result_types.extend(parse_result_types(p)?);
    }
    if args.len() != state.result_types.len() + 1 {
        let at = p.op_name_pos();
        p.emit_error_at(
            at,
            "mismatch in number of loop-carried values and defined values",
        );
        return Err(());
    }
    let ty = if p.parse_optional_punct(":") {
        p.parse_type()?
    } else {
        index
    };
    args[0].ty = ty;
    for (a, &t) in args[1..].iter_mut().zip(&state.result_types) {
        a.ty = t;
    }
    p.parse_region(state, &args)?;
    p.ensure_terminator(state, 0);
    // Operands are resolved after the body, so that a use of a value defined inside is
    // an error.
    for u in [&lb, &ub, &step] {
        let v = p.resolve_operand(u, ty)?;
        state.operands.push(v);
    }
    let result_types = state.result_types.clone();
    resolve_all(p, state, &inits, &result_types)?;
    p.parse_optional_attr_dict(state)?;
    Ok(())
}

fn print_for<'c>(p: &mut dyn OpAsmPrinter<'c>, body: &Body<'c>, op: OpId) {
    let f = ForOp(op);
    let rb = body.region_body(op);
    let r = body.regions_of(op)[0];
    let args = entry_args(body, op);
    if body.attr(op, "unsignedCmp").is_some() {
        p.write(" unsigned");
    }
    p.write(" ");
    if let Some(&iv) = args.first() {
        p.print_operand(rb, iv);
    }
    p.write(" = ");
    p.print_operand(body, f.lower_bound(body));
    p.write(" to ");
    p.print_operand(body, f.upper_bound(body));
    p.write(" step ");
    p.print_operand(body, f.step(body));
    let inits = f.init_args(body);
    print_initialization_list(p, body, args.get(1..).unwrap_or(&[]), &inits, " iter_args");
    if !inits.is_empty() {
        p.write(" -> (");
        print_type_list(p, &types_of(body, inits.iter().copied()));
        p.write(")");
    }
    p.write(" ");
    if let Some(&iv) = args.first() {
        let t = rb.value_type(iv);
        if !t.is_index() {
            p.write(" : ");
            p.print_type(t);
            p.write(" ");
        }
    }
    p.print_region(body, op, r, false, !inits.is_empty());
    print_attrs(p, body, op, &["unsignedCmp"]);
}

// ---- scf.if -------------------------------------------------------------------------------

/// `scf.if %cond [-> (T)] { ... } [else { ... }]`
fn parse_if<'c>(p: &mut dyn OpAsmParser<'c>, state: &mut OperationState<'c>) -> Result<(), ()> {
    let ctx = p.context();
    let cond = expect_operand(p)?;
    let v = p.resolve_operand(&cond, ctx.int_type(1))?;
    state.operands.push(v);
    state.result_types.extend(parse_optional_arrow_types(p)?);
    p.parse_region(state, &[])?;
    p.ensure_terminator(state, 0);
    if p.parse_optional_keyword("else") {
        p.parse_region(state, &[])?;
        p.ensure_terminator(state, 1);
    } else {
        p.add_empty_region(state);
    }
    p.parse_optional_attr_dict(state)
}

fn print_if<'c>(p: &mut dyn OpAsmPrinter<'c>, body: &Body<'c>, op: OpId) {
    p.write(" ");
    p.print_operand(body, body.operand(op, 0));
    let results = types_of(body, body.results(op));
    if !results.is_empty() {
        p.write(" -> (");
        print_type_list(p, &results);
        p.write(")");
    }
    let terminators = !results.is_empty();
    let regions = body.regions_of(op);
    p.write(" ");
    p.print_region(body, op, regions[0], false, terminators);
    let rb = body.region_body(op);
    if let Some(&e) = regions.get(1) {
        if rb.entry_block(e).is_some() {
            p.write(" else ");
            p.print_region(body, op, e, false, terminators);
        }
    }
    print_attrs(p, body, op, &[]);
}

// ---- scf.execute_region -------------------------------------------------------------------

/// `scf.execute_region [-> (T)] [no_inline] { ... }`
fn parse_execute_region<'c>(
    p: &mut dyn OpAsmParser<'c>,
    state: &mut OperationState<'c>,
) -> Result<(), ()> {
    state.result_types.extend(parse_optional_arrow_types(p)?);
    if p.parse_optional_keyword("no_inline") {
        let ctx = p.context();
        state.set_prop(ctx, "no_inline", ctx.unit_attr());
    }
    p.parse_region(state, &[])?;
    p.parse_optional_attr_dict(state)
}

fn print_execute_region<'c>(p: &mut dyn OpAsmPrinter<'c>, body: &Body<'c>, op: OpId) {
    print_optional_arrow_types(p, &types_of(body, body.results(op)));
    p.write(" ");
    if body.attr(op, "no_inline").is_some() {
        p.write("no_inline ");
    }
    p.print_region(body, op, body.regions_of(op)[0], false, true);
    print_attrs(p, body, op, &["no_inline"]);
}

// ---- scf.while ----------------------------------------------------------------------------

/// `scf.while [(%a = %x, ...)] : (T) -> R { before } do { after } [attributes {...}]`
fn parse_while<'c>(p: &mut dyn OpAsmParser<'c>, state: &mut OperationState<'c>) -> Result<(), ()> {
    let ctx = p.context();
    let (mut args, operands) = if p.is_punct("(") {
        parse_assignment_list(p, ctx.index_type())?
    } else {
        (Vec::new(), Vec::new())
    };
    p.parse_punct(":")?;
    let t = p.parse_type()?;
    let Some((ins, outs)) = t.function_signature() else {
        p.emit_error("invalid kind of type specified: expected builtin.function");
        return Err(());
    };
    state.result_types.extend_from_slice(outs);
    if ins.len() != operands.len() {
        p.emit_error(&format!(
            "expected as many input types as operands (expected {} got {})",
            operands.len(),
            ins.len()
        ));
        return Err(());
    }
    resolve_all(p, state, &operands, ins)?;
    for (a, &t) in args.iter_mut().zip(ins) {
        a.ty = t;
    }
    p.parse_region(state, &args)?;
    p.parse_keyword("do")?;
    p.parse_region(state, &[])?;
    p.parse_optional_attr_dict_with_keyword(state)
}

fn print_while<'c>(p: &mut dyn OpAsmPrinter<'c>, body: &Body<'c>, op: OpId) {
    let regions = body.regions_of(op);
    let before_args = entry_args(body, op);
    let inits: Vec<ValueId> = body.operands(op).collect();
    print_initialization_list(p, body, before_args, &inits, " ");
    p.write(" : ");
    p.print_functional_type(
        &types_of(body, inits.iter().copied()),
        &types_of(body, body.results(op)),
    );
    p.write(" ");
    p.print_region(body, op, regions[0], false, true);
    p.write(" do ");
    p.print_region(body, op, regions[1], true, true);
    p.print_attr_dict(body, op, &[], true);
}

// ---- scf.parallel / scf.reduce ------------------------------------------------------------

/// `(%a, %b)` with exactly `n` operands when `n` is given.
fn parse_paren_operands<'c>(
    p: &mut dyn OpAsmParser<'c>,
    n: Option<usize>,
) -> Result<Vec<UnresolvedOperand>, ()> {
    p.parse_punct("(")?;
    let v = p.parse_operand_list()?;
    p.parse_punct(")")?;
    if let Some(n) = n.filter(|&n| n != v.len()) {
        p.emit_error(&format!("expected {n} operands"));
        return Err(());
    }
    Ok(v)
}

/// `scf.parallel (%i) = (%lb) to (%ub) step (%s) [init (%x)] [-> T] { ... }`
fn parse_parallel<'c>(
    p: &mut dyn OpAsmParser<'c>,
    state: &mut OperationState<'c>,
) -> Result<(), ()> {
    let ctx = p.context();
    let index = ctx.index_type();
    p.parse_punct("(")?;
    let mut ivs = Vec::new();
    if !p.parse_optional_punct(")") {
        loop {
            ivs.push(RegionArgument {
                name: expect_operand(p)?,
                ty: index,
                loc: None,
            });
            if !p.parse_optional_punct(",") {
                break;
            }
        }
        p.parse_punct(")")?;
    }
    p.parse_punct("=")?;
    let n = Some(ivs.len());
    let mut sizes = [0i32; 4];
    for (k, kw) in [None, Some("to"), Some("step")].into_iter().enumerate() {
        if let Some(kw) = kw {
            p.parse_keyword(kw)?;
        }
        let ops = parse_paren_operands(p, n)?;
        sizes[k] = ops.len() as i32;
        resolve_all(p, state, &ops, &vec![index; ops.len()])?;
    }
    let inits = if p.parse_optional_keyword("init") {
        parse_paren_operands(p, None)?
    } else {
        Vec::new()
    };
    sizes[3] = inits.len() as i32;
    state.result_types.extend(parse_optional_arrow_types(p)?);
    p.parse_region(state, &ivs)?;
    let sizes = pto_ir::ods::format::dense_i32_array(ctx, &sizes);
    state.set_prop(ctx, "operandSegmentSizes", sizes);
    p.parse_optional_attr_dict(state)?;
    let result_types = state.result_types.clone();
    resolve_all(p, state, &inits, &result_types)?;
    p.ensure_terminator(state, 0);
    Ok(())
}

fn print_parallel<'c>(p: &mut dyn OpAsmPrinter<'c>, body: &Body<'c>, op: OpId) {
    let par = ParallelOp(op);
    let rb = body.region_body(op);
    let r = body.regions_of(op)[0];
    let ivs = entry_args(body, op);
    p.write(" (");
    print_operands(p, rb, ivs);
    p.write(") = (");
    print_operands(p, body, &par.lower_bound(body));
    p.write(") to (");
    print_operands(p, body, &par.upper_bound(body));
    p.write(") step (");
    print_operands(p, body, &par.step(body));
    p.write(")");
    let inits = par.init_vals(body);
    if !inits.is_empty() {
        p.write(" init (");
        print_operands(p, body, &inits);
        p.write(")");
    }
    print_optional_arrow_types(p, &types_of(body, body.results(op)));
    p.write(" ");
    p.print_region(body, op, r, false, true);
    print_attrs(p, body, op, &["operandSegmentSizes"]);
}

// ---- scf.index_switch ---------------------------------------------------------------------

/// `scf.index_switch %arg [attrs] [-> T] (case N { ... })* default { ... }`
fn parse_index_switch<'c>(
    p: &mut dyn OpAsmParser<'c>,
    state: &mut OperationState<'c>,
) -> Result<(), ()> {
    let ctx = p.context();
    let arg = expect_operand(p)?;
    let v = p.resolve_operand(&arg, ctx.index_type())?;
    state.operands.push(v);
    p.parse_optional_attr_dict(state)?;
    // `-> T, U`: the declarative format's `type($results)`, a list without parentheses.
    if p.parse_optional_punct("->") {
        state.result_types.extend(p.parse_type_list()?);
    }
    // The default region comes first in the op, last in the text.
    let mut cases: Vec<i64> = Vec::new();
    let mut case_regions: SmallVec<[RegionId; 4]> = SmallVec::new();
    while p.parse_optional_keyword("case") {
        let Some(a) = p.parse_optional_attribute(Some(ctx.int_type(64)))? else {
            p.emit_error("expected integer value");
            return Err(());
        };
        let Some(value) = a.as_int() else {
            p.emit_error("expected integer value");
            return Err(());
        };
        cases.push(value as i64);
        p.parse_region(state, &[])?;
        case_regions.extend(state.regions.pop());
    }
    p.parse_keyword("default")?;
    p.parse_region(state, &[])?;
    p.ensure_terminator(state, 0);
    state.regions.extend(case_regions);
    state.set_prop(ctx, "cases", ctx.dense_int_array(64, &cases));
    Ok(())
}

fn print_index_switch<'c>(p: &mut dyn OpAsmPrinter<'c>, body: &Body<'c>, op: OpId) {
    p.write(" ");
    p.print_operand(body, body.operand(op, 0));
    print_attrs(p, body, op, &["cases"]);
    let results = types_of(body, body.results(op));
    if !results.is_empty() {
        p.write(" -> ");
        print_type_list(p, &results);
    }
    let cases = body
        .attr(op, "cases")
        .and_then(Attribute::dense_int_values)
        .unwrap_or_default();
    // MLIR's declarative printer puts a space before `custom<SwitchCases>`, even when
    // the line ends there.
    p.write(" ");
    let regions = body.regions_of(op);
    for (value, &r) in cases.iter().zip(regions.iter().skip(1)) {
        p.print_newline();
        p.write(&format!("case {value} "));
        p.print_region(body, op, r, false, true);
    }
    p.print_newline();
    p.write("default ");
    // A declarative region of an implicit-terminator op: the terminator shows only
    // when it carries something.
    let rb = body.region_body(op);
    let show = terminator(body, op, 0).is_none_or(|t| {
        rb.num_operands(t) != 0
            || rb.num_results(t) != 0
            || rb
                .op_attrs(t)
                .as_dictionary()
                .is_some_and(|d| !d.is_empty())
    });
    p.print_region(body, op, regions[0], true, show);
}
