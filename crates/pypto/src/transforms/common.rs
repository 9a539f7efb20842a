//! What the `pypto` passes share: the functions of a module, the MemRef a value's type
//! carries, keeping `func.func` signatures and calls consistent after types change, the
//! program order of a function and how values are named in diagnostics.

use std::collections::HashMap;

use pto_ir::builder::OpBuilder;
use pto_ir::{
    AttrKind, Body, Context, Diagnostic, InsertPoint, Location, OpId, Type, ValueDef, ValueId,
    WalkOrder,
};

use super::super::types::{MemRef, Shaped};
use super::super::ARG_NAMES_ATTR;
use pto_dialects::func;
use pto_dialects::scf;
use pto_ir::builtin;

type R<'c, T> = Result<T, Diagnostic<'c>>;

/// A `func.func` of a module, as a pass on the module sees it.
pub(super) struct FuncSite<'c> {
    /// The function's symbol name.
    pub name: String,
    /// Its location.
    pub loc: Location<'c>,
    /// Whether it is an Orchestration function (its tensors live in DDR and are the
    /// runtime's, so the memory passes leave it alone).
    pub orchestration: bool,
}

/// Runs `f` on the body of every `func.func` with a body in the module body `module`
/// (nested modules included). When `f` reports that it changed types, the function's
/// signature is re-read from its entry block and returns, and calls to it in the same
/// module are made consistent (see [`fix_calls`]).
pub(super) fn for_each_function<'c>(
    ctx: &'c Context,
    module: &mut Body<'c>,
    f: &mut dyn FnMut(&mut Body<'c>, &FuncSite<'c>) -> R<'c, bool>,
) -> R<'c, ()> {
    let mut funcs = Vec::new();
    let mut modules = Vec::new();
    for r in module.root_regions() {
        for b in module.region_blocks(r) {
            for op in module.block_ops(b) {
                match module.op_name(op).as_str() {
                    func::FuncOp::NAME => funcs.push(op),
                    builtin::ModuleOp::NAME => modules.push(op),
                    _ => {}
                }
            }
        }
    }
    let mut changed = Vec::new();
    for op in funcs {
        let site = FuncSite {
            name: module
                .attr(op, "sym_name")
                .and_then(|a| a.as_str().map(str::to_string))
                .unwrap_or_default(),
            loc: module.op_loc(op),
            orchestration: module
                .attr(op, super::super::FUNCTION_TYPE_ATTR)
                .is_some_and(|a| pto_ir::printer::attr_to_string(a).contains("Orchestration")),
        };
        let Some(body) = module.nested_mut(op) else {
            continue;
        };
        if body.root_regions().is_empty() {
            continue;
        }
        if f(body, &site)? && update_signature(ctx, module, op) {
            changed.push(site.name);
        }
    }
    if !changed.is_empty() {
        fix_calls(ctx, module, &changed);
    }
    for op in modules {
        if let Some(nested) = module.nested_mut(op) {
            for_each_function(ctx, nested, f)?;
        }
    }
    Ok(())
}

/// Runs `f` on every function but Orchestration ones (see [`for_each_function`]);
/// `f` returns how many things it made, summed into the statistic `stat` (a function
/// with none is taken as unchanged). With `needs` (the pass's name), every tile must
/// have a MemRef first.
pub(super) fn run_on_kernels<'c>(
    ctx: &'c Context,
    target: &mut pto_pass::PassTarget<'_, 'c>,
    stat: &'static pto_pass::StatisticSpec,
    needs: Option<&str>,
    mut f: impl FnMut(&'c Context, &mut Body<'c>, &FuncSite<'c>) -> R<'c, usize>,
) -> R<'c, ()> {
    let mut count = 0u64;
    for_each_function(ctx, target.body, &mut |body, site| {
        if site.orchestration {
            return Ok(false);
        }
        if let Some(pass) = needs {
            require_memrefs(body, pass)?;
        }
        let n = f(ctx, body, site)?;
        count += n as u64;
        Ok(n > 0)
    })?;
    target.statistics.add(stat, count);
    Ok(())
}

/// Sets the `function_type` of `func` from its entry block's argument types and the
/// operand types of its first `func.return`; returns whether it changed.
fn update_signature<'c>(ctx: &'c Context, module: &mut Body<'c>, func: OpId) -> bool {
    let Some(body) = module.nested(func) else {
        return false;
    };
    let Some(region) = body.root_regions().first().copied() else {
        return false;
    };
    let Some(entry) = body.entry_block(region) else {
        return false;
    };
    let inputs: Vec<Type<'c>> = body
        .block_args(entry)
        .iter()
        .map(|&a| body.value_type(a))
        .collect();
    let ret = body
        .region_blocks(region)
        .filter_map(|b| body.last_op(b))
        .find(|&t| body.op_name(t).as_str() == func::ReturnOp::NAME);
    let Some((old_in, old_out)) = pto_dialects::func::function_type(module, func) else {
        return false;
    };
    let results: Vec<Type<'c>> = match ret {
        Some(t) => body.operands(t).map(|v| body.value_type(v)).collect(),
        None => old_out.to_vec(),
    };
    if old_in == inputs.as_slice() && old_out == results.as_slice() {
        return false;
    }
    let fty = ctx.function_type(&inputs, &results);
    pto_dialects::func::set_function_type(ctx, module, func, fty);
    true
}

/// Makes every `func.call` in `module` to one of `changed` agree with the callee's new
/// signature. A MemRef is the callee's placement of its parameter, not the caller's, so
/// the caller's values keep their types: an operand whose type differs goes through a
/// `builtin.unrealized_conversion_cast` to the parameter's type, and a result whose type
/// changed comes back through one to the type the caller had.
fn fix_calls<'c>(ctx: &'c Context, module: &mut Body<'c>, changed: &[String]) {
    let mut sigs: HashMap<String, (Vec<Type<'c>>, Vec<Type<'c>>)> = HashMap::new();
    let mut funcs = Vec::new();
    for r in module.root_regions() {
        for b in module.region_blocks(r) {
            for op in module.block_ops(b) {
                if module.op_name(op).as_str() != func::FuncOp::NAME {
                    continue;
                }
                funcs.push(op);
                let name = module.attr(op, "sym_name").and_then(|a| a.as_str());
                if let (Some(name), Some((i, o))) =
                    (name, pto_dialects::func::function_type(module, op))
                {
                    if changed.iter().any(|c| c == name) {
                        sigs.insert(name.to_string(), (i.to_vec(), o.to_vec()));
                    }
                }
            }
        }
    }
    for f in funcs {
        let Some(body) = module.nested_mut(f) else {
            continue;
        };
        for (call, callee) in pto_dialects::func::calls(body) {
            let Some((ins, outs)) = sigs.get(callee) else {
                continue;
            };
            retype_call(ctx, body, call, ins, outs);
        }
    }
}

fn retype_call<'c>(
    ctx: &'c Context,
    body: &mut Body<'c>,
    call: OpId,
    ins: &[Type<'c>],
    outs: &[Type<'c>],
) {
    let loc = body.op_loc(call);
    for (i, &t) in ins.iter().enumerate().take(body.num_operands(call)) {
        let v = body.operand(call, i);
        if body.value_type(v) == t {
            continue;
        }
        let mut b = OpBuilder::new(ctx, body);
        b.set_insertion_point(InsertPoint::Before(call));
        let cast = b.create_named(
            builtin::UnrealizedConversionCastOp::NAME,
            loc,
            &[v],
            &[t],
            ctx.empty_dict(),
        );
        let nv = body.result(cast, 0);
        body.set_operand(call, i, nv);
    }
    for (i, &t) in outs.iter().enumerate().take(body.num_results(call)) {
        let r = body.result(call, i);
        let old = body.value_type(r);
        if old == t {
            continue;
        }
        body.set_value_type(r, t);
        let mut b = OpBuilder::new(ctx, body);
        b.set_insertion_point(InsertPoint::After(call));
        let cast = b.create_named(
            builtin::UnrealizedConversionCastOp::NAME,
            loc,
            &[r],
            &[old],
            ctx.empty_dict(),
        );
        let nv = body.result(cast, 0);
        let uses: Vec<(OpId, usize)> = body.uses(r).filter(|&(u, _)| u != cast).collect();
        for (u, k) in uses {
            body.set_operand(u, k, nv);
        }
    }
}

/// The MemRef in `v`'s type, if it is a tensor or tile with one.
pub(super) fn memref_of(body: &Body<'_>, v: ValueId) -> Option<MemRef> {
    Shaped::of(body.value_type(v)).and_then(|s| s.memref)
}

/// `t` (a tensor or tile type) with its MemRef replaced by `m`.
pub(super) fn with_memref<'c>(ctx: &'c Context, t: Type<'c>, m: MemRef) -> Type<'c> {
    match Shaped::of(t) {
        Some(mut s) => {
            s.memref = Some(m);
            s.build(ctx)
        }
        None => t,
    }
}

/// Every op of a function in program order (pre-order), with the position of each op
/// and, for ops with regions, the position of the last op nested in them.
pub(super) struct Order {
    /// The ops, in program order.
    pub ops: Vec<OpId>,
    /// Position of each op in `ops`.
    pub pos: HashMap<OpId, usize>,
    /// For each op, the position of the last op nested in it (its own if none).
    pub end: HashMap<OpId, usize>,
}

impl Order {
    /// The order of `body`'s ops.
    pub fn of(body: &Body<'_>) -> Self {
        let mut ops = Vec::new();
        for r in body.root_regions() {
            for b in body.region_blocks(r) {
                for op in body.block_ops(b) {
                    ops.extend(body.ops_in(op, WalkOrder::PreOrder));
                }
            }
        }
        let pos: HashMap<OpId, usize> = ops.iter().enumerate().map(|(i, &o)| (o, i)).collect();
        let mut end = HashMap::new();
        for (i, &op) in ops.iter().enumerate() {
            end.insert(op, i);
            let mut p = body.parent_op(op);
            while let Some(q) = p {
                if let Some(e) = end.get_mut(&q) {
                    *e = (*e).max(i);
                }
                p = body.parent_op(q);
            }
        }
        Order { ops, pos, end }
    }

    /// Where `v` comes into being: its defining op, or the op whose region's block has
    /// it as an argument (the function's parameters: before everything).
    pub fn def_point(&self, body: &Body<'_>, v: ValueId) -> Option<usize> {
        match body.value_def(v) {
            ValueDef::Result(op, _) => self.pos.get(&op).copied(),
            ValueDef::Arg(b, _) => match body.block_region(b).and_then(|r| body.region_op(r)) {
                Some(op) => self.pos.get(&op).copied(),
                None => None,
            },
        }
    }

    /// The last point at which `v` is needed: its uses, where a use inside a loop that
    /// does not hold `v`'s definition counts until the end of the outermost such loop
    /// (the value must survive every iteration).
    pub fn last_use(&self, body: &Body<'_>, v: ValueId) -> Option<usize> {
        let def_op = match body.value_def(v) {
            ValueDef::Result(op, _) => Some(op),
            ValueDef::Arg(b, _) => body.block_region(b).and_then(|r| body.region_op(r)),
        };
        let mut last = None;
        for (user, _) in body.uses(v) {
            let Some(&p) = self.pos.get(&user) else {
                continue;
            };
            let mut at = p;
            let mut q = body.parent_op(user);
            while let Some(l) = q {
                if Some(l) == def_op {
                    break;
                }
                if is_loop(body, l) && !self.contains(body, l, def_op) {
                    at = at.max(self.end[&l]);
                }
                q = body.parent_op(l);
            }
            last = Some(last.map_or(at, |x: usize| x.max(at)));
        }
        last
    }

    /// Whether `op` (if any) lies inside `outer`.
    fn contains(&self, body: &Body<'_>, outer: OpId, op: Option<OpId>) -> bool {
        let mut p = op;
        while let Some(q) = p {
            if q == outer {
                return true;
            }
            p = body.parent_op(q);
        }
        false
    }
}

/// Whether `op` repeats its body.
pub(super) fn is_loop(body: &Body<'_>, op: OpId) -> bool {
    matches!(
        body.op_name(op).as_str(),
        scf::ForOp::NAME | scf::WhileOp::NAME
    )
}

/// How a diagnostic names `v`: its Python name (`'acc'`) when its location gives one,
/// else its position (`result #0 of 'pypto.block.add'`, `argument #1`).
pub(super) fn describe(body: &Body<'_>, v: ValueId) -> String {
    match body.value_def(v) {
        ValueDef::Result(op, i) => {
            let names = loc_names(body.op_loc(op));
            match names.get(i as usize) {
                Some(n) => format!("'{n}'"),
                None => format!("result #{i} of '{}'", body.op_name(op).as_str()),
            }
        }
        ValueDef::Arg(b, i) => {
            if let AttrKind::NameLoc { name, .. } = *body.value_loc(v).kind() {
                return format!("'{}'", name.as_str());
            }
            let owner = body.block_region(b).and_then(|r| body.region_op(r));
            if let Some(op) = owner {
                let names = body.attr(op, ARG_NAMES_ATTR).and_then(|a| match *a.kind() {
                    AttrKind::Array(items) => items.get(i as usize).and_then(|x| x.as_str()),
                    _ => None,
                });
                if let Some(n) = names {
                    return format!("'{n}'");
                }
                return format!("argument #{i} of '{}'", body.op_name(op).as_str());
            }
            format!("argument #{i}")
        }
    }
}

fn loc_names<'c>(loc: Location<'c>) -> Vec<&'c str> {
    match *loc.kind() {
        AttrKind::NameLoc { name, .. } => vec![name.as_str()],
        AttrKind::FusedLoc { locs, .. } => locs
            .iter()
            .filter_map(|l| match *l.kind() {
                AttrKind::NameLoc { name, .. } => Some(name.as_str()),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    }
}

/// The location at which to report something about `v`: its defining op, or the op
/// owning the block it is an argument of, or the value's own location.
pub(super) fn value_site<'c>(body: &Body<'c>, v: ValueId) -> Location<'c> {
    match body.value_def(v) {
        ValueDef::Result(op, _) => body.op_loc(op),
        ValueDef::Arg(b, _) => match body.block_region(b).and_then(|r| body.region_op(r)) {
            Some(op) => body.op_loc(op),
            None => body.value_loc(v),
        },
    }
}

/// The tile and tensor values of a function: its parameters, then per op (in program
/// order) the arguments of its regions' blocks and its results.
pub(super) fn shaped_values(body: &Body<'_>, order: &Order) -> Vec<ValueId> {
    let mut values: Vec<ValueId> = Vec::new();
    for r in body.root_regions() {
        if let Some(e) = body.entry_block(r) {
            values.extend(body.block_args(e).iter().copied());
        }
    }
    for &op in &order.ops {
        for &r in body.regions_of(op) {
            for b in body.region_blocks(r) {
                values.extend(body.block_args(b).iter().copied());
            }
        }
        values.extend(body.results(op));
    }
    values.retain(|&v| Shaped::of(body.value_type(v)).is_some());
    values
}

/// Whether `v` is a parameter of the function.
pub(super) fn is_param(body: &Body<'_>, v: ValueId) -> bool {
    match body.value_def(v) {
        ValueDef::Arg(b, _) => body
            .block_region(b)
            .is_some_and(|r| body.region_op(r).is_none()),
        _ => false,
    }
}

/// Errors if a tile of `body` has no MemRef (`pass` needs one on each).
pub(super) fn require_memrefs<'c>(body: &Body<'c>, pass: &str) -> R<'c, ()> {
    let order = Order::of(body);
    for v in shaped_values(body, &order) {
        if let Some(s) = Shaped::of(body.value_type(v)) {
            if s.is_tile && s.memref.is_none() {
                return Err(Diagnostic::error(
                    value_site(body, v),
                    format!(
                        "{pass} needs a MemRef on every tile, but {} has none (run pypto-init-memref first)",
                        describe(body, v)
                    ),
                ));
            }
        }
    }
    Ok(())
}
