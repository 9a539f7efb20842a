//! Values PyPTO's SSA form carries through loops are buffers updated in place: a
//! tile iter_arg is its init's tile buffer, and a tensor iter_arg its init tensor when
//! each iteration's value is an update of the carried one (stores into it) and the
//! loop is the init's only user (the loops `pypto-tensor-to-block` writes). Any other
//! tensor iter_arg gets a buffer of its own: the init is copied in before the loop and
//! each iteration's value copied back at its end (`tensor.assemble`s of the whole
//! tensor, GM-to-GM copies after lowering). This removes the iter_args (their uses
//! take the buffer) and records which tile values must share a buffer (`Classes`: the
//! init, the yielded value, an accumulator and `block.matmul_acc`'s result);
//! `branches.rs` does the same for the results of `scf.if` and `scf.index_switch`.

use std::collections::HashMap;

use crate::build::PyptoBuilder;
use crate::types::Shaped;
use pto_ir::builder::OpBuilder;
use pto_ir::{Attribute, BlockId, Body, Context, Diagnostic, InsertPoint, OpId, ValueId};

use super::error_at;
use pto_dialects::scf;

/// Tile values that share one buffer: a union-find over values.
#[derive(Default)]
pub(crate) struct Classes {
    parent: HashMap<ValueId, ValueId>,
    size: HashMap<ValueId, usize>,
}

impl Classes {
    /// The representative of `v`'s class.
    pub fn find(&self, mut v: ValueId) -> ValueId {
        while let Some(&p) = self.parent.get(&v) {
            if p == v {
                break;
            }
            v = p;
        }
        v
    }

    /// Puts `a` and `b` in one class.
    pub fn union(&mut self, a: ValueId, b: ValueId) {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra != rb {
            self.parent.insert(rb, ra);
            let n = self.size.remove(&rb).unwrap_or(1);
            *self.size.entry(ra).or_insert(1) += n;
        }
    }

    /// True if `v`'s class has other members.
    pub fn is_shared(&self, v: ValueId) -> bool {
        self.size.get(&self.find(v)).copied().unwrap_or(1) > 1
    }
}

pub(super) fn is_shaped(body: &Body<'_>, v: ValueId) -> bool {
    Shaped::of(body.value_type(v)).is_some()
}

pub(super) fn is_tile(body: &Body<'_>, v: ValueId) -> bool {
    Shaped::of(body.value_type(v)).is_some_and(|s| s.is_tile)
}

/// The tensor `v` is an update of: through `block.store`s to their output and
/// `tensor.assemble`s to their target.
pub(crate) fn root(body: &Body<'_>, mut v: ValueId) -> ValueId {
    while let Some(d) = body.defining_op(v) {
        v = match body.op_name(d).as_str() {
            crate::BlockStoreOp::NAME => body.operand(d, 5),
            crate::TensorAssembleOp::NAME => body.operand(d, 0),
            _ => break,
        };
    }
    v
}

/// Removes the tensor and tile iter_args of every `scf.for` and the tensor and tile
/// results of every `scf.if` and `scf.index_switch` (`branches.rs`), inner ops first,
/// and returns the tile classes; `scf.while` carrying them is an error.
pub(crate) fn drop_carried<'c>(
    ctx: &'c Context,
    body: &mut Body<'c>,
) -> Result<Classes, Diagnostic<'c>> {
    let mut classes = Classes::default();
    let ops = body.all_ops();
    for &op in &ops {
        let name = body.op_name(op).as_str();
        if name == crate::BlockMatmulAccOp::NAME {
            classes.union(body.operand(op, 0), body.result(op, 0));
        }
        if name == scf::WhileOp::NAME && body.results(op).any(|r| is_shaped(body, r)) {
            return Err(error_at(
                body,
                op,
                "'scf.while' returning tensors or tiles is not supported; carry them through scf.for or store them",
            ));
        }
    }
    for &op in ops.iter().rev() {
        match body.op_name(op).as_str() {
            scf::ForOp::NAME => drop_for(ctx, body, op, &mut classes)?,
            scf::IfOp::NAME | scf::IndexSwitchOp::NAME => {
                super::branches::drop_results(ctx, body, op, &mut classes)?
            }
            _ => {}
        }
    }
    Ok(classes)
}

/// Removes the tensor and tile iter_args of `scf.for` `op`.
fn drop_for<'c>(
    ctx: &'c Context,
    body: &mut Body<'c>,
    op: OpId,
    classes: &mut Classes,
) -> Result<(), Diagnostic<'c>> {
    let inits: Vec<ValueId> = body.operands(op).skip(3).collect();
    let drop: Vec<usize> = (0..inits.len())
        .filter(|&k| is_shaped(body, inits[k]))
        .collect();
    if drop.is_empty() {
        return Ok(());
    }
    let region = body.regions_of(op)[0];
    let block = body.entry_block(region).expect("scf.for has a body");
    let term = body
        .last_op(block)
        .expect("scf.for's body ends in scf.yield");
    for &k in &drop {
        let (init, arg, res) = (inits[k], body.block_args(block)[1 + k], body.result(op, k));
        let yielded = body.operand(term, k);
        if is_tile(body, init) {
            classes.union(init, yielded);
            body.replace_all_uses(arg, init);
            body.replace_all_uses(res, init);
            continue;
        }
        // Updated in place when the loop is the init's only user.
        if body.uses(init).count() == 1 && root(body, yielded) == arg {
            body.replace_all_uses(arg, init);
            body.replace_all_uses(res, init);
            continue;
        }
        // A buffer of its own, copied in and back.
        let loc = body.op_loc(op);
        let mut b = OpBuilder::new(ctx, body);
        let mut pb = PyptoBuilder::new(&mut b, InsertPoint::Before(op), loc);
        let buf = create_like(&mut pb, init, op)?;
        copy_whole(&mut pb, buf, init)?;
        pb.b.set_insertion_point(InsertPoint::Before(term));
        // Read before the copy-back: the iteration's value replaces the carried one.
        copy_whole(&mut pb, arg, yielded)?;
        body.replace_all_uses(arg, buf);
        body.replace_all_uses(res, buf);
    }
    for &k in drop.iter().rev() {
        body.erase_operand(term, k);
        body.erase_block_argument(block, 1 + k);
    }
    // The loop again, without the dropped results.
    let keep: Vec<usize> = (0..inits.len()).filter(|k| !drop.contains(k)).collect();
    let mut operands: Vec<ValueId> = body.operands(op).take(3).collect();
    operands.extend(keep.iter().map(|&k| inits[k]));
    // The names of the loop variable and iter_args no longer line up with them.
    let attrs = ctx.dict_with(Some(body.op_attrs(op)), crate::ARG_NAMES_ATTR, None);
    rebuild(ctx, body, op, operands, &keep, attrs);
    Ok(())
}

/// Replaces `op` by the same op on `operands` with attributes `attrs`, keeping only
/// the results `keep` (their uses move over) and taking over its regions.
pub(super) fn rebuild<'c>(
    ctx: &'c Context,
    body: &mut Body<'c>,
    op: OpId,
    operands: Vec<ValueId>,
    keep: &[usize],
    attrs: Attribute<'c>,
) -> OpId {
    let mut st = pto_ir::OperationState::new(ctx, body.op_name(op), body.op_loc(op));
    st.operands.extend(operands);
    st.result_types
        .extend(keep.iter().map(|&k| body.value_type(body.result(op, k))));
    st.props = body.op_props(op);
    st.attrs = attrs;
    let old_regions = body.regions_of(op).to_vec();
    for _ in &old_regions {
        let r = body.create_region();
        st.regions.push(r);
    }
    let new_regions = st.regions.clone();
    let new_op = body.create_op(st);
    body.insert_op(new_op, InsertPoint::Before(op));
    for (&from, &to) in old_regions.iter().zip(&new_regions) {
        let blocks: Vec<BlockId> = body.region_blocks(from).collect();
        for block in blocks {
            body.detach_block(block);
            body.insert_block(to, block, None);
        }
    }
    for (j, &k) in keep.iter().enumerate() {
        let (old, new) = (body.result(op, k), body.result(new_op, j));
        body.replace_all_uses(old, new);
    }
    body.erase_op(op)
        .expect("the old op has no uses left and no blocks");
    new_op
}

/// A `tensor.create` of the static shape and dtype of tensor `like`, at the builder's
/// point: the buffer of a value `op` passes on (an error at `op` for a dynamic shape).
pub(super) fn create_like<'c>(
    pb: &mut PyptoBuilder<'_, '_, 'c>,
    like: ValueId,
    op: OpId,
) -> Result<ValueId, Diagnostic<'c>> {
    let ctx = pb.b.context();
    let s = Shaped::of(pb.b.body().value_type(like)).expect("a tensor");
    let Some(shape) = s.static_shape() else {
        let name = pb.b.body().op_name(op).as_str();
        return Err(error_at(
            pb.b.body(),
            op,
            format!("a tensor that '{name}' passes on needs a static shape"),
        ));
    };
    let dims: Vec<ValueId> = shape.iter().map(|&d| pb.i64(d)).collect();
    pb.value(
        crate::TensorCreateOp::NAME,
        &dims,
        &[("dtype", ctx.type_attr(s.dtype))],
    )
}

/// `tensor.assemble` of all of `src` into `dst` (a whole-tensor copy) at the builder's
/// point.
pub(super) fn copy_whole<'c>(
    pb: &mut PyptoBuilder<'_, '_, 'c>,
    dst: ValueId,
    src: ValueId,
) -> Result<ValueId, Diagnostic<'c>> {
    let rank = Shaped::of(pb.b.body().value_type(dst)).map_or(2, |s| s.shape.len());
    let mut operands = vec![dst, src];
    for _ in 0..rank {
        let zero = pb.i64(0);
        operands.push(zero);
    }
    pb.value(crate::TensorAssembleOp::NAME, &operands, &[])
}
