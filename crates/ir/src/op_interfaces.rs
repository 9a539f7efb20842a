//! Op interfaces that transformations query, implemented by dialects as plain functions
//! and attached to the [`Context`] by op name (MLIR's external interface models): what
//! the ODS tables do not carry, such as `ConditionallySpeculatable`, the regions of a
//! `LoopLikeOpInterface` op and the invocation bounds of a `RegionBranchOpInterface` op.
//!
//! An op's fold that changes the op in place (which the ODS fold hooks cannot) is a model
//! too (`fold_in_place`).
//!
//! An op without a model gets the defaults derived from its ODS record: an op declared
//! without memory effects and without regions is speculatable (ODS's `Pure`), anything
//! else is not, and it is neither a loop nor a region branch.

use smallvec::SmallVec;

use super::{Attribute, Body, Context, OpId, RegionId};

/// Whether an op may run where it would not have run (MLIR's `Speculatability`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Speculatability {
    /// It may have undefined behavior or not terminate.
    NotSpeculatable,
    /// It may always run.
    Speculatable,
    /// It may run if every op in its regions may.
    RecursivelySpeculatable,
}

/// How often a region runs each time its op does: at least `lower`, at most `upper`
/// (`None`: unbounded). MLIR's `InvocationBounds`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct InvocationBounds {
    /// The least number of runs.
    pub lower: u32,
    /// The most, if bounded.
    pub upper: Option<u32>,
}

/// `ConditionallySpeculatable::getSpeculatability`.
pub type SpeculatabilityFn = for<'c> fn(&'c Context, &Body<'c>, OpId) -> Speculatability;
/// `LoopLikeOpInterface::getLoopRegions`: the regions that run once per iteration.
pub type LoopRegionsFn = for<'c> fn(&Body<'c>, OpId) -> SmallVec<[RegionId; 2]>;
/// `RegionBranchOpInterface::getRegionInvocationBounds`, given the constant values of the
/// op's operands (`None` where not constant): one entry per region.
pub type InvocationBoundsFn = for<'c> fn(
    &'c Context,
    &Body<'c>,
    OpId,
    &[Option<Attribute<'c>>],
) -> SmallVec<[InvocationBounds; 2]>;

/// A fold that changes the op in place (MLIR's `fold` may, pto's ODS fold hooks only
/// read): true if it folded. Tried when the op's fold hook does not fold.
pub type FoldInPlaceFn = for<'c> fn(&'c Context, &mut Body<'c>, OpId) -> bool;

/// The interface implementations of one op.
#[derive(Debug)]
pub struct OpModels {
    /// The op's full name.
    pub op: &'static str,
    /// Its speculatability, when not the default of its ODS record.
    pub speculatability: Option<SpeculatabilityFn>,
    /// For loops: the loop body regions.
    pub loop_regions: Option<LoopRegionsFn>,
    /// For region branches: how often each region may run.
    pub invocation_bounds: Option<InvocationBoundsFn>,
    /// Its fold when that changes the op in place.
    pub fold_in_place: Option<FoldInPlaceFn>,
}

impl OpModels {
    /// The models of `op` that only fold it in place (with `f`).
    pub const fn fold_in_place(op: &'static str, f: FoldInPlaceFn) -> Self {
        Self {
            op,
            speculatability: None,
            loop_regions: None,
            invocation_bounds: None,
            fold_in_place: Some(f),
        }
    }
}

/// The speculatability of `op`: its model's, else `Speculatable` for a registered op
/// declared without memory effects and without regions, else `NotSpeculatable`.
pub fn speculatability<'c>(ctx: &'c Context, body: &Body<'c>, op: OpId) -> Speculatability {
    let name = body.op_name(op);
    if let Some(f) = ctx.op_models(name.as_str()).and_then(|m| m.speculatability) {
        return f(ctx, body, op);
    }
    let pure = name.def.and_then(|d| d.spec).is_some()
        && super::effects::effects(body, op) == 0
        && body.regions_of(op).is_empty();
    if pure {
        Speculatability::Speculatable
    } else {
        Speculatability::NotSpeculatable
    }
}

/// Whether `op` may be executed speculatively, looking into its regions when it is
/// recursively speculatable (MLIR's `isSpeculatable`).
pub fn is_speculatable<'c>(ctx: &'c Context, body: &Body<'c>, op: OpId) -> bool {
    match speculatability(ctx, body, op) {
        Speculatability::NotSpeculatable => false,
        Speculatability::Speculatable => true,
        Speculatability::RecursivelySpeculatable => {
            let rb = body.region_body(op);
            body.regions_of(op).iter().all(|&r| {
                rb.region_blocks(r)
                    .all(|b| rb.block_ops(b).all(|o| is_speculatable(ctx, rb, o)))
            })
        }
    }
}

/// The loop body regions of `op` if it is a loop (`LoopLikeOpInterface`).
pub fn loop_regions<'c>(
    ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
) -> Option<SmallVec<[RegionId; 2]>> {
    let f = ctx.op_models(body.op_name(op).as_str())?.loop_regions?;
    Some(f(body, op))
}

/// How often each region of `op` may run, given its constant operands, if it is a region
/// branch that knows (`RegionBranchOpInterface::getRegionInvocationBounds`).
pub fn invocation_bounds<'c>(
    ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
    operands: &[Option<Attribute<'c>>],
) -> Option<SmallVec<[InvocationBounds; 2]>> {
    let f = ctx
        .op_models(body.op_name(op).as_str())?
        .invocation_bounds?;
    Some(f(ctx, body, op, operands))
}
