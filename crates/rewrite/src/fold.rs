//! Folding one op: MLIR's `Operation::fold` with the `IsCommutative` trait folder, and
//! `m_Constant` (the value of a constant-like op).

use smallvec::SmallVec;

use pto_ir::builder::OpBuilder;
use pto_ir::{Attribute, Body, Context, Folded, InsertPoint, OpId, OpTraits, ValueId};

/// The constant a value holds, if it is the result of a constant-like op.
pub fn constant_value<'c>(ctx: &'c Context, body: &Body<'c>, v: ValueId) -> Option<Attribute<'c>> {
    let op = body.defining_op(v)?;
    constant_of_op(ctx, body, op)
}

/// The value of a constant-like op (through its folder, else its `value` attribute).
pub fn constant_of_op<'c>(ctx: &'c Context, body: &Body<'c>, op: OpId) -> Option<Attribute<'c>> {
    let name = body.op_name(op);
    if !name.traits().contains(OpTraits::CONSTANT_LIKE) || body.num_results(op) != 1 {
        return None;
    }
    if let Some(fold) = name.def.and_then(|d| d.fold) {
        if let Some(r) = fold(ctx, body, op, &[]) {
            if let [Folded::Attr(a)] = r.as_slice() {
                return Some(*a);
            }
        }
    }
    body.attr(op, "value")
}

/// What folding an op gave.
pub enum FoldResult<'c> {
    /// Nothing.
    Failed,
    /// The op was changed in place (e.g. commutative operands reordered).
    InPlace,
    /// One replacement per result.
    Replace(SmallVec<[Folded<'c>; 1]>),
}

/// Folds `op`: its fold hook given its constant operands, else its in-place fold model
/// (`FoldInPlaceOpInterface`), else (for commutative ops) moving constant operands to
/// the end, as MLIR's `foldCommutative`.
pub fn fold_op<'c>(ctx: &'c Context, body: &mut Body<'c>, op: OpId) -> FoldResult<'c> {
    let name = body.op_name(op);
    let operands: SmallVec<[ValueId; 4]> = body.operands(op).collect();
    let constants: SmallVec<[Option<Attribute<'c>>; 4]> = operands
        .iter()
        .map(|&v| constant_value(ctx, body, v))
        .collect();
    let mut in_place = false;
    if let Some(fold) = name.def.and_then(|d| d.fold) {
        if let Some(r) = fold(ctx, body, op, &constants) {
            // A folder returning the op's own results means "folded in place"; the trait
            // folder still gets its turn then.
            in_place = r
                .iter()
                .zip(body.results(op))
                .all(|(f, v)| *f == Folded::Value(v));
            if !in_place {
                return FoldResult::Replace(r);
            }
        }
    }
    // A fold that changes the op in place (MLIR's fold hooks may) comes next.
    if !in_place {
        let model = ctx.interface::<dyn pto_ir::op_interfaces::FoldInPlaceOpInterface>(name);
        if model.is_some_and(|m| m.fold_in_place(ctx, body, op)) {
            return FoldResult::InPlace;
        }
    }
    if name.traits().contains(OpTraits::COMMUTATIVE) && operands.len() >= 2 {
        // Stable partition: non-constants first, constants last.
        let mut reordered: SmallVec<[ValueId; 4]> = SmallVec::new();
        reordered.extend(
            operands
                .iter()
                .zip(&constants)
                .filter(|(_, c)| c.is_none())
                .map(|(v, _)| *v),
        );
        reordered.extend(
            operands
                .iter()
                .zip(&constants)
                .filter(|(_, c)| c.is_some())
                .map(|(v, _)| *v),
        );
        if reordered != operands {
            body.set_operands(op, &reordered);
            return FoldResult::InPlace;
        }
    }
    if in_place {
        FoldResult::InPlace
    } else {
        FoldResult::Failed
    }
}

/// Replacement values for an op's results, and the constant ops created for them.
pub type Materialized = (SmallVec<[ValueId; 2]>, SmallVec<[OpId; 2]>);

/// Values for `op`'s fold results: existing values, or constants that `op`'s dialect
/// materializes before it, with the ops created. `None` (created constants erased) if the
/// dialect cannot materialize one.
pub fn materialize_fold_results<'c>(
    ctx: &'c Context,
    body: &mut Body<'c>,
    op: OpId,
    results: &[Folded<'c>],
) -> Option<Materialized> {
    let dialect = ctx.dialect(body.op_name(op).dialect());
    let materialize = dialect.and_then(|d| d.materialize_constant);
    let loc = body.op_loc(op);
    let mut values = SmallVec::new();
    let mut created: SmallVec<[OpId; 2]> = SmallVec::new();
    for (i, r) in results.iter().enumerate() {
        match *r {
            Folded::Value(v) => values.push(v),
            Folded::Attr(a) => {
                let ty = body.value_type(body.result(op, i));
                let mut builder = OpBuilder::new(ctx, body);
                builder.set_insertion_point(InsertPoint::Before(op));
                match materialize.and_then(|m| m(&mut builder, a, ty, loc)) {
                    Some(c) => {
                        created.push(c);
                        values.push(body.result(c, 0));
                    }
                    None => {
                        for c in created.into_iter().rev() {
                            let _ = body.erase_op(c);
                        }
                        return None;
                    }
                }
            }
        }
    }
    Some((values, created))
}
