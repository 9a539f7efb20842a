//! The `harp_graph` dialect (`td/harp/HarpGraphOps.td`): Harp's computation graph.
//! [`shapes`] holds the shape rules every op's verifier applies (and the lowering
//! and the Eclat front end reuse); this module the type's syntax and the graph op's.

pub mod shapes;
pub mod specialize;

use pto_ir::asm::{OpAsmParser, OpAsmPrinter, RegionArgument};
use pto_ir::printer::TypePrinter;
use pto_ir::verifier::op_error;
use pto_ir::{
    AttrKind, Attribute, Body, Context, Diagnostic, NamedAttribute, OpId, OperationState, Type,
    TypeParam,
};

pub use shapes::{Dim, TensorInfo};

mod ods {
    include!(concat!(env!("OUT_DIR"), "/harp_graph_ods.rs"));
}
pub use ods::*;

type VResult<'c> = Result<(), Diagnostic<'c>>;

/// `$_self` is a `!harp_graph.tensor`.
fn is_tensor(t: Type<'_>) -> bool {
    TensorType::from_type(t).is_some()
}

// ---- !harp_graph.tensor<[M, 64], f32> ------------------------------------------------------

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
            } else {
                p.emit_error("expected a size (an integer or a symbolic size's name)");
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
    p.parse_punct(">")?;
    Ok(vec![
        TypeParam::Attr(ctx.array_attr(&dims)),
        TypeParam::Type(dtype),
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
    p.write(">");
}

fn verify_type_tensor<'c>(_: &'c Context, params: &[TypeParam<'c>]) -> Result<(), String> {
    let TypeParam::Attr(a) = params[0] else {
        return Err("tensor shape must be a list".into());
    };
    for d in a.as_array().ok_or("tensor shape must be a list")? {
        match d.kind() {
            AttrKind::String { .. } => {}
            _ => match d.as_int() {
                Some(n) if n >= 0 => {}
                _ => {
                    return Err(format!(
                        "tensor sizes must be non-negative integers or names, got {d}"
                    ))
                }
            },
        }
    }
    let t = params[1].as_type().ok_or("tensor element type missing")?;
    if crate::dtype_bytes(t).is_none() {
        return Err(format!(
            "tensor element type must be a Harp data type, got {t}"
        ));
    }
    Ok(())
}

// ---- harp_graph.graph --------------------------------------------------------------------

/// `harp_graph.graph @f<M, N>(%a: T, ...) -> T [attributes {...}] { body }`.
fn parse_graph<'c>(p: &mut dyn OpAsmParser<'c>, state: &mut OperationState<'c>) -> Result<(), ()> {
    let ctx = p.context();
    let Some(name) = p.parse_optional_symbol_name()? else {
        p.emit_error("expected valid '@'-identifier for symbol name");
        return Err(());
    };
    let mut sizes = Vec::new();
    if p.parse_optional_punct("<") {
        loop {
            let Some(s) = p.parse_optional_any_keyword() else {
                p.emit_error("expected the name of a symbolic size");
                return Err(());
            };
            sizes.push(ctx.string_attr(&s));
            if p.parse_optional_punct(">") {
                break;
            }
            p.parse_punct(",")?;
        }
    }
    p.parse_punct("(")?;
    let mut args = Vec::new();
    if !p.parse_optional_punct(")") {
        loop {
            let name = p.parse_operand()?;
            p.parse_punct(":")?;
            let ty = p.parse_type()?;
            let loc = p.parse_optional_location()?;
            args.push(RegionArgument { name, ty, loc });
            if p.parse_optional_punct(")") {
                break;
            }
            p.parse_punct(",")?;
        }
    }
    p.parse_punct("->")?;
    let result = p.parse_type()?;
    p.parse_optional_attr_dict_with_keyword(state)?;
    let inputs: Vec<Type<'c>> = args.iter().map(|a| a.ty).collect();
    let mut props = vec![
        NamedAttribute {
            name: ctx.ident("sym_name"),
            value: ctx.string_attr(&name),
        },
        NamedAttribute {
            name: ctx.ident("function_type"),
            value: ctx.type_attr(ctx.function_type(&inputs, &[result])),
        },
        NamedAttribute {
            name: ctx.ident("sizes"),
            value: ctx.array_attr(&sizes),
        },
    ];
    props.extend_from_slice(state.props.and_then(|d| d.as_dictionary()).unwrap_or(&[]));
    state.props = Some(ctx.dictionary(&props));
    p.parse_region(state, &args)
}

/// The parameter types and the result type of a graph.
pub fn signature<'c>(body: &Body<'c>, op: OpId) -> Option<(&'c [Type<'c>], Type<'c>)> {
    let t = body.attr(op, "function_type")?.as_type()?;
    match t.kind() {
        pto_ir::TypeKind::Function { inputs, results } if results.len() == 1 => {
            Some((inputs, results[0]))
        }
        _ => None,
    }
}

/// The symbolic sizes a graph declares.
pub fn sizes<'c>(body: &Body<'c>, op: OpId) -> Vec<&'c str> {
    body.attr(op, "sizes")
        .and_then(|a| a.as_array())
        .unwrap_or(&[])
        .iter()
        .filter_map(|a| a.as_str())
        .collect()
}

fn print_graph<'c>(p: &mut dyn OpAsmPrinter<'c>, body: &Body<'c>, op: OpId) {
    p.write(" ");
    p.print_symbol_name(
        body.attr(op, "sym_name")
            .and_then(|a| a.as_str())
            .unwrap_or(""),
    );
    let sizes = sizes(body, op);
    if !sizes.is_empty() {
        p.write("<");
        p.write(&sizes.join(", "));
        p.write(">");
    }
    p.write("(");
    let inner = body.region_body(op);
    let region = body.regions_of(op).first().copied();
    let entry = region.and_then(|r| inner.entry_block(r));
    let args: Vec<_> = entry.map_or(Vec::new(), |b| inner.block_args(b).to_vec());
    for (i, &a) in args.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.print_operand(inner, a);
        p.write(": ");
        p.print_type(inner.value_type(a));
    }
    p.write(") -> ");
    if let Some((_, r)) = signature(body, op) {
        p.print_type(r);
    }
    p.print_attr_dict(body, op, &["sym_name", "function_type", "sizes"], true);
    p.write(" ");
    if let Some(r) = region {
        p.print_region(body, op, r, false, true);
    }
}

fn verify_graph<'c>(_: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
    let Some((inputs, result)) = signature(body, op) else {
        return Err(op_error(body, op, "needs a function type with one result"));
    };
    let sizes = sizes(body, op);
    for (i, &t) in inputs.iter().chain(std::iter::once(&result)).enumerate() {
        let Some(info) = TensorInfo::of(t) else {
            return Err(op_error(
                body,
                op,
                &format!("takes and returns harp_graph tensors, not {t}"),
            ));
        };
        let undeclared = info.symbols().find(|s| !sizes.contains(s));
        if let Some(s) = undeclared {
            let what = if i < inputs.len() {
                format!("parameter {i}")
            } else {
                "the result".into()
            };
            return Err(op_error(
                body,
                op,
                &format!("{what} uses the size '{s}', which the graph does not declare (graph<{s}, ...>)"),
            ));
        }
    }
    let inner = body.region_body(op);
    if let Some(&r) = body.regions_of(op).first() {
        if let Some(b) = inner.entry_block(r) {
            let args: Vec<Type<'c>> = inner
                .block_args(b)
                .iter()
                .map(|&a| inner.value_type(a))
                .collect();
            if args != inputs {
                return Err(op_error(
                    body,
                    op,
                    "the entry block's arguments must be the parameters",
                ));
            }
        }
    }
    Ok(())
}

fn verify_return<'c>(_: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
    let t = body.value_type(body.operand(op, 0));
    let expected = body
        .owner_attr("function_type")
        .and_then(|a| a.as_type())
        .and_then(|f| match f.kind() {
            pto_ir::TypeKind::Function { results, .. } => results.first().copied(),
            _ => None,
        });
    if let Some(e) = expected {
        if e != t {
            return Err(op_error(
                body,
                op,
                &format!("returns {t}, but the graph's result is {e}"),
            ));
        }
    }
    Ok(())
}

fn check<'c>(body: &Body<'c>, op: OpId, r: Result<TensorInfo<'c>, String>) -> VResult<'c> {
    let inferred = r.map_err(|m| op_error(body, op, &m))?;
    let actual = body.value_type(body.result(op, 0));
    let ctx_eq = TensorInfo::of(actual).is_some_and(|a| a == inferred);
    if !ctx_eq {
        return Err(op_error(
            body,
            op,
            &format!("result type must be {}, got {actual}", inferred.describe()),
        ));
    }
    Ok(())
}

/// `attr-dict $value`: the result is the scalar tensor of the value's type.
fn parse_constant<'c>(
    p: &mut dyn OpAsmParser<'c>,
    state: &mut OperationState<'c>,
) -> Result<(), ()> {
    let ctx = p.context();
    pto_dialects::arith::parse_constant(p, state)?;
    if let Some(t) = state.result_types.pop() {
        state.result_types.push(
            TensorInfo {
                shape: vec![],
                dtype: t,
            }
            .to_type(ctx),
        );
    }
    Ok(())
}

fn print_constant<'c>(p: &mut dyn OpAsmPrinter<'c>, body: &Body<'c>, op: OpId) {
    pto_dialects::arith::print_constant(p, body, op)
}

fn verify_constant<'c>(_: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
    check(body, op, shapes::constant(body, op))
}
fn verify_rand<'c>(_: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
    check(body, op, shapes::rand(body, op))
}
fn verify_unary<'c>(_: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
    check(body, op, shapes::unary(body, op))
}
fn verify_binary<'c>(_: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
    check(body, op, shapes::binary(body, op))
}
fn verify_where<'c>(_: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
    check(body, op, shapes::where_(body, op))
}
fn verify_cast<'c>(_: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
    check(body, op, shapes::cast(body, op))
}
fn verify_reduce<'c>(_: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
    check(body, op, shapes::reduce(body, op))
}
fn verify_move<'c>(_: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
    check(body, op, shapes::movement(body, op))
}
