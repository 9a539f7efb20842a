//! The custom assembly forms of the `wsp` ops, and how axes, layouts and data types
//! are spelled in upstream's text (shared by the exporter and the diagnostics).

use pto_ir::asm::{OpAsmParser, OpAsmPrinter, RegionArgument, UnresolvedOperand};
use pto_ir::types::Signedness;
use pto_ir::{Body, Context, FloatKind, OpId, OperationState, Type, TypeKind};

use crate::{
    region_args, DenseDynType, DenseType, Dispatch, DispatchAttr, LayoutAttr, Level, LevelAttr,
    RaggedType, SparseType, Timing, TimingAttr, REPLICATE,
};

/// `s` is an identifier of upstream's text (`[A-Za-z_][A-Za-z0-9_]*`).
pub(crate) fn is_identifier(s: &str) -> bool {
    let mut c = s.chars();
    c.next()
        .is_some_and(|f| f.is_ascii_alphabetic() || f == '_')
        && c.all(|x| x.is_ascii_alphanumeric() || x == '_')
}

/// An axis type as upstream writes it: `dense[8]`, `dense_dyn(batch)`,
/// `ragged(n, lens)`, `sparse(n, indptr, indices)`; other types as MLIR prints them.
pub fn axis_text(t: Type<'_>) -> String {
    if let Some(d) = DenseType::from_type(t) {
        format!("dense[{}]", d.size())
    } else if let Some(d) = DenseDynType::from_type(t) {
        format!("dense_dyn({})", d.size())
    } else if let Some(r) = RaggedType::from_type(t) {
        format!("ragged({}, {})", r.outer(), r.lengths())
    } else if let Some(s) = SparseType::from_type(t) {
        format!("sparse({}, {}, {})", s.outer(), s.indptr(), s.indices())
    } else {
        t.to_string()
    }
}

/// Distribution elements (`R`, `S(i)`) between `open` and `close`.
pub(crate) fn dist_text(dist: &[i64], open: &str, close: &str) -> String {
    let parts: Vec<String> = dist
        .iter()
        .map(|&d| {
            if d == REPLICATE {
                "R".to_string()
            } else {
                format!("S({d})")
            }
        })
        .collect();
    format!("{open}{}{close}", parts.join(", "))
}

/// A layout's distribution as upstream writes it: `(S(0), R)`.
pub fn layout_text(l: LayoutAttr<'_>) -> String {
    dist_text(l.dist(), "(", ")")
}

/// The seed's name of a data type (`f16`, `u8`, `bool`).
pub fn dtype_name(t: Type<'_>) -> Option<&'static str> {
    Some(match *t.kind() {
        TypeKind::Integer { width, signedness } => match (width, signedness) {
            (1, Signedness::Signless) => "bool",
            (8, Signedness::Signless) => "i8",
            (16, Signedness::Signless) => "i16",
            (32, Signedness::Signless) => "i32",
            (64, Signedness::Signless) => "i64",
            (8, Signedness::Unsigned) => "u8",
            (16, Signedness::Unsigned) => "u16",
            (32, Signedness::Unsigned) => "u32",
            (64, Signedness::Unsigned) => "u64",
            _ => return None,
        },
        TypeKind::Float(FloatKind::F16) => "f16",
        TypeKind::Float(FloatKind::BF16) => "bf16",
        TypeKind::Float(FloatKind::F32) => "f32",
        TypeKind::Float(FloatKind::F64) => "f64",
        _ => return None,
    })
}

/// The type a seed data type name stands for.
pub fn dtype_from_name<'c>(ctx: &'c Context, name: &str) -> Option<Type<'c>> {
    let int = |w, s| {
        ctx.intern_type(TypeKind::Integer {
            width: w,
            signedness: s,
        })
    };
    Some(match name.to_ascii_lowercase().as_str() {
        "f16" => ctx.float_type(FloatKind::F16),
        "bf16" => ctx.float_type(FloatKind::BF16),
        "f32" => ctx.float_type(FloatKind::F32),
        "f64" => ctx.float_type(FloatKind::F64),
        "i8" => int(8, Signedness::Signless),
        "i16" => int(16, Signedness::Signless),
        "i32" => int(32, Signedness::Signless),
        "i64" => int(64, Signedness::Signless),
        "u8" => int(8, Signedness::Unsigned),
        "u16" => int(16, Signedness::Unsigned),
        "u32" => int(32, Signedness::Unsigned),
        "u64" => int(64, Signedness::Unsigned),
        "bool" => int(1, Signedness::Signless),
        _ => return None,
    })
}

// ---- shared pieces ---------------------------------------------------------------------------

/// `s` as MLIR's escaped string literal.
fn quoted(s: &str) -> String {
    let mut out = String::new();
    pto_ir::printer::write_escaped(&mut out, s.as_bytes());
    out
}

fn str_prop<'c>(body: &Body<'c>, op: OpId, name: &str) -> &'c str {
    body.attr(op, name).and_then(|a| a.as_str()).unwrap_or("")
}

fn parse_string<'c>(p: &mut dyn OpAsmParser<'c>) -> Result<String, ()> {
    match p.parse_optional_string()? {
        Some(s) => Ok(s),
        None => {
            p.emit_error("expected a string");
            Err(())
        }
    }
}

fn parse_symbol<'c>(p: &mut dyn OpAsmParser<'c>) -> Result<String, ()> {
    match p.parse_optional_symbol_name()? {
        Some(s) => Ok(s),
        None => {
            p.emit_error("expected valid '@'-identifier for symbol name");
            Err(())
        }
    }
}

/// `(%a, %b) [: T0, T1]`: operands that are indices unless typed.
fn parse_args<'c>(p: &mut dyn OpAsmParser<'c>) -> Result<Vec<UnresolvedOperand>, ()> {
    p.parse_punct("(")?;
    let mut out = Vec::new();
    if p.parse_optional_punct(")") {
        return Ok(out);
    }
    loop {
        out.push(p.parse_operand()?);
        if p.parse_optional_punct(")") {
            return Ok(out);
        }
        p.parse_punct(",")?;
    }
}

fn resolve_args<'c>(
    p: &mut dyn OpAsmParser<'c>,
    state: &mut OperationState<'c>,
    args: &[UnresolvedOperand],
) -> Result<(), ()> {
    let ctx = p.context();
    let types = if p.parse_optional_punct(":") {
        let t = p.parse_type_list()?;
        if t.len() != args.len() {
            p.emit_error(&format!("{} operands but {} types", args.len(), t.len()));
            return Err(());
        }
        t
    } else {
        vec![ctx.index_type(); args.len()]
    };
    for (a, t) in args.iter().zip(types) {
        let v = p.resolve_operand(a, t)?;
        state.operands.push(v);
    }
    Ok(())
}

fn print_args<'c>(p: &mut dyn OpAsmPrinter<'c>, body: &Body<'c>, args: &[pto_ir::ValueId]) {
    p.write("(");
    for (i, &a) in args.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.print_operand(body, a);
    }
    p.write(")");
}

fn print_arg_types<'c>(p: &mut dyn OpAsmPrinter<'c>, body: &Body<'c>, args: &[pto_ir::ValueId]) {
    if args.iter().all(|&a| body.value_type(a).is_index()) {
        return;
    }
    p.write(" : ");
    for (i, &a) in args.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.print_type(body.value_type(a));
    }
}

fn symbol_list<'c>(ctx: &'c Context, names: &[String]) -> pto_ir::Attribute<'c> {
    let refs: Vec<_> = names
        .iter()
        .map(|n| ctx.symbol_ref_attr(ctx.ident(n), &[]))
        .collect();
    ctx.array_attr(&refs)
}

fn parse_symbol_list<'c>(p: &mut dyn OpAsmParser<'c>) -> Result<Vec<String>, ()> {
    p.parse_punct("[")?;
    let mut out = Vec::new();
    if p.parse_optional_punct("]") {
        return Ok(out);
    }
    loop {
        out.push(parse_symbol(p)?);
        if p.parse_optional_punct("]") {
            return Ok(out);
        }
        p.parse_punct(",")?;
    }
}

/// The op's inherent and discardable attributes but `elided` (MLIR's
/// `printOptionalAttrDict[WithKeyword]` over the combined attributes).
fn print_attrs<'c>(
    p: &mut dyn OpAsmPrinter<'c>,
    body: &Body<'c>,
    op: OpId,
    elided: &[&str],
    with_keyword: bool,
) {
    let props: Vec<_> = body
        .op_props(op)
        .and_then(|d| d.as_dictionary())
        .unwrap_or(&[])
        .iter()
        .filter(|e| !elided.contains(&e.name.as_str()))
        .copied()
        .collect();
    p.print_attr_dict_with_extra(body, op, &props, elided, with_keyword);
}

// ---- wsp.workload ------------------------------------------------------------------------

/// `@name(%arg0 "batch": !wsp.dense_dyn<batch>, ...) level cpu [attributes {...}] { body }`
pub(crate) fn parse_workload<'c>(
    p: &mut dyn OpAsmParser<'c>,
    state: &mut OperationState<'c>,
) -> Result<(), ()> {
    let ctx = p.context();
    let name = parse_symbol(p)?;
    p.parse_punct("(")?;
    let mut args = Vec::new();
    let mut names = Vec::new();
    if !p.parse_optional_punct(")") {
        loop {
            let v = p.parse_operand()?;
            names.push(ctx.string_attr(&parse_string(p)?));
            p.parse_punct(":")?;
            let ty = p.parse_type()?;
            args.push(RegionArgument {
                name: v,
                ty,
                loc: None,
            });
            if p.parse_optional_punct(")") {
                break;
            }
            p.parse_punct(",")?;
        }
    }
    p.parse_keyword("level")?;
    let kw = p.parse_keyword_or_string()?;
    let Some(level) = Level::from_keyword(&kw) else {
        p.emit_error(&format!("expected a level (cpu, npu, any), got '{kw}'"));
        return Err(());
    };
    p.parse_optional_attr_dict_with_keyword(state)?;
    state.set_prop(ctx, "sym_name", ctx.string_attr(&name));
    state.set_prop(ctx, "level", LevelAttr::get(ctx, level).attr());
    state.set_prop(ctx, "param_names", ctx.array_attr(&names));
    p.parse_region(state, &args)?;
    p.ensure_terminator(state, 0);
    Ok(())
}

pub(crate) fn print_workload<'c>(p: &mut dyn OpAsmPrinter<'c>, body: &Body<'c>, op: OpId) {
    p.write(" ");
    p.print_symbol_name(str_prop(body, op, "sym_name"));
    p.write("(");
    let rb = body.region_body(op);
    let names = body
        .attr(op, "param_names")
        .and_then(|a| a.as_array())
        .unwrap_or(&[]);
    for (i, &a) in region_args(body, op, 0).iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.print_operand(rb, a);
        p.write(" ");
        let n = names.get(i).and_then(|n| n.as_str()).unwrap_or("");
        p.write(&quoted(n));
        p.write(": ");
        p.print_type(rb.value_type(a));
    }
    p.write(") level ");
    let level = body
        .attr(op, "level")
        .and_then(LevelAttr::from_attr)
        .map_or(Level::Cpu, LevelAttr::value);
    p.write(level.keyword());
    print_attrs(p, body, op, &["sym_name", "level", "param_names"], true);
    p.write(" ");
    if let Some(&r) = body.regions_of(op).first() {
        p.print_region(body, op, r, false, false);
    }
}

// ---- loops -------------------------------------------------------------------------------

/// `%arg1 "b" in !wsp.dense<8> [row %t] { body } [attr-dict]`: the row only when
/// `row` (a `select`).
fn parse_loop<'c>(
    p: &mut dyn OpAsmParser<'c>,
    state: &mut OperationState<'c>,
    row: bool,
) -> Result<(), ()> {
    let ctx = p.context();
    let iv = p.parse_operand()?;
    let var = parse_string(p)?;
    p.parse_keyword("in")?;
    let axis = p.parse_type()?;
    if row && p.parse_optional_keyword("row") {
        let r = p.parse_operand()?;
        let v = p.resolve_operand(&r, ctx.index_type())?;
        state.operands.push(v);
    }
    state.set_prop(ctx, "var", ctx.string_attr(&var));
    state.set_prop(ctx, "axis", ctx.type_attr(axis));
    p.parse_region(
        state,
        &[RegionArgument {
            name: iv,
            ty: ctx.index_type(),
            loc: None,
        }],
    )?;
    p.ensure_terminator(state, 0);
    p.parse_optional_attr_dict(state)
}

fn print_loop<'c>(p: &mut dyn OpAsmPrinter<'c>, body: &Body<'c>, op: OpId) {
    p.write(" ");
    if let Some(&iv) = region_args(body, op, 0).first() {
        p.print_operand(body.region_body(op), iv);
    }
    p.write(&format!(" {} in ", quoted(str_prop(body, op, "var"))));
    if let Some(t) = body.attr(op, "axis").and_then(|a| a.as_type()) {
        p.print_type(t);
    }
    if let Some(r) = body.operands(op).next() {
        p.write(" row ");
        p.print_operand(body, r);
    }
    p.write(" ");
    if let Some(&r) = body.regions_of(op).first() {
        p.print_region(body, op, r, false, false);
    }
    print_attrs(p, body, op, &["var", "axis"], false);
}

pub(crate) fn parse_parallel_for<'c>(
    p: &mut dyn OpAsmParser<'c>,
    state: &mut OperationState<'c>,
) -> Result<(), ()> {
    parse_loop(p, state, false)
}
pub(crate) fn parse_for_each<'c>(
    p: &mut dyn OpAsmParser<'c>,
    state: &mut OperationState<'c>,
) -> Result<(), ()> {
    parse_loop(p, state, false)
}
pub(crate) fn parse_select<'c>(
    p: &mut dyn OpAsmParser<'c>,
    state: &mut OperationState<'c>,
) -> Result<(), ()> {
    parse_loop(p, state, true)
}
pub(crate) fn print_parallel_for<'c>(p: &mut dyn OpAsmPrinter<'c>, body: &Body<'c>, op: OpId) {
    print_loop(p, body, op)
}
pub(crate) fn print_for_each<'c>(p: &mut dyn OpAsmPrinter<'c>, body: &Body<'c>, op: OpId) {
    print_loop(p, body, op)
}
pub(crate) fn print_select<'c>(p: &mut dyn OpAsmPrinter<'c>, body: &Body<'c>, op: OpId) {
    print_loop(p, body, op)
}

// ---- wsp.task, wsp.call --------------------------------------------------------------------

/// `@kernel(%a, %b) resources [@Q, @K] [: types] [attr-dict]`
pub(crate) fn parse_task<'c>(
    p: &mut dyn OpAsmParser<'c>,
    state: &mut OperationState<'c>,
) -> Result<(), ()> {
    let ctx = p.context();
    let kernel = parse_symbol(p)?;
    let args = parse_args(p)?;
    p.parse_keyword("resources")?;
    let resources = parse_symbol_list(p)?;
    resolve_args(p, state, &args)?;
    p.parse_optional_attr_dict(state)?;
    state.set_prop(ctx, "kernel", ctx.symbol_ref_attr(ctx.ident(&kernel), &[]));
    state.set_prop(ctx, "resources", symbol_list(ctx, &resources));
    Ok(())
}

pub(crate) fn print_task<'c>(p: &mut dyn OpAsmPrinter<'c>, body: &Body<'c>, op: OpId) {
    p.write(" ");
    let kernel = body
        .attr(op, "kernel")
        .and_then(|a| a.symbol_root())
        .unwrap_or("");
    p.print_symbol_name(kernel);
    let args: Vec<_> = body.operands(op).collect();
    print_args(p, body, &args);
    p.write(" resources [");
    let res = body
        .attr(op, "resources")
        .and_then(|a| a.as_array())
        .unwrap_or(&[]);
    for (i, r) in res.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.print_symbol_name(r.symbol_root().unwrap_or(""));
    }
    p.write("]");
    print_arg_types(p, body, &args);
    print_attrs(p, body, op, &["kernel", "resources"], false);
}

/// `@workload(%a) [: types] [attr-dict]`
pub(crate) fn parse_call<'c>(
    p: &mut dyn OpAsmParser<'c>,
    state: &mut OperationState<'c>,
) -> Result<(), ()> {
    let ctx = p.context();
    let callee = parse_symbol(p)?;
    let args = parse_args(p)?;
    resolve_args(p, state, &args)?;
    p.parse_optional_attr_dict(state)?;
    state.set_prop(ctx, "callee", ctx.symbol_ref_attr(ctx.ident(&callee), &[]));
    Ok(())
}

pub(crate) fn print_call<'c>(p: &mut dyn OpAsmPrinter<'c>, body: &Body<'c>, op: OpId) {
    p.write(" ");
    let callee = body
        .attr(op, "callee")
        .and_then(|a| a.symbol_root())
        .unwrap_or("");
    p.print_symbol_name(callee);
    let args: Vec<_> = body.operands(op).collect();
    print_args(p, body, &args);
    print_arg_types(p, body, &args);
    print_attrs(p, body, op, &["callee"], false);
}

// ---- wsp.consume -------------------------------------------------------------------------

/// `%arg2 "t" from @tiles : !wsp.tensor<...> { body } [attr-dict]`
pub(crate) fn parse_consume<'c>(
    p: &mut dyn OpAsmParser<'c>,
    state: &mut OperationState<'c>,
) -> Result<(), ()> {
    let ctx = p.context();
    let v = p.parse_operand()?;
    let var = parse_string(p)?;
    p.parse_keyword("from")?;
    let channel = parse_symbol(p)?;
    p.parse_punct(":")?;
    let ty = p.parse_type()?;
    state.set_prop(ctx, "var", ctx.string_attr(&var));
    state.set_prop(
        ctx,
        "channel",
        ctx.symbol_ref_attr(ctx.ident(&channel), &[]),
    );
    p.parse_region(
        state,
        &[RegionArgument {
            name: v,
            ty,
            loc: None,
        }],
    )?;
    p.ensure_terminator(state, 0);
    p.parse_optional_attr_dict(state)
}

pub(crate) fn print_consume<'c>(p: &mut dyn OpAsmPrinter<'c>, body: &Body<'c>, op: OpId) {
    p.write(" ");
    let rb = body.region_body(op);
    let arg = region_args(body, op, 0).first().copied();
    if let Some(a) = arg {
        p.print_operand(rb, a);
    }
    p.write(&format!(" {} from ", quoted(str_prop(body, op, "var"))));
    let ch = body
        .attr(op, "channel")
        .and_then(|a| a.symbol_root())
        .unwrap_or("");
    p.print_symbol_name(ch);
    if let Some(a) = arg {
        p.write(" : ");
        p.print_type(rb.value_type(a));
    }
    p.write(" ");
    if let Some(&r) = body.regions_of(op).first() {
        p.print_region(body, op, r, false, false);
    }
    print_attrs(p, body, op, &["var", "channel"], false);
}

// ---- schedule directives -------------------------------------------------------------------

/// `round_robin(4)`, `affinity("b")`, `hash("h")`, `work_steal`, `dispatch_by("k")`
pub(crate) fn parse_dispatch<'c>(
    p: &mut dyn OpAsmParser<'c>,
    state: &mut OperationState<'c>,
) -> Result<(), ()> {
    let ctx = p.context();
    let kw = p.parse_keyword_or_string()?;
    let Some(policy) = Dispatch::from_keyword(&kw) else {
        p.emit_error(&format!(
            "expected a dispatch policy (round_robin, affinity, hash, work_steal, dispatch_by), got '{kw}'"
        ));
        return Err(());
    };
    state.set_prop(ctx, "policy", DispatchAttr::get(ctx, policy).attr());
    match policy {
        Dispatch::RoundRobin => {
            p.parse_punct("(")?;
            let Some(n) = p.parse_optional_integer()? else {
                p.emit_error("expected the number of workers");
                return Err(());
            };
            p.parse_punct(")")?;
            state.set_prop(
                ctx,
                "workers",
                ctx.int_attr(ctx.int_type(64), i128::from(n)),
            );
        }
        Dispatch::WorkSteal => {}
        _ => {
            p.parse_punct("(")?;
            let key = parse_string(p)?;
            p.parse_punct(")")?;
            state.set_prop(ctx, "key", ctx.string_attr(&key));
        }
    }
    p.parse_optional_attr_dict(state)
}

pub(crate) fn print_dispatch<'c>(p: &mut dyn OpAsmPrinter<'c>, body: &Body<'c>, op: OpId) {
    let policy = body
        .attr(op, "policy")
        .and_then(DispatchAttr::from_attr)
        .map_or(Dispatch::WorkSteal, DispatchAttr::value);
    p.write(" ");
    p.write(policy.keyword());
    match policy {
        Dispatch::RoundRobin => {
            let n = body
                .attr(op, "workers")
                .and_then(|a| a.as_int())
                .unwrap_or(0);
            p.write(&format!("({n})"));
        }
        Dispatch::WorkSteal => {}
        _ => p.write(&format!("({})", quoted(str_prop(body, op, "key")))),
    }
    print_attrs(p, body, op, &["policy", "workers", "key"], false);
}

/// `immediate`, `batched(8)`, `interleaved(2)`, `rate_limit(100)`
pub(crate) fn parse_timing<'c>(
    p: &mut dyn OpAsmParser<'c>,
    state: &mut OperationState<'c>,
) -> Result<(), ()> {
    let ctx = p.context();
    let kw = p.parse_keyword_or_string()?;
    let Some(policy) = Timing::from_keyword(&kw) else {
        p.emit_error(&format!(
            "expected a timing policy (immediate, batched, interleaved, rate_limit), got '{kw}'"
        ));
        return Err(());
    };
    state.set_prop(ctx, "policy", TimingAttr::get(ctx, policy).attr());
    if policy != Timing::Immediate {
        p.parse_punct("(")?;
        let Some(n) = p.parse_optional_integer()? else {
            p.emit_error("expected an integer");
            return Err(());
        };
        p.parse_punct(")")?;
        state.set_prop(ctx, "param", ctx.int_attr(ctx.int_type(64), i128::from(n)));
    }
    p.parse_optional_attr_dict(state)
}

pub(crate) fn print_timing<'c>(p: &mut dyn OpAsmPrinter<'c>, body: &Body<'c>, op: OpId) {
    let policy = body
        .attr(op, "policy")
        .and_then(TimingAttr::from_attr)
        .map_or(Timing::Immediate, TimingAttr::value);
    p.write(" ");
    p.write(policy.keyword());
    if policy != Timing::Immediate {
        let n = body.attr(op, "param").and_then(|a| a.as_int()).unwrap_or(0);
        p.write(&format!("({n})"));
    }
    print_attrs(p, body, op, &["policy", "param"], false);
}
