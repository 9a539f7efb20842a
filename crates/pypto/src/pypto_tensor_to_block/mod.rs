//! `pypto-tensor-to-block`: PyPTO's tensor-level ops become loops over tiles
//! (`block.*`), the form PyPTO's code generator takes to the `pto` dialect.
//!
//! Row-local tensor ops (elementwise ops and casts, their `_scalar` forms, broadcasts of an
//! `[M, 1]` operand across columns or a `[1, N]` operand across rows, on either side, row
//! reductions) that follow each other in a block and have the same number of rows are
//! *fused*: one loop over blocks of rows loads each input window into UB once, applies the
//! whole chain to tiles, and stores only the values used after the chain. The row block is
//! as many rows as fit UB with all their tiles (`fuse.rs`): a divisor of the row count when
//! one comes near that, else a power of two and one smaller block for the rows left. Rows
//! are never split, so row reductions see whole rows. This is where softmax and layer norm
//! gain over an op-at-a-time evaluation: every intermediate stays on chip.
//!
//! `tensor.matmul` becomes PyPTO's cube schedule (`matmul.rs`): for each output block,
//! the K loop loads `A` and `B` blocks into L1, moves them to L0A/L0B and multiplies
//! into an L0C accumulator (`block.matmul`, then `block.matmul_acc`), which is stored.
//! A transposed operand (`a_trans`/`b_trans`, or a `tensor.transpose` only matmuls
//! read) is moved to L0 transposed; other transposes are materialized and reshapes
//! share their input's buffer where that is not observable (`shape.rs`).
//!
//! Results go into tensors created with `tensor.create` before the loop and carried
//! through it (`block.store` returns the updated tensor). `tensor.view`s are read
//! through by the loads, and `tensor.assemble` stores into its target in place
//! (`window.rs`). Shapes must be static, except the rows of a fused chain, which may
//! be a symbolic size that a parameter holds (`pypto-materialize-dims`): the chain's
//! loop runs over whole blocks of rows, then over the remaining rows one at a time. A
//! chain on tensors of another rank works on their matrices (the last axis by the
//! product of the others), reshaped in and out; matmuls, views and assembles need
//! rank 2. Other tensor ops are an error naming the op.
//!
//! Each branch's block of an `scf.if` is lowered on its own (chains end at an op with
//! regions), so a chain in a branch writes a tensor created in that branch. Only rows may
//! be symbolic: static windows of such a tensor may be viewed and assembled, and a
//! matmul, transpose or reshape of a symbolic shape is an error.

mod fuse;
mod matmul;
mod shape;
mod window;

use crate::types::{Dim, Shaped};
use pto_ir::builder::OpBuilder;
use pto_ir::{BlockId, Body, Context, Diagnostic, OpId, ValueId};
use pto_pass::{Pass, PassTarget};

/// Bytes of UB the tiles of one fused chain may take (A3's 192 KiB).
pub const UB_BYTES: i64 = 192 * 1024;

impl Pass for crate::PyPTOTensorToBlock {
    fn options_text(&self) -> String {
        self.options.to_text()
    }

    fn run<'c>(
        &self,
        ctx: &'c Context,
        target: &mut PassTarget<'_, 'c>,
    ) -> Result<(), Diagnostic<'c>> {
        let mm_tile = match self.options.matmul_tile.as_slice() {
            [] => None,
            [m, n, k] => match (m.parse(), n.parse(), k.parse()) {
                (Ok(m), Ok(n), Ok(k)) if m > 0 && n > 0 && k > 0 => Some([m, n, k]),
                _ => return Err(option_error(target, "matmul-tile")),
            },
            _ => return Err(option_error(target, "matmul-tile")),
        };
        if self.options.tile_rows < 0 {
            return Err(option_error(target, "tile-rows"));
        }
        let config = Config {
            tile_rows: self.options.tile_rows,
            mm_tile,
        };
        let mut stats = Stats::default();
        lower_body(ctx, target.body, &config, &mut stats)?;
        target
            .statistics
            .add(crate::PyPTOTensorToBlock::NUM_FUSED_CHAINS, stats.chains);
        target
            .statistics
            .add(crate::PyPTOTensorToBlock::NUM_LOWERED_OPS, stats.ops);
        Ok(())
    }
}

/// Lowers the blocks of `body` and of the functions nested in it.
fn lower_body<'c>(
    ctx: &'c Context,
    body: &mut Body<'c>,
    config: &Config,
    stats: &mut Stats,
) -> Result<(), Diagnostic<'c>> {
    let ops = body.all_ops();
    for &op in &ops {
        if let Some(nested) = body.nested_mut(op) {
            lower_body(ctx, nested, config, stats)?;
        }
    }
    // Inner blocks first: a view or a transpose is read through by the loads and
    // matmuls of the blocks nested in its own, which must be lowered before it goes.
    let blocks: Vec<BlockId> = ops
        .iter()
        .rev()
        .filter(|&&op| body.nested(op).is_none())
        .flat_map(|&op| body.regions_of(op).to_vec())
        .chain(body.root_regions().to_vec())
        .flat_map(|r| body.region_blocks(r).collect::<Vec<_>>())
        .collect();
    let mut b = OpBuilder::new(ctx, body);
    for block in blocks {
        lower_block(&mut b, block, config, stats)?;
    }
    Ok(())
}

fn option_error<'c>(target: &PassTarget<'_, 'c>, name: &str) -> Diagnostic<'c> {
    Diagnostic::error(
        target.loc,
        format!("pypto-tensor-to-block: invalid value of option '{name}'"),
    )
}

/// The pass's options, checked.
pub(crate) struct Config {
    /// Rows per fused tile (0: automatic).
    pub tile_rows: i64,
    /// The matmul block, if given.
    pub mm_tile: Option<[i64; 3]>,
}

#[derive(Default)]
pub(crate) struct Stats {
    pub chains: u64,
    pub ops: u64,
}

/// An error at `op` with the pass's prefix.
pub(crate) fn error_at<'c>(
    body: &Body<'c>,
    op: OpId,
    msg: impl std::fmt::Display,
) -> Diagnostic<'c> {
    Diagnostic::error(body.op_loc(op), format!("pypto-tensor-to-block: {msg}"))
}

/// The first operand or result type of `op` with a symbolic dimension.
fn symbolic_type<'c>(body: &Body<'c>, op: OpId) -> Option<pto_ir::Type<'c>> {
    body.operands(op)
        .chain(body.results(op))
        .map(|v| body.value_type(v))
        .find(|&t| Shaped::of(t).is_some_and(|s| s.static_shape().is_none()))
}

/// The static `[rows, cols]` of a rank-2 tensor or tile value.
pub(crate) fn matrix_shape(body: &Body<'_>, v: ValueId) -> Option<[i64; 2]> {
    let s = Shaped::of(body.value_type(v))?;
    match *s.static_shape()?.as_slice() {
        [r, c] => Some([r, c]),
        _ => None,
    }
}

/// The `[rows, cols]` a row-local op sees in a tensor value: a rank-2 tensor whose
/// columns are static (the rows may be symbolic), a static rank-1 tensor as its one
/// row, or a static tensor of higher rank as its last axis by the product of the
/// others (its row-major elements are that matrix's).
pub(crate) fn matrix_dims<'c>(body: &Body<'c>, v: ValueId) -> Option<[Dim<'c>; 2]> {
    let s = Shaped::of(body.value_type(v))?;
    match *s.shape.as_slice() {
        [r, c @ Dim::Const(_)] if r != Dim::Sym("?") => Some([r, c]),
        [c @ Dim::Const(_)] => Some([Dim::Const(1), c]),
        [ref lead @ .., Dim::Const(c)] if lead.len() >= 2 => {
            let rows = lead.iter().map(|d| d.as_const()).product::<Option<i64>>()?;
            Some([Dim::Const(rows), Dim::Const(c)])
        }
        _ => None,
    }
}

/// The rank of tensor value `v`.
pub(crate) fn rank(body: &Body<'_>, v: ValueId) -> usize {
    Shaped::of(body.value_type(v)).map_or(0, |s| s.shape.len())
}

/// Lowers the tensor ops of one block: fused chains and matmuls, in order.
fn lower_block<'c>(
    b: &mut OpBuilder<'_, 'c>,
    block: BlockId,
    config: &Config,
    stats: &mut Stats,
) -> Result<(), Diagnostic<'c>> {
    let ops: Vec<OpId> = b.body().block_ops(block).collect();
    let mut chain = fuse::Chain::default();
    let mut views = Vec::new();
    for op in ops {
        // A chain may have stored into an assemble's target and erased it.
        if !b.body().is_alive(op) {
            continue;
        }
        let name = b.body().op_name(op).as_str();
        let body = b.body();
        let deferred = name == crate::TensorViewOp::NAME
            || (shape::is_matrix_transpose(body, op)
                && shape::only_matmuls_read(body, body.result(op, 0)));
        if deferred {
            // Loads read through views, and matmuls through transposes; a view of a
            // chain's value reads the stored value.
            if chain.is_used_by(b.body(), op) {
                chain.flush(b, op, config, stats)?;
            }
            views.push(op);
            continue;
        }
        if !name.starts_with("pypto.tensor.") {
            // Ops that use the chain's values (or may, in their regions) end it.
            // So does the block's terminator: nothing follows it.
            if chain.is_used_by(b.body(), op)
                || !b.body().regions_of(op).is_empty()
                || b.body().next_op(op).is_none()
            {
                chain.flush(b, op, config, stats)?;
            }
            continue;
        }
        if let Some(rows) = fuse::row_local(b.body(), op) {
            if !chain.accepts(rows) {
                chain.flush(b, op, config, stats)?;
            }
            chain.push(op, rows);
            continue;
        }
        chain.flush(b, op, config, stats)?;
        if !b.body().is_alive(op) {
            // An assemble the chain stored into.
            stats.ops += 1;
            continue;
        }
        match name {
            crate::TensorCreateOp::NAME => {}
            crate::TensorMatmulOp::NAME => {
                matmul::lower(b, op, config)?;
                stats.ops += 1;
            }
            crate::TensorAssembleOp::NAME => {
                window::lower_assemble(b, op, config)?;
                stats.ops += 1;
            }
            crate::TensorTransposeOp::NAME => {
                shape::lower_transpose(b, op)?;
                stats.ops += 1;
            }
            crate::TensorReshapeOp::NAME => {
                shape::lower_reshape(b, op, config)?;
                stats.ops += 1;
            }
            _ if symbolic_type(b.body(), op).is_some() => {
                let t = symbolic_type(b.body(), op).expect("checked");
                return Err(error_at(
                    b.body(),
                    op,
                    format!(
                        "'{name}' works on {t}, whose shape is symbolic: only the rows of a rank-2 tensor may be symbolic, in elementwise ops and row reductions"
                    ),
                ));
            }
            _ => {
                return Err(error_at(
                    b.body(),
                    op,
                    format!(
                        "'{name}' is not supported (supported: elementwise ops with [M, 1] and [1, N] broadcasts, *_scalar, exp/neg/sqrt/rsqrt/recip/log/abs/relu/cast, row_max/row_sum/row_min/row_prod over the last axis, matmul, create, view, assemble, transpose, reshape) or its operands do not have static shapes (or rank-2 shapes whose rows a parameter holds)"
                    ),
                ))
            }
        }
    }
    // Views are read through by the loads, transposes by the matmuls: what is left of
    // them must be unused.
    for op in views.into_iter().rev() {
        window::check_view_uses(b.body(), op)?;
        let loc = b.body().op_loc(op);
        b.body()
            .erase_op(op)
            .map_err(|e| Diagnostic::error(loc, format!("{e:?}")))?;
    }
    Ok(())
}
