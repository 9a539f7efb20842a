//! `BranchOpInterface` hooks of the `cf` branches: the successor taken for constant
//! operands (MLIR's `getSuccessorForOperands`).

use pto_ir::{Attribute, Body, OpId};

/// The integer value of a constant operand, if known.
pub(crate) fn constant_int(a: Option<Attribute<'_>>) -> Option<i128> {
    a?.as_int()
}

pub(crate) fn successor_for_operands_br<'c>(
    _: &Body<'c>,
    _: OpId,
    _: &[Option<Attribute<'c>>],
) -> Option<usize> {
    Some(0)
}

pub(crate) fn successor_for_operands_cond_br<'c>(
    _: &Body<'c>,
    _: OpId,
    operands: &[Option<Attribute<'c>>],
) -> Option<usize> {
    let c = constant_int(operands.first().copied().flatten())?;
    Some(if c != 0 { 0 } else { 1 })
}

/// The case equal to the flag (its successor is one past the default), else the default.
pub(crate) fn successor_for_operands_switch<'c>(
    body: &Body<'c>,
    op: OpId,
    operands: &[Option<Attribute<'c>>],
) -> Option<usize> {
    let flag = constant_int(operands.first().copied().flatten())?;
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
