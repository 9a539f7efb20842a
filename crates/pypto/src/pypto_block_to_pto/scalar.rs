//! PyPTO's scalar expressions as `arith`/`math` ops, with Python's semantics: `//`
//! rounds toward negative infinity and `%` takes the sign of the divisor; `/` is a
//! float division; `>>` is arithmetic.

use pto_dialects::arith;
use pto_dialects::math;
use pto_ir::{Diagnostic, OpId, TypeKind, ValueId};
use pto_tile::pto_to_loops::emit::{CmpF, CmpI, Emitter, Num};

/// Lowers scalar op `op` (`pypto.add`, ...) before itself; returns its replacement, or
/// `None` if `op` is not a scalar expression.
pub(super) fn lower<'c>(
    e: &mut Emitter<'_, '_, 'c>,
    op: OpId,
) -> Result<Option<ValueId>, Diagnostic<'c>> {
    let body = e.b.body();
    let full = body.op_name(op).as_str();
    let Some(name) = full.strip_prefix("pypto.") else {
        return Ok(None);
    };
    if name.contains('.') || body.num_results(op) != 1 {
        return Ok(None);
    }
    let ops: Vec<ValueId> = body.operands(op).collect();
    let ty = body.value_type(body.result(op, 0));
    let unsupported = |e: &mut Emitter<'_, '_, 'c>, what: &str| {
        Err(Diagnostic::error(
            e.b.body().op_loc(op),
            format!("pypto-block-to-pto: '{full}' {what}"),
        ))
    };
    if let TypeKind::Integer { signedness, .. } = *ty.kind() {
        if signedness != pto_ir::Signedness::Signless {
            return unsupported(
                e,
                "on unsigned or signed-typed integers is not supported (use signless INT types)",
            );
        }
    }
    let num = match ops.first() {
        Some(&v) => Num::of(e.ty(v)),
        None => Num::of(ty),
    };
    let Some(n) = num else {
        return unsupported(e, "on this type is not supported");
    };
    let f = n.is_float();
    let pick = |fl: &'static str, int: &'static str| if f { fl } else { int };
    let r = match name {
        "const" => {
            let value = e.b.body().attr(op, "value").expect("verified");
            e.val(arith::ConstantOp::NAME, &[], ty, &[("value", value)])
        }
        "add" => e.same(pick(arith::AddFOp::NAME, arith::AddIOp::NAME), &ops),
        "sub" => e.same(pick(arith::SubFOp::NAME, arith::SubIOp::NAME), &ops),
        "mul" => e.same(pick(arith::MulFOp::NAME, arith::MulIOp::NAME), &ops),
        "min" => e.same(pick(arith::MinimumFOp::NAME, arith::MinSIOp::NAME), &ops),
        "max" => e.same(pick(arith::MaximumFOp::NAME, arith::MaxSIOp::NAME), &ops),
        "floatdiv" if f => e.same(arith::DivFOp::NAME, &ops),
        "floatdiv" => return unsupported(e, "of integers is not supported"),
        "floordiv" if f => {
            let q = e.same(arith::DivFOp::NAME, &ops);
            e.same(math::FloorOp::NAME, &[q])
        }
        "floordiv" => e.same(arith::FloorDivSIOp::NAME, &ops),
        "floormod" if f => {
            // a - floor(a / b) * b
            let q = e.same(arith::DivFOp::NAME, &ops);
            let q = e.same(math::FloorOp::NAME, &[q]);
            let p = e.same(arith::MulFOp::NAME, &[q, ops[1]]);
            e.same(arith::SubFOp::NAME, &[ops[0], p])
        }
        "floormod" => {
            // r = a rem b; r + b when r != 0 and r, b differ in sign.
            let r = e.same(arith::RemSIOp::NAME, &ops);
            let zero = e.int_of(ty, 0);
            let nonzero = e.cmp(n, CmpF::One, CmpI::Ne, r, zero);
            let rneg = e.cmp(n, CmpF::Olt, CmpI::Slt, r, zero);
            let bneg = e.cmp(n, CmpF::Olt, CmpI::Slt, ops[1], zero);
            let differ = e.same(arith::XOrIOp::NAME, &[rneg, bneg]);
            let fix = e.same(arith::AndIOp::NAME, &[nonzero, differ]);
            let adjusted = e.same(arith::AddIOp::NAME, &[r, ops[1]]);
            e.select(fix, adjusted, r)
        }
        "pow" if f => e.same(math::PowFOp::NAME, &ops),
        "pow" => return unsupported(e, "of integers is not supported"),
        "bitand" | "and" => e.same(arith::AndIOp::NAME, &ops),
        "bitor" | "or" => e.same(arith::OrIOp::NAME, &ops),
        "bitxor" | "xor" => e.same(arith::XOrIOp::NAME, &ops),
        "shl" => e.same(arith::ShLIOp::NAME, &ops),
        "shr" => e.same(arith::ShRSIOp::NAME, &ops),
        "eq" | "ne" | "lt" | "le" | "gt" | "ge" => {
            let (pf, pi) = match name {
                "eq" => (CmpF::Oeq, CmpI::Eq),
                "ne" => (CmpF::Une, CmpI::Ne),
                "lt" => (CmpF::Olt, CmpI::Slt),
                "le" => (CmpF::Ole, CmpI::Sle),
                "gt" => (CmpF::Ogt, CmpI::Sgt),
                _ => (CmpF::Oge, CmpI::Sge),
            };
            e.cmp(n, pf, pi, ops[0], ops[1])
        }
        "abs" => e.same(pick(math::AbsFOp::NAME, math::AbsIOp::NAME), &ops),
        "neg" if f => e.same(arith::NegFOp::NAME, &ops),
        "neg" => {
            let zero = e.int_of(ty, 0);
            e.same(arith::SubIOp::NAME, &[zero, ops[0]])
        }
        "bitnot" | "not" => {
            let ones = e.int_of(ty, -1);
            e.same(arith::XOrIOp::NAME, &[ops[0], ones])
        }
        "cast" => {
            let Some(to) = Num::of(ty) else {
                return unsupported(e, "to this type is not supported");
            };
            e.convert(ops[0], n, ty, to)
        }
        _ => return Ok(None),
    };
    Ok(Some(r))
}
