//! Expansions of the rounding divisions into plain `arith` ops (MLIR's `ExpandOps`):
//! what `convert-arith-to-llvm` does with `ceildivsi`, `ceildivui` and `floordivsi`,
//! which have no LLVM instruction.

use pto_ir::builder::OpBuilder;
use pto_ir::{Location, Type, ValueId};

use super::{AddIOp, AndIOp, CmpIOp, ConstantOp, DivSIOp, DivUIOp, MulIOp, SelectOp, SubIOp};

/// The `cmpi` predicates used here (arith's numbering).
const EQ: i128 = 0;
const NE: i128 = 1;
const SLT: i128 = 2;

struct Expander<'b, 'o, 'c> {
    b: &'b mut OpBuilder<'o, 'c>,
    loc: Location<'c>,
    ty: Type<'c>,
}

impl<'c> Expander<'_, '_, 'c> {
    fn constant(&mut self, v: i64) -> ValueId {
        let ctx = self.b.context();
        let attr = if self.ty.shape().is_some() {
            ctx.dense_int_elements(self.ty, &[v])
        } else {
            ctx.int_attr(self.ty, i128::from(v))
        };
        ConstantOp::build(self.b, self.loc, self.ty, attr).result(self.b.body())
    }
    fn bool_ty(&self) -> Type<'c> {
        pto_ir::ods::preds::i1_same_shape(self.b.context(), self.ty)
    }
    fn cmp(&mut self, pred: i128, l: ValueId, r: ValueId) -> ValueId {
        let ctx = self.b.context();
        let i1 = pto_ir::ods::preds::i1_same_shape(ctx, self.b.body().value_type(l));
        let p = ctx.int_attr(ctx.int_type(64), pred);
        CmpIOp::build(self.b, self.loc, l, r, i1, p).result(self.b.body())
    }
    fn add(&mut self, l: ValueId, r: ValueId) -> ValueId {
        AddIOp::build(self.b, self.loc, l, r, self.ty, None).result(self.b.body())
    }
    fn sub(&mut self, l: ValueId, r: ValueId) -> ValueId {
        SubIOp::build(self.b, self.loc, l, r, self.ty, None).result(self.b.body())
    }
    fn mul(&mut self, l: ValueId, r: ValueId) -> ValueId {
        MulIOp::build(self.b, self.loc, l, r, self.ty, None).result(self.b.body())
    }
    fn select(&mut self, c: ValueId, t: ValueId, f: ValueId) -> ValueId {
        SelectOp::build(self.b, self.loc, c, t, f, self.ty).result(self.b.body())
    }
}

/// `ceildivsi(a, b)`: `a / b`, plus one when the division was inexact and the exact
/// quotient is positive (the signs of `a` and `b` agree).
pub fn expand_ceildivsi<'c>(
    b: &mut OpBuilder<'_, 'c>,
    loc: Location<'c>,
    ty: Type<'c>,
    a: ValueId,
    d: ValueId,
) -> ValueId {
    let mut e = Expander { b, loc, ty };
    let zero = e.constant(0);
    let one = e.constant(1);
    let q = DivSIOp::build(e.b, loc, a, d, ty, None).result(e.b.body());
    let prod = e.mul(q, d);
    let inexact = e.cmp(NE, a, prod);
    let a_neg = e.cmp(SLT, a, zero);
    let d_neg = e.cmp(SLT, d, zero);
    let same_sign = e.cmp(EQ, a_neg, d_neg);
    let bool_ty = e.bool_ty();
    let up = AndIOp::build(e.b, loc, inexact, same_sign, bool_ty).result(e.b.body());
    let q1 = e.add(q, one);
    e.select(up, q1, q)
}

/// `ceildivui(a, b)`: `0` for `a == 0`, else `(a - 1) / b + 1`.
pub fn expand_ceildivui<'c>(
    b: &mut OpBuilder<'_, 'c>,
    loc: Location<'c>,
    ty: Type<'c>,
    a: ValueId,
    d: ValueId,
) -> ValueId {
    let mut e = Expander { b, loc, ty };
    let zero = e.constant(0);
    let is_zero = e.cmp(EQ, a, zero);
    let one = e.constant(1);
    let a1 = e.sub(a, one);
    let q = DivUIOp::build(e.b, loc, a1, d, ty, None).result(e.b.body());
    let q1 = e.add(q, one);
    e.select(is_zero, zero, q1)
}

/// `floordivsi(a, b)`: `a / b`, minus one when the division was inexact and the exact
/// quotient is negative (the signs of `a` and `b` differ).
pub fn expand_floordivsi<'c>(
    b: &mut OpBuilder<'_, 'c>,
    loc: Location<'c>,
    ty: Type<'c>,
    a: ValueId,
    d: ValueId,
) -> ValueId {
    let mut e = Expander { b, loc, ty };
    let q = DivSIOp::build(e.b, loc, a, d, ty, None).result(e.b.body());
    let prod = e.mul(q, d);
    let inexact = e.cmp(NE, a, prod);
    let zero = e.constant(0);
    let a_neg = e.cmp(SLT, a, zero);
    let d_neg = e.cmp(SLT, d, zero);
    let signs_differ = e.cmp(NE, a_neg, d_neg);
    let bool_ty = e.bool_ty();
    let down = AndIOp::build(e.b, loc, inexact, signs_differ, bool_ty).result(e.b.body());
    let minus_one = e.constant(-1);
    let q1 = e.add(q, minus_one);
    e.select(down, q1, q)
}
