//! The vector-unit ops: elementwise (tile-tile, tile-scalar, unary, bitwise,
//! ternary, partial), expansions, fills and reductions, each a loop nest over its
//! iteration domain with the element operation in `arith`/`math`.

use crate::PadValue;
use smallvec::smallvec;

use crate::TileBufType;
use pto_ir::{FloatKind, OpId, Type, ValueId};

use super::emit::{CmpF, CmpI, Emitter, Num};
use super::gm::{pad_value, tile_opt};
use super::tile::Tile;
use super::{error_at, Lowered, Lowering, Named};
use pto_dialects::arith;
use pto_dialects::math;

/// Runs `f(r, c)` over the valid region of `t` and stores its value at `(r, c)`.
pub(super) fn map_tile<'c>(
    e: &mut Emitter<'_, '_, 'c>,
    t: &Tile<'c>,
    f: impl Fn(&mut Emitter<'_, '_, 'c>, ValueId, ValueId) -> ValueId,
) {
    let rows = t.valid_rows(e);
    let cols = t.valid_cols(e);
    e.for_upto(rows, |e, r| {
        e.for_upto(cols, |e, c| {
            let v = f(e, r, c);
            t.store(e, v, r, c);
        });
    });
}

/// Like [`map_tile`], with `per_row(r)` computed once per row, before the column loop,
/// and given to `f`. A row's scalar read inside the loop would stay there: tiles share
/// one arena, so LLVM cannot prove the stores leave it alone, and the loop would not
/// vectorize.
pub(super) fn map_tile_rows<'c>(
    e: &mut Emitter<'_, '_, 'c>,
    t: &Tile<'c>,
    per_row: impl Fn(&mut Emitter<'_, '_, 'c>, ValueId) -> ValueId,
    f: impl Fn(&mut Emitter<'_, '_, 'c>, ValueId, ValueId, ValueId) -> ValueId,
) {
    let rows = t.valid_rows(e);
    let cols = t.valid_cols(e);
    e.for_upto(rows, |e, r| {
        let row_value = per_row(e, r);
        e.for_upto(cols, |e, c| {
            let v = f(e, r, c, row_value);
            t.store(e, v, r, c);
        });
    });
}

/// The binary element operation `kind` on `a`, `b` of class `n`.
pub(super) fn binary<'c>(
    e: &mut Emitter<'_, '_, 'c>,
    kind: &str,
    n: Num,
    a: ValueId,
    b: ValueId,
) -> ValueId {
    let float = n.is_float();
    let unsigned = matches!(n, Num::Int(_, true));
    let name = match (kind, float, unsigned) {
        ("add", true, _) => arith::AddFOp::NAME,
        ("add", false, _) => arith::AddIOp::NAME,
        ("sub", true, _) => arith::SubFOp::NAME,
        ("sub", false, _) => arith::SubIOp::NAME,
        ("mul", true, _) => arith::MulFOp::NAME,
        ("mul", false, _) => arith::MulIOp::NAME,
        ("div", true, _) => arith::DivFOp::NAME,
        ("div", false, false) => arith::DivSIOp::NAME,
        ("div", false, true) => arith::DivUIOp::NAME,
        ("max", true, _) => arith::MaximumFOp::NAME,
        ("max", false, false) => arith::MaxSIOp::NAME,
        ("max", false, true) => arith::MaxUIOp::NAME,
        ("min", true, _) => arith::MinimumFOp::NAME,
        ("min", false, false) => arith::MinSIOp::NAME,
        ("min", false, true) => arith::MinUIOp::NAME,
        ("and", ..) => arith::AndIOp::NAME,
        ("or", ..) => arith::OrIOp::NAME,
        ("xor", ..) => arith::XOrIOp::NAME,
        ("shl", ..) => arith::ShLIOp::NAME,
        ("shr", _, false) => arith::ShRSIOp::NAME,
        ("shr", _, true) => arith::ShRUIOp::NAME,
        ("fmod", true, _) => arith::RemFOp::NAME,
        ("fmod", false, false) => arith::RemSIOp::NAME,
        ("fmod", false, true) => arith::RemUIOp::NAME,
        ("rem", ..) => return floored_rem(e, n, a, b),
        ("prelu", ..) => {
            let at = e.ty(a);
            let zero = e.num_const(at, 0.0);
            let pos = e.cmp(n, CmpF::Ogt, CmpI::Sgt, a, zero);
            let scaled = binary(e, "mul", n, b, a);
            return e.select(pos, a, scaled);
        }
        ("expdif", ..) => {
            let d = binary(e, "sub", n, a, b);
            return e.same(math::ExpOp::NAME, &[d]);
        }
        _ => unreachable!("binary kinds are listed by the caller"),
    };
    e.same(name, &[a, b])
}

/// `a - floor(a / b) * b`: the remainder with the divisor's sign.
fn floored_rem<'c>(e: &mut Emitter<'_, '_, 'c>, n: Num, a: ValueId, b: ValueId) -> ValueId {
    if let Num::Int(_, true) = n {
        return e.same(arith::RemUIOp::NAME, &[a, b]);
    }
    let r = if n.is_float() {
        e.same(arith::RemFOp::NAME, &[a, b])
    } else {
        e.same(arith::RemSIOp::NAME, &[a, b])
    };
    let at = e.ty(a);
    let zero = e.num_const(at, 0.0);
    let nonzero = e.cmp(n, CmpF::One, CmpI::Ne, r, zero);
    let r_neg = e.cmp(n, CmpF::Olt, CmpI::Slt, r, zero);
    let b_neg = e.cmp(n, CmpF::Olt, CmpI::Slt, b, zero);
    let differ = e.same(arith::XOrIOp::NAME, &[r_neg, b_neg]);
    let fix = e.same(arith::AndIOp::NAME, &[nonzero, differ]);
    let adjusted = binary(e, "add", n, r, b);
    e.select(fix, adjusted, r)
}

/// The unary element operation of `op_name`.
pub(super) fn unary<'c>(e: &mut Emitter<'_, '_, 'c>, op_name: &str, n: Num, x: ValueId) -> ValueId {
    let t = e.ty(x);
    match (op_name, n.is_float()) {
        (crate::TAbsOp::NAME, true) => e.same(math::AbsFOp::NAME, &[x]),
        (crate::TAbsOp::NAME, false) => e.same(math::AbsIOp::NAME, &[x]),
        (crate::TNegOp::NAME, true) => e.same(arith::NegFOp::NAME, &[x]),
        (crate::TNegOp::NAME, false) => {
            let zero = e.int_of(t, 0);
            e.same(arith::SubIOp::NAME, &[zero, x])
        }
        (crate::TExpOp::NAME, _) => e.same(math::ExpOp::NAME, &[x]),
        (crate::TLogOp::NAME, _) => e.same(math::LogOp::NAME, &[x]),
        (crate::TSqrtOp::NAME, _) => e.same(math::SqrtOp::NAME, &[x]),
        (crate::TRsqrtOp::NAME, _) => e.same(math::RsqrtOp::NAME, &[x]),
        (crate::TRecipOp::NAME, _) => {
            let one = e.num_const(t, 1.0);
            binary(e, "div", n, one, x)
        }
        (crate::TReluOp::NAME, _) => {
            let zero = e.num_const(t, 0.0);
            binary(e, "max", n, x, zero)
        }
        (crate::TNotOp::NAME, _) => {
            let ones = e.int_of(t, -1);
            e.same(arith::XOrIOp::NAME, &[x, ones])
        }
        _ => unreachable!("unary kinds are listed by the caller"),
    }
}

pub(super) const UNARY: &[&str] = &[
    crate::TAbsOp::NAME,
    crate::TNegOp::NAME,
    crate::TExpOp::NAME,
    crate::TLogOp::NAME,
    crate::TSqrtOp::NAME,
    crate::TRsqrtOp::NAME,
    crate::TRecipOp::NAME,
    crate::TReluOp::NAME,
    crate::TNotOp::NAME,
];

/// `(op, element operation)` of the tile-tile ops.
pub(super) const BINARY: &[(&str, &str)] = &[
    (crate::TAddOp::NAME, "add"),
    (crate::TSubOp::NAME, "sub"),
    (crate::TMulOp::NAME, "mul"),
    (crate::TDivOp::NAME, "div"),
    (crate::TMaxOp::NAME, "max"),
    (crate::TMinOp::NAME, "min"),
    (crate::TAndOp::NAME, "and"),
    (crate::TOrOp::NAME, "or"),
    (crate::TXorOp::NAME, "xor"),
    (crate::TShlOp::NAME, "shl"),
    (crate::TShrOp::NAME, "shr"),
    (crate::TFModOp::NAME, "fmod"),
    (crate::TRemOp::NAME, "rem"),
    (crate::TPReluOp::NAME, "prelu"),
];

/// `(op, element operation)` of the tile-scalar ops (`t op s`).
pub(super) const SCALAR: &[(&str, &str)] = &[
    (crate::TAddSOp::NAME, "add"),
    (crate::TSubSOp::NAME, "sub"),
    (crate::TMulSOp::NAME, "mul"),
    (crate::TDivSOp::NAME, "div"),
    (crate::TMaxSOp::NAME, "max"),
    (crate::TMinSOp::NAME, "min"),
    (crate::TAndSOp::NAME, "and"),
    (crate::TOrSOp::NAME, "or"),
    (crate::TXorSOp::NAME, "xor"),
    (crate::TShlSOp::NAME, "shl"),
    (crate::TShrSOp::NAME, "shr"),
    (crate::TFModSOp::NAME, "fmod"),
    (crate::TRemSOp::NAME, "rem"),
    (crate::TLReluOp::NAME, "prelu"),
];

/// Which operand axis an expanding op broadcasts: the row's (`b[i, 0]`) or the
/// column's (`b[0, j]`) entry.
#[derive(Copy, Clone, PartialEq, Eq)]
pub(super) enum Expand {
    Row,
    Col,
}

/// Row- and column-expanding binary ops: `dst[i, j] = a[i, j] op b[i, 0]` (row) or
/// `b[0, j]` (column).
pub(super) const EXPAND: &[(&str, Expand, &str)] = &[
    (crate::TRowExpandAddOp::NAME, Expand::Row, "add"),
    (crate::TRowExpandSubOp::NAME, Expand::Row, "sub"),
    (crate::TRowExpandMulOp::NAME, Expand::Row, "mul"),
    (crate::TRowExpandDivOp::NAME, Expand::Row, "div"),
    (crate::TRowExpandMaxOp::NAME, Expand::Row, "max"),
    (crate::TRowExpandMinOp::NAME, Expand::Row, "min"),
    (crate::TRowExpandExpDifOp::NAME, Expand::Row, "expdif"),
    (crate::TColExpandAddOp::NAME, Expand::Col, "add"),
    (crate::TColExpandSubOp::NAME, Expand::Col, "sub"),
    (crate::TColExpandMulOp::NAME, Expand::Col, "mul"),
    (crate::TColExpandDivOp::NAME, Expand::Col, "div"),
    (crate::TColExpandMaxOp::NAME, Expand::Col, "max"),
    (crate::TColExpandMinOp::NAME, Expand::Col, "min"),
    (crate::TColExpandExpDifOp::NAME, Expand::Col, "expdif"),
];

/// Row and column reductions: `(op, along rows first, reduction)`.
const REDUCE: &[(&str, Expand, &str)] = &[
    (crate::TRowSumOp::NAME, Expand::Row, "sum"),
    (crate::TRowMaxOp::NAME, Expand::Row, "max"),
    (crate::TRowMinOp::NAME, Expand::Row, "min"),
    (crate::TRowProdOp::NAME, Expand::Row, "prod"),
    (crate::TRowArgMaxOp::NAME, Expand::Row, "argmax"),
    (crate::TRowArgMinOp::NAME, Expand::Row, "argmin"),
    (crate::TColSumOp::NAME, Expand::Col, "sum"),
    (crate::TColMaxOp::NAME, Expand::Col, "max"),
    (crate::TColMinOp::NAME, Expand::Col, "min"),
    (crate::TColProdOp::NAME, Expand::Col, "prod"),
    (crate::TColArgMaxOp::NAME, Expand::Col, "argmax"),
    (crate::TColArgMinOp::NAME, Expand::Col, "argmin"),
];

/// Partial elementwise ops: the op where both sources are valid, else the valid one.
const PARTIAL: &[(&str, &str)] = &[
    (crate::TPartAddOp::NAME, "add"),
    (crate::TPartMaxOp::NAME, "max"),
    (crate::TPartMinOp::NAME, "min"),
    (crate::TPartMulOp::NAME, "mul"),
];

/// The operands `src`, `src0`, `src1`, `dst`, `scalar` of a vector-unit op (those it
/// has).
pub(super) fn vector_operands(named: &Named) -> [Option<ValueId>; 5] {
    ["src", "src0", "src1", "dst", "scalar"].map(|n| named.get(n))
}

/// The vector-unit ops.
pub(super) fn lower<'c>(
    e: &mut Emitter<'_, '_, 'c>,
    st: &mut Lowering<'c>,
    op: OpId,
    op_name: &str,
) -> Lowered<'c> {
    let named = Named::of(e.b.body(), op);
    let get = |name: &str| named.get(name);
    let [src, src0, src1, dst, scalar] = vector_operands(&named);
    let tile = |e: &mut Emitter<'_, '_, 'c>, v: Option<ValueId>| tile_opt(e, st, op, v);
    if UNARY.contains(&op_name) {
        let (s, d) = (tile(e, src)?, tile(e, dst)?);
        map_tile(e, &d, |e, r, c| {
            let x = s.load(e, r, c);
            unary(e, op_name, d.num, x)
        });
        return Ok(());
    }
    if let Some(&(_, kind)) = BINARY.iter().find(|(n, _)| *n == op_name) {
        let (a, b, d) = (tile(e, src0)?, tile(e, src1)?, tile(e, dst)?);
        map_tile(e, &d, |e, r, c| {
            let x = a.load(e, r, c);
            let y = b.load(e, r, c);
            binary(e, kind, d.num, x, y)
        });
        return Ok(());
    }
    if let Some(&(_, kind)) = SCALAR.iter().find(|(n, _)| *n == op_name) {
        let (Some(sv), Some(tv)) = (scalar, src) else {
            return Err(error_at(e.b.body(), op, "missing operand"));
        };
        // `tdivs ins(%s, %t)` divides the scalar by the tile.
        let scalar_first = TileBufType::from_type(e.ty(tv)).is_none();
        let (sv, tv) = if scalar_first { (tv, sv) } else { (sv, tv) };
        let (t, d) = (tile(e, Some(tv))?, tile(e, dst)?);
        let s = scalar_as(e, op, Some(sv), &d)?;
        map_tile(e, &d, |e, r, c| {
            let x = t.load(e, r, c);
            if scalar_first {
                binary(e, kind, d.num, s, x)
            } else {
                binary(e, kind, d.num, x, s)
            }
        });
        return Ok(());
    }
    let row_of = |e: &mut Emitter<'_, '_, 'c>, t: &Tile<'c>, r: ValueId| {
        let zero = e.index(0);
        t.load(e, r, zero)
    };
    if op_name == crate::TRowExpandOp::NAME || op_name == crate::TColExpandOp::NAME {
        let (s, d) = (tile(e, src)?, tile(e, dst)?);
        if op_name == crate::TRowExpandOp::NAME {
            map_tile_rows(e, &d, |e, r| row_of(e, &s, r), |_, _, _, y| y);
        } else {
            map_tile(e, &d, |e, _, c| {
                let zero = e.index(0);
                s.load(e, zero, c)
            });
        }
        return Ok(());
    }
    if let Some(&(_, axis, k)) = EXPAND.iter().find(|(n, ..)| *n == op_name) {
        let (a, b, d) = (tile(e, src0)?, tile(e, src1)?, tile(e, dst)?);
        if axis == Expand::Row {
            map_tile_rows(
                e,
                &d,
                |e, r| row_of(e, &b, r),
                |e, r, c, y| {
                    let x = a.load(e, r, c);
                    binary(e, k, d.num, x, y)
                },
            );
        } else {
            map_tile(e, &d, |e, r, c| {
                let x = a.load(e, r, c);
                let zero = e.index(0);
                let y = b.load(e, zero, c);
                binary(e, k, d.num, x, y)
            });
        }
        return Ok(());
    }
    if let Some(&(_, kind)) = PARTIAL.iter().find(|(n, _)| *n == op_name) {
        let (a, b, d) = (tile(e, src0)?, tile(e, src1)?, tile(e, dst)?);
        partial(e, kind, &a, &b, &d);
        return Ok(());
    }
    match op_name {
        crate::TAxpyOp::NAME => {
            let (Some(sv), t, d) = (scalar, tile(e, src)?, tile(e, dst)?) else {
                return Err(error_at(e.b.body(), op, "missing operand"));
            };
            let s = scalar_as(e, op, Some(sv), &t)?;
            map_tile(e, &d, |e, r, c| {
                let x = t.load(e, r, c);
                let p = binary(e, "mul", t.num, x, s);
                let p = e.convert(p, t.num, d.elem, d.num);
                let acc = d.load(e, r, c);
                binary(e, "add", d.num, acc, p)
            });
        }
        crate::TExpandSOp::NAME => {
            let (Some(sv), d) = (scalar, tile(e, dst)?) else {
                return Err(error_at(e.b.body(), op, "missing operand"));
            };
            let s = scalar_as(e, op, Some(sv), &d)?;
            map_tile(e, &d, |_, _, _| s);
        }
        crate::TAddCOp::NAME | crate::TSubCOp::NAME => {
            let (a, b, c2, d) = (
                tile(e, src0)?,
                tile(e, src1)?,
                tile(e, get("src2"))?,
                tile(e, dst)?,
            );
            let kind = if op_name == crate::TAddCOp::NAME {
                "add"
            } else {
                "sub"
            };
            map_tile(e, &d, |e, r, c| {
                let x = a.load(e, r, c);
                let y = b.load(e, r, c);
                let z = c2.load(e, r, c);
                let xy = binary(e, kind, d.num, x, y);
                binary(e, "add", d.num, xy, z)
            });
        }
        crate::TAddSCOp::NAME | crate::TSubSCOp::NAME => {
            let (Some(sv), a, b, d) = (scalar, tile(e, src0)?, tile(e, src1)?, tile(e, dst)?)
            else {
                return Err(error_at(e.b.body(), op, "missing operand"));
            };
            let s = scalar_as(e, op, Some(sv), &d)?;
            let kind = if op_name == crate::TAddSCOp::NAME {
                "add"
            } else {
                "sub"
            };
            map_tile(e, &d, |e, r, c| {
                let x = a.load(e, r, c);
                let y = b.load(e, r, c);
                let xs = binary(e, kind, d.num, x, s);
                binary(e, "add", d.num, xs, y)
            });
        }
        crate::TConcatOp::NAME => {
            let (a, b, d) = (tile(e, src0)?, tile(e, src1)?, tile(e, dst)?);
            let rows = d.valid_rows(e);
            let (ca, cb) = (a.valid_cols(e), b.valid_cols(e));
            e.for_upto(rows, |e, r| {
                e.for_upto(ca, |e, c| {
                    let x = a.load(e, r, c);
                    d.store(e, x, r, c);
                });
                e.for_upto(cb, |e, c| {
                    let x = b.load(e, r, c);
                    let at = e.add(ca, c);
                    d.store(e, x, r, at);
                });
            });
        }
        crate::TFillPadOp::NAME
        | crate::TFillPadExpandOp::NAME
        | crate::TFillPadInplaceOp::NAME => {
            let (s, d) = (tile(e, src)?, tile(e, dst)?);
            fillpad(e, op, &s, &d)?;
        }
        crate::TRowSumOp::NAME
        | crate::TRowMaxOp::NAME
        | crate::TRowMinOp::NAME
        | crate::TRowProdOp::NAME
        | crate::TRowArgMaxOp::NAME
        | crate::TRowArgMinOp::NAME
        | crate::TColMaxOp::NAME
        | crate::TColMinOp::NAME
        | crate::TColProdOp::NAME
        | crate::TColArgMaxOp::NAME
        | crate::TColArgMinOp::NAME
        | crate::TColSumOp::NAME => {
            let (s, d) = (tile(e, src)?, tile(e, dst)?);
            reduce(e, op_name, &s, &d);
        }
        crate::TTriOp::NAME => {
            // As PTO's CPU simulator: 1 where `c <= r + diagonal` (lower, 0) or
            // `c >= r + diagonal` (upper, 1), else 0, over the valid region.
            let (Some(diag), d) = (get("diagonal"), tile(e, dst)?) else {
                return Err(error_at(e.b.body(), op, "missing operand"));
            };
            let upper = e.b.body().attr(op, "upperOrLower").and_then(|a| a.as_int()) == Some(1);
            let index = e.index_type();
            let diag = e.val(arith::IndexCastOp::NAME, &[diag], index, &[]);
            let (one, zero) = (e.num_const(d.elem, 1.0), e.num_const(d.elem, 0.0));
            let pred = if upper { CmpI::Sge } else { CmpI::Sle };
            map_tile(e, &d, |e, r, c| {
                let edge = e.add(r, diag);
                let inside = e.cmp(Num::Int(64, false), CmpF::Oge, pred, c, edge);
                e.select(inside, one, zero)
            });
        }
        crate::TCiOp::NAME => {
            let (Some(sv), d) = (get("S"), tile(e, dst)?) else {
                return Err(error_at(e.b.body(), op, "missing operand"));
            };
            let descending =
                e.b.body()
                    .attr(op, "descending")
                    .and_then(|a| a.as_int())
                    .is_some_and(|v| v != 0);
            let start = scalar_as(e, op, Some(sv), &d)?;
            let cols = d.valid_cols(e);
            let zero = e.index(0);
            e.for_upto(cols, |e, c| {
                let j = e.val(arith::IndexCastOp::NAME, &[c], d.elem, &[]);
                let name = if descending {
                    arith::SubIOp::NAME
                } else {
                    arith::AddIOp::NAME
                };
                let v = e.same(name, &[start, j]);
                d.store(e, v, zero, c);
            });
        }
        _ => {
            return Err(error_at(
                e.b.body(),
                op,
                format!("'{op_name}' is not supported by the CPU lowering"),
            ))
        }
    }
    Ok(())
}

/// The scalar operand `s` of `op` converted to the element type of `t` (absent or not
/// a number: an error).
pub(super) fn scalar_as<'c>(
    e: &mut Emitter<'_, '_, 'c>,
    op: OpId,
    s: Option<ValueId>,
    t: &Tile<'c>,
) -> Result<ValueId, pto_ir::Diagnostic<'c>> {
    let Some(s) = s else {
        return Err(error_at(e.b.body(), op, "missing operand"));
    };
    let ty = e.ty(s);
    let Some(n) = Num::of(ty) else {
        return Err(error_at(
            e.b.body(),
            op,
            format!("scalar of type {ty} is not a number"),
        ));
    };
    Ok(e.convert(s, n, t.elem, t.num))
}

fn partial<'c>(e: &mut Emitter<'_, '_, 'c>, kind: &str, a: &Tile<'c>, b: &Tile<'c>, d: &Tile<'c>) {
    let (ar, ac, br, bc) = (
        a.valid_rows(e),
        a.valid_cols(e),
        b.valid_rows(e),
        b.valid_cols(e),
    );
    let rows = d.valid_rows(e);
    let cols = d.valid_cols(e);
    let within = |e: &mut Emitter<'_, '_, 'c>, r: ValueId, c: ValueId, vr: ValueId, vc: ValueId| {
        let n = Num::Int(64, false);
        let x = e.cmp(n, CmpF::Olt, CmpI::Slt, r, vr);
        let y = e.cmp(n, CmpF::Olt, CmpI::Slt, c, vc);
        e.same(arith::AndIOp::NAME, &[x, y])
    };
    e.for_upto(rows, |e, r| {
        e.for_upto(cols, |e, c| {
            let in_a = within(e, r, c, ar, ac);
            let in_b = within(e, r, c, br, bc);
            let both = e.same(arith::AndIOp::NAME, &[in_a, in_b]);
            let t = e.ctx().int_type(1);
            let one = e.int_of(t, 1);
            let not_b = e.same(arith::XOrIOp::NAME, &[in_b, one]);
            let not_a = e.same(arith::XOrIOp::NAME, &[in_a, one]);
            let only_a = e.same(arith::AndIOp::NAME, &[in_a, not_b]);
            let only_b = e.same(arith::AndIOp::NAME, &[in_b, not_a]);
            e.if_then(both, |e| {
                let x = a.load(e, r, c);
                let y = b.load(e, r, c);
                let v = binary(e, kind, d.num, x, y);
                d.store(e, v, r, c);
            });
            e.if_then(only_a, |e| {
                let x = a.load(e, r, c);
                d.store(e, x, r, c);
            });
            e.if_then(only_b, |e| {
                let y = b.load(e, r, c);
                d.store(e, y, r, c);
            });
        });
    });
}

/// `tfillpad`: `dst` gets `src`'s valid region and its pad value everywhere else.
fn fillpad<'c>(e: &mut Emitter<'_, '_, 'c>, op: OpId, s: &Tile<'c>, d: &Tile<'c>) -> Lowered<'c> {
    let pad = d.ty.pad();
    if pad == PadValue::Null {
        return Err(error_at(
            e.b.body(),
            op,
            "the destination has no pad value (pad = null)",
        ));
    }
    let (sr, sc) = (s.valid_rows(e), s.valid_cols(e));
    let rows = e.index(d.rows());
    let cols = e.index(d.cols());
    let n = Num::Int(64, false);
    e.for_upto(rows, |e, r| {
        e.for_upto(cols, |e, c| {
            let x = e.cmp(n, CmpF::Olt, CmpI::Slt, r, sr);
            let y = e.cmp(n, CmpF::Olt, CmpI::Slt, c, sc);
            let inside = e.same(arith::AndIOp::NAME, &[x, y]);
            let t = e.ctx().int_type(1);
            let one = e.int_of(t, 1);
            let outside = e.same(arith::XOrIOp::NAME, &[inside, one]);
            e.if_then(inside, |e| {
                let v = s.load(e, r, c);
                d.store(e, v, r, c);
            });
            e.if_then(outside, |e| {
                let v = pad_value(e, d, pad);
                d.store(e, v, r, c);
            });
        });
    });
    Ok(())
}

/// Row (`dst[i, 0]`) and column (`dst[0, j]`) reductions over `src`'s valid region;
/// sums and products of narrow floats accumulate in `f32`.
fn reduce<'c>(e: &mut Emitter<'_, '_, 'c>, op_name: &str, s: &Tile<'c>, d: &Tile<'c>) {
    let &(_, axis, kind) = REDUCE
        .iter()
        .find(|(n, ..)| *n == op_name)
        .expect("reductions are dispatched from REDUCE");
    let rows_first = axis == Expand::Row;
    let (outer, inner) = if rows_first {
        (s.valid_rows(e), s.valid_cols(e))
    } else {
        (s.valid_cols(e), s.valid_rows(e))
    };
    let ctx = e.ctx();
    let narrow = matches!(s.num, Num::Float(k) if k != FloatKind::F32 && k != FloatKind::F64);
    let (acc_ty, acc_num): (Type<'c>, Num) = if narrow && (kind == "sum" || kind == "prod") {
        (ctx.float_type(FloatKind::F32), Num::Float(FloatKind::F32))
    } else {
        (s.elem, s.num)
    };
    let at = |e: &mut Emitter<'_, '_, 'c>, o: ValueId, i: ValueId| {
        if rows_first {
            s.load(e, o, i)
        } else {
            s.load(e, i, o)
        }
    };
    e.for_upto(outer, |e, o| {
        let zero = e.index(0);
        let result = if kind.starts_with("arg") {
            // (best value, its index): the first occurrence wins.
            let first = at(e, o, zero);
            let one = e.index(1);
            let out = e.for_loop(one, inner, &[first, zero], |e, i, carried| {
                let x = at(e, o, i);
                let better = if kind == "argmax" {
                    e.cmp(s.num, CmpF::Ogt, CmpI::Sgt, x, carried[0])
                } else {
                    e.cmp(s.num, CmpF::Olt, CmpI::Slt, x, carried[0])
                };
                let v = e.select(better, x, carried[0]);
                let k = e.select(better, i, carried[1]);
                smallvec![v, k]
            });
            e.val(arith::IndexCastOp::NAME, &[out[1]], d.elem, &[])
        } else {
            let first = at(e, o, zero);
            let first = e.convert(first, s.num, acc_ty, acc_num);
            let one = e.index(1);
            let op_kind = match kind {
                "sum" => "add",
                "prod" => "mul",
                "max" => "max",
                _ => "min",
            };
            let out = e.for_loop(one, inner, &[first], |e, i, carried| {
                let x = at(e, o, i);
                let x = e.convert(x, s.num, acc_ty, acc_num);
                let combined = binary(e, op_kind, acc_num, carried[0], x);
                if acc_num.is_float() {
                    // The vector units reduce in a tree, not left to right: letting
                    // LLVM reassociate is what lets it vectorize the loop.
                    e.allow_reassoc(combined);
                }
                smallvec![combined]
            });
            e.convert(out[0], acc_num, d.elem, d.num)
        };
        if rows_first {
            d.store(e, result, o, zero);
        } else {
            d.store(e, result, zero, o);
        }
    });
}
