//! Memory-effect queries used by dead-code elimination and code motion, as MLIR's
//! `wouldOpBeTriviallyDead` and `isMemoryEffectFree`.

use super::body::{Body, OpId};
use super::dialect::OpTraits;
use crate::ods::MemoryEffects;

/// The effect bits of `op`: its `memory_effects` hook's, else those declared in ODS
/// (`UNKNOWN` for unregistered ops and ops without an ODS spec).
pub fn effects(body: &Body<'_>, op: OpId) -> u8 {
    let Some(def) = body.op_name(op).def else {
        return MemoryEffects::UNKNOWN;
    };
    if let Some(f) = def.memory_effects {
        return f(body, op);
    }
    def.spec.map_or(MemoryEffects::UNKNOWN, |s| s.effects.0)
}

/// Whether `op` has no memory effects, looking into its regions for
/// `RecursiveMemoryEffects` (MLIR's `isMemoryEffectFree`).
pub fn is_memory_effect_free(body: &Body<'_>, op: OpId) -> bool {
    let e = effects(body, op);
    if e & !MemoryEffects::RECURSIVE != 0 {
        return false;
    }
    if e & MemoryEffects::RECURSIVE != 0 {
        return nested_ops_satisfy(body, op, is_memory_effect_free);
    }
    true
}

/// Whether `op` could be erased if its results had no uses: no effects other than reads
/// and allocations of its own results, no terminator, no symbol (MLIR's
/// `wouldOpBeTriviallyDead`).
pub fn would_be_trivially_dead(body: &Body<'_>, op: OpId) -> bool {
    let traits = body.op_name(op).traits();
    if traits.contains(OpTraits::TERMINATOR) || traits.contains(OpTraits::SYMBOL) {
        return false;
    }
    effects_allow_removal(body, op)
}

/// The effect part of [`would_be_trivially_dead`], which is all MLIR checks of nested
/// ops (their terminators do not keep the parent alive).
fn effects_allow_removal(body: &Body<'_>, op: OpId) -> bool {
    let e = effects(body, op);
    if e & (MemoryEffects::WRITE | MemoryEffects::FREE | MemoryEffects::UNKNOWN) != 0 {
        return false;
    }
    if e & MemoryEffects::RECURSIVE != 0 {
        return nested_ops_satisfy(body, op, effects_allow_removal);
    }
    true
}

/// Whether `op` is unused and would be trivially dead (MLIR's `isOpTriviallyDead`).
pub fn is_trivially_dead(body: &Body<'_>, op: OpId) -> bool {
    body.results(op).all(|v| !body.has_uses(v)) && would_be_trivially_dead(body, op)
}

fn nested_ops_satisfy(body: &Body<'_>, op: OpId, f: fn(&Body<'_>, OpId) -> bool) -> bool {
    // The regions of an isolated op live in another body; treat them as unknown.
    if body.nested(op).is_some() {
        return false;
    }
    body.regions_of(op).iter().all(|&r| {
        body.region_blocks(r)
            .all(|b| body.block_ops(b).all(|o| f(body, o)))
    })
}
