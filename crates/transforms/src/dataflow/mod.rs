//! What the data-flow passes (`sccp`, `remove-dead-values`) ask of ops beyond the ODS
//! tables: MLIR's `RegionBranchOpInterface` (which regions or results control reaches
//! from an op or from a region's terminator, and the values passed along), the
//! `BranchOpInterface`'s choice of successor for constant operands, and the call and
//! callable ops.

/// The region-branch model lives with the IR (canonicalization patterns use it too).
pub use pto_ir::region_branch;

use pto_dialects::cf;
use pto_dialects::llvm;
use pto_ir::{AttrKind, Attribute, Body, OpId};

/// The index of the successor a branch takes for these operand constants (`None` per
/// operand: not constant), or `None` if it cannot be decided (MLIR's
/// `getSuccessorForOperands`).
pub fn successor_for_operands(
    body: &Body<'_>,
    op: OpId,
    consts: &[Option<Attribute<'_>>],
) -> Option<usize> {
    let int = |a: Option<Attribute<'_>>| match *a?.kind() {
        AttrKind::Integer { value, .. } => Some(value),
        _ => None,
    };
    match body.op_name(op).as_str() {
        cf::BranchOp::NAME | llvm::BrOp::NAME => Some(0),
        cf::CondBranchOp::NAME | llvm::CondBrOp::NAME => {
            let c = int(consts.first().copied().flatten())?;
            Some(if c != 0 { 0 } else { 1 })
        }
        cf::SwitchOp::NAME => {
            let flag = int(consts.first().copied().flatten())?;
            let cases = body
                .attr(op, "case_values")
                .and_then(|a| a.dense_int_elements())
                .unwrap_or_default();
            Some(
                cases
                    .iter()
                    .position(|&c| i128::from(c) == flag)
                    .map_or(0, |i| i + 1),
            )
        }
        _ => None,
    }
}

/// Whether `op` is a branch whose successor operands are known (`BranchOpInterface`).
pub fn is_known_branch(body: &Body<'_>, op: OpId) -> bool {
    matches!(
        body.op_name(op).as_str(),
        cf::BranchOp::NAME
            | cf::CondBranchOp::NAME
            | cf::SwitchOp::NAME
            | llvm::BrOp::NAME
            | llvm::CondBrOp::NAME
    )
}

/// The `[start, end)` operands `op` forwards to successor `index`, for the branches the
/// passes know (`ir::interfaces::successor_operands`, which knows `cf.switch`'s case
/// operand segments).
pub fn forwarded_operands(body: &Body<'_>, op: OpId, index: usize) -> Option<(usize, usize)> {
    pto_ir::interfaces::successor_operands(body, op, index)
}
