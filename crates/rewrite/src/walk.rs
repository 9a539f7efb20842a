//! The walk driver (MLIR's `walkAndApplyPatterns`): one post-order walk over a body and
//! the bodies nested in it, applying the best matching pattern to each op once. No
//! folding, no worklist, no fixed point: for rewrites known to finish in one sweep.

use super::{FrozenPatternSet, NoListener, PatternRewriter};
use pto_ir::{Body, Context, OpId, WalkOrder, WalkResult};

/// Applies at most one pattern to every op (nested bodies first, then post-order);
/// returns how many applied. Ops a pattern creates are not visited.
pub fn walk_and_apply_patterns<'c>(
    ctx: &'c Context,
    body: &mut Body<'c>,
    patterns: &FrozenPatternSet,
) -> usize {
    let mut applied = 0;
    for (_, nested) in body.nested_bodies_mut() {
        applied += walk_and_apply_patterns(ctx, nested, patterns);
    }
    let mut tops: Vec<OpId> = Vec::new();
    for r in body.root_regions() {
        for b in body.region_blocks(r) {
            tops.extend(body.block_ops(b));
        }
    }
    let mut listener = NoListener;
    for top in tops {
        if !body.is_alive(top) {
            continue;
        }
        body.walk(top, WalkOrder::PostOrder, |body, op| {
            let name = body.op_name(op);
            let mut rewriter = PatternRewriter::new(ctx, body, &mut listener);
            for p in patterns.candidates(name.as_str()) {
                rewriter.set_insertion_point_before(op);
                if p.match_and_rewrite(op, &mut rewriter).is_ok() {
                    applied += 1;
                    break;
                }
            }
            WalkResult::Advance
        });
    }
    applied
}
