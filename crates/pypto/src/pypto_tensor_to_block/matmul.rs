//! `tensor.matmul` as PyPTO's cube schedule: for each `TM x TN` output block, the K
//! loop loads `A` and `B` blocks into L1 (`block.load` with `target_memory = 2`),
//! moves them to L0A and L0B (`block.move`, 3 and 4), and multiplies into an L0C
//! accumulator: `block.matmul` for the first K block, `block.matmul_acc` after, the
//! accumulator carried by the K loop. The block is then stored into the result. When a
//! block does not divide M (or N), the last one is moved back to end at the edge.
//!
//! An operand taken transposed (`a_trans`, `b_trans`, or read through a
//! `tensor.transpose`) has its block loaded into L1 as it lies in memory and moved to
//! L0 with `block.move{transpose}`: once per block, a change of layout on the cube unit
//! (see `pypto-block-to-pto`), never an element-by-element transpose in the inner loop.
//! `c_matrix_nz` only asks for the result's fractal layout in memory; the result is a
//! row-major tensor here, so it changes nothing.
//!
//! Blocks are made of whole fractal boxes: K a multiple of a 32-byte box row (as K
//! blocks are summed), M and N at least 16 (the last block moved back to end at the edge,
//! overlapping the one before, when no block divides them). Smaller or unaligned sizes
//! are an error, as the boxed layouts would overlap.

use crate::build::PyptoBuilder;
use crate::types::{dtype_bits, Shaped};
use pto_ir::builder::OpBuilder;
use pto_ir::{Body, Diagnostic, InsertPoint, OpId, ValueId};

use super::{error_at, matrix_shape, Config};

/// Bytes of L0A and of L0B (A3).
const L0AB_BYTES: i64 = 64 * 1024;
/// Bytes of L0C (A3).
const L0C_BYTES: i64 = 128 * 1024;
/// The largest block edge chosen automatically.
const MAX_EDGE: i64 = 128;

/// The largest divisor of `n` not above `most` that is a multiple of `align` (which
/// divides `n`), at least `align`.
fn aligned_divisor(n: i64, most: i64, align: i64) -> i64 {
    (1..=(most / align).min(n / align).max(1))
        .rev()
        .map(|d| d * align)
        .find(|d| n % d == 0)
        .unwrap_or(align)
}

/// The largest divisor of `n` not above `most`.
pub(super) fn divisor_at_most(n: i64, most: i64) -> i64 {
    (1..=most.min(n).max(1))
        .rev()
        .find(|d| n % d == 0)
        .unwrap_or(1)
}

/// The block of an M or N edge of `n` (at least `align`): a divisor of `n` that is a
/// multiple of `align` when `n` is one, else the largest multiple of `align` up to
/// `most` and `n` (the last block then overlaps the one before).
fn edge_block(n: i64, most: i64, align: i64) -> i64 {
    if n % align == 0 {
        aligned_divisor(n, most, align)
    } else {
        (most.min(n) / align).max(1) * align
    }
}

/// Where block `i` of `t` starts along an edge of `n`: `i * t`, moved back to `n - t`
/// when `t` does not divide `n` (the last block ends at the edge).
fn block_start<'c>(pb: &mut PyptoBuilder<'_, '_, 'c>, i: ValueId, t: i64, n: i64) -> ValueId {
    let tv = pb.i64(t);
    let start = pb.scalar(crate::MulOp::NAME, i, tv);
    if n % t == 0 {
        return start;
    }
    let last = pb.i64(n - t);
    pb.scalar(crate::MinOp::NAME, start, last)
}

/// `v` read through `tensor.transpose`s of rank-2 tensors, and whether it is then
/// taken transposed (`trans`, flipped by each transpose).
pub(super) fn untransposed(body: &Body<'_>, mut v: ValueId, mut trans: bool) -> (ValueId, bool) {
    while let Some(t) = body
        .defining_op(v)
        .filter(|&d| super::shape::is_matrix_transpose(body, d))
    {
        v = body.operand(t, 0);
        trans = !trans;
    }
    (v, trans)
}

/// Lowers matmul `op`.
pub(super) fn lower<'c>(
    b: &mut OpBuilder<'_, 'c>,
    op: OpId,
    config: &Config,
) -> Result<(), Diagnostic<'c>> {
    let body = b.body();
    let flag = |name: &str| {
        body.attr(op, name)
            .and_then(|a| a.as_int())
            .is_some_and(|v| v != 0)
    };
    // An operand that is a `tensor.transpose` is read transposed instead.
    let (a, a_trans) = untransposed(body, body.operand(op, 0), flag("a_trans"));
    let (bm, b_trans) = untransposed(body, body.operand(op, 1), flag("b_trans"));
    let result = body.result(op, 0);
    let oriented =
        |v, trans: bool| matrix_shape(body, v).map(|[r, c]| if trans { [c, r] } else { [r, c] });
    let (Some([m, k]), Some([_, n])) = (oriented(a, a_trans), oriented(bm, b_trans)) else {
        return Err(error_at(
            body,
            op,
            "tensor.matmul needs static rank-2 operands",
        ));
    };
    let ain = Shaped::of(body.value_type(a)).expect("a tensor");
    let out = Shaped::of(body.value_type(result)).expect("a tensor");
    let elem = (dtype_bits(ain.dtype).unwrap_or(32) as i64 + 7) / 8;
    let acc_elem = 4;
    // The cube unit's tiles are made of fractal boxes, 16 rows of 32 bytes (16 x 16 in
    // L0C): blocks of M and N in multiples of 16, of K in multiples of a box row. M and
    // N need not be multiples of their blocks: the last block is moved back to end at
    // the edge, overlapping the one before (its rows or columns are computed twice, to
    // the same values). K blocks are summed, so they must divide K.
    let align = [16, 16, (32 / elem).max(1)];
    if m < align[0] || n < align[1] || k % align[2] != 0 {
        return Err(error_at(
            body,
            op,
            format!(
                "tensor.matmul lowers M and N of at least 16 and K in multiples of {} (the cube unit's fractal boxes), not {m}x{n}x{k}",
                align[2]
            ),
        ));
    }
    let [tm, tn, tk] = match config.mm_tile {
        Some([tm, tn, tk]) => {
            if tm > m || tn > n || k % tk != 0 {
                return Err(error_at(
                    body,
                    op,
                    format!("matmul-tile={tm},{tn},{tk} does not fit the {m}x{n}x{k} product (K blocks must divide K)"),
                ));
            }
            if tm % align[0] != 0 || tn % align[1] != 0 || tk % align[2] != 0 {
                return Err(error_at(
                    body,
                    op,
                    format!(
                        "matmul-tile={tm},{tn},{tk} is not made of whole fractal boxes (multiples of 16, 16 and {})",
                        align[2]
                    ),
                ));
            }
            [tm, tn, tk]
        }
        None => {
            let tm = edge_block(m, MAX_EDGE, align[0]);
            let tn = edge_block(n, MAX_EDGE.min(L0C_BYTES / (tm * acc_elem)), align[1]);
            let tk = aligned_divisor(k, MAX_EDGE.min(L0AB_BYTES / (tm.max(tn) * elem)), align[2]);
            [tm, tn, tk]
        }
    };
    let loc = body.op_loc(op);
    let mut pb = PyptoBuilder::new(b, InsertPoint::Before(op), loc);
    let c = pb.create_matrix([m, n], out.dtype)?;
    let l1 = pb.int_kw(2);
    let (l0a, l0b) = (pb.int_kw(3), pb.int_kw(4));
    // One K block: the L0A and L0B tiles of A[row.., kk..] and B[kk.., col..]. A
    // transposed operand's block is loaded as it lies and moved to L0 transposed
    // (`block.move` with `transpose`: a change of layout, once per block).
    let operands = |pb: &mut PyptoBuilder<'_, '_, 'c>,
                    row: ValueId,
                    col: ValueId,
                    kk: ValueId|
     -> Result<(ValueId, ValueId), Diagnostic<'c>> {
        let (h, w, d) = (pb.i64(tm), pb.i64(tn), pb.i64(tk));
        let load = |pb: &mut PyptoBuilder<'_, '_, 'c>,
                    v: ValueId,
                    trans: bool,
                    [r, c, rows, cols]: [ValueId; 4]| {
            let window = if trans {
                [c, r, cols, rows]
            } else {
                [r, c, rows, cols]
            };
            super::window::load(pb, v, window, &[("target_memory", l1)])
        };
        let to_l0 = |pb: &mut PyptoBuilder<'_, '_, 'c>,
                     t: ValueId,
                     trans: bool,
                     l0: pto_ir::Attribute<'c>| {
            let mut kwargs = vec![("target_memory", l0)];
            if trans {
                kwargs.push(("transpose", pb.bool_kw(true)));
            }
            pb.value(crate::BlockMoveOp::NAME, &[t], &kwargs)
        };
        let ta = load(pb, a, a_trans, [row, kk, h, d])?;
        let tb = load(pb, bm, b_trans, [kk, col, d, w])?;
        let la = to_l0(pb, ta, a_trans, l0a)?;
        let lb = to_l0(pb, tb, b_trans, l0b)?;
        Ok((la, lb))
    };
    let rows = pb.for_loop(0, (m + tm - 1) / tm, &[c], &[], |pb, mi, outs| {
        let row = block_start(pb, mi, tm, m);
        let cols = pb.for_loop(0, (n + tn - 1) / tn, &[outs[0]], &[], |pb, ni, outs| {
            let col = block_start(pb, ni, tn, n);
            let zero = pb.i64(0);
            let (la, lb) = operands(pb, row, col, zero)?;
            let first = pb.value(crate::BlockMatmulOp::NAME, &[la, lb], &[])?;
            let acc = if k > tk {
                pb.for_loop(1, k / tk, &[first], &[], |pb, ki, accs| {
                    let tkv = pb.i64(tk);
                    let kk = pb.scalar(crate::MulOp::NAME, ki, tkv);
                    let (la, lb) = operands(pb, row, col, kk)?;
                    Ok(vec![pb.value(
                        crate::BlockMatmulAccOp::NAME,
                        &[accs[0], la, lb],
                        &[],
                    )?])
                })?[0]
            } else {
                first
            };
            let (h, w) = (pb.i64(tm), pb.i64(tn));
            Ok(vec![pb.value(
                crate::BlockStoreOp::NAME,
                &[acc, row, col, h, w, outs[0]],
                &[],
            )?])
        })?;
        Ok(cols)
    })?;
    let body = b.body();
    body.replace_all_uses(result, rows[0]);
    body.erase_op(op)
        .map_err(|e| Diagnostic::error(loc, format!("{e:?}")))
}
