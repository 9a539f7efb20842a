//! The last steps of `pto-insert-sync`: event ids for the inserted pairs, and the
//! inserted nodes of the tree written back into the IR as `pto` sync ops.

use std::collections::HashMap;

use super::insert_sync::TailMode;
use super::sync_analysis::{EventKey, Glue, NodeKind, Seq, Tree};
use super::sync_model::{event_attr, Pipe};
use crate::{BarrierOp, SetFlagOp, WaitFlagOp};
use pto_dialects::func;
use pto_ir::builder::OpBuilder;
use pto_ir::{Body, Context, InsertPoint, Location, NamedAttribute, OpId, OpTraits};

/// Event ids per (src, dst) pipe pair.
pub const EVENTS_PER_PAIR: u8 = 8;

/// An inserted `set_flag`/`wait_flag` pair (with its loop compensation).
#[derive(Clone, Debug)]
pub struct Pair {
    /// Signalling pipe.
    pub src: Pipe,
    /// Waiting pipe.
    pub dst: Pipe,
    /// Its placeholder event, `EventKey::Sym(sym)`.
    pub sym: usize,
    /// Its set and wait nodes.
    pub nodes: Vec<usize>,
    /// Loop-carried (or otherwise spanning a loop's back edge): keeps its id for the
    /// whole function.
    pub carried: bool,
    /// The wait where a `PIPE_ALL` barrier replaces the pair when ids run out.
    pub fallback_at: usize,
    /// The allocated id.
    pub event: Option<u8>,
}

/// Gives every pair an event id and rewrites its nodes to use it. Loop-carried pairs
/// hold their id for the whole function; the others for the program-order range from
/// their set to their wait, so pairs whose ranges do not overlap share ids. With the
/// `mte3-to-s-event0` tail, `(MTE3, S, EVENT_ID0)` is the tail's at the end of the
/// function, so no loop-carried pair of that pipe pair may take it. Returns the pairs
/// that found no id.
pub fn allocate_events(tree: &mut Tree, pairs: &mut [Pair], tail_mte3_to_s: bool) -> Vec<usize> {
    let mut pos = vec![usize::MAX; tree.nodes.len()];
    for (i, n) in tree.preorder().into_iter().enumerate() {
        pos[n] = i;
    }
    let mut failed = Vec::new();
    let mut groups: HashMap<(Pipe, Pipe), Vec<usize>> = HashMap::new();
    for (i, p) in pairs.iter().enumerate() {
        groups.entry((p.src, p.dst)).or_default().push(i);
    }
    let mut keys: Vec<(Pipe, Pipe)> = groups.keys().copied().collect();
    keys.sort();
    for key in keys {
        let members = &groups[&key];
        let mut whole: Vec<u8> = Vec::new();
        if tail_mte3_to_s && key == (Pipe::MTE3, Pipe::S) {
            whole.push(0);
        }
        let mut carried: Vec<usize> = members
            .iter()
            .copied()
            .filter(|&i| pairs[i].carried)
            .collect();
        carried.sort_by_key(|&i| pairs[i].nodes.iter().map(|&n| pos[n]).min());
        for i in carried {
            match (0..EVENTS_PER_PAIR).find(|e| !whole.contains(e)) {
                Some(e) => {
                    whole.push(e);
                    pairs[i].event = Some(e);
                }
                None => failed.push(i),
            }
        }
        let range = |p: &Pair| {
            let ps = p.nodes.iter().map(|&n| pos[n]);
            (ps.clone().min().unwrap_or(0), ps.max().unwrap_or(0))
        };
        let mut forward: Vec<usize> = members
            .iter()
            .copied()
            .filter(|&i| !pairs[i].carried)
            .collect();
        forward.sort_by_key(|&i| range(&pairs[i]));
        let mut taken: Vec<((usize, usize), u8)> = Vec::new();
        for i in forward {
            let (s, e) = range(&pairs[i]);
            let free = (0..EVENTS_PER_PAIR).find(|id| {
                !whole.contains(id)
                    && !taken
                        .iter()
                        .any(|&((s2, e2), id2)| id2 == *id && s <= e2 && s2 <= e)
            });
            match free {
                Some(id) => {
                    taken.push(((s, e), id));
                    pairs[i].event = Some(id);
                }
                None => failed.push(i),
            }
        }
    }
    for p in pairs.iter() {
        let Some(id) = p.event else { continue };
        for &n in &p.nodes {
            match &mut tree.nodes[n] {
                NodeKind::Set { event, .. } | NodeKind::Wait { event, .. } => {
                    *event = EventKey::Static(i64::from(id));
                }
                _ => {}
            }
        }
    }
    failed
}

/// Writes the inserted nodes of `tree` into `body`, then the tail before every return.
pub fn materialize<'c>(
    ctx: &'c Context,
    body: &mut Body<'c>,
    tree: &Tree,
    locs: &HashMap<usize, Location<'c>>,
    mode: TailMode,
) {
    emit_seq(ctx, body, tree, &tree.root, locs);
    let Some(block) = tree.root.block else {
        return;
    };
    let returns: Vec<OpId> = body
        .block_ops(block)
        .filter(|&o| body.op_name(o).as_str() == func::ReturnOp::NAME)
        .collect();
    for ret in returns {
        let loc = body.op_loc(ret);
        let mut b = OpBuilder::new(ctx, body);
        b.set_insertion_point(InsertPoint::Before(ret));
        match mode {
            TailMode::BarrierAll => {
                let op = BarrierOp::build(&mut b, loc, Pipe::ALL.attr(ctx)).0;
                let attrs = ctx.dictionary(&[NamedAttribute {
                    name: ctx.ident("pto.auto_sync_tail_barrier"),
                    value: ctx.unit_attr(),
                }]);
                body.set_op_attrs(op, attrs);
            }
            TailMode::Mte3ToSEvent0 => {
                let e = event_attr(ctx, 0).expect("EVENT_ID0 exists");
                let (src, dst) = (Pipe::MTE3.attr(ctx), Pipe::S.attr(ctx));
                SetFlagOp::build(&mut b, loc, src, dst, e);
                WaitFlagOp::build(&mut b, loc, src, dst, e);
            }
        }
    }
}

/// Creates the op of inserted node `n` at `at`.
fn create<'c>(
    ctx: &'c Context,
    body: &mut Body<'c>,
    node: &NodeKind,
    at: InsertPoint,
    loc: Location<'c>,
) -> Option<OpId> {
    let mut b = OpBuilder::new(ctx, body);
    b.set_insertion_point(at);
    let event = |e: EventKey| match e {
        EventKey::Static(id) => u8::try_from(id).ok().and_then(|id| event_attr(ctx, id)),
        _ => None,
    };
    Some(match *node {
        NodeKind::Set {
            src, dst, event: e, ..
        } => SetFlagOp::build(&mut b, loc, src.attr(ctx), dst.attr(ctx), event(e)?).0,
        NodeKind::Wait {
            src, dst, event: e, ..
        } => WaitFlagOp::build(&mut b, loc, src.attr(ctx), dst.attr(ctx), event(e)?).0,
        NodeKind::Barrier { pipe, .. } => BarrierOp::build(&mut b, loc, pipe.attr(ctx)).0,
        _ => return None,
    })
}

/// Writes the inserted nodes of one sequence (and of the sequences nested in it). Sets
/// stick to the op before them, waits and barriers to the op after them; once a node
/// sticks to the next op, the nodes after it in the same gap do too, so that the order
/// of sync ops in the IR is the order the analysis saw.
fn emit_seq<'c>(
    ctx: &'c Context,
    body: &mut Body<'c>,
    tree: &Tree,
    seq: &Seq,
    locs: &HashMap<usize, Location<'c>>,
) {
    let Some(block) = seq.block else {
        return;
    };
    let mut cursor = InsertPoint::BlockStart(block);
    let mut pending: Vec<usize> = Vec::new();
    let loc_of = |n: usize| locs.get(&n).copied().unwrap_or_else(|| ctx.unknown_loc());
    for &n in &seq.nodes {
        let node = &tree.nodes[n];
        if let Some(op) = node.ir_op() {
            for p in pending.drain(..) {
                create(
                    ctx,
                    body,
                    &tree.nodes[p],
                    InsertPoint::Before(op),
                    loc_of(p),
                );
            }
            cursor = InsertPoint::After(op);
            if let NodeKind::Region { regions, .. } = node {
                for r in regions {
                    emit_seq(ctx, body, tree, r, locs);
                }
            }
            continue;
        }
        let glue = match *node {
            NodeKind::Set { glue, .. }
            | NodeKind::Wait { glue, .. }
            | NodeKind::Barrier { glue, .. } => glue,
            _ => Glue::Next,
        };
        if glue == Glue::Prev && pending.is_empty() {
            if let Some(new) = create(ctx, body, node, cursor, loc_of(n)) {
                cursor = InsertPoint::After(new);
            }
        } else {
            pending.push(n);
        }
    }
    let terminator = body
        .last_op(block)
        .filter(|&o| body.op_name(o).traits().contains(OpTraits::TERMINATOR));
    // Without a terminator (a section's block), the end is the block's end.
    let mut end = match terminator {
        Some(t) => InsertPoint::Before(t),
        None => InsertPoint::BlockEnd(block),
    };
    for p in pending {
        if let Some(new) = create(ctx, body, &tree.nodes[p], end, loc_of(p)) {
            if terminator.is_none() {
                end = InsertPoint::After(new);
            }
        }
    }
}
