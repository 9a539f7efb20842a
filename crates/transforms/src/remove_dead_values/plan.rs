//! What `remove-dead-values` will change, decided before anything changes (MLIR's
//! `RDVFinalCleanupList`): ops are visited in post-order (nested ops before their
//! parent, across the bodies of isolated ops), each kind as MLIR's pass treats it, and
//! the values found not live are collected as they are decided (MLIR's `nonLiveSet`), so
//! that later decisions see them.

use pto_ir::Context;
use rustc_hash::{FxHashMap, FxHashSet};
use smallvec::SmallVec;

use super::liveness::LivenessResult;
use crate::dataflow::region_branch;
use crate::dataflow::{forwarded_operands, is_known_branch};
use crate::sccp::analysis::{callee_name, is_call, key, BodyKey};
use pto_dialects::func;
use pto_dialects::llvm;
use pto_ir::effects::is_memory_effect_free;
use pto_ir::symbol_table::{symbol_visibility, Visibility};
use pto_ir::{BlockId, Body, OpId, OpTraits, ValueId};

/// How dead operands of an op go.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum OperandAction {
    /// Removed (returns of a function losing results, calls of one losing arguments).
    Erase,
    /// Replaced by a new `ub.poison` (successor operands of region branch ops).
    Poison,
}

/// The changes to one body, in MLIR's cleanup order.
#[derive(Default, Debug)]
pub struct BodyPlan {
    /// 1. Block arguments to erase.
    pub block_args: Vec<(BlockId, Vec<bool>)>,
    /// 2. Operands forwarded to successor `s` of a branch to erase.
    pub successor_operands: Vec<(OpId, usize, Vec<bool>)>,
    /// 3. Functions of this (symbol table) body losing arguments and results.
    pub functions: Vec<(OpId, Vec<bool>, Vec<bool>)>,
    /// 3. This body is a function's: the entry arguments to erase.
    pub entry_args: Option<Vec<bool>>,
    /// 4. Operands to erase or poison.
    pub operands: Vec<(OpId, Vec<bool>, OperandAction)>,
    /// 5. Results to erase (of calls).
    pub results: Vec<(OpId, Vec<bool>)>,
    /// 6. Ops to erase.
    pub operations: Vec<OpId>,
}

/// An operand: its op and index.
type OperandRef = (OpId, usize);

/// The plan of every body, by body.
pub type Plan = FxHashMap<BodyKey, BodyPlan>;

/// The callers of the functions of one symbol table.
#[derive(Default)]
struct Uses {
    /// Call ops by callee name.
    calls: FxHashMap<String, Vec<(BodyKey, OpId)>>,
    /// Names referred to by something other than a call.
    other: FxHashSet<String>,
}

struct Planner<'r, 'b, 'c> {
    ctx: &'c Context,
    la: &'r LivenessResult,
    dead: FxHashSet<(BodyKey, ValueId)>,
    plan: Plan,
    bodies: FxHashMap<BodyKey, &'b Body<'c>>,
    uses: FxHashMap<BodyKey, Uses>,
}

/// Decides the changes for `root`, the anchor's body.
pub fn plan<'c>(
    ctx: &'c Context,
    la: &LivenessResult,
    root: &Body<'c>,
    anchor_is_table: bool,
) -> Plan {
    let mut p = Planner {
        ctx,
        la,
        dead: FxHashSet::default(),
        plan: Plan::default(),
        bodies: FxHashMap::default(),
        uses: FxHashMap::default(),
    };
    p.index(root, anchor_is_table);
    for r in root.root_regions() {
        for b in root.region_blocks(r).collect::<Vec<_>>() {
            for op in root.block_ops(b).collect::<Vec<_>>() {
                p.walk(root, op, anchor_is_table.then(|| key(root)));
            }
        }
    }
    p.plan
}

impl<'b, 'c> Planner<'_, 'b, 'c> {
    fn index(&mut self, body: &'b Body<'c>, is_table: bool) {
        self.bodies.insert(key(body), body);
        if is_table {
            let mut uses = Uses::default();
            collect_uses(body, &mut uses);
            self.uses.insert(key(body), uses);
        }
        for o in body.all_ops() {
            if let Some(nested) = body.nested(o) {
                let t = body.op_name(o).traits().contains(OpTraits::SYMBOL_TABLE);
                self.index(nested, t);
            }
        }
    }

    fn body_plan(&mut self, body: &Body<'c>) -> &mut BodyPlan {
        self.plan.entry(key(body)).or_default()
    }

    /// Whether `v` is live: not found dead so far, and live by the analysis.
    fn live(&self, body: &Body<'c>, v: ValueId) -> bool {
        let k = (key(body), v);
        !self.dead.contains(&k) && self.la.is_live(k.0, v)
    }

    fn lives(&self, body: &Body<'c>, values: impl IntoIterator<Item = ValueId>) -> Vec<bool> {
        values.into_iter().map(|v| self.live(body, v)).collect()
    }

    fn mark_dead(&mut self, body: &Body<'c>, values: impl IntoIterator<Item = ValueId>) {
        let k = key(body);
        self.dead.extend(values.into_iter().map(|v| (k, v)));
    }

    /// Post-order: the op's regions (or nested body) first, then the op.
    fn walk(&mut self, body: &'b Body<'c>, op: OpId, table: Option<BodyKey>) {
        let rb = body.region_body(op);
        let inner_table = if body.nested(op).is_some()
            && body.op_name(op).traits().contains(OpTraits::SYMBOL_TABLE)
        {
            Some(key(rb))
        } else {
            table
        };
        for &r in body.regions_of(op) {
            for b in rb.region_blocks(r).collect::<Vec<_>>() {
                for o in rb.block_ops(b).collect::<Vec<_>>() {
                    self.walk(rb, o, inner_table);
                }
            }
        }
        let name = body.op_name(op);
        if matches!(name.as_str(), func::FuncOp::NAME | llvm::LLVMFuncOp::NAME) {
            self.function(body, op, table);
        } else if region_branch::is_region_branch(self.ctx, body, op) {
            self.region_branch(body, op);
        } else if is_known_branch(body, op) {
            self.branch(body, op);
        } else if name.traits().contains(OpTraits::TERMINATOR) || is_call(body, op) {
            // Terminators go with their parent; calls with their callee.
        } else {
            self.simple(body, op);
        }
    }

    /// An op of no other kind: erased if an operand is dead (it can only be in code
    /// that never runs), or if it has no effects and no live result.
    fn simple(&mut self, body: &Body<'c>, op: OpId) {
        let dead_operand = body.operands(op).any(|v| !self.live(body, v));
        if !dead_operand {
            let any_live = body.results(op).any(|r| self.live(body, r));
            if !is_memory_effect_free(body, op) || any_live {
                return;
            }
        }
        self.body_plan(body).operations.push(op);
        let results: SmallVec<[ValueId; 4]> = body.results(op).collect();
        self.mark_dead(body, results);
    }

    /// A function: unless public or a declaration, its dead arguments go (and the
    /// matching call operands), and so do the results no call uses.
    fn function(&mut self, body: &Body<'c>, op: OpId, table: Option<BodyKey>) {
        let Some(nested) = body.nested(op) else {
            return;
        };
        let Some(entry) = body
            .regions_of(op)
            .first()
            .and_then(|&r| nested.entry_block(r))
        else {
            return;
        };
        if symbol_visibility(body, op) == Visibility::Public {
            return;
        }
        // Signature changes are implemented for `func.func` only (an `llvm.func` keeps
        // its signature), and a function used other than by calls keeps it too.
        let name = body
            .attr(op, "sym_name")
            .and_then(|a| a.as_str())
            .unwrap_or("");
        let uses = table.and_then(|t| self.uses.get(&t));
        if body.op_name(op).as_str() != func::FuncOp::NAME
            || uses.is_none_or(|u| u.other.contains(name))
        {
            return;
        }
        let calls: Vec<(BodyKey, OpId)> = uses
            .and_then(|u| u.calls.get(name))
            .cloned()
            .unwrap_or_default();
        let args: SmallVec<[ValueId; 8]> = nested.block_args(entry).iter().copied().collect();
        let dead_args: Vec<bool> = self
            .lives(nested, args.iter().copied())
            .iter()
            .map(|l| !l)
            .collect();
        self.mark_dead(
            nested,
            args.iter()
                .zip(&dead_args)
                .filter(|(_, &d)| d)
                .map(|(&a, _)| a),
        );
        let num_results = pto_dialects::func::function_type(body, op).map_or(0, |(_, r)| r.len());
        let mut dead_rets = vec![true; num_results];
        for &(ck, call) in &calls {
            let Some(cb) = self.bodies.get(&ck).copied() else {
                continue;
            };
            let lives = self.lives(cb, cb.results(call));
            for (d, l) in dead_rets.iter_mut().zip(lives) {
                *d &= !l;
            }
            if dead_args.iter().any(|&d| d) && cb.num_operands(call) == dead_args.len() {
                self.plan.entry(ck).or_default().operands.push((
                    call,
                    dead_args.clone(),
                    OperandAction::Erase,
                ));
            }
        }
        let region = body.regions_of(op)[0];
        for b in nested.region_blocks(region) {
            let Some(term) = nested.last_op(b) else {
                continue;
            };
            if nested
                .op_name(term)
                .traits()
                .contains(OpTraits::RETURN_LIKE)
                && nested.num_operands(term) == num_results
            {
                self.plan.entry(key(nested)).or_default().operands.push((
                    term,
                    dead_rets.clone(),
                    OperandAction::Erase,
                ));
            }
        }
        self.body_plan(body)
            .functions
            .push((op, dead_args.clone(), dead_rets.clone()));
        self.plan.entry(key(nested)).or_default().entry_args = Some(dead_args);
        if num_results == 0 {
            return;
        }
        for (ck, call) in calls {
            let Some(cb) = self.bodies.get(&ck).copied() else {
                continue;
            };
            if cb.num_results(call) != num_results {
                continue;
            }
            self.plan
                .entry(ck)
                .or_default()
                .results
                .push((call, dead_rets.clone()));
            let dead: SmallVec<[ValueId; 4]> = cb
                .results(call)
                .zip(&dead_rets)
                .filter(|(_, &d)| d)
                .map(|(r, _)| r)
                .collect();
            self.mark_dead(cb, dead);
        }
    }

    /// A region branch op: erased if it has no effects and no live result; otherwise
    /// each value it passes (into a region or out to its results) that is dead, or
    /// reaches only dead values, is replaced by poison (canonicalization removes the
    /// unused arguments and results later).
    fn region_branch(&mut self, body: &Body<'c>, op: OpId) {
        if is_memory_effect_free(body, op) && !body.results(op).any(|r| self.live(body, r)) {
            self.body_plan(body).operations.push(op);
            return;
        }
        // (owner, operand index) -> the successor inputs it may reach.
        let mut mapping: Vec<(OperandRef, SmallVec<[ValueId; 4]>)> = Vec::new();
        let mut add = |owner: OpId, index: usize, input: ValueId| match mapping
            .iter_mut()
            .find(|(k, _)| *k == (owner, index))
        {
            Some((_, inputs)) => inputs.push(input),
            None => mapping.push(((owner, index), SmallVec::from_slice(&[input]))),
        };
        let consts = vec![None; body.num_operands(op)];
        for e in region_branch::entry_edges(self.ctx, body, op, &consts) {
            if let Some(operands) = &e.operands {
                for (k, &input) in e.inputs.iter().enumerate().take(operands.len()) {
                    add(op, e.first_operand + k, input);
                }
            }
        }
        for (i, &r) in body.regions_of(op).iter().enumerate() {
            for b in body.region_blocks(r) {
                let Some(term) = body.last_op(b) else {
                    continue;
                };
                let consts = vec![None; body.num_operands(term)];
                for e in region_branch::terminator_edges(self.ctx, body, op, i, term, &consts) {
                    if let Some(operands) = &e.operands {
                        for (k, &input) in e.inputs.iter().enumerate().take(operands.len()) {
                            add(term, e.first_operand + k, input);
                        }
                    }
                }
            }
        }
        let mut dead: Vec<(OpId, Vec<bool>)> = Vec::new();
        for ((owner, index), inputs) in mapping {
            let value = body.operand(owner, index);
            let keep = self.live(body, value) && inputs.iter().any(|&v| self.live(body, v));
            if keep {
                continue;
            }
            match dead.iter_mut().find(|(o, _)| *o == owner) {
                Some((_, bits)) => bits[index] = true,
                None => {
                    let mut bits = vec![false; body.num_operands(owner)];
                    bits[index] = true;
                    dead.push((owner, bits));
                }
            }
        }
        let plan = self.body_plan(body);
        for (owner, bits) in dead {
            plan.operands.push((owner, bits, OperandAction::Poison));
        }
    }

    /// A branch: erased (for `ub.unreachable`) if its condition is dead; otherwise the
    /// dead values it passes are removed with the block arguments receiving them.
    fn branch(&mut self, body: &Body<'c>, op: OpId) {
        let n = body.num_operands(op);
        let succs: SmallVec<[BlockId; 2]> = body.successors(op).iter().copied().collect();
        let ranges: Vec<Option<(usize, usize)>> = (0..succs.len())
            .map(|s| forwarded_operands(body, op, s))
            .collect();
        let forwarded = |i: usize| ranges.iter().flatten().any(|&(a, b)| a <= i && i < b);
        if (0..n).any(|i| !forwarded(i) && !self.live(body, body.operand(op, i))) {
            self.body_plan(body).operations.push(op);
            return;
        }
        for (s, &succ) in succs.iter().enumerate() {
            let Some((start, end)) = ranges[s] else {
                continue;
            };
            let values: SmallVec<[ValueId; 4]> =
                (start..end).map(|i| body.operand(op, i)).collect();
            let dead: Vec<bool> = self.lives(body, values).iter().map(|l| !l).collect();
            let args: SmallVec<[ValueId; 4]> = body
                .block_args(succ)
                .iter()
                .zip(&dead)
                .filter(|(_, &d)| d)
                .map(|(&a, _)| a)
                .collect();
            self.mark_dead(body, args);
            let plan = self.body_plan(body);
            plan.block_args.push((succ, dead.clone()));
            plan.successor_operands.push((op, s, dead));
        }
    }
}

/// The calls (by callee name) and other symbol references in the symbol table `body`,
/// not entering nested symbol tables.
fn collect_uses(body: &Body<'_>, uses: &mut Uses) {
    for op in body.all_ops() {
        collect_op_uses(body, op, uses);
    }
}

fn collect_op_uses(body: &Body<'_>, op: OpId, uses: &mut Uses) {
    if is_call(body, op) {
        if let Some(name) = callee_name(body, op) {
            uses.calls
                .entry(name.to_string())
                .or_default()
                .push((key(body), op));
        }
    } else {
        let mut refs = Vec::new();
        crate::inliner::op_symbol_refs(body, op, &mut refs);
        uses.other.extend(
            refs.into_iter()
                .filter_map(|a| a.symbol_root())
                .map(str::to_string),
        );
    }
    if body.op_name(op).traits().contains(OpTraits::SYMBOL_TABLE) {
        return;
    }
    if let Some(nested) = body.nested(op) {
        collect_uses(nested, uses);
    }
}
