//! `block.*` ops as `pto` tile ops.
//!
//! Every class of tile values is one `pto.alloc_tile` (memory planning places it
//! later): in front of its value's definition, or once at the function's entry for a
//! buffer shared across loop iterations. The tile's address space follows from the
//! op that writes it, as PyPTO's InitMemRef decides: `block.load` into UB (`vec`) or
//! L1 (`mat`) by `target_memory`, `block.move` into L0A (`left`), L0B (`right`), L1 or
//! UB, a matmul into L0C (`acc`), everything else UB. Layouts are the ones PTOAS's
//! cube and vector kernels use (`[M, 1]` row vectors are plain row-major tiles,
//! which the reductions, broadcasts and elementwise ops all take).
//! `block.move{transpose}` from L1 to L0A/L0B is a `pto.treshape` of the NZ L1 tile to
//! the ZN layout of its transpose plus `pto.tmov` (the cube unit transposes by layout);
//! within UB it is `pto.ttrans`; between other spaces it is not supported yet (an
//! error). A vector on the left of an elementwise op is first expanded into a full tile
//! (`pto.trowexpand`/`pto.tcolexpand`).

use pto_ir::printer::type_to_string;
use pto_ir::{Diagnostic, InsertPoint, OpId, Type, ValueId};
use pto_tile::pto_to_loops::emit::Emitter;
use pto_tile::{
    AllocTileOp, MakeTensorViewOp, PartitionViewOp, TAddOp, TAddSOp, TColExpandAddOp,
    TColExpandDivOp, TColExpandMaxOp, TColExpandMinOp, TColExpandMulOp, TColExpandOp,
    TColExpandSubOp, TCvtOp, TDivOp, TDivSOp, TExpOp, TLoadOp, TMatmulAccOp, TMatmulOp, TMaxOp,
    TMinOp, TMovOp, TMulOp, TMulSOp, TNegOp, TRecipOp, TReshapeOp, TRowExpandAddOp,
    TRowExpandDivOp, TRowExpandMaxOp, TRowExpandMinOp, TRowExpandMulOp, TRowExpandOp,
    TRowExpandSubOp, TRowMaxOp, TRowSumOp, TRsqrtOp, TSqrtOp, TStoreOp, TSubOp, TSubSOp, TTransOp,
};

use super::{error_at, matrix, Gm, State};
use pto_dialects::arith;

/// A local address space, by the keyword of `!pto.tile_buf`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Space {
    Vec,
    Mat,
    Left,
    Right,
    Acc,
}

/// The space `target_memory` names (1 UB, 2 L1, 3 L0A, 4 L0B).
fn space_of_target(t: i64) -> Space {
    match t {
        2 => Space::Mat,
        3 => Space::Left,
        4 => Space::Right,
        _ => Space::Vec,
    }
}

/// The text of the `!pto.tile_buf` of a `rows x cols` tile of `dtype` in `space`.
fn tile_type_text(space: Space, [rows, cols]: [i64; 2], dtype: Type<'_>) -> String {
    let elem = type_to_string(dtype);
    let shape = format!("{rows}x{cols}x{elem}");
    match space {
        Space::Vec => format!("!pto.tile_buf<vec, {shape}>"),
        Space::Mat => format!("!pto.tile_buf<mat, {shape}, blayout=col_major, slayout=row_major>"),
        Space::Left => format!("!pto.tile_buf<left, {shape}, slayout=row_major>"),
        Space::Right => format!("!pto.tile_buf<right, {shape}, slayout=col_major>"),
        Space::Acc => format!(
            "!pto.tile_buf<acc, {shape}, blayout=col_major, slayout=row_major, fractal=1024>"
        ),
    }
}

/// The buffer of tile value `v`, written in `space`: its class's `pto.alloc_tile`,
/// created on first use.
fn buffer<'c>(
    e: &mut Emitter<'_, '_, 'c>,
    st: &mut State<'c>,
    v: ValueId,
    space: Space,
) -> Result<ValueId, Diagnostic<'c>> {
    let rep = st.classes.find(v);
    if let Some(&b) = st.buffers.get(&rep) {
        return Ok(b);
    }
    let t = e.ty(v);
    let Some((shape, dtype)) = matrix(t) else {
        return Err(Diagnostic::error(
            e.loc,
            format!("pypto-block-to-pto: tile type {t} needs a static shape"),
        ));
    };
    let ty = st.ty(e.ctx(), &tile_type_text(space, shape, dtype));
    let at = st.classes.is_shared(v).then_some(st.entry);
    let here = InsertPoint::Before(cur_op(e));
    let b = e.at(at.unwrap_or(here), |e| {
        let op = AllocTileOp::build(e.b, e.loc, None, None, None, ty);
        e.b.body().result(op.0, 0)
    });
    st.buffers.insert(rep, b);
    Ok(b)
}

/// The op the emitter inserts before.
fn cur_op(e: &mut Emitter<'_, '_, '_>) -> OpId {
    match e.b.insertion_point() {
        Some(InsertPoint::Before(op)) => op,
        other => unreachable!("the lowering inserts before the lowered op, not at {other:?}"),
    }
}

/// The existing buffer of tile operand `v`.
fn operand_buffer<'c>(
    e: &mut Emitter<'_, '_, 'c>,
    st: &State<'c>,
    v: ValueId,
) -> Result<ValueId, Diagnostic<'c>> {
    st.buffers.get(&st.classes.find(v)).copied().ok_or_else(|| {
        Diagnostic::error(
            e.loc,
            "pypto-block-to-pto: a tile is read before anything writes it",
        )
    })
}

/// An `index` operand from a PyPTO integer: the constant, or an `arith.index_cast`.
pub(super) fn index<'c>(e: &mut Emitter<'_, '_, 'c>, v: ValueId) -> ValueId {
    if let Some(c) = e.cst(v) {
        return e.index(c);
    }
    let t = e.index_type();
    e.val(arith::IndexCastOp::NAME, &[v], t, &[])
}

/// The global-memory tensor of `pypto` tensor value `v`.
pub(super) fn gm<'c>(
    e: &mut Emitter<'_, '_, 'c>,
    st: &State<'c>,
    v: ValueId,
) -> Result<Gm<'c>, Diagnostic<'c>> {
    st.tensors
        .get(&super::carried::root(e.b.body(), v))
        .copied()
        .ok_or_else(|| {
            Diagnostic::error(
                e.loc,
                "pypto-block-to-pto: this tensor is not a parameter or a tensor the function creates",
            )
        })
}

/// The `pto.make_tensor_view` of `g` (one per pointer and shape, at the function's
/// entry).
pub(super) fn view<'c>(e: &mut Emitter<'_, '_, 'c>, st: &mut State<'c>, g: Gm<'c>) -> ValueId {
    if let Some(&v) = st.views.get(&(g.ptr, g.shape)) {
        return v;
    }
    let ty = st.ty(
        e.ctx(),
        &format!("!pto.tensor_view<?x?x{}>", type_to_string(g.dtype)),
    );
    let v = e.at(st.entry, |e| {
        let rows = g.rows.unwrap_or_else(|| e.index(g.shape[0]));
        let shape = [rows, e.index(g.shape[1])];
        let strides = [e.index(g.shape[1]), e.index(1)];
        let op = MakeTensorViewOp::build(e.b, e.loc, g.ptr, &shape, &strides, ty, None);
        e.b.body().result(op.0, 0)
    });
    st.views.insert((g.ptr, g.shape), v);
    v
}

/// `pto.partition_view` of the `h x w` window at (`r`, `c`) of `g`.
fn window<'c>(
    e: &mut Emitter<'_, '_, 'c>,
    st: &mut State<'c>,
    g: Gm<'c>,
    [r, c, h, w]: [ValueId; 4],
) -> Result<ValueId, Diagnostic<'c>> {
    let (Some(hc), Some(wc)) = (e.cst(h), e.cst(w)) else {
        return Err(Diagnostic::error(
            e.loc,
            "pypto-block-to-pto: the window's height and width must be constants",
        ));
    };
    let tv = view(e, st, g);
    let ty = st.ty(
        e.ctx(),
        &format!(
            "!pto.partition_tensor_view<{hc}x{wc}x{}>",
            type_to_string(g.dtype)
        ),
    );
    let offsets = [index(e, r), index(e, c)];
    let sizes = [e.index(hc), e.index(wc)];
    let op = PartitionViewOp::build(e.b, e.loc, tv, &offsets, &sizes, ty);
    Ok(e.b.body().result(op.0, 0))
}

/// `block.move` with `transpose` from tile buffer `src` to `dst` (in `space`). From L1
/// to L0A/L0B (a matmul operand taken transposed) the transposition is a change of
/// layout, as on the cube unit: the L1 tile's NZ storage of `[h, w]` is the ZN storage
/// of its `[w, h]` transpose (`pto.treshape`), which `pto.tmov` copies into the L0
/// tile like any other operand. Within UB it is `pto.ttrans`.
fn move_transposed<'c>(
    e: &mut Emitter<'_, '_, 'c>,
    st: &mut State<'c>,
    op: OpId,
    src: ValueId,
    dst: ValueId,
    space: Space,
) -> Result<(), Diagnostic<'c>> {
    let loc = e.loc;
    let from = pto_tile::TileBufType::from_type(e.ty(src))
        .map(|t| t.loc())
        .unwrap_or(-1);
    let operand = e.b.body().operand(op, 0);
    let shape = matrix(e.ty(operand));
    match (from, space, shape) {
        (pto_tile::space::MAT, Space::Left | Space::Right, Some(([h, w], dtype))) => {
            let elem = type_to_string(dtype);
            let zn = st.ty(
                e.ctx(),
                &format!("!pto.tile_buf<mat, {w}x{h}x{elem}, blayout=row_major, slayout=col_major>"),
            );
            let view = TReshapeOp::build(e.b, loc, src, zn);
            let view = e.b.body().result(view.0, 0);
            TMovOp::build(e.b, loc, view, dst, None, None, None, None, None);
        }
        (pto_tile::space::VEC, Space::Vec, Some(_)) => {
            // The scratch tile the vector unit's transposition takes, shaped like the
            // result.
            let tmp_ty = e.ty(dst);
            let tmp = AllocTileOp::build(e.b, loc, None, None, None, tmp_ty);
            let tmp = e.b.body().result(tmp.0, 0);
            TTransOp::build(e.b, loc, src, tmp, dst);
        }
        _ => {
            return Err(error_at(
                e.b.body(),
                op,
                "block.move with transpose is supported from L1 to L0A or L0B (target_memory 3 or 4) and within UB (from a UB tile, target_memory 1)",
            ))
        }
    }
    Ok(())
}

/// Lowers `block.*` op `op` before itself.
pub(super) fn lower<'c>(
    e: &mut Emitter<'_, '_, 'c>,
    st: &mut State<'c>,
    op: OpId,
) -> Result<(), Diagnostic<'c>> {
    let body = e.b.body();
    let full = body.op_name(op).as_str();
    let operands: Vec<ValueId> = body.operands(op).collect();
    let result = (body.num_results(op) == 1).then(|| body.result(op, 0));
    let int_attr = |e: &mut Emitter<'_, '_, 'c>, name: &str, d: i64| {
        e.b.body()
            .attr(op, name)
            .and_then(|a| a.as_int())
            .map_or(d, |v| v as i64)
    };
    let loc = e.loc;
    let Some(name) = full.strip_prefix("pypto.block.") else {
        return Err(error_at(
            e.b.body(),
            op,
            format!(
                "'{full}' is not supported (lower tensor ops with pypto-tensor-to-block first)"
            ),
        ));
    };
    let result_or_err = |e: &mut Emitter<'_, '_, 'c>| {
        result.ok_or_else(|| error_at(e.b.body(), op, "expected one result"))
    };
    match name {
        "load" => {
            let g = gm(e, st, operands[0])?;
            let pv = window(
                e,
                st,
                g,
                [operands[1], operands[2], operands[3], operands[4]],
            )?;
            let space = space_of_target(int_attr(e, "target_memory", 1));
            let r = result_or_err(e)?;
            let dst = buffer(e, st, r, space)?;
            TLoadOp::build(e.b, loc, pv, dst, None, None, None, None, None, None, None);
        }
        "store" => {
            let src = operand_buffer(e, st, operands[0])?;
            let g = gm(e, st, operands[5])?;
            let pv = window(
                e,
                st,
                g,
                [operands[1], operands[2], operands[3], operands[4]],
            )?;
            TStoreOp::build(e.b, loc, src, pv, None, None, None, None, None);
        }
        "move" => {
            let src = operand_buffer(e, st, operands[0])?;
            let space = space_of_target(int_attr(e, "target_memory", 1));
            let r = result_or_err(e)?;
            let dst = buffer(e, st, r, space)?;
            if int_attr(e, "transpose", 0) != 0 {
                move_transposed(e, st, op, src, dst, space)?;
            } else {
                TMovOp::build(e.b, loc, src, dst, None, None, None, None, None);
            }
        }
        "alloc" => {
            // A MemRef's reservation: tiles get their own `pto.alloc_tile`s.
        }
        "add" | "sub" | "mul" | "div" | "maximum" | "minimum" | "row_expand_sub"
        | "row_expand_div" | "row_expand_mul" => {
            let r = result_or_err(e)?;
            let shape_of =
                |e: &mut Emitter<'_, '_, 'c>, v: ValueId| matrix(e.ty(v)).map_or([0, 0], |m| m.0);
            let mut shapes = [shape_of(e, operands[0]), shape_of(e, operands[1])];
            let res = shape_of(e, r);
            let (mut a, b) = (
                operand_buffer(e, st, operands[0])?,
                operand_buffer(e, st, operands[1])?,
            );
            let op_name = name.strip_prefix("row_expand_").unwrap_or(name);
            let unsupported = |e: &mut Emitter<'_, '_, 'c>, shapes: [[i64; 2]; 2]| {
                error_at(
                    e.b.body(),
                    op,
                    format!("'{full}' of tiles {:?} and {:?} is not supported (only [M, 1] and [1, N] vectors broadcast)", shapes[0], shapes[1]),
                )
            };
            if shapes[0] != res && name == op_name {
                // A vector on the left (numpy broadcasting): expanded into a full tile
                // first, so the op keeps its operand order.
                let Some((_, dtype)) = matrix(e.ty(operands[0])) else {
                    return Err(unsupported(e, shapes));
                };
                let tt = st.ty(e.ctx(), &tile_type_text(Space::Vec, res, dtype));
                let tmp = AllocTileOp::build(e.b, loc, None, None, None, tt);
                let tmp = e.b.body().result(tmp.0, 0);
                if shapes[0] == [res[0], 1] {
                    TRowExpandOp::build(e.b, loc, a, tmp);
                } else if shapes[0] == [1, res[1]] {
                    TColExpandOp::build(e.b, loc, a, tmp);
                } else {
                    return Err(unsupported(e, shapes));
                }
                a = tmp;
                shapes[0] = res;
            }
            let dst = buffer(e, st, r, Space::Vec)?;
            if shapes[0] != res {
                return Err(unsupported(e, shapes));
            } else if shapes[0] == shapes[1] {
                match op_name {
                    "add" => TAddOp::build(e.b, loc, a, b, dst).0,
                    "sub" => TSubOp::build(e.b, loc, a, b, dst).0,
                    "mul" => TMulOp::build(e.b, loc, a, b, dst).0,
                    "div" => TDivOp::build(e.b, loc, a, b, dst).0,
                    "minimum" => TMinOp::build(e.b, loc, a, b, dst).0,
                    _ => TMaxOp::build(e.b, loc, a, b, dst).0,
                };
            } else if shapes[1][1] == 1 && shapes[1][0] == shapes[0][0] {
                match op_name {
                    "add" => TRowExpandAddOp::build(e.b, loc, a, b, dst).0,
                    "sub" => TRowExpandSubOp::build(e.b, loc, a, b, None, dst).0,
                    "mul" => TRowExpandMulOp::build(e.b, loc, a, b, None, dst).0,
                    "div" => TRowExpandDivOp::build(e.b, loc, a, b, None, dst).0,
                    "minimum" => TRowExpandMinOp::build(e.b, loc, a, b, None, dst).0,
                    _ => TRowExpandMaxOp::build(e.b, loc, a, b, None, dst).0,
                };
            } else if shapes[1][0] == 1 && shapes[1][1] == shapes[0][1] && name == op_name {
                // A column vector `[1, N]` broadcast across rows.
                match op_name {
                    "add" => TColExpandAddOp::build(e.b, loc, a, b, dst).0,
                    "sub" => TColExpandSubOp::build(e.b, loc, a, b, dst).0,
                    "mul" => TColExpandMulOp::build(e.b, loc, a, b, dst).0,
                    "div" => TColExpandDivOp::build(e.b, loc, a, b, dst).0,
                    "minimum" => TColExpandMinOp::build(e.b, loc, a, b, dst).0,
                    _ => TColExpandMaxOp::build(e.b, loc, a, b, dst).0,
                };
            } else {
                return Err(unsupported(e, shapes));
            }
        }
        "adds" | "subs" | "muls" | "divs" => {
            let r = result_or_err(e)?;
            let a = operand_buffer(e, st, operands[0])?;
            let s = operands[1];
            let dst = buffer(e, st, r, Space::Vec)?;
            match name {
                "adds" => TAddSOp::build(e.b, loc, a, s, dst).0,
                "subs" => TSubSOp::build(e.b, loc, a, s, dst).0,
                "muls" => TMulSOp::build(e.b, loc, a, s, dst).0,
                _ => TDivSOp::build(e.b, loc, a, s, dst).0,
            };
        }
        "neg" | "exp" | "recip" | "sqrt" | "rsqrt" => {
            let r = result_or_err(e)?;
            let a = operand_buffer(e, st, operands[0])?;
            let dst = buffer(e, st, r, Space::Vec)?;
            match name {
                "neg" => TNegOp::build(e.b, loc, a, dst).0,
                "exp" => TExpOp::build(e.b, loc, a, dst).0,
                "recip" => TRecipOp::build(e.b, loc, a, dst).0,
                "sqrt" => TSqrtOp::build(e.b, loc, a, dst).0,
                _ => TRsqrtOp::build(e.b, loc, a, dst, None).0,
            };
        }
        "cast" => {
            let r = result_or_err(e)?;
            let a = operand_buffer(e, st, operands[0])?;
            let dst = buffer(e, st, r, Space::Vec)?;
            // PyPTO's modes: to nearest (ties to even), down, up.
            let mode = match int_attr(e, "mode", 0) {
                1 => "FLOOR",
                2 => "CEIL",
                _ => "CAST_RINT",
            };
            let rmode = pto_tile::enum_attr(e.ctx(), "round_mode", mode);
            TCvtOp::build(e.b, loc, a, dst, None, rmode, None);
        }
        "row_max" | "row_sum" | "sum" | "max" => {
            if matches!(name, "sum" | "max") {
                let axis = int_attr(e, "axis", -1);
                if !(axis == 1 || axis == -1) || int_attr(e, "keepdim", 0) == 0 {
                    return Err(error_at(
                        e.b.body(),
                        op,
                        format!("'{full}' is supported over the last axis with keepdim only"),
                    ));
                }
            }
            let r = result_or_err(e)?;
            let a = operand_buffer(e, st, operands[0])?;
            // The scratch tile of the reduction, shaped like its source.
            let Some((shape, dtype)) = matrix(e.ty(operands[0])) else {
                return Err(error_at(e.b.body(), op, "the source needs a static shape"));
            };
            let tt = st.ty(e.ctx(), &tile_type_text(Space::Vec, shape, dtype));
            let tmp = AllocTileOp::build(e.b, loc, None, None, None, tt);
            let tmp = e.b.body().result(tmp.0, 0);
            let dst = buffer(e, st, r, Space::Vec)?;
            if matches!(name, "row_max" | "max") {
                TRowMaxOp::build(e.b, loc, a, tmp, dst);
            } else {
                TRowSumOp::build(e.b, loc, a, tmp, dst);
            }
        }
        "matmul" => {
            let r = result_or_err(e)?;
            let (a, b) = (
                operand_buffer(e, st, operands[0])?,
                operand_buffer(e, st, operands[1])?,
            );
            let dst = buffer(e, st, r, Space::Acc)?;
            TMatmulOp::build(e.b, loc, a, b, dst, None);
        }
        "matmul_acc" => {
            let r = result_or_err(e)?;
            let acc = operand_buffer(e, st, operands[0])?;
            let (a, b) = (
                operand_buffer(e, st, operands[1])?,
                operand_buffer(e, st, operands[2])?,
            );
            let dst = buffer(e, st, r, Space::Acc)?;
            TMatmulAccOp::build(e.b, loc, acc, a, b, dst, None);
        }
        _ => {
            return Err(error_at(
                e.b.body(),
                op,
                format!("'{full}' has no pto lowering yet"),
            ))
        }
    }
    Ok(())
}
