//! `lower-affine`: `affine.apply` to `arith` (MLIR's `LowerAffinePass`, of which this is
//! the part for the ops pto-mlir has). The map's expression is expanded as MLIR's
//! `expandAffineExpr` does, operands first: `+` as `addi`, `*` as `muli` with `nsw`,
//! constants as `arith.constant`; `mod`, `floordiv` and `ceildiv` with MLIR's
//! branch-free sequences (`remsi` and a correction, `divsi` of an adjusted dividend),
//! which assume a positive divisor. A constant divisor that is not positive is reported
//! at the op, with MLIR's message.

use pto_dialects::affine;
use pto_dialects::affine::apply_map;
use pto_dialects::arith::{
    overflow_attr, AddIOp, CmpIOp, ConstantOp, DivSIOp, MulIOp, RemSIOp, SelectOp, SubIOp,
};
use pto_ir::builder::OpBuilder;
use pto_ir::{AffineBinOp, AffineExpr, Body, Context, Diagnostic, InsertPoint, OpId, ValueId};
use pto_pass::{Pass, PassTarget};

impl Pass for crate::LowerAffinePass {
    fn run<'c>(
        &self,
        ctx: &'c Context,
        target: &mut PassTarget<'_, 'c>,
    ) -> Result<(), Diagnostic<'c>> {
        lower_body(ctx, target.body)
    }
}

fn lower_body<'c>(ctx: &'c Context, body: &mut Body<'c>) -> Result<(), Diagnostic<'c>> {
    for op in body.all_ops() {
        if let Some(nested) = body.nested_mut(op) {
            lower_body(ctx, nested)?;
            continue;
        }
        if body.op_name(op).as_str() == affine::AffineApplyOp::NAME {
            lower_apply(ctx, body, op)?;
        }
    }
    Ok(())
}

fn lower_apply<'c>(ctx: &'c Context, body: &mut Body<'c>, op: OpId) -> Result<(), Diagnostic<'c>> {
    let Some(map) = apply_map(body, op).filter(|m| m.results.len() == 1) else {
        return Err(pto_ir::verifier::op_error(
            body,
            op,
            "expected a one-result map",
        ));
    };
    let operands: Vec<ValueId> = body.operands(op).collect();
    let (dims, syms) = operands.split_at(map.num_dims as usize);
    let loc = body.op_loc(op);
    let result = {
        let mut b = OpBuilder::new(ctx, body);
        b.set_insertion_point(InsertPoint::Before(op));
        let mut x = Expander {
            b: &mut b,
            loc,
            dims,
            syms,
        };
        x.expand(&map.results[0])
    };
    let v = match result {
        Ok(v) => v,
        Err(msg) => return Err(Diagnostic::error(body.op_loc(op), msg.to_string())),
    };
    body.replace_all_uses(body.result(op, 0), v);
    body.erase_op(op)
        .map_err(|_| pto_ir::verifier::op_error(body, op, "cannot erase the op"))
}

struct Expander<'x, 'b, 'c> {
    b: &'x mut OpBuilder<'b, 'c>,
    loc: pto_ir::Location<'c>,
    dims: &'x [ValueId],
    syms: &'x [ValueId],
}

macro_rules! res {
    ($b:expr, $e:expr) => {{
        let op = $e.0;
        $b.body().result(op, 0)
    }};
}

impl<'c> Expander<'_, '_, 'c> {
    fn constant(&mut self, c: i64) -> ValueId {
        let ctx = self.b.context();
        let index = ctx.index_type();
        res!(
            self.b,
            ConstantOp::build(self.b, self.loc, index, ctx.int_attr(index, i128::from(c)))
        )
    }

    fn cmp(&mut self, pred: i128, l: ValueId, r: ValueId) -> ValueId {
        let ctx = self.b.context();
        let p = ctx.int_attr(ctx.int_type(64), pred);
        res!(
            self.b,
            CmpIOp::build(self.b, self.loc, l, r, ctx.int_type(1), p)
        )
    }

    fn expand(&mut self, e: &AffineExpr<'_>) -> Result<ValueId, &'static str> {
        const OPERAND: &str = "affine map operand out of range";
        let ctx = self.b.context();
        let index = ctx.index_type();
        let loc = self.loc;
        Ok(match *e {
            AffineExpr::Dim(d) => *self.dims.get(d as usize).ok_or(OPERAND)?,
            AffineExpr::Symbol(s) => *self.syms.get(s as usize).ok_or(OPERAND)?,
            AffineExpr::Const(c) => self.constant(c),
            AffineExpr::Binary(op, l, r) => {
                let lhs = self.expand(l)?;
                // A constant divisor must be positive.
                if let AffineExpr::Const(c) = *r {
                    if c <= 0 && op == AffineBinOp::Mod {
                        return Err("modulo by non-positive value is not supported");
                    }
                    if c <= 0 && op != AffineBinOp::Add && op != AffineBinOp::Mul {
                        return Err("division by non-positive value is not supported");
                    }
                }
                let rhs = self.expand(r)?;
                let b = &mut *self.b;
                match op {
                    AffineBinOp::Add => res!(b, AddIOp::build(b, loc, lhs, rhs, index, None)),
                    AffineBinOp::Mul => {
                        let nsw = Some(overflow_attr(ctx, &["nsw"]));
                        res!(b, MulIOp::build(b, loc, lhs, rhs, index, nsw))
                    }
                    AffineBinOp::Mod => {
                        // rem = lhs % rhs; rem < 0 ? rem + rhs : rem
                        let rem = res!(b, RemSIOp::build(b, loc, lhs, rhs, index));
                        let zero = self.constant(0);
                        let neg = self.cmp(SLT, rem, zero);
                        let b = &mut *self.b;
                        let fixed = res!(b, AddIOp::build(b, loc, rem, rhs, index, None));
                        res!(b, SelectOp::build(b, loc, neg, fixed, rem, index))
                    }
                    AffineBinOp::FloorDiv => {
                        // lhs < 0 ? -1 - ((-1 - lhs) / rhs) : lhs / rhs
                        let zero = self.constant(0);
                        let minus_one = self.constant(-1);
                        let neg = self.cmp(SLT, lhs, zero);
                        let b = &mut *self.b;
                        let flipped = res!(b, SubIOp::build(b, loc, minus_one, lhs, index, None));
                        let dividend = res!(b, SelectOp::build(b, loc, neg, flipped, lhs, index));
                        let q = res!(b, DivSIOp::build(b, loc, dividend, rhs, index, None));
                        let fixed = res!(b, SubIOp::build(b, loc, minus_one, q, index, None));
                        res!(b, SelectOp::build(b, loc, neg, fixed, q, index))
                    }
                    AffineBinOp::CeilDiv => {
                        // lhs <= 0 ? -((-lhs) / rhs) : (lhs - 1) / rhs + 1
                        let zero = self.constant(0);
                        let one = self.constant(1);
                        let non_pos = self.cmp(SLE, lhs, zero);
                        let b = &mut *self.b;
                        let negated = res!(b, SubIOp::build(b, loc, zero, lhs, index, None));
                        let decr = res!(b, SubIOp::build(b, loc, lhs, one, index, None));
                        let dividend =
                            res!(b, SelectOp::build(b, loc, non_pos, negated, decr, index));
                        let q = res!(b, DivSIOp::build(b, loc, dividend, rhs, index, None));
                        let neg_q = res!(b, SubIOp::build(b, loc, zero, q, index, None));
                        let inc_q = res!(b, AddIOp::build(b, loc, q, one, index, None));
                        res!(b, SelectOp::build(b, loc, non_pos, neg_q, inc_q, index))
                    }
                }
            }
        })
    }
}

/// `arith.cmpi` predicates.
const SLT: i128 = 2;
const SLE: i128 = 3;
