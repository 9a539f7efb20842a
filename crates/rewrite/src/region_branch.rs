//! The canonicalization patterns every region branch op gets in MLIR 22
//! (`populateRegionBranchOpInterfaceCanonicalizationPatterns`): successor inputs (region
//! arguments and results that receive forwarded values) that can only ever hold one
//! outside value are replaced by it, one of two inputs of the same block or op that
//! always receive the same values replaces the other, and sets of tied successor inputs
//! that are all unused are erased with the operands that feed them
//! (`PatternRewriter::erase_op_results` rebuilds the op without them).
//!
//! The edges come from [`pto_ir::region_branch`]. `scf.for`, `scf.while`, `scf.if`,
//! `scf.index_switch` and `scf.execute_region` register these patterns; they subsume the
//! per-op folders of unused or forwarded iteration values and results of older MLIR.

use rustc_hash::FxHashMap;
use smallvec::SmallVec;

use super::{MatchResult, PatternRewriter, RewritePatternSet};
use pto_ir::entity::{EntityRef, UnionFind};
use pto_ir::region_branch::{successor_mapping, SuccessorOperand};
use pto_ir::{BlockId, Body, OpId, ValueDef, ValueId};

/// Adds the three patterns for ops named `root` (MLIR's order).
pub fn add_region_branch_patterns(set: &mut RewritePatternSet, root: &'static str) {
    set.add_fn(
        root,
        "MakeRegionBranchOpSuccessorInputsDead",
        make_successor_inputs_dead,
    )
    .add_fn(
        root,
        "RemoveDuplicateSuccessorInputUses",
        remove_duplicate_successor_input_uses,
    )
    .add_fn(
        root,
        "RemoveDeadRegionBranchOpSuccessorInputs",
        remove_dead_successor_inputs,
    );
}

/// The successor mapping of a region op both ways: each successor operand with the
/// inputs it reaches, each successor input with the operands that feed it (in order of
/// first appearance), and the position of each input.
struct Mapping {
    forward: Vec<(SuccessorOperand, SmallVec<[ValueId; 2]>)>,
    inverse: Vec<(ValueId, SmallVec<[SuccessorOperand; 2]>)>,
    index: FxHashMap<ValueId, usize>,
}

impl Mapping {
    fn of<'c>(ctx: &'c pto_ir::Context, body: &Body<'c>, op: OpId) -> Self {
        let forward = successor_mapping(ctx, body, op);
        let mut inverse: Vec<(ValueId, SmallVec<[SuccessorOperand; 2]>)> = Vec::new();
        let mut index: FxHashMap<ValueId, usize> = FxHashMap::default();
        for (operand, inputs) in &forward {
            for &input in inputs {
                match index.get(&input) {
                    Some(&at) => inverse[at].1.push(*operand),
                    None => {
                        index.insert(input, inverse.len());
                        inverse.push((input, smallvec::smallvec![*operand]));
                    }
                }
            }
        }
        Self {
            forward,
            inverse,
            index,
        }
    }
}

/// The values other than successor inputs that `input` may hold: the operands feeding
/// it, followed back through the successor inputs among them (read now, so earlier
/// replacements count).
fn reachable_values(body: &Body<'_>, input: ValueId, m: &Mapping) -> SmallVec<[ValueId; 2]> {
    let mut reachable: SmallVec<[ValueId; 2]> = SmallVec::new();
    let mut visited: SmallVec<[ValueId; 8]> = SmallVec::new();
    let mut worklist: SmallVec<[ValueId; 8]> = smallvec::smallvec![input];
    while let Some(next) = worklist.pop() {
        match m.index.get(&next) {
            None => {
                if !reachable.contains(&next) {
                    reachable.push(next);
                }
            }
            Some(&at) => {
                for o in &m.inverse[at].1 {
                    let v = body.operand(o.owner, o.index);
                    if !visited.contains(&v) {
                        visited.push(v);
                        worklist.push(v);
                    }
                }
            }
        }
    }
    reachable
}

/// The block owning `v` when it is a block argument.
fn arg_block(body: &Body<'_>, v: ValueId) -> Option<BlockId> {
    match body.value_def(v) {
        ValueDef::Arg(b, _) => Some(b),
        ValueDef::Result(..) => None,
    }
}

/// Whether `a`, a value reaching successor input `b` of `op`, is in scope wherever `b`
/// is: a value from outside the op always is; one defined directly in a region of the
/// op only if both are arguments of the same block.
fn defined_before(body: &Body<'_>, op: OpId, a: ValueId, b: ValueId) -> bool {
    let a_parent = body
        .value_block(a)
        .and_then(|blk| body.block_region(blk))
        .and_then(|r| body.region_op(r));
    if a_parent != Some(op) {
        return true;
    }
    match (arg_block(body, a), arg_block(body, b)) {
        (Some(x), Some(y)) => x == y,
        _ => false,
    }
}

/// `MakeRegionBranchOpSuccessorInputsDead`: a used successor input that can only hold one
/// value (not itself a successor input) in scope is replaced by that value.
fn make_successor_inputs_dead<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    let m = Mapping::of(rw.context(), rw.body(), op);
    let mut changed = false;
    for &(input, _) in &m.inverse {
        if !rw.body().has_uses(input) {
            continue;
        }
        let reachable = reachable_values(rw.body(), input, &m);
        let [only] = reachable.as_slice() else {
            continue;
        };
        if !defined_before(rw.body(), op, *only, input) {
            continue;
        }
        rw.replace_all_uses_with(input, *only);
        changed = true;
    }
    if changed {
        Ok(())
    } else {
        rw.notify_match_failure(op, "no successor input with a single reachable value")
    }
}

/// The block or op that owns `v` (an argument's block, a result's op), as a key.
fn owner_of(body: &Body<'_>, v: ValueId) -> (bool, usize) {
    match body.value_def(v) {
        ValueDef::Arg(b, _) => (true, b.index()),
        ValueDef::Result(op, _) => (false, op.index()),
    }
}

/// The position of `v` among its owner's arguments or results.
fn arg_or_result_number(body: &Body<'_>, v: ValueId) -> u32 {
    match body.value_def(v) {
        ValueDef::Arg(_, n) | ValueDef::Result(_, n) => n,
    }
}

/// `RemoveDuplicateSuccessorInputUses`: of two successor inputs of the same block or op
/// that every predecessor feeds the same value, the later one's uses go to the earlier
/// one (inputs ordered by argument or result number), so that tied sets die together.
fn remove_duplicate_successor_input_uses<'c>(
    op: OpId,
    rw: &mut PatternRewriter<'_, 'c>,
) -> MatchResult {
    let m = Mapping::of(rw.context(), rw.body(), op);
    let inverse = &m.inverse;
    let mut order: Vec<usize> = (0..inverse.len()).collect();
    order.sort_by_key(|&i| arg_or_result_number(rw.body(), inverse[i].0));
    let mut changed = false;
    for (k, &i) in order.iter().enumerate() {
        let input1 = inverse[i].0;
        for &j in &order[k + 1..] {
            let input2 = inverse[j].0;
            let body = rw.body();
            if !body.has_uses(input2) || owner_of(body, input1) != owner_of(body, input2) {
                continue;
            }
            // Predecessor (owner of the operand) to the value it forwards.
            let fed = |at: usize| {
                let mut v: SmallVec<[(OpId, ValueId); 4]> = inverse[at]
                    .1
                    .iter()
                    .map(|o| (o.owner, body.operand(o.owner, o.index)))
                    .collect();
                v.sort_by_key(|&(o, _)| o.index());
                v
            };
            if fed(i) == fed(j) {
                rw.replace_all_uses_with(input2, input1);
                changed = true;
            }
        }
    }
    if changed {
        Ok(())
    } else {
        rw.notify_match_failure(op, "no duplicate successor inputs")
    }
}

/// `RemoveDeadRegionBranchOpSuccessorInputs`: every set of tied successor inputs that is
/// entirely unused is erased (block arguments, results), with the operands feeding it.
fn remove_dead_successor_inputs<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    let body = rw.body();
    let m = Mapping::of(rw.context(), body, op);
    let inverse = &m.inverse;
    // Inputs fed by one operand are tied: erasing one needs erasing all.
    let mut tied = UnionFind::new(inverse.len());
    for (_, inputs) in &m.forward {
        for w in inputs.windows(2) {
            tied.union(m.index[&w[0]], m.index[&w[1]]);
        }
    }
    // A set is dead when none of its members has a use.
    let mut live_root = vec![false; inverse.len()];
    for (i, (v, _)) in inverse.iter().enumerate() {
        if body.has_uses(*v) {
            let r = tied.find(i);
            live_root[r] = true;
        }
    }
    let dead: Vec<usize> = (0..inverse.len())
        .filter(|&i| !live_root[tied.find(i)])
        .collect();
    if dead.is_empty() {
        return rw.notify_match_failure(op, "no dead set of successor inputs");
    }
    // Operands to erase, grouped by owner (first met first); block arguments by block.
    let mut operands: Vec<(OpId, Vec<usize>)> = Vec::new();
    let mut args: Vec<(BlockId, Vec<usize>)> = Vec::new();
    let mut results = vec![false; body.num_results(op)];
    for &i in &dead {
        let (v, feeding) = &inverse[i];
        match body.value_def(*v) {
            ValueDef::Arg(b, n) => push_grouped(&mut args, b, n as usize),
            ValueDef::Result(_, n) => results[n as usize] = true,
        }
        for o in feeding {
            push_grouped(&mut operands, o.owner, o.index);
        }
    }
    for (owner, mut idx) in operands {
        idx.sort_unstable();
        idx.dedup();
        rw.modify_op_in_place(owner, |b| {
            for &i in idx.iter().rev() {
                b.erase_operand(owner, i);
            }
        });
    }
    for (block, mut idx) in args {
        idx.sort_unstable();
        idx.dedup();
        rw.modify_op_in_place(op, |b| {
            for &i in idx.iter().rev() {
                b.erase_block_argument(block, i);
            }
        });
    }
    if results.iter().any(|&r| r) {
        rw.erase_op_results(op, &results);
    }
    Ok(())
}

fn push_grouped<K: PartialEq>(groups: &mut Vec<(K, Vec<usize>)>, key: K, i: usize) {
    match groups.iter_mut().find(|(k, _)| *k == key) {
        Some((_, v)) => v.push(i),
        None => groups.push((key, vec![i])),
    }
}
