//! `pypto-insert-sync`: PyPTO's InsertSync. Ops on different hardware pipes that touch
//! the same MemRef (read after write, write after read, write after write) are ordered
//! by `system.sync_src`/`system.sync_dst` pairs; ops on one pipe by a barrier.
//!
//! As PyPTO does, each block is a sequence of statements analysed on its own: a plain op
//! reads the MemRefs of its operands and writes those of its results on its pipe
//! (`crate::op_pipe`; the scalar pipe S is never synchronised), and an op with regions
//! (`scf.for`, `scf.if`) stands for everything inside it, on the pipes of the ops inside
//! that touch each MemRef. A dependency from statement `p` to a later `c`:
//! - on one pipe: `system.bar_v` (V) or `system.bar_m` (M) right before `c`, one per
//!   statement and pipe; the other pipes run in order and need none;
//! - across pipes: `sync_src(set_pipe, wait_pipe, event_id)` right after `p` and
//!   `sync_dst` with the same operands right before the first such `c` (later consumers
//!   on the same waiting pipe come after the wait anyway). Each producer statement has
//!   its own pair per pipe pair, so `load a; load b; add; store` gets three pairs.
//!
//! Event ids (0-7 per pipe pair) are allocated by simulating the sequence as PyPTO does:
//! a pair's id is taken after its producer and freed at its wait. Ids live across a
//! statement with regions are not used inside it. When all eight are taken, the
//! dependency is ordered by `system.bar_all` before `c` instead (slower, still correct).
//!
//! Loops (beyond PyPTO, which ignores dependencies around a loop's back edge): the body
//! of an `scf.for` is analysed as if it ran twice, and a dependency from `p` in one
//! iteration to `c <= p` in the next is synchronised, unless a pair from `p` to a later
//! op of the same iteration on the same pipes already orders it: the barrier goes before
//! `c`; a pipe pair gets `sync_src` after `p` and `sync_dst` before `c` in the body, plus
//! a `sync_src` before the loop (for the first iteration's wait) and a `sync_dst` after it
//! (for the last iteration's set). Such pairs keep their id for the whole function,
//! taken from 7 downwards. `scf.while` loops with pipe ops are not supported.

use std::collections::HashMap;

use pto_ir::builder::OpBuilder;
use pto_ir::{Body, Context, Diagnostic, InsertPoint, Location, OpId, WalkOrder};
use pto_pass::{Pass, PassTarget};

use super::super::{
    op_pipe, BarAllOp, BarMOp, BarVOp, PipeKind, PipeKindAttr, SyncDstOp, SyncSrcOp,
};
use super::common::{for_each_function, memref_of, require_memrefs};
use pto_dialects::scf;

type R<'c, T> = Result<T, Diagnostic<'c>>;

impl Pass for crate::InsertSync {
    fn run<'c>(&self, ctx: &'c Context, target: &mut PassTarget<'_, 'c>) -> R<'c, ()> {
        let mut counts = (0u64, 0u64);
        for_each_function(ctx, target.body, &mut |body, site| {
            if site.orchestration {
                return Ok(false);
            }
            require_memrefs(body, "pypto-insert-sync")?;
            sync_function(ctx, body, &mut counts)?;
            Ok(false)
        })?;
        target
            .statistics
            .add(crate::InsertSync::NUM_SYNC_PAIRS, counts.0);
        target
            .statistics
            .add(crate::InsertSync::NUM_BARRIERS, counts.1);
        Ok(())
    }
}

// Pipes by PyPTO's enum value (`PipeKind`), which index the per-pipe tables.
const S: u8 = PipeKind::S.value() as u8;
const V: u8 = PipeKind::V.value() as u8;
const M: u8 = PipeKind::M.value() as u8;

/// What a statement touches: (MemRef id, pipe) for reads and for writes.
#[derive(Default)]
struct Summary {
    reads: Vec<(i64, u8)>,
    writes: Vec<(i64, u8)>,
}

impl Summary {
    fn pipes(&self, id: i64, writes: bool) -> Vec<u8> {
        let list = if writes { &self.writes } else { &self.reads };
        let mut v: Vec<u8> = list
            .iter()
            .filter(|(m, _)| *m == id)
            .map(|(_, p)| *p)
            .collect();
        v.sort_unstable();
        v.dedup();
        v
    }
    fn ids(list: &[(i64, u8)]) -> Vec<i64> {
        let mut v: Vec<i64> = list.iter().map(|(m, _)| *m).collect();
        v.sort_unstable();
        v.dedup();
        v
    }
}

/// The accesses of `op` and everything inside it.
fn summarize(body: &Body<'_>, op: OpId) -> Summary {
    let mut s = Summary::default();
    for o in body.ops_in(op, WalkOrder::PreOrder) {
        let name = body.op_name(o).as_str();
        if name.starts_with("pypto.system.") || name == crate::BlockAllocOp::NAME {
            continue;
        }
        let Some(pipe) = op_pipe(body, o).map(|p| p.value() as u8) else {
            continue;
        };
        s.reads.extend(
            body.operands(o)
                .filter_map(|v| memref_of(body, v))
                .map(|m| (m.id, pipe)),
        );
        s.writes.extend(
            body.results(o)
                .filter_map(|v| memref_of(body, v))
                .map(|m| (m.id, pipe)),
        );
    }
    s
}

/// A dependency between statements `p` and `c` of a sequence (indices into the
/// sequence repeated twice when it is a loop body).
#[derive(Clone, Copy)]
struct Edge {
    p: usize,
    c: usize,
    pp: u8,
    cp: u8,
}

/// PyPTO's scan: last writer and readers per MemRef, over `items` (repeated `rounds`
/// times), in discovery order.
fn dependencies(items: &[Summary], rounds: usize) -> Vec<Edge> {
    let n = items.len();
    let mut edges = Vec::new();
    let mut last_writer: HashMap<i64, usize> = HashMap::new();
    let mut last_readers: HashMap<i64, Vec<usize>> = HashMap::new();
    let add =
        |edges: &mut Vec<Edge>, p: usize, c: usize, id: i64, p_writes: bool, c_writes: bool| {
            for pp in items[p % n].pipes(id, p_writes) {
                for cp in items[c % n].pipes(id, c_writes) {
                    if pp != S && cp != S {
                        edges.push(Edge { p, c, pp, cp });
                    }
                }
            }
        };
    for i in 0..n * rounds {
        let s = &items[i % n];
        let (reads, writes) = (Summary::ids(&s.reads), Summary::ids(&s.writes));
        for &r in &reads {
            if let Some(&p) = last_writer.get(&r) {
                add(&mut edges, p, i, r, true, false);
            }
        }
        for &w in &writes {
            if let Some(&p) = last_writer.get(&w) {
                add(&mut edges, p, i, w, true, true);
            }
            for &p in last_readers.get(&w).map(Vec::as_slice).unwrap_or(&[]) {
                add(&mut edges, p, i, w, false, true);
            }
        }
        for &w in &writes {
            last_writer.insert(w, i);
            last_readers.entry(w).or_default().clear();
        }
        for &r in &reads {
            last_readers.entry(r).or_default().push(i);
        }
    }
    edges
}

/// A set/wait pair to emit.
struct Pair {
    /// Producer and first consumer statement.
    p: usize,
    c: usize,
    pp: u8,
    cp: u8,
    /// Carried around a loop's back edge (`c <= p`, next iteration).
    carried: bool,
    /// The event id, or `None` when none was free (a `bar_all` instead).
    id: Option<u8>,
}

/// The plan for one block.
struct Seq {
    ops: Vec<OpId>,
    pairs: Vec<Pair>,
    /// (statement, pipe) barriers, in discovery order.
    barriers: Vec<(usize, u8)>,
    /// Child sequences, by the statement holding them.
    children: Vec<(usize, Seq)>,
    /// The op whose region this block is, when it is a loop body.
    loop_op: Option<OpId>,
}

fn plan_block<'c>(body: &Body<'c>, block: pto_ir::BlockId, loop_op: Option<OpId>) -> R<'c, Seq> {
    let ops: Vec<OpId> = body.block_ops(block).collect();
    let items: Vec<Summary> = ops.iter().map(|&o| summarize(body, o)).collect();
    let n = ops.len();
    let rounds = if loop_op.is_some() { 2 } else { 1 };
    let mut pairs: Vec<Pair> = Vec::new();
    let mut barriers: Vec<(usize, u8)> = Vec::new();
    let mut index: HashMap<(usize, u8, u8, bool), usize> = HashMap::new();
    let edges = dependencies(&items, rounds);
    for e in &edges {
        if e.p >= n {
            continue;
        }
        let carried = e.c >= n;
        let c = e.c % n;
        if carried && c > e.p {
            continue;
        }
        if e.pp == e.cp {
            if (e.pp == V || e.pp == M) && !barriers.contains(&(c, e.pp)) {
                barriers.push((c, e.pp));
            }
            continue;
        }
        match index.get(&(e.p, e.pp, e.cp, carried)) {
            Some(&k) => pairs[k].c = pairs[k].c.min(c),
            None => {
                index.insert((e.p, e.pp, e.cp, carried), pairs.len());
                pairs.push(Pair {
                    p: e.p,
                    c,
                    pp: e.pp,
                    cp: e.cp,
                    carried,
                    id: None,
                });
            }
        }
    }
    // A carried pair is ordered already by the same producer's pair within the
    // iteration (its wait runs on the same pipe before the next iteration).
    pairs.retain(|q| !q.carried || !index.contains_key(&(q.p, q.pp, q.cp, false)));
    let mut children = Vec::new();
    for (i, &op) in ops.iter().enumerate() {
        let name = body.op_name(op).as_str();
        if body.regions_of(op).is_empty() {
            continue;
        }
        if name == scf::WhileOp::NAME && (!items[i].reads.is_empty() || !items[i].writes.is_empty())
        {
            return Err(Diagnostic::error(
                body.op_loc(op),
                "pypto-insert-sync does not synchronise pipe ops inside 'scf.while'",
            ));
        }
        let is_loop = name == scf::ForOp::NAME;
        for &r in body.regions_of(op) {
            for b in body.region_blocks(r) {
                children.push((i, plan_block(body, b, is_loop.then_some(op))?));
            }
        }
    }
    Ok(Seq {
        ops,
        pairs,
        barriers,
        children,
        loop_op,
    })
}

type Busy = HashMap<(u8, u8), [bool; 8]>;

/// Gives loop-carried pairs their function-wide ids, from 7 downwards.
fn reserve_carried(seq: &mut Seq, reserved: &mut Busy) {
    for q in seq.pairs.iter_mut().filter(|q| q.carried) {
        let slots = reserved.entry((q.pp, q.cp)).or_insert([false; 8]);
        if let Some(id) = (0..8).rev().find(|&i| !slots[i]) {
            slots[id] = true;
            q.id = Some(id as u8);
        }
    }
    for (_, child) in &mut seq.children {
        reserve_carried(child, reserved);
    }
}

/// PyPTO's simulation: ids taken after the producer, freed at the wait; `inherited`
/// are the ids live across the statement holding this block.
fn allocate(seq: &mut Seq, inherited: &Busy, reserved: &Busy) {
    let mut busy: Busy = inherited.clone();
    for (k, slots) in reserved {
        let b = busy.entry(*k).or_insert([false; 8]);
        for i in 0..8 {
            b[i] |= slots[i];
        }
    }
    let mut inside: HashMap<usize, Busy> = HashMap::new();
    for i in 0..seq.ops.len() {
        for q in seq.pairs.iter().filter(|q| !q.carried && q.c == i) {
            if let Some(id) = q.id {
                if let Some(b) = busy.get_mut(&(q.pp, q.cp)) {
                    b[id as usize] = false;
                }
            }
        }
        inside.insert(i, busy.clone());
        for q in seq.pairs.iter_mut().filter(|q| !q.carried && q.p == i) {
            let slots = busy.entry((q.pp, q.cp)).or_insert([false; 8]);
            if let Some(id) = (0..8).find(|&k| !slots[k]) {
                slots[id] = true;
                q.id = Some(id as u8);
            }
        }
    }
    // Carried ids were never freed above; nothing inherited leaks into children but
    // what is live across their statement.
    for (i, child) in &mut seq.children {
        let empty = Busy::new();
        allocate(child, inside.get(i).unwrap_or(&empty), reserved);
    }
}

fn pipe_attr<'c>(ctx: &'c Context, p: u8) -> pto_ir::Attribute<'c> {
    let kind = PipeKind::from_value(p.into()).expect("pipes come from PipeKind");
    PipeKindAttr::get(ctx, kind).attr()
}

/// What to insert next to one op.
enum Ins {
    Src(u8, u8, u8),
    Dst(u8, u8, u8),
    Bar(u8),
    BarAll,
}

fn emit<'c>(
    ctx: &'c Context,
    body: &mut Body<'c>,
    at: InsertPoint,
    loc: Location<'c>,
    list: &[Ins],
) {
    let mut b = OpBuilder::new(ctx, body);
    b.set_insertion_point(at);
    let i64t = ctx.int_type(64);
    for ins in list {
        match *ins {
            Ins::Src(pp, cp, id) | Ins::Dst(pp, cp, id) => {
                let (sp, wp, e) = (
                    pipe_attr(ctx, pp),
                    pipe_attr(ctx, cp),
                    ctx.int_attr(i64t, id as i128),
                );
                if matches!(ins, Ins::Src(..)) {
                    SyncSrcOp::build(&mut b, loc, sp, wp, e);
                } else {
                    SyncDstOp::build(&mut b, loc, sp, wp, e);
                }
            }
            Ins::Bar(p) => {
                if p == V {
                    BarVOp::build(&mut b, loc);
                } else {
                    BarMOp::build(&mut b, loc);
                }
            }
            Ins::BarAll => {
                BarAllOp::build(&mut b, loc);
            }
        }
    }
}

/// Inserts what `seq` plans (children first: insertion never moves existing ops).
fn materialize<'c>(ctx: &'c Context, body: &mut Body<'c>, seq: &Seq, counts: &mut (u64, u64)) {
    for (_, child) in &seq.children {
        materialize(ctx, body, child, counts);
    }
    let n = seq.ops.len();
    let mut before: Vec<Vec<Ins>> = (0..n).map(|_| Vec::new()).collect();
    let mut after: Vec<Vec<Ins>> = (0..n).map(|_| Vec::new()).collect();
    let mut around_loop: (Vec<Ins>, Vec<Ins>) = (Vec::new(), Vec::new());
    for q in &seq.pairs {
        match q.id {
            Some(id) => {
                after[q.p].push(Ins::Src(q.pp, q.cp, id));
                before[q.c].push(Ins::Dst(q.pp, q.cp, id));
                if q.carried {
                    around_loop.0.push(Ins::Src(q.pp, q.cp, id));
                    around_loop.1.push(Ins::Dst(q.pp, q.cp, id));
                }
                counts.0 += 1;
            }
            None => {
                before[q.c].push(Ins::BarAll);
                counts.1 += 1;
            }
        }
    }
    for &(c, p) in &seq.barriers {
        before[c].push(Ins::Bar(p));
        counts.1 += 1;
    }
    for i in 0..n {
        let op = seq.ops[i];
        let loc = body.op_loc(op);
        if !before[i].is_empty() {
            emit(ctx, body, InsertPoint::Before(op), loc, &before[i]);
        }
        if !after[i].is_empty() {
            emit(ctx, body, InsertPoint::After(op), loc, &after[i]);
        }
    }
    if let Some(l) = seq.loop_op {
        let loc = body.op_loc(l);
        if !around_loop.0.is_empty() {
            emit(ctx, body, InsertPoint::Before(l), loc, &around_loop.0);
            emit(ctx, body, InsertPoint::After(l), loc, &around_loop.1);
        }
    }
}

fn sync_function<'c>(ctx: &'c Context, body: &mut Body<'c>, counts: &mut (u64, u64)) -> R<'c, ()> {
    let mut seqs = Vec::new();
    for r in body.root_regions() {
        for b in body.region_blocks(r) {
            seqs.push(plan_block(body, b, None)?);
        }
    }
    let mut reserved = Busy::new();
    for s in &mut seqs {
        reserve_carried(s, &mut reserved);
    }
    for s in &mut seqs {
        allocate(s, &Busy::new(), &reserved);
    }
    for s in &seqs {
        materialize(ctx, body, s, counts);
    }
    Ok(())
}
