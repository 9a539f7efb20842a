//! What the data-flow passes (`sccp`, `remove-dead-values`) ask of ops beyond the ODS
//! tables: MLIR's `RegionBranchOpInterface` (which regions or results control reaches
//! from an op or from a region's terminator, and the values passed along), the
//! `BranchOpInterface`'s choice of successor for constant operands, and the call and
//! callable ops.

/// The region-branch model lives with the IR (canonicalization patterns use it too).
pub use pto_ir::region_branch;

use pto_ir::op_interfaces::BranchOpInterface;
use pto_ir::{Attribute, Body, OpId};

/// The index of the successor a branch takes for these operand constants (`None` per
/// operand: not constant), or `None` if it cannot be decided: its `BranchOpInterface`
/// model (MLIR's `getSuccessorForOperands`).
pub fn successor_for_operands<'c>(
    body: &Body<'c>,
    op: OpId,
    consts: &[Option<Attribute<'c>>],
) -> Option<usize> {
    branch_interface(body, op)?.successor_for_operands(body, op, consts)
}

/// Whether `op` is a branch whose successor operands are known (`BranchOpInterface`).
pub fn is_known_branch(body: &Body<'_>, op: OpId) -> bool {
    branch_interface(body, op).is_some()
}

fn branch_interface(body: &Body<'_>, op: OpId) -> Option<&'static dyn BranchOpInterface> {
    body.op_name(op)
        .def?
        .declared_interface::<dyn BranchOpInterface>()
}

/// The `[start, end)` operands `op` forwards to successor `index`, for the branches the
/// passes know (`ir::interfaces::successor_operands`, which knows `cf.switch`'s case
/// operand segments).
pub fn forwarded_operands(body: &Body<'_>, op: OpId, index: usize) -> Option<(usize, usize)> {
    pto_ir::interfaces::successor_operands(body, op, index)
}
