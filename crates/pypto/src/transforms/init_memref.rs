//! `pypto-init-memref`: PyPTO's InitMemRef. Every tile and tensor value of a function
//! gets a MemRef (`memref = <SPACE, 0, size, id>`) in its type.
//!
//! - The memory space: DDR for a value read by `block.load` (its tensor) or written by
//!   `block.store` (its output tensor); `block.load` with `target_memory = 2` gives L1,
//!   `block.move` its `target_memory` (1 UB, 2 L1, 3 L0A, 4 L0B), `block.matmul` and
//!   `block.matmul_acc` L0C; everything else UB.
//! - One MemRef per buffer: as in PyPTO a function parameter used by a load or store and
//!   the store's result are the same object (same id). MLIR's `scf` ops need equal types
//!   where PyPTO passes values along, so a loop's initial value, its iter_arg, the value
//!   yielded for it and the loop's result share one MemRef, and so do an `if`'s result
//!   and the values its branches yield. Values joined this way must agree on their
//!   memory space (an error names both otherwise).
//! - Ids count buffers in definition order (parameters first); the address is 0 (placed
//!   by `pypto-add-alloc`); the size is the static element count times the element size
//!   in bytes (sub-byte types take a byte). A tile needs a static shape; a tensor with a
//!   symbolic one gets size 0, as in PyPTO.
//!
//! Orchestration functions are left alone (their tensors are the runtime's). Signatures
//! follow the new types; calls to a changed function pass through
//! `builtin.unrealized_conversion_cast`s (`common::for_each_function`).

use std::collections::HashMap;

use pto_ir::entity::UnionFind;
use pto_ir::{Body, Context, Diagnostic, OpId, ValueDef, ValueId};
use pto_pass::{Pass, PassTarget};

use super::super::types::{dtype_bits, MemRef, Shaped};
use super::common::{
    describe, is_param, run_on_kernels, shaped_values, value_site, with_memref, Order,
};
use pto_dialects::scf;

type R<'c, T> = Result<T, Diagnostic<'c>>;

impl Pass for crate::InitMemRef {
    fn run<'c>(&self, ctx: &'c Context, target: &mut PassTarget<'_, 'c>) -> R<'c, ()> {
        run_on_kernels(
            ctx,
            target,
            crate::InitMemRef::NUM_MEMREFS,
            None,
            |ctx, body, _| init_function(ctx, body),
        )
    }
}

const DDR: i64 = 0;
const UB: i64 = 1;
const L1: i64 = 2;
const L0C: i64 = 5;

/// Gives the shaped values of one function their MemRefs; returns how many MemRefs.
fn init_function<'c>(ctx: &'c Context, body: &mut Body<'c>) -> R<'c, usize> {
    let order = Order::of(body);
    // Definition order: parameters, then by position, where an op's results come after
    // everything nested in it (the block arguments of its regions before).
    let mut shaped = shaped_values(body, &order);
    let position = |v: ValueId| match body.value_def(v) {
        ValueDef::Result(op, _) => order.end[&op],
        ValueDef::Arg(..) => order.def_point(body, v).unwrap_or(0),
    };
    shaped.sort_by_key(|&v| (!is_param(body, v), position(v)));
    if shaped.is_empty() {
        return Ok(0);
    }
    let index: HashMap<ValueId, usize> = shaped.iter().enumerate().map(|(i, &v)| (v, i)).collect();
    // Union-find over the shaped values; the earlier-defined value stays the
    // representative.
    let mut classes = UnionFind::new(shaped.len());
    let mut tie = |a: ValueId, b: ValueId| {
        if let (Some(&x), Some(&y)) = (index.get(&a), index.get(&b)) {
            classes.union(x, y);
        }
    };
    // Spaces the ops ask for: (value, space, the op asking).
    let mut wants: Vec<(ValueId, i64, OpId)> = Vec::new();
    for &op in &order.ops {
        let name = body.op_name(op).as_str();
        match name {
            scf::ForOp::NAME => {
                let inits: Vec<ValueId> = body.operands(op).skip(3).collect();
                let region = body.regions_of(op)[0];
                let Some(entry) = body.entry_block(region) else {
                    continue;
                };
                let args: Vec<ValueId> = body.block_args(entry)[1..].to_vec();
                let yielded: Vec<ValueId> = body
                    .last_op(entry)
                    .map(|t| body.operands(t).collect())
                    .unwrap_or_default();
                for (i, &init) in inits.iter().enumerate() {
                    tie(init, args[i]);
                    tie(init, body.result(op, i));
                    if let Some(&y) = yielded.get(i) {
                        tie(init, y);
                    }
                }
            }
            scf::IfOp::NAME => {
                for &r in body.regions_of(op) {
                    let Some(b) = body.entry_block(r) else {
                        continue;
                    };
                    let Some(t) = body.last_op(b) else {
                        continue;
                    };
                    for (i, y) in body.operands(t).enumerate() {
                        if i < body.num_results(op) {
                            tie(body.result(op, i), y);
                        }
                    }
                }
            }
            crate::BlockStoreOp::NAME => {
                tie(body.result(op, 0), body.operand(op, 5));
                wants.push((body.operand(op, 5), DDR, op));
            }
            crate::BlockLoadOp::NAME => {
                wants.push((body.operand(op, 0), DDR, op));
                let tm = body.attr(op, "target_memory").and_then(|a| a.as_int());
                let space = if tm == Some(2) { L1 } else { UB };
                wants.push((body.result(op, 0), space, op));
            }
            crate::BlockMoveOp::NAME => {
                let tm = body
                    .attr(op, "target_memory")
                    .and_then(|a| a.as_int())
                    .unwrap_or(1) as i64;
                wants.push((body.result(op, 0), tm, op));
            }
            crate::BlockMatmulOp::NAME | crate::BlockMatmulAccOp::NAME => {
                wants.push((body.result(op, 0), L0C, op));
            }
            _ => {
                let carries = body.results(op).any(|v| index.contains_key(&v))
                    || body.regions_of(op).iter().any(|&r| {
                        body.region_blocks(r)
                            .any(|b| body.block_args(b).iter().any(|v| index.contains_key(v)))
                    });
                if !body.regions_of(op).is_empty() && carries {
                    return Err(Diagnostic::error(
                        body.op_loc(op),
                        format!(
                            "pypto-init-memref does not know how '{name}' passes tiles and tensors along"
                        ),
                    ));
                }
            }
        }
    }
    // The space of each class, checking that its members agree.
    let mut space: HashMap<usize, (i64, ValueId, OpId)> = HashMap::new();
    for (v, s, op) in wants {
        let Some(&i) = index.get(&v) else {
            continue;
        };
        let c = classes.find(i);
        match space.get(&c) {
            None => {
                space.insert(c, (s, v, op));
            }
            Some(&(s0, v0, op0)) if s0 != s => {
                let name = |x: i64| {
                    crate::MemorySpace::from_value(x).map_or("?", crate::MemorySpace::keyword)
                };
                let what = |x: ValueId, o: OpId| {
                    format!(
                        "{} (for '{}')",
                        describe(body, x),
                        body.op_name(o).as_str().trim_start_matches("pypto.")
                    )
                };
                return Err(Diagnostic::error(
                    body.op_loc(op),
                    format!(
                        "{} must be in {}, but it shares one buffer with {} in {} (values a loop or branch passes along share their MemRef)",
                        what(v, op),
                        name(s),
                        what(v0, op0),
                        name(s0)
                    ),
                )
                .with_note(body.op_loc(op0), format!("{} is placed in {} here", describe(body, v0), name(s0))));
            }
            Some(_) => {}
        }
    }
    // Ids in order of each class's first value; sizes from its type.
    let mut ids: HashMap<usize, MemRef> = HashMap::new();
    let mut next = 0i64;
    let mut new_types = Vec::with_capacity(shaped.len());
    for (i, &v) in shaped.iter().enumerate() {
        let c = classes.find(i);
        let m = match ids.get(&c) {
            Some(m) => *m,
            None => {
                let s = space.get(&c).map_or(UB, |x| x.0);
                let ty = Shaped::of(body.value_type(v)).expect("shaped");
                let size = size_of(&ty).or_else(|| (!ty.is_tile).then_some(0));
                let Some(size) = size else {
                    return Err(Diagnostic::error(
                        value_site(body, v),
                        format!(
                            "{} is a tile of shape {} without a static size; pypto-init-memref needs one for its MemRef",
                            describe(body, v),
                            shape_text(&ty)
                        ),
                    ));
                };
                let m = MemRef {
                    space: s,
                    addr: 0,
                    size,
                    id: next,
                };
                next += 1;
                ids.insert(c, m);
                m
            }
        };
        new_types.push((v, with_memref(ctx, body.value_type(v), m)));
    }
    for (v, t) in new_types {
        body.set_value_type(v, t);
    }
    Ok(next as usize)
}

/// Bytes of a shaped type with a static shape: elements times whole bytes per element.
pub(super) fn size_of(s: &Shaped<'_>) -> Option<i64> {
    let elems: i64 = s.static_shape()?.iter().product();
    let bits = dtype_bits(s.dtype)? as i64;
    Some(elems * ((bits + 7) / 8))
}

fn shape_text(s: &Shaped<'_>) -> String {
    let dims: Vec<String> = s.shape.iter().map(|d| d.to_string()).collect();
    format!("[{}]", dims.join(", "))
}
