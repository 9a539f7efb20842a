//! Gathers on a CPU: `tgather` in its three forms and `tgatherb`, with the semantics of
//! PTO's CPU simulator (pto-isa `include/pto/cpu/TGather.hpp`, `TGatherB.hpp`) and, for
//! the compare form, of the A2/A3 implementation (indices flatten the source by its
//! columns, counts are element counts).
//!
//! - index form: `dst[i, j] = src[k / C, k mod C]`, `k = idx[i, j]`, over `dst`'s valid
//!   region; `k` outside `src`'s `R x C` gives 0.
//! - compare form: per valid row `r` of `src`, `offset + r * C + c` for each valid `c`
//!   with `src[r, c]` greater than (or equal to) `k`, in order from `dst[r, 0]` on, and
//!   their number at storage element `r` of `cdst`.
//! - mask form: the valid elements of `src` whose column the pattern selects, row
//!   after row, stored one after the other from `dst`'s first element.
//! - `tgatherb`: for valid row `r` of `dst` and 32-byte block `k` of it, the 32 bytes
//!   of `src` at byte offset `off[r, k]` (left alone when they would end past `src`).

use crate::{CmpMode, CmpModeAttr, MaskPattern, MaskPatternAttr};
use smallvec::smallvec;

use pto_ir::{OpId, ValueId};

use super::emit::{CmpF, CmpI, Emitter, Num};
use super::gm::tile_opt;
use super::tile::Tile;
use super::{error_at, Lowered, Lowering, Named};
use pto_dialects::arith;

/// `tgather` and `tgatherb`.
pub(super) fn lower<'c>(
    e: &mut Emitter<'_, '_, 'c>,
    st: &mut Lowering<'c>,
    op: OpId,
    op_name: &str,
) -> Lowered<'c> {
    let named = Named::of(e.b.body(), op);
    let tile = |e: &mut Emitter<'_, '_, 'c>, name: &str| tile_opt(e, st, op, named.get(name));
    if op_name == crate::TGatherBOp::NAME {
        let (s, o, d) = (tile(e, "src")?, tile(e, "offsets")?, tile(e, "dst")?);
        return gather_blocks(e, st, op, &s, &o, &d);
    }
    let (s, d) = (tile(e, "src")?, tile(e, "dst")?);
    if let Some(pattern) =
        e.b.body()
            .attr(op, "maskPattern")
            .and_then(MaskPatternAttr::from_attr)
            .map(MaskPatternAttr::value)
    {
        return gather_mask(e, pattern, &s, &d);
    }
    if let Some(k) = named.get("kValue") {
        let cd = tile(e, "cdst")?;
        return gather_compare(e, op, k, &s, &d, &cd);
    }
    let idx = tile(e, "indices")?;
    gather_index(e, &s, &idx, &d);
    Ok(())
}

/// `v` (an integer of class `n`) as an `index`.
fn to_index<'c>(e: &mut Emitter<'_, '_, 'c>, v: ValueId, n: Num) -> ValueId {
    let index = e.index_type();
    let name = match n {
        Num::Int(_, true) => arith::IndexCastUIOp::NAME,
        _ => arith::IndexCastOp::NAME,
    };
    e.val(name, &[v], index, &[])
}

fn gather_index<'c>(e: &mut Emitter<'_, '_, 'c>, s: &Tile<'c>, idx: &Tile<'c>, d: &Tile<'c>) {
    let cols = s.cols();
    let total = e.index(s.rows() * cols);
    let rows_v = d.valid_rows(e);
    let cols_v = d.valid_cols(e);
    e.for_upto(rows_v, |e, r| {
        e.for_upto(cols_v, |e, c| {
            let raw = idx.load(e, r, c);
            let k = to_index(e, raw, idx.num);
            let signed = Num::Int(64, false);
            let zero = e.index(0);
            let low = e.cmp(signed, CmpF::Oge, CmpI::Sge, k, zero);
            let high = e.cmp(signed, CmpF::Olt, CmpI::Slt, k, total);
            let inside = e.same(arith::AndIOp::NAME, &[low, high]);
            // Read at a clamped index: the load stays in the tile either way.
            let at = e.select(inside, k, zero);
            let (sr, sc) = (e.div_c(at, cols), e.rem_c(at, cols));
            let x = s.load(e, sr, sc);
            let none = e.num_const(d.elem, 0.0);
            let v = e.select(inside, x, none);
            d.store(e, v, r, c);
        });
    });
}

/// The period and phase of the columns a mask pattern selects (`P0101`: every second
/// column from 0, ...).
fn pattern_columns(pattern: MaskPattern) -> (i64, i64) {
    match pattern {
        MaskPattern::P0101 => (2, 0),
        MaskPattern::P1010 => (2, 1),
        MaskPattern::P0001 => (4, 0),
        MaskPattern::P0010 => (4, 1),
        MaskPattern::P0100 => (4, 2),
        MaskPattern::P1000 => (4, 3),
        MaskPattern::P1111 => (1, 0),
    }
}

fn gather_mask<'c>(
    e: &mut Emitter<'_, '_, 'c>,
    pattern: MaskPattern,
    s: &Tile<'c>,
    d: &Tile<'c>,
) -> Lowered<'c> {
    let (period, phase) = pattern_columns(pattern);
    let rows = s.valid_rows(e);
    let cols = s.valid_cols(e);
    // Selected columns per row: ceil(max(cols - phase, 0) / period).
    let ph = e.index(phase);
    let zero = e.index(0);
    let left = e.same(arith::SubIOp::NAME, &[cols, ph]);
    let left = e.same(arith::MaxSIOp::NAME, &[left, zero]);
    let round = e.index(period - 1);
    let left = e.add(left, round);
    let per_row = e.div_c(left, period);
    let base = d.offset(e, zero, zero);
    e.for_upto(rows, |e, r| {
        let row_start = e.mul(r, per_row);
        let row_start = e.add(base, row_start);
        e.for_upto(per_row, |e, j| {
            let c = e.mul_c(j, period);
            let c = e.add(c, ph);
            let x = s.load(e, r, c);
            let at = e.add(row_start, j);
            e.store(x, d.view, &[at]);
        });
    });
    Ok(())
}

fn gather_compare<'c>(
    e: &mut Emitter<'_, '_, 'c>,
    op: OpId,
    k: ValueId,
    s: &Tile<'c>,
    d: &Tile<'c>,
    cd: &Tile<'c>,
) -> Lowered<'c> {
    let body = e.b.body();
    let gt = body
        .attr(op, "cmpMode")
        .and_then(CmpModeAttr::from_attr)
        .is_some_and(|m| m.value() == CmpMode::GT);
    let offset = body
        .attr(op, "offset")
        .and_then(|a| a.as_int())
        .unwrap_or(0);
    let offset = i64::try_from(offset).map_err(|_| error_at(body, op, "offset out of range"))?;
    let rows = s.valid_rows(e);
    let cols = s.valid_cols(e);
    let zero = e.index(0);
    let count_base = cd.offset(e, zero, zero);
    let width = s.cols();
    e.for_upto(rows, |e, r| {
        let row_index = e.mul_c(r, width);
        let off = e.index(offset);
        let row_index = e.add(row_index, off);
        let zero = e.index(0);
        let counted = e.for_loop(zero, cols, &[zero], |e, c, carried| {
            let x = s.load(e, r, c);
            let hit = if gt {
                e.cmp(s.num, CmpF::Ogt, CmpI::Sgt, x, k)
            } else {
                e.cmp(s.num, CmpF::Oeq, CmpI::Eq, x, k)
            };
            let n = carried[0];
            e.if_then(hit, |e| {
                let i = e.add(row_index, c);
                let v = e.val(arith::IndexCastOp::NAME, &[i], d.elem, &[]);
                d.store(e, v, r, n);
            });
            let one = e.index(1);
            let next = e.add(n, one);
            smallvec![e.select(hit, next, n)]
        });
        let v = e.val(arith::IndexCastOp::NAME, &[counted[0]], cd.elem, &[]);
        let at = e.add(count_base, r);
        e.store(v, cd.view, &[at]);
    });
    Ok(())
}

fn gather_blocks<'c>(
    e: &mut Emitter<'_, '_, 'c>,
    st: &Lowering<'c>,
    op: OpId,
    s: &Tile<'c>,
    o: &Tile<'c>,
    d: &Tile<'c>,
) -> Lowered<'c> {
    let bytes = crate::layout::elem_bytes(d.ty.dtype());
    if s.origin.is_some() || d.origin.is_some() {
        return Err(error_at(
            e.b.body(),
            op,
            "pto.tgatherb on a pto.subset is not supported",
        ));
    }
    let (Some(&src_arena), Some(&dst_arena)) =
        (st.arenas.get(&s.ty.loc()), st.arenas.get(&d.ty.loc()))
    else {
        return Err(error_at(
            e.b.body(),
            op,
            "no arena for the tiles' address space",
        ));
    };
    if !matches!(bytes, 1 | 2 | 4) {
        return Err(error_at(
            e.b.body(),
            op,
            "the destination's element size is not 1, 2 or 4 bytes",
        ));
    }
    let per_block = 32 / bytes;
    let src_bytes = s.rows() * s.cols() * crate::layout::elem_bytes(s.ty.dtype());
    let limit = e.index(src_bytes - 32);
    let rows = d.valid_rows(e);
    let cols = d.valid_cols(e);
    let blocks = e.div_c(cols, per_block);
    e.for_upto(rows, |e, r| {
        e.for_upto(blocks, |e, k| {
            let raw = o.load(e, r, k);
            let off = to_index(e, raw, Num::Int(32, true));
            let n = Num::Int(64, true);
            let fits = e.cmp(n, CmpF::Ole, CmpI::Sle, off, limit);
            e.if_then(fits, |e| {
                let from = e.add(s.byte_offset, off);
                let col = e.mul_c(k, per_block);
                let to = d.offset(e, r, col);
                let to = e.mul_c(to, bytes);
                let to = e.add(d.byte_offset, to);
                for i in 0..32 {
                    let i = e.index(i);
                    let (a, b) = (e.add(from, i), e.add(to, i));
                    let byte = e.load(src_arena, &[a]);
                    e.store(byte, dst_arena, &[b]);
                }
            });
        });
    });
    Ok(())
}
