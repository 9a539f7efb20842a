//! `pypto-basic-memory-reuse`: PyPTO's BasicMemoryReuse. Tiles in the same memory
//! space whose lifetimes do not overlap share one MemRef.
//!
//! A buffer is a MemRef id with the tiles that carry it (after `pypto-init-memref`: a
//! tile, or the values a loop or branch passes along together). Its lifetime runs from
//! its first definition to its last use in program order, where a use inside a loop that
//! does not define the value lasts to the end of that loop (the value must survive every
//! iteration), so a loop-carried buffer lives across its whole loop. As in PyPTO,
//! lifetimes that end where another begins overlap (no in-place reuse), and buffers are
//! taken in definition order: each joins the first earlier buffer of its space that is at
//! least as large and whose members' lifetimes all miss its own, and takes its MemRef. A
//! smaller buffer may reuse a larger one, never the reverse. DDR buffers and buffers of
//! function parameters keep their own.

use std::collections::BTreeMap;

use pto_ir::{Body, Context, Diagnostic, ValueId};
use pto_pass::{Pass, PassTarget};

use super::super::types::{MemRef, Shaped};
use super::common::{is_param, run_on_kernels, shaped_values, with_memref, Order};

type R<'c, T> = Result<T, Diagnostic<'c>>;

impl Pass for crate::BasicMemoryReuse {
    fn run<'c>(&self, ctx: &'c Context, target: &mut PassTarget<'_, 'c>) -> R<'c, ()> {
        run_on_kernels(
            ctx,
            target,
            crate::BasicMemoryReuse::NUM_REUSED,
            Some("pypto-basic-memory-reuse"),
            |ctx, body, _| Ok(reuse_function(ctx, body)),
        )
    }
}

/// A MemRef and the tiles carrying it.
struct Buffer {
    memref: MemRef,
    values: Vec<ValueId>,
    /// First definition and last use, in program order.
    start: usize,
    end: usize,
    /// Whether it may take part (on chip, no parameter).
    movable: bool,
}

/// A MemRef kept, with the lifetimes of the buffers now using it.
struct Class {
    memref: MemRef,
    lives: Vec<(usize, usize)>,
}

fn overlaps(a: (usize, usize), b: (usize, usize)) -> bool {
    !(a.1 < b.0 || b.1 < a.0)
}

/// Shares MemRefs in one function; returns how many buffers took another's.
fn reuse_function<'c>(ctx: &'c Context, body: &mut Body<'c>) -> usize {
    let order = Order::of(body);
    let mut buffers: BTreeMap<i64, Buffer> = BTreeMap::new();
    for v in shaped_values(body, &order) {
        let Some(s) = Shaped::of(body.value_type(v)) else {
            continue;
        };
        let Some(m) = s.memref else {
            continue;
        };
        let def = order.def_point(body, v).unwrap_or(0);
        let last = order.last_use(body, v).unwrap_or(def).max(def);
        let movable = s.is_tile && m.space != 0 && !is_param(body, v);
        let b = buffers.entry(m.id).or_insert(Buffer {
            memref: m,
            values: Vec::new(),
            start: def,
            end: last,
            movable: true,
        });
        b.values.push(v);
        b.start = b.start.min(def);
        b.end = b.end.max(last);
        b.movable &= movable && b.memref == m;
    }
    let mut list: Vec<Buffer> = buffers.into_values().filter(|b| b.movable).collect();
    list.sort_by_key(|b| (b.start, b.memref.id));
    let mut classes: Vec<Class> = Vec::new();
    let mut moves: Vec<(Vec<ValueId>, MemRef)> = Vec::new();
    for b in list {
        let life = (b.start, b.end);
        let found = classes.iter_mut().find(|c| {
            c.memref.space == b.memref.space
                && c.memref.size >= b.memref.size
                && c.lives.iter().all(|&l| !overlaps(l, life))
        });
        match found {
            Some(c) => {
                tracing::debug!(
                    from = b.memref.id,
                    to = c.memref.id,
                    "buffer reuses a MemRef"
                );
                c.lives.push(life);
                moves.push((b.values, c.memref));
            }
            None => classes.push(Class {
                memref: b.memref,
                lives: vec![life],
            }),
        }
    }
    let n = moves.len();
    for (values, m) in moves {
        for v in values {
            let t = with_memref(ctx, body.value_type(v), m);
            body.set_value_type(v, t);
        }
    }
    n
}
