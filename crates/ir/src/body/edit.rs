//! Structural edits on blocks and regions: what a pattern rewriter needs to inline,
//! split and merge blocks (MLIR's `inlineRegionBefore`, `splitBlock`, `mergeBlocks`),
//! and to drop block arguments. All are O(moved ops) or better.

use super::{BlockId, Body, InsertPoint, OpId, RegionId, ValueId};
use crate::entity::{EntityRef, PackedOption};
use crate::{Location, Type};

impl<'c> Body<'c> {
    /// Unlinks a block from its region, keeping its ops and arguments.
    pub fn detach_block(&mut self, block: BlockId) {
        let Some(region) = self.blocks[block].region.get() else {
            return;
        };
        let (prev, next) = (self.blocks[block].prev, self.blocks[block].next);
        match prev.get() {
            Some(p) => self.blocks[p].next = next,
            None => self.regions[region].first_block = next,
        }
        match next.get() {
            Some(n) => self.blocks[n].prev = prev,
            None => self.regions[region].last_block = prev,
        }
        let d = &mut self.blocks[block];
        d.region = PackedOption::NONE;
        d.prev = PackedOption::NONE;
        d.next = PackedOption::NONE;
    }

    /// Inserts a detached block into `region` before `before` (at the end if `None`).
    pub fn insert_block(&mut self, region: RegionId, block: BlockId, before: Option<BlockId>) {
        let Some(before) = before else {
            self.append_block(region, block);
            return;
        };
        debug_assert!(self.blocks[block].region.is_none(), "block is in a region");
        let prev = self.blocks[before].prev;
        self.blocks[block].region = PackedOption::some(region);
        self.blocks[block].prev = prev;
        self.blocks[block].next = PackedOption::some(before);
        self.blocks[before].prev = PackedOption::some(block);
        match prev.get() {
            Some(p) => self.blocks[p].next = PackedOption::some(block),
            None => self.regions[region].first_block = PackedOption::some(block),
        }
    }

    /// Moves every block of `from` into `to`, before `before` (at the end if `None`):
    /// MLIR's `inlineRegionBefore`. Ops move with their blocks; nothing is copied.
    pub fn inline_region_before(&mut self, from: RegionId, to: RegionId, before: Option<BlockId>) {
        while let Some(b) = self.regions[from].first_block.get() {
            self.detach_block(b);
            self.insert_block(to, b, before);
        }
    }

    /// Splits `block` before `at`: `at` and the ops after it move to a new block inserted
    /// right after `block`, which is returned.
    pub fn split_block(&mut self, block: BlockId, at: Option<OpId>) -> BlockId {
        let new = self.create_block();
        let region = self.blocks[block].region.get();
        if let Some(r) = region {
            let next = self.blocks[block].next.get();
            self.insert_block(r, new, next);
        }
        let mut cur = at;
        while let Some(op) = cur {
            cur = self.next_op(op);
            self.move_op(op, InsertPoint::BlockEnd(new));
        }
        new
    }

    /// Moves the ops of `src` before `at`, replacing `src`'s arguments by `args`, then
    /// erases `src` (MLIR's `inlineBlockBefore`). `src` must have no predecessors.
    pub fn inline_block_before(&mut self, src: BlockId, at: InsertPoint, args: &[ValueId]) {
        let old: Vec<ValueId> = self.blocks[src].args.to_vec();
        assert_eq!(old.len(), args.len(), "argument count mismatch");
        for (o, n) in old.into_iter().zip(args) {
            self.replace_all_uses(o, *n);
        }
        let ops: Vec<OpId> = self.block_ops(src).collect();
        // Insert in order: after a fixed anchor, each op follows the previous one.
        let mut point = at;
        for op in ops {
            self.move_op(op, point);
            point = InsertPoint::After(op);
        }
        self.detach_block(src);
        self.blocks[src].alive = false;
    }

    /// Appends the ops of `src` to `dest` with `src`'s arguments replaced by `args`, and
    /// erases `src` (MLIR's `mergeBlocks`).
    pub fn merge_blocks(&mut self, src: BlockId, dest: BlockId, args: &[ValueId]) {
        let at = match self.last_op(dest) {
            Some(o) => InsertPoint::After(o),
            None => InsertPoint::BlockEnd(dest),
        };
        self.inline_block_before(src, at, args);
    }

    /// Removes argument `index` of `block`, which must be unused; later arguments shift.
    pub fn erase_block_argument(&mut self, block: BlockId, index: usize) {
        let v = self.blocks[block].args[index];
        assert!(!self.has_uses(v), "erasing a block argument that is used");
        self.blocks[block].args.remove(index);
        self.blocks[block].arg_locs.remove(index);
        for i in index..self.blocks[block].args.len() {
            let a = self.blocks[block].args[i];
            self.set_arg_def(a, block, i as u32);
        }
    }

    /// Inserts an argument of type `ty` at position `index` of `block` (at most the
    /// number of arguments); later arguments shift.
    pub fn insert_block_argument(
        &mut self,
        block: BlockId,
        index: usize,
        ty: Type<'c>,
        loc: Location<'c>,
    ) -> ValueId {
        let v = self.add_block_argument(block, ty, loc);
        let args = &mut self.blocks[block].args;
        let last = args.len() - 1;
        args[index..].rotate_right(1);
        let locs = &mut self.blocks[block].arg_locs;
        locs[index..].rotate_right(1);
        for i in index..=last {
            let a = self.blocks[block].args[i];
            self.set_arg_def(a, block, i as u32);
        }
        v
    }

    /// Removes operand `index` of `op` (for branch operands of erased block arguments).
    pub fn erase_operand(&mut self, op: OpId, index: usize) {
        let mut values: smallvec::SmallVec<[ValueId; 4]> = self.operands(op).collect();
        values.remove(index);
        self.set_operands(op, &values);
    }

    /// The ops whose successor lists name `block`, with the successor index.
    /// Only terminators (last ops) of blocks of the same region count, in op order:
    /// found from the ops that ever named the block, not by scanning the region.
    pub fn predecessors(&self, block: BlockId) -> Vec<(OpId, usize)> {
        let mut out = Vec::new();
        let Some(region) = self.block_region(block) else {
            return out;
        };
        for &(t, i) in self.successor_candidates(block) {
            let i = i as usize;
            if !self.is_alive(t) || self.successors(t).get(i) != Some(&block) {
                continue;
            }
            let Some(b) = self.op_block(t) else {
                continue;
            };
            if self.block_region(b) == Some(region) && self.last_op(b) == Some(t) {
                out.push((t, i));
            }
        }
        out.sort_unstable_by_key(|&(t, i)| (t.index(), i));
        out
    }
}

impl Body<'_> {
    /// Drops every operand of `op` (their uses disappear; the op keeps no operands). Used
    /// before erasing ops of dead code whose values may be used by other dead ops.
    pub fn drop_operands(&mut self, op: OpId) {
        for u in self.ops[op].operands.range() {
            self.unlink_use(super::UseId::new(u));
        }
        self.ops[op].operands.len = 0;
    }
}
