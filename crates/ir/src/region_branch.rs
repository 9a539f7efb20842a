//! MLIR's `RegionBranchOpInterface` for the region ops of the supported dialects: from
//! the op itself (entering) or from a region's terminator, which regions' entry blocks
//! or the op's results control reaches, and which values are passed (successor operands
//! to successor inputs). Constant operands narrow the choice where MLIR's ops do
//! (`scf.if`, `scf.index_switch`, `scf.condition`).

use smallvec::SmallVec;

use crate::{AttrKind, Attribute, Body, OpId, RegionId, ValueId};

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

/// Whether `op` implements the interface (the region ops of `scf`).
pub fn is_region_branch(body: &Body<'_>, op: OpId) -> bool {
    body.nested(op).is_none()
        && matches!(
            body.op_name(op).as_str(),
            "scf.if"
                | "scf.for"
                | "scf.while"
                | "scf.execute_region"
                | "scf.index_switch"
                | "scf.parallel"
        )
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

fn results(body: &Body<'_>, op: OpId) -> SmallVec<[ValueId; 4]> {
    body.results(op).collect()
}

fn has_blocks(body: &Body<'_>, op: OpId, i: usize) -> bool {
    region(body, op, i).is_some_and(|r| body.entry_block(r).is_some())
}

fn int(a: Option<Attribute<'_>>) -> Option<i128> {
    match *a?.kind() {
        AttrKind::Integer { value, .. } => Some(value),
        _ => None,
    }
}

/// An edge to region `i`'s entry, its arguments from `skip` on receiving `operands`.
fn to_region(
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

fn to_parent(
    body: &Body<'_>,
    op: OpId,
    first_operand: usize,
    operands: Option<SmallVec<[ValueId; 4]>>,
) -> Edge {
    Edge {
        target: Target::Parent,
        operands,
        first_operand,
        inputs: results(body, op),
    }
}

/// The region `scf.index_switch` `op` runs for selector `value`: the matching case's
/// (regions: the default first, then one per case), else the default region.
pub fn switch_region(body: &Body<'_>, op: OpId, value: i128) -> usize {
    let cases = body
        .attr(op, "cases")
        .and_then(|a| a.dense_int_values())
        .unwrap_or_default();
    cases
        .iter()
        .position(|&c| i128::from(c) == value)
        .map_or(0, |i| i + 1)
}

/// The edges entering from `op` itself, given its operands' constants
/// (`getEntrySuccessorRegions`).
pub fn entry_edges(body: &Body<'_>, op: OpId, consts: &[Option<Attribute<'_>>]) -> Vec<Edge> {
    let operands: SmallVec<[ValueId; 4]> = body.operands(op).collect();
    let none = || (0, SmallVec::new());
    match body.op_name(op).as_str() {
        "scf.if" => {
            let otherwise = |body: &Body<'_>| {
                if has_blocks(body, op, 1) {
                    to_region(body, op, 1, 0, none())
                } else {
                    to_parent(body, op, 0, Some(SmallVec::new()))
                }
            };
            match int(consts.first().copied().flatten()) {
                Some(c) if c != 0 => vec![to_region(body, op, 0, 0, none())],
                Some(_) => vec![otherwise(body)],
                None => vec![to_region(body, op, 0, 0, none()), otherwise(body)],
            }
        }
        "scf.for" => {
            let inits: SmallVec<[ValueId; 4]> = operands.iter().skip(3).copied().collect();
            vec![
                to_region(body, op, 0, 1, (3, inits.clone())),
                to_parent(body, op, 3, Some(inits)),
            ]
        }
        "scf.while" => vec![to_region(body, op, 0, 0, (0, operands))],
        "scf.execute_region" => vec![to_region(body, op, 0, 0, none())],
        "scf.index_switch" => {
            let n = body.regions_of(op).len();
            match int(consts.first().copied().flatten()) {
                Some(v) => {
                    let i = switch_region(body, op, v);
                    vec![to_region(body, op, i, 0, none())]
                }
                None => (0..n).map(|i| to_region(body, op, i, 0, none())).collect(),
            }
        }
        "scf.parallel" => {
            // The induction variables are not forwarded values, and the results come
            // from the reductions, which are not modelled.
            let body_edge = Edge {
                target: Target::Region(0),
                operands: Some(SmallVec::new()),
                first_operand: 0,
                inputs: SmallVec::new(),
            };
            vec![body_edge, to_parent(body, op, 0, None)]
        }
        _ => Vec::new(),
    }
}

/// The edges out of `term`, the terminator of a block of region `from` of `op`, given
/// the terminator's operands' constants (`getSuccessorRegions` from a region).
pub fn terminator_edges(
    body: &Body<'_>,
    op: OpId,
    from: usize,
    term: OpId,
    consts: &[Option<Attribute<'_>>],
) -> Vec<Edge> {
    let operands: SmallVec<[ValueId; 4]> = body.operands(term).collect();
    match body.op_name(op).as_str() {
        "scf.if" | "scf.execute_region" | "scf.index_switch" => {
            vec![to_parent(body, op, 0, Some(operands))]
        }
        "scf.for" => vec![
            to_region(body, op, 0, 1, (0, operands.clone())),
            to_parent(body, op, 0, Some(operands)),
        ],
        "scf.while" if from == 0 => {
            // scf.condition: its first operand decides, the rest are passed on.
            let args: SmallVec<[ValueId; 4]> = operands.iter().skip(1).copied().collect();
            let cond = int(consts.first().copied().flatten());
            let mut out = Vec::new();
            if cond != Some(0) {
                out.push(to_region(body, op, 1, 0, (1, args.clone())));
            }
            if cond.is_none() || cond == Some(0) {
                out.push(to_parent(body, op, 1, Some(args)));
            }
            out
        }
        "scf.while" => vec![to_region(body, op, 0, 0, (0, operands))],
        "scf.parallel" => vec![to_parent(body, op, 0, None)],
        _ => Vec::new(),
    }
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
fn is_branch_terminator(body: &Body<'_>, term: OpId) -> bool {
    matches!(body.op_name(term).as_str(), "scf.yield" | "scf.condition")
}

/// Every successor operand of `op` with the successor inputs it may reach, over all
/// branch points without constant knowledge: the op itself, then the terminators of its
/// blocks region by region (MLIR's `getSuccessorOperandInputMapping` for
/// `getAllRegionBranchPoints`). Operands appear in the order they are first met.
pub fn successor_mapping(
    body: &Body<'_>,
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
    add(op, entry_edges(body, op, &[]));
    for (i, &r) in body.regions_of(op).iter().enumerate() {
        for b in body.region_blocks(r) {
            if let Some(term) = body.last_op(b).filter(|&t| is_branch_terminator(body, t)) {
                add(term, terminator_edges(body, op, i, term, &[]));
            }
        }
    }
    out
}
