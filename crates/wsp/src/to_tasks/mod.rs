//! `convert-wsp-to-tasks` (see `td/Passes.td`): workloads to functions that enumerate
//! their tasks and call the kernels. `signature.rs` is the functions' parameters,
//! `axes.rs` how an axis is counted and its arrays checked, `abi.rs` the entry ABI
//! `pto-run` checks the arguments of such a function by.

use pto_dialects::{func, scf};
use pto_ir::builder::OpBuilder;
use pto_ir::{Body, Context, Diagnostic, InsertPoint, Location, OpId, Type, ValueId};
use pto_pass::{Pass, PassTarget};
use pto_tile::pto_to_loops::emit::Emitter;
use rustc_hash::FxHashMap;

use crate::{RaggedType, SparseType};

mod abi;
mod axes;
mod predicate;
mod signature;

pub use abi::capture;
use axes::{axis_extent, check, load_index, CmpLe};
use signature::signless;
pub use signature::{Signature, SymbolKind};

impl Pass for crate::ConvertWspToTasks {
    fn run<'c>(
        &self,
        ctx: &'c Context,
        target: &mut PassTarget<'_, 'c>,
    ) -> Result<(), Diagnostic<'c>> {
        let module = &mut *target.body;
        let Some(block) = module.root_entry_block() else {
            return Ok(());
        };
        let wsp_modules: Vec<OpId> = module
            .block_ops(block)
            .filter(|&op| crate::ModuleOp::from_op(module, op).is_some())
            .collect();
        for m in wsp_modules {
            let sig = Signature::of(module, m)?;
            lower_plain_kernels(ctx, module, block);
            let kernels = kernel_signatures(module, block);
            let mut funcs = Vec::new();
            let mut warnings = Vec::new();
            {
                let rb = module.region_body(m);
                let items = crate::region_ops(module, m, 0);
                let workloads: Vec<OpId> = items
                    .iter()
                    .copied()
                    .filter(|&op| crate::WorkloadOp::from_op(rb, op).is_some())
                    .collect();
                for &w in &workloads {
                    let name = rb
                        .attr(w, "sym_name")
                        .and_then(|a| a.as_str())
                        .unwrap_or("");
                    if kernels.contains_key(name) || module_has_symbol(module, block, name) {
                        return Err(Diagnostic::error(
                            rb.op_loc(w),
                            format!("convert-wsp-to-tasks: workload '{name}' becomes a function, but the module already has a symbol '{name}'"),
                        ));
                    }
                    funcs.push(lower_workload(ctx, rb, w, &sig, &kernels)?);
                }
                for &s in &items {
                    if crate::ScheduleOp::from_op(rb, s).is_none() {
                        continue;
                    }
                    for d in crate::region_ops(rb, s, 0) {
                        let sb = rb.region_body(s);
                        let name = sb.op_name(d).as_str();
                        warnings.push(Diagnostic::new(
                            sb.op_loc(d),
                            pto_ir::Severity::Warning,
                            format!(
                                "convert-wsp-to-tasks: '{}' has no effect on the CPU path (tasks run on the runtime's threads in enumeration order); ignored",
                                name.strip_prefix("wsp.").unwrap_or(name)
                            ),
                        ));
                    }
                }
                for &p in &items {
                    if crate::PipelineOp::from_op(rb, p).is_some() {
                        return Err(Diagnostic::error(
                            rb.op_loc(p),
                            "convert-wsp-to-tasks: CSP pipelines do not run on the CPU path yet",
                        ));
                    }
                }
            }
            target.diagnostics.extend(warnings);
            let mut b = OpBuilder::new(ctx, module);
            b.set_insertion_point(InsertPoint::Before(m));
            for st in funcs {
                b.create(st);
            }
            if module.erase_op(m).is_err() {
                return Err(Diagnostic::error(
                    target.loc,
                    "convert-wsp-to-tasks: the wsp.module is still in use",
                ));
            }
        }
        Ok(())
    }
}

/// `(memrefs, indices)` of each top-level function: its parameters split into the
/// memrefs a task's resources fill and the indices its arguments fill.
fn kernel_signatures<'c>(
    module: &Body<'c>,
    block: pto_ir::BlockId,
) -> FxHashMap<String, (OpId, Vec<Type<'c>>)> {
    let mut out = FxHashMap::default();
    for op in module.block_ops(block) {
        if func::FuncOp::from_op(module, op).is_none() {
            continue;
        }
        let name = module
            .attr(op, "sym_name")
            .and_then(|a| a.as_str())
            .unwrap_or("");
        if let Some((inputs, _)) = pto_dialects::func::function_type(module, op) {
            out.insert(name.to_string(), (op, inputs.to_vec()));
        }
    }
    out
}

/// A kernel without `pto` ops (nothing for the `pto` lowering to do, so it did not
/// run) still takes `!pto.ptr`s: they become the `memref<?xT>`s the lowering makes
/// of them.
fn lower_plain_kernels<'c>(ctx: &'c Context, module: &mut Body<'c>, block: pto_ir::BlockId) {
    let funcs: Vec<OpId> = module
        .block_ops(block)
        .filter(|&op| func::FuncOp::from_op(module, op).is_some())
        .collect();
    for f in funcs {
        let Some((inputs, results)) = pto_dialects::func::function_type(module, f) else {
            continue;
        };
        let is_ptr = |t: &Type<'_>| pto_tile::PtrType::from_type(*t).is_some();
        if !inputs.iter().any(is_ptr) || results.iter().any(is_ptr) {
            continue;
        }
        let Some(body) = module.nested(f) else {
            continue;
        };
        if body
            .all_ops()
            .into_iter()
            .any(|o| body.op_name(o).as_str().starts_with("pto."))
        {
            continue;
        }
        let new: Vec<Type<'c>> = inputs
            .iter()
            .map(|&t| match pto_tile::PtrType::from_type(t) {
                Some(p) => ctx.memref_type(
                    &[pto_ir::DYNAMIC],
                    signless(ctx, p.element_type()),
                    None,
                    None,
                ),
                None => t,
            })
            .collect();
        let results = results.to_vec();
        pto_dialects::func::set_function_type(ctx, module, f, ctx.function_type(&new, &results));
        if let Some(body) = module.nested_mut(f) {
            if let Some(entry) = body.root_entry_block() {
                let args: Vec<ValueId> = body.block_args(entry).to_vec();
                for (v, &t) in args.into_iter().zip(&new) {
                    body.set_value_type(v, t);
                }
            }
        }
    }
}

fn module_has_symbol(module: &Body<'_>, block: pto_ir::BlockId, name: &str) -> bool {
    module
        .block_ops(block)
        .any(|op| module.attr(op, "sym_name").and_then(|a| a.as_str()) == Some(name))
}

/// What a statement's operands and names refer to while a workload is lowered.
struct Env<'c> {
    /// Tensor and symbol parameters of the function, by name.
    params: FxHashMap<String, ValueId>,
    /// The same, in order.
    order: Vec<ValueId>,
    /// The values bound to the workload's block arguments and loop variables.
    values: FxHashMap<ValueId, ValueId>,
    /// The iteration counts of the ragged and sparse axes, computed (and their arrays
    /// checked) once at the function's entry, not in every loop that names them.
    extents: FxHashMap<Type<'c>, ValueId>,
}

fn lower_workload<'c>(
    ctx: &'c Context,
    mb: &Body<'c>,
    w: OpId,
    sig: &Signature<'c>,
    kernels: &FxHashMap<String, (OpId, Vec<Type<'c>>)>,
) -> Result<pto_ir::OperationState<'c>, Diagnostic<'c>> {
    let loc = mb.op_loc(w);
    let name = mb
        .attr(w, "sym_name")
        .and_then(|a| a.as_str())
        .unwrap_or("");
    let types = sig.param_types(ctx);
    let mut body = Box::new(Body::new());
    let region = body.create_region();
    let entry = body.create_block();
    body.append_block(region, entry);
    let mut env = Env {
        params: FxHashMap::default(),
        order: Vec::new(),
        values: FxHashMap::default(),
        extents: FxHashMap::default(),
    };
    let names = sig
        .tensors
        .iter()
        .map(|(n, ..)| n)
        .chain(sig.symbols.iter().map(|(n, _)| n));
    for (n, &t) in names.zip(&types) {
        let v = body.add_block_argument(entry, t, loc);
        env.params.insert(n.clone(), v);
        env.order.push(v);
    }
    let wb = mb.region_body(w);
    {
        let mut ob = OpBuilder::new(ctx, &mut body);
        ob.set_insertion_point(InsertPoint::BlockEnd(entry));
        let mut e = Emitter { b: &mut ob, loc };
        // Ragged and sparse axes: counted and checked once, here.
        let mut axes: Vec<(Type<'c>, Location<'c>)> = crate::region_args(mb, w, 0)
            .iter()
            .map(|&a| (wb.value_type(a), wb.value_loc(a)))
            .collect();
        for s in crate::nested_ops(mb, w) {
            if let Some(t) = wb.attr(s, "axis").and_then(|a| a.as_type()) {
                axes.push((t, wb.op_loc(s)));
            }
        }
        for (t, l) in axes {
            let irregular =
                RaggedType::from_type(t).is_some() || SparseType::from_type(t).is_some();
            if irregular && !env.extents.contains_key(&t) {
                e.loc = l;
                let n = axis_extent(&mut e, &env, t, l)?;
                env.extents.insert(t, n);
            }
        }
        e.loc = loc;
        // Workload parameters are their axes' sizes.
        for &a in crate::region_args(mb, w, 0) {
            let size = axis_extent(&mut e, &env, wb.value_type(a), wb.value_loc(a))?;
            env.values.insert(a, size);
        }
        let mut lw = Lowerer { ctx, kernels, env };
        lw.region(&mut e, mb, w, 0)?;
        e.op(func::ReturnOp::NAME, &[], &[], &[]);
    }
    let mut st = pto_ir::OperationState::new(ctx, pto_ir::OpName::of(ctx, func::FuncOp::NAME), loc);
    st.props = Some(ctx.dictionary_of(&[
        ("sym_name", ctx.string_attr(name)),
        (
            "function_type",
            ctx.type_attr(ctx.function_type(&types, &[])),
        ),
    ]));
    st.attrs = ctx.dictionary_of(&[("pto.entry", ctx.unit_attr())]);
    st.regions.push(region);
    st.nested = Some(body);
    Ok(st)
}

struct Lowerer<'k, 'c> {
    ctx: &'c Context,
    kernels: &'k FxHashMap<String, (OpId, Vec<Type<'c>>)>,
    env: Env<'c>,
}

impl<'c> Lowerer<'_, 'c> {
    fn region(
        &mut self,
        e: &mut Emitter<'_, '_, 'c>,
        body: &Body<'c>,
        op: OpId,
        index: usize,
    ) -> Result<(), Diagnostic<'c>> {
        let rb = body.region_body(op);
        for s in crate::region_ops(body, op, index) {
            self.stmt(e, rb, s)?;
        }
        Ok(())
    }

    fn value(&self, body: &Body<'c>, op: OpId, v: ValueId) -> Result<ValueId, Diagnostic<'c>> {
        self.env.values.get(&v).copied().ok_or_else(|| {
            Diagnostic::error(
                body.op_loc(op),
                "convert-wsp-to-tasks: an argument is not a loop index or a workload parameter",
            )
        })
    }

    /// A predicate as an `i1`.
    fn eval_bool(
        &self,
        e: &mut Emitter<'_, '_, 'c>,
        p: &predicate::Pred,
        err: &dyn Fn(String) -> Diagnostic<'c>,
    ) -> Result<ValueId, Diagnostic<'c>> {
        use predicate::Pred;
        use pto_dialects::arith::{CmpFPredicate as F, CmpIPredicate as I};
        let int = pto_tile::pto_to_loops::emit::Num::Int(64, false);
        Ok(match p {
            Pred::Sym(_) | Pred::Int(_) => {
                let v = self.eval_index(e, p, err)?;
                let zero = e.index(0);
                e.cmp(int, F::One, I::Ne, v, zero)
            }
            Pred::Not(a) => {
                let v = self.eval_bool(e, a, err)?;
                let t = e.int_of(e.ctx().int_type(1), 1);
                e.same(pto_dialects::arith::XOrIOp::NAME, &[v, t])
            }
            Pred::And(a, b) | Pred::Or(a, b) => {
                let (x, y) = (self.eval_bool(e, a, err)?, self.eval_bool(e, b, err)?);
                let name = if matches!(p, Pred::And(..)) {
                    pto_dialects::arith::AndIOp::NAME
                } else {
                    pto_dialects::arith::OrIOp::NAME
                };
                e.same(name, &[x, y])
            }
            Pred::Cmp(op, a, b) => {
                let (x, y) = (self.eval_index(e, a, err)?, self.eval_index(e, b, err)?);
                let i = match *op {
                    "==" => I::Eq,
                    "!=" => I::Ne,
                    "<" => I::Slt,
                    "<=" => I::Sle,
                    ">" => I::Sgt,
                    _ => I::Sge,
                };
                e.cmp(int, F::Oeq, i, x, y)
            }
        })
    }

    /// A predicate's operand as an index (a comparison or connective: 1 or 0).
    fn eval_index(
        &self,
        e: &mut Emitter<'_, '_, 'c>,
        p: &predicate::Pred,
        err: &dyn Fn(String) -> Diagnostic<'c>,
    ) -> Result<ValueId, Diagnostic<'c>> {
        use predicate::Pred;
        Ok(match p {
            Pred::Sym(s) => *self
                .env
                .params
                .get(s)
                .ok_or_else(|| err(format!("'{s}' in a predicate is not a run-time size")))?,
            Pred::Int(n) => e.index(*n),
            _ => {
                let b = self.eval_bool(e, p, err)?;
                let (one, zero) = (e.index(1), e.index(0));
                e.select(b, one, zero)
            }
        })
    }

    fn stmt(
        &mut self,
        e: &mut Emitter<'_, '_, 'c>,
        body: &Body<'c>,
        op: OpId,
    ) -> Result<(), Diagnostic<'c>> {
        let loc = body.op_loc(op);
        e.loc = loc;
        let name = body.op_name(op).as_str();
        let err = |m: String| Diagnostic::error(loc, format!("convert-wsp-to-tasks: {m}"));
        match name.strip_prefix("wsp.").unwrap_or(name) {
            "task" => {
                let kernel = body
                    .attr(op, "kernel")
                    .and_then(|a| a.symbol_root())
                    .unwrap_or("");
                let Some((_, inputs)) = self.kernels.get(kernel) else {
                    return Err(err(format!("kernel '{kernel}' is not a function of the module (a func.func taking the task's resources, then its arguments as indices)")));
                };
                let mut args = Vec::new();
                for r in body
                    .attr(op, "resources")
                    .and_then(|a| a.as_array())
                    .unwrap_or(&[])
                {
                    let r = r.symbol_root().unwrap_or("");
                    match self.env.params.get(r) {
                        Some(&v) => args.push(v),
                        None => return Err(err(format!("resource '{r}' is not a tensor of the module (declare it with wsp.tensor)"))),
                    }
                }
                for v in body.operands(op) {
                    args.push(self.value(body, op, v)?);
                }
                let got: Vec<Type<'c>> = args.iter().map(|&v| e.b.body().value_type(v)).collect();
                if got[..] != inputs[..] {
                    let show = |ts: &[Type<'c>]| {
                        ts.iter()
                            .map(ToString::to_string)
                            .collect::<Vec<_>>()
                            .join(", ")
                    };
                    let lowered = if inputs.iter().any(|t| t.to_string().starts_with("!pto.")) {
                        " (run the pto lowering first: kernels take memrefs here)"
                    } else {
                        ""
                    };
                    return Err(err(format!(
                        "task of '{kernel}' passes ({}) but the kernel takes ({}){lowered}",
                        show(&got),
                        show(inputs)
                    )));
                }
                let ctx = self.ctx;
                e.op(
                    func::CallOp::NAME,
                    &args,
                    &[],
                    &[("callee", ctx.symbol_ref_attr(ctx.ident(kernel), &[]))],
                );
            }
            "call" => {
                let callee = body
                    .attr(op, "callee")
                    .and_then(|a| a.symbol_root())
                    .unwrap_or("");
                // Every workload function of a module takes the same parameters.
                let params = self.env.order.clone();
                let ctx = self.ctx;
                e.op(
                    func::CallOp::NAME,
                    &params,
                    &[],
                    &[("callee", ctx.symbol_ref_attr(ctx.ident(callee), &[]))],
                );
            }
            "parallel_for" => {
                // A nest of parallel_fors over dense axes, each the only statement of
                // the one around it, is one parallel loop over the product.
                let mut nest = vec![op];
                let mut inner = op;
                loop {
                    let kids = crate::region_ops(body, inner, 0);
                    match kids[..] {
                        [k] if crate::ParallelForOp::from_op(body, k).is_some() => {
                            nest.push(k);
                            inner = k;
                        }
                        _ => break,
                    }
                }
                let mut extents = Vec::new();
                for &l in &nest {
                    let t = body
                        .attr(l, "axis")
                        .and_then(|a| a.as_type())
                        .ok_or_else(|| err("a loop without an axis".into()))?;
                    if SparseType::from_type(t).is_some() {
                        return Err(err("a parallel_for over a sparse axis; use select".into()));
                    }
                    extents.push(axis_extent(e, &self.env, t, body.op_loc(l))?);
                }
                let mut total = extents[0];
                for &x in &extents[1..] {
                    total = e.mul(total, x);
                }
                let (region, block) = e.b.create_region_with_block();
                let index = e.index_type();
                let flat = e.b.body().add_block_argument(block, index, loc);
                let zero = e.index(0);
                let one = e.index(1);
                let ctx = self.ctx;
                let mut st = e.b.state(scf::ParallelOp::NAME, loc);
                st.operands.extend_from_slice(&[zero, total, one]);
                st.props = Some(ctx.dictionary_of(&[(
                    "operandSegmentSizes",
                    pto_ir::ods::format::dense_i32_array(ctx, &[1, 1, 1, 0]),
                )]));
                st.regions.push(region);
                let par = e.b.create(st);
                let saved = e.b.insertion_point();
                e.b.set_insertion_point(InsertPoint::BlockEnd(block));
                // Row-major: the innermost loop varies fastest.
                let mut rest = flat;
                for (k, &l) in nest.iter().enumerate().rev() {
                    let idx = if k == 0 {
                        rest
                    } else {
                        e.rem(rest, extents[k])
                    };
                    if k > 0 {
                        rest = e.div(rest, extents[k]);
                    }
                    if let Some(&iv) = crate::region_args(body, l, 0).first() {
                        self.env.values.insert(iv, idx);
                    }
                }
                self.region(e, body, inner, 0)?;
                let rst = e.b.state(scf::ReduceOp::NAME, loc);
                e.b.create(rst);
                match saved {
                    Some(at) => e.b.set_insertion_point(at),
                    None => e.b.set_insertion_point(InsertPoint::After(par)),
                }
            }
            "for_each" | "select" => {
                let t = body
                    .attr(op, "axis")
                    .and_then(|a| a.as_type())
                    .ok_or_else(|| err("a loop without an axis".into()))?;
                let iv = crate::region_args(body, op, 0).first().copied();
                if let Some(s) = SparseType::from_type(t) {
                    let indices = self
                        .env
                        .params
                        .get(s.indices())
                        .copied()
                        .ok_or_else(|| err(format!("no parameter for '{}'", s.indices())))?;
                    let nnz = axis_extent(e, &self.env, t, loc)?;
                    // All selections, or those of one row: indptr[row] .. indptr[row + 1].
                    let (lo, hi) = match body.operands(op).next() {
                        Some(r) => {
                            let row = self.value(body, op, r)?;
                            let outer = self.env.params[s.outer()];
                            let indptr = self.env.params[s.indptr()];
                            let one = e.index(1);
                            let next = e.add(row, one);
                            check(
                                e,
                                CmpLe(next, outer),
                                &format!(
                                    "sparse axis: the selected row is not below '{}'",
                                    s.outer()
                                ),
                            );
                            (load_index(e, indptr, row), load_index(e, indptr, next))
                        }
                        None => (e.index(0), nnz),
                    };
                    let mut result = Ok(());
                    e.for_range(lo, hi, |e, j| {
                        let sel = load_index(e, indices, j);
                        if let Some(iv) = iv {
                            self.env.values.insert(iv, sel);
                        }
                        result = self.region(e, body, op, 0);
                    });
                    result?;
                } else {
                    let n = axis_extent(e, &self.env, t, loc)?;
                    let mut result = Ok(());
                    e.for_upto(n, |e, i| {
                        if let Some(iv) = iv {
                            self.env.values.insert(iv, i);
                        }
                        result = self.region(e, body, op, 0);
                    });
                    result?;
                }
            }
            "combine" | "sequential" => self.region(e, body, op, 0)?,
            "cond" => {
                let text = body
                    .attr(op, "predicate")
                    .and_then(|a| a.as_str())
                    .unwrap_or("");
                let pred = predicate::parse(text)
                    .map_err(|m| err(format!("the predicate '{text}': {m}")))?;
                let c = self.eval_bool(e, &pred, &err)?;
                let mut result = Ok(());
                e.if_then(c, |e| result = self.region(e, body, op, 0));
                result?;
                let t = e.int_of(e.ctx().int_type(1), 1);
                let not = e.same(pto_dialects::arith::XOrIOp::NAME, &[c, t]);
                let mut result = Ok(());
                e.if_then(not, |e| result = self.region(e, body, op, 1));
                result?;
            }
            "pipeline" | "send" | "consume" => {
                return Err(err("CSP pipelines do not run on the CPU path yet".into()))
            }
            other => {
                return Err(err(format!(
                    "'wsp.{other}' does not run on the CPU path yet"
                )))
            }
        }
        Ok(())
    }
}
