//! `deepx-verify`: what DeepX itself never checks (its executors look ops up by name
//! and run them), reported all at once with the place of each finding:
//! - lifetimes: a tensor used after `deltensor` (or after `renametensor` gave it a new
//!   name), deleted twice, a read parameter written or deleted, a name written
//!   without being created (an `implicit` `newtensor`), a local not deleted at the end
//!   (a warning);
//! - dimension variables: every `?N` of a function names one size; an op's shape rule
//!   or a call that makes it two sizes is a conflict naming both places (distinct
//!   variables are distinct sizes, and `?` is any size);
//! - shapes: each registry op's [`ShapeRule`] (numpy broadcasting aligned from the
//!   right, matmul's `A[-1] == B[-2]`, reductions with their axes and `keepdims`,
//!   concat, reshape, transpose...), with the literal arguments known here;
//! - signatures: calls name a function, pass what its parameters accept, and bind its
//!   dimension variables consistently; elementwise data types agree.
//!
//! The op signatures themselves (which operands are tensors, of which data types) are
//! ODS's and checked by the verifier, whose findings come first.

use rustc_hash::FxHashMap;

use pto_ir::module::Module;
use pto_ir::ods::MemoryEffects;
use pto_ir::{AttrKind, BlockId, Body, Context, Diagnostic, Location, OpId, Severity, ValueId};
use pto_pass::{Pass, PassTarget};

use crate::types::{deepx_spelling, Dim, TensorInfo};
use crate::{CallOp, ConstOp, DelTensorOp, FuncOp, NewTensorOp, RenameTensorOp};

mod rules;

impl Pass for crate::DeepXVerify {
    fn run<'c>(
        &self,
        ctx: &'c Context,
        target: &mut PassTarget<'_, 'c>,
    ) -> Result<(), Diagnostic<'c>> {
        let Some(block) = target.body.root_entry_block() else {
            return Ok(());
        };
        let findings = check_functions(ctx, target.body, block, self.options.leaks);
        let errors = findings
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .count();
        target
            .statistics
            .add(crate::DeepXVerify::NUM_ERRORS, errors as u64);
        target.statistics.add(
            crate::DeepXVerify::NUM_WARNINGS,
            (findings.len() - errors) as u64,
        );
        if errors > 0 {
            return Err(crate::text::import::merge(findings).expect("an error"));
        }
        target.diagnostics.extend(findings);
        Ok(())
    }
}

/// The findings of the verifier and of `deepx-verify` on a parsed or imported module.
pub fn check_module<'c>(
    ctx: &'c Context,
    module: &Module<'c>,
    warn_leaks: bool,
) -> Vec<Diagnostic<'c>> {
    let mut out = Vec::new();
    for op in module.body.block_ops(module.block) {
        if let Err(ds) = pto_ir::verifier::verify(ctx, &module.body, op) {
            out.extend(ds);
        }
        if !out.is_empty() {
            continue;
        }
        let body = module.body.region_body(op);
        if let Some(r) = module.body.regions_of(op).first() {
            if let Some(b) = body.entry_block(*r) {
                out.extend(check_functions(ctx, body, b, warn_leaks));
            }
        }
    }
    out
}

/// Checks every `deepx.func` of `block` (a module's body).
pub fn check_functions<'c>(
    ctx: &'c Context,
    body: &Body<'c>,
    block: BlockId,
    warn_leaks: bool,
) -> Vec<Diagnostic<'c>> {
    let funcs: Vec<OpId> = body
        .block_ops(block)
        .filter(|&op| FuncOp::from_op(body, op).is_some())
        .collect();
    let by_name: FxHashMap<&str, OpId> = funcs
        .iter()
        .filter_map(|&f| Some((FuncOp(f).sym_name(body)?.as_str()?, f)))
        .collect();
    let mut out = Vec::new();
    for &f in &funcs {
        let mut c = Checker {
            ctx,
            module: body,
            funcs: &by_name,
            body: body.region_body(f),
            func: f,
            vars: FxHashMap::default(),
            out: Vec::new(),
            refined: None,
        };
        c.function(warn_leaks);
        out.extend(c.out);
    }
    out
}

/// What [`infer_shapes`] learns of a function.
pub struct Inferred<'c> {
    /// What `deepx-verify` finds.
    pub findings: Vec<Diagnostic<'c>>,
    /// The shapes of written tensors whose types leave them open.
    pub shapes: FxHashMap<ValueId, Vec<Dim>>,
    /// The sizes the function's dimension variables take.
    pub vars: FxHashMap<u32, i64>,
}

/// What `deepx-verify` finds in function `func` of `module`, and the shapes of the
/// tensors it writes whose types leave them open, as the ops' shape rules give them
/// (dimension variables resolved where the function binds them).
pub fn infer_shapes<'c>(ctx: &'c Context, module: &Body<'c>, func: OpId) -> Inferred<'c> {
    let funcs: FxHashMap<&str, OpId> = module
        .root_entry_block()
        .map(|b| {
            module
                .block_ops(b)
                .filter_map(|f| Some((FuncOp::from_op(module, f)?.sym_name(module)?.as_str()?, f)))
                .collect()
        })
        .unwrap_or_default();
    let mut c = Checker {
        ctx,
        module,
        funcs: &funcs,
        body: module.region_body(func),
        func,
        vars: FxHashMap::default(),
        out: Vec::new(),
        refined: Some(FxHashMap::default()),
    };
    c.function(false);
    let vars = c.vars.iter().map(|(&n, &(s, _))| (n, s)).collect();
    Inferred {
        findings: c.out,
        shapes: c.refined.unwrap_or_default(),
        vars,
    }
}

/// What an op does to an operand.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Role {
    Read,
    Write,
    Free,
}

struct Checker<'a, 'c> {
    ctx: &'c Context,
    module: &'a Body<'c>,
    funcs: &'a FxHashMap<&'a str, OpId>,
    body: &'a Body<'c>,
    func: OpId,
    /// Dimension variables bound to sizes: `?N -> (size, where)`.
    vars: FxHashMap<u32, (i64, Location<'c>)>,
    out: Vec<Diagnostic<'c>>,
    /// Shapes learnt for written tensors whose type leaves them open (`?`, or no
    /// shape), when inferring (`deepx-specialize`).
    refined: Option<FxHashMap<ValueId, Vec<Dim>>>,
}

/// The name a value has in the DeepX text (its `NameLoc`), or its SSA form.
pub fn value_name(body: &Body<'_>, v: ValueId) -> String {
    match body.value_loc(v).attr().kind() {
        AttrKind::NameLoc { name, .. } => name.as_str().to_string(),
        _ => format!("%{}", pto_ir::entity::EntityRef::index(v)),
    }
}

/// The integers of a `deepx.const` (one, or a list).
pub fn const_ints(body: &Body<'_>, v: ValueId) -> Option<Vec<i64>> {
    let op = body.defining_op(v)?;
    let value = ConstOp::from_op(body, op)?.value(body)?;
    match *value.kind() {
        AttrKind::Integer { value, .. } => Some(vec![i64::try_from(value).ok()?]),
        AttrKind::Array(items) => items
            .iter()
            .map(|a| a.as_int().and_then(|x| i64::try_from(x).ok()))
            .collect(),
        _ => None,
    }
}

/// `loc` if it says where in a file, else `fallback` (a `loc("name")` of MLIR
/// text has no position; its op or function may).
pub(crate) fn located<'c>(loc: Location<'c>, fallback: Location<'c>) -> Location<'c> {
    if loc.file_line_col().is_some() {
        loc
    } else {
        fallback
    }
}

fn shape_text(dims: &[Dim]) -> String {
    let d: Vec<String> = dims.iter().map(Dim::to_string).collect();
    format!("[{}]", d.join(", "))
}

impl<'c> Checker<'_, 'c> {
    fn name(&self) -> &str {
        FuncOp(self.func)
            .sym_name(self.module)
            .and_then(|a| a.as_str())
            .unwrap_or("?")
    }
    fn error(&mut self, at: Location<'c>, msg: String) {
        self.out.push(Diagnostic::error(at, msg));
    }
    fn error_note(
        &mut self,
        at: Location<'c>,
        msg: String,
        note_at: Location<'c>,
        note: impl Into<String>,
    ) {
        self.out
            .push(Diagnostic::error(at, msg).with_note(note_at, note));
    }

    /// `loc`, or where `op` is, or where the function is: the first with a position.
    fn located(&self, loc: Location<'c>, op: Option<OpId>) -> Location<'c> {
        let func = self.module.op_loc(self.func);
        let op_loc = op.map_or(func, |o| located(self.body.op_loc(o), func));
        located(loc, op_loc)
    }

    fn entry(&self) -> Option<BlockId> {
        let r = *self.module.regions_of(self.func).first()?;
        self.body.entry_block(r)
    }

    fn roles(&self, op: OpId) -> Vec<(ValueId, Role)> {
        let Some(spec) = self.body.op_name(op).def.and_then(|d| d.spec) else {
            return self.body.operands(op).map(|v| (v, Role::Read)).collect();
        };
        let mut out = Vec::new();
        for (g, group) in spec.operands.iter().enumerate() {
            let (s, e) = pto_ir::ods::operand_range(spec, self.body, op, g);
            let role = if group.effects.0 & MemoryEffects::FREE != 0 {
                Role::Free
            } else if group.effects.0 & MemoryEffects::WRITE != 0 {
                Role::Write
            } else {
                Role::Read
            };
            for i in s..e.min(self.body.num_operands(op)) {
                out.push((self.body.operand(op, i), role));
            }
        }
        out
    }

    fn function(&mut self, warn_leaks: bool) {
        let Some(entry) = self.entry() else {
            return;
        };
        let n_reads = FuncOp(self.func).num_reads(self.module);
        let args = self.body.block_args(entry).to_vec();
        let is_read_param = |v: ValueId| args.iter().take(n_reads).any(|&a| a == v);
        // Parameters first: their dimension variables are the function's.
        let ops: Vec<OpId> = self.body.block_ops(entry).collect();
        let mut deleted: FxHashMap<ValueId, (Location<'c>, bool)> = FxHashMap::default();
        let mut implicit_reported: Vec<ValueId> = Vec::new();
        let mut locals: Vec<ValueId> = Vec::new();
        for &op in &ops {
            let loc = self.body.op_loc(op);
            let op_text = crate::mnemonic(self.body, op);
            let roles = self.roles(op);
            let mut seen: Vec<ValueId> = Vec::new();
            for &(v, role) in &roles {
                if TensorInfo::of(self.body.value_type(v)).is_none() {
                    continue;
                }
                let name = value_name(self.body, v);
                if is_read_param(v) && role != Role::Read {
                    let what = if role == Role::Free {
                        "deleted"
                    } else {
                        "written"
                    };
                    let fname = self.name().to_string();
                    let at = self.located(self.body.value_loc(v), None);
                    self.error_note(loc, format!("'{name}' is a read parameter of '{fname}' and cannot be {what} (declare it right of '->')"), at, "declared here");
                }
                if seen.contains(&v) {
                    continue;
                }
                seen.push(v);
                if let Some(&(at, renamed)) = deleted.get(&v) {
                    let (msg, note) = match (role, renamed) {
                        (Role::Free, false) => (format!("'{name}' is deleted twice"), "first deleted here"),
                        (_, false) => (format!("'{name}' is used by '{op_text}' after deltensor"), "deleted here"),
                        (_, true) => (format!("'{name}' is used by '{op_text}' after renametensor gave it another name"), "renamed here"),
                    };
                    self.error_note(loc, msg, at, note);
                    continue;
                }
                if let Some(nt) = self
                    .body
                    .defining_op(v)
                    .and_then(|o| NewTensorOp::from_op(self.body, o))
                {
                    if nt.implicit(self.body).is_some() && !implicit_reported.contains(&v) {
                        implicit_reported.push(v);
                        let later = ops.iter().copied().find(|&o| {
                            o != nt.0
                                && NewTensorOp::from_op(self.body, o)
                                    .is_some_and(|n| n.implicit(self.body).is_none())
                                && self.body.num_results(o) == 1
                                && value_name(self.body, self.body.result(o, 0)) == name
                        });
                        let at = self.located(self.body.value_loc(v), Some(nt.0));
                        let mut d = Diagnostic::error(at, format!("'{name}' is written by '{op_text}' but never created (no newtensor before it)"));
                        if let Some(l) = later {
                            d = d.with_note(
                                self.body.op_loc(l),
                                format!("'{name}' is created only later, here"),
                            );
                        }
                        self.out.push(d);
                    }
                }
            }
            if DelTensorOp::from_op(self.body, op).is_some() {
                if let Some(v) = self.body.operands(op).next() {
                    deleted.entry(v).or_insert((loc, false));
                }
            }
            if RenameTensorOp::from_op(self.body, op).is_some() {
                if let Some(v) = self.body.operands(op).next() {
                    deleted.entry(v).or_insert((loc, true));
                }
            }
            for r in 0..self.body.num_results(op) {
                let v = self.body.result(op, r);
                let implicit = NewTensorOp::from_op(self.body, op)
                    .is_some_and(|n| n.implicit(self.body).is_some());
                if TensorInfo::of(self.body.value_type(v)).is_some() && !implicit {
                    locals.push(v);
                }
            }
            self.shapes(op);
            if CallOp::from_op(self.body, op).is_some() {
                self.call(op);
            }
        }
        if warn_leaks {
            for v in locals {
                if !deleted.contains_key(&v) {
                    let name = value_name(self.body, v);
                    let fname = self.name().to_string();
                    let at = self.located(self.body.value_loc(v), self.body.defining_op(v));
                    self.out.push(Diagnostic::new(
                        at,
                        Severity::Warning,
                        format!("'{name}' is not deleted before '{fname}' ends (deltensor it)"),
                    ));
                }
            }
        }
    }

    // ---- dimensions ------------------------------------------------------------------------

    fn resolve(&self, d: Dim) -> Dim {
        match d {
            Dim::Var(n) => self.vars.get(&n).map_or(d, |&(s, _)| Dim::Static(s)),
            _ => d,
        }
    }

    /// Makes `a` and `b` one size; the reason if they cannot be.
    fn unify(
        &mut self,
        a: Dim,
        b: Dim,
        at: Location<'c>,
    ) -> Result<Dim, (String, Option<Location<'c>>)> {
        let (ra, rb) = (self.resolve(a), self.resolve(b));
        match (ra, rb) {
            (Dim::Any, x) | (x, Dim::Any) => Ok(x),
            (Dim::Static(x), Dim::Static(y)) if x == y => Ok(ra),
            (Dim::Static(x), Dim::Static(y)) => {
                let bound = [a, b].iter().find_map(|d| match d {
                    Dim::Var(n) => self.vars.get(n).map(|&(_, l)| (*n, l)),
                    _ => None,
                });
                match bound {
                    Some((n, l)) => Err((
                        format!(
                            "?{n} is {} there but {} here",
                            self.vars[&n].0,
                            if self.vars[&n].0 == x { y } else { x }
                        ),
                        Some(l),
                    )),
                    None => Err((format!("{x} and {y} differ"), None)),
                }
            }
            (Dim::Var(n), Dim::Static(s)) | (Dim::Static(s), Dim::Var(n)) => {
                self.vars.insert(n, (s, at));
                Ok(Dim::Static(s))
            }
            (Dim::Var(n), Dim::Var(m)) if n == m => Ok(ra),
            (Dim::Var(n), Dim::Var(m)) => Err((
                format!("?{n} and ?{m} are different dimension variables"),
                None,
            )),
        }
    }

    /// One dimension of numpy broadcasting.
    fn broadcast_dim(
        &mut self,
        a: Dim,
        b: Dim,
        at: Location<'c>,
    ) -> Result<Dim, (String, Option<Location<'c>>)> {
        match (self.resolve(a), self.resolve(b)) {
            (Dim::Static(1), _) => Ok(b),
            (_, Dim::Static(1)) => Ok(a),
            _ => self.unify(a, b, at),
        }
    }

    fn shape_of(&self, v: ValueId) -> Option<Vec<Dim>> {
        if let Some(s) = self.refined.as_ref().and_then(|r| r.get(&v)) {
            return Some(s.clone());
        }
        TensorInfo::of(self.body.value_type(v))?.shape
    }

    // ---- calls -------------------------------------------------------------------------------

    fn call(&mut self, op: OpId) {
        let c = CallOp(op);
        let loc = self.body.op_loc(op);
        let callee = match c.callee(self.body).map(|a| *a.kind()) {
            Some(AttrKind::SymbolRef { root, .. }) => root.as_str().to_string(),
            _ => return,
        };
        let Some(&f) = self.funcs.get(callee.as_str()) else {
            self.error(loc, format!("call of undefined function '{callee}'"));
            return;
        };
        let Some((reads, writes)) = FuncOp(f).signature(self.module) else {
            return;
        };
        let (rv, wv) = (c.reads(self.body), c.writes(self.body));
        if rv.len() != reads.len() || wv.len() != writes.len() {
            let def = self.module.op_loc(f);
            self.error_note(
                loc,
                format!(
                    "'{callee}' reads {} and writes {}, called with {} and {}",
                    reads.len(),
                    writes.len(),
                    rv.len(),
                    wv.len()
                ),
                def,
                format!("'{callee}' is defined here"),
            );
            return;
        }
        let callee_body = self.module.region_body(f);
        let callee_args: Vec<ValueId> = self
            .module
            .regions_of(f)
            .first()
            .and_then(|r| callee_body.entry_block(*r))
            .map(|b| callee_body.block_args(b).to_vec())
            .unwrap_or_default();
        // The callee's dimension variables as the caller's sizes.
        let mut bound: FxHashMap<u32, (Dim, Location<'c>, String)> = FxHashMap::default();
        for (i, (&v, &declared)) in rv
            .iter()
            .chain(&wv)
            .zip(reads.iter().chain(writes))
            .enumerate()
        {
            let actual = self.body.value_type(v);
            let pname = callee_args
                .get(i)
                .map_or_else(|| format!("#{i}"), |&a| value_name(callee_body, a));
            let ploc = callee_args.get(i).map_or(self.module.op_loc(f), |&a| {
                located(callee_body.value_loc(a), self.module.op_loc(f))
            });
            let aname = value_name(self.body, v);
            if !crate::types::fits(actual, declared) {
                self.error_note(
                    loc,
                    format!(
                        "'{callee}' parameter '{pname}' takes {}, got '{aname}' of {}",
                        deepx_spelling(declared),
                        deepx_spelling(actual)
                    ),
                    ploc,
                    "declared here",
                );
                continue;
            }
            let (Some(want), Some(got)) = (
                TensorInfo::of(declared).and_then(|t| t.shape),
                TensorInfo::of(actual).and_then(|t| t.shape),
            ) else {
                continue;
            };
            if want.len() != got.len() {
                self.error_note(
                    loc,
                    format!(
                        "'{callee}' parameter '{pname}' has rank {}, '{aname}' has rank {}",
                        want.len(),
                        got.len()
                    ),
                    ploc,
                    "declared here",
                );
                continue;
            }
            for (k, (&w, &g)) in want.iter().zip(&got).enumerate() {
                let here = format!("'{aname}' dimension {k}");
                let res = match w {
                    Dim::Var(n) => match bound.get(&n).cloned() {
                        Some((prev, prev_loc, prev_what)) => {
                            self.unify(prev, g, loc).map_err(|(m, _)| {
                                (
                                    format!(
                                        "?{n} of '{callee}' is {prev_what} but {here} is {g}: {m}"
                                    ),
                                    Some(prev_loc),
                                )
                            })
                        }
                        None => {
                            bound.insert(n, (g, loc, format!("{} ({here})", self.resolve(g))));
                            Ok(g)
                        }
                    },
                    _ => self.unify(w, g, loc).map_err(|(m, l)| {
                        (
                            format!("'{callee}' parameter '{pname}' dimension {k}: {m}"),
                            l,
                        )
                    }),
                };
                if let Err((m, _)) = res {
                    self.error_note(
                        loc,
                        m,
                        ploc,
                        format!("'{pname}' is declared {} here", deepx_spelling(declared)),
                    );
                    break;
                }
            }
        }
    }
}
