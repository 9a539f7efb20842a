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
    // Scalar expressions are the dialect's ops outside the `tensor.`, `block.`, `system.`
    // families (whose mnemonics have a dot).
    let scalar = full
        .strip_prefix("pypto.")
        .is_some_and(|mnemonic| !mnemonic.contains('.'));
    if !scalar || body.num_results(op) != 1 {
        return Ok(None);
    }
    let name = full;
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
        crate::ConstOp::NAME => {
            let value = e.b.body().attr(op, "value").expect("verified");
            e.val(arith::ConstantOp::NAME, &[], ty, &[("value", value)])
        }
        crate::AddOp::NAME => e.same(pick(arith::AddFOp::NAME, arith::AddIOp::NAME), &ops),
        crate::SubOp::NAME => e.same(pick(arith::SubFOp::NAME, arith::SubIOp::NAME), &ops),
        crate::MulOp::NAME => e.same(pick(arith::MulFOp::NAME, arith::MulIOp::NAME), &ops),
        crate::MinOp::NAME => e.same(pick(arith::MinimumFOp::NAME, arith::MinSIOp::NAME), &ops),
        crate::MaxOp::NAME => e.same(pick(arith::MaximumFOp::NAME, arith::MaxSIOp::NAME), &ops),
        crate::FloatDivOp::NAME if f => e.same(arith::DivFOp::NAME, &ops),
        crate::FloatDivOp::NAME => return unsupported(e, "of integers is not supported"),
        crate::FloorDivOp::NAME if f => {
            let q = e.same(arith::DivFOp::NAME, &ops);
            e.same(math::FloorOp::NAME, &[q])
        }
        crate::FloorDivOp::NAME => e.same(arith::FloorDivSIOp::NAME, &ops),
        crate::FloorModOp::NAME if f => {
            // a - floor(a / b) * b
            let q = e.same(arith::DivFOp::NAME, &ops);
            let q = e.same(math::FloorOp::NAME, &[q]);
            let p = e.same(arith::MulFOp::NAME, &[q, ops[1]]);
            e.same(arith::SubFOp::NAME, &[ops[0], p])
        }
        crate::FloorModOp::NAME => {
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
        crate::PowOp::NAME if f => e.same(math::PowFOp::NAME, &ops),
        crate::PowOp::NAME => return unsupported(e, "of integers is not supported"),
        crate::BitAndOp::NAME | crate::AndOp::NAME => e.same(arith::AndIOp::NAME, &ops),
        crate::BitOrOp::NAME | crate::OrOp::NAME => e.same(arith::OrIOp::NAME, &ops),
        crate::BitXorOp::NAME | crate::XorOp::NAME => e.same(arith::XOrIOp::NAME, &ops),
        crate::BitShiftLeftOp::NAME => e.same(arith::ShLIOp::NAME, &ops),
        crate::BitShiftRightOp::NAME => e.same(arith::ShRSIOp::NAME, &ops),
        crate::EqOp::NAME
        | crate::NeOp::NAME
        | crate::LtOp::NAME
        | crate::LeOp::NAME
        | crate::GtOp::NAME
        | crate::GeOp::NAME => {
            let (pf, pi) = match name {
                crate::EqOp::NAME => (CmpF::Oeq, CmpI::Eq),
                crate::NeOp::NAME => (CmpF::Une, CmpI::Ne),
                crate::LtOp::NAME => (CmpF::Olt, CmpI::Slt),
                crate::LeOp::NAME => (CmpF::Ole, CmpI::Sle),
                crate::GtOp::NAME => (CmpF::Ogt, CmpI::Sgt),
                _ => (CmpF::Oge, CmpI::Sge),
            };
            e.cmp(n, pf, pi, ops[0], ops[1])
        }
        crate::AbsOp::NAME => e.same(pick(math::AbsFOp::NAME, math::AbsIOp::NAME), &ops),
        crate::NegOp::NAME if f => e.same(arith::NegFOp::NAME, &ops),
        crate::NegOp::NAME => {
            let zero = e.int_of(ty, 0);
            e.same(arith::SubIOp::NAME, &[zero, ops[0]])
        }
        crate::BitNotOp::NAME | crate::NotOp::NAME => {
            let ones = e.int_of(ty, -1);
            e.same(arith::XOrIOp::NAME, &[ops[0], ones])
        }
        crate::CastOp::NAME => {
            let Some(to) = Num::of(ty) else {
                return unsupported(e, "to this type is not supported");
            };
            e.convert(ops[0], n, ty, to)
        }
        _ => return Ok(None),
    };
    Ok(Some(r))
}
