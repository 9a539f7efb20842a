//! The folds of `vector.extract` and `vector.insert` that change the op in place, in
//! MLIR 22's order (`ExtractOp::fold`, `InsertOp::fold`): constant `index` positions
//! become static; an `extract` of an `extract` extracts from the inner source at both
//! positions; one of an `insert` chain extracts from below the inserts at other
//! positions, or from the inserted value when that holds the position; one of a
//! `broadcast` extracts from the broadcast's source (dropping the added dimensions, and
//! position 0 in stretched unit dimensions); one of a `shape_cast` extracts from the
//! cast's source when the extracted dimensions are its innermost.

use smallvec::SmallVec;

use super::fold::{defined_by, positions, Pos};
use super::vector_parts;
use pto_ir::types::DYNAMIC;
use pto_ir::{Body, Context, OpId, Type, ValueId};
use pto_rewrite::fold::constant_value;

/// The constants of the op's operands (for [`positions`]).
fn operand_constants<'c>(
    ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
) -> Vec<Option<pto_ir::Attribute<'c>>> {
    body.operands(op)
        .map(|v| constant_value(ctx, body, v))
        .collect()
}

/// Sets `op`'s leading operands to `lead`, its positions to `pos` (dynamic ones as
/// operands after `lead`).
fn set_positions<'c>(
    ctx: &'c Context,
    body: &mut Body<'c>,
    op: OpId,
    lead: &[ValueId],
    pos: &[Pos],
) {
    let mut operands: SmallVec<[ValueId; 4]> = lead.iter().copied().collect();
    let stat: SmallVec<[i64; 4]> = pos
        .iter()
        .map(|p| match *p {
            Pos::Static(v) => v,
            Pos::Dynamic(v) => {
                operands.push(v);
                DYNAMIC
            }
        })
        .collect();
    body.set_operands(op, &operands);
    let props = ctx.dict_with(
        body.op_props(op),
        "static_position",
        Some(ctx.dense_int_array(64, &stat)),
    );
    body.set_op_props(op, Some(props));
}

/// Whether some dynamic position of `op` holds a constant.
fn has_constant_dynamic(body: &Body<'_>, op: OpId, first_dyn: usize, pos: &[Pos]) -> bool {
    let dynamic = pos.iter().filter(|p| matches!(p, Pos::Dynamic(_))).count();
    dynamic != body.num_operands(op) - first_dyn
}

fn rank(t: Type<'_>) -> usize {
    vector_parts(t).map_or(0, |(s, _, _)| s.len())
}

/// The in-place folds of `vector.extract`.
pub(super) fn fold_extract_in_place<'c>(ctx: &'c Context, body: &mut Body<'c>, op: OpId) -> bool {
    let consts = operand_constants(ctx, body, op);
    let pos = positions(body, op, 1, &consts);
    let src = body.operand(op, 0);
    let changed = has_constant_dynamic(body, op, 1, &pos);
    if changed {
        set_positions(ctx, body, op, &[src], &pos);
    }
    // extract(extract(x, p), q) = extract(x, p ++ q).
    let is_static = |p: &[Pos]| p.iter().all(|p| matches!(p, Pos::Static(_)));
    if let Some(inner) = defined_by(body, src, super::ExtractOp::NAME) {
        let mut all = positions(body, inner, 1, &[]);
        if !is_static(&all) || !is_static(&pos) {
            return changed;
        }
        all.extend(pos.iter().copied());
        let inner_src = body.operand(inner, 0);
        set_positions(ctx, body, op, &[inner_src], &all);
        return true;
    }
    if let Some(done) = through_insert_chain(ctx, body, op, src, &pos) {
        return done || changed;
    }
    if let Some(b) = defined_by(body, src, super::BroadcastOp::NAME) {
        return through_broadcast(ctx, body, op, b, pos) || changed;
    }
    if let Some(c) = defined_by(body, src, super::ShapeCastOp::NAME) {
        return through_shape_cast(ctx, body, op, c, &pos) || changed;
    }
    changed
}

/// extract(broadcast(x)) extracts from x when the result's dimensions come from x.
fn through_broadcast<'c>(
    ctx: &'c Context,
    body: &mut Body<'c>,
    op: OpId,
    b: OpId,
    mut pos: SmallVec<[Pos; 4]>,
) -> bool {
    let src = body.operand(op, 0);
    let bsrc = body.operand(b, 0);
    let (res_ty, bsrc_ty) = (body.value_type(body.result(op, 0)), body.value_type(bsrc));
    let (r, s) = (rank(res_ty), rank(bsrc_ty));
    if s == 0 || r > s {
        return false;
    }
    let (Some((bshape, _, _)), Some((dshape, _, _))) =
        (vector_parts(bsrc_ty), vector_parts(body.value_type(src)))
    else {
        return false;
    };
    if let Some((rshape, _, _)) = vector_parts(res_ty) {
        if rshape != &bshape[s - r..] {
            return false;
        }
    }
    let lead = dshape.len() - s;
    for (i, p) in pos.iter_mut().enumerate().skip(lead) {
        if bshape[i - lead] == 1 && dshape[i] != 1 {
            *p = Pos::Static(0);
        }
    }
    let keep = s - r;
    let pos: SmallVec<[Pos; 4]> = pos[pos.len() - keep..].iter().copied().collect();
    set_positions(ctx, body, op, &[bsrc], &pos);
    true
}

/// MLIR's `foldExtractFromShapeCast`: extract(shape_cast(x)) at static positions
/// extracts from x, when the extracted vector's dimensions are x's innermost ones: the
/// position is linearized in the cast's result shape and delinearized in x's.
fn through_shape_cast<'c>(
    ctx: &'c Context,
    body: &mut Body<'c>,
    op: OpId,
    cast: OpId,
    pos: &[Pos],
) -> bool {
    let Some(stat) = pos
        .iter()
        .map(|p| match *p {
            Pos::Static(v) => Some(v),
            Pos::Dynamic(_) => None,
        })
        .collect::<Option<SmallVec<[i64; 4]>>>()
    else {
        return false;
    };
    let cast_src = body.operand(cast, 0);
    let (Some((sshape, _, _)), Some((dshape, _, _))) = (
        vector_parts(body.value_type(cast_src)),
        vector_parts(body.value_type(body.operand(op, 0))),
    ) else {
        return false;
    };
    let rshape = vector_parts(body.value_type(body.result(op, 0))).map_or(&[][..], |p| p.0);
    let r = rshape.len();
    if r > sshape.len() || rshape != &sshape[sshape.len() - r..] {
        return false;
    }
    // Row-major linear index of `stat` in the extract source's leading dimensions.
    let lead = &dshape[..dshape.len() - r];
    let mut linear = 0i64;
    for (&p, &d) in stat.iter().zip(lead) {
        linear = linear * d + p;
    }
    let outer = &sshape[..sshape.len() - r];
    let mut new_pos: SmallVec<[Pos; 4]> = smallvec::smallvec![Pos::Static(0); outer.len()];
    for (p, &d) in new_pos.iter_mut().zip(outer).rev() {
        *p = Pos::Static(linear % d);
        linear /= d;
    }
    set_positions(ctx, body, op, &[cast_src], &new_pos);
    true
}

/// An `extract` at static `pos` of an `insert` chain: past inserts at positions that do
/// not overlap `pos` its source becomes the first value below them; when an insert put
/// a larger part holding `pos`, it extracts from the inserted value at the rest of `pos`.
/// An insert of a part inside the extracted one leaves the source as it is.
/// `Some(changed)` when the chain was examined, `None` when there is none to follow.
fn through_insert_chain<'c>(
    ctx: &'c Context,
    body: &mut Body<'c>,
    op: OpId,
    src: ValueId,
    pos: &[Pos],
) -> Option<bool> {
    defined_by(body, src, super::InsertOp::NAME)?;
    let ext: SmallVec<[i64; 4]> = pos
        .iter()
        .map(|p| match p {
            Pos::Static(v) => Some(*v),
            Pos::Dynamic(_) => None,
        })
        .collect::<Option<_>>()?;
    let mut cur = src;
    while let Some(ins) = defined_by(body, cur, super::InsertOp::NAME) {
        let ipos: SmallVec<[i64; 4]> = positions(body, ins, 2, &[])
            .iter()
            .map(|p| match p {
                Pos::Static(v) => Some(*v),
                Pos::Dynamic(_) => None,
            })
            .collect::<Option<_>>()?;
        let common = ipos.len().min(ext.len());
        if ipos[..common] != ext[..common] {
            cur = body.operand(ins, 1);
            continue;
        }
        if ipos.len() < ext.len() {
            let rest: SmallVec<[Pos; 4]> =
                ext[ipos.len()..].iter().map(|&v| Pos::Static(v)).collect();
            let value = body.operand(ins, 0);
            set_positions(ctx, body, op, &[value], &rest);
            return Some(true);
        }
        // An insert inside the extracted part: the source stays.
        return Some(false);
    }
    if cur == src {
        return Some(false);
    }
    body.set_operand(op, 0, cur);
    Some(true)
}

/// The in-place fold of `vector.insert`: constant dynamic positions become static.
pub(super) fn fold_insert_in_place<'c>(ctx: &'c Context, body: &mut Body<'c>, op: OpId) -> bool {
    let consts = operand_constants(ctx, body, op);
    let pos = positions(body, op, 2, &consts);
    if !has_constant_dynamic(body, op, 2, &pos) {
        return false;
    }
    let lead = [body.operand(op, 0), body.operand(op, 1)];
    set_positions(ctx, body, op, &lead, &pos);
    true
}
