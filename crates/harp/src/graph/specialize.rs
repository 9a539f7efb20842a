//! `harp-graph-specialize`: binds symbolic sizes (by name, or from the shapes of the
//! entry's arguments as `pto-run` passes them), rewriting every type of the graphs.

use pto_ir::entity::EntityRef;
use pto_ir::{Body, Context, Diagnostic, OpId, Type, ValueId};
use pto_pass::{Pass, PassTarget};
use rustc_hash::FxHashMap;

use super::shapes::{Dim, TensorInfo};
use super::{signature, sizes, GraphOp};
use crate::HarpGraphSpecialize;

/// `M=64,N=32`.
pub fn parse_sizes(text: &str) -> Result<Vec<(String, i64)>, String> {
    text.split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| {
            let (n, v) = s
                .split_once('=')
                .ok_or_else(|| format!("expected NAME=SIZE, got '{s}'"))?;
            let v: i64 = v
                .trim()
                .parse()
                .map_err(|_| format!("the size of '{}' must be an integer, got '{v}'", n.trim()))?;
            if v < 1 {
                return Err(format!(
                    "the size of '{}' must be at least 1, got {v}",
                    n.trim()
                ));
            }
            Ok((n.trim().to_string(), v))
        })
        .collect()
}

/// `t` with the bound sizes replaced.
pub fn substitute<'c>(ctx: &'c Context, t: Type<'c>, bound: &FxHashMap<String, i64>) -> Type<'c> {
    if let Some(mut info) = TensorInfo::of(t) {
        for d in &mut info.shape {
            if let Dim::Sym(s) = d {
                if let Some(&v) = bound.get(*s) {
                    *d = Dim::Static(v);
                }
            }
        }
        return info.to_type(ctx);
    }
    if let pto_ir::TypeKind::Function { inputs, results } = t.kind() {
        let i: Vec<Type<'c>> = inputs.iter().map(|&x| substitute(ctx, x, bound)).collect();
        let r: Vec<Type<'c>> = results.iter().map(|&x| substitute(ctx, x, bound)).collect();
        return ctx.function_type(&i, &r);
    }
    t
}

/// Rewrites graph `g` with `bound`.
pub fn specialize_graph<'c>(
    ctx: &'c Context,
    module: &mut Body<'c>,
    g: OpId,
    bound: &FxHashMap<String, i64>,
) {
    let left: Vec<pto_ir::Attribute<'c>> = sizes(module, g)
        .into_iter()
        .filter(|s| !bound.contains_key(*s))
        .map(|s| ctx.string_attr(s))
        .collect();
    if let Some(ft) = module.attr(g, "function_type").and_then(|a| a.as_type()) {
        let nt = substitute(ctx, ft, bound);
        crate::edit::set_prop(ctx, module, g, "function_type", ctx.type_attr(nt));
    }
    crate::edit::set_prop(ctx, module, g, "sizes", ctx.array_attr(&left));
    if let Some(inner) = module.nested_mut(g) {
        for i in 0..inner.num_values() {
            let v = ValueId::new(i);
            let t = inner.value_type(v);
            let nt = substitute(ctx, t, bound);
            if nt != t {
                inner.set_value_type(v, nt);
            }
        }
    }
}

/// The sizes the entry's parameters take from arguments of `shapes`.
fn bind_from_shapes<'c>(
    module: &Body<'c>,
    g: OpId,
    shapes: &str,
    bound: &mut FxHashMap<String, i64>,
) -> Result<(), String> {
    let (params, _) = signature(module, g).ok_or("the graph has no signature")?;
    let shapes: Vec<&str> = shapes.split(';').collect();
    if shapes.len() != params.len() {
        return Err(format!(
            "the graph takes {} arguments, got {}",
            params.len(),
            shapes.len()
        ));
    }
    for (i, (&p, s)) in params.iter().zip(&shapes).enumerate() {
        if s.is_empty() {
            continue;
        }
        let Some(info) = TensorInfo::of(p) else {
            continue;
        };
        let dims: Vec<i64> = s.split('x').filter_map(|d| d.parse().ok()).collect();
        if dims.len() != info.shape.len() {
            return Err(format!(
                "argument {i} has shape [{}], but the graph takes {}",
                dims_text(&dims),
                info.describe()
            ));
        }
        for (d, &n) in info.shape.iter().zip(&dims) {
            match *d {
                Dim::Static(k) if k != n => {
                    return Err(format!(
                        "argument {i} has shape [{}], but the graph takes {}",
                        dims_text(&dims),
                        info.describe()
                    ))
                }
                Dim::Sym(name) => {
                    if let Some(&prev) = bound.get(name) {
                        if prev != n {
                            return Err(format!("size '{name}' is {prev} by an earlier argument but {n} by argument {i}"));
                        }
                    }
                    bound.insert(name.to_string(), n);
                }
                _ => {}
            }
        }
    }
    Ok(())
}

fn dims_text(d: &[i64]) -> String {
    d.iter().map(i64::to_string).collect::<Vec<_>>().join(", ")
}

impl Pass for HarpGraphSpecialize {
    fn run<'c>(
        &self,
        ctx: &'c Context,
        target: &mut PassTarget<'_, 'c>,
    ) -> Result<(), Diagnostic<'c>> {
        let graphs =
            crate::edit::top_level_ops(target.body, |b, op| GraphOp::from_op(b, op).is_some());
        let named = parse_sizes(&self.options.sizes)
            .map_err(|m| Diagnostic::error(target.loc, format!("harp-graph-specialize: {m}")))?;
        for g in graphs {
            let mut bound: FxHashMap<String, i64> = named.iter().cloned().collect();
            let is_entry = target.body.attr(g, "sym_name").and_then(|a| a.as_str())
                == Some(self.options.entry.as_str());
            if is_entry && !self.options.shapes.is_empty() {
                bind_from_shapes(target.body, g, &self.options.shapes, &mut bound).map_err(
                    |m| {
                        Diagnostic::error(
                            target.body.op_loc(g),
                            format!("harp-graph-specialize: @{}: {m}", self.options.entry),
                        )
                    },
                )?;
            }
            specialize_graph(ctx, target.body, g, &bound);
        }
        Ok(())
    }
}
