//! Verification shared by op interfaces that several dialects implement: MLIR's
//! `RegionBranchOpInterface` (values flowing along edges between an op and its regions)
//! and `LoopLikeOpInterface` (inits, iteration arguments, yielded values and results).
//!
//! An op describes its edges; the checks and messages are MLIR's.

use smallvec::SmallVec;

use super::{Body, Diagnostic, OpId, Type};
use crate::printer::type_to_string;

/// Where control comes from along a region edge.
#[derive(Copy, Clone, Debug)]
pub enum BranchPoint {
    /// The op itself (entering a region, or skipping all of them).
    Parent,
    /// A region terminator (an op of the op's region body).
    Terminator(OpId),
}

/// Where control goes along a region edge.
#[derive(Copy, Clone, Debug)]
pub enum Successor {
    /// Back to the op: its results.
    Parent,
    /// The entry block of region `n` of the op.
    Region(usize),
}

/// One control-flow edge with the types passed along it.
pub struct RegionEdge<'c> {
    /// The branch point.
    pub from: BranchPoint,
    /// The successor.
    pub to: Successor,
    /// Types of the values forwarded (successor operands).
    pub operands: SmallVec<[Type<'c>; 4]>,
    /// Types of the values received (successor inputs).
    pub inputs: SmallVec<[Type<'c>; 4]>,
}

/// Checks that every edge passes as many values as its successor takes, of equal types
/// (MLIR's `verifyRegionBranchOpInterface`). Edges are checked in the order given, which
/// should be MLIR's: the parent first, then terminators region by region.
pub fn verify_region_edges<'c>(
    body: &Body<'c>,
    op: OpId,
    edges: impl IntoIterator<Item = RegionEdge<'c>>,
) -> Result<(), Diagnostic<'c>> {
    let rb = body.region_body(op);
    for e in edges {
        let describe = |detail: String| {
            let from = match e.from {
                BranchPoint::Parent => "parent".to_string(),
                BranchPoint::Terminator(t) => format!("Operation {}", rb.op_name(t).as_str()),
            };
            let to = match e.to {
                Successor::Parent => "parent".to_string(),
                Successor::Region(n) => format!("Region #{n}"),
            };
            let note_loc = match e.from {
                BranchPoint::Parent => body.op_loc(op),
                BranchPoint::Terminator(t) => rb.op_loc(t),
            };
            super::verifier::op_error(
                body,
                op,
                &format!("along control flow edge from {from} to {to}: {detail}"),
            )
            .with_note(note_loc, "region branch point")
        };
        if e.operands.len() != e.inputs.len() {
            return Err(describe(format!(
                "region branch point has {} operands, but region successor needs {} inputs",
                e.operands.len(),
                e.inputs.len()
            )));
        }
        for (i, (a, b)) in e.operands.iter().zip(&e.inputs).enumerate() {
            if a != b {
                return Err(describe(format!(
                    "successor operand type #{i} '{}' should match successor input type #{i} '{}'",
                    type_to_string(*a),
                    type_to_string(*b)
                )));
            }
        }
    }
    Ok(())
}

/// The values of a loop, by type, for [`verify_loop_like`].
pub struct LoopValues<'a, 'c> {
    /// Initial values of the loop-carried variables (operands).
    pub inits: &'a [Type<'c>],
    /// The region's iteration arguments.
    pub iter_args: &'a [Type<'c>],
    /// The values the body yields (empty when the terminator is missing).
    pub yielded: &'a [Type<'c>],
    /// The loop's results, when they correspond to the iteration arguments.
    pub results: Option<&'a [Type<'c>]>,
}

/// MLIR's `verifyLoopLikeOpInterface`: counts, then types, with its messages.
pub fn verify_loop_like<'c>(
    body: &Body<'c>,
    op: OpId,
    v: &LoopValues<'_, 'c>,
) -> Result<(), Diagnostic<'c>> {
    let err = |m: String| super::verifier::op_error(body, op, &m);
    let ty = |t: Type<'c>| type_to_string(t);
    if v.inits.len() != v.iter_args.len() {
        return Err(err(format!(
            "different number of inits and region iter_args: {} != {}",
            v.inits.len(),
            v.iter_args.len()
        )));
    }
    if !v.yielded.is_empty() && v.iter_args.len() != v.yielded.len() {
        return Err(err(format!(
            "different number of region iter_args and yielded values: {} != {}",
            v.iter_args.len(),
            v.yielded.len()
        )));
    }
    if let Some(r) = v.results {
        if r.len() != v.iter_args.len() {
            return Err(err(format!(
                "different number of loop results and region iter_args: {} != {}",
                r.len(),
                v.iter_args.len()
            )));
        }
    }
    for (i, (&init, &arg)) in v.inits.iter().zip(v.iter_args).enumerate() {
        if init != arg {
            return Err(err(format!(
                "{i}-th init and {i}-th region iter_arg have different type: '{}' != '{}'",
                ty(init),
                ty(arg)
            )));
        }
        if let Some(&y) = v.yielded.get(i) {
            if arg != y {
                return Err(err(format!(
                    "{i}-th region iter_arg and {i}-th yielded value have different type: '{}' != '{}'",
                    ty(arg),
                    ty(y)
                )));
            }
        }
    }
    for (i, (&arg, &res)) in v.iter_args.iter().zip(v.results.unwrap_or(&[])).enumerate() {
        if arg != res {
            return Err(err(format!(
                "{i}-th region iter_arg and {i}-th loop result have different type: '{}' != '{}'",
                ty(arg),
                ty(res)
            )));
        }
    }
    Ok(())
}

/// `BranchOpInterface`: the `[start, end)` operands that `op` forwards to successor
/// `index`. Known when the ODS spec pairs each (non-variadic) successor with one variadic
/// operand group, in order (`cf.br`, `cf.cond_br`), or, for a fixed successor followed
/// by a variadic one (`cf.switch`, `llvm.switch`), pairs the first with the first variadic
/// group and splits the second by the `case_operand_segments` property (MLIR's
/// `VariadicOfVariadic`); `None` means unknown, and callers must then assume every
/// successor argument is used.
pub fn successor_operands(body: &Body<'_>, op: OpId, index: usize) -> Option<(usize, usize)> {
    let spec = body.op_name(op).def?.spec?;
    let groups: SmallVec<[usize; 4]> = spec
        .operands
        .iter()
        .enumerate()
        .filter(|(_, g)| g.arity == crate::ods::Arity::Variadic)
        .map(|(i, _)| i)
        .collect();
    match spec.successors {
        [first, cases] if !first.variadic && cases.variadic && groups.len() == 2 => {
            let (start, end) = crate::ods::operand_range(spec, body, op, groups[index.min(1)]);
            if index == 0 {
                return Some((start, end));
            }
            let sizes = body.attr(op, CASE_SEGMENTS)?.dense_int_values()?;
            let mut at = start;
            for (i, &n) in sizes.iter().enumerate() {
                let n = usize::try_from(n).ok()?;
                if i + 1 == index {
                    return (at + n <= end).then_some((at, at + n));
                }
                at += n;
            }
            None
        }
        succs if succs.iter().all(|s| !s.variadic) && groups.len() == succs.len() => {
            Some(crate::ods::operand_range(spec, body, op, groups[index]))
        }
        _ => None,
    }
}

/// The property splitting a multi-way branch's case operands by case.
const CASE_SEGMENTS: &str = "case_operand_segments";

/// Removes the `k`-th operand forwarded to successor `index` (see [`successor_operands`]),
/// keeping `operandSegmentSizes` in sync. Returns false if the forwarding is unknown.
pub fn erase_successor_operand<'c>(
    ctx: &'c super::Context,
    body: &mut Body<'c>,
    op: OpId,
    index: usize,
    k: usize,
) -> bool {
    let Some((start, end)) = successor_operands(body, op, index) else {
        return false;
    };
    if start + k >= end {
        return false;
    }
    let spec = body.op_name(op).def.and_then(|d| d.spec);
    if let Some(spec) = spec.filter(|s| s.operand_segments) {
        // Find the group holding the forwarded operands and shrink it.
        let sizes = crate::ods::group_sizes(
            spec.operands,
            true,
            body.op_props(op),
            "operandSegmentSizes",
            body.num_operands(op),
        );
        let mut acc = 0;
        let mut new_sizes: SmallVec<[i64; 4]> = SmallVec::new();
        let mut shrunk = false;
        for s in sizes {
            let shrink = !shrunk && acc <= start && end <= acc + s;
            shrunk |= shrink;
            new_sizes.push(s as i64 - i64::from(shrink));
            acc += s;
        }
        let segments = ctx.dense_int_array(32, &new_sizes);
        let props = ctx.dict_with(body.op_props(op), "operandSegmentSizes", Some(segments));
        body.set_op_props(op, Some(props));
    }
    if index > 0 {
        if let Some(mut cases) = body
            .attr(op, CASE_SEGMENTS)
            .and_then(|a| a.dense_int_values())
        {
            if let Some(n) = cases.get_mut(index - 1) {
                *n -= 1;
                let cases = ctx.dense_int_array(32, &cases);
                let props = ctx.dict_with(body.op_props(op), CASE_SEGMENTS, Some(cases));
                body.set_op_props(op, Some(props));
            }
        }
    }
    body.erase_operand(op, start + k);
    true
}
