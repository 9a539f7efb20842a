//! What MLIR's `RegionBranchOpInterface` says of a region op, for the data-flow
//! analyses and patterns that reason about region control flow: from the op itself
//! (entering) or from a region's terminator, which regions' entry blocks or the op's
//! results control reaches, and which values are passed (successor operands to
//! successor inputs). Each op's model says ([`RegionBranchOpInterface`]); the edges and
//! the helpers its dialect builds them with are here. Constant operands narrow the
//! choice where the op's model does (`scf.if`, `scf.index_switch`, `scf.condition`).

use smallvec::SmallVec;

use crate::op_interfaces::{RegionBranchOpInterface, RegionBranchTerminatorOpInterface};
use crate::{Attribute, Body, Context, OpId, RegionId, ValueId};

/// Where control goes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// Back to the op: its results.
    Parent,
    /// The entry block of region `n` of the op.
    Region(usize),
}

/// One control-flow edge out of a branch point.
#[derive(Clone, Debug)]
pub struct Edge {
    /// Where it goes.
    pub target: Target,
    /// The values passed (successor operands), or `None` when the edge's values cannot
    /// be reasoned about.
    pub operands: Option<SmallVec<[ValueId; 4]>>,
    /// The index of the first successor operand among the operands of the op (entry
    /// edges) or of the terminator: the successor operands are contiguous.
    pub first_operand: usize,
    /// The values receiving them (successor inputs): entry block arguments (a suffix or
    /// all of them) or the op's results.
    pub inputs: SmallVec<[ValueId; 4]>,
}

/// Whether `op` implements the interface (and is not isolated from above).
pub fn is_region_branch(ctx: &Context, body: &Body<'_>, op: OpId) -> bool {
    body.nested(op).is_none()
        && ctx
            .op_interface::<dyn RegionBranchOpInterface>(body, op)
            .is_some()
}

fn region(body: &Body<'_>, op: OpId, i: usize) -> Option<RegionId> {
    body.regions_of(op).get(i).copied()
}

/// The arguments of region `i`'s entry block from `skip` on.
fn entry_args(body: &Body<'_>, op: OpId, i: usize, skip: usize) -> SmallVec<[ValueId; 4]> {
    region(body, op, i)
        .and_then(|r| body.entry_block(r))
        .map(|b| body.block_args(b).iter().skip(skip).copied().collect())
        .unwrap_or_default()
}

/// Whether region `i` of `op` has blocks.
pub fn has_blocks(body: &Body<'_>, op: OpId, i: usize) -> bool {
    region(body, op, i).is_some_and(|r| body.entry_block(r).is_some())
}

/// An edge to region `i`'s entry, its block arguments from `skip` on receiving
/// `operands`, which start at operand `first_operand` of the branch point.
pub fn to_region(
    body: &Body<'_>,
    op: OpId,
    i: usize,
    skip: usize,
    (first_operand, operands): (usize, SmallVec<[ValueId; 4]>),
) -> Edge {
    Edge {
        target: Target::Region(i),
        operands: Some(operands),
        first_operand,
        inputs: entry_args(body, op, i, skip),
    }
}

/// An edge back to `op`, whose results receive `operands` (`None`: values that cannot
/// be reasoned about), which start at operand `first_operand` of the branch point.
pub fn to_parent(
    body: &Body<'_>,
    op: OpId,
    first_operand: usize,
    operands: Option<SmallVec<[ValueId; 4]>>,
) -> Edge {
    Edge {
        target: Target::Parent,
        operands,
        first_operand,
        inputs: body.results(op).collect(),
    }
}

/// The edges entering from `op` itself, given its operands' constants
/// (`getEntrySuccessorRegions`); none for an op without the interface.
pub fn entry_edges<'c>(
    ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
    consts: &[Option<Attribute<'c>>],
) -> Vec<Edge> {
    ctx.op_interface::<dyn RegionBranchOpInterface>(body, op)
        .map_or_else(Vec::new, |m| m.entry_successors(body, op, consts))
}

/// The edges out of `term`, the terminator of a block of region `from` of `op`, given
/// the terminator's operands' constants (`getSuccessorRegions` from a region).
pub fn terminator_edges<'c>(
    ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
    from: usize,
    term: OpId,
    consts: &[Option<Attribute<'c>>],
) -> Vec<Edge> {
    ctx.op_interface::<dyn RegionBranchOpInterface>(body, op)
        .map_or_else(Vec::new, |m| {
            m.region_successors(body, op, from, term, consts)
        })
}

/// A successor operand: operand `index` of `owner`, the region op itself (values entering
/// a region) or one of its region terminators.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct SuccessorOperand {
    /// The op holding the operand.
    pub owner: OpId,
    /// The operand's index among the owner's operands.
    pub index: usize,
}

/// Whether `term` ends a region of a region op and passes values on
/// (`RegionBranchTerminatorOpInterface`: `scf.yield`, `scf.condition`).
fn is_branch_terminator(ctx: &Context, body: &Body<'_>, term: OpId) -> bool {
    ctx.op_interface::<dyn RegionBranchTerminatorOpInterface>(body, term)
        .is_some()
}

/// Every successor operand of `op` with the successor inputs it may reach, over all
/// branch points without constant knowledge: the op itself, then the terminators of its
/// blocks region by region (MLIR's `getSuccessorOperandInputMapping` for
/// `getAllRegionBranchPoints`). Operands appear in the order they are first met.
pub fn successor_mapping<'c>(
    ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
) -> Vec<(SuccessorOperand, SmallVec<[ValueId; 2]>)> {
    let mut out: Vec<(SuccessorOperand, SmallVec<[ValueId; 2]>)> = Vec::new();
    let mut index: rustc_hash::FxHashMap<SuccessorOperand, usize> = Default::default();
    let mut add = |owner: OpId, edges: Vec<Edge>| {
        for e in edges {
            let Some(operands) = e.operands else { continue };
            for (k, &input) in e.inputs.iter().enumerate().take(operands.len()) {
                let key = SuccessorOperand {
                    owner,
                    index: e.first_operand + k,
                };
                match index.get(&key) {
                    Some(&at) => out[at].1.push(input),
                    None => {
                        index.insert(key, out.len());
                        out.push((key, smallvec::smallvec![input]));
                    }
                }
            }
        }
    };
    add(op, entry_edges(ctx, body, op, &[]));
    for (i, &r) in body.regions_of(op).iter().enumerate() {
        for b in body.region_blocks(r) {
            if let Some(term) = body
                .last_op(b)
                .filter(|&t| is_branch_terminator(ctx, body, t))
            {
                add(term, terminator_edges(ctx, body, op, i, term, &[]));
            }
        }
    }
    out
}
