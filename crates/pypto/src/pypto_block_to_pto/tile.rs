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

/// The `!pto.tile_buf` of a `rows x cols` tile of `dtype` in `space`, in the layouts
/// the cube unit reads (NZ in L1, ZN/NZ boxes in L0A/L0B, NZ with 1 KiB boxes in L0C).
fn tile_type<'c>(
    ctx: &'c pto_ir::Context,
    space: Space,
    shape: [i64; 2],
    dtype: Type<'c>,
) -> Type<'c> {
    use pto_tile::{AddressSpace as AS, BLayout as B, SLayout as S, TileBufType};
    let t = |loc| TileBufType::of_shape(ctx, loc, dtype, shape);
    let t = match space {
        Space::Vec => t(AS::VEC),
        Space::Mat => t(AS::MAT).with_layout(ctx, B::ColMajor, S::RowMajor),
        Space::Left => {
            let base = pto_tile::left_tile_blayout(ctx).unwrap_or(B::RowMajor);
            t(AS::LEFT).with_layout(ctx, base, S::RowMajor)
        }
        Space::Right => t(AS::RIGHT).with_layout(ctx, B::RowMajor, S::ColMajor),
        Space::Acc => t(AS::ACC)
            .with_layout(ctx, B::ColMajor, S::RowMajor)
            .with_fractal(ctx, 1024),
    };
    t.ty()
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
    let ty = tile_type(e.ctx(), space, shape, dtype);
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
    let ty =
        pto_tile::TensorViewType::get(e.ctx(), &[pto_ir::DYNAMIC, pto_ir::DYNAMIC], g.dtype).ty();
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
    let ty = pto_tile::PartitionTensorViewType::get(e.ctx(), &[hc, wc], g.dtype).ty();
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
    op: OpId,
    src: ValueId,
    dst: ValueId,
    space: Space,
) -> Result<(), Diagnostic<'c>> {
    let loc = e.loc;
    let from = pto_tile::TileBufType::from_type(e.ty(src)).map(|t| t.loc());
    let operand = e.b.body().operand(op, 0);
    let shape = matrix(e.ty(operand));
    match (from, space, shape) {
        (Some(pto_tile::AddressSpace::MAT), Space::Left | Space::Right, Some(([h, w], dtype))) => {
            let zn = pto_tile::TileBufType::of_shape(e.ctx(), pto_tile::AddressSpace::MAT, dtype, [w, h])
                .with_layout(e.ctx(), pto_tile::BLayout::RowMajor, pto_tile::SLayout::ColMajor)
                .ty();
            let view = TReshapeOp::build(e.b, loc, src, zn);
            let view = e.b.body().result(view.0, 0);
            TMovOp::build(e.b, loc, view, dst, None, None, None, None, None);
        }
        (Some(pto_tile::AddressSpace::VEC), Space::Vec, Some(_)) => {
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
    if !full.starts_with("pypto.block.") {
        return Err(error_at(
            e.b.body(),
            op,
            format!(
                "'{full}' is not supported (lower tensor ops with pypto-tensor-to-block first)"
            ),
        ));
    }
    let name = full;
    let result_or_err = |e: &mut Emitter<'_, '_, 'c>| {
        result.ok_or_else(|| error_at(e.b.body(), op, "expected one result"))
    };
    match name {
        crate::BlockLoadOp::NAME => {
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
        crate::BlockStoreOp::NAME => {
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
        crate::BlockMoveOp::NAME => {
            let src = operand_buffer(e, st, operands[0])?;
            let space = space_of_target(int_attr(e, "target_memory", 1));
            let r = result_or_err(e)?;
            let dst = buffer(e, st, r, space)?;
            if int_attr(e, "transpose", 0) != 0 {
                move_transposed(e, op, src, dst, space)?;
            } else {
                TMovOp::build(e.b, loc, src, dst, None, None, None, None, None);
            }
        }
        crate::BlockAllocOp::NAME => {
            // A MemRef's reservation: tiles get their own `pto.alloc_tile`s.
        }
        crate::BlockAddOp::NAME
        | crate::BlockSubOp::NAME
        | crate::BlockMulOp::NAME
        | crate::BlockDivOp::NAME
        | crate::BlockMaximumOp::NAME
        | crate::BlockMinimumOp::NAME
        | crate::BlockRowExpandSubOp::NAME
        | crate::BlockRowExpandDivOp::NAME
        | crate::BlockRowExpandMulOp::NAME => {
            let r = result_or_err(e)?;
            let shape_of =
                |e: &mut Emitter<'_, '_, 'c>, v: ValueId| matrix(e.ty(v)).map_or([0, 0], |m| m.0);
            let mut shapes = [shape_of(e, operands[0]), shape_of(e, operands[1])];
            let res = shape_of(e, r);
            let (mut a, b) = (
                operand_buffer(e, st, operands[0])?,
                operand_buffer(e, st, operands[1])?,
            );
            let (elt, row_expand) = elementwise(name).expect("dispatched on elementwise ops");
            let unsupported = |e: &mut Emitter<'_, '_, 'c>, shapes: [[i64; 2]; 2]| {
                error_at(
                    e.b.body(),
                    op,
                    format!("'{full}' of tiles {:?} and {:?} is not supported (only [M, 1] and [1, N] vectors broadcast)", shapes[0], shapes[1]),
                )
            };
            if shapes[0] != res && !row_expand {
                // A vector on the left (numpy broadcasting): expanded into a full tile
                // first, so the op keeps its operand order.
                let Some((_, dtype)) = matrix(e.ty(operands[0])) else {
                    return Err(unsupported(e, shapes));
                };
                let tt = tile_type(e.ctx(), Space::Vec, res, dtype);
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
                match elt {
                    Elt::Add => TAddOp::build(e.b, loc, a, b, dst).0,
                    Elt::Sub => TSubOp::build(e.b, loc, a, b, dst).0,
                    Elt::Mul => TMulOp::build(e.b, loc, a, b, dst).0,
                    Elt::Div => TDivOp::build(e.b, loc, a, b, dst).0,
                    Elt::Min => TMinOp::build(e.b, loc, a, b, dst).0,
                    Elt::Max => TMaxOp::build(e.b, loc, a, b, dst).0,
                };
            } else if shapes[1][1] == 1 && shapes[1][0] == shapes[0][0] {
                match elt {
                    Elt::Add => TRowExpandAddOp::build(e.b, loc, a, b, dst).0,
                    Elt::Sub => TRowExpandSubOp::build(e.b, loc, a, b, None, dst).0,
                    Elt::Mul => TRowExpandMulOp::build(e.b, loc, a, b, None, dst).0,
                    Elt::Div => TRowExpandDivOp::build(e.b, loc, a, b, None, dst).0,
                    Elt::Min => TRowExpandMinOp::build(e.b, loc, a, b, None, dst).0,
                    Elt::Max => TRowExpandMaxOp::build(e.b, loc, a, b, None, dst).0,
                };
            } else if shapes[1][0] == 1 && shapes[1][1] == shapes[0][1] && !row_expand {
                // A column vector `[1, N]` broadcast across rows.
                match elt {
                    Elt::Add => TColExpandAddOp::build(e.b, loc, a, b, dst).0,
                    Elt::Sub => TColExpandSubOp::build(e.b, loc, a, b, dst).0,
                    Elt::Mul => TColExpandMulOp::build(e.b, loc, a, b, dst).0,
                    Elt::Div => TColExpandDivOp::build(e.b, loc, a, b, dst).0,
                    Elt::Min => TColExpandMinOp::build(e.b, loc, a, b, dst).0,
                    Elt::Max => TColExpandMaxOp::build(e.b, loc, a, b, dst).0,
                };
            } else {
                return Err(unsupported(e, shapes));
            }
        }
        crate::BlockAddsOp::NAME
        | crate::BlockSubsOp::NAME
        | crate::BlockMulsOp::NAME
        | crate::BlockDivsOp::NAME
        | crate::BlockMaxsOp::NAME
        | crate::BlockMinsOp::NAME => {
            let r = result_or_err(e)?;
            let a = operand_buffer(e, st, operands[0])?;
            let s = operands[1];
            let dst = buffer(e, st, r, Space::Vec)?;
            match name {
                crate::BlockAddsOp::NAME => TAddSOp::build(e.b, loc, a, s, dst).0,
                crate::BlockSubsOp::NAME => TSubSOp::build(e.b, loc, a, s, dst).0,
                crate::BlockMulsOp::NAME => TMulSOp::build(e.b, loc, a, s, dst).0,
                crate::BlockMaxsOp::NAME => pto_tile::TMaxSOp::build(e.b, loc, a, s, dst).0,
                crate::BlockMinsOp::NAME => pto_tile::TMinSOp::build(e.b, loc, a, s, dst).0,
                _ => TDivSOp::build(e.b, loc, a, s, dst).0,
            };
        }
        crate::BlockNegOp::NAME
        | crate::BlockExpOp::NAME
        | crate::BlockRecipOp::NAME
        | crate::BlockSqrtOp::NAME
        | crate::BlockRsqrtOp::NAME
        | crate::BlockLogOp::NAME
        | crate::BlockAbsOp::NAME
        | crate::BlockReluOp::NAME => {
            let r = result_or_err(e)?;
            let a = operand_buffer(e, st, operands[0])?;
            let dst = buffer(e, st, r, Space::Vec)?;
            match name {
                crate::BlockNegOp::NAME => TNegOp::build(e.b, loc, a, dst).0,
                crate::BlockExpOp::NAME => TExpOp::build(e.b, loc, a, dst).0,
                crate::BlockRecipOp::NAME => TRecipOp::build(e.b, loc, a, dst).0,
                crate::BlockSqrtOp::NAME => TSqrtOp::build(e.b, loc, a, dst).0,
                crate::BlockLogOp::NAME => pto_tile::TLogOp::build(e.b, loc, a, dst).0,
                crate::BlockAbsOp::NAME => pto_tile::TAbsOp::build(e.b, loc, a, dst).0,
                crate::BlockReluOp::NAME => pto_tile::TReluOp::build(e.b, loc, a, dst).0,
                _ => TRsqrtOp::build(e.b, loc, a, dst, None).0,
            };
        }
        crate::BlockCastOp::NAME => {
            let r = result_or_err(e)?;
            let a = operand_buffer(e, st, operands[0])?;
            let dst = buffer(e, st, r, Space::Vec)?;
            // PyPTO's modes: to nearest (ties to even), down, up.
            let mode = match int_attr(e, "mode", 0) {
                1 => pto_tile::RoundMode::FLOOR,
                2 => pto_tile::RoundMode::CEIL,
                _ => pto_tile::RoundMode::CAST_RINT,
            };
            let rmode = Some(pto_tile::RoundModeAttr::get(e.ctx(), mode).attr());
            TCvtOp::build(e.b, loc, a, dst, None, rmode, None);
        }
        crate::BlockRowMaxOp::NAME
        | crate::BlockRowSumOp::NAME
        | crate::BlockRowMinOp::NAME
        | crate::BlockRowProdOp::NAME
        | crate::BlockSumOp::NAME
        | crate::BlockMaxOp::NAME => {
            if matches!(name, crate::BlockSumOp::NAME | crate::BlockMaxOp::NAME) {
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
            let tt = tile_type(e.ctx(), Space::Vec, shape, dtype);
            let tmp = AllocTileOp::build(e.b, loc, None, None, None, tt);
            let tmp = e.b.body().result(tmp.0, 0);
            let dst = buffer(e, st, r, Space::Vec)?;
            if matches!(name, crate::BlockRowMaxOp::NAME | crate::BlockMaxOp::NAME) {
                TRowMaxOp::build(e.b, loc, a, tmp, dst);
            } else if name == crate::BlockRowMinOp::NAME {
                pto_tile::TRowMinOp::build(e.b, loc, a, tmp, dst);
            } else if name == crate::BlockRowProdOp::NAME {
                pto_tile::TRowProdOp::build(e.b, loc, a, tmp, dst);
            } else {
                TRowSumOp::build(e.b, loc, a, tmp, dst);
            }
        }
        crate::BlockMatmulOp::NAME => {
            let r = result_or_err(e)?;
            let (a, b) = (
                operand_buffer(e, st, operands[0])?,
                operand_buffer(e, st, operands[1])?,
            );
            let dst = buffer(e, st, r, Space::Acc)?;
            TMatmulOp::build(e.b, loc, a, b, dst, None);
        }
        crate::BlockMatmulAccOp::NAME => {
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

/// An elementwise operation of two tiles.
#[derive(Copy, Clone)]
enum Elt {
    Add,
    Sub,
    Mul,
    Div,
    Min,
    Max,
}

/// The operation of elementwise op `name`, and whether it is a `row_expand_*` op (its
/// right operand a `[M, 1]` vector).
fn elementwise(name: &str) -> Option<(Elt, bool)> {
    Some(match name {
        crate::BlockAddOp::NAME => (Elt::Add, false),
        crate::BlockSubOp::NAME => (Elt::Sub, false),
        crate::BlockMulOp::NAME => (Elt::Mul, false),
        crate::BlockDivOp::NAME => (Elt::Div, false),
        crate::BlockMinimumOp::NAME => (Elt::Min, false),
        crate::BlockMaximumOp::NAME => (Elt::Max, false),
        crate::BlockRowExpandSubOp::NAME => (Elt::Sub, true),
        crate::BlockRowExpandDivOp::NAME => (Elt::Div, true),
        crate::BlockRowExpandMulOp::NAME => (Elt::Mul, true),
        _ => return None,
    })
}
