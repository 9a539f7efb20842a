//! Region simplification between greedy iterations (MLIR's `simplifyRegions`): erase
//! blocks unreachable from the entry, then dead code by a liveness fixpoint over each
//! region (MLIR's `runRegionDCE`): ops whose results only feed dead ops, and block
//! arguments that only receive values, go; branch operands feeding dead arguments too.
//! As in MLIR, only erased blocks and ops count as a change (another iteration).

use rustc_hash::FxHashSet;
use smallvec::SmallVec;

use super::PatternRewriter;
use pto_ir::effects::would_be_trivially_dead;
use pto_ir::interfaces::{erase_successor_operand, successor_operands};
use pto_ir::{BlockId, Body, OpId, OpTraits, RegionId, ValueDef, ValueId};

/// Simplifies every region of the rewriter's body; true if anything changed.
pub fn simplify_regions(rewriter: &mut PatternRewriter<'_, '_>) -> bool {
    let regions = rewriter.body().root_regions();
    let erased_blocks = erase_unreachable_blocks(rewriter, &regions);
    run_region_dce(rewriter, &regions) || erased_blocks
}

/// The blocks of `region` reachable from its entry, in CFG post-order.
pub fn post_order(body: &Body<'_>, region: RegionId) -> Vec<BlockId> {
    let mut out = Vec::new();
    let Some(entry) = body.entry_block(region) else {
        return out;
    };
    let mut seen: FxHashSet<BlockId> = FxHashSet::default();
    seen.insert(entry);
    let mut stack: Vec<(BlockId, usize)> = vec![(entry, 0)];
    while let Some(&mut (b, ref mut next)) = stack.last_mut() {
        let succs = body.last_op(b).map_or(&[][..], |t| body.successors(t));
        if let Some(&s) = succs.get(*next) {
            *next += 1;
            if seen.insert(s) {
                stack.push((s, 0));
            }
        } else {
            out.push(b);
            stack.pop();
        }
    }
    out
}

fn nested_regions(body: &Body<'_>, block: BlockId, out: &mut Vec<RegionId>) {
    for op in body.block_ops(block) {
        if body.nested(op).is_none() {
            out.extend_from_slice(body.regions_of(op));
        }
    }
}

/// Erases the blocks no path from their region's entry reaches (with their ops), in
/// every region of the body; true if any was erased.
pub fn erase_unreachable_blocks(
    rewriter: &mut PatternRewriter<'_, '_>,
    regions: &[RegionId],
) -> bool {
    let mut erased = false;
    let mut worklist: Vec<RegionId> = regions.to_vec();
    while let Some(region) = worklist.pop() {
        let body = rewriter.body();
        let blocks: Vec<BlockId> = body.region_blocks(region).collect();
        if blocks.len() <= 1 {
            if let Some(&b) = blocks.first() {
                nested_regions(body, b, &mut worklist);
            }
            continue;
        }
        let reachable: FxHashSet<BlockId> = post_order(body, region).into_iter().collect();
        let dead: Vec<BlockId> = blocks
            .iter()
            .copied()
            .filter(|b| !reachable.contains(b))
            .collect();
        for &b in &blocks {
            if reachable.contains(&b) {
                nested_regions(rewriter.body(), b, &mut worklist);
            }
        }
        if dead.is_empty() {
            continue;
        }
        // Dead blocks may use each other's values: drop all their operands first.
        for &b in &dead {
            let ops: Vec<OpId> = rewriter.body().block_ops(b).collect();
            for op in ops {
                for o in rewriter.body().ops_in(op, pto_ir::WalkOrder::PreOrder) {
                    rewriter.modify_op_in_place(o, |body| body.drop_operands(o));
                }
            }
        }
        for b in dead {
            rewriter.erase_block(b);
        }
        erased = true;
    }
    erased
}

/// What is known live.
#[derive(Default)]
struct Liveness {
    ops: FxHashSet<OpId>,
    args: FxHashSet<ValueId>,
    changed: bool,
}

impl Liveness {
    fn op_live(&self, op: OpId) -> bool {
        self.ops.contains(&op)
    }
    fn value_live(&self, body: &Body<'_>, v: ValueId) -> bool {
        match body.value_def(v) {
            ValueDef::Result(op, _) => self.ops.contains(&op),
            ValueDef::Arg(..) => self.args.contains(&v),
        }
    }
    fn set_op(&mut self, op: OpId) {
        self.changed |= self.ops.insert(op);
    }
    fn set_value(&mut self, body: &Body<'_>, v: ValueId) {
        match body.value_def(v) {
            ValueDef::Result(op, _) => self.set_op(op),
            ValueDef::Arg(..) => self.changed |= self.args.insert(v),
        }
    }
}

/// The successor block argument that operand `index` of terminator `op` feeds, if known.
fn successor_argument(body: &Body<'_>, op: OpId, index: usize) -> Option<ValueId> {
    for (s, &succ) in body.successors(op).iter().enumerate() {
        let (start, end) = successor_operands(body, op, s)?;
        if (start..end).contains(&index) {
            return body.block_args(succ).get(index - start).copied();
        }
    }
    None
}

fn process_value(body: &Body<'_>, v: ValueId, live: &mut Liveness) {
    let used_live = body.uses(v).any(|(owner, index)| {
        if body.op_name(owner).traits().contains(OpTraits::TERMINATOR) {
            if let Some(arg) = successor_argument(body, owner, index) {
                return live.value_live(body, arg);
            }
        }
        live.op_live(owner)
    });
    if used_live {
        live.set_value(body, v);
    }
}

fn propagate_region(body: &Body<'_>, region: RegionId, live: &mut Liveness) {
    for b in post_order(body, region) {
        let ops: SmallVec<[OpId; 16]> = body.block_ops(b).collect();
        for &op in ops.iter().rev() {
            propagate_op(body, op, live);
        }
        for &a in body.block_args(b) {
            if !live.value_live(body, a) {
                process_value(body, a, live);
            }
        }
    }
}

fn propagate_op(body: &Body<'_>, op: OpId, live: &mut Liveness) {
    if body.nested(op).is_none() {
        for &r in body.regions_of(op) {
            propagate_region(body, r, live);
        }
    }
    if body.op_name(op).traits().contains(OpTraits::TERMINATOR) {
        live.set_op(op);
        for (s, &succ) in body.successors(op).iter().enumerate() {
            // Unknown forwarding: every argument of the successor may be used.
            if successor_operands(body, op, s).is_none() {
                for &a in body.block_args(succ) {
                    live.set_value(body, a);
                }
            }
        }
        return;
    }
    if live.op_live(op) {
        return;
    }
    if !would_be_trivially_dead(body, op) {
        live.set_op(op);
        return;
    }
    let results: SmallVec<[ValueId; 4]> = body.results(op).collect();
    for r in results {
        process_value(body, r, live);
    }
}

fn run_region_dce(rewriter: &mut PatternRewriter<'_, '_>, regions: &[RegionId]) -> bool {
    let mut live = Liveness::default();
    loop {
        live.changed = false;
        for &r in regions {
            propagate_region(rewriter.body(), r, &mut live);
        }
        if !live.changed {
            break;
        }
    }
    delete_dead(rewriter, regions, &live)
}

fn delete_dead(
    rewriter: &mut PatternRewriter<'_, '_>,
    regions: &[RegionId],
    live: &Liveness,
) -> bool {
    let mut erased = false;
    for &region in regions {
        let blocks = post_order(rewriter.body(), region);
        if blocks.is_empty() {
            continue;
        }
        let single = rewriter.body().region_blocks(region).nth(1).is_none();
        for &b in &blocks {
            if !single {
                erase_dead_successor_operands(rewriter, b, live);
            }
            let ops: SmallVec<[OpId; 16]> = rewriter.body().block_ops(b).collect();
            for &op in ops.iter().rev() {
                let body = rewriter.body();
                if !live.op_live(op) {
                    // In graph regions a dead op may still be used by a later dead op.
                    if body.results(op).all(|v| !body.has_uses(v)) {
                        rewriter.erase_op(op);
                        erased = true;
                    }
                } else if body.nested(op).is_none() {
                    let nested: Vec<RegionId> = body.regions_of(op).to_vec();
                    erased |= delete_dead(rewriter, &nested, live);
                }
            }
        }
        // The entry block's arguments belong to the parent op's contract: keep them.
        let later: Vec<BlockId> = rewriter.body().region_blocks(region).skip(1).collect();
        for b in later {
            let args: Vec<ValueId> = rewriter.body().block_args(b).to_vec();
            for (i, a) in args.iter().enumerate().rev() {
                let body = rewriter.body();
                // Not a change MLIR reports (its `deleteDeadness` counts erased ops
                // only), so no further iteration revisits the branches it shortened.
                if !live.value_live(body, *a) && !body.has_uses(*a) {
                    rewriter.modify_untracked(|body| body.erase_block_argument(b, i));
                }
            }
        }
    }
    erased
}

fn erase_dead_successor_operands(
    rewriter: &mut PatternRewriter<'_, '_>,
    block: BlockId,
    live: &Liveness,
) {
    let ctx = rewriter.context();
    let Some(term) = rewriter.body().last_op(block) else {
        return;
    };
    let succs: SmallVec<[BlockId; 2]> = rewriter.body().successors(term).iter().copied().collect();
    for (s, succ) in succs.iter().enumerate().rev() {
        let args: SmallVec<[ValueId; 4]> =
            rewriter.body().block_args(*succ).iter().copied().collect();
        for (i, a) in args.iter().enumerate().rev() {
            if !live.value_live(rewriter.body(), *a) {
                rewriter.modify_untracked(|body| {
                    erase_successor_operand(ctx, body, term, s, i);
                });
            }
        }
    }
}
