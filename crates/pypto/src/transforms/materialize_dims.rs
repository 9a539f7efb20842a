//! `pypto-materialize-dims`: every symbolic dimension of a function's parameter types
//! gets a parameter that holds its size at run time.
//!
//! A symbol no integer parameter binds (`pypto.dim`, see `dims.rs`) gets a new `i64`
//! parameter, appended in the order the symbols first appear, and every call passes
//! the caller's own parameter for it (`func.call` types match the callee's exactly, so
//! the caller's `n` is the callee's). A result dimension must be one of the
//! parameters' sizes: nothing else could give the caller the size of what it gets
//! back. The lowerings (`pypto-tensor-to-block`, `pypto-block-to-pto`) read sizes from
//! these parameters, and `pto-run` fills the appended ones from the shapes of its
//! `.npy` arguments.

use std::collections::HashMap;

use pto_ir::{AttrKind, Body, Context, Diagnostic, OpId, Type, TypeKind};
use pto_pass::{Pass, PassTarget};

use super::super::dims::{param_symbols, symbols_of, with_param_symbol, DIM_ATTR};
use pto_dialects::func;

type R<'c, T> = Result<T, Diagnostic<'c>>;

impl Pass for crate::PyPTOMaterializeDims {
    fn run<'c>(&self, ctx: &'c Context, target: &mut PassTarget<'_, 'c>) -> R<'c, ()> {
        let module = &mut *target.body;
        let funcs: Vec<OpId> = module
            .all_ops()
            .into_iter()
            .filter(|&op| module.op_name(op).as_str() == func::FuncOp::NAME)
            .collect();
        // Phase 1: signatures. For each function, where each bound symbol is.
        let mut bound: Vec<HashMap<&'c str, usize>> = Vec::with_capacity(funcs.len());
        let mut appended: HashMap<&'c str, Vec<&'c str>> = HashMap::new();
        let mut count = 0;
        for &f in &funcs {
            let (syms, new) = materialize(ctx, module, f)?;
            count += new.len() as u64;
            bound.push(syms);
            if !new.is_empty() {
                let name = module.attr(f, "sym_name").and_then(|a| a.as_str());
                appended.insert(name.unwrap_or_default(), new);
            }
        }
        // Phase 2: calls pass the sizes.
        if !appended.is_empty() {
            for (&f, caller) in funcs.iter().zip(&bound) {
                if let Some(body) = module.nested_mut(f) {
                    fix_calls(body, caller, &appended)?;
                }
            }
        }
        target
            .statistics
            .add(crate::PyPTOMaterializeDims::NUM_SIZE_PARAMS, count);
        Ok(())
    }
}

/// Binds the symbols of `f`'s parameter types, appending parameters for the unbound
/// ones; returns every bound symbol's parameter and the appended symbols.
#[allow(clippy::type_complexity)]
fn materialize<'c>(
    ctx: &'c Context,
    module: &mut Body<'c>,
    f: OpId,
) -> R<'c, (HashMap<&'c str, usize>, Vec<&'c str>)> {
    let Some((inputs, results)) = pto_dialects::func::function_type(module, f) else {
        return Ok((HashMap::new(), Vec::new()));
    };
    let loc = module.op_loc(f);
    let arg_attrs = module.attr(f, "arg_attrs");
    let mut syms: HashMap<&'c str, usize> = HashMap::new();
    for (i, s) in param_symbols(arg_attrs, inputs.len())
        .into_iter()
        .enumerate()
    {
        let Some(s) = s else { continue };
        // Sizes are INT64, as the parameters this pass appends (and calls pass them on).
        if !matches!(inputs[i].kind(), TypeKind::Integer { width: 64, .. }) {
            return Err(Diagnostic::error(
                loc,
                format!(
                    "pypto-materialize-dims: parameter #{i} binds dimension '{s}' ({DIM_ATTR}) but has type {}, not i64 (INT64)",
                    inputs[i]
                ),
            ));
        }
        if let Some(j) = syms.insert(s, i) {
            return Err(Diagnostic::error(
                loc,
                format!(
                    "pypto-materialize-dims: parameters #{j} and #{i} both bind dimension '{s}'"
                ),
            ));
        }
    }
    let mut new: Vec<&'c str> = Vec::new();
    for &t in inputs {
        for s in symbols_of(t) {
            if !syms.contains_key(s) && !new.contains(&s) {
                new.push(s);
            }
        }
    }
    for &t in results {
        if let Some(s) = symbols_of(t)
            .into_iter()
            .find(|s| !syms.contains_key(s) && !new.contains(s))
        {
            return Err(Diagnostic::error(
                loc,
                format!(
                    "pypto-materialize-dims: result type {t} has dimension '{s}', which is not the size of a parameter"
                ),
            ));
        }
    }
    if new.is_empty() {
        return Ok((syms, new));
    }
    let i64t = ctx.int_type(64);
    let mut ins: Vec<Type<'c>> = inputs.to_vec();
    let mut attrs = arg_attrs;
    for &s in &new {
        let i = ins.len();
        ins.push(i64t);
        attrs = Some(with_param_symbol(ctx, attrs, ins.len(), i, s));
        syms.insert(s, i);
    }
    // A declaration has no entry block; its signature changes all the same.
    if let Some(body) = module.nested_mut(f) {
        if let Some(entry) = body.root_entry_block() {
            for &s in &new {
                let at = ctx.location(AttrKind::NameLoc {
                    name: ctx.ident(s),
                    child: Some(loc),
                });
                body.add_block_argument(entry, i64t, at);
            }
        }
    }
    let fty = ctx.function_type(&ins, results);
    pto_dialects::func::set_function_type(ctx, module, f, fty);
    let props = ctx.dict_with(module.op_props(f), "arg_attrs", attrs);
    module.set_op_props(f, Some(props));
    Ok((syms, new))
}

/// Appends to each call of a function in `appended` the caller's parameter for each
/// appended symbol.
fn fix_calls<'c>(
    body: &mut Body<'c>,
    caller: &HashMap<&'c str, usize>,
    appended: &HashMap<&'c str, Vec<&'c str>>,
) -> R<'c, ()> {
    let Some(entry) = body.root_entry_block() else {
        return Ok(());
    };
    let params = body.block_args(entry).to_vec();
    for (call, callee) in pto_dialects::func::calls(body) {
        let Some(syms) = appended.get(callee) else {
            continue;
        };
        let mut operands: Vec<_> = body.operands(call).collect();
        for &s in syms {
            let Some(&i) = caller.get(s) else {
                return Err(Diagnostic::error(
                    body.op_loc(call),
                    format!(
                        "pypto-materialize-dims: '@{callee}' needs the size '{s}', which is not the size of a parameter of the caller"
                    ),
                ));
            };
            operands.push(params[i]);
        }
        body.set_operands(call, &operands);
    }
    Ok(())
}
