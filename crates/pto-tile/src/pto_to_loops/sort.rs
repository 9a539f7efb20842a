//! `tmrgsort` on a CPU, with the semantics of PTO's CPU simulator (pto-isa
//! `include/pto/cpu/TMrgSort.hpp`). A list is a row of 8-byte structures whose first
//! element is the key (`f32`: value and index; `f16`: value and three more halves);
//! merging takes the largest head key each step, the earliest list on ties, and copies
//! the whole structure.
//!
//! - format 1: `dst`'s valid columns hold whole groups of 4 sorted blocks of `blockLen`
//!   elements; each group is merged into the same columns of `dst`.
//! - format 2: 2 to 4 lists (their valid columns) are merged into `dst` until its valid
//!   columns are full or the lists are used up; with `exhausted`, until one list is used
//!   up. The counts taken from each list (`executed`, a `vector<4xi16>` operand) are
//!   only reported by hardware: the CPU lowering leaves them alone.

use smallvec::{smallvec, SmallVec};

use pto_ir::{OpId, ValueId};

use super::emit::{CmpF, CmpI, Emitter, Num};
use super::gm::tile_of;
use super::tile::Tile;
use super::{error_at, Lowered, Lowering};
use pto_dialects::arith;

/// One list being merged: its tile, the column of its first structure, how many
/// structures it has, and the loop-carried position of its head.
struct List<'t, 'c> {
    tile: &'t Tile<'c>,
    base: ValueId,
    len: ValueId,
}

/// The structure every step takes: which list (an `index`), whether any list had one,
/// and its elements.
struct Pick {
    list: ValueId,
    any: ValueId,
    elems: SmallVec<[ValueId; 4]>,
}

/// Chooses the head with the largest key (the first such list on ties) among lists whose
/// heads are at `heads`, and loads its structure of `per` elements.
fn pick<'c>(
    e: &mut Emitter<'_, '_, 'c>,
    lists: &[List<'_, 'c>],
    heads: &[ValueId],
    per: i64,
) -> Pick {
    let zero = e.index(0);
    let i1 = e.ctx().int_type(1);
    let mut any = e.int_of(i1, 0);
    let mut list = zero;
    let mut key: Option<ValueId> = None;
    let mut cols: SmallVec<[ValueId; 4]> = SmallVec::new();
    let mut best_elems: SmallVec<[ValueId; 4]> = SmallVec::new();
    for (k, (l, &h)) in lists.iter().zip(heads).enumerate() {
        let idx = Num::Int(64, false);
        let valid = e.cmp(idx, CmpF::Olt, CmpI::Ult, h, l.len);
        // A used-up list is read at its start: the load stays inside the tile.
        let at = e.select(valid, h, zero);
        let at = e.mul_c(at, per);
        let col = e.add(l.base, at);
        cols.push(col);
        let elems: SmallVec<[ValueId; 4]> = (0..per)
            .map(|t| {
                let t = e.index(t);
                let c = e.add(col, t);
                l.tile.load(e, zero, c)
            })
            .collect();
        let better = match key {
            None => valid,
            Some(best) => {
                let greater = e.cmp(l.tile.num, CmpF::Ogt, CmpI::Sgt, elems[0], best);
                let one = e.int_of(i1, 1);
                let none = e.same(arith::XOrIOp::NAME, &[any, one]);
                let wins = e.same(arith::OrIOp::NAME, &[none, greater]);
                e.same(arith::AndIOp::NAME, &[valid, wins])
            }
        };
        let kv = e.index(k as i64);
        list = e.select(better, kv, list);
        best_elems = if best_elems.is_empty() {
            elems
        } else {
            best_elems
                .iter()
                .zip(&elems)
                .map(|(&b, &x)| e.select(better, x, b))
                .collect()
        };
        key = Some(best_elems[0]);
        any = e.same(arith::OrIOp::NAME, &[any, valid]);
    }
    Pick {
        list,
        any,
        elems: best_elems,
    }
}

/// The heads after taking from list `p.list` when `take` holds.
fn advance<'c>(
    e: &mut Emitter<'_, '_, 'c>,
    heads: &[ValueId],
    p: &Pick,
    take: ValueId,
) -> SmallVec<[ValueId; 2]> {
    heads
        .iter()
        .enumerate()
        .map(|(k, &h)| {
            let kv = e.index(k as i64);
            let idx = Num::Int(64, false);
            let this = e.cmp(idx, CmpF::Oeq, CmpI::Eq, p.list, kv);
            let this = e.same(arith::AndIOp::NAME, &[this, take]);
            let one = e.index(1);
            let next = e.add(h, one);
            e.select(this, next, h)
        })
        .collect()
}

/// Stores structure `p` at column `col` of row 0 of `d`.
fn store<'c>(e: &mut Emitter<'_, '_, 'c>, d: &Tile<'c>, p: &Pick, col: ValueId) {
    let zero = e.index(0);
    for (t, &v) in p.elems.iter().enumerate() {
        let t = e.index(t as i64);
        let c = e.add(col, t);
        d.store(e, v, zero, c);
    }
}

/// `tmrgsort` in either format.
pub(super) fn lower<'c>(
    e: &mut Emitter<'_, '_, 'c>,
    st: &mut Lowering<'c>,
    op: OpId,
) -> Lowered<'c> {
    let body = e.b.body();
    let spec = crate::TMrgSortOp::spec();
    let groups: [Vec<ValueId>; 3] =
        std::array::from_fn(|g| pto_ir::ods::operand_group(spec, body, op, g).to_vec());
    let [srcs, len, dsts] = groups;
    let exhausted = body
        .attr(op, "exhausted")
        .and_then(|a| a.as_int())
        .is_some_and(|v| v != 0);
    let Some(&dst) = dsts.first() else {
        return Err(error_at(body, op, "missing operand"));
    };
    let d = tile_of(e, st, op, dst)?;
    let sources: Vec<Tile<'c>> = srcs
        .iter()
        .map(|&v| tile_of(e, st, op, v))
        .collect::<Result<_, _>>()?;
    let bytes = crate::layout::elem_bytes(d.ty.dtype());
    if !matches!(bytes, 2 | 4) || sources.iter().any(|s| s.elem != d.elem) {
        return Err(error_at(
            e.b.body(),
            op,
            "tmrgsort merges f16 or f32 lists of the destination's element type",
        ));
    }
    let per = 8 / bytes;
    match (&sources[..], len.first()) {
        ([s], Some(&block)) => {
            blocks(e, s, &d, block, per);
            Ok(())
        }
        (lists, None) if (2..=4).contains(&lists.len()) => {
            lists_into(e, lists, &d, per, exhausted);
            Ok(())
        }
        _ => Err(error_at(
            e.b.body(),
            op,
            "tmrgsort expects format 1 (one source and a block length) or format 2 (2 to 4 sources)",
        )),
    }
}

/// Format 1: each whole group of 4 blocks of `block` elements in `d`'s valid columns.
fn blocks<'c>(e: &mut Emitter<'_, '_, 'c>, s: &Tile<'c>, d: &Tile<'c>, block: ValueId, per: i64) {
    let index = e.index_type();
    let block = if e.ty(block).is_index() {
        block
    } else {
        e.val(arith::IndexCastOp::NAME, &[block], index, &[])
    };
    // A block that is not a positive number of structures merges nothing.
    let zero = e.index(0);
    let n = Num::Int(64, false);
    let positive = e.cmp(n, CmpF::Ogt, CmpI::Sgt, block, zero);
    let rem = e.rem_c(block, per);
    let whole = e.cmp(n, CmpF::Oeq, CmpI::Eq, rem, zero);
    let ok = e.same(arith::AndIOp::NAME, &[positive, whole]);
    let cols = d.valid_cols(e);
    e.if_then(ok, |e| {
        let group = e.mul_c(block, 4);
        let groups = e.div(cols, group);
        let structs = e.div_c(block, per);
        let steps = e.mul_c(structs, 4);
        e.for_upto(groups, |e, g| {
            let start = e.mul(g, group);
            let lists: Vec<List<'_, 'c>> = (0..4)
                .map(|b| {
                    let off = e.mul_c(block, b);
                    List {
                        tile: s,
                        base: e.add(start, off),
                        len: structs,
                    }
                })
                .collect();
            let zero = e.index(0);
            e.for_loop(zero, steps, &[zero, zero, zero, zero], |e, out, heads| {
                let p = pick(e, &lists, heads, per);
                let at = e.mul_c(out, per);
                let col = e.add(start, at);
                store(e, d, &p, col);
                let yes = e.ctx().int_type(1);
                let take = e.int_of(yes, 1);
                advance(e, heads, &p, take)
            });
        });
    });
}

/// Format 2: the valid columns of `lists` into `d`'s.
fn lists_into<'c>(
    e: &mut Emitter<'_, '_, 'c>,
    sources: &[Tile<'c>],
    d: &Tile<'c>,
    per: i64,
    exhausted: bool,
) {
    let zero = e.index(0);
    let lists: Vec<List<'_, 'c>> = sources
        .iter()
        .map(|s| {
            let cols = s.valid_cols(e);
            List {
                tile: s,
                base: zero,
                len: e.div_c(cols, per),
            }
        })
        .collect();
    let cols = d.valid_cols(e);
    let steps = e.div_c(cols, per);
    let i1 = e.ctx().int_type(1);
    let mut inits: SmallVec<[ValueId; 5]> = smallvec![zero; lists.len()];
    inits.push(e.int_of(i1, 0));
    e.for_loop(zero, steps, &inits, |e, out, carried| {
        let (heads, done) = carried.split_at(lists.len());
        let done = done[0];
        let p = pick(e, &lists, heads, per);
        let one = e.int_of(i1, 1);
        let running = e.same(arith::XOrIOp::NAME, &[done, one]);
        let take = e.same(arith::AndIOp::NAME, &[running, p.any]);
        e.if_then(take, |e| {
            let at = e.mul_c(out, per);
            store(e, d, &p, at);
        });
        let mut next = advance(e, heads, &p, take);
        // Stop when nothing was left, or (exhausted) when a list has just run out.
        let stalled = e.same(arith::XOrIOp::NAME, &[p.any, one]);
        let mut stop = e.same(arith::OrIOp::NAME, &[done, stalled]);
        if exhausted {
            for (l, &h) in lists.iter().zip(next.iter()) {
                let n = Num::Int(64, false);
                let out_of = e.cmp(n, CmpF::Oeq, CmpI::Eq, h, l.len);
                let now = e.same(arith::AndIOp::NAME, &[take, out_of]);
                stop = e.same(arith::OrIOp::NAME, &[stop, now]);
            }
        }
        next.push(stop);
        next
    });
}
