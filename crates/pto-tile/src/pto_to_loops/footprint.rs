//! The arena bytes each `pto` op of a function touches through its tile operands, known
//! before anything is lowered. A fused row group drops the store of a tile element that
//! only its own members read, forwarded in registers (see `fusion`); whether an op
//! outside the group touches the same bytes (now, later, or in another iteration of an
//! enclosing loop) is answered here.
//!
//! A tile's bytes are `[addr, addr + size)` in its address space when its definition
//! (`pto.alloc_tile addr = ...`, `pto.pointer_cast`, `pto.tassign`) has one constant address; views of
//! it (`bitcast`, `treshape`, `subset`) share its bytes. Any other tile is taken to
//! touch its whole address space.

use crate::AddressSpace;
use rustc_hash::FxHashMap;

use crate::layout::elem_bytes;
use crate::TileBufType;
use pto_ir::{Body, OpId, ValueId};

use super::operand;
use super::tile::storage_elems;

/// Bytes `[start, end)` of one address space.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Bytes {
    space: AddressSpace,
    start: i64,
    end: i64,
}

impl Bytes {
    /// The whole of `space`: what a tile of unknown place may touch.
    fn anywhere(space: AddressSpace) -> Bytes {
        Bytes {
            space,
            start: 0,
            end: i64::MAX,
        }
    }
}

/// The bytes each op touches, one entry per tile operand.
#[derive(Default)]
pub(crate) struct Footprints {
    touches: Vec<(OpId, Bytes)>,
}

impl Footprints {
    /// The footprints of `pto_ops` (a function's `pto` ops, in order).
    pub fn of(body: &Body<'_>, pto_ops: &[OpId]) -> Footprints {
        let mut places: FxHashMap<ValueId, Bytes> = FxHashMap::default();
        let mut touches = Vec::new();
        for &op in pto_ops {
            let op_name = body.op_name(op).as_str();
            let result = (body.num_results(op) == 1).then(|| body.result(op, 0));
            let result_tile = result.and_then(|r| TileBufType::from_type(body.value_type(r)));
            match (op_name, result, result_tile) {
                (crate::AllocTileOp::NAME | crate::PointerCastOp::NAME, Some(r), Some(t)) => {
                    let addr = if op_name == crate::AllocTileOp::NAME {
                        operand(body, op, "addr")
                    } else {
                        let spec = body.op_name(op).def.and_then(|d| d.spec);
                        spec.and_then(|s| {
                            let addrs = pto_ir::ods::operand_group(s, body, op, 0);
                            (addrs.len() == 1).then(|| addrs[0])
                        })
                    };
                    let start = addr.and_then(|a| body.constant_int(a));
                    if let Some(start) = start.and_then(|s| i64::try_from(s).ok()) {
                        places.insert(r, bytes_from(t, start));
                    }
                }
                (crate::TAssignOp::NAME, Some(r), Some(t)) => {
                    let start = body.operands(op).nth(1).and_then(|a| body.constant_int(a));
                    if let Some(start) = start.and_then(|s| i64::try_from(s).ok()) {
                        places.insert(r, bytes_from(t, start));
                    }
                }
                // Views of a tile: its bytes (and those of the view's own type from the
                // same start, if larger).
                (
                    crate::BitcastOp::NAME | crate::TReshapeOp::NAME | crate::SubsetOp::NAME,
                    Some(r),
                    Some(t),
                ) => {
                    if let Some(&src) = body.operands(op).next().and_then(|s| places.get(&s)) {
                        let own = bytes_from(t, src.start);
                        places.insert(
                            r,
                            Bytes {
                                end: src.end.max(own.end),
                                ..src
                            },
                        );
                    }
                }
                _ => {
                    for v in body.operands(op) {
                        if let Some(t) = TileBufType::from_type(body.value_type(v)) {
                            let b = places.get(&v).copied().unwrap_or(Bytes::anywhere(t.loc()));
                            touches.push((op, b));
                        }
                    }
                }
            }
        }
        Footprints { touches }
    }

    /// Whether an op other than `members` touches bytes `[start, end)` of `space`.
    pub fn touched_outside(
        &self,
        members: &[OpId],
        space: AddressSpace,
        start: i64,
        end: i64,
    ) -> bool {
        self.touches.iter().any(|(op, b)| {
            b.space == space && b.start < end && start < b.end && !members.contains(op)
        })
    }
}

/// The bytes of a tile of type `t` at byte `start`.
fn bytes_from(t: TileBufType<'_>, start: i64) -> Bytes {
    Bytes {
        space: t.loc(),
        start,
        end: start + storage_elems(t) * elem_bytes(t.dtype()),
    }
}
