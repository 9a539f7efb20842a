//! [`ConversionPatternRewriter`]: the [`PatternRewriter`] of a conversion. Replacing a
//! value by one of a converted type, and converting block signatures, leave
//! `builtin.unrealized_conversion_cast` materializations behind; the driver folds them
//! away at the end, or builds them through the type converter where both types remain.

use std::ops::{Deref, DerefMut};

use rustc_hash::FxHashMap;
use smallvec::SmallVec;

use super::TypeConverter;
use crate::{MatchResult, PatternRewriter};
use pto_ir::builtin;
use pto_ir::{
    BlockId, Body, Context, InsertPoint, Location, OpId, OperationState, RegionId, Type, ValueId,
};

/// The op name of materializations.
pub const CAST_OP: &str = builtin::UnrealizedConversionCastOp::NAME;

/// Which way a materialization goes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum MaterializationKind {
    /// From a converted value back to the original type (for users not yet converted).
    Source,
    /// From an original value to the converted type (for converted users).
    Target,
}

/// The casts a conversion made in one body.
#[derive(Default)]
pub(crate) struct ConversionState<'c> {
    /// Materializations in creation order.
    pub(crate) casts: Vec<(OpId, MaterializationKind)>,
    pub(crate) kinds: FxHashMap<OpId, MaterializationKind>,
    /// Target materializations by (value, type), reused by later users.
    target_memo: FxHashMap<(ValueId, Type<'c>), ValueId>,
    /// Materializations made in the bodies of isolated ops of this body.
    pub(crate) nested: FxHashMap<OpId, Vec<(OpId, MaterializationKind)>>,
    /// Operands `(user, index)` a replacement of a non-constant op changed, with the
    /// value they had first. MLIR keeps replaced ops until the conversion ends, so a
    /// later fold still sees those values (see `Driver::fold_as_mlir_sees`).
    pub(crate) replaced_uses: FxHashMap<(OpId, u32), ValueId>,
}

impl<'c> ConversionState<'c> {
    pub(crate) fn with_casts(casts: Vec<(OpId, MaterializationKind)>) -> Self {
        let kinds = casts.iter().copied().collect();
        Self {
            casts,
            kinds,
            ..Self::default()
        }
    }
    fn record(&mut self, op: OpId, kind: MaterializationKind) {
        self.casts.push((op, kind));
        self.kinds.insert(op, kind);
    }
    /// Remembers the current users of `op`'s results as having seen them, before a
    /// replacement (constants are not: their replacements are constants too).
    pub(crate) fn note_replaced(&mut self, body: &Body<'c>, op: OpId) {
        if body
            .op_name(op)
            .traits()
            .contains(pto_ir::OpTraits::CONSTANT_LIKE)
        {
            return;
        }
        for r in body.results(op) {
            for (user, index) in body.uses(r) {
                self.replaced_uses.entry((user, index as u32)).or_insert(r);
            }
        }
    }

    /// True if `op` is a materialization this conversion made.
    pub(crate) fn is_cast(&self, op: OpId) -> bool {
        self.kinds.contains_key(&op)
    }

    /// The value an adaptor passes for operand `v`: the latest replacement of `v`, and
    /// with a type converter, a value of `v`'s converted type (made by a target
    /// materialization after `v`'s definition if needed). `None` if the type does not
    /// convert.
    pub(crate) fn remap(
        &mut self,
        ctx: &'c Context,
        body: &mut Body<'c>,
        v: ValueId,
        converter: Option<&TypeConverter<'c>>,
        loc: Location<'c>,
    ) -> Option<ValueId> {
        let mut latest = v;
        while let Some(def) = body.defining_op(latest) {
            if self.kinds.get(&def) != Some(&MaterializationKind::Source) {
                break;
            }
            latest = body.operand(def, 0);
        }
        let Some(tc) = converter else {
            return Some(latest);
        };
        let want = tc.convert_type(body.value_type(v))?;
        if body.value_type(latest) == want {
            return Some(latest);
        }
        if let Some(&m) = self.target_memo.get(&(latest, want)) {
            return Some(m);
        }
        let at = match body.defining_op(latest) {
            Some(def) => InsertPoint::After(def),
            None => InsertPoint::BlockStart(body.value_block(latest)?),
        };
        let cast = create_cast(ctx, body, at, latest, want, loc);
        self.record(cast, MaterializationKind::Target);
        let m = body.result(cast, 0);
        self.target_memo.insert((latest, want), m);
        Some(m)
    }
}

/// Creates `unrealized_conversion_cast %input : T to ty` at `at`.
fn create_cast<'c>(
    ctx: &'c Context,
    body: &mut Body<'c>,
    at: InsertPoint,
    input: ValueId,
    ty: Type<'c>,
    loc: Location<'c>,
) -> OpId {
    let mut b = pto_ir::builder::OpBuilder::new(ctx, body);
    b.set_insertion_point(at);
    let mut state = b.state(CAST_OP, loc);
    state.operands.push(input);
    state.result_types.push(ty);
    b.create(state)
}

/// Changes the types of `block`'s arguments to `types` in place; where an argument with
/// uses changes type, its users get a source materialization made at the block start.
fn retype_block_args<'c>(
    ctx: &'c Context,
    body: &mut Body<'c>,
    block: BlockId,
    types: &[Type<'c>],
    casts: &mut Vec<(OpId, MaterializationKind)>,
) {
    let args: SmallVec<[ValueId; 4]> = body.block_args(block).iter().copied().collect();
    let mut last: Option<OpId> = None;
    for (i, (&arg, &ty)) in args.iter().zip(types).enumerate() {
        let old = body.value_type(arg);
        if old == ty {
            continue;
        }
        body.set_value_type(arg, ty);
        let uses: SmallVec<[(OpId, usize); 4]> = body.uses(arg).collect();
        if uses.is_empty() {
            continue;
        }
        let at = match last {
            Some(c) => InsertPoint::After(c),
            None => InsertPoint::BlockStart(block),
        };
        let loc = body.block_arg_loc(block, i);
        let cast = create_cast(ctx, body, at, arg, old, loc);
        let c = body.result(cast, 0);
        for (user, index) in uses {
            body.set_operand(user, index, c);
        }
        casts.push((cast, MaterializationKind::Source));
        last = Some(cast);
    }
}

/// Edits IR on behalf of a conversion pattern. Dereferences to [`PatternRewriter`] for
/// creating ops and editing blocks; replacement goes through the methods here.
pub struct ConversionPatternRewriter<'r, 'c> {
    inner: PatternRewriter<'r, 'c>,
    state: &'r mut ConversionState<'c>,
    converter: Option<&'r TypeConverter<'c>>,
}

impl<'r, 'c> Deref for ConversionPatternRewriter<'r, 'c> {
    type Target = PatternRewriter<'r, 'c>;
    fn deref(&self) -> &Self::Target {
        &self.inner
    }
}

impl DerefMut for ConversionPatternRewriter<'_, '_> {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.inner
    }
}

impl<'r, 'c> ConversionPatternRewriter<'r, 'c> {
    pub(crate) fn new(
        inner: PatternRewriter<'r, 'c>,
        state: &'r mut ConversionState<'c>,
        converter: Option<&'r TypeConverter<'c>>,
    ) -> Self {
        Self {
            inner,
            state,
            converter,
        }
    }

    /// The conversion's type converter, if it has one.
    pub fn type_converter(&self) -> Option<&'r TypeConverter<'c>> {
        self.converter
    }

    /// `t` converted by the type converter (`t` itself without one).
    pub fn convert_type(&self, t: Type<'c>) -> Option<Type<'c>> {
        match self.converter {
            Some(tc) => tc.convert_type(t),
            None => Some(t),
        }
    }

    /// Each type converted (unchanged without a type converter); `None` if one fails.
    pub fn convert_type_list(&self, types: &[Type<'c>]) -> Option<SmallVec<[Type<'c>; 4]>> {
        types.iter().map(|&t| self.convert_type(t)).collect()
    }

    /// Replaces `op`'s results by `new`. A replacement of another type reaches the
    /// remaining users of the old result through a source materialization, placed right
    /// after the replacement's definition, or at the start of its block for a block
    /// argument (MLIR's `computeInsertPoint`).
    pub fn replace_op(&mut self, op: OpId, new: &[ValueId]) {
        let ctx = self.inner.context();
        let loc = self.inner.body().op_loc(op);
        let mut values: SmallVec<[ValueId; 2]> = SmallVec::new();
        for (old, &n) in self.inner.body().results(op).zip(new) {
            let (old_ty, new_ty) = (
                self.inner.body().value_type(old),
                self.inner.body().value_type(n),
            );
            if old_ty == new_ty || !self.inner.body().has_uses(old) {
                values.push(n);
                continue;
            }
            let body = self.inner.body();
            let at = match (body.defining_op(n), body.value_block(n)) {
                (Some(def), _) => InsertPoint::After(def),
                (None, Some(block)) => InsertPoint::BlockStart(block),
                (None, None) => InsertPoint::Before(op),
            };
            let cast = self
                .inner
                .modify_untracked(|body| create_cast(ctx, body, at, n, old_ty, loc));
            self.state.record(cast, MaterializationKind::Source);
            values.push(self.inner.body().result(cast, 0));
        }
        self.state.note_replaced(self.inner.body(), op);
        self.inner.replace_op(op, &values);
    }

    /// Creates an op from `state` before `op` and replaces `op` by its results.
    pub fn replace_op_with_new(&mut self, op: OpId, state: OperationState<'c>) -> OpId {
        self.inner.set_insertion_point_before(op);
        let new = self.inner.create(state);
        let results: SmallVec<[ValueId; 2]> = self.inner.body().results(new).collect();
        self.replace_op(op, &results);
        new
    }

    /// Converts the argument types of every block of `region` (in this body) with the type
    /// converter. Fails, changing nothing, if a type does not convert.
    pub fn convert_region_types(&mut self, op: OpId, region: RegionId) -> MatchResult {
        let Some(tc) = self.converter else {
            return Ok(());
        };
        let mut plan: Vec<(BlockId, SmallVec<[Type<'c>; 4]>)> = Vec::new();
        for b in self.inner.body().region_blocks(region) {
            let types: SmallVec<[Type<'c>; 4]> = self
                .inner
                .body()
                .block_args(b)
                .iter()
                .map(|&a| self.inner.body().value_type(a))
                .collect();
            match tc.convert_types(&types) {
                Some(t) => plan.push((b, t)),
                None => {
                    return self
                        .inner
                        .notify_match_failure(op, "block argument types do not convert")
                }
            }
        }
        for (b, types) in plan {
            self.apply_signature_conversion(b, &types);
        }
        Ok(())
    }

    /// Gives the arguments of `block` (in this body) the types `types`, one per argument.
    pub fn apply_signature_conversion(&mut self, block: BlockId, types: &[Type<'c>]) {
        let ctx = self.inner.context();
        let mut casts = Vec::new();
        self.inner
            .modify_untracked(|body| retype_block_args(ctx, body, block, types, &mut casts));
        for (c, k) in casts {
            self.state.record(c, k);
        }
    }

    /// Takes the body of isolated op `op` (about to be replaced), for a new op's state.
    pub fn take_nested_body(&mut self, op: OpId) -> Option<Box<Body<'c>>> {
        self.inner.modify_untracked(|body| body.take_nested(op))
    }

    /// Gives the entry block of isolated op `op`'s first region the argument types
    /// `types` (a function signature conversion); the materializations are finished when
    /// the conversion reaches that body.
    pub fn convert_isolated_entry_signature(&mut self, op: OpId, types: &[Type<'c>]) {
        let ctx = self.inner.context();
        let mut casts = Vec::new();
        self.inner.modify_untracked(|body| {
            let region = body.regions_of(op).first().copied();
            if let Some(nested) = body.nested_mut(op) {
                if let Some(entry) = region.and_then(|r| nested.entry_block(r)) {
                    retype_block_args(ctx, nested, entry, types, &mut casts);
                }
            }
        });
        self.state.nested.entry(op).or_default().extend(casts);
    }
}
