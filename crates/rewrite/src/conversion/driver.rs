//! The conversion driver: legalizes every op of a body in pre-order (fold first, then
//! patterns by benefit, then the ops the pattern created), finishes the
//! materializations, and goes on into the bodies of isolated ops.
//!
//! Patterns apply at once and are not rolled back (MLIR's `allowPatternRollback =
//! false`): a pattern must fail before it changes anything, and a pattern whose new ops
//! cannot be legalized fails the conversion.
//!
//! Replacements apply at once, but a fold sees what MLIR's folds see (MLIR replaces values
//! when the conversion ends): operands that an earlier replacement of a non-constant op
//! changed are swapped for placeholders while folding (`ConversionState::replaced_uses`),
//! so they are neither constants a fold made nor equal to each other.

use smallvec::SmallVec;

use super::reconcile::reconcile_casts;
use super::rewriter::{ConversionPatternRewriter, ConversionState, MaterializationKind};
use super::{ConversionMode, FrozenConversionPatternSet, Legality, TypeConverter};
use crate::fold::{fold_op, materialize_fold_results, FoldResult};
use crate::{Listener, PatternRewriter};
use pto_ir::builder::OpBuilder;
use pto_ir::{Body, Context, Diagnostic, InsertPoint, OpId, OpTraits, Severity, ValueId};

use super::ConversionTarget;

/// How deep the legalization of ops created by patterns may nest.
const MAX_DEPTH: usize = 32;

/// Remembers the ops a pattern created, to legalize them next.
#[derive(Default)]
struct Created {
    ops: Vec<OpId>,
}

impl Listener<'_> for Created {
    fn op_inserted(&mut self, _body: &Body<'_>, op: OpId) {
        self.ops.push(op);
    }
}

pub(super) struct Driver<'a, 'c> {
    pub(super) ctx: &'c Context,
    pub(super) target: &'a ConversionTarget<'a, 'c>,
    pub(super) patterns: &'a FrozenConversionPatternSet,
    pub(super) converter: Option<&'a TypeConverter<'c>>,
    pub(super) mode: ConversionMode,
}

impl<'c> Driver<'_, 'c> {
    /// Converts the ops of `body` and, after them, the bodies of its isolated ops.
    pub(super) fn convert_body(
        &self,
        body: &mut Body<'c>,
        mut state: ConversionState<'c>,
    ) -> Result<(), Diagnostic<'c>> {
        let ops = self.conversion_set(body);
        for op in ops {
            if !body.is_alive(op) || body.op_block(op).is_none() || state.is_cast(op) {
                continue;
            }
            if !self.legalize(body, &mut state, op, 0)? {
                self.check_unlegalized(body, op)?;
            }
        }
        self.finish_materializations(body, &mut state)?;
        let isolated: Vec<OpId> = body
            .all_ops()
            .into_iter()
            .filter(|&o| body.nested(o).is_some() && !self.target.is_recursively_legal(body, o))
            .collect();
        for op in isolated {
            let casts = state.nested.remove(&op).unwrap_or_default();
            if let Some(nested) = body.nested_mut(op) {
                self.convert_body(nested, ConversionState::with_casts(casts))?;
            }
        }
        Ok(())
    }

    /// The ops to legalize, in pre-order, without the regions of recursively legal ops.
    /// Blocks are taken in reverse post-order from their region's entry, as MLIR's
    /// driver walks them: ops of unreachable blocks are not converted (MLIR leaves them,
    /// and a converted unreachable block would disagree with branches it never sees).
    fn conversion_set(&self, body: &Body<'c>) -> Vec<OpId> {
        let mut out = Vec::new();
        let mut stack: Vec<OpId> = Vec::new();
        for r in body.root_regions() {
            for b in pto_ir::dominance::reverse_post_order(body, r) {
                stack.extend(
                    body.block_ops(b)
                        .collect::<SmallVec<[OpId; 16]>>()
                        .into_iter()
                        .rev(),
                );
                while let Some(op) = stack.pop() {
                    out.push(op);
                    if body.nested(op).is_some() || self.target.is_recursively_legal(body, op) {
                        continue;
                    }
                    let mut inner: SmallVec<[OpId; 16]> = SmallVec::new();
                    for &region in body.regions_of(op) {
                        for block in pto_ir::dominance::reverse_post_order(body, region) {
                            inner.extend(body.block_ops(block));
                        }
                    }
                    stack.extend(inner.into_iter().rev());
                }
            }
        }
        out
    }

    /// The error for an op no pattern legalized, if the mode makes it one.
    fn check_unlegalized(&self, body: &Body<'c>, op: OpId) -> Result<(), Diagnostic<'c>> {
        if !body.is_alive(op) {
            return Ok(());
        }
        let name = body.op_name(op);
        let msg = match (self.mode, self.target.legality(body, op)) {
            (_, Legality::Legal) | (ConversionMode::Partial, Legality::Unknown) => return Ok(()),
            (ConversionMode::Partial, Legality::Illegal) => format!(
                "failed to legalize operation '{}' that was explicitly marked illegal",
                name.as_str()
            ),
            (ConversionMode::Full, _) => {
                format!("failed to legalize operation '{}'", name.as_str())
            }
        };
        let d = Diagnostic::error(body.op_loc(op), msg);
        Err(pto_ir::verifier::with_current_op_note(
            self.ctx, body, op, d,
        ))
    }
    /// Makes `op` legal: true if it is (or was replaced), false if nothing applied.
    fn legalize(
        &self,
        body: &mut Body<'c>,
        state: &mut ConversionState<'c>,
        op: OpId,
        depth: usize,
    ) -> Result<bool, Diagnostic<'c>> {
        if self.target.legality(body, op) == Legality::Legal {
            return Ok(true);
        }
        if depth > MAX_DEPTH {
            return Err(Diagnostic::error(
                body.op_loc(op),
                format!(
                    "exceeded the legalization depth of {MAX_DEPTH} converting '{}'",
                    body.op_name(op).as_str()
                ),
            ));
        }
        if let Some(done) = self.legalize_by_fold(body, state, op, depth)? {
            return Ok(done);
        }
        let name = body.op_name(op);
        for pattern in self.patterns.candidates(name.as_str()) {
            let loc = body.op_loc(op);
            let operands: SmallVec<[ValueId; 4]> = body.operands(op).collect();
            let mut remapped: SmallVec<[ValueId; 4]> = SmallVec::new();
            for v in operands {
                match state.remap(self.ctx, body, v, self.converter, loc) {
                    Some(m) => remapped.push(m),
                    None => break,
                }
            }
            if remapped.len() != body.num_operands(op) {
                tracing::debug!(
                    op = name.as_str(),
                    pattern = pattern.name(),
                    "operand types do not convert"
                );
                continue;
            }
            let mut created = Created::default();
            let mut inner = PatternRewriter::new(self.ctx, body, &mut created);
            inner.set_insertion_point_before(op);
            let mut rw = ConversionPatternRewriter::new(inner, state, self.converter);
            if pattern.match_and_rewrite(op, &remapped, &mut rw).is_err() {
                continue;
            }
            tracing::debug!(
                op = name.as_str(),
                pattern = pattern.name(),
                "pattern applied"
            );
            self.legalize_new_ops(body, state, &created.ops, depth, || {
                format!("pattern '{}'", pattern.name())
            })?;
            if body.is_alive(op) && self.target.legality(body, op) != Legality::Legal {
                // Changed in place but still not legal: try again on the new form.
                return self.legalize(body, state, op, depth + 1);
            }
            return Ok(true);
        }
        Ok(false)
    }

    /// Folds `op` (MLIR's default: before patterns). `Some(true)` if that legalized it.
    fn legalize_by_fold(
        &self,
        body: &mut Body<'c>,
        state: &mut ConversionState<'c>,
        op: OpId,
        depth: usize,
    ) -> Result<Option<bool>, Diagnostic<'c>> {
        if body.op_name(op).traits().contains(OpTraits::CONSTANT_LIKE) {
            return Ok(None);
        }
        match self.fold_as_mlir_sees(body, state, op) {
            FoldResult::Failed => Ok(None),
            FoldResult::InPlace => {
                if self.target.legality(body, op) == Legality::Legal {
                    Ok(Some(true))
                } else {
                    Ok(None)
                }
            }
            FoldResult::Replace(results) => {
                let Some((values, created)) =
                    materialize_fold_results(self.ctx, body, op, &results)
                else {
                    return Ok(None);
                };
                let types_match = body
                    .results(op)
                    .zip(&values)
                    .all(|(r, &v)| body.value_type(r) == body.value_type(v));
                if !types_match {
                    for c in created.into_iter().rev() {
                        let _ = body.erase_op(c);
                    }
                    return Ok(None);
                }
                tracing::debug!(op = body.op_name(op).as_str(), "folded");
                state.note_replaced(body, op);
                let results: SmallVec<[ValueId; 2]> = body.results(op).collect();
                for (r, v) in results.into_iter().zip(values) {
                    body.replace_all_uses(r, v);
                }
                let _ = body.erase_op(op);
                self.legalize_new_ops(body, state, &created, depth, || "folding".to_string())?;
                Ok(Some(true))
            }
        }
    }

    /// Folds `op` as MLIR's conversion sees it: MLIR replaces values only when the
    /// conversion ends, so an operand an earlier replacement changed is still the old
    /// op's result to the folder, never a constant a fold made nor equal to another
    /// replaced value. Such operands are swapped for placeholders (one per old value,
    /// not constant) while folding, then restored.
    fn fold_as_mlir_sees(
        &self,
        body: &mut Body<'c>,
        state: &mut ConversionState<'c>,
        op: OpId,
    ) -> FoldResult<'c> {
        let n = body.num_operands(op);
        let shadowed: SmallVec<[(usize, ValueId); 2]> = (0..n)
            .filter_map(|i| Some((i, *state.replaced_uses.get(&(op, i as u32))?)))
            .collect();
        if shadowed.is_empty() {
            return fold_op(self.ctx, body, op);
        }
        // placeholder value -> (old value, current value)
        let mut stand_ins: SmallVec<[(ValueId, ValueId, ValueId); 2]> = SmallVec::new();
        for &(i, old) in &shadowed {
            let current = body.operand(op, i);
            let p = match stand_ins.iter().find(|s| s.1 == old) {
                Some(s) => s.0,
                None => {
                    let (loc, ty) = (body.op_loc(op), body.value_type(current));
                    let mut b = OpBuilder::new(self.ctx, body);
                    b.set_insertion_point(InsertPoint::Before(op));
                    let mut st = b.state(super::rewriter::CAST_OP, loc);
                    st.result_types.push(ty);
                    let ph = b.create(st);
                    let p = body.result(ph, 0);
                    stand_ins.push((p, old, current));
                    p
                }
            };
            body.set_operand(op, i, p);
        }
        let back = |v: ValueId| stand_ins.iter().find(|s| s.0 == v).map_or(v, |s| s.2);
        let result = fold_op(self.ctx, body, op);
        // Restore the operands (an in-place fold may have moved them) and what they saw.
        for i in 0..n {
            state.replaced_uses.remove(&(op, i as u32));
        }
        for i in 0..n {
            let v = body.operand(op, i);
            if let Some(s) = stand_ins.iter().find(|s| s.0 == v) {
                body.set_operand(op, i, s.2);
                state.replaced_uses.insert((op, i as u32), s.1);
            }
        }
        for s in &stand_ins {
            if let Some(ph) = body.defining_op(s.0) {
                let _ = body.erase_op(ph);
            }
        }
        match result {
            FoldResult::Replace(mut results) => {
                for f in results.iter_mut() {
                    if let pto_ir::Folded::Value(v) = *f {
                        *f = pto_ir::Folded::Value(back(v));
                    }
                }
                FoldResult::Replace(results)
            }
            other => other,
        }
    }

    /// Legalizes the ops a rewrite created; one that must be legal and is not fails the
    /// conversion (there is no rollback).
    fn legalize_new_ops(
        &self,
        body: &mut Body<'c>,
        state: &mut ConversionState<'c>,
        created: &[OpId],
        depth: usize,
        by: impl Fn() -> String,
    ) -> Result<(), Diagnostic<'c>> {
        for &new in created {
            if !body.is_alive(new) || body.op_block(new).is_none() || state.is_cast(new) {
                continue;
            }
            if self.legalize(body, state, new, depth + 1)? {
                continue;
            }
            let legality = self.target.legality(body, new);
            let must = legality == Legality::Illegal
                || (self.mode == ConversionMode::Full && legality == Legality::Unknown);
            if must {
                return Err(Diagnostic::error(
                    body.op_loc(new),
                    format!(
                        "failed to legalize operation '{}' created by {}",
                        body.op_name(new).as_str(),
                        by()
                    ),
                ));
            }
        }
        Ok(())
    }

    /// Folds the conversion's casts that cancel out, and builds the rest through the type
    /// converter; a materialization that stays live without one is an error.
    fn finish_materializations(
        &self,
        body: &mut Body<'c>,
        state: &mut ConversionState<'c>,
    ) -> Result<(), Diagnostic<'c>> {
        let casts: Vec<OpId> = state.casts.iter().map(|&(c, _)| c).collect();
        let remaining = reconcile_casts(body, &casts);
        for cast in remaining {
            let kind = state.kinds[&cast];
            let ty = body.value_type(body.result(cast, 0));
            let inputs: SmallVec<[ValueId; 2]> = body.operands(cast).collect();
            let loc = body.op_loc(cast);
            let built = self.converter.and_then(|tc| {
                let mut b = OpBuilder::new(self.ctx, body);
                b.set_insertion_point(InsertPoint::Before(cast));
                tc.materialize(
                    kind == MaterializationKind::Source,
                    &mut b,
                    ty,
                    &inputs,
                    loc,
                )
            });
            match built {
                Some(v) => {
                    let r = body.result(cast, 0);
                    body.replace_all_uses(r, v);
                    let _ = body.erase_op(cast);
                }
                None => return Err(self.unresolved(body, cast)),
            }
        }
        Ok(())
    }

    fn unresolved(&self, body: &Body<'c>, cast: OpId) -> Diagnostic<'c> {
        let list = |vals: &mut dyn Iterator<Item = ValueId>| {
            vals.map(|v| format!("'{}'", body.value_type(v)))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let from = list(&mut body.operands(cast));
        let to = list(&mut body.results(cast));
        let mut d = Diagnostic::error(
            body.op_loc(cast),
            format!(
                "failed to legalize unresolved materialization from ({from}) to ({to}) that remained live after conversion"
            ),
        );
        if let Some((user, _)) = body.uses(body.result(cast, 0)).next() {
            let text = pto_ir::printer::print_op_in_context(body, user, false);
            d.notes.push(Diagnostic::new(
                body.op_loc(user),
                Severity::Note,
                format!("see existing live user here: {text}"),
            ));
        }
        d
    }
}
