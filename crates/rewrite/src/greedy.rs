//! The greedy pattern driver (MLIR's `applyPatternsGreedily`): a worklist of ops, each
//! removed if trivially dead, else folded (constants materialized by the dialect), else
//! offered to the patterns; changes re-enqueue the affected ops. Iterations repeat, with
//! constants uniqued and hoisted to the entry block of their isolated region and the
//! regions simplified, until nothing changes or the iteration limit is hit.
//!
//! Each [`Body`] (the IR under one isolated-from-above op) gets its own driver: patterns
//! never cross that boundary, so the bodies of a module's functions are rewritten
//! independently, in parallel when asked.
//!
//! It follows MLIR's driver step by step, because the output's order is observable: each
//! iteration drops unreachable blocks, seeds the worklist (pre-order reversed, or
//! post-order), uniques constants per isolated region and hoists them to its entry block
//! (merging two forgets their locations), then pops ops: trivially dead ones are erased,
//! others folded, else matched. After the worklist comes region simplification
//! (`region_simplify`). Successor operands are known through
//! `pto_ir::interfaces::successor_operands` (ODS pairing, and `case_operand_segments` for
//! the switches). The listener re-enqueues users, operand producers with at most one
//! other user, and ancestors. The driver reports whether it converged. One driver per
//! body gives the same result as MLIR's single driver:
//! `lit-tests/transforms/canonicalize.mlir` checks the output against mlir-opt in every
//! traversal mode, with locations.

use rustc_hash::FxHashMap;
use smallvec::SmallVec;

use super::fold::{constant_of_op, fold_op, materialize_fold_results, FoldResult};
use super::region_simplify::{erase_unreachable_blocks, simplify_regions};
use super::{FrozenPatternSet, Listener, PatternRewriter};
use pto_ir::effects::is_trivially_dead;
use pto_ir::entity::EntityRef;
use pto_ir::{
    Attribute, Body, Context, InsertPoint, OpId, OpTraits, RegionId, Type, ValueId, WalkOrder,
    WalkResult,
};

/// How much the driver simplifies regions between iterations.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum RegionSimplification {
    /// Not at all.
    Disabled,
    /// Erase unreachable blocks and dead ops and block arguments.
    Normal,
}

/// Knobs of the greedy driver (MLIR's `GreedyRewriteConfig`).
#[derive(Clone, Debug)]
pub struct GreedyConfig {
    /// Seed the worklist in pre-order (else post-order, processed last to first).
    pub top_down: bool,
    /// Iteration limit (`None`: no limit).
    pub max_iterations: Option<u64>,
    /// Limit on pattern applications per iteration (`None`: no limit).
    pub max_num_rewrites: Option<u64>,
    /// Region simplification level.
    pub region_simplification: RegionSimplification,
    /// Fold ops through their fold hooks.
    pub fold: bool,
    /// Unique constants and hoist them to the entry block of their region.
    pub cse_constants: bool,
    /// Rewrite the bodies of isolated ops on several threads.
    pub threads: bool,
}

impl Default for GreedyConfig {
    fn default() -> Self {
        Self {
            top_down: false,
            max_iterations: Some(10),
            max_num_rewrites: None,
            region_simplification: RegionSimplification::Normal,
            fold: true,
            cse_constants: true,
            threads: false,
        }
    }
}

/// What a greedy rewrite did.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct GreedyOutcome {
    /// Whether the rewrite reached a fixed point in every body.
    pub converged: bool,
    /// Whether anything changed.
    pub changed: bool,
}

/// Applies `patterns` greedily to everything in `body`, including the bodies of the
/// isolated ops inside it.
pub fn apply_patterns_greedily<'c>(
    ctx: &'c Context,
    body: &mut Body<'c>,
    patterns: &FrozenPatternSet,
    config: &GreedyConfig,
) -> GreedyOutcome {
    let mut nested: Vec<&mut Body<'c>> = body.nested_bodies_mut().map(|(_, b)| b).collect();
    let mut outcome = GreedyOutcome {
        converged: true,
        changed: false,
    };
    let merge = |o: &mut GreedyOutcome, r: GreedyOutcome| {
        o.converged &= r.converged;
        o.changed |= r.changed;
    };
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get());
    if config.threads && nested.len() > 1 && workers > 1 {
        let chunk = nested.len().div_ceil(workers);
        let results: Vec<GreedyOutcome> = std::thread::scope(|s| {
            let handles: Vec<_> = nested
                .chunks_mut(chunk)
                .map(|bodies| {
                    pto_ir::threads::spawn(s, move || {
                        let mut o = GreedyOutcome {
                            converged: true,
                            changed: false,
                        };
                        for b in bodies {
                            let r = apply_patterns_greedily(ctx, b, patterns, config);
                            o.converged &= r.converged;
                            o.changed |= r.changed;
                        }
                        o
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("greedy rewrite thread panicked"))
                .collect()
        });
        for r in results {
            merge(&mut outcome, r);
        }
    } else {
        for b in nested.iter_mut() {
            let r = apply_patterns_greedily(ctx, b, patterns, config);
            merge(&mut outcome, r);
        }
    }
    drop(nested);
    let r = Driver::new(ctx, patterns, config).run(body);
    merge(&mut outcome, r);
    outcome
}

/// Applies `patterns` greedily to the ops `ops` of `body` and to the ops the rewrites
/// affect (MLIR's `applyOpPatternsGreedily` with its default `AnyOp` strictness): one
/// pass over a worklist seeded with `ops` (the last one first), folding and matching as
/// [`apply_patterns_greedily`] does, without region simplification or constant
/// hoisting. Returns whether the worklist was emptied (the rewrite converged).
pub fn apply_op_patterns_greedily<'c>(
    ctx: &'c Context,
    body: &mut Body<'c>,
    ops: &[OpId],
    patterns: &FrozenPatternSet,
    config: &GreedyConfig,
) -> GreedyOutcome {
    let mut driver = Driver::new(ctx, patterns, config);
    for &op in ops {
        if body.is_alive(op) {
            driver.tracker.worklist.push(op);
        }
    }
    let changed = driver.process(body);
    GreedyOutcome {
        converged: driver.tracker.worklist.list.iter().all(Option::is_none),
        changed,
    }
}

/// Ops to visit, without duplicates; popped from the back.
#[derive(Default)]
struct Worklist {
    list: Vec<Option<OpId>>,
    /// Position + 1 in `list` per op slot (0: absent).
    pos: Vec<u32>,
}

impl Worklist {
    fn push(&mut self, op: OpId) {
        let i = op.index();
        if i >= self.pos.len() {
            self.pos.resize(i + 1, 0);
        }
        if self.pos[i] != 0 {
            return;
        }
        self.list.push(Some(op));
        self.pos[i] = self.list.len() as u32;
    }
    fn pop(&mut self) -> Option<OpId> {
        while let Some(entry) = self.list.pop() {
            if let Some(op) = entry {
                self.pos[op.index()] = 0;
                return Some(op);
            }
        }
        None
    }
    fn remove(&mut self, op: OpId) {
        if let Some(p) = self.pos.get_mut(op.index()) {
            if *p != 0 {
                self.list[*p as usize - 1] = None;
                *p = 0;
            }
        }
    }
    fn reverse(&mut self) {
        self.list.reverse();
        for (i, e) in self.list.iter().enumerate() {
            if let Some(op) = e {
                self.pos[op.index()] = i as u32 + 1;
            }
        }
    }
    fn clear(&mut self) {
        for op in self.list.drain(..).flatten() {
            self.pos[op.index()] = 0;
        }
    }
}

/// The uniqued constants of each isolated region (MLIR's `OperationFolder`).
#[derive(Default)]
struct ConstantTable<'c> {
    by_value: FxHashMap<(RegionId, &'c str, Attribute<'c>, Type<'c>), OpId>,
    owned: FxHashMap<OpId, (RegionId, &'c str, Attribute<'c>, Type<'c>)>,
}

/// The listener half of the driver: the worklist and the constant table follow every
/// change a rewriter makes.
struct Tracker<'c> {
    worklist: Worklist,
    constants: ConstantTable<'c>,
    cse_constants: bool,
}

impl<'c> Tracker<'c> {
    /// Adds `op` and its ancestors within the body.
    fn add(&mut self, body: &Body<'c>, op: OpId) {
        let mut cur = Some(op);
        while let Some(o) = cur {
            self.worklist.push(o);
            cur = body.parent_op(o);
        }
    }
}

impl<'c> Listener<'c> for Tracker<'c> {
    fn op_inserted(&mut self, body: &Body<'c>, op: OpId) {
        self.add(body, op);
    }
    fn op_modified(&mut self, body: &Body<'c>, op: OpId) {
        self.add(body, op);
    }
    fn op_replaced(&mut self, body: &Body<'c>, op: OpId, _new: &[ValueId]) {
        let users: SmallVec<[OpId; 8]> = body
            .results(op)
            .flat_map(|r| body.uses(r).map(|(u, _)| u))
            .collect();
        for u in users {
            self.add(body, u);
        }
    }
    fn op_erased(&mut self, body: &Body<'c>, op: OpId) {
        // An operand's producer with at most one other user left may now fold or die.
        for v in body.operands(op) {
            let Some(def) = body.defining_op(v) else {
                continue;
            };
            let mut others: SmallVec<[OpId; 2]> = SmallVec::new();
            let mut many = false;
            for (u, _) in body.uses(v) {
                if u == op || others.contains(&u) {
                    continue;
                }
                if !others.is_empty() {
                    many = true;
                    break;
                }
                others.push(u);
            }
            if !many {
                self.add(body, def);
            }
        }
        self.worklist.remove(op);
        if self.cse_constants {
            if let Some(key) = self.constants.owned.remove(&op) {
                if self.constants.by_value.get(&key) == Some(&op) {
                    self.constants.by_value.remove(&key);
                }
            }
        }
    }
}

/// One driver per body.
struct Driver<'c, 'p> {
    ctx: &'c Context,
    patterns: &'p FrozenPatternSet,
    config: &'p GreedyConfig,
    tracker: Tracker<'c>,
}

impl<'c, 'p> Driver<'c, 'p> {
    fn new(ctx: &'c Context, patterns: &'p FrozenPatternSet, config: &'p GreedyConfig) -> Self {
        Self {
            ctx,
            patterns,
            config,
            tracker: Tracker {
                worklist: Worklist::default(),
                constants: ConstantTable::default(),
                cse_constants: config.cse_constants,
            },
        }
    }

    fn run(&mut self, body: &mut Body<'c>) -> GreedyOutcome {
        let mut iteration = 0u64;
        let mut changed_any = false;
        let mut keep_going;
        loop {
            iteration += 1;
            if self.config.max_iterations.is_some_and(|m| iteration > m) {
                // The previous iteration changed something: not converged.
                keep_going = true;
                break;
            }
            tracing::debug!(iteration, "greedy rewrite iteration");
            // Ops in unreachable blocks need not respect dominance: drop those blocks
            // before any pattern sees them, whatever the simplification level (as MLIR).
            let regions = body.root_regions();
            let erased = {
                let mut rewriter = PatternRewriter::new(self.ctx, body, &mut self.tracker);
                erase_unreachable_blocks(&mut rewriter, &regions)
            };
            self.seed(body);
            keep_going = self.process(body) || erased;
            if self.config.region_simplification != RegionSimplification::Disabled {
                let mut rewriter = PatternRewriter::new(self.ctx, body, &mut self.tracker);
                keep_going |= simplify_regions(&mut rewriter);
            }
            changed_any |= keep_going;
            if !keep_going {
                break;
            }
        }
        GreedyOutcome {
            converged: !keep_going,
            changed: changed_any,
        }
    }

    /// Fills the worklist with every op of the body, uniquing constants on the way.
    fn seed(&mut self, body: &mut Body<'c>) {
        self.tracker.worklist.clear();
        let top_down = self.config.top_down;
        let order = if top_down {
            WalkOrder::PreOrder
        } else {
            WalkOrder::PostOrder
        };
        for region in body.root_regions() {
            let tops: Vec<OpId> = body
                .region_blocks(region)
                .flat_map(|b| body.block_ops(b).collect::<Vec<_>>())
                .collect();
            for top in tops {
                if !body.is_alive(top) {
                    continue;
                }
                body.walk(top, order, |body, op| {
                    if self.config.cse_constants && self.insert_known_constant(body, op) {
                        return WalkResult::Skip;
                    }
                    self.tracker.add(body, op);
                    WalkResult::Advance
                });
            }
        }
        if top_down {
            self.tracker.worklist.reverse();
        }
    }

    /// If `op` is a constant: unique it against the table (true if it was replaced by an
    /// existing constant), else record it, moved to the front of its region's entry block.
    fn insert_known_constant(&mut self, body: &mut Body<'c>, op: OpId) -> bool {
        let Some(value) = constant_of_op(self.ctx, body, op) else {
            return false;
        };
        let Some(block) = body.op_block(op) else {
            return false;
        };
        let unknown = self.ctx.unknown_loc();
        let owned = |t: &Tracker<'c>, o: Option<OpId>| {
            o.is_some_and(|o| t.constants.owned.contains_key(&o))
        };
        if self.tracker.constants.owned.contains_key(&op) {
            // Ours already: re-hoist if something got in front of it.
            if body.first_op(block) != Some(op) && !owned(&self.tracker, body.prev_op(op)) {
                body.move_op(op, InsertPoint::BlockStart(block));
            }
            return false;
        }
        let region = root_region_of(body, block);
        let key = (
            region,
            body.op_name(op).dialect(),
            value,
            body.value_type(body.result(op, 0)),
        );
        if let Some(&existing) = self.tracker.constants.by_value.get(&key) {
            let new: SmallVec<[ValueId; 1]> = body.results(existing).collect();
            let mut rewriter = PatternRewriter::new(self.ctx, body, &mut self.tracker);
            rewriter.replace_op(op, &new);
            body.set_op_loc(existing, unknown);
            return true;
        }
        let Some(entry) = body.entry_block(region) else {
            return false;
        };
        // Hoisting out of a nested block forgets the location (as does merging two
        // constants); moving up within the entry block keeps it, as MLIR 22 does.
        if block != entry {
            body.move_op(op, InsertPoint::BlockStart(entry));
            body.set_op_loc(op, unknown);
        } else if body.first_op(entry) != Some(op) && !owned(&self.tracker, body.prev_op(op)) {
            body.move_op(op, InsertPoint::BlockStart(entry));
        }
        self.tracker.constants.by_value.insert(key, op);
        self.tracker.constants.owned.insert(op, key);
        false
    }

    /// Processes the worklist; true if anything changed.
    fn process(&mut self, body: &mut Body<'c>) -> bool {
        let mut changed = false;
        let mut rewrites = 0u64;
        while let Some(op) = self.tracker.worklist.pop() {
            if self.config.max_num_rewrites.is_some_and(|m| rewrites >= m) {
                break;
            }
            if !body.is_alive(op) || body.op_block(op).is_none() {
                continue;
            }
            if is_trivially_dead(body, op) {
                PatternRewriter::new(self.ctx, body, &mut self.tracker).erase_op(op);
                changed = true;
                continue;
            }
            let name = body.op_name(op);
            if self.config.fold && !name.traits().contains(OpTraits::CONSTANT_LIKE) {
                match fold_op(self.ctx, body, op) {
                    FoldResult::InPlace => {
                        tracing::debug!(op = name.as_str(), "folded in place");
                        self.tracker.op_modified(body, op);
                        changed = true;
                        continue;
                    }
                    FoldResult::Replace(results) => {
                        if let Some((values, created)) =
                            materialize_fold_results(self.ctx, body, op, &results)
                        {
                            for c in created {
                                self.tracker.op_inserted(body, c);
                            }
                            tracing::debug!(op = name.as_str(), "folded");
                            PatternRewriter::new(self.ctx, body, &mut self.tracker)
                                .replace_op(op, &values);
                            changed = true;
                            continue;
                        }
                    }
                    FoldResult::Failed => {}
                }
            }
            let mut rewriter = PatternRewriter::new(self.ctx, body, &mut self.tracker);
            for pattern in self.patterns.candidates(name.as_str()) {
                // Patterns start with the insertion point before the root, as in MLIR.
                rewriter.set_insertion_point_before(op);
                if pattern.match_and_rewrite(op, &mut rewriter).is_ok() {
                    tracing::debug!(
                        op = name.as_str(),
                        pattern = pattern.name(),
                        "pattern applied"
                    );
                    changed = true;
                    rewrites += 1;
                    break;
                }
            }
        }
        changed
    }
}

/// The root region (owned from outside the body) that contains `block`.
fn root_region_of(body: &Body<'_>, block: pto_ir::BlockId) -> RegionId {
    let mut region = body.block_region(block).expect("block in a region");
    while let Some(parent) = body.region_op(region) {
        match body.op_block(parent).and_then(|b| body.block_region(b)) {
            Some(r) => region = r,
            None => break,
        }
    }
    region
}
