//! The `RegionBranchOpInterface` hooks of the `scf` region ops: from the op (entering)
//! or from a region's terminator, which regions or results control reaches and which
//! values go along; constant operands narrow the choice where MLIR's ops do (`scf.if`,
//! `scf.index_switch`, `scf.condition`).

use smallvec::SmallVec;

use pto_ir::region_branch::{has_blocks, to_parent, to_region, Edge, Target};
use pto_ir::{AttrKind, Attribute, Body, OpId, ValueId};

fn int(a: Option<Attribute<'_>>) -> Option<i128> {
    match *a?.kind() {
        AttrKind::Integer { value, .. } => Some(value),
        _ => None,
    }
}

fn none() -> (usize, SmallVec<[ValueId; 4]>) {
    (0, SmallVec::new())
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

/// The terminator's operands.
fn operands_of(body: &Body<'_>, term: OpId) -> SmallVec<[ValueId; 4]> {
    body.operands(term).collect()
}

pub(super) fn entry_successors_if<'c>(
    body: &Body<'c>,
    op: OpId,
    consts: &[Option<Attribute<'c>>],
) -> Vec<Edge> {
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

/// Every region of `scf.if`, `scf.execute_region` and `scf.index_switch` returns to the
/// op, its terminator's operands becoming the results.
pub(super) fn region_successors_to_parent<'c>(
    body: &Body<'c>,
    op: OpId,
    _: usize,
    term: OpId,
    _: &[Option<Attribute<'c>>],
) -> Vec<Edge> {
    vec![to_parent(body, op, 0, Some(operands_of(body, term)))]
}
pub(super) use region_successors_to_parent as region_successors_if;
pub(super) use region_successors_to_parent as region_successors_execute_region;
pub(super) use region_successors_to_parent as region_successors_index_switch;

pub(super) fn entry_successors_for<'c>(
    body: &Body<'c>,
    op: OpId,
    _: &[Option<Attribute<'c>>],
) -> Vec<Edge> {
    let inits: SmallVec<[ValueId; 4]> = body.operands(op).skip(3).collect();
    vec![
        to_region(body, op, 0, 1, (3, inits.clone())),
        to_parent(body, op, 3, Some(inits)),
    ]
}

pub(super) fn region_successors_for<'c>(
    body: &Body<'c>,
    op: OpId,
    _: usize,
    term: OpId,
    _: &[Option<Attribute<'c>>],
) -> Vec<Edge> {
    let operands = operands_of(body, term);
    vec![
        to_region(body, op, 0, 1, (0, operands.clone())),
        to_parent(body, op, 0, Some(operands)),
    ]
}

pub(super) fn entry_successors_while<'c>(
    body: &Body<'c>,
    op: OpId,
    _: &[Option<Attribute<'c>>],
) -> Vec<Edge> {
    vec![to_region(body, op, 0, 0, (0, body.operands(op).collect()))]
}

/// From the "before" region, `scf.condition`: its first operand decides, the rest are
/// passed on; from the "after" region, back to the "before" one.
pub(super) fn region_successors_while<'c>(
    body: &Body<'c>,
    op: OpId,
    from: usize,
    term: OpId,
    consts: &[Option<Attribute<'c>>],
) -> Vec<Edge> {
    let operands = operands_of(body, term);
    if from != 0 {
        return vec![to_region(body, op, 0, 0, (0, operands))];
    }
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

pub(super) fn entry_successors_execute_region<'c>(
    body: &Body<'c>,
    op: OpId,
    _: &[Option<Attribute<'c>>],
) -> Vec<Edge> {
    vec![to_region(body, op, 0, 0, none())]
}

pub(super) fn entry_successors_index_switch<'c>(
    body: &Body<'c>,
    op: OpId,
    consts: &[Option<Attribute<'c>>],
) -> Vec<Edge> {
    match int(consts.first().copied().flatten()) {
        Some(v) => vec![to_region(body, op, switch_region(body, op, v), 0, none())],
        None => (0..body.regions_of(op).len())
            .map(|i| to_region(body, op, i, 0, none()))
            .collect(),
    }
}

/// The induction variables are not forwarded values, and the results come from the
/// reductions, which are not modelled.
pub(super) fn entry_successors_parallel<'c>(
    body: &Body<'c>,
    op: OpId,
    _: &[Option<Attribute<'c>>],
) -> Vec<Edge> {
    let body_edge = Edge {
        target: Target::Region(0),
        operands: Some(SmallVec::new()),
        first_operand: 0,
        inputs: SmallVec::new(),
    };
    vec![body_edge, to_parent(body, op, 0, None)]
}

pub(super) fn region_successors_parallel<'c>(
    body: &Body<'c>,
    op: OpId,
    _: usize,
    _: OpId,
    _: &[Option<Attribute<'c>>],
) -> Vec<Edge> {
    vec![to_parent(body, op, 0, None)]
}
