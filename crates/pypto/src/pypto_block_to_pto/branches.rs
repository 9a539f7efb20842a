//! Tensor and tile results of `scf.if` and `scf.index_switch` (PyPTO's `if` with
//! return variables) as buffers, like the values loops carry (`carried.rs`).
//!
//! A tensor result is one buffer that every branch leaves its value in. When all
//! branches yield an update of the same tensor from outside the op (or that tensor
//! unchanged), the result is that tensor: the branches updated it in place. Otherwise
//! the result is a `tensor.create`d buffer in front of the op; a branch whose value is
//! a tensor it creates itself (what `pypto-tensor-to-block` writes for a chain in the
//! branch) writes into that buffer directly (its `tensor.create` becomes the result
//! buffer), and any other branch copies its value in before it yields (a
//! `tensor.assemble` of the whole tensor). A tile result is one tile buffer shared by
//! the tiles the branches yield, each of which must be computed in its branch (a
//! tile from outside would be overwritten by the other branches). Scalar results stay.

use crate::build::PyptoBuilder;
use pto_ir::builder::OpBuilder;
use pto_ir::{Body, Context, Diagnostic, InsertPoint, OpId, RegionId, ValueId};

use super::carried::{self, Classes};
use super::error_at;
use pto_dialects::scf;

/// True if `v` is defined inside region `r`, at any depth.
fn defined_in(body: &Body<'_>, v: ValueId, r: RegionId) -> bool {
    let mut block = body.value_block(v);
    while let Some(b) = block {
        let Some(region) = body.block_region(b) else {
            return false;
        };
        if region == r {
            return true;
        }
        block = body.region_op(region).and_then(|op| body.op_block(op));
    }
    false
}

/// Removes the tensor and tile results of `scf.if` or `scf.index_switch` `op` (their
/// uses take the buffers) and records the tiles that share a buffer in `classes`.
pub(super) fn drop_results<'c>(
    ctx: &'c Context,
    body: &mut Body<'c>,
    op: OpId,
    classes: &mut Classes,
) -> Result<(), Diagnostic<'c>> {
    let name = body.op_name(op).as_str();
    let drop: Vec<usize> = (0..body.num_results(op))
        .filter(|&k| carried::is_shaped(body, body.result(op, k)))
        .collect();
    if drop.is_empty() {
        return Ok(());
    }
    let regions = body.regions_of(op).to_vec();
    let mut terms = Vec::with_capacity(regions.len());
    for &r in &regions {
        let term = body
            .entry_block(r)
            .and_then(|b| body.last_op(b))
            .filter(|&t| body.op_name(t).as_str() == scf::YieldOp::NAME)
            .ok_or_else(|| {
                error_at(
                    body,
                    op,
                    format!("a region of '{name}' does not end in scf.yield"),
                )
            })?;
        terms.push(term);
    }
    for &k in &drop {
        let res = body.result(op, k);
        let ys: Vec<ValueId> = terms.iter().map(|&t| body.operand(t, k)).collect();
        if carried::is_tile(body, res) {
            for (&y, (&r, &t)) in ys.iter().zip(regions.iter().zip(&terms)) {
                if !defined_in(body, y, r) {
                    return Err(error_at(
                        body,
                        t,
                        format!("a tile that '{name}' returns must be computed in the branch that yields it (a tile from outside would be overwritten by the other branches); yield a copy or a tensor"),
                    ));
                }
                if body.operands(t).filter(|&o| o == y).count() > 1 {
                    return Err(error_at(
                        body,
                        t,
                        format!("the same tile is yielded twice by a branch of '{name}'; return it once"),
                    ));
                }
                classes.union(ys[0], y);
            }
            // Every later use reads the shared buffer, which the first branch's tile names.
            body.replace_all_uses(res, ys[0]);
            continue;
        }
        let roots: Vec<ValueId> = ys.iter().map(|&y| carried::root(body, y)).collect();
        if roots.iter().all(|&r| r == roots[0])
            && !regions.iter().any(|&r| defined_in(body, roots[0], r))
        {
            body.replace_all_uses(res, roots[0]);
            continue;
        }
        let loc = body.op_loc(op);
        let mut b = OpBuilder::new(ctx, body);
        let mut pb = PyptoBuilder::new(&mut b, InsertPoint::Before(op), loc);
        let buf = carried::create_like(&mut pb, res, op)?;
        for ((&y, &root), (&r, &t)) in ys.iter().zip(&roots).zip(regions.iter().zip(&terms)) {
            let create = pb.b.body().defining_op(root).filter(|&d| {
                pb.b.body().op_name(d).as_str() == crate::TensorCreateOp::NAME
                    && defined_in(pb.b.body(), root, r)
            });
            if let Some(create) = create {
                // The branch's tensor is the result buffer: its stores write there
                // (a second result yielding it then copies from the buffer).
                pb.b.body().replace_all_uses(root, buf);
                pb.b.body()
                    .erase_op(create)
                    .expect("its uses moved to the result buffer");
                continue;
            }
            pb.b.set_insertion_point(InsertPoint::Before(t));
            carried::copy_whole(&mut pb, buf, y)?;
        }
        body.replace_all_uses(res, buf);
    }
    for &t in &terms {
        for &k in drop.iter().rev() {
            body.erase_operand(t, k);
        }
    }
    let keep: Vec<usize> = (0..body.num_results(op))
        .filter(|k| !drop.contains(k))
        .collect();
    let operands: Vec<ValueId> = body.operands(op).collect();
    let attrs = body.op_attrs(op);
    carried::rebuild(ctx, body, op, operands, &keep, attrs);
    Ok(())
}
