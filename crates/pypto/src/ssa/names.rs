//! Variable names as the `pypto` dialect keeps them: the name location of a definition
//! (a fused location of name locations for an op with several results), and
//! `pypto.arg_names` on `scf.for` for its loop variable and iter_args.

use pto_ir::{AttrKind, Attribute, BlockId, Body, Context, Location, OpId, ValueDef, ValueId};

use super::super::ARG_NAMES_ATTR;

/// The name a location gives (the outermost name location), if any.
pub fn loc_name<'c>(loc: Location<'c>) -> Option<&'c str> {
    match *loc.attr().kind() {
        AttrKind::NameLoc { name, .. } => Some(name.as_str()),
        _ => None,
    }
}

/// `loc` named `name`: a name location around the place `loc` gives.
pub fn with_name<'c>(ctx: &'c Context, loc: Location<'c>, name: &str) -> Location<'c> {
    let child = match *loc.attr().kind() {
        AttrKind::NameLoc { child, .. } => child,
        _ => Some(loc),
    };
    ctx.location(AttrKind::NameLoc {
        name: ctx.ident(name),
        child,
    })
}

/// The names of the results of `op`: one per result when its location names them.
pub fn result_names<'c>(body: &Body<'c>, op: OpId) -> Vec<Option<&'c str>> {
    let n = body.num_results(op);
    let loc = body.op_loc(op);
    match *loc.attr().kind() {
        AttrKind::NameLoc { name, .. } if n == 1 => vec![Some(name.as_str())],
        AttrKind::FusedLoc { locs, .. } if locs.len() == n => {
            locs.iter().map(|l| loc_name(*l)).collect()
        }
        _ => vec![None; n],
    }
}

/// Gives the results of `op` the names `names` (a name location, or a fused location
/// of them), keeping the places of the old locations.
pub fn set_result_names<'c>(ctx: &'c Context, body: &mut Body<'c>, op: OpId, names: &[String]) {
    let loc = body.op_loc(op);
    let new = match (*loc.attr().kind(), names) {
        (_, [one]) => with_name(ctx, loc, one),
        (AttrKind::FusedLoc { locs, .. }, _) if locs.len() == names.len() => {
            let locs: Vec<Location<'c>> = locs
                .iter()
                .zip(names)
                .map(|(&l, n)| with_name(ctx, l, n))
                .collect();
            ctx.fused_loc(&locs, None)
        }
        _ => {
            let locs: Vec<Location<'c>> = names.iter().map(|n| with_name(ctx, loc, n)).collect();
            ctx.fused_loc(&locs, None)
        }
    };
    body.set_op_loc(op, new);
}

/// The name of argument `i` of `block`: its location's, else the parent `scf.for`'s
/// `pypto.arg_names` entry.
pub fn arg_name<'c>(body: &Body<'c>, block: BlockId, i: usize) -> Option<&'c str> {
    if let Some(n) = loc_name(body.block_arg_loc(block, i)) {
        return Some(n);
    }
    let op = body.region_op(body.block_region(block)?)?;
    match body
        .op_attrs(op)
        .dict_get(ARG_NAMES_ATTR)
        .map(|a| *a.kind())
    {
        Some(AttrKind::Array(items)) => items.get(i).and_then(|a| a.as_str()),
        _ => None,
    }
}

/// The name of value `v`, if it has one.
pub fn value_name<'c>(body: &Body<'c>, v: ValueId) -> Option<&'c str> {
    match body.value_def(v) {
        ValueDef::Arg(b, i) => arg_name(body, b, i as usize),
        ValueDef::Result(op, i) => result_names(body, op).get(i as usize).copied().flatten(),
    }
}

/// `pypto.arg_names` for names `names` (an empty string for an unnamed argument).
pub fn arg_names_attr<'c>(ctx: &'c Context, names: &[Option<String>]) -> Attribute<'c> {
    let items: Vec<Attribute<'c>> = names
        .iter()
        .map(|n| ctx.string_attr(n.as_deref().unwrap_or("")))
        .collect();
    ctx.array_attr(&items)
}
