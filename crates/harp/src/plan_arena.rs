//! `harp-plan-arena`: static memory planning, the seed's §4.
//!
//! Each buffer lives over an interval of the kernel order ([`live_ranges`]); two
//! buffers whose intervals meet must not share bytes. Placement is greedy by
//! decreasing size, each buffer going into the smallest gap (best fit) between the
//! already placed buffers it conflicts with, at an aligned offset: the classic
//! offset-assignment heuristic for tensor arenas, which on random graphs lands within
//! a few percent of the max-live lower bound (see BENCHMARKS.md). Buffers no kernel
//! touches get offset 0 and conflict with nothing.

use pto_ir::{Attribute, Body, Context, Diagnostic, OpId};
use pto_pass::{Pass, PassTarget};

use crate::verify::{buffers, live_ranges, BufferInfo};
use crate::{BufferAttr, FuncOp, HarpPlanArena};

/// Where the buffers of one function go.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// `(id, offset)` per buffer, in table order.
    pub offsets: Vec<(i64, i64)>,
    /// The arena's size: the end of the highest buffer.
    pub arena: i64,
    /// The most bytes live at one point of the kernel order (a lower bound of any
    /// arena).
    pub max_live: i64,
}

/// A buffer to place: its size and live interval (inclusive kernel indices).
#[derive(Clone, Copy, Debug)]
pub struct Interval {
    /// Bytes.
    pub size: i64,
    /// First kernel index it is live at.
    pub first: i64,
    /// Last kernel index it is live at.
    pub last: i64,
}

/// `x` rounded up to a multiple of `a` (saturating: sizes near `i64::MAX` give an
/// arena the verifier then rejects, not an overflow).
fn align_up(x: i64, a: i64) -> i64 {
    x.saturating_add(a - 1) / a * a
}

/// How buffers are placed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strategy {
    /// Greedy by decreasing size, each into the smallest gap that fits.
    BestFitBySize,
    /// In table order, each at the lowest offset that fits (the baseline).
    FirstFit,
}

/// Places `items` (`None`: never live) at offsets aligned to `alignment`. Returns the
/// offsets and the arena size.
pub fn place(items: &[Option<Interval>], alignment: i64, strategy: Strategy) -> (Vec<i64>, i64) {
    let mut order: Vec<usize> = (0..items.len()).filter(|&i| items[i].is_some()).collect();
    if strategy == Strategy::BestFitBySize {
        order.sort_by_key(|&i| {
            let it = items[i].expect("filtered");
            (std::cmp::Reverse(it.size), it.first, i)
        });
    }
    let mut offsets = vec![0i64; items.len()];
    // Placed buffers as (offset, end, first, last).
    let mut placed: Vec<(i64, i64, i64, i64)> = Vec::with_capacity(order.len());
    let mut arena = 0;
    for i in order {
        let it = items[i].expect("filtered");
        let mut conflicts: Vec<(i64, i64)> = placed
            .iter()
            .filter(|p| p.2 <= it.last && it.first <= p.3)
            .map(|p| (p.0, p.1))
            .collect();
        conflicts.sort_unstable();
        let mut best: Option<(i64, i64)> = None; // (gap, offset)
        let mut cursor = 0i64;
        for &(start, end) in &conflicts {
            if start >= cursor.saturating_add(it.size) {
                let gap = start - cursor;
                let better = match strategy {
                    Strategy::BestFitBySize => best.is_none_or(|b| gap < b.0),
                    Strategy::FirstFit => best.is_none(),
                };
                if better {
                    best = Some((gap, cursor));
                }
            }
            cursor = cursor.max(align_up(end, alignment));
        }
        let offset = best.map_or(cursor, |b| b.1);
        offsets[i] = offset;
        let end = offset.saturating_add(it.size);
        arena = arena.max(end);
        placed.push((offset, end, it.first, it.last));
    }
    (offsets, arena)
}

/// The most bytes live at one point.
pub fn max_live(items: &[Option<Interval>]) -> i64 {
    let mut events: Vec<(i64, i64)> = Vec::new();
    for it in items.iter().flatten() {
        events.push((it.first, it.size));
        events.push((it.last.saturating_add(1), -it.size));
    }
    // At equal times, ends (negative) come before starts.
    events.sort_unstable_by_key(|&(t, d)| (t, d));
    let (mut cur, mut best) = (0i64, 0i64);
    for (_, d) in events {
        cur = cur.saturating_add(d);
        best = best.max(cur);
    }
    best
}

/// The plan of one `harp.func` (best fit by size).
pub fn plan(body: &Body<'_>, func: OpId, alignment: i64) -> Plan {
    plan_with(body, func, alignment, Strategy::BestFitBySize)
}

/// The plan of one `harp.func` with `strategy`.
pub fn plan_with(body: &Body<'_>, func: OpId, alignment: i64, strategy: Strategy) -> Plan {
    let bufs: Vec<BufferInfo<'_>> = buffers(body, func);
    let ranges = live_ranges(body, func);
    let items: Vec<Option<Interval>> = bufs
        .iter()
        .map(|b| {
            ranges.get(&b.id).map(|&(first, last)| Interval {
                size: b.size,
                first,
                last,
            })
        })
        .collect();
    let (offsets, arena) = place(&items, alignment, strategy);
    Plan {
        offsets: bufs.iter().zip(offsets).map(|(b, o)| (b.id, o)).collect(),
        arena,
        max_live: max_live(&items),
    }
}

/// Writes `plan` into the function `f`: its buffers' offsets and `required_memory`.
pub fn apply<'c>(ctx: &'c Context, body: &mut Body<'c>, f: OpId, plan: &Plan) {
    let list: Vec<Attribute<'c>> = body
        .attr(f, "buffers")
        .and_then(|a| a.as_array())
        .unwrap_or(&[])
        .iter()
        .zip(&plan.offsets)
        .map(|(&a, &(_, off))| match BufferAttr::from_attr(a) {
            Some(b) => {
                BufferAttr::get(ctx, b.id(), b.dtype(), b.size(), off, b.space(), b.shape()).attr()
            }
            None => a,
        })
        .collect();
    crate::edit::set_prop(ctx, body, f, "buffers", ctx.array_attr(&list));
    crate::edit::set_prop(
        ctx,
        body,
        f,
        "required_memory",
        ctx.int_attr(ctx.int_type(64), i128::from(plan.arena)),
    );
}

impl Pass for HarpPlanArena {
    fn run<'c>(
        &self,
        ctx: &'c Context,
        target: &mut PassTarget<'_, 'c>,
    ) -> Result<(), Diagnostic<'c>> {
        let alignment = self.options.alignment;
        let body = &mut *target.body;
        let funcs = crate::edit::top_level_ops(body, |b, op| FuncOp::from_op(b, op).is_some());
        if alignment < 1 || alignment.count_ones() != 1 {
            if let Some(&f) = funcs.first() {
                return Err(Diagnostic::error(
                    body.op_loc(f),
                    format!("harp-plan-arena: alignment must be a power of two, got {alignment}"),
                ));
            }
            return Ok(());
        }
        for f in funcs {
            let strategy = if self.options.first_fit {
                Strategy::FirstFit
            } else {
                Strategy::BestFitBySize
            };
            let plan = plan_with(body, f, alignment, strategy);
            apply(ctx, body, f, &plan);
            target
                .statistics
                .add(HarpPlanArena::LOWER_BOUND, plan.max_live as u64);
            target
                .statistics
                .add(HarpPlanArena::ARENA_BYTES, plan.arena as u64);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn iv(size: i64, first: i64, last: i64) -> Option<Interval> {
        Some(Interval { size, first, last })
    }

    #[test]
    fn disjoint_lifetimes_share_bytes() {
        let items = [iv(100, 0, 1), iv(100, 2, 3), iv(50, 1, 2)];
        let (offsets, arena) = place(&items, 64, Strategy::BestFitBySize);
        assert_eq!(max_live(&items), 150);
        assert_eq!(offsets[0], offsets[1]);
        assert!(arena <= 192 + 50, "{arena}");
        // The middle one conflicts with both.
        assert!(offsets[2] >= 128 || offsets[2] + 50 <= offsets[0]);
    }

    #[test]
    fn dead_buffers_take_nothing() {
        let (offsets, arena) = place(&[None, iv(8, 0, 0)], 64, Strategy::FirstFit);
        assert_eq!((offsets, arena), (vec![0, 0], 8));
    }
}
