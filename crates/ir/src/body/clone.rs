//! Copying IR from one body into another (MLIR's `Region::cloneInto` with an
//! `IRMapping`): what the inliner needs, since a callee's ops live in the callee's own
//! body and must be copied into the caller's.
//!
//! Blocks are created first (arguments mapped), then ops in order, and operands are set
//! last, so that an op may use a value defined by a later block (blocks need not be in
//! dominance order) or by a later op of a graph region. Isolated-from-above ops are
//! copied with a fresh nested body of their own.

use rustc_hash::FxHashMap;
use smallvec::SmallVec;

use super::{BlockId, Body, InsertPoint, OpId, OperationState, RegionId, ValueId};
use crate::Location;

/// Where copied values and blocks went: source id to destination id.
#[derive(Default, Debug)]
pub struct IrMapping {
    /// Values of the source body to values of the destination body.
    pub values: FxHashMap<ValueId, ValueId>,
    /// Blocks of the source body to blocks of the destination body.
    pub blocks: FxHashMap<BlockId, BlockId>,
}

impl IrMapping {
    /// The value `v` maps to, if mapped.
    pub fn value(&self, v: ValueId) -> Option<ValueId> {
        self.values.get(&v).copied()
    }
}

/// Why a copy could not be made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CloneError {
    /// An op of the copied region uses a value defined outside it that the mapping does
    /// not name.
    UnmappedValue(ValueId),
}

/// One copy in progress into one destination body: ops whose operands are set once
/// every value is known.
struct Pending {
    fixups: Vec<(OpId, SmallVec<[ValueId; 4]>)>,
}

impl<'c> Body<'c> {
    /// Copies the blocks of `src_region` (in `src`) into `dst_region` of `self`, before
    /// `before` (at the end if `None`). Values defined outside `src_region` must be
    /// mapped in `map` beforehand (a function's entry arguments to the call operands are
    /// the typical case); the copied blocks and values are added to `map`. Returns the
    /// new blocks in order. On error nothing that was copied is left in `dst_region`.
    pub fn clone_region_from(
        &mut self,
        src: &Body<'c>,
        src_region: RegionId,
        dst_region: RegionId,
        before: Option<BlockId>,
        map: &mut IrMapping,
    ) -> Result<Vec<BlockId>, CloneError> {
        let mut pending = Pending { fixups: Vec::new() };
        let blocks = self.copy_region(src, src_region, dst_region, before, map, &mut pending);
        if let Err(e) = self.apply_fixups(pending, map) {
            for &b in blocks.iter().rev() {
                for o in self.block_ops(b).collect::<Vec<_>>() {
                    self.drop_operands(o);
                }
            }
            for &b in blocks.iter().rev() {
                let _ = self.erase_block(b);
            }
            return Err(e);
        }
        Ok(blocks)
    }

    /// Sets the location of argument `i` of `block`.
    pub fn set_block_arg_loc(&mut self, block: BlockId, i: usize, loc: Location<'c>) {
        self.blocks[block].arg_locs[i] = loc;
    }

    fn copy_region(
        &mut self,
        src: &Body<'c>,
        src_region: RegionId,
        dst_region: RegionId,
        before: Option<BlockId>,
        map: &mut IrMapping,
        pending: &mut Pending,
    ) -> Vec<BlockId> {
        let src_blocks: Vec<BlockId> = src.region_blocks(src_region).collect();
        let mut new_blocks = Vec::with_capacity(src_blocks.len());
        for &b in &src_blocks {
            let nb = self.create_block();
            for (i, &a) in src.block_args(b).iter().enumerate() {
                // An argument mapped beforehand is replaced, not copied (the callee's
                // entry arguments when inlining), as in MLIR's `cloneInto`.
                if map.values.contains_key(&a) {
                    continue;
                }
                let na = self.add_block_argument(nb, src.value_type(a), src.block_arg_loc(b, i));
                map.values.insert(a, na);
            }
            self.insert_block(dst_region, nb, before);
            map.blocks.insert(b, nb);
            new_blocks.push(nb);
        }
        for (&b, &nb) in src_blocks.iter().zip(&new_blocks) {
            for op in src.block_ops(b) {
                let new = self.copy_op(src, op, map, pending);
                self.insert_op(new, InsertPoint::BlockEnd(nb));
            }
        }
        new_blocks
    }

    /// Copies `op` (detached), its regions included; operands are set by the fixups.
    fn copy_op(
        &mut self,
        src: &Body<'c>,
        op: OpId,
        map: &mut IrMapping,
        pending: &mut Pending,
    ) -> OpId {
        let mut regions: SmallVec<[RegionId; 1]> = SmallVec::new();
        let mut nested = None;
        if let Some(src_nested) = src.nested(op) {
            // An isolated op: its regions go into a body of its own, with its own values.
            let mut body = Body::new();
            let mut inner_map = IrMapping::default();
            let mut inner = Pending { fixups: Vec::new() };
            for &r in src.regions_of(op) {
                let nr = body.create_region();
                body.copy_region(src_nested, r, nr, None, &mut inner_map, &mut inner);
                regions.push(nr);
            }
            // Nothing inside an isolated op can use an outer value, so this cannot fail.
            let _ = body.apply_fixups(inner, &inner_map);
            nested = Some(Box::new(body));
        } else {
            for &r in src.regions_of(op) {
                let nr = self.create_region();
                self.copy_region(src, r, nr, None, map, pending);
                regions.push(nr);
            }
        }
        let successors = src
            .successors(op)
            .iter()
            .map(|b| map.blocks.get(b).copied().unwrap_or(*b))
            .collect();
        let new = self.create_op(OperationState {
            name: src.op_name(op),
            loc: src.op_loc(op),
            operands: SmallVec::new(),
            result_types: src.results(op).map(|v| src.value_type(v)).collect(),
            attrs: src.op_attrs(op),
            props: src.op_props(op),
            successors,
            regions,
            nested,
        });
        for (a, b) in src.results(op).zip(self.results(new)) {
            map.values.insert(a, b);
        }
        if src.num_operands(op) > 0 {
            pending.fixups.push((new, src.operands(op).collect()));
        }
        new
    }

    fn apply_fixups(&mut self, pending: Pending, map: &IrMapping) -> Result<(), CloneError> {
        let mut resolved = Vec::with_capacity(pending.fixups.len());
        for (op, operands) in pending.fixups {
            let mut values: SmallVec<[ValueId; 4]> = SmallVec::new();
            for v in operands {
                values.push(map.value(v).ok_or(CloneError::UnmappedValue(v))?);
            }
            resolved.push((op, values));
        }
        for (op, values) in resolved {
            self.set_operands(op, &values);
        }
        Ok(())
    }
}
