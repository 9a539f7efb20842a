//! Canonicalization patterns of the masked `vector` memory ops and of `step`, after
//! MLIR 22's `VectorOps.cpp`: a `maskedload` with an all-true mask is a `load`, with an
//! all-false one its pass-through vector (`MaskedLoadFolder`); a `maskedstore` with an
//! all-true mask is a `store`, with an all-false one nothing (`MaskedStoreFolder`); an
//! unsigned or equality `cmpi` of a `step` against a constant that decides every lane
//! is a constant (`StepCompareFolder`).
//! Scalable steps are left alone, where mlir-opt 22 folds them as if `vscale` were 1
//! (`lit-tests/transforms/canonicalize-vector-step-scalable.mlir`).

use smallvec::SmallVec;

use super::fold_memory::{mask_format, MaskFormat};
use super::vector_parts;
use crate::arith;
use crate::arith::elements::{attr_of, Elems};
use pto_ir::{OpId, ValueId};
use pto_rewrite::fold::constant_value;
use pto_rewrite::{MatchResult, PatternRewriter, RewritePatternSet};

/// A `vector.load`/`vector.store` on `operands` replacing `op`: no alignment, and
/// `nontemporal = false` set as MLIR's builder does (printers elide it).
fn replace_with_access<'c>(
    rw: &mut PatternRewriter<'_, 'c>,
    op: OpId,
    name: &str,
    operands: &[ValueId],
) {
    let ctx = rw.context();
    let loc = rw.body().op_loc(op);
    let results: SmallVec<[_; 1]> = rw
        .body()
        .results(op)
        .map(|r| rw.body().value_type(r))
        .collect();
    let mut state = rw.state(name, loc);
    state.operands.extend(operands.iter().copied());
    state.result_types.extend(results);
    state.set_prop(ctx, "nontemporal", ctx.int_attr(ctx.int_type(1), 0));
    rw.replace_op_with_new(op, state);
}

/// The operands `[base, indices...]` of a masked op, whose mask is the operand after
/// them, and that mask.
fn base_and_indices(rw: &PatternRewriter<'_, '_>, op: OpId) -> (SmallVec<[ValueId; 4]>, ValueId) {
    let body = rw.body();
    let n = body.num_operands(op);
    let lead: SmallVec<[ValueId; 4]> = body.operands(op).take(n - 2).collect();
    (lead, body.operand(op, n - 2))
}

/// `MaskedLoadFolder`.
fn masked_load_folder<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    let (lead, mask) = base_and_indices(rw, op);
    match mask_format(rw.body(), mask) {
        MaskFormat::AllTrue => {
            replace_with_access(rw, op, super::LoadOp::NAME, &lead);
            Ok(())
        }
        MaskFormat::AllFalse => {
            let pass = rw.body().operand(op, rw.body().num_operands(op) - 1);
            rw.replace_op(op, &[pass]);
            Ok(())
        }
        MaskFormat::Unknown => {
            rw.notify_match_failure(op, "mask is neither all true nor all false")
        }
    }
}

/// `MaskedStoreFolder`.
fn masked_store_folder<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    let (lead, mask) = base_and_indices(rw, op);
    match mask_format(rw.body(), mask) {
        MaskFormat::AllTrue => {
            let value = rw.body().operand(op, rw.body().num_operands(op) - 1);
            let mut operands: SmallVec<[ValueId; 4]> = SmallVec::new();
            operands.push(value);
            operands.extend(lead);
            replace_with_access(rw, op, super::StoreOp::NAME, &operands);
            Ok(())
        }
        MaskFormat::AllFalse => {
            rw.erase_op(op);
            Ok(())
        }
        MaskFormat::Unknown => {
            rw.notify_match_failure(op, "mask is neither all true nor all false")
        }
    }
}

/// The splat every lane of `step < c` (and the like) takes, for a step of `n` lanes:
/// `ult`/`uge` when `n <= c`, `ule`/`ugt` when `n - 1 <= c`, `eq`/`ne` when `n <= c`.
fn step_compare(pred: i128, n: i64, c: i64) -> Option<bool> {
    // arith.cmpi predicates: eq 0, ne 1, ult 6, ule 7, ugt 8, uge 9.
    match pred {
        6 | 9 if n <= c => Some(pred == 6),
        7 | 8 if n - 1 <= c => Some(pred == 7),
        0 | 1 if n <= c => Some(pred == 1),
        _ => None,
    }
}

/// `StepCompareFolder`: the first `cmpi` using the step as its left operand, with a
/// splat or scalar integer constant on the right, that decides every lane, becomes a
/// constant. Scalable steps are left alone (their length is unknown; mlir-opt 22 folds
/// them as if `vscale` were 1).
fn step_compare_folder<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    let ctx = rw.context();
    let body = rw.body();
    let step = body.result(op, 0);
    let Some((shape, scalable, _)) = vector_parts(body.value_type(step)) else {
        return rw.notify_match_failure(op, "not a vector");
    };
    if scalable.iter().any(|&s| s) {
        return rw.notify_match_failure(op, "scalable step");
    }
    let n = shape.iter().product::<i64>();
    let uses: SmallVec<[(OpId, usize); 4]> = body.uses(step).collect();
    for (user, index) in uses {
        let body = rw.body();
        if body.op_name(user).as_str() != arith::CmpIOp::NAME || index != 0 {
            continue;
        }
        let Some(c) = constant_value(ctx, body, body.operand(user, 1)).and_then(|a| {
            match crate::arith::elements::elems(a)? {
                Elems::Scalar(v) | Elems::Splat(v) => Some(v),
                Elems::List(_) => None,
            }
        }) else {
            continue;
        };
        // Index constants are 64-bit; read them as signed, as MLIR's `getConstantIntValue`.
        let c = c as u64 as i64;
        let Some(pred) = body.attr(user, "predicate").and_then(|p| p.as_int()) else {
            continue;
        };
        let Some(value) = step_compare(pred, n, c) else {
            continue;
        };
        let ty = body.value_type(body.result(user, 0));
        if vector_parts(ty).is_none() {
            continue;
        }
        let Some(splat) = attr_of(ctx, ty, &Elems::Splat(u128::from(value))) else {
            continue;
        };
        let loc = body.op_loc(user);
        rw.set_insertion_point_after(user);
        let mut state = rw.state(arith::ConstantOp::NAME, loc);
        state.result_types.push(ty);
        state.set_prop(ctx, "value", splat);
        let cst = rw.create(state);
        let v = rw.body().result(cst, 0);
        rw.replace_op(user, &[v]);
        return Ok(());
    }
    rw.notify_match_failure(op, "no comparison to fold")
}

/// `vector.maskedload` patterns.
pub fn canonicalization_patterns_maskedload(set: &mut RewritePatternSet) {
    set.add_fn(
        super::MaskedLoadOp::NAME,
        "MaskedLoadFolder",
        masked_load_folder,
    );
}

/// `vector.maskedstore` patterns.
pub fn canonicalization_patterns_maskedstore(set: &mut RewritePatternSet) {
    set.add_fn(
        super::MaskedStoreOp::NAME,
        "MaskedStoreFolder",
        masked_store_folder,
    );
}

/// `vector.step` patterns.
pub fn canonicalization_patterns_step(set: &mut RewritePatternSet) {
    set.add_fn(
        super::StepOp::NAME,
        "StepCompareFolder",
        step_compare_folder,
    );
}
