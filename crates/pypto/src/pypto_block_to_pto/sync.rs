//! PyPTO's synchronisation (`system.*`, what `pypto-insert-sync` writes) as the `pto`
//! dialect's, in place: `sync_src` is `pto.set_flag` and `sync_dst` is `pto.wait_flag`
//! between the same pipes with event id `k` as `EVENT_IDk`; `bar_v`, `bar_m` and
//! `bar_all` are `pto.barrier` on `PIPE_V`, `PIPE_M` and `PIPE_ALL`. The `pto` ops
//! lowered from the block ops keep their order and their pipes, so the pairs order
//! what they ordered in PyPTO (`pto-verify-sync` checks it), with one exception:
//! PyPTO stores an L0C tile on MTE3, PTO on FIX (`tstore` of an `acc` tile), so a pair
//! whose MTE3 side is such a store names FIX instead ([`store_pipes`]).

use std::collections::HashMap;

use super::error_at;
use crate::types::Shaped;
use crate::{BarAllOp, BarMOp, BarVOp, PipeKind, SyncDstOp, SyncSrcOp};
use pto_dialects::scf;
use pto_ir::{Attribute, Body, Diagnostic, OpId};
use pto_tile::pto_to_loops::emit::Emitter;
use pto_tile::transforms::sync_model::{event_attr, Pipe};
use pto_tile::{BarrierOp, SetFlagOp, WaitFlagOp};

/// Events a pipe pair has (`EVENT_ID0` .. `EVENT_ID7`).
const EVENTS: i128 = 8;

/// The `pto` pipe of a `#pypto.pipe<...>` attribute.
fn pipe_of(a: Attribute<'_>) -> Option<Pipe> {
    Some(match crate::PipeKindAttr::from_attr(a)?.value() {
        PipeKind::S => Pipe::S,
        PipeKind::V => Pipe::V,
        PipeKind::M => Pipe::M,
        PipeKind::MTE1 => Pipe::MTE1,
        PipeKind::MTE2 => Pipe::MTE2,
        PipeKind::MTE3 => Pipe::MTE3,
        PipeKind::FIX => Pipe::FIX,
        PipeKind::ALL => Pipe::ALL,
    })
}

/// Whether op `name` is one of PyPTO's synchronisation ops (`system.*`).
pub(super) fn is_sync_op(name: &str) -> bool {
    matches!(
        name,
        SyncSrcOp::NAME | SyncDstOp::NAME | BarVOp::NAME | BarMOp::NAME | BarAllOp::NAME
    )
}

/// The pipes of a pair: its set and wait pipes and its event.
type Pair = (Pipe, Pipe, i128);

/// The pair a `system.sync_src`/`sync_dst` op names, if it names one.
fn pair_of(body: &Body<'_>, op: OpId) -> Option<Pair> {
    let pipe = |name: &str| body.attr(op, name).and_then(pipe_of);
    let id = body.attr(op, "event_id").and_then(|a| a.as_int())?;
    Some((pipe("set_pipe")?, pipe("wait_pipe")?, id))
}

/// True if `op` is a `block.store` of an L0C tile: placed in L0C, or a matmul's
/// (through the loops that carry it).
fn stores_l0c(body: &Body<'_>, op: OpId) -> bool {
    if body.op_name(op).as_str() != crate::BlockStoreOp::NAME {
        return false;
    }
    let mut tile = body.operand(op, 0);
    let placed = Shaped::of(body.value_type(tile))
        .and_then(|s| s.memref)
        .is_some_and(|m| m.space_name() == "L0C");
    if placed {
        return true;
    }
    while let Some(d) = body.defining_op(tile) {
        match body.op_name(d).as_str() {
            crate::BlockMatmulOp::NAME | crate::BlockMatmulAccOp::NAME => return true,
            scf::ForOp::NAME => {
                // The loop's result is its init (and what its body yields).
                let k = body.results(d).position(|r| r == tile).expect("a result");
                tile = body.operand(d, 3 + k);
            }
            _ => return false,
        }
    }
    false
}

/// The sync ops of `body` whose pairs order the store of an L0C tile on their MTE3
/// side, and the pipes they name in PTO: MTE3 becomes FIX. The op a `sync_dst` waiting
/// for MTE3 guards is the next MTE3 op in program order, the op a `sync_src` set from
/// MTE3 follows the previous one. Every op of an event (its set and wait pipes and id)
/// changes together: the sets before a loop, the waits after it and the pair inside
/// stay one pair. An event that orders both such a store and another MTE3 op cannot be
/// expressed in PTO, and is an error.
pub(super) fn store_pipes<'c>(
    body: &Body<'c>,
) -> Result<HashMap<OpId, (Pipe, Pipe)>, Diagnostic<'c>> {
    let ops = body.all_ops();
    let is_mte3 = |op: OpId| crate::op_pipe(body, op) == Some(crate::PipeKind::MTE3);
    // Per event: its sync ops, and whether the MTE3 ops it guards store L0C tiles.
    let mut events: HashMap<Pair, (Vec<OpId>, bool, Option<OpId>)> = HashMap::new();
    for (at, &op) in ops.iter().enumerate() {
        let Some(pair @ (set, wait, _)) = pair_of(body, op) else {
            continue;
        };
        let name = body.op_name(op).as_str();
        let entry = events.entry(pair).or_insert((Vec::new(), false, None));
        entry.0.push(op);
        let guarded = match name {
            crate::SyncDstOp::NAME if wait == Pipe::MTE3 => {
                ops[at + 1..].iter().copied().find(|&o| is_mte3(o))
            }
            crate::SyncSrcOp::NAME if set == Pipe::MTE3 => {
                ops[..at].iter().rev().copied().find(|&o| is_mte3(o))
            }
            _ => None,
        };
        match guarded {
            Some(store) if stores_l0c(body, store) => entry.1 = true,
            Some(store) => entry.2 = Some(store),
            None => {}
        }
    }
    let mut pipes = HashMap::new();
    for ((set, wait, id), (members, l0c, other)) in events {
        if !l0c {
            continue;
        }
        if let Some(store) = other {
            return Err(error_at(
                body,
                store,
                format!(
                    "event {id} between {} and {} orders this store and the store of an L0C tile, which PTO runs on FIX: one event cannot order both",
                    set.name(),
                    wait.name()
                ),
            ));
        }
        let fix = |p: Pipe| if p == Pipe::MTE3 { Pipe::FIX } else { p };
        for op in members {
            pipes.insert(op, (fix(set), fix(wait)));
        }
    }
    Ok(pipes)
}

/// Lowers synchronisation op `op`, named `name`, before itself; `pipes` are the pipes
/// of the sync ops that differ in PTO ([`store_pipes`]).
pub(super) fn lower<'c>(
    e: &mut Emitter<'_, '_, 'c>,
    op: OpId,
    name: &str,
    pipes: &HashMap<OpId, (Pipe, Pipe)>,
) -> Result<(), Diagnostic<'c>> {
    let ctx = e.ctx();
    let loc = e.loc;
    let barrier = match name {
        BarVOp::NAME => Some(Pipe::V),
        BarMOp::NAME => Some(Pipe::M),
        BarAllOp::NAME => Some(Pipe::ALL),
        _ => None,
    };
    if let Some(pipe) = barrier {
        BarrierOp::build(e.b, loc, pipe.attr(ctx));
        return Ok(());
    }
    let body = e.b.body();
    let pipe = |name: &str| body.attr(op, name).and_then(pipe_of);
    let (Some(src), Some(dst)) = (pipe("set_pipe"), pipe("wait_pipe")) else {
        return Err(error_at(body, op, format!("'{name}' is not supported")));
    };
    if src == Pipe::ALL || dst == Pipe::ALL {
        return Err(error_at(
            body,
            op,
            "an event between pipes cannot name ALL (use system.bar_all)",
        ));
    }
    let id = body
        .attr(op, "event_id")
        .and_then(|a| a.as_int())
        .unwrap_or(-1);
    if !(0..EVENTS).contains(&id) {
        return Err(error_at(
            body,
            op,
            format!(
                "event id {id} is out of range: a pipe pair has events 0 to {}",
                EVENTS - 1
            ),
        ));
    }
    let (src, dst) = pipes.get(&op).copied().unwrap_or((src, dst));
    let event = event_attr(ctx, id as u8).expect("the id is in range");
    let (src, dst) = (src.attr(ctx), dst.attr(ctx));
    match name {
        SyncSrcOp::NAME => {
            SetFlagOp::build(e.b, loc, src, dst, event);
        }
        _ => {
            WaitFlagOp::build(e.b, loc, src, dst, event);
        }
    }
    Ok(())
}
