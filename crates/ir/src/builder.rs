//! [`OpBuilder`]: creates operations at an insertion point.

use smallvec::SmallVec;

use super::body::{BlockId, Body, InsertPoint, OpId, OpName, OperationState, RegionId, ValueId};
use super::{Attribute, Context, Location, Type};

/// Creates ops at an insertion point in a body, as MLIR's `OpBuilder`.
pub struct OpBuilder<'b, 'c> {
    ctx: &'c Context,
    body: &'b mut Body<'c>,
    at: Option<InsertPoint>,
}

impl<'b, 'c> OpBuilder<'b, 'c> {
    /// A builder with no insertion point (created ops stay detached).
    pub fn new(ctx: &'c Context, body: &'b mut Body<'c>) -> Self {
        Self {
            ctx,
            body,
            at: None,
        }
    }
    /// The context.
    pub fn context(&self) -> &'c Context {
        self.ctx
    }
    /// The body being built.
    pub fn body(&mut self) -> &mut Body<'c> {
        self.body
    }
    /// Sets where the next ops go. Ops are inserted in creation order at that point.
    pub fn set_insertion_point(&mut self, at: InsertPoint) {
        self.at = Some(at);
    }
    /// Where the next op goes.
    pub fn insertion_point(&self) -> Option<InsertPoint> {
        self.at
    }
    /// Inserts at the end of `block`.
    pub fn set_insertion_point_to_end(&mut self, block: BlockId) {
        self.at = Some(InsertPoint::BlockEnd(block));
    }
    /// Creates an op from a state and inserts it at the insertion point.
    pub fn create(&mut self, state: OperationState<'c>) -> OpId {
        let op = self.body.create_op(state);
        if let Some(at) = self.at {
            self.body.insert_op(op, at);
            // Keep later ops after this one when inserting before/after an anchor.
            if let InsertPoint::After(_) = at {
                self.at = Some(InsertPoint::After(op));
            }
        }
        op
    }
    /// An empty state for op `name` (registered or not) at `loc`.
    pub fn state(&self, name: &str, loc: Location<'c>) -> OperationState<'c> {
        let op_name = OpName::of(self.ctx, name);
        OperationState::new(self.ctx, op_name, loc)
    }
    /// Creates an op by name (registered or not) with operands, result types and attributes.
    pub fn create_named(
        &mut self,
        name: &str,
        loc: Location<'c>,
        operands: &[ValueId],
        result_types: &[Type<'c>],
        attrs: Attribute<'c>,
    ) -> OpId {
        let op_name = OpName::of(self.ctx, name);
        let mut state = OperationState::new(self.ctx, op_name, loc);
        state.operands = SmallVec::from_slice(operands);
        state.result_types = SmallVec::from_slice(result_types);
        state.attrs = attrs;
        self.create(state)
    }
    /// Creates a region with one empty block, for use in an [`OperationState`].
    pub fn create_region_with_block(&mut self) -> (RegionId, BlockId) {
        let r = self.body.create_region();
        let b = self.body.create_block();
        self.body.append_block(r, b);
        (r, b)
    }
}
