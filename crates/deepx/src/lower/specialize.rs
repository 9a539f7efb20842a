//! `deepx-specialize{entry=f args="..."}`: function `f` bound to the arguments it will
//! be called with, as a JIT specializes. Per read parameter, `args` gives the shape and
//! data type of an array (`s2x4xf32`, a 0-d array `sxf32`), a value (`v1`, `v2.5`,
//! `vfalse`, a list `l1:2:3`) or nothing. Then
//! - dimension variables take the arrays' sizes (a conflict names the argument and both
//!   sizes; an array of the wrong rank or size is an error at the parameter);
//! - scalar and list parameters take their values (a `deepx.const` at the top of the
//!   function replaces their uses);
//! - `newtensor`s of a constant shape list get that shape;
//! - tensors written with an open shape (`?`, or none) get the shape their ops' rules
//!   give ([`crate::verify::infer_shapes`]).

use rustc_hash::FxHashMap;

use pto_ir::builder::OpBuilder;
use pto_ir::{Body, Context, Diagnostic, InsertPoint, OpId, Type, ValueId};
use pto_pass::registry::EntryArg;
use pto_pass::{Pass, PassTarget};

use super::substitute;
use crate::types::{dtype_from_name, dtype_name, list_element, Dim, TensorInfo};
use crate::verify::{const_ints, value_name};
use crate::{ConstOp, FuncOp, NewTensorOp};

/// One argument, as `args` spells it.
#[derive(Clone, Debug, PartialEq)]
pub enum Given {
    /// Nothing known.
    Unknown,
    /// An array of this shape and data type (`s2x4xf32`).
    Array(Vec<i64>, String),
    /// A number or bool, as written (`v1.5`).
    Value(String),
    /// A list of numbers (`l1:2:3`).
    List(Vec<String>),
}

/// The spelling of a command-line argument in `args`.
pub fn encode_arg(a: &EntryArg) -> String {
    if let Some(shape) = &a.shape {
        let dims: Vec<String> = shape.iter().map(i64::to_string).collect();
        let dt = a.dtype.as_deref().unwrap_or("");
        return if dims.is_empty() {
            format!("sx{dt}")
        } else {
            format!("s{}x{dt}", dims.join("x"))
        };
    }
    let t = a.text.trim();
    if t.ends_with(".npy") {
        // An array whose header could not be read: reading it reports why.
        return String::new();
    }
    if let Some(inner) = t.strip_prefix('[').and_then(|r| r.strip_suffix(']')) {
        let items: Vec<&str> = inner
            .split(',')
            .map(str::trim)
            .filter(|x| !x.is_empty())
            .collect();
        return format!("l{}", items.join(":"));
    }
    if t.chars()
        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '+'))
    {
        return format!("v{t}");
    }
    String::new()
}

/// Reads `args`.
pub fn decode_args(s: &str) -> Result<Vec<Given>, String> {
    if s.is_empty() {
        return Ok(Vec::new());
    }
    s.split(';')
        .map(|a| {
            if a.is_empty() {
                return Ok(Given::Unknown);
            }
            let (kind, rest) = a.split_at(1);
            match kind {
                "s" => {
                    let mut parts: Vec<&str> = rest.split('x').collect();
                    let dt = parts.pop().unwrap_or("").to_string();
                    let dims = parts
                        .iter()
                        .filter(|p| !p.is_empty())
                        .map(|p| {
                            p.parse::<i64>()
                                .map_err(|_| format!("bad size '{p}' in '{a}'"))
                        })
                        .collect::<Result<_, _>>()?;
                    Ok(Given::Array(dims, dt))
                }
                "v" => Ok(Given::Value(rest.to_string())),
                "l" => Ok(Given::List(
                    rest.split(':')
                        .filter(|x| !x.is_empty())
                        .map(str::to_string)
                        .collect(),
                )),
                _ => Err(format!(
                    "bad argument '{a}' (s<shape>x<dtype>, v<value>, l<a:b:...>)"
                )),
            }
        })
        .collect()
}

impl Pass for crate::DeepXSpecialize {
    fn run<'c>(
        &self,
        ctx: &'c Context,
        target: &mut PassTarget<'_, 'c>,
    ) -> Result<(), Diagnostic<'c>> {
        let given = decode_args(&self.options.args)
            .map_err(|e| Diagnostic::error(target.loc, format!("deepx-specialize: {e}")))?;
        let Some(block) = target.body.root_entry_block() else {
            return Ok(());
        };
        let module = &mut *target.body;
        let Some(func) = module.block_ops(block).find(|&op| {
            FuncOp::from_op(module, op).and_then(|f| f.sym_name(module)?.as_str())
                == Some(self.options.entry.as_str())
        }) else {
            return Err(Diagnostic::error(
                target.loc,
                format!(
                    "deepx-specialize: no deepx function '{}'",
                    self.options.entry
                ),
            ));
        };
        specialize(ctx, module, func, &given)
    }
}

/// Specializes `func` (a `deepx.func` of `module`) to the arguments `given`.
pub fn specialize<'c>(
    ctx: &'c Context,
    module: &mut Body<'c>,
    func: OpId,
    given: &[Given],
) -> Result<(), Diagnostic<'c>> {
    let floc = module.op_loc(func);
    let n_reads = FuncOp(func).num_reads(module);
    if !given.is_empty() && given.len() != n_reads {
        return Err(Diagnostic::error(
            floc,
            format!(
                "'{}' reads {n_reads} parameters, {} arguments given",
                name(module, func),
                given.len()
            ),
        ));
    }
    let fname = name(module, func);
    let body = module.nested_mut(func).expect("a deepx.func has a body");
    let Some(entry) = body.root_entry_block() else {
        return Ok(());
    };
    let args = body.block_args(entry).to_vec();
    let mut dims: FxHashMap<u32, (i64, String)> = FxHashMap::default();
    for (i, g) in given.iter().enumerate() {
        let p = args[i];
        let ty = body.value_type(p);
        let pname = value_name(body, p);
        let at = body.value_loc(p);
        let at = if at.file_line_col().is_some() {
            at
        } else {
            floc
        };
        match g {
            Given::Unknown => {}
            Given::Array(shape, dt) => {
                let Some(info) = TensorInfo::of(ty) else {
                    if shape.is_empty() {
                        continue; // A scalar given as a 0-d array.
                    }
                    return Err(Diagnostic::error(
                        at,
                        format!(
                            "argument {i}: '{pname}' of '{fname}' is a {}, given an array",
                            crate::types::deepx_spelling(ty)
                        ),
                    ));
                };
                let shown: Vec<String> = shape.iter().map(i64::to_string).collect();
                let shown = format!("[{}]", shown.join(", "));
                let mut refined = info.clone();
                match &info.shape {
                    Some(ds) if ds.len() != shape.len() => {
                        return Err(Diagnostic::error(at, format!("argument {i}: '{pname}' of '{fname}' has rank {}, the array {shown} has rank {}", ds.len(), shape.len())));
                    }
                    Some(ds) => {
                        for (k, (&d, &n)) in ds.iter().zip(shape).enumerate() {
                            match d {
                                Dim::Static(x) if x != n => {
                                    return Err(Diagnostic::error(at, format!("argument {i}: '{pname}' of '{fname}' has {x} in dimension {k}, the array {shown} has {n}")));
                                }
                                Dim::Var(v) => match dims.get(&v) {
                                    Some((x, from)) if *x != n => {
                                        return Err(Diagnostic::error(at, format!("argument {i}: ?{v} is {x} (from {from}) but the array {shown} for '{pname}' has {n} in dimension {k}")));
                                    }
                                    _ => {
                                        dims.insert(v, (n, format!("'{pname}'")));
                                    }
                                },
                                _ => {}
                            }
                        }
                    }
                    None => refined.shape = Some(shape.iter().map(|&n| Dim::Static(n)).collect()),
                }
                if refined.dtype.is_none() {
                    refined.dtype = dtype_from_name(ctx, dt).filter(|t| dtype_name(*t).is_some());
                }
                if let Some(s) = &mut refined.shape {
                    for (d, &n) in s.iter_mut().zip(shape) {
                        *d = Dim::Static(n);
                    }
                }
                body.set_value_type(p, refined.build(ctx));
            }
            Given::Value(_) | Given::List(_) if TensorInfo::of(ty).is_some() => {
                return Err(Diagnostic::error(
                    at,
                    format!("argument {i}: '{pname}' of '{fname}' is a tensor: give it an array (a .npy file)"),
                ));
            }
            Given::Value(_) | Given::List(_) => {
                let value = literal(ctx, ty, g).ok_or_else(|| {
                    Diagnostic::error(
                        at,
                        format!(
                            "argument {i}: '{}' is not a {} for '{pname}'",
                            match g {
                                Given::Value(t) => t.clone(),
                                _ => "the list".into(),
                            },
                            crate::types::deepx_spelling(ty)
                        ),
                    )
                })?;
                let mut b = OpBuilder::new(ctx, body);
                b.set_insertion_point(InsertPoint::BlockStart(entry));
                let c = ConstOp::build(&mut b, at, ty, value);
                let v = body.result(c.0, 0);
                body.replace_all_uses(p, v);
            }
        }
    }
    let by_var: FxHashMap<u32, Dim> = dims
        .iter()
        .map(|(&v, &(n, _))| (v, Dim::Static(n)))
        .collect();
    retype(ctx, body, entry, &by_var);
    // Shapes given by constant lists.
    let ops: Vec<OpId> = body.block_ops(entry).collect();
    for &op in &ops {
        if NewTensorOp::from_op(body, op).is_none() {
            continue;
        }
        let Some(s) = body.operands(op).next().and_then(|v| const_ints(body, v)) else {
            continue;
        };
        let r = body.result(op, 0);
        let mut info = TensorInfo::of(body.value_type(r)).expect("a tensor");
        info.shape = Some(s.iter().map(|&n| Dim::Static(n)).collect());
        body.set_value_type(r, info.build(ctx));
    }
    // What the ops' rules give the open shapes; twice, as an inferred shape may open
    // another.
    for _ in 0..4 {
        let crate::verify::Inferred {
            findings,
            shapes: refined,
            vars,
        } = crate::verify::infer_shapes(ctx, module, func);
        if let Some(e) = findings
            .into_iter()
            .find(|d| d.severity == pto_ir::Severity::Error)
        {
            return Err(e);
        }
        let body = module.nested_mut(func).expect("a deepx.func has a body");
        let by_var: FxHashMap<u32, Dim> = vars.iter().map(|(&v, &n)| (v, Dim::Static(n))).collect();
        let mut changed = false;
        for (v, s) in refined {
            let mut info = TensorInfo::of(body.value_type(v)).expect("a tensor");
            let new = Some(s);
            if info.shape != new {
                info.shape = new;
                body.set_value_type(v, info.build(ctx));
                changed = true;
            }
        }
        let before: Vec<Type<'c>> = body
            .block_args(entry)
            .iter()
            .map(|&a| body.value_type(a))
            .collect();
        retype(ctx, body, entry, &by_var);
        let after: Vec<Type<'c>> = body
            .block_args(entry)
            .iter()
            .map(|&a| body.value_type(a))
            .collect();
        if !changed && before == after {
            break;
        }
    }
    // The signature follows the arguments' types.
    let body = module.region_body(func);
    let tys: Vec<Type<'c>> = body
        .block_args(entry)
        .iter()
        .map(|&a| body.value_type(a))
        .collect();
    let fty = ctx.function_type(
        &tys[..n_reads.min(tys.len())],
        &tys[n_reads.min(tys.len())..],
    );
    let props = ctx.dict_with(
        module.op_props(func),
        "function_type",
        Some(ctx.type_attr(fty)),
    );
    module.set_op_props(func, Some(props));
    Ok(())
}

fn name(module: &Body<'_>, func: OpId) -> String {
    FuncOp(func)
        .sym_name(module)
        .and_then(|a| a.as_str())
        .unwrap_or("?")
        .to_string()
}

/// Every type of the function with its variables replaced.
fn retype<'c>(
    ctx: &'c Context,
    body: &mut Body<'c>,
    entry: pto_ir::BlockId,
    dims: &FxHashMap<u32, Dim>,
) {
    let mut values: Vec<ValueId> = body.block_args(entry).to_vec();
    for op in body.block_ops(entry).collect::<Vec<_>>() {
        values.extend((0..body.num_results(op)).map(|i| body.result(op, i)));
    }
    for v in values {
        let t = substitute(ctx, body.value_type(v), dims);
        body.set_value_type(v, t);
    }
}

/// The constant of type `ty` that `g` spells.
fn literal<'c>(ctx: &'c Context, ty: Type<'c>, g: &Given) -> Option<pto_ir::Attribute<'c>> {
    let one = |t: Type<'c>, text: &str| -> Option<pto_ir::Attribute<'c>> {
        match dtype_name(t)? {
            "bool" => match text {
                "true" | "1" => Some(ctx.int_attr(t, 1)),
                "false" | "0" => Some(ctx.int_attr(t, 0)),
                _ => None,
            },
            _ if t.float_kind().is_some() => crate::float_attr(ctx, t, text),
            _ => text.parse::<i128>().ok().map(|v| ctx.int_attr(t, v)),
        }
    };
    match g {
        Given::Value(text) => one(ty, text),
        Given::List(items) => {
            let e = list_element(ty)?;
            let attrs: Option<Vec<_>> = items.iter().map(|x| one(e, x)).collect();
            Some(ctx.array_attr(&attrs?))
        }
        _ => None,
    }
}
