//! A schedule for reduction kernels whose innermost launch dimension is what the
//! loads walk contiguously (or broadcast): instead of a reduction loop inside every
//! point, the reduced loops go outside the innermost dimension and each step adds
//! into the stored element, `for k { for n { out[n] = out[n] + f(n, k) } }`. The
//! innermost loop then vectorizes over `n`, and each element still sums its terms in
//! the same order as the plain schedule, so the results are identical. This is the
//! shape of Eclat's `sum(expand(a) * expand(b), axis=1)` matmul: `n` walks a row of
//! `b` and of the result.

use pto_dialects::arith;
use pto_ir::{Body, OpId, ValueId};
use pto_tile::pto_to_loops::emit::Emitter;
use rustc_hash::FxHashMap;

use super::{element_index, grid, lower_ops, lowest, view_of, zero, LResult};
use crate::view::View;
use crate::{AluOp, ConstOp, LoadOp, ReduceKind, ReduceKindAttr, ReduceOp, StoreOp};

/// The kernel's parts when the schedule applies.
pub(super) struct Plan {
    consts: Vec<OpId>,
    reduce: OpId,
    post: Vec<OpId>,
    store: OpId,
}

/// Whether kernel body `ops` (launch `dims`) is `consts; r = reduce; post(r); store`
/// with every load of the reduction walking the innermost launch dimension with
/// stride 0 or 1, the post ops keeping the reduction's type, and that dimension
/// longer than 1.
pub(super) fn plan(src: &Body<'_>, ops: &[OpId], dims: &[i64]) -> Option<Plan> {
    if dims.last().is_none_or(|&n| n < 2) {
        return None;
    }
    let last = dims.len() - 1;
    let mut consts = Vec::new();
    let mut it = ops.iter().copied();
    let reduce = loop {
        let op = it.next()?;
        if ConstOp::from_op(src, op).is_some() {
            consts.push(op);
        } else if ReduceOp::from_op(src, op).is_some() {
            break op;
        } else {
            return None;
        }
    };
    let t = src.value_type(src.result(reduce, 0));
    let mut post = Vec::new();
    let mut store = None;
    for op in it {
        if StoreOp::from_op(src, op).is_some() && store.is_none() {
            store = Some(op);
        } else if AluOp::from_op(src, op).is_some()
            && store.is_none()
            && src.value_type(src.result(op, 0)) == t
        {
            post.push(op);
        } else {
            return None;
        }
    }
    let store = store?;
    // The stored value is the last post op's (or the reduction's).
    let stored = src.operand(store, 0);
    let expected = post
        .last()
        .map_or(src.result(reduce, 0), |&p| src.result(p, 0));
    if stored != expected || src.value_type(stored) != t {
        return None;
    }
    // The reduction's loads walk the innermost dimension contiguously or not at all.
    let inner = src.region_body(reduce);
    let walks = src.regions_of(reduce).iter().all(|&r| {
        inner.region_blocks(r).all(|b| {
            inner.block_ops(b).all(|op| {
                LoadOp::from_op(inner, op).is_none_or(|_| {
                    matches!(View::of(view_of(inner, op)).strides[last], 0 | 1)
                        && super::buffer_of(inner, op) != super::buffer_of(src, store)
                })
            })
        })
    });
    walks.then_some(Plan {
        consts,
        reduce,
        post,
        store,
    })
}

/// Emits the kernel with the plan's schedule.
pub(super) fn emit<'c>(
    e: &mut Emitter<'_, '_, 'c>,
    src: &Body<'c>,
    p: &Plan,
    dims: &[i64],
    flat: &FxHashMap<i64, ValueId>,
) -> LResult<'c, ()> {
    let (outer, last) = (&dims[..dims.len() - 1], dims[dims.len() - 1]);
    let mut body = |e: &mut Emitter<'_, '_, 'c>, idx: &[ValueId]| -> LResult<'c, ()> {
        let mut env: FxHashMap<ValueId, ValueId> = FxHashMap::default();
        let mut idx = idx.to_vec();
        lower_ops(e, src, &p.consts, &mut idx, &mut env, flat)?;
        let t = src.value_type(src.result(p.reduce, 0));
        let kind = src
            .attr(p.reduce, "kind")
            .and_then(ReduceKindAttr::from_attr)
            .map_or(ReduceKind::Sum, |k| k.value());
        let out = flat[&super::buffer_of(src, p.store)];
        let view = View::of(view_of(src, p.store));
        let at = |e: &mut Emitter<'_, '_, 'c>, idx: &[ValueId], n: ValueId| {
            let mut full = idx[..dims.len() - 1].to_vec();
            full.push(n);
            element_index(e, view, &full)
        };
        // out[n] = identity.
        let init = match kind {
            ReduceKind::Sum => zero(e, t),
            ReduceKind::Max => lowest(e, t),
        };
        let ub = e.index(last);
        e.for_upto(ub, |e, n| {
            let i = at(e, &idx, n);
            e.store(init, out, &[i]);
        });
        // for k...: for n: out[n] = combine(out[n], body(n, k)).
        let extents = super::int_list(src, p.reduce, "extents");
        let body_ops: Vec<OpId> = src
            .regions_of(p.reduce)
            .first()
            .and_then(|&r| src.entry_block(r))
            .map(|b| src.block_ops(b).collect())
            .unwrap_or_default();
        let yielded = body_ops.last().map(|&y| src.operand(y, 0));
        let float = t.is_float();
        let combine = match (kind, float) {
            (ReduceKind::Sum, true) => arith::AddFOp::NAME,
            (ReduceKind::Sum, false) => arith::AddIOp::NAME,
            (ReduceKind::Max, true) => arith::MaximumFOp::NAME,
            (ReduceKind::Max, false) => arith::MaxSIOp::NAME,
        };
        let mut result = Ok(());
        let mut ks: Vec<ValueId> = Vec::new();
        nest(e, &extents, &mut ks, &mut |e, ks| {
            let ub = e.index(last);
            e.for_upto(ub, |e, n| {
                let mut full = idx[..dims.len() - 1].to_vec();
                full.push(n);
                full.extend_from_slice(ks);
                let mut env2 = env.clone();
                if let Err(d) = lower_ops(e, src, &body_ops, &mut full, &mut env2, flat) {
                    result = Err(d);
                    return;
                }
                let v = env2[&yielded.expect("verified: a reduce yields")];
                let i = at(e, &idx, n);
                let acc = e.load(out, &[i]);
                let r = e.same(combine, &[acc, v]);
                e.store(r, out, &[i]);
            });
        });
        result?;
        // out[n] = post(out[n]).
        if !p.post.is_empty() {
            let ub = e.index(last);
            let mut result = Ok(());
            e.for_upto(ub, |e, n| {
                let i = at(e, &idx, n);
                let acc = e.load(out, &[i]);
                let mut env2 = env.clone();
                env2.insert(src.result(p.reduce, 0), acc);
                if let Err(d) = lower_ops(e, src, &p.post, &mut idx, &mut env2, flat) {
                    result = Err(d);
                    return;
                }
                let v = env2[&src.result(*p.post.last().expect("non-empty"), 0)];
                e.store(v, out, &[i]);
            });
            result?;
        }
        idx.truncate(dims.len() - 1);
        Ok(())
    };
    if outer.is_empty() {
        body(e, &[])
    } else {
        grid(e, outer, &mut body)
    }
}

fn nest<'c>(
    e: &mut Emitter<'_, '_, 'c>,
    extents: &[i64],
    ks: &mut Vec<ValueId>,
    f: &mut dyn FnMut(&mut Emitter<'_, '_, 'c>, &[ValueId]),
) {
    match extents.split_first() {
        None => f(e, ks),
        Some((&d, rest)) => {
            let ub = e.index(d);
            e.for_upto(ub, |e, k| {
                ks.push(k);
                nest(e, rest, ks, f);
                ks.pop();
            });
        }
    }
}
