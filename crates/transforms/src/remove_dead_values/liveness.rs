//! MLIR's `RunLivenessAnalysis`: which SSA values are live, by a backward data flow over
//! the code that may run (the dead-code part of `sccp`'s analysis decides which blocks
//! run and which calls reach which callables).
//!
//! A value is live when it is needed by something observable: an operand of an op that
//! would not be trivially dead (memory effects, terminators, symbols), an operand of a
//! live result's op, a value forwarded to a live block argument, region argument, op
//! result or callee argument, a return value of a function whose callers are not all
//! known (public ones), a return value whose live call result it becomes, a
//! non-forwarded operand of a branch or call, and a non-forwarded operand of a region
//! op (its condition, bounds, induction variables) when the op is not trivially dead or
//! has a live result. Everything starts not live; the rules only add, so the solver
//! sweeps the IR until nothing changes. Values in code that never runs stay not live.

use rustc_hash::{FxHashMap, FxHashSet};
use smallvec::SmallVec;

use crate::dataflow::region_branch::{self, Target};
use crate::dataflow::{forwarded_operands, is_known_branch};
use crate::sccp::analysis::{callable_body, callee_name, is_call, key, BodyKey, Solution, Solver};
use pto_ir::effects::would_be_trivially_dead;
use pto_ir::{Body, Context, OpId, OpTraits, RegionId, ValueId};

/// The symbols of a symbol table body, by name.
pub type SymbolMap<'c> = FxHashMap<&'c str, OpId>;

/// The outcome of the analysis.
pub struct LivenessResult {
    live: FxHashSet<(BodyKey, ValueId)>,
}

impl LivenessResult {
    /// Whether value `v` of the body `body` is live.
    pub fn is_live(&self, body: BodyKey, v: ValueId) -> bool {
        self.live.contains(&(body, v))
    }
}

/// Where the sweep is: the body of the nearest symbol table and the callable whose
/// region a block belongs to (when directly in it).
#[derive(Copy, Clone)]
struct Scope<'b, 'c> {
    table: Option<&'b Body<'c>>,
    callable: Option<(BodyKey, OpId)>,
}

struct Analysis<'b, 'c> {
    ctx: &'c Context,
    code: Solution<'c>,
    live: FxHashSet<(BodyKey, ValueId)>,
    bodies: FxHashMap<BodyKey, &'b Body<'c>>,
    tables: FxHashMap<BodyKey, SymbolMap<'c>>,
    changed: bool,
}

/// Runs the analysis over `root`, the body of the pass's anchor (`anchor_is_table`: the
/// anchor is a symbol table).
pub fn analyze<'c>(ctx: &'c Context, root: &Body<'c>, anchor_is_table: bool) -> LivenessResult {
    let code = Solver::solve(ctx, root, anchor_is_table);
    let mut a = Analysis {
        ctx,
        code,
        live: FxHashSet::default(),
        bodies: FxHashMap::default(),
        tables: FxHashMap::default(),
        changed: true,
    };
    a.index(root, anchor_is_table);
    let scope = Scope {
        table: anchor_is_table.then_some(root),
        callable: None,
    };
    let mut sweeps = 0u32;
    while a.changed {
        a.changed = false;
        sweeps += 1;
        for r in root.root_regions() {
            a.sweep_region(root, r, scope);
        }
    }
    tracing::debug!(sweeps, live = a.live.len(), "liveness analysis");
    LivenessResult { live: a.live }
}

impl<'b, 'c> Analysis<'b, 'c> {
    fn index(&mut self, body: &'b Body<'c>, is_table: bool) {
        self.bodies.insert(key(body), body);
        if is_table {
            let mut symbols = SymbolMap::default();
            for r in body.root_regions() {
                for b in body.region_blocks(r) {
                    for op in body.block_ops(b) {
                        if let Some(n) = body.attr(op, "sym_name").and_then(|a| a.as_str()) {
                            symbols.entry(n).or_insert(op);
                        }
                    }
                }
            }
            self.tables.insert(key(body), symbols);
        }
        for o in body.all_ops() {
            if let Some(nested) = body.nested(o) {
                let t = body.op_name(o).traits().contains(OpTraits::SYMBOL_TABLE);
                self.index(nested, t);
            }
        }
    }

    fn is_live(&self, body: &Body<'c>, v: ValueId) -> bool {
        self.live.contains(&(key(body), v))
    }

    fn mark(&mut self, body: &Body<'c>, v: ValueId) {
        if self.live.insert((key(body), v)) {
            self.changed = true;
        }
    }

    fn mark_operand(&mut self, body: &Body<'c>, op: OpId, i: usize) {
        self.mark(body, body.operand(op, i));
    }

    fn any_result_live(&self, body: &Body<'c>, op: OpId) -> bool {
        body.results(op).any(|r| self.is_live(body, r))
    }

    /// MLIR's `visitOperation` of the liveness analysis on chosen operands of `op`: live
    /// when `op` would not be trivially dead or one of its results is live.
    fn op_needs(&self, body: &Body<'c>, op: OpId) -> bool {
        !would_be_trivially_dead(body, op) || self.any_result_live(body, op)
    }

    fn sweep_region(&mut self, body: &'b Body<'c>, region: RegionId, scope: Scope<'b, 'c>) {
        let blocks: SmallVec<[_; 8]> = body.region_blocks(region).collect();
        for b in blocks.into_iter().rev() {
            if !self.code.is_live(key(body), b) {
                continue;
            }
            let ops: SmallVec<[OpId; 16]> = body.block_ops(b).collect();
            for op in ops.into_iter().rev() {
                self.visit(body, op, scope);
            }
        }
    }

    fn visit(&mut self, body: &'b Body<'c>, op: OpId, scope: Scope<'b, 'c>) {
        if let Some((nested, region)) = callable_body(body, op) {
            let inner = Scope {
                table: scope.table,
                callable: Some((key(body), op)),
            };
            self.sweep_region(nested, region, inner);
            return;
        }
        if region_branch::is_region_branch(self.ctx, body, op) {
            self.visit_region_branch(body, op, scope);
            return;
        }
        if !body.regions_of(op).is_empty() {
            // Regions the analysis does not follow: the op's operands are used as by any
            // op, its regions run.
            self.visit_plain(body, op);
            let rb = body.region_body(op);
            let is_table = body.op_name(op).traits().contains(OpTraits::SYMBOL_TABLE);
            let inner = Scope {
                table: if body.nested(op).is_some() && is_table {
                    Some(rb)
                } else {
                    scope.table
                },
                callable: None,
            };
            let regions: SmallVec<[RegionId; 2]> = body.regions_of(op).iter().copied().collect();
            for r in regions {
                self.sweep_region(rb, r, inner);
            }
            return;
        }
        if is_call(body, op) {
            self.visit_call(body, op, scope);
            return;
        }
        if !body.successors(op).is_empty() {
            self.visit_branch(body, op);
            return;
        }
        let traits = body.op_name(op).traits();
        if traits.contains(OpTraits::TERMINATOR) && body.next_op(op).is_none() {
            if let Some(parent) = body.parent_op(op) {
                if region_branch::is_region_branch(self.ctx, body, parent) {
                    self.visit_region_terminator(body, parent, op);
                    return;
                }
            } else if let Some((table, callable)) = scope.callable {
                if traits.contains(OpTraits::RETURN_LIKE) {
                    self.visit_return(body, op, table, callable);
                    return;
                }
            }
        }
        self.visit_plain(body, op);
    }

    /// Any other op: its operands are live if it is needed.
    fn visit_plain(&mut self, body: &Body<'c>, op: OpId) {
        if self.op_needs(body, op) {
            for i in 0..body.num_operands(op) {
                self.mark_operand(body, op, i);
            }
        }
    }

    /// A branch: forwarded operands follow their block arguments, the others are live.
    fn visit_branch(&mut self, body: &Body<'c>, op: OpId) {
        let n = body.num_operands(op);
        let mut accounted = vec![false; n];
        if is_known_branch(body, op) {
            for (s, &succ) in body.successors(op).iter().enumerate() {
                let Some((start, end)) = forwarded_operands(body, op, s) else {
                    continue;
                };
                let args = body.block_args(succ);
                for (i, seen) in accounted.iter_mut().enumerate().take(end).skip(start) {
                    *seen = true;
                    if args.get(i - start).is_some_and(|&a| self.is_live(body, a)) {
                        self.mark_operand(body, op, i);
                    }
                }
            }
        }
        for (i, seen) in accounted.into_iter().enumerate() {
            if !seen {
                self.mark_operand(body, op, i);
            }
        }
    }

    /// A call: operands follow the callee's entry arguments; calls of declarations or of
    /// what cannot be resolved use all their operands.
    fn visit_call(&mut self, body: &Body<'c>, op: OpId, scope: Scope<'b, 'c>) {
        let n = body.num_operands(op);
        let callee = scope
            .table
            .zip(callee_name(body, op))
            .and_then(|(t, name)| {
                let c = *self.tables.get(&key(t))?.get(name)?;
                callable_body(t, c)
            });
        let args: SmallVec<[ValueId; 8]> = match callee {
            Some((cb, region)) => cb
                .entry_block(region)
                .map(|e| cb.block_args(e).iter().copied().collect())
                .unwrap_or_default(),
            None => {
                for i in 0..n {
                    self.mark_operand(body, op, i);
                }
                return;
            }
        };
        let cb = callee.map(|c| c.0).expect("resolved callee");
        for i in 0..n {
            let forwarded_live = args.get(i).map(|&a| cb_live(self, cb, a));
            if forwarded_live != Some(false) {
                self.mark_operand(body, op, i);
            }
        }
    }

    /// A return of a callable: each operand is live if the matching result of a live
    /// call is, or always when some callers are unknown.
    fn visit_return(&mut self, body: &Body<'c>, op: OpId, table: BodyKey, callable: OpId) {
        let n = body.num_operands(op);
        if self.code.has_unknown_callers(table, callable) {
            for i in 0..n {
                self.mark_operand(body, op, i);
            }
            return;
        }
        let sites: SmallVec<[(BodyKey, OpId); 4]> = self
            .code
            .call_sites(table, callable)
            .iter()
            .copied()
            .collect();
        for (caller_key, call) in sites {
            let Some(caller) = self.bodies.get(&caller_key).copied() else {
                continue;
            };
            for (i, r) in caller.results(call).enumerate().take(n) {
                if self.is_live(caller, r) {
                    self.mark_operand(body, op, i);
                }
            }
        }
    }

    /// A region branch op: operands follow the region arguments and results they are
    /// passed to; other operands and the arguments not passed along (induction
    /// variables) are live when the op is needed.
    fn visit_region_branch(&mut self, body: &'b Body<'c>, op: OpId, scope: Scope<'b, 'c>) {
        let n = body.num_operands(op);
        let consts = vec![None; n];
        let edges = region_branch::entry_edges(self.ctx, body, op, &consts);
        let mut accounted = vec![false; n];
        let needed = self.op_needs(body, op);
        for e in &edges {
            if let Some(operands) = &e.operands {
                for (k, &input) in e.inputs.iter().enumerate().take(operands.len()) {
                    let i = e.first_operand + k;
                    accounted[i] = true;
                    if self.is_live(body, input) {
                        self.mark_operand(body, op, i);
                    }
                }
            }
            if let Target::Region(r) = e.target {
                let Some(entry) = body
                    .regions_of(op)
                    .get(r)
                    .and_then(|&r| body.entry_block(r))
                else {
                    continue;
                };
                if needed {
                    let args: SmallVec<[ValueId; 4]> = body.block_args(entry).to_vec().into();
                    for a in args {
                        if !e.inputs.contains(&a) {
                            self.mark(body, a);
                        }
                    }
                }
            }
        }
        if needed {
            for (i, seen) in accounted.into_iter().enumerate() {
                if !seen {
                    self.mark_operand(body, op, i);
                }
            }
        }
        let inner = Scope {
            table: scope.table,
            callable: None,
        };
        let regions: SmallVec<[RegionId; 2]> = body.regions_of(op).iter().copied().collect();
        for r in regions {
            self.sweep_region(body, r, inner);
        }
    }

    /// The terminator of a region of a region branch op: forwarded operands follow the
    /// arguments and results they reach; the others (a loop condition) are live when
    /// the op is needed.
    fn visit_region_terminator(&mut self, body: &Body<'c>, parent: OpId, term: OpId) {
        let Some(from) = body
            .op_block(term)
            .and_then(|b| body.block_region(b))
            .and_then(|r| body.regions_of(parent).iter().position(|&x| x == r))
        else {
            return;
        };
        let n = body.num_operands(term);
        let consts = vec![None; n];
        let edges = region_branch::terminator_edges(self.ctx, body, parent, from, term, &consts);
        let mut accounted = vec![false; n];
        for e in &edges {
            let Some(operands) = &e.operands else {
                continue;
            };
            for (k, &input) in e.inputs.iter().enumerate().take(operands.len()) {
                let i = e.first_operand + k;
                accounted[i] = true;
                if self.is_live(body, input) {
                    self.mark_operand(body, term, i);
                }
            }
        }
        if accounted.iter().all(|&a| a) || !self.op_needs(body, parent) {
            return;
        }
        for (i, seen) in accounted.into_iter().enumerate() {
            if !seen {
                self.mark_operand(body, term, i);
            }
        }
    }
}

fn cb_live<'c>(a: &Analysis<'_, 'c>, body: &Body<'c>, v: ValueId) -> bool {
    a.is_live(body, v)
}
