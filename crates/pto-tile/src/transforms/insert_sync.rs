//! `pto-insert-sync`: PTOAS's automatic synchronisation (`--enable-insert-sync`).
//!
//! For every function without hand-written flags, the dependencies between pipe ops
//! (read-after-write, write-after-read, write-after-write on memory that may alias, see
//! `sync_model`) that nothing orders yet are found by the analysis of `sync_analysis`,
//! first one first, and each is ordered:
//! - on one pipe by `pto.barrier <pipe>` before the consumer (before the outermost
//!   construct holding the consumer when the producer comes earlier in the same block);
//! - across pipes by `pto.set_flag[src, dst, e]` right after the producer (or after
//!   the construct holding it) and `pto.wait_flag[src, dst, e]` right before the consumer
//!   (or before the loop or `if` holding it, so waits for producers outside a loop
//!   leave the loop);
//! - a dependency from one iteration to the next gets the set at the end of the loop
//!   body, the wait at its head, and a compensating set before the loop and wait after
//!   it, so that every wait has its set on every path (for `scf.while`: the set before
//!   the loop, the wait at the head of the condition region, the set at the end of the
//!   body).
//!
//! The analysis is re-run after each insertion, so what an inserted pair already
//! orders (through chains of pairs, at the joins of `scf.if`) is not synchronised
//! again. Event ids are then allocated per (src, dst) pipe pair, eight of them, by
//! lifetime: pairs whose set..wait ranges do not overlap share an id, loop-carried pairs
//! keep theirs for the whole function; a pair that finds no free id becomes a
//! `pto.barrier <PIPE_ALL>` at its wait (correct, slower). Finally a
//! `pto.barrier <PIPE_ALL> {pto.auto_sync_tail_barrier}` goes before every return
//! (or `set_flag`/`wait_flag[PIPE_MTE3, PIPE_S, EVENT_ID0]` with the function's
//! `pto.auto_sync_tail_hint = "mte3-to-s-event0"`).

use std::collections::HashMap;

use super::sync_analysis::{analyze, EventKey, Glue, NodeKind, RegionKind, Tree};
use super::sync_emit::{allocate_events, materialize, Pair};
use super::sync_model::{Arch, Pipe};
use pto_dialects::func;
use pto_ir::builtin;
use pto_ir::{Body, Context, Diagnostic, Location, OpId};
use pto_pass::{Pass, PassTarget};

impl Pass for crate::PTOInsertSync {
    fn run<'c>(
        &self,
        ctx: &'c Context,
        target: &mut PassTarget<'_, 'c>,
    ) -> Result<(), Diagnostic<'c>> {
        let arch = Arch::from_attr(target.body.owner_discardable_attr("pto.target_arch"));
        let mut counts = (0u64, 0u64);
        run_on_module(ctx, target.body, arch, &mut counts)?;
        target
            .statistics
            .add(crate::PTOInsertSync::NUM_FLAG_PAIRS, counts.0);
        target
            .statistics
            .add(crate::PTOInsertSync::NUM_BARRIERS, counts.1);
        Ok(())
    }
}

/// The sequence a tail sync takes before a return.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TailMode {
    /// `pto.barrier <PIPE_ALL>`.
    BarrierAll,
    /// `set_flag`/`wait_flag[PIPE_MTE3, PIPE_S, EVENT_ID0]`.
    Mte3ToSEvent0,
}

/// Reads a function's `pto.auto_sync_tail_hint` (PTOAS's spellings, any case).
pub fn tail_mode(hint: Option<&str>) -> Result<TailMode, String> {
    let Some(h) = hint else {
        return Ok(TailMode::BarrierAll);
    };
    match h.to_ascii_lowercase().as_str() {
        "barrier-all" | "barrier_all" | "default" => Ok(TailMode::BarrierAll),
        "mte3-to-s-event0" | "mte3_to_s_event0" | "setwait-mte3-to-s-event0"
        | "setwait_mte3_to_s_event0" => Ok(TailMode::Mte3ToSEvent0),
        _ => Err(format!(
            "invalid pto.auto_sync_tail_hint \"{h}\": expected \"barrier-all\", \"default\" or \"mte3-to-s-event0\""
        )),
    }
}

/// Runs on the functions of a module body (and of modules nested in it).
fn run_on_module<'c>(
    ctx: &'c Context,
    body: &mut Body<'c>,
    arch: Arch,
    counts: &mut (u64, u64),
) -> Result<(), Diagnostic<'c>> {
    // What each isolated child needs from the module body, read before borrowing the
    // children mutably.
    let mut info: HashMap<OpId, (String, Option<String>, Location<'c>, Option<Arch>)> =
        HashMap::new();
    for r in body.root_regions() {
        for b in body.region_blocks(r) {
            for op in body.block_ops(b) {
                let attrs = body.op_attrs(op);
                let hint = attrs
                    .dict_get("pto.auto_sync_tail_hint")
                    .map(|a| a.as_str().map_or_else(|| format!("{a:?}"), str::to_string));
                let own_arch = attrs
                    .dict_get("pto.target_arch")
                    .map(|a| Arch::from_attr(Some(a)));
                info.insert(
                    op,
                    (
                        body.op_name(op).as_str().to_string(),
                        hint,
                        body.op_loc(op),
                        own_arch,
                    ),
                );
            }
        }
    }
    for (op, nested) in body.nested_bodies_mut() {
        let Some((name, hint, loc, own_arch)) = info.get(&op) else {
            continue;
        };
        match name.as_str() {
            func::FuncOp::NAME => {
                let mode = tail_mode(hint.as_deref()).map_err(|m| Diagnostic::error(*loc, m))?;
                run_on_function(ctx, nested, arch, mode, counts)?;
            }
            builtin::ModuleOp::NAME => {
                run_on_module(ctx, nested, own_arch.unwrap_or(arch), counts)?
            }
            _ => {}
        }
    }
    Ok(())
}

/// Whether the function already synchronises by hand.
fn has_manual_sync(body: &Body<'_>) -> bool {
    body.root_regions().into_iter().any(|r| {
        body.region_blocks(r).any(|b| {
            body.block_ops(b).any(|o| {
                body.ops_in(o, pto_ir::WalkOrder::PreOrder)
                    .into_iter()
                    .any(|x| {
                        matches!(
                            body.op_name(x).as_str(),
                            crate::SetFlagOp::NAME
                                | crate::WaitFlagOp::NAME
                                | crate::SetFlagDynOp::NAME
                                | crate::WaitFlagDynOp::NAME
                                | crate::RecordEventOp::NAME
                                | crate::WaitEventOp::NAME
                        )
                    })
            })
        })
    })
}

/// Synchronises one function.
fn run_on_function<'c>(
    ctx: &'c Context,
    body: &mut Body<'c>,
    arch: Arch,
    mode: TailMode,
    counts: &mut (u64, u64),
) -> Result<(), Diagnostic<'c>> {
    if body.root_regions().is_empty() || has_manual_sync(body) {
        return Ok(());
    }
    let mut tree = Tree::build(ctx, body, arch, true)?;
    let mut ins = Inserter {
        tree: &mut tree,
        pairs: Vec::new(),
        locs: HashMap::new(),
        barriers: 0,
        inserted: Vec::new(),
    };
    // Inserted syncs only ever order more, so each (consumer, producer) pair is fixed
    // once: more rounds than pairs means a bug, reported rather than looping.
    let max_rounds = ins.tree.ops.len().saturating_mul(ins.tree.ops.len()) + 1;
    let mut rounds = 0usize;
    loop {
        let deps = analyze(ins.tree, arch);
        let Some(first) = deps.first().copied() else {
            break;
        };
        rounds += 1;
        if rounds > max_rounds {
            let loc = body.op_loc(ins.tree.ops[first.consumer].op);
            return Err(Diagnostic::error(loc, "pto-insert-sync did not converge"));
        }
        let order = position_map(ins.tree);
        let cpos = order[ins.tree.ops[first.consumer].node];
        // The latest producer before the consumer covers the earlier ones of its pipe;
        // only loop-carried producers left: the latest in the body.
        let producer = deps
            .iter()
            .filter(|d| d.consumer == first.consumer)
            .map(|d| d.producer)
            .max_by_key(|&p| {
                let pos = order[ins.tree.ops[p].node];
                (pos < cpos, pos)
            })
            .unwrap_or(first.producer);
        let cons_loc = body.op_loc(ins.tree.ops[first.consumer].op);
        let prod_loc = body.op_loc(ins.tree.ops[producer].op);
        ins.order(first.consumer, producer, arch, cons_loc, prod_loc);
    }
    ins.drop_redundant(arch);
    let tail = mode == TailMode::Mte3ToSEvent0;
    let fallbacks = allocate_events(ins.tree, &mut ins.pairs, tail);
    for p in fallbacks {
        ins.fallback(p);
    }
    // One stop-everything barrier may make the next ones unnecessary.
    ins.drop_redundant(arch);
    // The allocation must keep everything ordered; check with the real ids.
    if let Some(d) = analyze(ins.tree, arch).first() {
        let loc = body.op_loc(ins.tree.ops[d.consumer].op);
        return Err(Diagnostic::error(
            loc,
            "pto-insert-sync left a dependency unordered after allocating event ids",
        ));
    }
    counts.0 += ins.pairs.iter().filter(|p| p.event.is_some()).count() as u64;
    counts.1 += ins.barriers;
    let locs = std::mem::take(&mut ins.locs);
    materialize(ctx, body, &tree, &locs, mode);
    Ok(())
}

/// The pre-order position of every node (unreachable ones get `usize::MAX`).
fn position_map(tree: &Tree) -> Vec<usize> {
    let mut pos = vec![usize::MAX; tree.nodes.len()];
    for (i, n) in tree.preorder().into_iter().enumerate() {
        pos[n] = i;
    }
    pos
}

/// Inserts sync nodes into the tree.
struct Inserter<'t, 'c> {
    tree: &'t mut Tree,
    pairs: Vec<Pair>,
    locs: HashMap<usize, Location<'c>>,
    barriers: u64,
    /// What was inserted, in order: the nodes of a pair or of a barrier.
    inserted: Vec<Inserted>,
}

/// One insertion: a pair (by index) or a barrier node.
#[derive(Copy, Clone, Debug)]
enum Inserted {
    Pair(usize),
    Barrier(usize),
}

impl<'c> Inserter<'_, 'c> {
    /// Orders op `producer` before op `consumer` (indices of the tree's ops).
    fn order(
        &mut self,
        consumer: usize,
        producer: usize,
        arch: Arch,
        cl: Location<'c>,
        pl: Location<'c>,
    ) {
        let (cn, pn) = (self.tree.ops[consumer].node, self.tree.ops[producer].node);
        let (cp, pp) = (self.tree.ops[consumer].pipe, self.tree.ops[producer].pipe);
        let cc = self.tree.chain(cn);
        let pc = self.tree.chain(pn);
        // The deepest sequence both are in.
        let mut level = 0;
        while level + 1 < cc.len().min(pc.len())
            && (cc[level + 1].0, cc[level + 1].1) == (pc[level + 1].0, pc[level + 1].1)
        {
            level += 1;
        }
        let (owner, region, ci) = cc[level];
        let pi = pc[level].2;
        if cp == pp {
            debug_assert!(!arch.pipe_in_order(cp));
            // A barrier needs no partner: before the consumer's outermost construct when
            // the producer comes first in the same block, else right before the consumer.
            let at = if pi < ci {
                (owner, region, ci)
            } else {
                *cc.last().expect("a chain is never empty")
            };
            self.barrier(at, cp, cl);
            return;
        }
        let sym = self.pairs.len();
        let mut pair = Pair {
            src: pp,
            dst: cp,
            sym,
            nodes: Vec::new(),
            carried: false,
            fallback_at: 0,
            event: None,
        };
        if pi < ci {
            let w = self.flag(true, (owner, region, ci), &mut pair, Glue::Next, cl);
            self.flag(false, (owner, region, pi + 1), &mut pair, Glue::Prev, pl);
            pair.fallback_at = w;
            self.push_pair(pair);
            return;
        }
        // The while's condition runs before its body: a forward dependency into the
        // body, with a drain after the loop for the last condition's signal.
        if pi == ci {
            let n = self.tree.seq(owner, region).nodes[ci];
            let is_while = matches!(
                self.tree.nodes[n],
                NodeKind::Region {
                    kind: RegionKind::While,
                    ..
                }
            );
            if is_while && pc[level + 1].1 == 0 && cc[level + 1].1 == 1 {
                let before_len = self.tree.seq(Some(n), 0).nodes.len();
                self.flag(false, (Some(n), 0, before_len), &mut pair, Glue::Next, pl);
                let w = self.flag(true, (Some(n), 1, 0), &mut pair, Glue::Prev, cl);
                self.flag(true, (owner, region, ci + 1), &mut pair, Glue::Prev, cl);
                pair.carried = true;
                pair.fallback_at = w;
                self.push_pair(pair);
                return;
            }
        }
        // Loop-carried: the innermost loop around both (the while itself when the
        // producer is in its body and the consumer in its condition).
        let mut lp = None;
        if pi == ci {
            let n = self.tree.seq(owner, region).nodes[ci];
            if matches!(
                self.tree.nodes[n],
                NodeKind::Region {
                    kind: RegionKind::While,
                    ..
                }
            ) {
                lp = Some(n);
            }
        }
        let mut up = owner;
        while lp.is_none() {
            let Some(o) = up else { break };
            if let NodeKind::Region {
                kind: RegionKind::Loop | RegionKind::While | RegionKind::Unknown,
                ..
            } = self.tree.nodes[o]
            {
                lp = Some(o);
            }
            up = self.tree.parent[o].0;
        }
        let kind = lp.and_then(|l| match &self.tree.nodes[l] {
            NodeKind::Region { kind, .. } => Some(*kind),
            _ => None,
        });
        let (Some(l), Some(kind @ (RegionKind::Loop | RegionKind::While))) = (lp, kind) else {
            // No loop this pass can place a pair around: stop everything instead.
            let at = *cc.last().expect("a chain is never empty");
            self.barrier(at, Pipe::ALL, cl);
            return;
        };
        let (lo, lr) = self.tree.parent[l];
        let li = self
            .tree
            .seq(lo, lr)
            .nodes
            .iter()
            .position(|&x| x == l)
            .expect("in parent");
        self.flag(false, (lo, lr, li), &mut pair, Glue::Next, pl);
        let w = self.flag(true, (Some(l), 0, 0), &mut pair, Glue::Prev, cl);
        let body_region = if kind == RegionKind::While { 1 } else { 0 };
        let end = self.tree.seq(Some(l), body_region).nodes.len();
        self.flag(
            false,
            (Some(l), body_region, end),
            &mut pair,
            Glue::Next,
            pl,
        );
        if kind == RegionKind::Loop {
            self.flag(true, (lo, lr, li + 2), &mut pair, Glue::Prev, cl);
        }
        pair.carried = true;
        pair.fallback_at = w;
        self.push_pair(pair);
    }

    fn push_pair(&mut self, pair: Pair) {
        self.inserted.push(Inserted::Pair(self.pairs.len()));
        self.pairs.push(pair);
    }

    /// Inserts the set (or wait) node of `pair` at `(owner, region, index)`.
    fn flag(
        &mut self,
        wait: bool,
        (owner, region, at): (Option<usize>, usize, usize),
        pair: &mut Pair,
        glue: Glue,
        loc: Location<'c>,
    ) -> usize {
        let (src, dst, event) = (pair.src, pair.dst, EventKey::Sym(pair.sym));
        let kind = if wait {
            NodeKind::Wait {
                src,
                dst,
                event,
                op: None,
                glue,
            }
        } else {
            NodeKind::Set {
                src,
                dst,
                event,
                op: None,
                glue,
            }
        };
        let n = self.tree.insert(owner, region, at, kind);
        self.locs.insert(n, loc);
        pair.nodes.push(n);
        n
    }

    fn barrier(&mut self, at: (Option<usize>, usize, usize), pipe: Pipe, loc: Location<'c>) {
        let kind = NodeKind::Barrier {
            pipe,
            op: None,
            glue: Glue::Next,
        };
        let n = self.tree.insert(at.0, at.1, at.2, kind);
        self.locs.insert(n, loc);
        self.barriers += 1;
        self.inserted.push(Inserted::Barrier(n));
    }

    /// Drops what later insertions made unnecessary. Insertion is greedy, first
    /// dependency first, so an early barrier or pair may be covered by a chain of pairs
    /// inserted after it; each is tried away, oldest first, and stays away when the
    /// function remains fully ordered without it.
    fn drop_redundant(&mut self, arch: Arch) {
        for item in self.inserted.clone() {
            let nodes = match item {
                Inserted::Pair(p) => self.pairs[p].nodes.clone(),
                Inserted::Barrier(n) => vec![n],
            };
            for &n in &nodes {
                self.tree.disabled[n] = true;
            }
            if !analyze(self.tree, arch).is_empty() {
                for &n in &nodes {
                    self.tree.disabled[n] = false;
                }
                continue;
            }
            for &n in &nodes {
                self.tree.remove(n);
            }
            match item {
                Inserted::Pair(p) => self.pairs[p].nodes.clear(),
                Inserted::Barrier(_) => self.barriers -= 1,
            }
        }
        self.pairs.retain(|p| !p.nodes.is_empty());
        self.inserted.clear();
    }

    /// Replaces pair `p` (out of event ids) by a `PIPE_ALL` barrier at its wait.
    fn fallback(&mut self, p: usize) {
        let at = self.pairs[p].fallback_at;
        let (owner, region) = self.tree.parent[at];
        let index = self
            .tree
            .seq(owner, region)
            .nodes
            .iter()
            .position(|&x| x == at)
            .expect("in parent");
        let glue = match self.tree.nodes[at] {
            NodeKind::Wait { glue, .. } => glue,
            _ => Glue::Next,
        };
        let loc = self.locs[&at];
        let n = self.tree.insert(
            owner,
            region,
            index,
            NodeKind::Barrier {
                pipe: Pipe::ALL,
                op: None,
                glue,
            },
        );
        self.locs.insert(n, loc);
        self.barriers += 1;
        self.inserted.push(Inserted::Barrier(n));
        for node in std::mem::take(&mut self.pairs[p].nodes) {
            self.tree.remove(node);
        }
    }
}
