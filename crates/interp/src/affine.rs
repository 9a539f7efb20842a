//! Semantics of `affine.apply`: the map evaluated on the index operands (sums and
//! products wrap as the lowered `arith` ops do; a division by zero is an error).

use super::value::Value;
use super::{Frame, Step};
use pto_dialects::affine::{apply_map, eval};
use pto_ir::{Context, InterfaceError};
use pto_ir::{Diagnostic, OpId};

/// Attaches the semantics of this file's ops.
pub(super) fn register(ctx: &mut Context) -> Result<(), InterfaceError> {
    crate::attach!(ctx, apply =>
        pto_dialects::affine::AffineApplyOp
    );
    Ok(())
}

fn apply<'c>(f: &mut Frame<'_, '_, 'c>, op: OpId) -> Result<Step, Diagnostic<'c>> {
    let ops = f.operands(op)?;
    let map = apply_map(f.body(), op)
        .filter(|m| m.results.len() == 1)
        .ok_or_else(|| f.error(op, "expected a one-result map"))?;
    let vals: Vec<i64> = ops.iter().map(|v| v.sext() as i64).collect();
    let (dims, syms) = vals.split_at((map.num_dims as usize).min(vals.len()));
    let r = eval(&map.results[0], dims, syms)
        .ok_or_else(|| f.error(op, "division by zero in an affine map"))?;
    Ok(Step::Values(vec![Value::index(r)]))
}
