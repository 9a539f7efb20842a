//! The `scf` dialect (`dialects/scf/SCFOps.td`): structured loops and conditionals. This
//! file holds the hooks the ODS records ask for: the custom syntax of the region ops and
//! their verifiers, including the region-branch and loop interface checks.

use smallvec::SmallVec;

use crate::ir::interfaces::{
    verify_loop_like, verify_region_edges, BranchPoint, LoopValues, RegionEdge, Successor,
};
use crate::ir::{
    Attribute, Body, Context, Diagnostic, NamedAttribute, OpId, OpTraits, OperationState, RegionId,
    Type, ValueId,
};
use crate::syntax::asm::{OpAsmParser, OpAsmPrinter, RegionArgument, UnresolvedOperand};
use crate::syntax::printer::type_to_string;

mod ods {
    include!(concat!(env!("OUT_DIR"), "/scf_ods.rs"));
}
pub use ods::*;

type Types<'c> = SmallVec<[Type<'c>; 4]>;

fn op_error<'c>(body: &Body<'c>, op: OpId, msg: &str) -> Diagnostic<'c> {
    crate::ir::verifier::op_error(body, op, msg)
}

fn types_of<'c>(body: &Body<'c>, values: impl IntoIterator<Item = ValueId>) -> Types<'c> {
    values.into_iter().map(|v| body.value_type(v)).collect()
}

/// The last op of the entry block of region `index` of `op`.
fn terminator(body: &Body<'_>, op: OpId, index: usize) -> Option<OpId> {
    let rb = body.region_body(op);
    let r = *body.regions_of(op).get(index)?;
    rb.entry_block(r).and_then(|b| rb.last_op(b))
}

/// The types of the entry-block arguments of region `index` of `op`.
fn region_arg_types<'c>(body: &Body<'c>, op: OpId, index: usize) -> Types<'c> {
    let rb = body.region_body(op);
    let Some(&r) = body.regions_of(op).get(index) else {
        return Types::new();
    };
    match rb.entry_block(r) {
        Some(b) => types_of(rb, rb.block_args(b).iter().copied()),
        None => Types::new(),
    }
}

/// The operand types of `t` (a terminator in `op`'s region body) if it is named `name`.
fn forwarded<'c>(body: &Body<'c>, op: OpId, t: OpId, skip: usize) -> Types<'c> {
    let rb = body.region_body(op);
    types_of(rb, rb.operands(t).skip(skip))
}

fn is_named(body: &Body<'_>, op: OpId, t: OpId, name: &str) -> bool {
    body.region_body(op).op_name(t).as_str() == name
}

/// Adds `name` (a unit attribute) to the properties being parsed.
fn set_unit_prop<'c>(ctx: &'c Context, state: &mut OperationState<'c>, name: &str) {
    let mut all: Vec<NamedAttribute<'c>> = state
        .props
        .and_then(|d| d.as_dictionary())
        .unwrap_or(&[])
        .to_vec();
    all.push(NamedAttribute {
        name: ctx.ident(name),
        value: ctx.unit_attr(),
    });
    state.props = Some(ctx.dictionary(&all));
}

/// The op's inherent attributes other than `elided`, to print with the attr-dict.
fn extra_props<'c>(body: &Body<'c>, op: OpId, elided: &[&str]) -> Vec<NamedAttribute<'c>> {
    body.op_props(op)
        .and_then(|d| d.as_dictionary())
        .unwrap_or(&[])
        .iter()
        .filter(|e| !elided.contains(&e.name.as_str()))
        .copied()
        .collect()
}

fn print_attrs<'c>(p: &mut dyn OpAsmPrinter<'c>, body: &Body<'c>, op: OpId, elided: &[&str]) {
    let extra = extra_props(body, op, elided);
    p.print_attr_dict_with_extra(body, op, &extra, elided, false);
}

// ---- shared syntax ------------------------------------------------------------------------

fn expect_operand<'c>(p: &mut dyn OpAsmParser<'c>) -> Result<UnresolvedOperand, ()> {
    match p.parse_optional_operand()? {
        Some(u) => Ok(u),
        None => {
            p.emit_error("expected SSA operand");
            Err(())
        }
    }
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
    let wrap = types.len() != 1 || matches!(types[0].kind(), crate::ir::TypeKind::Function { .. });
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

fn resolve_all<'c>(
    p: &mut dyn OpAsmParser<'c>,
    state: &mut OperationState<'c>,
    operands: &[UnresolvedOperand],
    types: &[Type<'c>],
) -> Result<(), ()> {
    if operands.len() != types.len() {
        p.emit_error(&format!(
            "{} operands present, but expected {}",
            operands.len(),
            types.len()
        ));
        return Err(());
    }
    for (u, &t) in operands.iter().zip(types) {
        let v = p.resolve_operand(u, t)?;
        state.operands.push(v);
    }
    Ok(())
}

// ---- scf.for ------------------------------------------------------------------------------

/// `scf.for [unsigned] %iv = %lb to %ub step %step [iter_args(%a = %x) -> (T)] [: type]`
fn parse_for<'c>(p: &mut dyn OpAsmParser<'c>, state: &mut OperationState<'c>) -> Result<(), ()> {
    let ctx = p.context();
    if p.parse_optional_keyword("unsigned") {
        set_unit_prop(ctx, state, "unsignedCmp");
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
        p.emit_error("mismatch in number of loop-carried values and defined values");
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
    let args: &[ValueId] = rb.entry_block(r).map_or(&[], |b| rb.block_args(b));
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

fn verify_for<'c>(_ctx: &'c Context, body: &Body<'c>, op: OpId) -> Result<(), Diagnostic<'c>> {
    if ForOp(op).init_args(body).len() != body.num_results(op) {
        return Err(op_error(
            body,
            op,
            "mismatch in number of loop-carried values and defined values",
        ));
    }
    Ok(())
}

fn verify_regions_for<'c>(
    _ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
) -> Result<(), Diagnostic<'c>> {
    let f = ForOp(op);
    let args = region_arg_types(body, op, 0);
    let Some((&iv, iter_args)) = args.split_first() else {
        return Err(op_error(
            body,
            op,
            "expected body to have an induction variable argument",
        ));
    };
    let inits = types_of(body, f.init_args(body));
    let results = types_of(body, body.results(op));
    let yield_op = terminator(body, op, 0).filter(|&t| is_named(body, op, t, "scf.yield"));
    let yielded = yield_op.map_or_else(Types::new, |t| forwarded(body, op, t, 0));
    verify_loop_like(
        body,
        op,
        &LoopValues {
            inits: &inits,
            iter_args,
            yielded: &yielded,
            results: Some(&results),
        },
    )?;
    let iter_args: Types<'c> = iter_args.into();
    let mut edges = vec![
        RegionEdge {
            from: BranchPoint::Parent,
            to: Successor::Region(0),
            operands: inits.clone(),
            inputs: iter_args.clone(),
        },
        RegionEdge {
            from: BranchPoint::Parent,
            to: Successor::Parent,
            operands: inits,
            inputs: results.clone(),
        },
    ];
    if let Some(t) = yield_op {
        edges.push(RegionEdge {
            from: BranchPoint::Terminator(t),
            to: Successor::Region(0),
            operands: yielded.clone(),
            inputs: iter_args,
        });
        edges.push(RegionEdge {
            from: BranchPoint::Terminator(t),
            to: Successor::Parent,
            operands: yielded,
            inputs: results,
        });
    }
    verify_region_edges(body, op, edges)?;
    if iv != body.value_type(f.lower_bound(body)) {
        return Err(op_error(
            body,
            op,
            "expected induction variable to be same type as bounds and step",
        ));
    }
    Ok(())
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

fn else_is_empty(body: &Body<'_>, op: OpId) -> bool {
    let rb = body.region_body(op);
    body.regions_of(op)
        .get(1)
        .is_none_or(|&r| rb.entry_block(r).is_none())
}

fn verify_if<'c>(_ctx: &'c Context, body: &Body<'c>, op: OpId) -> Result<(), Diagnostic<'c>> {
    if body.num_results(op) != 0 && else_is_empty(body, op) {
        return Err(op_error(
            body,
            op,
            "must have an else block if defining values",
        ));
    }
    Ok(())
}

/// Edges of ops whose regions all run at most once and yield to the parent.
fn yield_to_parent_edges<'c>(body: &Body<'c>, op: OpId, name: &str) -> Vec<RegionEdge<'c>> {
    let results = types_of(body, body.results(op));
    (0..body.regions_of(op).len())
        .filter_map(|i| terminator(body, op, i))
        .filter(|&t| is_named(body, op, t, name))
        .map(|t| RegionEdge {
            from: BranchPoint::Terminator(t),
            to: Successor::Parent,
            operands: forwarded(body, op, t, 0),
            inputs: results.clone(),
        })
        .collect()
}

fn verify_regions_if<'c>(
    _ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
) -> Result<(), Diagnostic<'c>> {
    let mut edges = vec![RegionEdge {
        from: BranchPoint::Parent,
        to: Successor::Region(0),
        operands: Types::new(),
        inputs: region_arg_types(body, op, 0),
    }];
    edges.push(if else_is_empty(body, op) {
        RegionEdge {
            from: BranchPoint::Parent,
            to: Successor::Parent,
            operands: Types::new(),
            inputs: types_of(body, body.results(op)),
        }
    } else {
        RegionEdge {
            from: BranchPoint::Parent,
            to: Successor::Region(1),
            operands: Types::new(),
            inputs: region_arg_types(body, op, 1),
        }
    });
    edges.extend(yield_to_parent_edges(body, op, "scf.yield"));
    verify_region_edges(body, op, edges)
}

// ---- scf.execute_region -------------------------------------------------------------------

/// `scf.execute_region [-> (T)] [no_inline] { ... }`
fn parse_execute_region<'c>(
    p: &mut dyn OpAsmParser<'c>,
    state: &mut OperationState<'c>,
) -> Result<(), ()> {
    state.result_types.extend(parse_optional_arrow_types(p)?);
    if p.parse_optional_keyword("no_inline") {
        set_unit_prop(p.context(), state, "no_inline");
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

fn verify_execute_region<'c>(
    _ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
) -> Result<(), Diagnostic<'c>> {
    let rb = body.region_body(op);
    let Some(entry) = body.regions_of(op).first().and_then(|&r| rb.entry_block(r)) else {
        return Err(op_error(
            body,
            op,
            "region needs to have at least one block",
        ));
    };
    if !rb.block_args(entry).is_empty() {
        return Err(op_error(body, op, "region cannot have any arguments"));
    }
    Ok(())
}

fn verify_regions_execute_region<'c>(
    _ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
) -> Result<(), Diagnostic<'c>> {
    // Every block that yields returns to the parent.
    let rb = body.region_body(op);
    let results = types_of(body, body.results(op));
    let mut edges = vec![RegionEdge {
        from: BranchPoint::Parent,
        to: Successor::Region(0),
        operands: Types::new(),
        inputs: region_arg_types(body, op, 0),
    }];
    if let Some(&r) = body.regions_of(op).first() {
        for b in rb.region_blocks(r) {
            if let Some(t) = rb
                .last_op(b)
                .filter(|&t| rb.op_name(t).as_str() == "scf.yield")
            {
                edges.push(RegionEdge {
                    from: BranchPoint::Terminator(t),
                    to: Successor::Parent,
                    operands: types_of(rb, rb.operands(t)),
                    inputs: results.clone(),
                });
            }
        }
    }
    verify_region_edges(body, op, edges)
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
    let rb = body.region_body(op);
    let regions = body.regions_of(op);
    let before_args: &[ValueId] = rb.entry_block(regions[0]).map_or(&[], |b| rb.block_args(b));
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

/// MLIR's `verifyAndGetTerminator`: the region's terminator if it is `name`.
fn expect_terminator<'c>(
    body: &Body<'c>,
    op: OpId,
    index: usize,
    name: &str,
    msg: &str,
) -> Result<OpId, Diagnostic<'c>> {
    let t = terminator(body, op, index);
    match t {
        Some(t) if is_named(body, op, t, name) => Ok(t),
        Some(t) => {
            Err(op_error(body, op, msg)
                .with_note(body.region_body(op).op_loc(t), "terminator here"))
        }
        None => Err(op_error(body, op, msg)),
    }
}

fn verify_regions_while<'c>(
    _ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
) -> Result<(), Diagnostic<'c>> {
    let inits = types_of(body, body.operands(op));
    let results = types_of(body, body.results(op));
    let before = region_arg_types(body, op, 0);
    let after = region_arg_types(body, op, 1);
    let mut edges = vec![RegionEdge {
        from: BranchPoint::Parent,
        to: Successor::Region(0),
        operands: inits,
        inputs: before.clone(),
    }];
    let cond = terminator(body, op, 0).filter(|&t| is_named(body, op, t, "scf.condition"));
    if let Some(t) = cond {
        let forwarded = forwarded(body, op, t, 1);
        edges.push(RegionEdge {
            from: BranchPoint::Terminator(t),
            to: Successor::Parent,
            operands: forwarded.clone(),
            inputs: results,
        });
        edges.push(RegionEdge {
            from: BranchPoint::Terminator(t),
            to: Successor::Region(1),
            operands: forwarded,
            inputs: after,
        });
    }
    if let Some(t) = terminator(body, op, 1).filter(|&t| is_named(body, op, t, "scf.yield")) {
        edges.push(RegionEdge {
            from: BranchPoint::Terminator(t),
            to: Successor::Region(0),
            operands: forwarded(body, op, t, 0),
            inputs: before,
        });
    }
    verify_region_edges(body, op, edges)?;
    expect_terminator(
        body,
        op,
        0,
        "scf.condition",
        "expects the 'before' region to terminate with 'scf.condition'",
    )?;
    expect_terminator(
        body,
        op,
        1,
        "scf.yield",
        "expects the 'after' region to terminate with 'scf.yield'",
    )?;
    Ok(())
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
    let mut props: Vec<NamedAttribute<'c>> = state
        .props
        .and_then(|d| d.as_dictionary())
        .unwrap_or(&[])
        .to_vec();
    props.push(NamedAttribute {
        name: ctx.ident("operandSegmentSizes"),
        value: crate::ods::format::dense_i32_array(ctx, &sizes),
    });
    state.props = Some(ctx.dictionary(&props));
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
    let ivs: &[ValueId] = rb.entry_block(r).map_or(&[], |b| rb.block_args(b));
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

/// The integer value of `v` if an op with the `ConstantLike` trait defines it.
fn constant_int(body: &Body<'_>, v: ValueId) -> Option<i128> {
    let def = body.defining_op(v)?;
    if !body.op_name(def).traits().contains(OpTraits::CONSTANT_LIKE) {
        return None;
    }
    body.attr(def, "value")?.as_int()
}

fn verify_parallel<'c>(_ctx: &'c Context, body: &Body<'c>, op: OpId) -> Result<(), Diagnostic<'c>> {
    let par = ParallelOp(op);
    let steps = par.step(body);
    if steps.is_empty() {
        return Err(op_error(
            body,
            op,
            "needs at least one tuple element for lowerBound, upperBound and step",
        ));
    }
    if steps
        .iter()
        .any(|&s| constant_int(body, s).is_some_and(|c| c <= 0))
    {
        return Err(op_error(body, op, "constant step operand must be positive"));
    }
    let args = region_arg_types(body, op, 0);
    if args.len() != steps.len() {
        return Err(op_error(
            body,
            op,
            &format!(
                "expects the same number of induction variables: {} as bound and step values: {}",
                args.len(),
                steps.len()
            ),
        ));
    }
    if args.iter().any(|t| !t.is_index()) {
        return Err(op_error(
            body,
            op,
            "expects arguments for the induction variable to be of index type",
        ));
    }
    let reduce = expect_terminator(
        body,
        op,
        0,
        "scf.reduce",
        "expects body to terminate with 'scf.reduce'",
    )?;
    let rb = body.region_body(op);
    let n_results = body.num_results(op);
    let n_reductions = rb.regions_of(reduce).len();
    if n_results != n_reductions {
        return Err(op_error(
            body,
            op,
            &format!(
                "expects number of results: {n_results} to be the same as number of reductions: {n_reductions}"
            ),
        ));
    }
    if n_results != par.init_vals(body).len() {
        return Err(op_error(
            body,
            op,
            &format!(
                "expects number of results: {n_results} to be the same as number of initial values: {}",
                par.init_vals(body).len()
            ),
        ));
    }
    for (i, (res, operand)) in body.results(op).zip(rb.operands(reduce)).enumerate() {
        let (rt, ot) = (body.value_type(res), rb.value_type(operand));
        if rt != ot {
            return Err(op_error(
                rb,
                reduce,
                &format!(
                    "expects type of {i}-th reduction operand: '{}' to be the same as the {i}-th result type: '{}'",
                    type_to_string(ot),
                    type_to_string(rt)
                ),
            ));
        }
    }
    Ok(())
}

fn verify_regions_reduce<'c>(
    _ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
) -> Result<(), Diagnostic<'c>> {
    let rb = body.region_body(op);
    let operands: Vec<ValueId> = body.operands(op).collect();
    for (i, &r) in body.regions_of(op).iter().enumerate() {
        let Some(&operand) = operands.get(i) else {
            return Err(op_error(
                body,
                op,
                &format!(
                    "expects {} reduction regions, one per operand",
                    operands.len()
                ),
            ));
        };
        let ty = body.value_type(operand);
        let Some(block) = rb.entry_block(r) else {
            continue;
        };
        let Some(last) = rb.last_op(block) else {
            return Err(op_error(
                body,
                op,
                &format!("{i}-th reduction has an empty body"),
            ));
        };
        let args = rb.block_args(block);
        if args.len() != 2 || args.iter().any(|&a| rb.value_type(a) != ty) {
            return Err(op_error(
                body,
                op,
                &format!(
                    "expected two block arguments with type '{}' in the {i}-th reduction region",
                    type_to_string(ty)
                ),
            ));
        }
        if rb.op_name(last).as_str() != "scf.reduce.return" {
            return Err(op_error(
                body,
                op,
                "reduction bodies must be terminated with an 'scf.reduce.return' op",
            ));
        }
    }
    Ok(())
}

fn verify_reduce_return<'c>(
    _ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
) -> Result<(), Diagnostic<'c>> {
    let Some(block) = body.op_block(op) else {
        return Ok(());
    };
    let Some(&arg) = body.block_args(block).first() else {
        return Ok(());
    };
    let expected = body.value_type(arg);
    if body.value_type(body.operand(op, 0)) != expected {
        return Err(op_error(
            body,
            op,
            &format!(
                "must have type '{}' (the type of the reduction inputs)",
                type_to_string(expected)
            ),
        ));
    }
    Ok(())
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
    state.result_types.extend(parse_optional_arrow_types(p)?);
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
    let mut props: Vec<NamedAttribute<'c>> = state
        .props
        .and_then(|d| d.as_dictionary())
        .unwrap_or(&[])
        .to_vec();
    props.push(NamedAttribute {
        name: ctx.ident("cases"),
        value: ctx.dense_int_array(64, &cases),
    });
    state.props = Some(ctx.dictionary(&props));
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

fn verify_index_switch<'c>(
    _ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
) -> Result<(), Diagnostic<'c>> {
    let cases = body
        .attr(op, "cases")
        .and_then(Attribute::dense_int_values)
        .unwrap_or_default();
    let n_regions = body.regions_of(op).len().saturating_sub(1);
    if cases.len() != n_regions {
        return Err(op_error(
            body,
            op,
            &format!(
                "has {n_regions} case regions but {} case values",
                cases.len()
            ),
        ));
    }
    let mut seen = rustc_hash::FxHashSet::default();
    for &c in &cases {
        if !seen.insert(c) {
            return Err(op_error(
                body,
                op,
                &format!("has duplicate case value: {c}"),
            ));
        }
    }
    let rb = body.region_body(op);
    let results = types_of(body, body.results(op));
    for i in 0..=n_regions {
        let name = if i == 0 {
            "default region".to_string()
        } else {
            format!("case region #{}", i - 1)
        };
        let Some(t) = terminator(body, op, i) else {
            continue;
        };
        let tname = rb.op_name(t);
        if tname.as_str() != "scf.yield" {
            return Err(op_error(
                body,
                op,
                &format!(
                    "expected region to end with scf.yield, but got {}",
                    tname.as_str()
                ),
            ));
        }
        let yielded = forwarded(body, op, t, 0);
        if yielded.len() != results.len() {
            return Err(op_error(
                body,
                op,
                &format!(
                    "expected each region to return {} values, but {name} returns {}",
                    results.len(),
                    yielded.len()
                ),
            )
            .with_note(rb.op_loc(t), "see yield operation here"));
        }
        for (k, (&r, &y)) in results.iter().zip(&yielded).enumerate() {
            if r != y {
                return Err(op_error(
                    body,
                    op,
                    &format!(
                        "expected result #{k} of each region to be '{}'",
                        type_to_string(r)
                    ),
                )
                .with_note(
                    rb.op_loc(t),
                    format!("{name} returns '{}' here", type_to_string(y)),
                ));
            }
        }
    }
    Ok(())
}

fn verify_regions_index_switch<'c>(
    _ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
) -> Result<(), Diagnostic<'c>> {
    let n = body.regions_of(op).len();
    let mut edges: Vec<RegionEdge<'c>> = (0..n)
        .map(|i| RegionEdge {
            from: BranchPoint::Parent,
            to: Successor::Region(i),
            operands: Types::new(),
            inputs: region_arg_types(body, op, i),
        })
        .collect();
    edges.extend(yield_to_parent_edges(body, op, "scf.yield"));
    verify_region_edges(body, op, edges)
}
