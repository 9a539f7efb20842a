//! `pto.reserve_buffer` under `pto-plan-memory`, as PTOAS's PlanMemory treats it.
//!
//! A reserved buffer is the local memory a cube-vector pipe's consumer receives into; it
//! has no lifetime the planner could share. An automatic one (`auto = true`) is placed
//! after the function's buffers are planned, into the lowest hole of its address space
//! (vec or mat) that is aligned to 256 bytes and holds it, and gets that offset as its
//! `base`. Buffers planned or already placed count as occupied for the whole function,
//! and so does each reserve placed before (program order). A manual one (`auto = false`,
//! its `base` given) belongs to `--pto-level=level3`, where planning does not run; the
//! pass rejects it, as PTOAS does, and also an automatic one that already has a base.

use crate::AddressSpace;
use std::collections::BTreeMap;

use crate::address_space_of_attr;
use pto_ir::{Body, Context, Diagnostic, OpId, WalkOrder};

/// Alignment of a reserved buffer's base, in bytes.
const RESERVE_ALIGN: u64 = 256;

/// An automatic reserve to place.
pub(super) struct Reserve {
    /// The `pto.reserve_buffer` op.
    pub op: OpId,
    /// Its address space.
    pub space: AddressSpace,
    /// Its bytes.
    pub size: u64,
}

fn int_attr(body: &Body<'_>, op: OpId, name: &str) -> Option<i128> {
    body.attr(op, name).and_then(|a| a.as_int())
}

/// The reserves of a function in program order; errors for those planning cannot take.
pub(super) fn collect<'c>(body: &Body<'c>) -> Result<Vec<Reserve>, Diagnostic<'c>> {
    let mut out = Vec::new();
    for r in body.root_regions() {
        for b in body.region_blocks(r) {
            for top in body.block_ops(b) {
                for op in body.ops_in(top, WalkOrder::PreOrder) {
                    if body.op_name(op).as_str() != crate::ReserveBufferOp::NAME {
                        continue;
                    }
                    let err = |msg: &str| Err(pto_ir::verifier::op_error(body, op, msg));
                    let auto = int_attr(body, op, "autoAlloc").unwrap_or(0) != 0;
                    if !auto {
                        return err(
                            "pto.reserve_buffer with explicit 'base' (auto = false) is not \
                             supported in PlanMemory; use --pto-level=level3 or set auto = true",
                        );
                    }
                    if body.attr(op, "base").is_some() {
                        return err("expects 'base' to be absent when 'auto' is true");
                    }
                    let space = body
                        .attr(op, "location")
                        .and_then(address_space_of_attr)
                        .expect("verified: vec or mat");
                    let size = int_attr(body, op, "size").unwrap_or(0).max(0) as u64;
                    out.push(Reserve { op, space, size });
                }
            }
        }
    }
    Ok(out)
}

/// Places `reserves` around the byte ranges `occupied` (per space, `[start, end)`) and
/// writes their bases; `capacity` gives a space's bytes.
pub(super) fn place<'c>(
    ctx: &'c Context,
    body: &mut Body<'c>,
    reserves: &[Reserve],
    mut occupied: BTreeMap<AddressSpace, Vec<(u64, u64)>>,
    capacity: impl Fn(AddressSpace) -> u64,
) -> Result<(), Diagnostic<'c>> {
    for r in reserves {
        let ranges = occupied.entry(r.space).or_default();
        ranges.sort_unstable();
        let mut base = 0u64;
        for &(start, end) in ranges.iter() {
            base = base.next_multiple_of(RESERVE_ALIGN);
            if base + r.size <= start {
                break;
            }
            base = base.max(end);
        }
        base = base.next_multiple_of(RESERVE_ALIGN);
        if base + r.size > capacity(r.space) {
            return Err(pto_ir::verifier::op_error(
                body,
                r.op,
                "failed to allocate local memory hole for reserve_buffer",
            ));
        }
        tracing::debug!(target: "pto::plan_memory", base, size = r.size, "reserve_buffer");
        ranges.push((base, base + r.size));
        let i32_ty = ctx.int_type(32);
        let props = ctx.dict_with(
            body.op_props(r.op),
            "base",
            Some(ctx.int_attr(i32_ty, i128::from(base))),
        );
        body.set_op_props(r.op, Some(props));
    }
    Ok(())
}
