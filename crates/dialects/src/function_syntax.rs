//! The function signature syntax that `func.func` and `llvm.func` share (MLIR's
//! `function_interface_impl`): `(%arg: type {attrs} loc(...), ...) -> (type {attrs})`,
//! with a trailing `...` for variadic functions.

use pto_ir::asm::{OpAsmParser, OpAsmPrinter, RegionArgument};
use pto_ir::{AttrKind, Attribute, Body, Context, NamedAttribute, OpId, Type};

/// A parsed signature.
pub(crate) struct Signature<'c> {
    /// The entry block's arguments (when written with names).
    pub args: Vec<RegionArgument<'c>>,
    /// The argument types.
    pub inputs: Vec<Type<'c>>,
    /// One dictionary per argument (empty when none was written).
    pub arg_attrs: Vec<Attribute<'c>>,
    /// The result types.
    pub results: Vec<Type<'c>>,
    /// One dictionary per result.
    pub res_attrs: Vec<Attribute<'c>>,
    /// A trailing `...`.
    pub variadic: bool,
    /// Whether arguments were written with names (`None`: no arguments).
    pub named: Option<bool>,
}

/// Parses `(args) [-> results]`; `...` may end the arguments when `allow_variadic`.
pub(crate) fn parse_signature<'c>(
    p: &mut dyn OpAsmParser<'c>,
    allow_variadic: bool,
) -> Result<Signature<'c>, ()> {
    let ctx = p.context();
    let mut sig = Signature {
        args: Vec::new(),
        inputs: Vec::new(),
        arg_attrs: Vec::new(),
        results: Vec::new(),
        res_attrs: Vec::new(),
        variadic: false,
        named: None,
    };
    p.parse_punct("(")?;
    if !p.parse_optional_punct(")") {
        loop {
            if allow_variadic && p.parse_optional_punct("...") {
                sig.variadic = true;
                break;
            }
            let operand = p.parse_optional_operand()?;
            match (sig.named, operand.is_some()) {
                (None, n) => sig.named = Some(n),
                (Some(true), false) => {
                    p.emit_error("expected SSA identifier");
                    return Err(());
                }
                (Some(false), true) => {
                    p.emit_error("expected type instead of SSA identifier");
                    return Err(());
                }
                _ => {}
            }
            if operand.is_some() {
                p.parse_punct(":")?;
            }
            let ty = p.parse_type()?;
            sig.inputs.push(ty);
            let attrs = match p.is_punct("{") {
                true => p.parse_attribute()?,
                false => ctx.empty_dict(),
            };
            sig.arg_attrs.push(attrs);
            let loc = p.parse_optional_location()?;
            if let Some(u) = operand {
                sig.args.push(RegionArgument { name: u, ty, loc });
            }
            if !p.parse_optional_punct(",") {
                break;
            }
        }
        p.parse_punct(")")?;
    }
    if p.parse_optional_punct("->") {
        if p.parse_optional_punct("(") {
            if !p.parse_optional_punct(")") {
                loop {
                    sig.results.push(p.parse_type()?);
                    sig.res_attrs.push(match p.is_punct("{") {
                        true => p.parse_attribute()?,
                        false => ctx.empty_dict(),
                    });
                    if !p.parse_optional_punct(",") {
                        break;
                    }
                }
                p.parse_punct(")")?;
            }
        } else {
            sig.results.push(p.parse_type()?);
            sig.res_attrs.push(ctx.empty_dict());
        }
    }
    Ok(sig)
}

/// Adds `arg_attrs` / `res_attrs` to `props` when some dictionary is not empty.
pub(crate) fn push_arg_res_attrs<'c>(
    ctx: &'c Context,
    sig: &Signature<'c>,
    props: &mut Vec<NamedAttribute<'c>>,
) {
    let non_empty = |v: &[Attribute<'c>]| {
        v.iter()
            .any(|a| a.as_dictionary().is_some_and(|d| !d.is_empty()))
    };
    if non_empty(&sig.arg_attrs) {
        props.push(NamedAttribute {
            name: ctx.ident("arg_attrs"),
            value: ctx.array_attr(&sig.arg_attrs),
        });
    }
    if non_empty(&sig.res_attrs) {
        props.push(NamedAttribute {
            name: ctx.ident("res_attrs"),
            value: ctx.array_attr(&sig.res_attrs),
        });
    }
}

/// Prints `(args) [-> results]` for function `op` with these types: arguments are named
/// after the entry block when there is a body, `arg_attrs`/`res_attrs` follow their
/// types, `...` ends a variadic list.
pub(crate) fn print_signature<'c>(
    p: &mut dyn OpAsmPrinter<'c>,
    body: &Body<'c>,
    op: OpId,
    inputs: &[Type<'c>],
    results: &[Type<'c>],
    variadic: bool,
) {
    let arg_attrs = arg_res_attr_dicts(body, op, "arg_attrs");
    let res_attrs = arg_res_attr_dicts(body, op, "res_attrs");
    let rb = body.region_body(op);
    let entry = body.regions_of(op).first().and_then(|&r| rb.entry_block(r));
    p.write("(");
    for (i, &t) in inputs.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        if let Some(b) = entry {
            if let Some(&a) = rb.block_args(b).get(i) {
                p.print_operand(rb, a);
                p.write(": ");
            }
        }
        p.print_type(t);
        if let Some(Some(d)) = arg_attrs.get(i) {
            p.write(" ");
            p.print_attribute(*d);
        }
        if let Some(b) = entry {
            if i < rb.block_args(b).len() {
                p.print_trailing_location(rb.block_arg_loc(b, i));
            }
        }
    }
    if variadic {
        p.write(if inputs.is_empty() { "..." } else { ", ..." });
    }
    p.write(")");
    if !results.is_empty() {
        p.write(" -> ");
        print_result_types(p, results, &res_attrs);
    }
}

/// The per-argument (or per-result) attribute dictionaries of `op`'s array attribute
/// `name` (`arg_attrs`, `res_attrs`), `None` where a dictionary is empty.
pub(crate) fn arg_res_attr_dicts<'c>(
    body: &Body<'c>,
    op: OpId,
    name: &str,
) -> Vec<Option<Attribute<'c>>> {
    match body.attr(op, name).map(|a| a.kind()) {
        Some(AttrKind::Array(items)) => items
            .iter()
            .map(|a| a.as_dictionary().filter(|d| !d.is_empty()).map(|_| *a))
            .collect(),
        _ => Vec::new(),
    }
}

/// Prints `T0 {attrs}, T1`: types, each followed by its attribute dictionary if any.
pub(crate) fn print_types_with_attrs<'c>(
    p: &mut dyn OpAsmPrinter<'c>,
    types: &[Type<'c>],
    attrs: &[Option<Attribute<'c>>],
) {
    for (i, &t) in types.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.print_type(t);
        if let Some(Some(d)) = attrs.get(i) {
            p.write(" ");
            p.print_attribute(*d);
        }
    }
}

/// Prints result types: a lone type bare, otherwise (several, none, attributed, or a
/// function type) in parentheses.
pub(crate) fn print_result_types<'c>(
    p: &mut dyn OpAsmPrinter<'c>,
    results: &[Type<'c>],
    attrs: &[Option<Attribute<'c>>],
) {
    let paren = results.len() != 1
        || attrs.iter().any(Option::is_some)
        || matches!(results[0].kind(), pto_ir::TypeKind::Function { .. });
    if paren {
        p.write("(");
    }
    print_types_with_attrs(p, results, attrs);
    if paren {
        p.write(")");
    }
}

/// Reports `'<name>' is an inferred attribute and should not be specified in the
/// explicit attribute dictionary` if the dictionary parsed at `dict_pos` wrote one of
/// `names`.
pub(crate) fn check_inferred<'c>(
    p: &mut dyn OpAsmParser<'c>,
    state: &pto_ir::OperationState<'c>,
    dict_pos: u32,
    names: &[&str],
) -> Result<(), ()> {
    for name in names {
        let written = [state.props, Some(state.attrs)]
            .iter()
            .flatten()
            .filter_map(|d| d.as_dictionary())
            .any(|d| d.iter().any(|e| e.name.as_str() == *name));
        if written {
            p.emit_error_at(
                dict_pos,
                &format!(
                    "'{name}' is an inferred attribute and should not be specified in the explicit attribute dictionary"
                ),
            );
            return Err(());
        }
    }
    Ok(())
}
