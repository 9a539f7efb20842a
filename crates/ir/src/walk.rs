//! Walks over the ops of a body, in pre- or post-order, that tolerate erasure.
//!
//! The walk takes a snapshot of the ops to visit and skips any that are dead when their
//! turn comes, so a callback may erase the visited op (or any other) safely. Walks stay
//! within one [`Body`]: ops of isolated-from-above children are visited by walking their
//! nested bodies (see [`Body::nested_mut`]), which is also the unit of parallel work.

use super::body::{Body, OpId};

/// Visit order.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum WalkOrder {
    /// An op before the ops nested in it.
    PreOrder,
    /// The ops nested in an op before the op itself.
    PostOrder,
}

/// Whether to continue a walk.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum WalkResult {
    /// Keep going.
    Advance,
    /// Do not visit the ops nested in this one (pre-order only).
    Skip,
    /// Stop the walk.
    Interrupt,
}

fn collect(body: &Body<'_>, op: OpId, order: WalkOrder, out: &mut Vec<OpId>) {
    if order == WalkOrder::PreOrder {
        out.push(op);
    }
    if body.nested(op).is_none() {
        for &r in body.regions_of(op) {
            for b in body.region_blocks(r) {
                for o in body.block_ops(b) {
                    collect(body, o, order, out);
                }
            }
        }
    }
    if order == WalkOrder::PostOrder {
        out.push(op);
    }
}

impl<'c> Body<'c> {
    /// The ops of `root` and below it (within this body), in `order`.
    pub fn ops_in(&self, root: OpId, order: WalkOrder) -> Vec<OpId> {
        let mut v = Vec::new();
        collect(self, root, order, &mut v);
        v
    }

    /// Calls `f` on `root` and every op below it in this body. `f` may mutate the body,
    /// including erasing the visited op; erased ops are not visited afterwards.
    /// Returns false if the walk was interrupted.
    pub fn walk(
        &mut self,
        root: OpId,
        order: WalkOrder,
        mut f: impl FnMut(&mut Body<'c>, OpId) -> WalkResult,
    ) -> bool {
        let ops = self.ops_in(root, WalkOrder::PreOrder);
        let ops = if order == WalkOrder::PostOrder {
            self.ops_in(root, WalkOrder::PostOrder)
        } else {
            ops
        };
        let mut skip_until_done: Vec<OpId> = Vec::new();
        for op in ops {
            if !self.is_alive(op) {
                continue;
            }
            if !skip_until_done.is_empty() && self.is_inside_any(op, &skip_until_done) {
                continue;
            }
            match f(self, op) {
                WalkResult::Advance => {}
                WalkResult::Skip => skip_until_done.push(op),
                WalkResult::Interrupt => return false,
            }
        }
        true
    }

    fn is_inside_any(&self, op: OpId, ancestors: &[OpId]) -> bool {
        let mut cur = self.parent_op(op);
        while let Some(p) = cur {
            if ancestors.contains(&p) {
                return true;
            }
            cur = self.parent_op(p);
        }
        false
    }
}

impl Body<'_> {
    /// Every live op of this body in pre-order: the ops of its root regions (the
    /// top-level block of a file, or the regions of the isolated op owning the body) and
    /// everything nested in them, without entering nested isolated bodies.
    pub fn all_ops(&self) -> Vec<OpId> {
        let mut v = Vec::new();
        for r in self.root_regions() {
            for b in self.region_blocks(r) {
                for o in self.block_ops(b) {
                    collect(self, o, WalkOrder::PreOrder, &mut v);
                }
            }
        }
        v
    }
}
