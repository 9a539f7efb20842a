//! MLIR's op interfaces that transformations query, as Rust traits
//! ([`ConditionallySpeculatable`], [`LoopLikeOpInterface`], [`RegionBranchOpInterface`])
//! and pto-mlir's [`FoldInPlaceOpInterface`] (a fold that changes the op in place,
//! which a `hasFolder` hook cannot). They are declared in pto-ods-gen's
//! `pto/Interfaces.td`; an op lists MLIR's record in its ODS
//! (`DeclareOpInterfaceMethods<LoopLikeOpInterface>`) and its dialect provides the
//! hooks (`loop_regions_<op>`), or a crate attaches a model (see [`crate::interface`]).
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

mod generated {
    // The traits of pto-ods-gen's `pto/Interfaces.td` whose module is this one,
    // committed so that pto-ir builds without TableGen (pto-ods-gen's tests regenerate
    // it and require it to be identical).
    include!("generated.rs");
}
pub use generated::*;

/// The speculatability of `op`: its model's, else `Speculatable` for a registered op
/// declared without memory effects and without regions, else `NotSpeculatable`.
pub fn speculatability<'c>(ctx: &'c Context, body: &Body<'c>, op: OpId) -> Speculatability {
    let name = body.op_name(op);
    if let Some(m) = ctx.interface::<dyn ConditionallySpeculatable>(name) {
        return m.speculatability(ctx, body, op);
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
    let m = ctx.op_interface::<dyn LoopLikeOpInterface>(body, op)?;
    Some(m.loop_regions(body, op))
}

/// How often each region of `op` may run, given its constant operands, if it is a region
/// branch that knows (`RegionBranchOpInterface::getRegionInvocationBounds`).
pub fn invocation_bounds<'c>(
    ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
    operands: &[Option<Attribute<'c>>],
) -> Option<SmallVec<[InvocationBounds; 2]>> {
    ctx.op_interface::<dyn RegionBranchOpInterface>(body, op)?
        .region_invocation_bounds(ctx, body, op, operands)
}
