//! The `affine` dialect (`td/affine/AffineOps.td`), so far `affine.apply`: its
//! syntax (`#map(dims)[symbols]`), verifier, folder (a constant map, or one that returns
//! an operand), canonicalization (composing with `affine.apply`s of symbols and folding
//! constant operands, `compose.rs`) and constants as `arith.constant`.
//! So far that is what `expand-strided-metadata` needs for the offsets and strides of
//! views. The interpreter evaluates the map (`pto_interp`'s `affine.rs`) and
//! `lower-affine` (`pto-conversion`) lowers it to `arith`.

mod compose;

pub use compose::{compose_and_fold, split_mixed, Composed, Folded as ComposedFold, OpFoldResult};

mod ods {
    include!(concat!(env!("OUT_DIR"), "/affine_ods.rs"));
}
pub use ods::*;

use smallvec::{smallvec, SmallVec};

use pto_ir::asm::{OpAsmParser, OpAsmPrinter};
use pto_ir::builder::OpBuilder;
use pto_ir::{
    AffineExpr, AffineMap, AttrKind, Attribute, Body, Context, Diagnostic, Folded, Location, OpId,
    OperationState, Type, ValueId,
};
use pto_rewrite::{MatchResult, PatternRewriter, RewritePatternSet};

/// The map of an `affine.apply`.
pub fn apply_map<'c>(body: &Body<'c>, op: OpId) -> Option<AffineMap<'c>> {
    match *body.attr(op, "map")?.kind() {
        AttrKind::AffineMap(m) => Some(m),
        _ => None,
    }
}

fn parse_apply<'c>(p: &mut dyn OpAsmParser<'c>, state: &mut OperationState<'c>) -> Result<(), ()> {
    let ctx = p.context();
    let map = p.parse_attribute()?;
    let AttrKind::AffineMap(m) = *map.kind() else {
        p.emit_error("expected an affine map");
        return Err(());
    };
    p.parse_punct("(")?;
    let dims = if p.is_punct(")") {
        Vec::new()
    } else {
        p.parse_operand_list()?
    };
    p.parse_punct(")")?;
    let mut syms = Vec::new();
    if p.parse_optional_punct("[") {
        if !p.is_punct("]") {
            syms = p.parse_operand_list()?;
        }
        p.parse_punct("]")?;
    }
    if dims.len() != m.num_dims as usize || syms.len() != m.num_symbols as usize {
        let at = p.op_name_pos();
        p.emit_error_at(at, "dimension or symbol index mismatch");
        return Err(());
    }
    let index = ctx.index_type();
    for u in dims.iter().chain(&syms) {
        let v = p.resolve_operand(u, index)?;
        state.operands.push(v);
    }
    state.set_prop(ctx, "map", map);
    p.parse_optional_attr_dict(state)?;
    state.result_types.push(index);
    Ok(())
}

fn print_apply<'c>(p: &mut dyn OpAsmPrinter<'c>, body: &Body<'c>, op: OpId) {
    let Some(map) = body.attr(op, "map") else {
        return;
    };
    let dims = apply_map(body, op).map_or(0, |m| m.num_dims as usize);
    let operands: SmallVec<[ValueId; 4]> = body.operands(op).collect();
    p.write(" ");
    p.print_attribute(map);
    let list = |p: &mut dyn OpAsmPrinter<'c>, vs: &[ValueId]| {
        for (i, &v) in vs.iter().enumerate() {
            if i > 0 {
                p.write(", ");
            }
            p.print_operand(body, v);
        }
    };
    p.write("(");
    list(p, &operands[..dims.min(operands.len())]);
    p.write(")");
    if operands.len() > dims {
        p.write("[");
        list(p, &operands[dims..]);
        p.write("]");
    }
    p.print_attr_dict(body, op, &["map"], false);
}

pub(crate) fn verify_apply<'c>(
    _ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
) -> Result<(), Diagnostic<'c>> {
    let Some(map) = apply_map(body, op) else {
        return Ok(());
    };
    if body.num_operands(op) != (map.num_dims + map.num_symbols) as usize {
        return Err(pto_ir::verifier::op_error(
            body,
            op,
            "operand count and affine map dimension and symbol count must match",
        ));
    }
    if map.results.len() != 1 {
        return Err(pto_ir::verifier::op_error(
            body,
            op,
            "mapping must produce one value",
        ));
    }
    Ok(())
}

/// The operands of an `affine.apply` as [`OpFoldResult`]s.
fn fold_results(
    body: &Body<'_>,
    op: OpId,
    operands: &[Option<Attribute<'_>>],
) -> Vec<OpFoldResult> {
    body.operands(op)
        .zip(operands.iter().copied().chain(std::iter::repeat(None)))
        .map(|(v, a)| match a.and_then(|a| a.as_int()) {
            Some(c) => OpFoldResult::Const(c as i64),
            None => OpFoldResult::Value(v),
        })
        .collect()
}

/// `affine.apply`: of constants, the constant; a map that returns one of its operands,
/// that operand.
pub fn fold_apply<'c>(
    ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
    operands: &[Option<Attribute<'c>>],
) -> Option<SmallVec<[Folded<'c>; 1]>> {
    let map = apply_map(body, op)?;
    let e = map.results.first()?;
    let n = map.num_dims as usize;
    match *e {
        AffineExpr::Dim(d) => return Some(smallvec![Folded::Value(body.operand(op, d as usize))]),
        AffineExpr::Symbol(s) => {
            return Some(smallvec![Folded::Value(body.operand(op, n + s as usize))])
        }
        _ => {}
    }
    let args = fold_results(body, op, operands);
    if args.iter().any(|a| matches!(a, OpFoldResult::Value(_))) {
        return None;
    }
    let vals: Vec<i64> = args
        .iter()
        .map(|a| match a {
            OpFoldResult::Const(c) => *c,
            OpFoldResult::Value(_) => 0,
        })
        .collect();
    let c = eval(e, &vals[..n], &vals[n..])?;
    let index = ctx.index_type();
    Some(smallvec![Folded::Attr(ctx.int_attr(index, i128::from(c)))])
}

/// The value of `e` at the given dims and symbols (`None` on division by zero).
pub fn eval(e: &AffineExpr<'_>, dims: &[i64], syms: &[i64]) -> Option<i64> {
    use pto_ir::AffineBinOp as B;
    Some(match *e {
        AffineExpr::Dim(d) => *dims.get(d as usize)?,
        AffineExpr::Symbol(s) => *syms.get(s as usize)?,
        AffineExpr::Const(c) => c,
        AffineExpr::Binary(op, l, r) => {
            let (a, b) = (eval(l, dims, syms)?, eval(r, dims, syms)?);
            match op {
                B::Add => a.wrapping_add(b),
                B::Mul => a.wrapping_mul(b),
                _ if b == 0 => return None,
                B::FloorDiv => a.div_euclid(b) - i64::from(b < 0 && a.rem_euclid(b) != 0),
                B::CeilDiv => -((-a).div_euclid(b) - i64::from(b < 0 && (-a).rem_euclid(b) != 0)),
                B::Mod => a.rem_euclid(b.abs()) * if b < 0 { -1 } else { 1 },
            }
        }
    })
}

/// `affine.apply` patterns: MLIR's `SimplifyAffineOp` for maps over symbols.
pub fn canonicalization_patterns_apply(set: &mut RewritePatternSet) {
    set.add_fn(AffineApplyOp::NAME, "SimplifyAffineOp", simplify_apply);
}

fn simplify_apply<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    let ctx = rw.context();
    let body = rw.body();
    let Some(map) = apply_map(body, op).filter(|m| m.results.len() == 1) else {
        return rw.notify_match_failure(op, "not a one-result map");
    };
    let operands: Vec<OpFoldResult> = body.operands(op).map(OpFoldResult::Value).collect();
    let (dims, syms) = operands.split_at(map.num_dims as usize);
    let promote = |v| is_valid_symbol(body, v);
    let Some(folded) = compose_and_fold(ctx, body, &map.results[0], dims, syms, &promote) else {
        return rw.notify_match_failure(op, "division by zero");
    };
    let loc = body.op_loc(op);
    match folded {
        ComposedFold::Done(OpFoldResult::Value(v)) => rw.replace_op(op, &[v]),
        ComposedFold::Done(OpFoldResult::Const(c)) => {
            rw.set_insertion_point_before(op);
            let v = rw.build(|b| constant_index(b, loc, c));
            rw.replace_op(op, &[v]);
        }
        ComposedFold::Apply(c) => {
            let same = c.map == map && c.operands.iter().copied().eq(body.operands(op));
            if same {
                return rw.notify_match_failure(op, "already simplified");
            }
            rw.set_insertion_point_before(op);
            let v = rw.build(|b| build_apply(b, loc, &c));
            rw.replace_op(op, &[v]);
        }
    }
    Ok(())
}

/// MLIR's `isValidSymbol` for the values pto-mlir meets: defined at the top level of an
/// affine scope (the body of a `func.func`).
pub fn is_valid_symbol(body: &Body<'_>, v: ValueId) -> bool {
    let Some(region) = body.value_block(v).and_then(|b| body.block_region(b)) else {
        return false;
    };
    let scope = match body.region_op(region) {
        Some(p) => Some(body.op_name(p)),
        None => body.owner_name(),
    };
    scope.is_some_and(|n| n.traits().contains(pto_ir::OpTraits::AFFINE_SCOPE))
}

/// An `arith.constant` of index type.
pub fn constant_index<'c>(b: &mut OpBuilder<'_, 'c>, loc: Location<'c>, c: i64) -> ValueId {
    let ctx = b.context();
    let index = ctx.index_type();
    let op = crate::arith::ConstantOp::build(b, loc, index, ctx.int_attr(index, i128::from(c)));
    b.body().result(op.0, 0)
}

/// An `affine.apply` of a composed map.
pub fn build_apply<'c>(b: &mut OpBuilder<'_, 'c>, loc: Location<'c>, c: &Composed<'_>) -> ValueId {
    let ctx = b.context();
    let map = ctx.affine_map_attr(c.map);
    let op = AffineApplyOp::build(b, loc, &c.operands, ctx.index_type(), map);
    b.body().result(op.0, 0)
}

/// Constants of the dialect's folds are `arith.constant`s.
pub fn materialize_constant<'c>(
    b: &mut OpBuilder<'_, 'c>,
    value: Attribute<'c>,
    ty: Type<'c>,
    loc: Location<'c>,
) -> Option<OpId> {
    crate::arith::materialize_constant(b, value, ty, loc)
}
