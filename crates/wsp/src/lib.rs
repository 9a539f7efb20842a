//! `pto-wsp`: the `wsp` dialect (`td/wsp/WspOps.td`), PTO-WSP's workload-schedule
//! programs (github.com/uv-xiao/pto-wsp, v9) as MLIR.
//!
//! A `wsp.module` holds workloads (trees of loops over typed axes with kernel tasks
//! at the leaves), schedules and CSP pipelines. Loop indices are block arguments, so
//! "a task's arguments are variables in scope" is the SSA rule; the names upstream's
//! text gives them stay in the ops (`var`, `param_names`) for the way back. [`text`]
//! reads and writes upstream's `.pto` workload text (`--import-wsp`,
//! `--export-wsp`), [`type_check`] is `wsp-type-check`, [`infer`] is
//! `wsp-infer-types`, [`check_backend`] is `wsp-check-backend`, and [`to_tasks`] is
//! `convert-wsp-to-tasks` with the entry ABI `pto-run` runs its functions by.

#![warn(missing_docs)]

// Generated code names this crate's items by absolute path (`::pto_wsp::...`).
extern crate self as pto_wsp;

pub mod check_backend;
pub mod infer;
mod syntax;
pub mod text;
pub mod to_tasks;
pub mod type_check;

use pto_ir::asm::OpAsmParser;
use pto_ir::printer::TypePrinter;
use pto_ir::verifier::op_error;
use pto_ir::{AttrKind, Attribute, Body, Context, Diagnostic, OpId, Type, TypeParam};

pub use syntax::{axis_text, layout_text};

mod ods {
    include!(concat!(env!("OUT_DIR"), "/wsp_ods.rs"));
}
pub use ods::*;

mod passes {
    include!(concat!(env!("OUT_DIR"), "/passes.rs"));
}
pub use passes::*;

include!(concat!(env!("OUT_DIR"), "/dialects.rs"));

/// Registers the `wsp` dialect in `ctx`.
pub fn register_dialects(ctx: &mut Context) {
    for dialect in DIALECTS {
        ctx.register_dialect(dialect);
    }
}

/// Adds the `wsp` dialect, its passes, its text form and its lowering to a tool.
pub fn register(registry: &mut pto_pass::Registry) {
    use pto_pass::registry::{Lowering, LoweringGoal};
    registry
        .dialects(DIALECTS)
        .passes_from(register_passes)
        .lowering(Lowering {
            name: "wsp-to-tasks",
            dialects: &["wsp"],
            produces: &["func", "scf", "arith", "memref", "cf"],
            goals: &[LoweringGoal::Interpret, LoweringGoal::Compile],
            // Tasks run on the runtime's threads when compiled; the kernels are
            // lowered first (the `pto` lowering is registered before this one).
            pipeline: |t| match t.goal {
                LoweringGoal::Compile => "convert-wsp-to-tasks,outline-parallel-loops".into(),
                LoweringGoal::Interpret => "convert-wsp-to-tasks".into(),
            },
        })
        .add(pto_interp::abi::EntryAbiProvider {
            dialect: DIALECT.name,
            capture: to_tasks::capture,
        });
    text::register(registry);
}

type VResult<'c> = Result<(), Diagnostic<'c>>;

/// The ops at the top of `module` (inside its `builtin.module`) and their body.
pub fn module_items<'m, 'c>(module: &'m pto_ir::module::Module<'c>) -> (&'m Body<'c>, Vec<OpId>) {
    let (body, block) = match module.top_op() {
        Some(top) if module.body.nested(top).is_some() => {
            let inner = module.body.region_body(top);
            let region = module.body.regions_of(top)[0];
            (inner, inner.entry_block(region))
        }
        _ => (&module.body, Some(module.block)),
    };
    (
        body,
        block.map_or(Vec::new(), |b| body.block_ops(b).collect()),
    )
}

/// `t` is one of the four axis types.
pub fn is_axis(t: Type<'_>) -> bool {
    DenseType::from_type(t).is_some()
        || DenseDynType::from_type(t).is_some()
        || RaggedType::from_type(t).is_some()
        || SparseType::from_type(t).is_some()
}

/// `t` is `!wsp.sparse<...>`.
fn is_sparse(t: Type<'_>) -> bool {
    SparseType::from_type(t).is_some()
}

/// `t` is `!wsp.tensor<...>`.
fn is_tensor(t: Type<'_>) -> bool {
    TensorType::from_type(t).is_some()
}

// ---- axis types: `!wsp.dense_dyn<batch>`, `!wsp.ragged<n, lens>`, `!wsp.sparse<...>` ---------

/// `<name, ...>` with `n` identifiers (or quoted strings).
fn parse_names<'c>(p: &mut dyn OpAsmParser<'c>, n: usize) -> Result<Vec<TypeParam<'c>>, ()> {
    let ctx = p.context();
    p.parse_punct("<")?;
    let mut out = Vec::with_capacity(n);
    for i in 0..n {
        if i > 0 {
            p.parse_punct(",")?;
        }
        let s = p.parse_keyword_or_string()?;
        out.push(TypeParam::Str(ctx.alloc_str(&s)));
    }
    p.parse_punct(">")?;
    Ok(out)
}

fn print_names(p: &mut TypePrinter<'_>, params: &[TypeParam<'_>]) {
    p.write("<");
    for (i, s) in params.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        let s = s.as_str().unwrap_or("");
        if syntax::is_identifier(s) {
            p.write(s);
        } else {
            p.print_string(s);
        }
    }
    p.write(">");
}

fn parse_type_dense_dyn<'c>(p: &mut dyn OpAsmParser<'c>) -> Result<Vec<TypeParam<'c>>, ()> {
    parse_names(p, 1)
}
fn print_type_dense_dyn(p: &mut TypePrinter<'_>, params: &[TypeParam<'_>]) {
    print_names(p, params)
}
fn parse_type_ragged<'c>(p: &mut dyn OpAsmParser<'c>) -> Result<Vec<TypeParam<'c>>, ()> {
    parse_names(p, 2)
}
fn print_type_ragged(p: &mut TypePrinter<'_>, params: &[TypeParam<'_>]) {
    print_names(p, params)
}
fn parse_type_sparse<'c>(p: &mut dyn OpAsmParser<'c>) -> Result<Vec<TypeParam<'c>>, ()> {
    parse_names(p, 3)
}
fn print_type_sparse(p: &mut TypePrinter<'_>, params: &[TypeParam<'_>]) {
    print_names(p, params)
}

// ---- !wsp.tensor<[B, 8], f16, global, #wsp.layout<...>> ------------------------------------

/// A tensor dimension: a size or a symbol.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Dim {
    /// A static size.
    Size(i64),
    /// A symbolic size.
    Sym(String),
}

impl std::fmt::Display for Dim {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Dim::Size(n) => write!(f, "{n}"),
            Dim::Sym(s) => f.write_str(s),
        }
    }
}

/// The dimensions of a `!wsp.tensor`.
pub fn tensor_dims(t: TensorType<'_>) -> Vec<Dim> {
    t.shape()
        .as_array()
        .unwrap_or(&[])
        .iter()
        .map(|d| match d.kind() {
            AttrKind::String { value, .. } => Dim::Sym(value.to_string()),
            _ => Dim::Size(d.as_int().unwrap_or(0) as i64),
        })
        .collect()
}

fn parse_type_tensor<'c>(p: &mut dyn OpAsmParser<'c>) -> Result<Vec<TypeParam<'c>>, ()> {
    let ctx = p.context();
    p.parse_punct("<")?;
    p.parse_punct("[")?;
    let mut dims: Vec<Attribute<'c>> = Vec::new();
    if !p.parse_optional_punct("]") {
        loop {
            if let Some(n) = p.parse_optional_integer()? {
                dims.push(ctx.int_attr(ctx.int_type(64), i128::from(n)));
            } else if let Some(name) = p.parse_optional_any_keyword() {
                dims.push(ctx.string_attr(&name));
            } else if p.parse_optional_punct("?") {
                dims.push(ctx.string_attr("?"));
            } else {
                p.emit_error("expected a size (an integer, a symbol or '?')");
                return Err(());
            }
            if p.parse_optional_punct("]") {
                break;
            }
            p.parse_punct(",")?;
        }
    }
    p.parse_punct(",")?;
    let dtype = p.parse_type()?;
    let mut location = MemLocation::Global;
    let mut layout = TypeParam::Absent;
    while p.parse_optional_punct(",") {
        if let Some(a) = p.parse_optional_attribute(None)? {
            layout = TypeParam::Attr(a);
        } else {
            let kw = p.parse_keyword_or_string()?;
            match MemLocation::from_keyword(&kw) {
                Some(l) => location = l,
                None => {
                    p.emit_error(&format!(
                        "expected a location (global, l2, ub, l1) or a layout, got '{kw}'"
                    ));
                    return Err(());
                }
            }
        }
    }
    p.parse_punct(">")?;
    Ok(vec![
        TypeParam::Attr(ctx.array_attr(&dims)),
        TypeParam::Type(dtype),
        TypeParam::Int(location.value()),
        layout,
    ])
}

fn print_type_tensor(p: &mut TypePrinter<'_>, params: &[TypeParam<'_>]) {
    p.write("<[");
    if let TypeParam::Attr(a) = params[0] {
        for (i, d) in a.as_array().unwrap_or(&[]).iter().enumerate() {
            if i > 0 {
                p.write(", ");
            }
            match d.kind() {
                AttrKind::String { value, .. } => p.write(value),
                _ => p.print_int(d.as_int().unwrap_or(0) as i64),
            }
        }
    }
    p.write("], ");
    if let Some(t) = params[1].as_type() {
        p.print_type(t);
    }
    if let TypeParam::Int(l) = params[2] {
        if l != 0 {
            p.write(", ");
            p.write(MemLocation::from_value(l).map_or("global", MemLocation::keyword));
        }
    }
    if let TypeParam::Attr(a) = params[3] {
        p.write(", ");
        p.print_attribute(a);
    }
    p.write(">");
}

fn verify_type_tensor<'c>(_: &'c Context, params: &[TypeParam<'c>]) -> Result<(), String> {
    let TypeParam::Attr(a) = params[0] else {
        return Err("tensor shape must be a list".into());
    };
    let dims = a.as_array().ok_or("tensor shape must be a list")?;
    for d in dims {
        match d.kind() {
            AttrKind::String { .. } => {}
            _ => match d.as_int() {
                Some(n) if n >= 0 => {}
                _ => return Err(format!("tensor sizes must be >= 0 or symbols, got {d}")),
            },
        }
    }
    let t = params[1].as_type().ok_or("tensor element type missing")?;
    if syntax::dtype_name(t).is_none() {
        return Err(format!("'{t}' is not a PTO-WSP data type"));
    }
    if let TypeParam::Attr(l) = params[3] {
        let l = LayoutAttr::from_attr(l).ok_or("a tensor's layout must be a #wsp.layout")?;
        if l.dist().len() != dims.len() {
            return Err(format!(
                "Layout rank mismatch: a rank-{} tensor with a layout of {} dimensions",
                dims.len(),
                l.dist().len()
            ));
        }
    }
    Ok(())
}

// ---- !wsp.workload<[axes], [@kernels], deps> ---------------------------------------------

fn parse_type_workload<'c>(p: &mut dyn OpAsmParser<'c>) -> Result<Vec<TypeParam<'c>>, ()> {
    let ctx = p.context();
    p.parse_punct("<")?;
    p.parse_punct("[")?;
    let mut axes = Vec::new();
    if !p.parse_optional_punct("]") {
        loop {
            axes.push(p.parse_type()?);
            if p.parse_optional_punct("]") {
                break;
            }
            p.parse_punct(",")?;
        }
    }
    p.parse_punct(",")?;
    let tasks = p.parse_attribute()?;
    p.parse_punct(",")?;
    let kw = p.parse_keyword_or_string()?;
    let Some(deps) = Deps::from_keyword(&kw) else {
        p.emit_error(&format!("unknown dependency kind '{kw}'"));
        return Err(());
    };
    p.parse_punct(">")?;
    Ok(vec![
        TypeParam::Types(ctx.alloc_types(&axes)),
        TypeParam::Attr(tasks),
        TypeParam::Int(deps.value()),
    ])
}

fn print_type_workload(p: &mut TypePrinter<'_>, params: &[TypeParam<'_>]) {
    p.write("<[");
    for (i, &t) in params[0].as_types().iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.print_type(t);
    }
    p.write("], ");
    if let TypeParam::Attr(a) = params[1] {
        p.print_attribute(a);
    }
    p.write(", ");
    if let TypeParam::Int(d) = params[2] {
        p.write(Deps::from_value(d).map_or("none", Deps::keyword));
    }
    p.write(">");
}

// ---- #wsp.layout<[S(0), R], strides [..], order [..], swizzle [..]> ----------------------

/// A distribution element: `R` is -1, `S(i)` is `i`.
pub const REPLICATE: i64 = -1;

fn parse_int<'c>(p: &mut dyn OpAsmParser<'c>) -> Result<i64, ()> {
    match p.parse_optional_integer()? {
        Some(v) => Ok(v),
        None => {
            p.emit_error("expected integer value");
            Err(())
        }
    }
}

fn parse_int_list<'c>(p: &mut dyn OpAsmParser<'c>) -> Result<Vec<i64>, ()> {
    p.parse_punct("[")?;
    let mut out = Vec::new();
    if p.parse_optional_punct("]") {
        return Ok(out);
    }
    loop {
        out.push(parse_int(p)?);
        if p.parse_optional_punct("]") {
            return Ok(out);
        }
        p.parse_punct(",")?;
    }
}

fn parse_attr_layout<'c>(p: &mut dyn OpAsmParser<'c>) -> Result<Vec<TypeParam<'c>>, ()> {
    let ctx = p.context();
    p.parse_punct("<")?;
    p.parse_punct("[")?;
    let mut dist = Vec::new();
    if !p.parse_optional_punct("]") {
        loop {
            match p.parse_optional_any_keyword().as_deref() {
                Some("R") => dist.push(REPLICATE),
                Some("S") => {
                    p.parse_punct("(")?;
                    dist.push(parse_int(p)?);
                    p.parse_punct(")")?;
                }
                _ => {
                    p.emit_error("expected 'R' or 'S(i)'");
                    return Err(());
                }
            }
            if p.parse_optional_punct("]") {
                break;
            }
            p.parse_punct(",")?;
        }
    }
    let (mut strides, mut order, mut swizzle) = (Vec::new(), Vec::new(), Vec::new());
    while p.parse_optional_punct(",") {
        let kw = p.parse_keyword_or_string()?;
        let list = parse_int_list(p)?;
        match kw.as_str() {
            "strides" => strides = list,
            "order" => order = list,
            "swizzle" => swizzle = list,
            _ => {
                p.emit_error(&format!("expected strides, order or swizzle, got '{kw}'"));
                return Err(());
            }
        }
    }
    p.parse_punct(">")?;
    Ok(vec![
        TypeParam::Ints(ctx.alloc_slice(&dist)),
        TypeParam::Ints(ctx.alloc_slice(&strides)),
        TypeParam::Ints(ctx.alloc_slice(&order)),
        TypeParam::Ints(ctx.alloc_slice(&swizzle)),
    ])
}

fn print_int_list(p: &mut TypePrinter<'_>, v: &[i64]) {
    p.write("[");
    for (i, x) in v.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.print_int(*x);
    }
    p.write("]");
}

fn print_attr_layout(p: &mut TypePrinter<'_>, params: &[TypeParam<'_>]) {
    p.write("<");
    p.write(&syntax::dist_text(params[0].as_ints(), "[", "]"));
    for (name, param) in [
        ("strides", params[1]),
        ("order", params[2]),
        ("swizzle", params[3]),
    ] {
        let v = param.as_ints();
        if !v.is_empty() {
            p.write(", ");
            p.write(name);
            p.write(" ");
            print_int_list(p, v);
        }
    }
    p.write(">");
}

fn verify_attr_layout<'c>(_: &'c Context, params: &[TypeParam<'c>]) -> Result<(), String> {
    let dist = params[0].as_ints();
    if let Some(d) = dist.iter().find(|&&d| d < REPLICATE) {
        return Err(format!("a shard's mesh axis must be >= 0, got {d}"));
    }
    let (strides, order) = (params[1].as_ints(), params[2].as_ints());
    if !strides.is_empty() && strides.len() != dist.len() {
        return Err(format!(
            "{} strides for a layout of {} dimensions",
            strides.len(),
            dist.len()
        ));
    }
    if !order.is_empty() {
        let mut seen = order.to_vec();
        seen.sort_unstable();
        if seen != (0..dist.len() as i64).collect::<Vec<_>>() {
            return Err(format!(
                "order must be a permutation of 0..{}, got {order:?}",
                dist.len()
            ));
        }
    }
    Ok(())
}

// ---- ops ---------------------------------------------------------------------------------

fn verify_module<'c>(_: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
    let version = body
        .attr(op, "version")
        .and_then(|a| a.as_str())
        .unwrap_or("");
    if version.is_empty() {
        return Err(op_error(
            body,
            op,
            "needs a version (upstream writes \"9.0\")",
        ));
    }
    Ok(())
}

/// The ops of `op`'s `index`-th region (its one block).
pub(crate) fn region_ops(body: &Body<'_>, op: OpId, index: usize) -> Vec<OpId> {
    let rb = body.region_body(op);
    body.regions_of(op)
        .get(index)
        .and_then(|&r| rb.entry_block(r))
        .map_or(Vec::new(), |b| rb.block_ops(b).collect())
}

/// The ops directly in `op`'s regions, region by region.
pub(crate) fn child_ops(body: &Body<'_>, op: OpId) -> Vec<OpId> {
    (0..body.regions_of(op).len())
        .flat_map(|i| region_ops(body, op, i))
        .collect()
}

/// Every op nested in `op`, outermost first, in `op`'s region body (statements are
/// not isolated from above). An explicit stack: the depth is the input's.
pub(crate) fn nested_ops(body: &Body<'_>, op: OpId) -> Vec<OpId> {
    let rb = body.region_body(op);
    let mut out = Vec::new();
    let mut stack: Vec<OpId> = child_ops(body, op);
    stack.reverse();
    while let Some(o) = stack.pop() {
        out.push(o);
        stack.extend(child_ops(rb, o).into_iter().rev());
    }
    out
}

/// The entry block's arguments of `op`'s `index`-th region.
fn region_args<'b, 'c>(body: &'b Body<'c>, op: OpId, index: usize) -> &'b [pto_ir::ValueId] {
    let rb = body.region_body(op);
    body.regions_of(op)
        .get(index)
        .and_then(|&r| rb.entry_block(r))
        .map_or(&[], |b| rb.block_args(b))
}

fn verify_workload<'c>(_: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
    let names = body
        .attr(op, "param_names")
        .and_then(|a| a.as_array())
        .unwrap_or(&[]);
    let args = region_args(body, op, 0);
    if names.len() != args.len() {
        return Err(op_error(
            body,
            op,
            &format!(
                "has {} parameters but {} parameter names",
                args.len(),
                names.len()
            ),
        ));
    }
    let rb = body.region_body(op);
    for (i, &a) in args.iter().enumerate() {
        let t = rb.value_type(a);
        if !is_axis(t) {
            return Err(op_error(
                body,
                op,
                &format!(
                    "parameter {i} must be an axis (dense, dense_dyn, ragged, sparse), got {t}"
                ),
            ));
        }
    }
    if let Some(t) = body.attr(op, "type").and_then(|a| a.as_type()) {
        if WorkloadType::from_type(t).is_none() {
            return Err(op_error(
                body,
                op,
                &format!("type must be a !wsp.workload, got {t}"),
            ));
        }
    }
    Ok(())
}

fn verify_loop<'c>(body: &Body<'c>, op: OpId, sparse_only: bool) -> VResult<'c> {
    let Some(axis) = body.attr(op, "axis").and_then(|a| a.as_type()) else {
        return Err(op_error(body, op, "needs an axis"));
    };
    if sparse_only && !is_sparse(axis) {
        return Err(op_error(
            body,
            op,
            &format!("selects over a sparse axis, got {}", axis_text(axis)),
        ));
    }
    if !is_axis(axis) {
        return Err(op_error(
            body,
            op,
            &format!("iterates over an axis, got {axis}"),
        ));
    }
    let args = region_args(body, op, 0);
    let rb = body.region_body(op);
    if args.len() != 1 || !rb.value_type(args[0]).is_index() {
        return Err(op_error(body, op, "body must take one index argument"));
    }
    Ok(())
}

fn verify_parallel_for<'c>(_: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
    verify_loop(body, op, false)
}
fn verify_for_each<'c>(_: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
    verify_loop(body, op, false)
}
fn verify_select<'c>(_: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
    verify_loop(body, op, true)
}

fn verify_channel<'c>(_: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
    let depth = body.attr(op, "depth").and_then(|a| a.as_int()).unwrap_or(0);
    if depth < 0 {
        return Err(op_error(
            body,
            op,
            &format!("depth must be >= 0 (0 is an event), got {depth}"),
        ));
    }
    let t = body.attr(op, "element").and_then(|a| a.as_type());
    if !t.is_some_and(is_tensor) {
        return Err(op_error(
            body,
            op,
            "carries tensors: its element type must be a !wsp.tensor",
        ));
    }
    Ok(())
}

fn verify_tensor<'c>(_: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
    let t = body.attr(op, "type").and_then(|a| a.as_type());
    if !t.is_some_and(is_tensor) {
        return Err(op_error(body, op, "type must be a !wsp.tensor"));
    }
    Ok(())
}

fn verify_consume<'c>(_: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
    if region_args(body, op, 0).len() != 1 {
        return Err(op_error(
            body,
            op,
            "body must take the received value as its one argument",
        ));
    }
    Ok(())
}

fn verify_dispatch<'c>(_: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
    let d = DispatchOp(op);
    let key = body.attr(op, "key").and_then(|a| a.as_str()).unwrap_or("");
    let policy = d
        .policy(body)
        .and_then(DispatchAttr::from_attr)
        .map(DispatchAttr::value);
    match policy.unwrap_or(Dispatch::WorkSteal) {
        Dispatch::Affinity | Dispatch::Hash | Dispatch::DispatchBy if key.is_empty() => Err(
            op_error(body, op, "this dispatch policy needs a key expression"),
        ),
        _ => Ok(()),
    }
}

// Custom forms live in `syntax`.
use syntax::{
    parse_call, parse_consume, parse_dispatch, parse_for_each, parse_parallel_for, parse_select,
    parse_task, parse_timing, parse_workload, print_call, print_consume, print_dispatch,
    print_for_each, print_parallel_for, print_select, print_task, print_timing, print_workload,
};
