//! `convert-wsp-to-tasks` (see `td/Passes.td`): workloads to functions that enumerate
//! their tasks and call the kernels, and the entry ABI `pto-run` checks the arguments
//! of such a function by.

use pto_dialects::{func, scf};
use pto_ir::builder::OpBuilder;
use pto_ir::{Body, Context, Diagnostic, InsertPoint, Location, OpId, Type, TypeKind, ValueId};
use pto_pass::{Pass, PassTarget};
use pto_tile::pto_to_loops::emit::Emitter;
use rustc_hash::FxHashMap;

use crate::{DenseDynType, DenseType, RaggedType, SparseType, TensorType};

/// A run-time symbol an axis names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SymbolKind {
    /// A size (`index`).
    Size,
    /// An array of `i32` (ragged lengths, CSR row pointers and indices).
    Array,
}

/// The parameters of every workload function of a `wsp.module`: its tensors, then its
/// symbols.
#[derive(Clone, Debug, Default)]
pub struct Signature<'c> {
    /// Name, element type and shape (`None` for a symbolic size) of each tensor.
    pub tensors: Vec<(String, Type<'c>, Vec<Option<i64>>)>,
    /// Name and kind of each symbol, in order of first use.
    pub symbols: Vec<(String, SymbolKind)>,
}

impl<'c> Signature<'c> {
    /// Reads the signature of the `wsp.module` `m` (in `body`).
    pub fn of(body: &Body<'c>, m: OpId) -> Result<Self, Diagnostic<'c>> {
        let rb = body.region_body(m);
        let mut sig = Signature::default();
        let items = crate::region_ops(body, m, 0);
        for &op in &items {
            if crate::TensorOp::from_op(rb, op).is_none() {
                continue;
            }
            let name = rb
                .attr(op, "sym_name")
                .and_then(|a| a.as_str())
                .unwrap_or("");
            let Some(t) = rb
                .attr(op, "type")
                .and_then(|a| a.as_type())
                .and_then(TensorType::from_type)
            else {
                continue;
            };
            let shape = crate::tensor_dims(t)
                .into_iter()
                .map(|d| match d {
                    crate::Dim::Size(n) => Some(n),
                    crate::Dim::Sym(_) => None,
                })
                .collect();
            sig.tensors.push((name.to_string(), t.dtype(), shape));
        }
        let add = |sig: &mut Signature<'c>, loc: Location<'c>, name: &str, kind: SymbolKind| {
            if let Some(&(_, k)) = sig.symbols.iter().find(|(n, _)| n == name) {
                if k != kind {
                    return Err(Diagnostic::error(
                        loc,
                        format!("convert-wsp-to-tasks: '{name}' names both a size and an array"),
                    ));
                }
                return Ok(());
            }
            if sig.tensors.iter().any(|(n, ..)| n == name) {
                return Err(Diagnostic::error(
                    loc,
                    format!("convert-wsp-to-tasks: axis symbol '{name}' is also a tensor's name"),
                ));
            }
            sig.symbols.push((name.to_string(), kind));
            Ok(())
        };
        for &op in &items {
            if crate::WorkloadOp::from_op(rb, op).is_none() {
                continue;
            }
            let wb = rb.region_body(op);
            let mut axes: Vec<(Location<'c>, Type<'c>)> = crate::region_args(rb, op, 0)
                .iter()
                .map(|&a| (wb.value_loc(a), wb.value_type(a)))
                .collect();
            let nested = crate::nested_ops(rb, op);
            for &s in &nested {
                if let Some(t) = wb.attr(s, "axis").and_then(|a| a.as_type()) {
                    axes.push((wb.op_loc(s), t));
                }
                if crate::CondOp::from_op(wb, s).is_some() {
                    let p = wb
                        .attr(s, "predicate")
                        .and_then(|a| a.as_str())
                        .unwrap_or("");
                    if crate::syntax::is_identifier(p) && p != "true" && p != "false" {
                        add(&mut sig, wb.op_loc(s), p, SymbolKind::Size)?;
                    }
                }
            }
            for (loc, t) in axes {
                if let Some(d) = DenseDynType::from_type(t) {
                    add(&mut sig, loc, d.size(), SymbolKind::Size)?;
                } else if let Some(r) = RaggedType::from_type(t) {
                    add(&mut sig, loc, r.outer(), SymbolKind::Size)?;
                    add(&mut sig, loc, r.lengths(), SymbolKind::Array)?;
                } else if let Some(s) = SparseType::from_type(t) {
                    add(&mut sig, loc, s.outer(), SymbolKind::Size)?;
                    add(&mut sig, loc, s.indptr(), SymbolKind::Array)?;
                    add(&mut sig, loc, s.indices(), SymbolKind::Array)?;
                }
            }
        }
        Ok(sig)
    }

    /// The parameter types of a workload function.
    pub fn param_types(&self, ctx: &'c Context) -> Vec<Type<'c>> {
        let flat = |t: Type<'c>| ctx.memref_type(&[pto_ir::DYNAMIC], t, None, None);
        let mut out: Vec<Type<'c>> = self
            .tensors
            .iter()
            .map(|(_, t, _)| flat(signless(ctx, *t)))
            .collect();
        for (_, k) in &self.symbols {
            out.push(match k {
                SymbolKind::Size => ctx.index_type(),
                SymbolKind::Array => flat(ctx.int_type(32)),
            });
        }
        out
    }
}

/// The signless integer of the same width (memrefs of `pto.ptr` lower to those).
fn signless<'c>(ctx: &'c Context, t: Type<'c>) -> Type<'c> {
    match *t.kind() {
        TypeKind::Integer { width, .. } => ctx.int_type(width),
        _ => t,
    }
}

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

/// The number of iterations of an axis: `N`, a size symbol, the sum of ragged lengths,
/// or `indptr[outer]` for a sparse axis (checking the arrays as it reads them).
fn axis_extent<'c>(
    e: &mut Emitter<'_, '_, 'c>,
    env: &Env<'c>,
    t: Type<'c>,
    loc: Location<'c>,
) -> Result<ValueId, Diagnostic<'c>> {
    let sym = |n: &str| {
        env.params.get(n).copied().ok_or_else(|| {
            Diagnostic::error(
                loc,
                format!("convert-wsp-to-tasks: no parameter for axis symbol '{n}'"),
            )
        })
    };
    if let Some(&n) = env.extents.get(&t) {
        return Ok(n);
    }
    if let Some(d) = DenseType::from_type(t) {
        return Ok(e.index(d.size()));
    }
    if let Some(d) = DenseDynType::from_type(t) {
        return sym(d.size());
    }
    if let Some(r) = RaggedType::from_type(t) {
        let (outer, lens) = (sym(r.outer())?, sym(r.lengths())?);
        let have = dim(e, lens);
        check(
            e,
            CmpLe(outer, have),
            &format!(
                "ragged axis: '{}' holds fewer than '{}' lengths",
                r.lengths(),
                r.outer()
            ),
        );
        let zero = e.index(0);
        let sums = e.for_loop(zero, outer, &[zero], |e, i, acc| {
            let n = load_index(e, lens, i);
            let z = e.index(0);
            check(
                e,
                CmpLe(z, n),
                &format!("ragged axis: a length in '{}' is negative", r.lengths()),
            );
            smallvec::smallvec![e.add(acc[0], n)]
        });
        return Ok(sums[0]);
    }
    if let Some(s) = SparseType::from_type(t) {
        let (outer, indptr, indices) = (sym(s.outer())?, sym(s.indptr())?, sym(s.indices())?);
        sparse_bounds(e, outer, indptr, indices, s);
        return Ok(load_index(e, indptr, outer));
    }
    Err(Diagnostic::error(
        loc,
        format!("convert-wsp-to-tasks: {t} is not an axis"),
    ))
}

/// Checks `indptr`: `outer + 1` entries, `indptr[0] = 0`, non-decreasing,
/// `indptr[outer] <= len(indices)`.
fn sparse_bounds<'c>(
    e: &mut Emitter<'_, '_, 'c>,
    outer: ValueId,
    indptr: ValueId,
    indices: ValueId,
    s: SparseType<'c>,
) {
    let one = e.index(1);
    let need = e.add(outer, one);
    let have = dim(e, indptr);
    check(
        e,
        CmpLe(need, have),
        &format!(
            "sparse axis: '{}' holds fewer than '{}' + 1 row pointers",
            s.indptr(),
            s.outer()
        ),
    );
    let zero = e.index(0);
    let first = load_index(e, indptr, zero);
    let eq = e.cmp(
        pto_tile::pto_to_loops::emit::Num::Int(64, false),
        pto_dialects::arith::CmpFPredicate::Oeq,
        pto_dialects::arith::CmpIPredicate::Eq,
        first,
        zero,
    );
    check_value(
        e,
        eq,
        &format!("sparse axis: '{}'[0] must be 0", s.indptr()),
    );
    e.for_upto(outer, |e, i| {
        let one = e.index(1);
        let next = e.add(i, one);
        let a = load_index(e, indptr, i);
        let b = load_index(e, indptr, next);
        check(
            e,
            CmpLe(a, b),
            &format!("sparse axis: '{}' must not decrease", s.indptr()),
        );
    });
    let nnz = load_index(e, indptr, outer);
    let len = dim(e, indices);
    check(
        e,
        CmpLe(nnz, len),
        &format!(
            "sparse axis: '{}'[{}] is past the end of '{}'",
            s.indptr(),
            s.outer(),
            s.indices()
        ),
    );
}

/// `a <= b` on indices.
struct CmpLe(ValueId, ValueId);

fn check<'c>(e: &mut Emitter<'_, '_, 'c>, c: CmpLe, msg: &str) {
    let v = e.cmp(
        pto_tile::pto_to_loops::emit::Num::Int(64, false),
        pto_dialects::arith::CmpFPredicate::Ole,
        pto_dialects::arith::CmpIPredicate::Sle,
        c.0,
        c.1,
    );
    check_value(e, v, msg);
}

fn check_value<'c>(e: &mut Emitter<'_, '_, 'c>, cond: ValueId, msg: &str) {
    let ctx = e.ctx();
    e.op(
        pto_dialects::cf::AssertOp::NAME,
        &[cond],
        &[],
        &[("msg", ctx.string_attr(msg))],
    );
}

fn dim<'c>(e: &mut Emitter<'_, '_, 'c>, m: ValueId) -> ValueId {
    let zero = e.index(0);
    let index = e.index_type();
    let op = e.op(pto_dialects::memref::DimOp::NAME, &[m, zero], &[index], &[]);
    e.b.body().result(op, 0)
}

/// `memref.load m[i]` of an `i32`, as an index.
fn load_index<'c>(e: &mut Emitter<'_, '_, 'c>, m: ValueId, i: ValueId) -> ValueId {
    let v = e.load(m, &[i]);
    let index = e.index_type();
    let op = e.op(pto_dialects::arith::IndexCastOp::NAME, &[v], &[index], &[]);
    e.b.body().result(op, 0)
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
                let p = body
                    .attr(op, "predicate")
                    .and_then(|a| a.as_str())
                    .unwrap_or("");
                let cond = match p {
                    "true" | "1" => None,
                    "false" | "0" => {
                        // Only the else branch runs.
                        return self.region(e, body, op, 1);
                    }
                    _ => Some(*self.env.params.get(p).ok_or_else(|| err(format!("the predicate '{p}' is not a run-time symbol or a constant; the CPU path evaluates those only")))?),
                };
                let Some(n) = cond else {
                    return self.region(e, body, op, 0);
                };
                let zero = e.index(0);
                let c = e.cmp(
                    pto_tile::pto_to_loops::emit::Num::Int(64, false),
                    pto_dialects::arith::CmpFPredicate::One,
                    pto_dialects::arith::CmpIPredicate::Ne,
                    n,
                    zero,
                );
                let mut result = Ok(());
                e.if_then(c, |e| result = self.region(e, body, op, 0));
                result?;
                let not = e.cmp(
                    pto_tile::pto_to_loops::emit::Num::Int(64, false),
                    pto_dialects::arith::CmpFPredicate::Oeq,
                    pto_dialects::arith::CmpIPredicate::Eq,
                    n,
                    zero,
                );
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

/// A dimension of a declared tensor, as the call decides it.
#[derive(Clone, Debug)]
enum DimOf {
    Const(i64),
    /// The size parameter at this position.
    Param(usize, String),
}

/// The entry ABI of a workload function: its tensors and arrays take whole arrays
/// (flattened), and each tensor must hold what its declaration says (its symbolic
/// sizes bound by the call's size arguments).
struct WorkloadAbi {
    /// Per parameter: flattened, the declared dimensions of a tensor (`None`: a
    /// symbol the call does not bind, or not a tensor), and what to call it.
    params: Vec<(bool, Option<Vec<DimOf>>, String)>,
}

/// The ABI of workload `entry` of `module`, before `convert-wsp-to-tasks`.
pub fn capture<'c>(
    module: &pto_ir::module::Module<'c>,
    entry: &str,
) -> Option<Box<dyn pto_interp::abi::EntryAbi<'c> + 'c>> {
    let (body, items) = crate::module_items(module);
    for m in items {
        if crate::ModuleOp::from_op(body, m).is_none() {
            continue;
        }
        let rb = body.region_body(m);
        let found = crate::region_ops(body, m, 0).into_iter().any(|w| {
            crate::WorkloadOp::from_op(rb, w).is_some()
                && rb.attr(w, "sym_name").and_then(|a| a.as_str()) == Some(entry)
        });
        if !found {
            continue;
        }
        let sig = Signature::of(body, m).ok()?;
        let symbol_at = |name: &str| {
            sig.symbols
                .iter()
                .position(|(n, k)| n == name && *k == SymbolKind::Size)
                .map(|i| sig.tensors.len() + i)
        };
        let mut params: Vec<(bool, Option<Vec<DimOf>>, String)> = Vec::new();
        for op in crate::region_ops(body, m, 0) {
            let Some(t) = rb
                .attr(op, "type")
                .and_then(|a| a.as_type())
                .and_then(TensorType::from_type)
            else {
                continue;
            };
            if crate::TensorOp::from_op(rb, op).is_none() {
                continue;
            }
            let name = rb
                .attr(op, "sym_name")
                .and_then(|a| a.as_str())
                .unwrap_or("");
            let dims: Option<Vec<DimOf>> = crate::tensor_dims(t)
                .into_iter()
                .map(|d| match d {
                    crate::Dim::Size(n) => Some(DimOf::Const(n)),
                    crate::Dim::Sym(s) => symbol_at(&s).map(|i| DimOf::Param(i, s)),
                })
                .collect();
            params.push((true, dims, format!("tensor '{name}'")));
        }
        for (n, k) in &sig.symbols {
            params.push((*k == SymbolKind::Array, None, format!("'{n}'")));
        }
        return Some(Box::new(WorkloadAbi { params }));
    }
    None
}

impl<'c> pto_interp::abi::EntryAbi<'c> for WorkloadAbi {
    fn arity(&self) -> Option<usize> {
        Some(self.params.len())
    }

    fn flattened(&self, i: usize) -> bool {
        self.params.get(i).is_some_and(|p| p.0)
    }

    fn complete_args(
        &self,
        args: &mut Vec<pto_interp::Value>,
        shapes: &mut Vec<Option<Vec<i64>>>,
    ) -> Result<(), (Option<usize>, String)> {
        for (i, (flat, dims, what)) in self.params.iter().enumerate() {
            let shape = shapes.get(i).cloned().flatten();
            match (flat, shape) {
                (true, None) => return Err((Some(i), format!("{what} takes an array (.npy)"))),
                (false, Some(_)) => {
                    return Err((Some(i), format!("{what} is a size: pass an integer")))
                }
                (true, Some(s)) => {
                    let Some(dims) = dims else { continue };
                    let mut want: Vec<String> = Vec::new();
                    let mut count: i128 = 1;
                    for d in dims {
                        let n = match d {
                            DimOf::Const(n) => {
                                want.push(n.to_string());
                                i128::from(*n)
                            }
                            DimOf::Param(j, name) => {
                                let v = args.get(*j).map(|a| a.sext()).unwrap_or(0);
                                want.push(format!("{name}={v}"));
                                v
                            }
                        };
                        count = count.saturating_mul(n.max(0));
                    }
                    let held: i128 = s.iter().map(|&d| i128::from(d)).product();
                    if held != count {
                        return Err((
                            Some(i),
                            format!(
                                "holds {held} elements (shape {s:?}), but {what} is declared [{}] ({count} elements)",
                                want.join(", ")
                            ),
                        ));
                    }
                }
                (false, None) => {
                    if args.get(i).is_some_and(|a| a.sext() < 0) {
                        return Err((Some(i), format!("{what} is a size: it must be >= 0")));
                    }
                }
            }
        }
        Ok(())
    }
}
