//! [`PatternRewriter`]: the only way patterns change IR, so that drivers hear about every
//! change through a [`Listener`] (MLIR's `RewriterBase` and `RewriterBase::Listener`).

use smallvec::SmallVec;

use super::pattern::{MatchFailure, MatchResult};
use crate::builder::OpBuilder;
use crate::entity::EntityRef;
use crate::{
    Attribute, BlockId, Body, Context, InsertPoint, Location, OpId, OpName, OperationState,
    RegionId, Type, ValueId, WalkOrder,
};

/// Observes the changes a rewriter makes (the greedy driver keeps its worklist with it).
pub trait Listener<'c> {
    /// `op` was created or moved to a new place.
    fn op_inserted(&mut self, _body: &Body<'c>, _op: OpId) {}
    /// `op` was changed in place (operands, attributes, successors).
    fn op_modified(&mut self, _body: &Body<'c>, _op: OpId) {}
    /// `op`'s results are about to be replaced by `new` (the uses are still in place).
    fn op_replaced(&mut self, _body: &Body<'c>, _op: OpId, _new: &[ValueId]) {}
    /// `op` is about to be erased (its operands are still in place). Called for the ops
    /// nested in it first.
    fn op_erased(&mut self, _body: &Body<'c>, _op: OpId) {}
    /// A pattern did not apply to `op`, for `reason`.
    fn match_failure(&mut self, _op: OpId, _reason: &str) {}
}

/// A listener that ignores everything.
pub struct NoListener;

impl Listener<'_> for NoListener {}

/// Edits one body on behalf of a pattern, notifying a listener of each change.
pub struct PatternRewriter<'r, 'c> {
    ctx: &'c Context,
    body: &'r mut Body<'c>,
    at: Option<InsertPoint>,
    listener: &'r mut dyn Listener<'c>,
}

impl<'r, 'c> PatternRewriter<'r, 'c> {
    /// A rewriter on `body` reporting to `listener`.
    pub fn new(
        ctx: &'c Context,
        body: &'r mut Body<'c>,
        listener: &'r mut dyn Listener<'c>,
    ) -> Self {
        Self {
            ctx,
            body,
            at: None,
            listener,
        }
    }

    /// The context.
    pub fn context(&self) -> &'c Context {
        self.ctx
    }
    /// The body, for reading. Changes go through the rewriter's methods.
    pub fn body(&self) -> &Body<'c> {
        self.body
    }

    // ---- insertion point ------------------------------------------------------------------

    /// Sets where created ops go.
    pub fn set_insertion_point(&mut self, at: InsertPoint) {
        self.at = Some(at);
    }
    /// Creates ops right before `op`.
    pub fn set_insertion_point_before(&mut self, op: OpId) {
        self.at = Some(InsertPoint::Before(op));
    }
    /// Creates ops right after `op`.
    pub fn set_insertion_point_after(&mut self, op: OpId) {
        self.at = Some(InsertPoint::After(op));
    }
    /// The current insertion point.
    pub fn insertion_point(&self) -> Option<InsertPoint> {
        self.at
    }

    // ---- creation -------------------------------------------------------------------------

    /// Creates an op at the insertion point (which must be set).
    pub fn create(&mut self, state: OperationState<'c>) -> OpId {
        let op = self.body.create_op(state);
        let at = self
            .at
            .expect("PatternRewriter::create without an insertion point");
        self.body.insert_op(op, at);
        if let InsertPoint::After(_) = at {
            self.at = Some(InsertPoint::After(op));
        }
        self.notify_inserted_tree(op);
        op
    }

    /// Runs `f` with an [`OpBuilder`] at the insertion point (for the typed builders
    /// that ODS generates), then reports the ops it created as inserted.
    pub fn build<R>(&mut self, f: impl FnOnce(&mut OpBuilder<'_, 'c>) -> R) -> R {
        let first_new = self.body.num_op_slots();
        let at = self
            .at
            .expect("PatternRewriter::build without an insertion point");
        let mut b = OpBuilder::new(self.ctx, self.body);
        b.set_insertion_point(at);
        let r = f(&mut b);
        self.at = b.insertion_point();
        for i in first_new..self.body.num_op_slots() {
            let op = OpId::new(i);
            if self.body.is_alive(op) && self.body.op_block(op).is_some() {
                self.listener.op_inserted(self.body, op);
            }
        }
        r
    }

    /// Creates an op by name with operands, result types, properties and a location.
    pub fn create_op(
        &mut self,
        name: &str,
        loc: Location<'c>,
        operands: &[ValueId],
        result_types: &[Type<'c>],
        props: Option<Attribute<'c>>,
    ) -> OpId {
        let mut state = self.state(name, loc);
        state.operands = SmallVec::from_slice(operands);
        state.result_types = SmallVec::from_slice(result_types);
        state.props = props;
        self.create(state)
    }

    /// An empty state for op `name` (registered or not).
    pub fn state(&self, name: &str, loc: Location<'c>) -> OperationState<'c> {
        let op_name = OpName::of(self.ctx, name);
        OperationState::new(self.ctx, op_name, loc)
    }

    /// Creates a detached region in this body (to pass in an [`OperationState`]).
    pub fn create_region(&mut self) -> RegionId {
        self.body.create_region()
    }

    /// Creates a block at the end of `region` with arguments of `types`.
    pub fn create_block(
        &mut self,
        region: RegionId,
        types: &[(Type<'c>, Location<'c>)],
    ) -> BlockId {
        let b = self.body.create_block();
        self.body.append_block(region, b);
        for &(t, l) in types {
            self.body.add_block_argument(b, t, l);
        }
        b
    }

    fn notify_inserted_tree(&mut self, op: OpId) {
        for o in self.body.ops_in(op, WalkOrder::PreOrder) {
            self.listener.op_inserted(self.body, o);
        }
    }

    // ---- replacement and erasure ------------------------------------------------------------

    /// Replaces every use of `op`'s results by `new` and erases `op`.
    pub fn replace_op(&mut self, op: OpId, new: &[ValueId]) {
        assert_eq!(
            self.body.num_results(op),
            new.len(),
            "replace_op: result count mismatch"
        );
        self.listener.op_replaced(self.body, op, new);
        let results: SmallVec<[ValueId; 2]> = self.body.results(op).collect();
        for (old, &n) in results.into_iter().zip(new) {
            self.body.replace_all_uses(old, n);
        }
        self.erase_op(op);
    }

    /// Creates an op from `state` before `op`, then replaces `op` by its results.
    pub fn replace_op_with_new(&mut self, op: OpId, state: OperationState<'c>) -> OpId {
        self.set_insertion_point_before(op);
        let new = self.create(state);
        let results: SmallVec<[ValueId; 2]> = self.body.results(new).collect();
        self.replace_op(op, &results);
        new
    }

    /// Recreates `op` before itself without the results marked in `erase` (which must be
    /// unused), moves its regions into the new op and replaces it; returns the new op
    /// (MLIR's `eraseOpResults`). The insertion point is kept.
    pub fn erase_op_results(&mut self, op: OpId, erase: &[bool]) -> OpId {
        let results: SmallVec<[ValueId; 4]> = self.body.results(op).collect();
        let mut state = OperationState::new(self.ctx, self.body.op_name(op), self.body.op_loc(op));
        state.operands = self.body.operands(op).collect();
        state.result_types = results
            .iter()
            .zip(erase)
            .filter(|(_, &e)| !e)
            .map(|(&r, _)| self.body.value_type(r))
            .collect();
        state.attrs = self.body.op_attrs(op);
        state.props = self.body.op_props(op);
        state.successors = self.body.successors(op).iter().copied().collect();
        let old_regions: SmallVec<[RegionId; 2]> =
            self.body.regions_of(op).iter().copied().collect();
        state.regions = old_regions
            .iter()
            .map(|_| self.body.create_region())
            .collect();
        let new_regions = state.regions.clone();
        let saved = self.at;
        self.at = Some(InsertPoint::Before(op));
        let new = self.create(state);
        self.at = saved;
        for (&from, &to) in old_regions.iter().zip(&new_regions) {
            self.inline_region_before(from, to, None);
        }
        // Erased results have no uses: they are "replaced" by themselves.
        let mut kept = self.body.results(new);
        let replacement: SmallVec<[ValueId; 4]> = results
            .iter()
            .zip(erase)
            .map(|(&r, &e)| {
                if e {
                    r
                } else {
                    kept.next().expect("a kept result")
                }
            })
            .collect();
        self.replace_op(op, &replacement);
        new
    }

    /// Erases `op` (its results must be unused outside it) and everything nested in it.
    pub fn erase_op(&mut self, op: OpId) {
        for o in self.body.ops_in(op, WalkOrder::PostOrder) {
            self.listener.op_erased(self.body, o);
        }
        if let Err(e) = self.body.erase_op(op) {
            panic!("pattern erased {op:?} illegally: {e}");
        }
    }

    /// Replaces every use of `from` by `to`, notifying the users as modified.
    pub fn replace_all_uses_with(&mut self, from: ValueId, to: ValueId) {
        let users: SmallVec<[OpId; 8]> = self.body.uses(from).map(|(u, _)| u).collect();
        self.body.replace_all_uses(from, to);
        for u in users {
            self.listener.op_modified(self.body, u);
        }
    }

    /// Changes `op` in place through `f`, then notifies the listener.
    pub fn modify_op_in_place<R>(&mut self, op: OpId, f: impl FnOnce(&mut Body<'c>) -> R) -> R {
        let r = f(self.body);
        self.listener.op_modified(self.body, op);
        r
    }

    /// Edits through `f` without telling the listener: for block arguments and branch
    /// operands that region simplification removes (MLIR does not notify those either).
    pub fn modify_untracked<R>(&mut self, f: impl FnOnce(&mut Body<'c>) -> R) -> R {
        f(self.body)
    }

    /// Moves `op` to `at`.
    pub fn move_op(&mut self, op: OpId, at: InsertPoint) {
        self.body.move_op(op, at);
        self.listener.op_inserted(self.body, op);
    }

    // ---- blocks and regions -------------------------------------------------------------------

    /// Moves the blocks of `from` into `to` before `before` (MLIR's `inlineRegionBefore`).
    pub fn inline_region_before(&mut self, from: RegionId, to: RegionId, before: Option<BlockId>) {
        self.body.inline_region_before(from, to, before);
    }

    /// Moves the ops of `src` before `at`, its arguments replaced by `args`; erases `src`.
    pub fn inline_block_before(&mut self, src: BlockId, at: InsertPoint, args: &[ValueId]) {
        let ops: SmallVec<[OpId; 8]> = self.body.block_ops(src).collect();
        let users: SmallVec<[OpId; 8]> = self
            .body
            .block_args(src)
            .iter()
            .flat_map(|&a| self.body.uses(a).map(|(u, _)| u))
            .collect();
        self.body.inline_block_before(src, at, args);
        for op in ops {
            self.listener.op_inserted(self.body, op);
        }
        for u in users {
            self.listener.op_modified(self.body, u);
        }
    }

    /// Appends the ops of `src` to `dest`, its arguments replaced by `args`; erases `src`.
    pub fn merge_blocks(&mut self, src: BlockId, dest: BlockId, args: &[ValueId]) {
        let at = match self.body.last_op(dest) {
            Some(o) => InsertPoint::After(o),
            None => InsertPoint::BlockEnd(dest),
        };
        self.inline_block_before(src, at, args);
    }

    /// Splits `block` before `at` (see [`Body::split_block`]).
    pub fn split_block(&mut self, block: BlockId, at: Option<OpId>) -> BlockId {
        self.body.split_block(block, at)
    }

    /// Splits `block` before `at` as MLIR's `splitBlock` does with a listener: the ops
    /// from `at` on move to a new block right after `block`, reported as inserted one by
    /// one from the last.
    pub fn split_block_tracked(&mut self, block: BlockId, at: OpId) -> BlockId {
        let mut moved: SmallVec<[OpId; 8]> = SmallVec::new();
        let mut cur = Some(at);
        while let Some(o) = cur {
            moved.push(o);
            cur = self.body.next_op(o);
        }
        let new = self.body.split_block(block, Some(at));
        for &o in moved.iter().rev() {
            self.listener.op_inserted(self.body, o);
        }
        new
    }

    /// Erases a block and its ops (their results must be unused outside the block).
    pub fn erase_block(&mut self, block: BlockId) {
        let ops: Vec<OpId> = self.body.block_ops(block).collect();
        for &op in ops.iter().rev() {
            self.erase_op(op);
        }
        if let Err(e) = self.body.erase_block(block) {
            panic!("pattern erased {block:?} illegally: {e}");
        }
    }

    // ---- diagnostics ----------------------------------------------------------------------

    /// Records why a pattern did not apply (logged under `RUST_LOG=pto=debug`) and returns
    /// the failure for `return rewriter.notify_match_failure(op, "...")`.
    pub fn notify_match_failure(&mut self, op: OpId, reason: &str) -> MatchResult {
        tracing::debug!(op = self.body.op_name(op).as_str(), reason, "match failure");
        self.listener.match_failure(op, reason);
        Err(MatchFailure)
    }
}
