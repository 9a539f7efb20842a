//! Compares and selects with PTO's packed bit masks: the result of `tcmp`/`tcmps` for
//! element `(r, c)` is bit `c mod 8` (LSB first) of byte `c div 8` of row `r`'s mask
//! bytes. On A3 each row owns `storage bytes / rows` bytes of the mask tile; on A5 rows
//! are packed densely, `ceil(cols / 8)` bytes each. `tsel`/`tsels` read the same bits.

use crate::{CmpMode, CmpModeAttr};
use smallvec::smallvec;

use pto_ir::{OpId, ValueId};

use super::compute::{map_tile, scalar_as};
use super::emit::{CmpF, CmpI, Emitter, Num};
use super::gm::tile_opt;
use super::tile::Tile;
use super::{error_at, Lowered, Lowering, Named};
use pto_dialects::arith;

/// `cmpMode` values and the predicates they select.
fn predicates(mode: CmpMode) -> (CmpF, CmpI) {
    match mode {
        CmpMode::EQ => (CmpF::Oeq, CmpI::Eq),
        CmpMode::NE => (CmpF::Une, CmpI::Ne),
        CmpMode::LT => (CmpF::Olt, CmpI::Slt),
        CmpMode::LE => (CmpF::Ole, CmpI::Sle),
        CmpMode::GT => (CmpF::Ogt, CmpI::Sgt),
        CmpMode::GE => (CmpF::Oge, CmpI::Sge),
    }
}

/// Where row `r`'s mask bytes start, in bytes from the mask tile's storage.
fn row_start<'c>(
    e: &mut Emitter<'_, '_, 'c>,
    mask: &Tile<'c>,
    r: ValueId,
    cols: ValueId,
    a5: bool,
) -> ValueId {
    if a5 {
        let seven = e.index(7);
        let c7 = e.add(cols, seven);
        let per_row = e.div_c(c7, 8);
        e.mul(r, per_row)
    } else {
        let bytes = mask.storage.rows() * mask.storage.cols();
        e.mul_c(r, bytes / mask.storage.rows().max(1))
    }
}

/// Compares and selects.
pub(super) fn lower<'c>(
    e: &mut Emitter<'_, '_, 'c>,
    st: &mut Lowering<'c>,
    op: OpId,
    op_name: &str,
) -> Lowered<'c> {
    let named = Named::of(e.b.body(), op);
    let get = |e: &mut Emitter<'_, '_, 'c>, name: &str| tile_opt(e, st, op, named.get(name));
    let a5 = st.a5;
    match op_name {
        crate::TCmpOp::NAME | crate::TCmpSOp::NAME => {
            let (a, m) = if op_name == crate::TCmpOp::NAME {
                (get(e, "src0")?, get(e, "dst")?)
            } else {
                (get(e, "src")?, get(e, "dst")?)
            };
            check_mask(e, op, &m)?;
            let mode =
                e.b.body()
                    .attr(op, "cmpMode")
                    .and_then(CmpModeAttr::from_attr)
                    .map_or(CmpMode::EQ, CmpModeAttr::value);
            let (pf, pi) = predicates(mode);
            let other = if op_name == crate::TCmpOp::NAME {
                Other::Tile(get(e, "src1")?)
            } else {
                Other::Scalar(scalar_as(e, op, named.get("scalar"), &a)?)
            };
            compare(e, &a, &other, &m, pf, pi, a5);
        }
        crate::TSelOp::NAME | crate::TSelSOp::NAME => {
            let (m, d) = (get(e, "mask")?, get(e, "dst")?);
            check_mask(e, op, &m)?;
            let (x, y) = if op_name == crate::TSelOp::NAME {
                (get(e, "src0")?, Other::Tile(get(e, "src1")?))
            } else {
                let s = scalar_as(e, op, named.get("scalar"), &d)?;
                (get(e, "src")?, Other::Scalar(s))
            };
            let cols = d.valid_cols(e);
            map_tile(e, &d, |e, r, c| {
                let bit = read_bit(e, &m, r, c, cols, a5);
                let a = x.load(e, r, c);
                let b = match &y {
                    Other::Tile(t) => t.load(e, r, c),
                    Other::Scalar(s) => *s,
                };
                e.select(bit, a, b)
            });
        }
        _ => unreachable!("dispatched by name"),
    }
    Ok(())
}

/// The second operand of a compare or select.
enum Other<'c> {
    Tile(Tile<'c>),
    Scalar(ValueId),
}

fn check_mask<'c>(e: &mut Emitter<'_, '_, 'c>, op: OpId, m: &Tile<'c>) -> Lowered<'c> {
    if m.elem.int_width() != Some(8) || m.origin.is_some() {
        return Err(error_at(e.b.body(), op, "masks must be whole 8-bit tiles"));
    }
    Ok(())
}

/// Writes the mask bytes of `a <pred> other` over `a`'s valid region.
fn compare<'c>(
    e: &mut Emitter<'_, '_, 'c>,
    a: &Tile<'c>,
    other: &Other<'c>,
    m: &Tile<'c>,
    pf: CmpF,
    pi: CmpI,
    a5: bool,
) {
    let rows = a.valid_rows(e);
    let cols = a.valid_cols(e);
    let seven = e.index(7);
    let c7 = e.add(cols, seven);
    let nbytes = e.div_c(c7, 8);
    let i8t = m.elem;
    e.for_upto(rows, |e, r| {
        let start = row_start(e, m, r, cols, a5);
        e.for_upto(nbytes, |e, k| {
            let zero = e.int_of(i8t, 0);
            let lb = e.index(0);
            let ub = e.index(8);
            let out = e.for_loop(lb, ub, &[zero], |e, b, acc| {
                let base = e.mul_c(k, 8);
                let c = e.add(base, b);
                let n = Num::Int(64, false);
                let inside = e.cmp(n, CmpF::Olt, CmpI::Slt, c, cols);
                // Stay within the row for the bits past the valid columns.
                let one = e.index(1);
                let last = e.same(arith::SubIOp::NAME, &[cols, one]);
                let cc = e.min(c, last);
                let x = a.load(e, r, cc);
                let y = match other {
                    Other::Tile(t) => t.load(e, r, cc),
                    Other::Scalar(s) => *s,
                };
                let hit = e.cmp(a.num, pf, pi, x, y);
                let hit = e.same(arith::AndIOp::NAME, &[hit, inside]);
                let bit = e.val(arith::ExtUIOp::NAME, &[hit], i8t, &[]);
                let sh = e.val(arith::IndexCastOp::NAME, &[b], i8t, &[]);
                let bit = e.same(arith::ShLIOp::NAME, &[bit, sh]);
                smallvec![e.same(arith::OrIOp::NAME, &[acc[0], bit])]
            });
            let at = e.add(start, k);
            e.store(out[0], m.view, &[at]);
        });
    });
}

/// Bit `(r, c)` of mask `m` as an `i1`.
fn read_bit<'c>(
    e: &mut Emitter<'_, '_, 'c>,
    m: &Tile<'c>,
    r: ValueId,
    c: ValueId,
    cols: ValueId,
    a5: bool,
) -> ValueId {
    let start = row_start(e, m, r, cols, a5);
    let k = e.div_c(c, 8);
    let at = e.add(start, k);
    let byte = e.load(m.view, &[at]);
    let b = e.rem_c(c, 8);
    let sh = e.val(arith::IndexCastOp::NAME, &[b], m.elem, &[]);
    let shifted = e.same(arith::ShRUIOp::NAME, &[byte, sh]);
    let i1 = e.ctx().int_type(1);
    e.val(arith::TruncIOp::NAME, &[shifted], i1, &[])
}
