//! Copies between tiles (`tmov`, `textract`, `tinsert`, `ttrans`), conversions
//! (`tcvt`) and the matmul family.
//!
//! An `f32` matmul of constant sizes is the register-blocked kernel of `microkernel.rs`;
//! any other packs its operands into dense row-major buffers of the accumulator's type
//! (the tiles' boxed layouts would make the inner loop strided), multiplies them in
//! `i, k, j` order, whose inner loop runs over contiguous, non-aliasing rows and
//! vectorizes, and unpacks the result into the destination's layout.

use crate::{ReluPreMode, RoundMode, RoundModeAttr};
use pto_ir::{OpId, Type, ValueId};

use super::compute::map_tile;
use super::emit::{CmpF, CmpI, Emitter, Num};
use super::gm::{enum_is, tile_opt};
use super::microkernel;
use super::tile::{copy_runs, transpose_blocks, Tile};
use super::{error_at, Lowered, Lowering, Named};
use pto_dialects::arith;
use pto_dialects::math;
use pto_dialects::memref;

/// Copies, conversions and matmuls.
pub(super) fn lower<'c>(
    e: &mut Emitter<'_, '_, 'c>,
    st: &mut Lowering<'c>,
    op: OpId,
    op_name: &str,
) -> Lowered<'c> {
    let named = Named::of(e.b.body(), op);
    let get = |name: &str| named.get(name);
    let shape = microkernel::Shape::for_bits(st.vector_bits);
    let tile = |e: &mut Emitter<'_, '_, 'c>, v: Option<ValueId>| tile_opt(e, st, op, v);
    match op_name {
        crate::TMovOp::NAME => {
            if get("fp").is_some() || get("preQuantScalar").is_some() {
                return Err(error_at(
                    e.b.body(),
                    op,
                    "tmov with scaling (fp or a pre-quantization scalar) is not supported",
                ));
            }
            let relu = enum_is(e, op, "reluPreMode", ReluPreMode::NormalRelu);
            let (s, d) = (tile(e, get("src"))?, tile(e, get("dst"))?);
            // The effective copy is the intersection of both valid regions.
            let rows = {
                let (a, b) = (s.valid_rows(e), d.valid_rows(e));
                e.min(a, b)
            };
            let cols = {
                let (a, b) = (s.valid_cols(e), d.valid_cols(e));
                e.min(a, b)
            };
            let element = |e: &mut Emitter<'_, '_, 'c>, mut x: ValueId| {
                if relu {
                    let zero = e.num_const(s.elem, 0.0);
                    let pos = e.cmp(s.num, CmpF::Ogt, CmpI::Sgt, x, zero);
                    x = e.select(pos, x, zero);
                }
                e.convert(x, s.num, d.elem, d.num)
            };
            let fast = match (e.cst(rows), e.cst(cols)) {
                (Some(r), Some(c)) => {
                    let plain = !relu && s.elem == d.elem;
                    copy_runs(e, &s, &d, r, c, plain, element)
                }
                _ => None,
            };
            if fast.is_none() {
                e.for_upto(rows, |e, r| {
                    e.for_upto(cols, |e, c| {
                        let x = s.load(e, r, c);
                        let y = element(e, x);
                        d.store(e, y, r, c);
                    });
                });
            }
        }
        crate::TExtractOp::NAME | crate::TInsertOp::NAME => {
            let (s, d) = (tile(e, get("src"))?, tile(e, get("dst"))?);
            let (Some(r0), Some(c0)) = (get("indexRow"), get("indexCol")) else {
                return Err(error_at(e.b.body(), op, "missing operand"));
            };
            if op_name == crate::TExtractOp::NAME {
                // dst[i, j] = src[i + r0, j + c0] over dst's valid region.
                map_tile(e, &d, |e, r, c| {
                    let (sr, sc) = (e.add(r, r0), e.add(c, c0));
                    let x = s.load(e, sr, sc);
                    e.convert(x, s.num, d.elem, d.num)
                });
            } else {
                // dst[i + r0, j + c0] = src[i, j] over src's valid region.
                let rows = s.valid_rows(e);
                let cols = s.valid_cols(e);
                e.for_upto(rows, |e, r| {
                    e.for_upto(cols, |e, c| {
                        let x = s.load(e, r, c);
                        let x = e.convert(x, s.num, d.elem, d.num);
                        let (dr, dc) = (e.add(r, r0), e.add(c, c0));
                        d.store(e, x, dr, dc);
                    });
                });
            }
        }
        crate::TTransOp::NAME => {
            let (s, d) = (tile(e, get("src"))?, tile(e, get("dst"))?);
            let rows = s.valid_rows(e);
            let cols = s.valid_cols(e);
            if !transpose_fast(e, &s, &d, rows, cols) {
                e.for_upto(rows, |e, r| {
                    e.for_upto(cols, |e, c| {
                        let x = s.load(e, r, c);
                        d.store(e, x, c, r);
                    });
                });
            }
        }
        crate::TCvtOp::NAME => {
            let (s, d) = (tile(e, get("src"))?, tile(e, get("dst"))?);
            let mode =
                e.b.body()
                    .attr(op, "rmode")
                    .and_then(RoundModeAttr::from_attr)
                    .map_or(RoundMode::CAST_RINT, RoundModeAttr::value);
            check_round_mode(e, op, &s, &d, mode)?;
            map_tile(e, &d, |e, r, c| {
                let x = s.load(e, r, c);
                convert_rounding(e, x, &s, &d, mode)
            });
        }
        crate::TMatmulOp::NAME
        | crate::TMatmulAccOp::NAME
        | crate::TMatmulBiasOp::NAME
        | crate::TGemvOp::NAME
        | crate::TGemvAccOp::NAME
        | crate::TGemvBiasOp::NAME => {
            let (a, b, init) = match op_name {
                crate::TMatmulOp::NAME | crate::TGemvOp::NAME => {
                    (get("lhs"), get("rhs"), Init::Zero)
                }
                crate::TMatmulAccOp::NAME | crate::TGemvAccOp::NAME => {
                    let cin = tile(e, get("acc_in"))?;
                    (get("lhs"), get("rhs"), Init::Acc(cin))
                }
                _ => {
                    let bias = tile(e, get("bias"))?;
                    (get("a"), get("b"), Init::Bias(bias))
                }
            };
            let (a, b, d) = (tile(e, a)?, tile(e, b)?, tile(e, get("dst"))?);
            matmul(e, shape, &a, &b, &d, &init);
        }
        crate::TDequantOp::NAME => {
            // dst[i, j] = (src[i, j] - offset[i, 0]) * scale[i, 0].
            let (src, scale, offset, d) = (
                tile(e, get("src"))?,
                tile(e, get("scale"))?,
                tile(e, get("offset"))?,
                tile(e, get("dst"))?,
            );
            map_tile(e, &d, |e, r, c| {
                let x = src.load(e, r, c);
                let x = e.convert(x, src.num, d.elem, d.num);
                let zero = e.index(0);
                let off = offset.load(e, r, zero);
                let sc = scale.load(e, r, zero);
                let shifted = e.same(arith::SubFOp::NAME, &[x, off]);
                e.same(arith::MulFOp::NAME, &[shifted, sc])
            });
        }
        crate::TQuantOp::NAME => {
            // dst = sat(round(src * fp[k] (+ offset[k]))), k = r * 8 + c mod 8: one
            // 32-byte block of f32 multipliers per row, repeated along it.
            let (src, fp, d) = (
                tile(e, get("src"))?,
                tile(e, get("fp"))?,
                tile(e, get("dst"))?,
            );
            let offset = match get("offset") {
                Some(v) => Some(tile(e, Some(v))?),
                None => None,
            };
            if fp.origin.is_some() || offset.as_ref().is_some_and(|o| o.origin.is_some()) {
                return Err(error_at(
                    e.b.body(),
                    op,
                    "tquant parameters must be whole tiles",
                ));
            }
            map_tile(e, &d, |e, r, c| {
                let x = src.load(e, r, c);
                let row = e.mul_c(r, 8);
                let lane = e.rem_c(c, 8);
                let k = e.add(row, lane);
                let sc = e.load(fp.view, &[k]);
                let mut v = e.same(arith::MulFOp::NAME, &[x, sc]);
                if let Some(o) = &offset {
                    let off = e.load(o.view, &[k]);
                    v = e.same(arith::AddFOp::NAME, &[v, off]);
                }
                let v = e.same(math::RoundEvenOp::NAME, &[v]);
                e.convert(v, src.num, d.elem, d.num)
            });
        }
        _ => unreachable!("dispatched by name"),
    }
    Ok(())
}

/// `d[c, r] = s[r, c]` over `rows x cols` as 8x8 blocks transposed in registers
/// (`transpose_blocks`), when the sizes are constants and `s` and `d` are contiguous
/// along the same axis of their own shapes (row-major tiles both: `d`'s rows are `s`'s
/// columns); returns whether it did.
fn transpose_fast<'c>(
    e: &mut Emitter<'_, '_, 'c>,
    s: &Tile<'c>,
    d: &Tile<'c>,
    rows: ValueId,
    cols: ValueId,
) -> bool {
    let (Some(rows), Some(cols)) = (e.cst(rows), e.cst(cols)) else {
        return false;
    };
    let by8 = |r: Option<super::tile::Run>| {
        r.is_some_and(|r| r.stride == 1 && r.len.is_none_or(|l| l % 8 == 0))
    };
    let along_cols = if by8(s.col_run()) && by8(d.col_run()) {
        true
    } else if by8(s.row_run()) && by8(d.row_run()) {
        false
    } else {
        return false;
    };
    let s_at = |e: &mut Emitter<'_, '_, 'c>, r, c| s.offset(e, r, c);
    // `d` seen transposed: its element (c, r) is the copy's (r, c).
    let d_at = |e: &mut Emitter<'_, '_, 'c>, r, c| d.offset(e, c, r);
    transpose_blocks(e, (s.view, s_at), (d.view, d_at), rows, cols, along_cols)
}

/// What a matmul adds its product to.
enum Init<'c> {
    Zero,
    Acc(Tile<'c>),
    Bias(Tile<'c>),
}

fn check_round_mode<'c>(
    e: &mut Emitter<'_, '_, 'c>,
    op: OpId,
    s: &Tile<'c>,
    d: &Tile<'c>,
    mode: RoundMode,
) -> Lowered<'c> {
    let narrowing = match (s.num, d.num) {
        // f16 <-> bf16 rounds too (each lacks values of the other).
        (Num::Float(a), Num::Float(b)) => {
            a.width() > b.width() || (a != b && a.width() == b.width())
        }
        _ => false,
    };
    let ok = match (s.num, d.num) {
        (Num::Float(_), Num::Int(..)) => matches!(
            mode,
            RoundMode::NONE
                | RoundMode::RINT
                | RoundMode::CAST_RINT
                | RoundMode::ROUND
                | RoundMode::FLOOR
                | RoundMode::CEIL
                | RoundMode::TRUNC
        ),
        _ if narrowing => matches!(
            mode,
            RoundMode::NONE | RoundMode::RINT | RoundMode::CAST_RINT
        ),
        _ => true,
    };
    if ok {
        return Ok(());
    }
    let word = mode.keyword();
    Err(error_at(
        e.b.body(),
        op,
        format!(
            "round mode {word} from {} to {} is not supported by the CPU lowering",
            s.elem, d.elem
        ),
    ))
}

/// `x` converted from `s`'s element type to `d`'s with round mode `mode` (floats to
/// integers round first, then truncate with saturation).
fn convert_rounding<'c>(
    e: &mut Emitter<'_, '_, 'c>,
    x: ValueId,
    s: &Tile<'c>,
    d: &Tile<'c>,
    mode: RoundMode,
) -> ValueId {
    if let (Num::Float(_), Num::Int(..)) = (s.num, d.num) {
        let rounded = match mode {
            RoundMode::ROUND => e.same(math::RoundOp::NAME, &[x]),
            RoundMode::FLOOR => e.same(math::FloorOp::NAME, &[x]),
            RoundMode::CEIL => e.same(math::CeilOp::NAME, &[x]),
            RoundMode::TRUNC => x,
            _ => e.same(math::RoundEvenOp::NAME, &[x]),
        };
        return e.convert(rounded, s.num, d.elem, d.num);
    }
    e.convert(x, s.num, d.elem, d.num)
}

/// A dense `rows x cols` buffer of `elem`, freed by the caller.
fn dense<'c>(e: &mut Emitter<'_, '_, 'c>, rows: i64, cols: i64, elem: Type<'c>) -> ValueId {
    let ctx = e.ctx();
    let ty = ctx.memref_type(&[rows, cols], elem, None, None);
    e.alloc(memref::AllocOp::NAME, ty, true)
}

fn matmul<'c>(
    e: &mut Emitter<'_, '_, 'c>,
    shape: microkernel::Shape,
    a: &Tile<'c>,
    b: &Tile<'c>,
    d: &Tile<'c>,
    init: &Init<'c>,
) {
    let start = match init {
        Init::Zero => Some(microkernel::Start::Zero),
        Init::Acc(cin) => Some(microkernel::Start::Tile(cin)),
        Init::Bias(_) => None,
    };
    if let Some(start) = start {
        if microkernel::matmul(e, shape, a, b, d, start) {
            return;
        }
    }
    let (acc_ty, acc_num) = (d.elem, d.num);
    let m = a.valid_rows(e);
    let k = a.valid_cols(e);
    let n = b.valid_cols(e);
    let (pa, pb, pc) = (
        dense(e, a.rows(), a.cols(), acc_ty),
        dense(e, b.rows(), b.cols(), acc_ty),
        dense(e, d.rows(), d.cols(), acc_ty),
    );
    // Pack the operands in the accumulator's type.
    for (t, p, rows, cols) in [(a, pa, m, k), (b, pb, k, n)] {
        e.for_upto(rows, |e, r| {
            e.for_upto(cols, |e, c| {
                let x = t.load(e, r, c);
                let x = e.convert(x, t.num, acc_ty, acc_num);
                e.store(x, p, &[r, c]);
            });
        });
    }
    e.for_upto(m, |e, i| {
        e.for_upto(n, |e, j| {
            let v = match init {
                Init::Zero => e.num_const(acc_ty, 0.0),
                Init::Acc(cin) => {
                    let x = cin.load(e, i, j);
                    e.convert(x, cin.num, acc_ty, acc_num)
                }
                Init::Bias(bias) => {
                    let zero = e.index(0);
                    let x = bias.load(e, zero, j);
                    e.convert(x, bias.num, acc_ty, acc_num)
                }
            };
            e.store(v, pc, &[i, j]);
        });
    });
    let (add, mul) = if acc_num.is_float() {
        (arith::AddFOp::NAME, arith::MulFOp::NAME)
    } else {
        (arith::AddIOp::NAME, arith::MulIOp::NAME)
    };
    e.for_upto(m, |e, i| {
        e.for_upto(k, |e, p| {
            let x = e.load(pa, &[i, p]);
            e.for_upto(n, |e, j| {
                let y = e.load(pb, &[p, j]);
                let acc = e.load(pc, &[i, j]);
                let xy = e.same(mul, &[x, y]);
                let s = e.same(add, &[acc, xy]);
                e.store(s, pc, &[i, j]);
            });
        });
    });
    e.for_upto(m, |e, i| {
        e.for_upto(n, |e, j| {
            let v = e.load(pc, &[i, j]);
            d.store(e, v, i, j);
        });
    });
    for p in [pa, pb, pc] {
        e.op(memref::DeallocOp::NAME, &[p], &[], &[]);
    }
}
