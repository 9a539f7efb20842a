//! Folding chains of `builtin.unrealized_conversion_cast` (MLIR's
//! `reconcileUnrealizedCasts`): a cast whose chain of input casts leads back to values of
//! its own result types is replaced by those values; casts left without uses go.

use rustc_hash::FxHashSet;
use smallvec::SmallVec;

use super::rewriter::CAST_OP;
use pto_ir::{Body, OpId, ValueId};

/// Reconciles the casts `casts` (all `unrealized_conversion_cast` ops of `body`), and
/// returns those that remain, in their original order.
pub fn reconcile_casts(body: &mut Body<'_>, casts: &[OpId]) -> Vec<OpId> {
    let set: FxHashSet<OpId> = casts.iter().copied().collect();
    for &cast in casts {
        if !body.is_alive(cast) || !body.results(cast).any(|r| body.has_uses(r)) {
            continue;
        }
        if let Some(inputs) = reconciled_inputs(body, cast, &set) {
            let results: SmallVec<[ValueId; 2]> = body.results(cast).collect();
            for (r, i) in results.into_iter().zip(inputs) {
                body.replace_all_uses(r, i);
            }
        }
    }
    // Erase dead casts; erasing one may make its input casts dead.
    let mut worklist: Vec<OpId> = casts.to_vec();
    while let Some(cast) = worklist.pop() {
        if !body.is_alive(cast) || body.results(cast).any(|r| body.has_uses(r)) {
            continue;
        }
        let inputs: SmallVec<[OpId; 2]> = body
            .operands(cast)
            .filter_map(|v| body.defining_op(v))
            .filter(|d| set.contains(d))
            .collect();
        let _ = body.erase_op(cast);
        worklist.extend(inputs);
    }
    casts
        .iter()
        .copied()
        .filter(|&c| body.is_alive(c))
        .collect()
}

/// Follows `cast`'s inputs through casts of `set` until values of `cast`'s result types
/// appear; those values.
fn reconciled_inputs(
    body: &Body<'_>,
    cast: OpId,
    set: &FxHashSet<OpId>,
) -> Option<SmallVec<[ValueId; 2]>> {
    let want: SmallVec<[_; 2]> = body.results(cast).map(|r| body.value_type(r)).collect();
    let mut cur = cast;
    loop {
        let inputs: SmallVec<[ValueId; 2]> = body.operands(cur).collect();
        if inputs.len() == want.len()
            && inputs
                .iter()
                .zip(&want)
                .all(|(&i, &t)| body.value_type(i) == t)
        {
            return Some(inputs);
        }
        // The inputs must be exactly the results of one cast, in order.
        let def = body.defining_op(*inputs.first()?)?;
        if !set.contains(&def)
            || !body.is_alive(def)
            || body.num_results(def) != inputs.len()
            || !body.results(def).eq(inputs.iter().copied())
        {
            return None;
        }
        cur = def;
    }
}

/// Every `unrealized_conversion_cast` of `body` (not of nested isolated bodies), in
/// program order.
pub fn casts_in(body: &Body<'_>) -> Vec<OpId> {
    body.all_ops()
        .into_iter()
        .filter(|&o| body.op_name(o).as_str() == CAST_OP)
        .collect()
}
