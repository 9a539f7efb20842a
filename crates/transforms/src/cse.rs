//! `cse`: eliminates common subexpressions. An op without memory effects, regions or
//! successors is replaced by an identical op (same name, operands, result types and
//! attributes) that dominates it; ops without effects whose results are unused are
//! erased. Isolated-from-above ops are processed with their own, empty scope.

use rustc_hash::FxHashMap;
use smallvec::SmallVec;

use pto_ir::dominance::compute_dominators;
use pto_ir::ods::MemoryEffects;
use pto_ir::{BlockId, Body, Context, Diagnostic, OpId, OpTraits, RegionId, ValueId};
use pto_pass::{Pass, PassTarget, Statistics};

impl Pass for crate::CSE {
    fn run<'c>(
        &self,
        _ctx: &'c Context,
        target: &mut PassTarget<'_, 'c>,
    ) -> Result<(), Diagnostic<'c>> {
        simplify_body(target.body, target.statistics);
        Ok(())
    }
}

/// What makes two ops interchangeable. Types and attributes are uniqued, so their
/// addresses stand for them.
#[derive(PartialEq, Eq, Hash, Clone)]
struct Key {
    name: usize,
    operands: SmallVec<[ValueId; 4]>,
    result_types: SmallVec<[usize; 2]>,
    attrs: usize,
    props: usize,
}

/// A hash map with nested scopes (undo log of inserted keys).
#[derive(Default)]
struct ScopedMap {
    map: FxHashMap<Key, OpId>,
    log: Vec<Vec<Key>>,
}

impl ScopedMap {
    fn push(&mut self) {
        self.log.push(Vec::new());
    }
    fn pop(&mut self) {
        for k in self.log.pop().unwrap_or_default() {
            self.map.remove(&k);
        }
    }
    fn insert(&mut self, k: Key, op: OpId) {
        self.log.last_mut().expect("scope").push(k.clone());
        self.map.insert(k, op);
    }
}

/// Whether the op has no memory effects (and no regions that could have some).
fn is_effect_free(body: &Body<'_>, op: OpId) -> bool {
    if body.op_name(op).def.and_then(|d| d.spec).is_none() {
        return false;
    }
    let e = pto_ir::effects::effects(body, op);
    e == 0 || (e == MemoryEffects::RECURSIVE && body.regions_of(op).is_empty())
}

fn key_of(body: &Body<'_>, op: OpId) -> Key {
    Key {
        name: body.op_name(op).as_str().as_ptr() as usize,
        operands: body.operands(op).collect(),
        result_types: body
            .results(op)
            .map(|v| body.value_type(v).as_ptr() as usize)
            .collect(),
        attrs: body.op_attrs(op).as_ptr() as usize,
        props: body.op_props(op).map_or(0, |p| p.as_ptr() as usize),
    }
}

/// Runs CSE over a body and, with fresh scopes, over the isolated bodies inside it.
fn simplify_body(body: &mut Body<'_>, stats: &mut Statistics) {
    let mut known = ScopedMap::default();
    let mut erase: Vec<OpId> = Vec::new();
    let (mut cse, mut dce) = (0u64, 0u64);
    for r in body.root_regions() {
        simplify_region(body, r, &mut known, &mut erase, &mut cse, &mut dce);
    }
    for op in erase {
        let _ = body.erase_op(op);
    }
    stats.add(crate::CSE::NUM_CSED, cse);
    stats.add(crate::CSE::NUM_DCED, dce);
    for (_, nested) in body.nested_bodies_mut() {
        simplify_body(nested, stats);
    }
}

fn simplify_region(
    body: &mut Body<'_>,
    r: RegionId,
    known: &mut ScopedMap,
    erase: &mut Vec<OpId>,
    cse: &mut u64,
    dce: &mut u64,
) {
    let blocks: Vec<BlockId> = body.region_blocks(r).collect();
    if blocks.len() <= 1 {
        for b in blocks {
            known.push();
            simplify_block(body, b, known, erase, cse, dce);
            known.pop();
        }
        return;
    }
    // Walk the dominator tree: a block sees the values of the blocks dominating it.
    let children = compute_dominators(body, r).children();
    let mut stack: Vec<(usize, bool)> = vec![(0, false)];
    while let Some((i, leaving)) = stack.pop() {
        if leaving {
            known.pop();
            continue;
        }
        known.push();
        simplify_block(body, blocks[i], known, erase, cse, dce);
        stack.push((i, true));
        stack.extend(children[i].iter().rev().map(|&c| (c, false)));
    }
}

/// Whether `op` only reads memory (and has no regions).
fn is_read_only(body: &Body<'_>, op: OpId) -> bool {
    body.regions_of(op).is_empty()
        && body.op_name(op).def.and_then(|d| d.spec).is_some()
        && pto_ir::effects::effects(body, op) == MemoryEffects::READ
}

/// Whether an op strictly between `from` and `to` (same block) may write memory.
fn write_between(body: &Body<'_>, from: OpId, to: OpId) -> bool {
    let mut cur = body.next_op(from);
    while let Some(o) = cur {
        if o == to {
            return false;
        }
        if !is_effect_free(body, o) && !is_read_only(body, o) {
            return true;
        }
        cur = body.next_op(o);
    }
    true
}

fn simplify_block(
    body: &mut Body<'_>,
    b: BlockId,
    known: &mut ScopedMap,
    erase: &mut Vec<OpId>,
    cse: &mut u64,
    dce: &mut u64,
) {
    let ops: Vec<OpId> = body.block_ops(b).collect();
    for op in ops {
        let regions: Vec<RegionId> = body.regions_of(op).to_vec();
        if !regions.is_empty() {
            if body.nested(op).is_some() {
                // Isolated: its body gets fresh scopes (see `simplify_body`).
            } else if body.op_name(op).def.is_none() {
                // An unregistered op might be isolated from above (MLIR's
                // `mightHaveTrait`): values from outside must not become implicit
                // captures, so its regions start from an empty scope.
                let mut fresh = ScopedMap::default();
                for r in regions {
                    simplify_region(body, r, &mut fresh, erase, cse, dce);
                }
            } else {
                for r in regions {
                    simplify_region(body, r, known, erase, cse, dce);
                }
            }
            continue;
        }
        if !body.successors(op).is_empty()
            || body.op_name(op).traits().contains(OpTraits::TERMINATOR)
        {
            continue;
        }
        let pure = is_effect_free(body, op);
        let read_only = !pure && is_read_only(body, op);
        if !pure && !read_only {
            continue;
        }
        if pure && body.results(op).all(|v| !body.has_uses(v)) {
            erase.push(op);
            *dce += 1;
            continue;
        }
        let k = key_of(body, op);
        // A read is redundant only when nothing in between (same block) may write.
        let existing = known.map.get(&k).copied().filter(|&e| {
            !read_only || (body.op_block(e) == Some(b) && !write_between(body, e, op))
        });
        match existing {
            Some(existing) => {
                let pairs: Vec<_> = body.results(op).zip(body.results(existing)).collect();
                for (old, new) in pairs {
                    body.replace_all_uses(old, new);
                }
                erase.push(op);
                *cse += 1;
            }
            None => known.insert(k, op),
        }
    }
}
