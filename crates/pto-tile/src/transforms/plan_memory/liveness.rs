//! Lifetimes of the buffers `pto-plan-memory` places, over the linearised IR of one
//! function.
//!
//! Ops are numbered in program order, nested regions included: an op gets a position
//! when it starts and, if it has regions, another one after its nested ops, so an op
//! with regions spans `[begin, end]` and everything nested in it lies strictly inside.
//! Function arguments are at position 0, ops start at 1.
//!
//! A buffer is followed through the values that may name it (its aliases): the results
//! of view ops (`pto.subset`, `pto.bitcast`, `pto.treshape`, memref views and casts),
//! `arith.select`, and the values `scf` ops carry (yielded results, loop-carried
//! arguments). Allocations whose values meet through aliases form one class, which
//! lives from the earliest definition of its values to the latest use of any of them.
//! A use inside a loop extends the class over the whole loop when the class has a value
//! from outside the loop body (defined before it, carried by it, or a result of it):
//! the buffer must then survive every iteration. A use inside a region of several
//! blocks (unstructured control flow) extends it over the whole region, which is
//! coarse but safe. Any other op that produces a buffer from a planned one, or a
//! `func.return` of one, cannot be followed and is reported.

use smallvec::SmallVec;

use pto_ir::entity::{SecondaryMap, UnionFind};
use pto_ir::op_interfaces::loop_regions;
use pto_ir::{Body, Context, OpId, RegionId, Type, TypeKind, ValueDef, ValueId};

use crate::TileBufType;
use pto_dialects::arith;
use pto_dialects::func;
use pto_dialects::memref;
use pto_dialects::scf;

/// Program positions of the ops of one function body.
pub(super) struct Program {
    begin: SecondaryMap<OpId, u32>,
    end: SecondaryMap<OpId, u32>,
    /// One past the last position.
    len: u32,
    /// The function's own regions (their blocks hold the top-level ops).
    roots: Vec<RegionId>,
}

impl Program {
    /// Numbers the ops of `body` in program order.
    pub(super) fn new(body: &Body<'_>) -> Self {
        let mut p = Program {
            begin: SecondaryMap::with_default(0),
            end: SecondaryMap::with_default(0),
            len: 1,
            roots: body.root_regions(),
        };
        for r in p.roots.clone() {
            p.number_region(body, r);
        }
        p
    }

    fn number_region(&mut self, body: &Body<'_>, r: RegionId) {
        for b in body.region_blocks(r) {
            for op in body.block_ops(b) {
                self.number_op(body, op);
            }
        }
    }

    fn number_op(&mut self, body: &Body<'_>, op: OpId) {
        self.begin.set(op, self.len);
        self.len += 1;
        // Isolated ops keep their own bodies, which no value of ours can reach.
        if body.nested(op).is_some() || body.regions_of(op).is_empty() {
            self.end.set(op, *self.begin.get(op));
            return;
        }
        for &r in body.regions_of(op) {
            self.number_region(body, r);
        }
        self.end.set(op, self.len);
        self.len += 1;
    }

    /// Where `op` starts.
    pub(super) fn begin(&self, op: OpId) -> u32 {
        *self.begin.get(op)
    }

    /// Where `op` ends (after its nested ops).
    pub(super) fn end(&self, op: OpId) -> u32 {
        *self.end.get(op)
    }

    /// Where `v` is defined: the end of its op (an op with regions has its results
    /// after them), or for a block argument the start of the op owning the block (0 for
    /// the function's arguments).
    fn def_pos(&self, body: &Body<'_>, v: ValueId) -> u32 {
        match body.value_def(v) {
            ValueDef::Result(op, _) => self.end(op),
            ValueDef::Arg(b, _) => body
                .block_region(b)
                .and_then(|r| body.region_op(r))
                .map_or(0, |op| self.begin(op)),
        }
    }

    /// The span of region `r`: its op's, or the whole function for a root region.
    fn region_span(&self, body: &Body<'_>, r: RegionId) -> (u32, u32) {
        match body.region_op(r) {
            Some(op) => (self.begin(op), self.end(op)),
            None => (0, self.len),
        }
    }
}

/// Whether `t` is a buffer the planner follows: a tile or a memref.
pub(super) fn is_buffer(t: Type<'_>) -> bool {
    TileBufType::from_type(t).is_some()
        || matches!(
            t.kind(),
            TypeKind::MemRef { .. } | TypeKind::UnrankedMemRef { .. }
        )
}

/// Ops whose buffer results are views of their first operand.
const VIEW_OPS: &[&str] = &[
    crate::SubsetOp::NAME,
    crate::BitcastOp::NAME,
    crate::TReshapeOp::NAME,
    crate::BindTileOp::NAME,
    memref::SubViewOp::NAME,
    memref::CastOp::NAME,
    memref::ReinterpretCastOp::NAME,
    memref::CollapseShapeOp::NAME,
    memref::ExpandShapeOp::NAME,
    memref::ViewOp::NAME,
    "memref.memory_space_cast",
    "memref.transpose",
    memref::ExtractStridedMetadataOp::NAME,
];

/// A use of a planned buffer that the planner cannot follow.
pub(super) struct Untraceable {
    /// The op using the buffer.
    pub user: OpId,
    /// Which allocation (index into the roots) the buffer comes from.
    pub root: usize,
    /// Why it cannot be followed.
    pub why: String,
}

/// The values that alias `v` through its use as operand `i` of `user`, or why they
/// cannot be known.
fn aliases_through(
    body: &Body<'_>,
    user: OpId,
    i: usize,
) -> Result<SmallVec<[ValueId; 2]>, String> {
    let name = body.op_name(user);
    let name = name.as_str();
    let buffer_results = || {
        body.results(user)
            .filter(|&r| is_buffer(body.value_type(r)))
            .collect::<SmallVec<[ValueId; 2]>>()
    };
    let entry_arg = |region: usize, k: usize| -> Option<ValueId> {
        let r = *body.regions_of(user).get(region)?;
        body.block_args(body.entry_block(r)?).get(k).copied()
    };
    let mut out = SmallVec::new();
    match name {
        _ if VIEW_OPS.contains(&name) => {
            if i == 0 {
                out = buffer_results();
            }
        }
        arith::SelectOp::NAME => {
            if i > 0 {
                out.push(body.result(user, 0));
            }
        }
        scf::ForOp::NAME => {
            // Operands: lower bound, upper bound, step, then the initial values of the
            // loop-carried arguments (the body's arguments after the induction variable).
            if i >= 3 {
                out.extend(body.results(user).nth(i - 3));
                out.extend(entry_arg(0, i - 2));
            }
        }
        scf::WhileOp::NAME => out.extend(entry_arg(0, i)),
        scf::ConditionOp::NAME => {
            // Operands: the condition, then what goes to the after region and out.
            let w = body.parent_op(user).ok_or("an orphan scf.condition")?;
            if i >= 1 {
                out.extend(body.results(w).nth(i - 1));
                let after = *body.regions_of(w).get(1).ok_or("a while without body")?;
                let b = body.entry_block(after).ok_or("a while without body")?;
                out.extend(body.block_args(b).get(i - 1).copied());
            }
        }
        scf::YieldOp::NAME => {
            let p = body.parent_op(user).ok_or("an orphan scf.yield")?;
            match body.op_name(p).as_str() {
                scf::ForOp::NAME => {
                    out.extend(body.results(p).nth(i));
                    let r = body.regions_of(p)[0];
                    let b = body.entry_block(r).ok_or("a loop without body")?;
                    out.extend(body.block_args(b).get(i + 1).copied());
                }
                scf::WhileOp::NAME => {
                    let r = body.regions_of(p)[0];
                    let b = body.entry_block(r).ok_or("a while without condition")?;
                    out.extend(body.block_args(b).get(i).copied());
                }
                scf::IfOp::NAME | scf::ExecuteRegionOp::NAME | scf::IndexSwitchOp::NAME => {
                    out.extend(body.results(p).nth(i));
                }
                other => return Err(format!("it is yielded to '{other}'")),
            }
        }
        func::ReturnOp::NAME => return Err("it is returned from the function".into()),
        _ => {
            let r = buffer_results();
            if !r.is_empty() {
                return Err(format!("'{name}' makes a buffer of it"));
            }
        }
    }
    Ok(out)
}

/// The lifetime `[first, last]` (inclusive positions) of each allocation, whose
/// results are `roots`.
pub(super) fn lifetimes<'c>(
    ctx: &'c Context,
    body: &Body<'c>,
    prog: &Program,
    roots: &[ValueId],
) -> Result<Vec<(u32, u32)>, Untraceable> {
    // Follow each allocation through its aliases; a value reached from two allocations
    // joins their classes.
    let mut owner: SecondaryMap<ValueId, u32> = SecondaryMap::with_default(u32::MAX);
    let mut classes = UnionFind::new(roots.len());
    let mut values: Vec<Vec<ValueId>> = vec![Vec::new(); roots.len()];
    let mut users: Vec<Vec<OpId>> = vec![Vec::new(); roots.len()];
    for (r, &root) in roots.iter().enumerate() {
        owner.set(root, r as u32);
        let mut stack = vec![root];
        while let Some(v) = stack.pop() {
            values[r].push(v);
            for (user, i) in body.uses(v) {
                users[r].push(user);
                let targets = aliases_through(body, user, i).map_err(|why| Untraceable {
                    user,
                    root: r,
                    why,
                })?;
                for t in targets {
                    match *owner.get(t) {
                        u32::MAX => {
                            owner.set(t, r as u32);
                            stack.push(t);
                        }
                        q => classes.union(r, q as usize),
                    }
                }
            }
        }
    }
    // Gather each class's values and users under its representative.
    for r in 0..roots.len() {
        let c = classes.find(r);
        if c != r {
            let v = std::mem::take(&mut values[r]);
            values[c].extend(v);
            let u = std::mem::take(&mut users[r]);
            users[c].extend(u);
        }
    }
    let mut span = vec![(0u32, 0u32); roots.len()];
    for c in 0..roots.len() {
        if classes.find(c) != c {
            continue;
        }
        span[c] = class_span(ctx, body, prog, &values[c], &users[c]);
    }
    Ok((0..roots.len()).map(|r| span[classes.find(r)]).collect())
}

/// The span of one class: its definitions and uses, uses lifted over the loops and
/// multi-block regions they sit in (see the module comment).
fn class_span<'c>(
    ctx: &'c Context,
    body: &Body<'c>,
    prog: &Program,
    values: &[ValueId],
    users: &[OpId],
) -> (u32, u32) {
    let defs = values.iter().map(|&v| prog.def_pos(body, v));
    let (min_def, max_def) = defs.fold((u32::MAX, 0), |(lo, hi), p| (lo.min(p), hi.max(p)));
    let (mut lo, mut hi) = (min_def, max_def);
    let mut extend = |a: u32, b: u32| {
        lo = lo.min(a);
        hi = hi.max(b);
    };
    for &u in users {
        extend(prog.begin(u), prog.end(u));
        let mut op = u;
        loop {
            if let Some(r) = body.op_block(op).and_then(|b| body.block_region(b)) {
                if body.region_blocks(r).nth(1).is_some() {
                    let (a, b) = prog.region_span(body, r);
                    extend(a, b);
                }
            }
            let Some(parent) = body.parent_op(op) else {
                break;
            };
            let (a, b) = (prog.begin(parent), prog.end(parent));
            // A value from outside the loop body (before it, carried by it, or out of
            // it) must hold its buffer through every iteration.
            if (min_def <= a || max_def >= b) && loop_regions(ctx, body, parent).is_some() {
                extend(a, b);
            }
            op = parent;
        }
    }
    (lo, hi)
}
