//! `pypto-add-alloc`: PyPTO's AddAlloc. One `pypto.block.alloc(memory_space, addr,
//! size, id)` per distinct on-chip MemRef of the function's tiles, at the top of the
//! function.
//!
//! As in PyPTO of the seed era, this pass also places the buffers (later PyPTO moved
//! that to AllocateMemoryAddr): per memory space, in id order, one after another from
//! address 0, each start aligned to 32 bytes; every type carrying the MemRef gets the
//! address. DDR MemRefs are the runtime's and get neither address nor alloc. The allocs
//! come in address order (ties by id), their operands `pypto.const`s of type i64, each
//! result named `mem_<id>`. Capacities are not checked (PyPTO does not either). A
//! function that already has `block.alloc`s is left alone.

use std::collections::BTreeMap;

use pto_ir::builder::OpBuilder;
use pto_ir::{AttrKind, Body, Context, Diagnostic, InsertPoint, Location};
use pto_pass::{Pass, PassTarget};

use super::super::types::{MemRef, Shaped};
use super::super::{BlockAllocOp, ConstOp, MemRefType};
use super::common::{run_on_kernels, shaped_values, with_memref, Order};

type R<'c, T> = Result<T, Diagnostic<'c>>;

impl Pass for crate::AddAlloc {
    fn run<'c>(&self, ctx: &'c Context, target: &mut PassTarget<'_, 'c>) -> R<'c, ()> {
        run_on_kernels(
            ctx,
            target,
            crate::AddAlloc::NUM_ALLOCS,
            Some("pypto-add-alloc"),
            |ctx, body, site| Ok(alloc_function(ctx, body, site.loc)),
        )
    }
}

/// Where a buffer starts: PyPTO's 32-byte alignment.
fn align32(x: i64) -> i64 {
    (x + 31) & !31
}

fn alloc_function<'c>(ctx: &'c Context, body: &mut Body<'c>, loc: Location<'c>) -> usize {
    let order = Order::of(body);
    if order
        .ops
        .iter()
        .any(|&o| body.op_name(o).as_str() == crate::BlockAllocOp::NAME)
    {
        return 0;
    }
    let values = shaped_values(body, &order);
    // Distinct on-chip MemRefs of tiles, by id (the first seen stands for the id).
    let mut by_id: BTreeMap<i64, MemRef> = BTreeMap::new();
    for &v in &values {
        let Some(s) = Shaped::of(body.value_type(v)) else {
            continue;
        };
        match s.memref {
            Some(m) if s.is_tile && m.space != 0 => {
                by_id.entry(m.id).or_insert(m);
            }
            _ => {}
        }
    }
    if by_id.is_empty() {
        return 0;
    }
    let mut next: BTreeMap<i64, i64> = BTreeMap::new();
    let mut placed: BTreeMap<i64, MemRef> = BTreeMap::new();
    for (&id, &m) in &by_id {
        let at = next.entry(m.space).or_insert(0);
        placed.insert(id, MemRef { addr: *at, ..m });
        *at = align32(*at + m.size);
    }
    for &v in &values {
        let Some(m) = Shaped::of(body.value_type(v)).and_then(|s| s.memref) else {
            continue;
        };
        if let Some(&p) = placed.get(&m.id).filter(|p| p.space == m.space) {
            let t = with_memref(ctx, body.value_type(v), p);
            body.set_value_type(v, t);
        }
    }
    let mut allocs: Vec<MemRef> = placed.into_values().collect();
    allocs.sort_by_key(|m| (m.addr, m.id));
    let Some(entry) = body.root_entry_block() else {
        return 0;
    };
    let i64t = ctx.int_type(64);
    let mem_t = MemRefType::get(ctx).ty();
    let at = match body.first_op(entry) {
        Some(op) => InsertPoint::Before(op),
        None => InsertPoint::BlockEnd(entry),
    };
    let mut b = OpBuilder::new(ctx, body);
    b.set_insertion_point(at);
    for m in &allocs {
        let operands: Vec<_> = [m.space, m.addr, m.size, m.id]
            .iter()
            .map(|&x| {
                let c = ConstOp::build(&mut b, loc, i64t, ctx.int_attr(i64t, x as i128)).0;
                b.body().result(c, 0)
            })
            .collect();
        let name = ctx.location(AttrKind::NameLoc {
            name: ctx.ident(&format!("mem_{}", m.id)),
            child: Some(loc),
        });
        BlockAllocOp::build(
            &mut b,
            name,
            operands[0],
            operands[1],
            operands[2],
            operands[3],
            mem_t,
        );
    }
    allocs.len()
}
