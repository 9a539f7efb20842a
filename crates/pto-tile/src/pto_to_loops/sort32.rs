//! `tsort32` on a CPU, with the semantics of PTO's CPU simulator (pto-isa
//! `include/pto/cpu/TSort32.hpp`): each row's valid columns, in blocks of 32 (the last
//! one possibly shorter), are sorted by value, largest first, equal values by their
//! `idx` entries and then by position (a stable sort). Each element becomes an 8-byte
//! structure of `dst` (the format `tmrgsort` merges): a 32-bit value and its `u32`
//! index, or a 16-bit value, a zero half and the index in two halves. Block `b` starts
//! at structure `32 * b`. (The simulator starts every block at column `64 * b`, which
//! for 16-bit values overlaps the previous block's second half; here blocks follow one
//! another.) NaN values order as the simulator's comparisons leave them: undefined.

use pto_ir::{OpId, ValueId};

use super::emit::{CmpF, CmpI, Emitter, Num};
use super::gm::tile_of;
use super::{error_at, Lowered, Lowering};
use pto_dialects::arith;

/// Elements sorted together.
const BLOCK: i64 = 32;

pub(super) fn lower<'c>(
    e: &mut Emitter<'_, '_, 'c>,
    st: &mut Lowering<'c>,
    op: OpId,
) -> Lowered<'c> {
    let body = e.b.body();
    let operands: Vec<ValueId> = body.operands(op).collect();
    let (Some(&src), Some(&idx), Some(&dst)) = (operands.first(), operands.get(1), operands.last())
    else {
        return Err(error_at(body, op, "missing operand"));
    };
    let (s, ix, d) = (
        tile_of(e, st, op, src)?,
        tile_of(e, st, op, idx)?,
        tile_of(e, st, op, dst)?,
    );
    let bytes = crate::layout::elem_bytes(s.ty.dtype());
    if !matches!(bytes, 2 | 4) || s.elem != d.elem || crate::layout::elem_bytes(ix.ty.dtype()) != 4
    {
        return Err(error_at(
            e.b.body(),
            op,
            "tsort32 sorts 16- or 32-bit values into a destination of their type, with u32 indices",
        ));
    }
    let per = 8 / bytes;
    let (rows, cols) = (s.valid_rows(e), s.valid_cols(e));
    let u32n = Num::Int(32, false);
    e.for_upto(rows, |e, r| {
        let block = e.index(BLOCK);
        let last = e.index(BLOCK - 1);
        let up = e.add(cols, last);
        let blocks = e.div(up, block);
        e.for_upto(blocks, |e, b| {
            let j = e.mul_c(b, BLOCK);
            let left = e.same(arith::SubIOp::NAME, &[cols, j]);
            let n = e.min(left, block);
            e.for_upto(n, |e, k| {
                let ck = e.add(j, k);
                let (vk, ik) = (s.load(e, r, ck), ix.load(e, r, ck));
                let zero = e.index(0);
                let rank = e.for_loop(zero, n, &[zero], |e, m, count| {
                    let cm = e.add(j, m);
                    let (vm, im) = (s.load(e, r, cm), ix.load(e, r, cm));
                    let greater = e.cmp(s.num, CmpF::Ogt, CmpI::Sgt, vm, vk);
                    let equal = e.cmp(s.num, CmpF::Oeq, CmpI::Eq, vm, vk);
                    let idx_less = e.cmp(u32n, CmpF::Olt, CmpI::Ult, im, ik);
                    let idx_equal = e.cmp(u32n, CmpF::Oeq, CmpI::Eq, im, ik);
                    let pos_less = e.cmp(Num::Int(64, false), CmpF::Olt, CmpI::Ult, m, k);
                    let later = e.same(arith::AndIOp::NAME, &[idx_equal, pos_less]);
                    let tie = e.same(arith::OrIOp::NAME, &[idx_less, later]);
                    let tie = e.same(arith::AndIOp::NAME, &[equal, tie]);
                    let before = e.same(arith::OrIOp::NAME, &[greater, tie]);
                    let one = e.index(1);
                    let step = e.select(before, one, zero);
                    smallvec::smallvec![e.add(count[0], step)]
                });
                let slot = e.add(j, rank[0]);
                let at = e.mul_c(slot, per);
                d.store(e, vk, r, at);
                let elem = d.elem;
                let put = |e: &mut Emitter<'_, '_, 'c>, t: i64, v: ValueId| {
                    let tv = e.index(t);
                    let c = e.add(at, tv);
                    d.store(e, v, r, c);
                };
                if per == 2 {
                    // A 32-bit value, then the index's bits.
                    let bits = if e.ty(ik) == elem {
                        ik
                    } else {
                        e.val(arith::BitcastOp::NAME, &[ik], elem, &[])
                    };
                    put(e, 1, bits);
                } else {
                    let i16t = e.ctx().int_type(16);
                    let zero16 = e.int_of(i16t, 0);
                    let lo = e.val(arith::TruncIOp::NAME, &[ik], i16t, &[]);
                    let ik_ty = e.ty(ik);
                    let sixteen = e.int_of(ik_ty, 16);
                    let high = e.same(arith::ShRUIOp::NAME, &[ik, sixteen]);
                    let hi = e.val(arith::TruncIOp::NAME, &[high], i16t, &[]);
                    let as_elem = |e: &mut Emitter<'_, '_, 'c>, v: ValueId| {
                        if elem == i16t {
                            v
                        } else {
                            e.val(arith::BitcastOp::NAME, &[v], elem, &[])
                        }
                    };
                    let (z, lo, hi) = (as_elem(e, zero16), as_elem(e, lo), as_elem(e, hi));
                    put(e, 1, z);
                    put(e, 2, lo);
                    put(e, 3, hi);
                }
            });
        });
    });
    Ok(())
}
