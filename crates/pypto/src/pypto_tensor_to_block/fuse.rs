//! Fusion of row-local tensor ops into one loop over blocks of rows.

use std::collections::{HashMap, HashSet};

use crate::build::PyptoBuilder;
use crate::types::{dtype_bits, Dim, Shaped};
use pto_ir::builder::OpBuilder;
use pto_ir::{Body, Diagnostic, InsertPoint, OpId, ValueId};

use super::window::{self, add_offset, offsets_of};
use super::{error_at, matrix_dims, rank, Config, Stats, UB_BYTES};

/// The number of rows of `op`'s result if it is a row-local tensor op this pass fuses:
/// its operands seen as matrices ([`matrix_dims`]: static columns, rows that may be
/// symbolic in rank 2).
pub(super) fn row_local<'c>(body: &Body<'c>, op: OpId) -> Option<Dim<'c>> {
    let name = body.op_name(op).as_str();
    let [rows, cols] = matrix_dims(body, body.result(op, 0))?;
    let shapes: Option<Vec<[Dim<'c>; 2]>> = body
        .operands(op)
        .filter(|&v| Shaped::of(body.value_type(v)).is_some())
        .map(|v| matrix_dims(body, v))
        .collect();
    let shapes = shapes?;
    let ok = if ELEMENTWISE.iter().any(|e| e.0 == name) {
        // numpy's broadcasting of a row vector `[M, 1]` across columns or a column
        // vector `[1, N]` across rows, on either side (both vectors: their outer
        // combination).
        let [a, b] = shapes[..] else { return None };
        let full = [rows, cols];
        let one = Dim::Const(1);
        let bcast = |t: [Dim<'c>; 2]| t == full || t == [rows, one] || t == [one, cols];
        bcast(a) && bcast(b)
    } else if is_row_reduction(name) {
        let axis = body.attr(op, "axis").and_then(|a| a.as_int()).unwrap_or(-1);
        let keep = body
            .attr(op, "keep_dim")
            .and_then(|a| a.as_int())
            .is_none_or(|v| v != 0);
        let last = rank(body, body.operand(op, 0)) as i128 - 1;
        keep && (axis == -1 || axis == last)
    } else {
        ONE_TO_ONE.iter().any(|e| e.0 == name)
    };
    ok.then_some(rows)
}

/// A chain of row-local ops being collected.
#[derive(Default)]
pub(super) struct Chain<'c> {
    ops: Vec<OpId>,
    rows: Option<Dim<'c>>,
}

impl<'c> Chain<'c> {
    /// True if `op` (with `rows` rows) can join the chain.
    pub fn accepts(&self, rows: Dim<'c>) -> bool {
        self.ops.is_empty() || self.rows == Some(rows)
    }

    /// Adds `op`.
    pub fn push(&mut self, op: OpId, rows: Dim<'c>) {
        self.rows = Some(rows);
        self.ops.push(op);
    }

    /// True if `op` uses a value of the chain.
    pub fn is_used_by(&self, body: &Body<'_>, op: OpId) -> bool {
        body.operands(op)
            .any(|v| body.defining_op(v).is_some_and(|d| self.ops.contains(&d)))
    }

    /// Emits the chain's loop before `anchor` and erases its ops.
    pub fn flush(
        &mut self,
        b: &mut OpBuilder<'_, 'c>,
        anchor: OpId,
        config: &Config,
        stats: &mut Stats,
    ) -> Result<(), Diagnostic<'c>> {
        if self.ops.is_empty() {
            return Ok(());
        }
        let ops = std::mem::take(&mut self.ops);
        let rows = self.rows.take().expect("a chain has rows");
        emit(b, &ops, rows, anchor, config)?;
        stats.chains += 1;
        stats.ops += ops.len() as u64;
        for &op in ops.iter().rev() {
            b.body()
                .erase_op(op)
                .map_err(|e| Diagnostic::error(b.body().op_loc(op), format!("{e:?}")))?;
        }
        Ok(())
    }
}

/// The most rows of a block over a symbolic number of rows (the rest of a division by
/// it is lowered a row at a time).
const MAX_SYMBOLIC_BLOCK: i64 = 64;

/// The rows per tile: `config.tile_rows` (at most the rows), or what fits UB (the
/// tiles of one row take `row_bytes`, summed over every tile of the chain): the
/// largest divisor of the rows when it is at least half of that, else the largest
/// power of two, the rows left over taken by a smaller block (see [`emit`]).
pub(super) fn tile_rows<'c>(
    body: &Body<'c>,
    first: OpId,
    rows: Dim<'c>,
    row_bytes: i64,
    config: &Config,
) -> Result<i64, Diagnostic<'c>> {
    let most = fitting_rows(body, first, row_bytes)?;
    let rows = match rows {
        Dim::Const(r) => r.max(1),
        Dim::Sym(_) if config.tile_rows > 0 => return Ok(config.tile_rows),
        // The rows left after the whole blocks go one at a time: not too many.
        Dim::Sym(_) => return Ok(1 << most.min(MAX_SYMBOLIC_BLOCK).ilog2()),
    };
    if config.tile_rows > 0 {
        return Ok(config.tile_rows.min(rows));
    }
    let cap = most.min(rows);
    let divisor = (1..=cap).rev().find(|d| rows % d == 0).unwrap_or(1);
    Ok(if 2 * divisor >= cap {
        divisor
    } else {
        1 << cap.ilog2()
    })
}

/// The most rows of `row_bytes` each that fit UB (at least one).
fn fitting_rows<'c>(body: &Body<'c>, first: OpId, row_bytes: i64) -> Result<i64, Diagnostic<'c>> {
    // An eighth of UB stays free for alignment padding.
    let most = (UB_BYTES - UB_BYTES / 8) / row_bytes.max(1);
    if most < 1 {
        return Err(error_at(
            body,
            first,
            format!(
                "one row of this chain's tiles takes {row_bytes} bytes, more than UB holds ({UB_BYTES} bytes)"
            ),
        ));
    }
    Ok(most)
}

/// The `i64` parameter holding the symbolic size `sym` of the function `body` is.
fn size_param<'c>(body: &Body<'c>, first: OpId, sym: &str) -> Result<ValueId, Diagnostic<'c>> {
    let params = crate::dims::symbol_params(body);
    let Some(&v) = params.get(sym) else {
        return Err(error_at(
            body,
            first,
            format!(
                "the chain has '{sym}' rows, which no parameter holds (run pypto-materialize-dims first)"
            ),
        ));
    };
    if !matches!(
        body.value_type(v).kind(),
        pto_ir::TypeKind::Integer { width: 64, .. }
    ) {
        return Err(error_at(
            body,
            first,
            format!("the parameter holding '{sym}' must be an INT64"),
        ));
    }
    Ok(v)
}

/// Whether tensor op `name` reduces each row (`row_max`, `row_sum`, `row_min`,
/// `row_prod`).
fn is_row_reduction(name: &str) -> bool {
    matches!(
        name,
        crate::TensorRowMaxOp::NAME
            | crate::TensorRowSumOp::NAME
            | crate::TensorRowMinOp::NAME
            | crate::TensorRowProdOp::NAME
    )
}

/// The block op of each elementwise tensor op: `(tensor op, block op, the block op
/// when the right operand is a row vector, commutative)`.
const ELEMENTWISE: &[(&str, &str, Option<&str>, bool)] = &[
    (
        crate::TensorAddOp::NAME,
        crate::BlockAddOp::NAME,
        None,
        true,
    ),
    (
        crate::TensorSubOp::NAME,
        crate::BlockSubOp::NAME,
        Some(crate::BlockRowExpandSubOp::NAME),
        false,
    ),
    (
        crate::TensorMulOp::NAME,
        crate::BlockMulOp::NAME,
        Some(crate::BlockRowExpandMulOp::NAME),
        true,
    ),
    (
        crate::TensorDivOp::NAME,
        crate::BlockDivOp::NAME,
        Some(crate::BlockRowExpandDivOp::NAME),
        false,
    ),
    (
        crate::TensorMaximumOp::NAME,
        crate::BlockMaximumOp::NAME,
        None,
        true,
    ),
    (
        crate::TensorMinimumOp::NAME,
        crate::BlockMinimumOp::NAME,
        None,
        true,
    ),
];

/// The block op of each other row-local tensor op.
const ONE_TO_ONE: &[(&str, &str)] = &[
    (crate::TensorAddScalarOp::NAME, crate::BlockAddsOp::NAME),
    (crate::TensorSubScalarOp::NAME, crate::BlockSubsOp::NAME),
    (crate::TensorMulScalarOp::NAME, crate::BlockMulsOp::NAME),
    (crate::TensorDivScalarOp::NAME, crate::BlockDivsOp::NAME),
    (crate::TensorMaximumScalarOp::NAME, crate::BlockMaxsOp::NAME),
    (crate::TensorMinimumScalarOp::NAME, crate::BlockMinsOp::NAME),
    (crate::TensorExpOp::NAME, crate::BlockExpOp::NAME),
    (crate::TensorNegOp::NAME, crate::BlockNegOp::NAME),
    (crate::TensorSqrtOp::NAME, crate::BlockSqrtOp::NAME),
    (crate::TensorRsqrtOp::NAME, crate::BlockRsqrtOp::NAME),
    (crate::TensorRecipOp::NAME, crate::BlockRecipOp::NAME),
    (crate::TensorLogOp::NAME, crate::BlockLogOp::NAME),
    (crate::TensorAbsOp::NAME, crate::BlockAbsOp::NAME),
    (crate::TensorReluOp::NAME, crate::BlockReluOp::NAME),
    (crate::TensorCastOp::NAME, crate::BlockCastOp::NAME),
    (crate::TensorRowMaxOp::NAME, crate::BlockRowMaxOp::NAME),
    (crate::TensorRowSumOp::NAME, crate::BlockRowSumOp::NAME),
    (crate::TensorRowMinOp::NAME, crate::BlockRowMinOp::NAME),
    (crate::TensorRowProdOp::NAME, crate::BlockRowProdOp::NAME),
];

/// The block op computing tensor op `name` on tiles of `shapes` (of `full` shape, or a
/// row or column vector); `swap` if the operands go the other way round (a vector on the
/// left of a commutative op goes to the right). A row vector on the right of sub, div
/// and mul is PyPTO's `row_expand_*`; the other broadcasts are the plain ops on
/// broadcast shapes (`pypto-block-to-pto` expands a vector on the left of a
/// non-commutative op into a full tile first). `None` for ops [`row_local`] rejects.
fn block_op(name: &str, shapes: &[[i64; 2]], full: [i64; 2]) -> Option<(&'static str, bool)> {
    if let Some(&(_, block, row_expand, commutative)) = ELEMENTWISE.iter().find(|e| e.0 == name) {
        let [a, b] = shapes else {
            return Some((block, false));
        };
        if a == b {
            return Some((block, false));
        }
        let swap = commutative && *a != full && *b == full;
        let (lhs, vector) = if swap { (b, a) } else { (a, b) };
        let op = match row_expand {
            Some(r) if *lhs == full && vector[1] == 1 && full[1] != 1 => r,
            _ => block,
        };
        return Some((op, swap));
    }
    ONE_TO_ONE
        .iter()
        .find(|e| e.0 == name)
        .map(|&(_, block)| (block, false))
}

/// What one block of rows of a chain computes from and stores into.
struct Io<'a, 'c> {
    ops: &'a [OpId],
    outputs: &'a [ValueId],
    assembles: &'a [Option<(OpId, [ValueId; 2])>],
    /// The matrix each input of another rank is read as.
    flat: &'a HashMap<ValueId, ValueId>,
    rows: Dim<'c>,
}

/// Emits the loop of a chain before `anchor`: over blocks of `tm` rows, then over the
/// rows left: one block of them for a static number of rows, else one row at a time.
fn emit<'c>(
    b: &mut OpBuilder<'_, 'c>,
    ops: &[OpId],
    rows: Dim<'c>,
    anchor: OpId,
    config: &Config,
) -> Result<(), Diagnostic<'c>> {
    let members: HashSet<OpId> = ops.iter().copied().collect();
    let body = b.body();
    let mut inputs: Vec<ValueId> = Vec::new();
    let mut outputs: Vec<ValueId> = Vec::new();
    let mut row_bytes = 0;
    for &op in ops {
        for v in body.operands(op) {
            let local = body.defining_op(v).is_some_and(|d| members.contains(&d));
            if !local && Shaped::of(body.value_type(v)).is_some() && !inputs.contains(&v) {
                inputs.push(v);
            }
        }
        let r = body.result(op, 0);
        if body.uses(r).any(|(user, _)| !members.contains(&user)) {
            outputs.push(r);
        }
    }
    let bytes = |body: &Body<'c>, v: ValueId| -> i64 {
        let s = Shaped::of(body.value_type(v)).expect("a tensor");
        let bits = dtype_bits(s.dtype).unwrap_or(32) as i64;
        (cols_of(body, v) * bits + 7) / 8
    };
    for &v in &inputs {
        row_bytes += bytes(body, v);
    }
    for &op in ops {
        let r = body.result(op, 0);
        row_bytes += bytes(body, r);
        if is_row_reduction(body.op_name(op).as_str()) {
            // The scratch tile of the reduction.
            row_bytes += bytes(body, body.operand(op, 0));
        }
    }
    let tm = tile_rows(body, ops[0], rows, row_bytes, config)?;
    let size = match rows {
        Dim::Sym(s) => Some(size_param(body, ops[0], s)?),
        Dim::Const(_) => None,
    };
    let loc = body.op_loc(ops[0]);
    let mut pb = PyptoBuilder::new(b, InsertPoint::Before(anchor), loc);
    // An input of another rank is read as its matrix: a reshape to it (the same
    // buffer; only the chain reads it).
    let mut flat: HashMap<ValueId, ValueId> = HashMap::new();
    for &v in &inputs {
        if rank(pb.b.body(), v) != 2 {
            let [r, c] = matrix_dims(pb.b.body(), v).expect("checked");
            let shape = [r.as_const().expect("static"), c.as_const().expect("static")];
            flat.insert(v, pb.reshape(v, &shape)?);
        }
    }
    // An output only a `tensor.assemble` reads is stored into its target directly, when
    // the chain ends at that assemble (its target is defined before it).
    let mut assembles: Vec<Option<(OpId, [ValueId; 2])>> = Vec::with_capacity(outputs.len());
    for &o in &outputs {
        let body = pb.b.body();
        let mut users = body.uses(o);
        let only = match (users.next(), users.next()) {
            (Some((user, 1)), None)
                if user == anchor
                    && rank(body, o) == 2
                    && body.op_name(user).as_str() == crate::TensorAssembleOp::NAME
                    && body.operand(user, 0) != o
                    && window::check_target_unread_after(body, user).is_ok() =>
            {
                Some(user)
            }
            _ => None,
        };
        assembles.push(match only {
            Some(user) => Some((user, offsets_of(body, user)?)),
            None => None,
        });
    }
    let mut creates = Vec::with_capacity(outputs.len());
    for (&o, assemble) in outputs.iter().zip(&assembles) {
        if let Some((user, _)) = assemble {
            creates.push(pb.b.body().operand(*user, 0));
            continue;
        }
        let s = Shaped::of(pb.b.body().value_type(o)).expect("a tensor");
        let [r, c] = matrix_dims(pb.b.body(), o).expect("checked rank 2");
        pb.loc = pb.b.body().value_loc(o);
        let created = match (r, c) {
            (Dim::Const(r), Dim::Const(c)) => pb.create_matrix([r, c], s.dtype)?,
            _ => {
                // `tensor.create [%n, c]`: deduction does not know `%n` is `n`.
                let ctx = pb.b.context();
                let n = size.expect("symbolic rows have a size");
                let cv = pb.i64(c.as_const().expect("static columns"));
                let v = pb.value(
                    crate::TensorCreateOp::NAME,
                    &[n, cv],
                    &[("dtype", ctx.type_attr(s.dtype))],
                )?;
                let t = Shaped::tensor(vec![r, c], s.dtype).build(ctx);
                pb.b.body().set_value_type(v, t);
                v
            }
        };
        creates.push(created);
    }
    pb.loc = loc;
    let io = Io {
        ops,
        outputs: &outputs,
        assembles: &assembles,
        flat: &flat,
        rows,
    };
    let blocks_of = |pb: &mut PyptoBuilder<'_, '_, 'c>, i: ValueId, outs: &[ValueId]| {
        let tmv = pb.i64(tm);
        let row = pb.scalar(crate::MulOp::NAME, i, tmv);
        emit_block(pb, &io, row, tm, outs)
    };
    let results = match (rows, size) {
        (Dim::Const(r), _) if r % tm == 0 => pb.for_loop(0, r / tm, &creates, &[], blocks_of)?,
        (Dim::Const(r), _) => {
            // Whole blocks, then one block of the rows left.
            let whole = if r >= tm {
                pb.for_loop(0, r / tm, &creates, &[], blocks_of)?
            } else {
                creates.clone()
            };
            let row = pb.i64(r / tm * tm);
            emit_block(&mut pb, &io, row, r % tm, &whole)?
        }
        (_, Some(n)) => {
            let (zero, tmv) = (pb.i64(0), pb.i64(tm));
            let count = pb.scalar(crate::FloorDivOp::NAME, n, tmv);
            let whole = pb.for_range(zero, count, &creates, &[], blocks_of)?;
            if tm == 1 {
                whole
            } else {
                let start = pb.scalar(crate::MulOp::NAME, count, tmv);
                pb.for_range(start, n, &whole, &[], |pb, r, outs| {
                    emit_block(pb, &io, r, 1, outs)
                })?
            }
        }
        (Dim::Sym(_), None) => unreachable!("a symbolic row count has its size parameter"),
    };
    for ((&o, &r), assemble) in outputs.iter().zip(&results).zip(&assembles) {
        match assemble {
            Some((user, _)) => {
                let a = b.body().result(*user, 0);
                b.body().replace_all_uses(a, r);
                let loc = b.body().op_loc(*user);
                b.body()
                    .erase_op(*user)
                    .map_err(|e| Diagnostic::error(loc, format!("{e:?}")))?;
            }
            None if rank(b.body(), o) != 2 => {
                // Back to the output's own shape (the same buffer).
                let shape = Shaped::of(b.body().value_type(o))
                    .and_then(|s| s.static_shape())
                    .expect("checked static");
                let mut pb = PyptoBuilder::new(b, InsertPoint::Before(anchor), loc);
                let v = pb.reshape(r, &shape)?;
                b.body().replace_all_uses(o, v);
            }
            None => b.body().replace_all_uses(o, r),
        }
    }
    Ok(())
}

/// The static number of columns of the rank-2 tensor `v`.
fn cols_of(body: &Body<'_>, v: ValueId) -> i64 {
    let [_, cols] = matrix_dims(body, v).expect("checked rank 2");
    cols.as_const().expect("static columns")
}

/// The chain on the `th` rows from `row` on: loads of its inputs, its ops on tiles,
/// stores of its outputs into `outs`; returns the updated outputs.
fn emit_block<'c>(
    pb: &mut PyptoBuilder<'_, '_, 'c>,
    io: &Io<'_, 'c>,
    row: ValueId,
    th: i64,
    outs: &[ValueId],
) -> Result<Vec<ValueId>, Diagnostic<'c>> {
    let zero = pb.i64(0);
    let mut tiles: HashMap<ValueId, ValueId> = HashMap::new();
    for &op in io.ops {
        pb.loc = pb.b.body().op_loc(op);
        let operands: Vec<ValueId> = pb.b.body().operands(op).collect();
        let mut mapped = Vec::with_capacity(operands.len());
        let mut shapes = Vec::new();
        for v in operands {
            let Some([vrows, _]) = matrix_dims(pb.b.body(), v) else {
                mapped.push(v);
                continue;
            };
            let cols = cols_of(pb.b.body(), v);
            // A column vector `[1, N]` is its one row in every block.
            let column = vrows == Dim::Const(1) && io.rows != Dim::Const(1);
            let (tile_rows, at) = if column { (1, zero) } else { (th, row) };
            shapes.push([tile_rows, cols]);
            let t = match tiles.get(&v) {
                Some(&t) => t,
                None => {
                    let (h, w) = (pb.i64(tile_rows), pb.i64(cols));
                    let from = io.flat.get(&v).copied().unwrap_or(v);
                    let t = window::load(pb, from, [at, zero, h, w], &[])?;
                    tiles.insert(v, t);
                    t
                }
            };
            mapped.push(t);
        }
        let name = pb.b.body().op_name(op).as_str();
        let result = pb.b.body().result(op, 0);
        let cols = cols_of(pb.b.body(), result);
        let (block_name, swap) =
            block_op(name, &shapes, [th, cols]).expect("chains hold row-local ops");
        if swap {
            mapped.swap(0, 1);
        }
        // `cast` keeps its keyword arguments.
        let kwargs: Vec<(&str, pto_ir::Attribute<'c>)> = ["target_type", "mode"]
            .into_iter()
            .filter_map(|k| pb.b.body().attr(op, k).map(|a| (k, a)))
            .collect();
        let t = pb.value(block_name, &mapped, &kwargs)?;
        tiles.insert(pb.b.body().result(op, 0), t);
    }
    let mut stored = Vec::with_capacity(io.outputs.len());
    for ((&o, &out), assemble) in io.outputs.iter().zip(outs).zip(io.assembles) {
        let cols = cols_of(pb.b.body(), o);
        pb.loc = pb.b.body().value_loc(o);
        let (h, w) = (pb.i64(th), pb.i64(cols));
        let (r, c) = match assemble {
            Some((_, [r_off, c_off])) => (add_offset(pb, row, *r_off), *c_off),
            None => (row, zero),
        };
        stored.push(pb.value(
            crate::BlockStoreOp::NAME,
            &[tiles[&o], r, c, h, w, out],
            &[],
        )?);
    }
    Ok(stored)
}
