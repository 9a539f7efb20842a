//! PyPTO's synchronisation (`system.*`, what `pypto-insert-sync` writes) as the `pto`
//! dialect's, in place: `sync_src` is `pto.set_flag` and `sync_dst` is `pto.wait_flag`
//! between the same pipes with event id `k` as `EVENT_IDk`; `bar_v`, `bar_m` and
//! `bar_all` are `pto.barrier` on `PIPE_V`, `PIPE_M` and `PIPE_ALL`. The `pto` ops
//! lowered from the block ops keep their order and their pipes, so the pairs order
//! what they ordered in PyPTO (`pto-verify-sync` checks it).

use super::error_at;
use crate::conversion::pto_to_loops::emit::Emitter;
use crate::dialects::pto::transforms::sync_model::{event_attr, Pipe};
use crate::dialects::pto::{BarrierOp, SetFlagOp, WaitFlagOp};
use crate::ir::{AttrKind, Attribute, Diagnostic, OpId};

/// Events a pipe pair has (`EVENT_ID0` .. `EVENT_ID7`).
const EVENTS: i128 = 8;

/// The `pto` pipe of a `#pypto.pipe<...>` attribute.
fn pipe_of(a: Attribute<'_>) -> Option<Pipe> {
    let AttrKind::Opaque { dialect, body } = a.kind() else {
        return None;
    };
    if dialect.as_str() != "pypto" {
        return None;
    }
    let name = body.strip_prefix("pipe<")?.strip_suffix('>')?.trim();
    Some(match name {
        "S" => Pipe::S,
        "V" => Pipe::V,
        "M" => Pipe::M,
        "MTE1" => Pipe::MTE1,
        "MTE2" => Pipe::MTE2,
        "MTE3" => Pipe::MTE3,
        "FIX" => Pipe::FIX,
        "ALL" => Pipe::ALL,
        _ => return None,
    })
}

/// Lowers `pypto.system.<kind>` op `op` before itself.
pub(super) fn lower<'c>(
    e: &mut Emitter<'_, '_, 'c>,
    op: OpId,
    kind: &str,
) -> Result<(), Diagnostic<'c>> {
    let ctx = e.ctx();
    let loc = e.loc;
    let barrier = match kind {
        "bar_v" => Some(Pipe::V),
        "bar_m" => Some(Pipe::M),
        "bar_all" => Some(Pipe::ALL),
        _ => None,
    };
    if let Some(pipe) = barrier {
        BarrierOp::build(e.b, loc, pipe.attr(ctx));
        return Ok(());
    }
    let body = e.b.body();
    let pipe = |name: &str| body.attr(op, name).and_then(pipe_of);
    let (Some(src), Some(dst)) = (pipe("set_pipe"), pipe("wait_pipe")) else {
        return Err(error_at(
            body,
            op,
            format!("'pypto.system.{kind}' is not supported"),
        ));
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
    let (src, dst, event) = (src.attr(ctx), dst.attr(ctx), event_attr(ctx, id as u8));
    match kind {
        "sync_src" => {
            SetFlagOp::build(e.b, loc, src, dst, event);
        }
        _ => {
            WaitFlagOp::build(e.b, loc, src, dst, event);
        }
    }
    Ok(())
}
