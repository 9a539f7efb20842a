//! Semantics of `ub` and of poison. `ub.poison` makes a poison value ([`Value::Poison`],
//! or a vector of poison lanes); computing on poison gives poison, passing it along
//! (yields, returns, branch and call arguments, iteration values, building and taking
//! apart vectors) is allowed, and any other use is reported at the op that uses it,
//! since then the program's behaviour depends on it: a store, a branch condition or loop
//! bound, an index or size, a value returned from the entry function.
//!
//! "Computing" means the `arith` and `math` ops and `vector.reduction`: all their
//! results are poison when an operand is, lane by lane on vectors (`arith.select`
//! is poison only when its condition is; otherwise it picks, possibly a poison value).
//! This is coarser than LLVM, where some operations absorb poison (`and` with 0 is
//! still poison there too, but `select` on a constant condition is not).
//!
//! Memory a `memref.alloc`/`memref.alloca` made reads as poison until it is written
//! (`value::Buffer`), so a value computed from it is reported the same way; such a load
//! turns the checks on as `ub.poison` does: ops check their operands for poison only
//! once a poison value exists. Argument buffers, and buffers handed to compiled code,
//! count as written.
//!
//! `ub.unreachable` is undefined behaviour when executed.

use super::value::{Value, Vector};
use super::{Frame, Step};
use pto_dialects::arith;
use pto_dialects::cf;
use pto_dialects::func;
use pto_dialects::scf;
use pto_dialects::vector;
use pto_dialects::vector::TransferReadOp;
use pto_ir::entity::EntityRef;
use pto_ir::{Context, InterfaceError};
use pto_ir::{Diagnostic, OpId, Type, TypeKind, ValueId};

/// Attaches the semantics of this file's ops.
pub(super) fn register(ctx: &mut Context) -> Result<(), InterfaceError> {
    crate::attach!(ctx, poison =>
        pto_dialects::ub::PoisonOp
    );
    crate::attach!(ctx, unreachable =>
        pto_dialects::ub::UnreachableOp
    );
    Ok(())
}

fn poison<'c>(f: &mut Frame<'_, '_, 'c>, op: OpId) -> Result<Step, Diagnostic<'c>> {
    // From now on ops check their operands for poison (until then they need not).
    f.interpreter().poisoned.set(true);
    Ok(Step::Values(poison_results(f, op)))
}

fn unreachable<'c>(f: &mut Frame<'_, '_, 'c>, op: OpId) -> Result<Step, Diagnostic<'c>> {
    Err(f.error(op, "reached 'ub.unreachable' (undefined behaviour)"))
}

/// The poison value of type `t`: a vector of poison lanes for a vector type.
fn poison_of(t: Type<'_>) -> Value {
    match t.kind() {
        TypeKind::Vector { shape, .. } => {
            let n = shape.iter().product::<i64>().max(0) as usize;
            Value::Vector(Vector::new(shape, vec![Value::Poison; n]))
        }
        _ => Value::Poison,
    }
}

/// Poison for every result of `op`.
fn poison_results(f: &Frame<'_, '_, '_>, op: OpId) -> Vec<Value> {
    let body = f.body();
    body.results(op)
        .map(|r| poison_of(body.value_type(r)))
        .collect()
}

/// What an op does with poison operands.
enum Handling {
    /// Computes: poison in, poison out.
    Computes,
    /// `arith.select`: poison if the condition is.
    Select,
    /// Observes the operands in this range and passes the others on.
    Observes(std::ops::Range<usize>),
    /// Observes every operand but this one, which it passes on.
    ObservesAllBut(usize),
}

impl Handling {
    fn observes(&self, i: usize) -> bool {
        match self {
            Handling::Observes(r) => r.contains(&i),
            Handling::ObservesAllBut(k) => i != *k,
            Handling::Computes | Handling::Select => false,
        }
    }
}

fn handling(f: &Frame<'_, '_, '_>, op: OpId, operands: usize) -> Handling {
    let body = f.body();
    let name = body.op_name(op);
    let observed = match name.as_str() {
        arith::SelectOp::NAME => return Handling::Select,
        vector::ReductionOp::NAME => return Handling::Computes,
        _ if matches!(name.dialect(), "arith" | "math") => return Handling::Computes,
        func::ReturnOp::NAME
        | func::CallOp::NAME
        | scf::YieldOp::NAME
        | scf::ReduceOp::NAME
        | scf::ReduceReturnOp::NAME
        | scf::WhileOp::NAME
        | cf::BranchOp::NAME
        | vector::BroadcastOp::NAME
        | vector::ShapeCastOp::NAME
        | vector::FMAOp::NAME => 0..0,
        // The callee is observed; the arguments are passed on.
        cf::CondBranchOp::NAME
        | func::CallIndirectOp::NAME
        | cf::SwitchOp::NAME
        | scf::ConditionOp::NAME
        | scf::IfOp::NAME
        | scf::IndexSwitchOp::NAME => 0..1,
        scf::ForOp::NAME => 0..3,
        // Bounds and steps; the initial values of the reductions are passed on.
        scf::ParallelOp::NAME => 0..operands.saturating_sub(body.num_results(op)),
        // The inserted value and the destination are passed on; positions are observed.
        vector::InsertOp::NAME => 2..operands,
        vector::ExtractOp::NAME => 1..operands,
        // The pass-through lanes and the padding fill lanes (MLIR pads with ub.poison).
        vector::MaskedLoadOp::NAME => return Handling::ObservesAllBut(operands.saturating_sub(1)),
        vector::TransferReadOp::NAME => {
            let pad = TransferReadOp(op).padding(body);
            let k = body.operands(op).position(|v| v == pad).unwrap_or(operands);
            return Handling::ObservesAllBut(k);
        }
        _ => 0..operands,
    };
    Handling::Observes(observed)
}

impl<'c> Frame<'_, '_, 'c> {
    /// For an op with a poison operand (only checked once a `ub.poison` ran): its
    /// poison results, `None` to run its semantics, or the error of a use of poison.
    pub(super) fn poison_step(&self, op: OpId) -> Result<Option<Step>, Diagnostic<'c>> {
        let operands: smallvec::SmallVec<[ValueId; 4]> = self.body().operands(op).collect();
        let poisoned = |v: &ValueId| {
            self.values[v.index()]
                .as_ref()
                .is_some_and(Value::has_poison)
        };
        if !operands.iter().any(poisoned) {
            return Ok(None);
        }
        match handling(self, op, operands.len()) {
            // Elementwise ops on vectors decide lane by lane (`step_lanes`).
            Handling::Computes | Handling::Select if self.lane_wise(op) => Ok(None),
            Handling::Computes => Ok(Some(Step::Values(poison_results(self, op)))),
            Handling::Select if poisoned(&operands[0]) => {
                Ok(Some(Step::Values(poison_results(self, op))))
            }
            Handling::Select => Ok(None),
            how => match (0..operands.len()).find(|&i| how.observes(i) && poisoned(&operands[i])) {
                Some(i) => Err(self.error(
                    op,
                    format!(
                        "operand #{i} of '{}' is poison (undefined behaviour)",
                        self.body().op_name(op).as_str()
                    ),
                )),
                None => Ok(None),
            },
        }
    }

    /// Whether the lane now in `operands` of the elementwise `op` gives poison.
    pub(super) fn lane_is_poison(&self, op: OpId, operands: &[ValueId]) -> bool {
        let is = |v: &ValueId| matches!(self.values[v.index()], Some(Value::Poison));
        if self.body().op_name(op).as_str() == arith::SelectOp::NAME {
            operands.first().is_some_and(is)
        } else {
            operands.iter().any(is)
        }
    }
}
