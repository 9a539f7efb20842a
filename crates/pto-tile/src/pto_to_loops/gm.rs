//! Global memory and tile definitions: pointers, tensor and partition views as index
//! arithmetic over the `memref<?xT>` a `!pto.ptr<T>` parameter became; `tload` and
//! `tstore` as loops over a tile's valid region (the partition's leading dimensions
//! collapse into tile rows); tiles as views of their address space's arena.

use crate::{AtomicType, PadValue, ReluPreMode};
use crate::{PartitionTensorViewType, TileBufType};
use pto_ir::ods::attrdef::EnumAttrCase;
use pto_ir::{OpId, TypeKind, ValueId, DYNAMIC};

use super::emit::{CmpF, CmpI, Emitter, Num};
use super::tile::{
    common_run, copy_vectors, dim_value, for_runs, signless, storage_elems, valid_dims, Dim, Tile,
};
use super::{capacity, error_at, operand, Lowered, Lowering};
use pto_dialects::arith;
use pto_dialects::memref;

/// A pointer into global memory: a `memref<?xT>` and an element offset.
#[derive(Copy, Clone, Debug)]
pub struct Ptr {
    /// The memref the pointer's parameter became.
    pub base: ValueId,
    /// Elements from the start of `base` (`None`: 0).
    pub offset: Option<ValueId>,
}

/// A tensor or partition view: element `(i0, ..., ik)` is `base[offset + sum(i_d *
/// strides[d])]`.
#[derive(Clone, Debug)]
pub struct GmView {
    /// The memref.
    pub base: ValueId,
    /// Offset of element `(0, ..., 0)`, in elements.
    pub offset: Option<ValueId>,
    /// Extent of each dimension.
    pub shape: Vec<ValueId>,
    /// Stride of each dimension, in elements.
    pub strides: Vec<ValueId>,
}

fn offset_plus(e: &mut Emitter<'_, '_, '_>, base: Option<ValueId>, add: ValueId) -> ValueId {
    match base {
        Some(b) => e.add(b, add),
        None => add,
    }
}

/// Pointers, views and the `tload`/`tstore` family.
pub(super) fn lower_gm<'c>(
    e: &mut Emitter<'_, '_, 'c>,
    st: &mut Lowering<'c>,
    op: OpId,
    op_name: &str,
) -> Lowered<'c> {
    let body_operands: Vec<ValueId> = e.b.body().operands(op).collect();
    let result = (e.b.body().num_results(op) > 0).then(|| e.b.body().result(op, 0));
    let ptr_of = |st: &Lowering<'c>, e: &mut Emitter<'_, '_, 'c>, v: ValueId| {
        st.ptrs.get(&v).copied().ok_or_else(|| {
            error_at(
                e.b.body(),
                op,
                "the pointer does not come from a parameter or pto.addptr",
            )
        })
    };
    match op_name {
        crate::AddPtrOp::NAME => {
            let p = ptr_of(st, e, body_operands[0])?;
            let off = offset_plus(e, p.offset, body_operands[1]);
            st.ptrs.insert(
                result.expect("one result"),
                Ptr {
                    base: p.base,
                    offset: Some(off),
                },
            );
        }
        crate::LoadScalarOp::NAME | crate::StoreScalarOp::NAME => {
            let p = ptr_of(st, e, body_operands[0])?;
            let i = offset_plus(e, p.offset, body_operands[1]);
            if op_name == crate::LoadScalarOp::NAME {
                let v = e.load(p.base, &[i]);
                e.b.body().replace_all_uses(result.expect("one result"), v);
            } else {
                e.store(body_operands[2], p.base, &[i]);
            }
        }
        crate::MakeTensorViewOp::NAME => {
            let p = ptr_of(st, e, body_operands[0])?;
            let rank = (body_operands.len() - 1) / 2;
            st.views.insert(
                result.expect("one result"),
                GmView {
                    base: p.base,
                    offset: p.offset,
                    shape: body_operands[1..1 + rank].to_vec(),
                    strides: body_operands[1 + rank..1 + 2 * rank].to_vec(),
                },
            );
        }
        crate::PartitionViewOp::NAME => {
            let Some(src) = st.views.get(&body_operands[0]).cloned() else {
                return Err(error_at(
                    e.b.body(),
                    op,
                    "the source view does not come from pto.make_tensor_view",
                ));
            };
            let rank = src.shape.len();
            let (offsets, sizes) = (
                &body_operands[1..1 + rank],
                &body_operands[1 + rank..1 + 2 * rank],
            );
            let mut off = src.offset;
            for (&o, &s) in offsets.iter().zip(&src.strides) {
                let term = e.mul(o, s);
                off = Some(offset_plus(e, off, term));
            }
            st.views.insert(
                result.expect("one result"),
                GmView {
                    base: src.base,
                    offset: off,
                    shape: sizes.to_vec(),
                    strides: src.strides,
                },
            );
        }
        crate::GetTensorViewDimOp::NAME => {
            let Some(v) = st.views.get(&body_operands[0]).cloned() else {
                return Err(error_at(
                    e.b.body(),
                    op,
                    "the view does not come from pto.make_tensor_view",
                ));
            };
            let Some(d) = e
                .cst(body_operands[1])
                .and_then(|d| usize::try_from(d).ok())
                .filter(|&d| d < v.shape.len())
            else {
                return Err(error_at(
                    e.b.body(),
                    op,
                    "the dimension must be a constant below the view's rank",
                ));
            };
            e.b.body()
                .replace_all_uses(result.expect("one result"), v.shape[d]);
        }
        crate::TLoadOp::NAME | crate::TPrefetchOp::NAME => {
            let (src, dst) = (body_operands[0], body_operands[1]);
            let view = view_of(e, st, op, src)?;
            let tile = tile_of(e, st, op, dst)?;
            check_elements(e, op, src, &tile)?;
            tload(e, &view, &tile, st.prefetch);
        }
        crate::TStoreOp::NAME => {
            if operand(e.b.body(), op, "preQuantScalar").is_some() {
                return Err(error_at(
                    e.b.body(),
                    op,
                    "tstore with a pre-quantization scalar is not supported",
                ));
            }
            let (src, dst) = (body_operands[0], body_operands[1]);
            let tile = tile_of(e, st, op, src)?;
            let view = view_of(e, st, op, dst)?;
            let relu = enum_is(e, op, "reluPreMode", ReluPreMode::NormalRelu);
            let atomic = enum_is(e, op, "atomicType", AtomicType::AtomicAdd);
            let gm_elem = PartitionTensorViewType::from_type(e.ty(dst)).map(|p| p.element_type());
            let Some(gm_elem) = gm_elem else {
                return Err(error_at(
                    e.b.body(),
                    op,
                    "the destination must be a partition view",
                ));
            };
            tstore(e, &tile, &view, gm_elem, relu, atomic);
        }
        _ => unreachable!("dispatched by name"),
    }
    Ok(())
}

/// True if the enum attribute `name` of `op` has case `v`.
pub(super) fn enum_is<E: EnumAttrCase + PartialEq>(
    e: &mut Emitter<'_, '_, '_>,
    op: OpId,
    name: &str,
    v: E,
) -> bool {
    e.b.body().attr(op, name).and_then(E::from_attr) == Some(v)
}

fn view_of<'c>(
    e: &mut Emitter<'_, '_, 'c>,
    st: &Lowering<'c>,
    op: OpId,
    v: ValueId,
) -> Result<GmView, pto_ir::Diagnostic<'c>> {
    st.views.get(&v).cloned().ok_or_else(|| {
        error_at(
            e.b.body(),
            op,
            "the global-memory operand must be a pto.partition_view of a pto.make_tensor_view",
        )
    })
}

/// The lowered tile of `v`.
pub(super) fn tile_of<'c>(
    e: &mut Emitter<'_, '_, 'c>,
    st: &Lowering<'c>,
    op: OpId,
    v: ValueId,
) -> Result<Tile<'c>, pto_ir::Diagnostic<'c>> {
    st.tiles.get(&v).cloned().ok_or_else(|| {
        let t = e.ty(v);
        let what = if matches!(t.kind(), TypeKind::MemRef { .. }) {
            "tiles in memref form (after PTOAS's view-to-memref) are not supported; lower the tile_buf form"
        } else {
            "the tile does not come from pto.alloc_tile, pto.pointer_cast, pto.tassign or a view of one"
        };
        error_at(e.b.body(), op, what)
    })
}

/// The lowered tile of the optional operand `v` of `op` (absent: an error).
pub(super) fn tile_opt<'c>(
    e: &mut Emitter<'_, '_, 'c>,
    st: &Lowering<'c>,
    op: OpId,
    v: Option<ValueId>,
) -> Result<Tile<'c>, pto_ir::Diagnostic<'c>> {
    match v {
        Some(v) => tile_of(e, st, op, v),
        None => Err(error_at(e.b.body(), op, "missing operand")),
    }
}

pub(super) fn check_elements<'c>(
    e: &mut Emitter<'_, '_, 'c>,
    op: OpId,
    src: ValueId,
    tile: &Tile<'c>,
) -> Lowered<'c> {
    let ctx = e.ctx();
    let ty = e.ty(src);
    let gm = PartitionTensorViewType::from_type(ty).map(|p| signless(ctx, p.element_type()));
    if gm != Some(tile.elem) {
        return Err(error_at(
            e.b.body(),
            op,
            format!(
                "global elements of {ty} do not match the tile's {}",
                tile.elem
            ),
        ));
    }
    Ok(())
}

/// The index in the view's memref of tile element `(r, c)` when the view's leading
/// dimensions collapse into rows: the row part (computed once per row).
pub(super) fn row_base(e: &mut Emitter<'_, '_, '_>, view: &GmView, r: ValueId) -> ValueId {
    let k = view.shape.len();
    let mut rest = r;
    let mut acc: Option<ValueId> = view.offset;
    // Unflatten r over the leading dimensions, innermost first.
    for d in (0..k.saturating_sub(1)).rev() {
        let i = if d == 0 {
            rest
        } else {
            e.rem(rest, view.shape[d])
        };
        let term = e.mul(i, view.strides[d]);
        acc = Some(offset_plus(e, acc, term));
        if d > 0 {
            rest = e.div(rest, view.shape[d]);
        }
    }
    acc.unwrap_or_else(|| e.index(0))
}

/// Which way a plain copy between a view and a tile goes.
#[derive(Copy, Clone, Debug)]
enum Direction {
    Load,
    Store,
}

/// Runs `body(gm_index, tile_offset)` for the elements `(r, c)`, `c < cols`, of a row
/// whose index in the view's memref `view_base` is `base + c * last`: in runs of the
/// tile's storage when the columns are a constant that they divide (offsets then grow
/// by constant strides, with no layout arithmetic per element), else element by
/// element. With `vectors`, runs contiguous on both sides are plain vector copies
/// between `view_base` and the tile.
fn for_row<'c>(
    e: &mut Emitter<'_, '_, 'c>,
    tile: &Tile<'c>,
    r: ValueId,
    cols: ValueId,
    (view_base, base, last): (ValueId, ValueId, ValueId),
    vectors: Option<Direction>,
    body: impl Fn(&mut Emitter<'_, '_, 'c>, ValueId, ValueId),
) {
    let runs = match (tile.col_run(), e.cst(cols)) {
        (Some(run), Some(n)) => common_run(run.len, None, n).map(|len| (run.stride, len, n)),
        _ => None,
    };
    let Some((stride, len, n)) = runs else {
        e.for_upto(cols, |e, c| {
            let step = e.mul(c, last);
            let i = e.add(base, step);
            let t = tile.offset(e, r, c);
            body(e, i, t);
        });
        return;
    };
    let unit = stride == 1 && e.cst(last) == Some(1);
    for_runs(e, n, len, |e, c0| {
        let step = e.mul(c0, last);
        let i0 = e.add(base, step);
        let t0 = tile.offset(e, r, c0);
        let copied = match vectors {
            Some(Direction::Load) if unit => copy_vectors(e, (view_base, i0), (tile.view, t0), len),
            Some(Direction::Store) if unit => {
                copy_vectors(e, (tile.view, t0), (view_base, i0), len)
            }
            _ => false,
        };
        if copied {
            return;
        }
        let len = e.index(len);
        e.for_upto(len, |e, k| {
            let step = e.mul(k, last);
            let i = e.add(i0, step);
            let dt = e.mul_c(k, stride);
            let t = e.add(t0, dt);
            body(e, i, t);
        });
    });
}

fn tload<'c>(e: &mut Emitter<'_, '_, 'c>, view: &GmView, tile: &Tile<'c>, prefetch: bool) {
    let rows = tile.valid_rows(e);
    let cols = tile.valid_cols(e);
    let last = *view.strides.last().expect("views have a rank");
    let pad = tile.ty.pad();
    let full_cols = e.index(tile.cols());
    let prefetch = prefetch.then(|| RowPrefetch::plan(e, view, cols)).flatten();
    e.for_upto(rows, |e, r| {
        if let Some(p) = &prefetch {
            p.emit(e, view, r, rows);
        }
        let base = row_base(e, view, r);
        let dir = Some(Direction::Load);
        for_row(e, tile, r, cols, (view.base, base, last), dir, |e, i, t| {
            let x = e.load(view.base, &[i]);
            e.store(x, tile.view, &[t]);
        });
        if pad != PadValue::Null {
            // Fill the rest of each valid row with the tile's pad value.
            e.for_range(cols, full_cols, |e, c| {
                let v = pad_value(e, tile, pad);
                tile.store(e, v, r, c);
            });
        }
    });
}

/// Software prefetching of the rows a loop over a view reads: at each row, the cache
/// lines of the row [`RowPrefetch::AHEAD_BYTES`] ahead. The rows of a partition are
/// usually pages apart (a 128-column tile of a 1024-column matrix), and hardware
/// prefetchers do not cross pages, so without it each row starts with cache misses.
pub(super) struct RowPrefetch {
    /// Rows ahead.
    ahead: i64,
    /// Elements of a row.
    cols: i64,
    /// Elements per cache line.
    line: i64,
}

impl RowPrefetch {
    /// How far ahead to ask for data: about as much as the loop reads while a line
    /// comes from the last-level cache.
    const AHEAD_BYTES: i64 = 4096;
    /// Bytes per cache line (x86 and most Arm cores).
    const LINE_BYTES: i64 = 64;

    /// The plan for rows of `cols` elements of `view`, when they are contiguous (unit
    /// last stride) and of a constant length.
    pub(super) fn plan(e: &mut Emitter<'_, '_, '_>, view: &GmView, cols: ValueId) -> Option<Self> {
        let cols = e.cst(cols)?;
        let last = *view.strides.last()?;
        if e.cst(last) != Some(1) || cols <= 0 {
            return None;
        }
        // Rows that follow each other in memory are a stream the hardware prefetches
        // well (software prefetches only cost issue slots there).
        let row_stride = view.strides.len().checked_sub(2).map(|d| view.strides[d]);
        if row_stride.is_none_or(|s| e.cst(s) == Some(cols)) {
            return None;
        }
        let elem = match e.ty(view.base).kind() {
            TypeKind::MemRef { element, .. } => *element,
            _ => return None,
        };
        let bytes = crate::layout::elem_bytes(elem).max(1);
        let row_bytes = cols * bytes;
        Some(RowPrefetch {
            ahead: (Self::AHEAD_BYTES / row_bytes).max(1),
            cols,
            line: (Self::LINE_BYTES / bytes).max(1),
        })
    }

    /// Prefetches row `min(r + ahead, rows - 1)` (the last rows ask for the last one,
    /// already cached: no address outside the view): a line's worth of elements apart
    /// from the row's first, and its last element (the row need not start on a line,
    /// so the lines it spans can be one more than its length needs).
    pub(super) fn emit(
        &self,
        e: &mut Emitter<'_, '_, '_>,
        view: &GmView,
        r: ValueId,
        rows: ValueId,
    ) {
        let ahead = e.index(self.ahead);
        let next = e.add(r, ahead);
        let one = e.index(1);
        let last_row = e.same(arith::SubIOp::NAME, &[rows, one]);
        let next = e.min(next, last_row);
        let base = row_base(e, view, next);
        let lines = (self.cols + self.line - 1) / self.line;
        let at = |e: &mut Emitter<'_, '_, '_>, c: ValueId| {
            let i = e.add(base, c);
            e.prefetch(view.base, i);
        };
        // Unrolled for short rows, a loop for long ones.
        if lines <= 16 {
            for l in 0..lines {
                let c = e.index(l * self.line);
                at(e, c);
            }
        } else {
            let n = e.index(lines);
            e.for_upto(n, |e, l| {
                let c = e.mul_c(l, self.line);
                at(e, c);
            });
        }
        let end = e.index(self.cols - 1);
        at(e, end);
    }
}

/// The value of pad mode `pad` (zero, max, min) in the tile's element type: the
/// largest/smallest value of integers, +-infinity for floats.
pub(super) fn pad_value<'c>(
    e: &mut Emitter<'_, '_, 'c>,
    tile: &Tile<'c>,
    pad: PadValue,
) -> ValueId {
    match (pad, tile.num) {
        (PadValue::Max, Num::Float(_)) => e.float_of(tile.elem, f64::INFINITY),
        (PadValue::Min, Num::Float(_)) => e.float_of(tile.elem, f64::NEG_INFINITY),
        (PadValue::Max, Num::Int(w, unsigned)) => {
            let max = if unsigned {
                (1i128 << w) - 1
            } else {
                (1i128 << (w - 1)) - 1
            };
            e.int_of(tile.elem, max)
        }
        (PadValue::Min, Num::Int(w, unsigned)) => {
            let min = if unsigned { 0 } else { -(1i128 << (w - 1)) };
            e.int_of(tile.elem, min)
        }
        _ => e.num_const(tile.elem, 0.0),
    }
}

fn tstore<'c>(
    e: &mut Emitter<'_, '_, 'c>,
    tile: &Tile<'c>,
    view: &GmView,
    gm_elem: pto_ir::Type<'c>,
    relu: bool,
    atomic: bool,
) {
    let ctx = e.ctx();
    let gm_ty = signless(ctx, gm_elem);
    let gm_num = Num::of(gm_elem).expect("views hold numbers");
    let rows = tile.valid_rows(e);
    let cols = tile.valid_cols(e);
    let last = *view.strides.last().expect("views have a rank");
    let plain = (!relu && !atomic && gm_ty == tile.elem).then_some(Direction::Store);
    e.for_upto(rows, |e, r| {
        let base = row_base(e, view, r);
        for_row(
            e,
            tile,
            r,
            cols,
            (view.base, base, last),
            plain,
            |e, i, t| {
                let mut x = e.load(tile.view, &[t]);
                if relu {
                    let zero = e.num_const(tile.elem, 0.0);
                    let pos = e.cmp(tile.num, CmpF::Ogt, CmpI::Sgt, x, zero);
                    x = e.select(pos, x, zero);
                }
                let mut x = e.convert(x, tile.num, gm_ty, gm_num);
                if atomic {
                    let old = e.load(view.base, &[i]);
                    let name = if gm_num.is_float() {
                        arith::AddFOp::NAME
                    } else {
                        arith::AddIOp::NAME
                    };
                    x = e.same(name, &[old, x]);
                }
                e.store(x, view.base, &[i]);
            },
        );
    });
}

/// Tile definitions and scalar access: arena views, subsets, reinterpretations, valid
/// sizes.
pub(super) fn lower_tile_def<'c>(
    e: &mut Emitter<'_, '_, 'c>,
    st: &mut Lowering<'c>,
    op: OpId,
    op_name: &str,
) -> Lowered<'c> {
    let ctx = e.ctx();
    let operands: Vec<ValueId> = e.b.body().operands(op).collect();
    let result = (e.b.body().num_results(op) > 0).then(|| e.b.body().result(op, 0));
    let result_tile = result.and_then(|r| TileBufType::from_type(e.b.body().value_type(r)));
    match op_name {
        crate::AllocTileOp::NAME | crate::PointerCastOp::NAME => {
            let Some(ty) = result_tile else {
                return Err(error_at(e.b.body(), op, "only tile_buf results are supported (memref-form tiles are PTOAS's internal form)"));
            };
            let body = e.b.body();
            let addr = if op_name == crate::AllocTileOp::NAME {
                operand(body, op, "addr")
            } else {
                let addrs = {
                    let spec = body.op_name(op).def.and_then(|d| d.spec).expect("ODS op");
                    pto_ir::ods::operand_group(spec, body, op, 0)
                };
                if addrs.len() > 1 {
                    return Err(error_at(
                        body,
                        op,
                        "multi-buffered pto.pointer_cast (several addresses) is not supported",
                    ));
                }
                addrs.first().copied()
            };
            let Some(addr) = addr else {
                return Err(error_at(
                    body,
                    op,
                    "the tile has no address: run pto-plan-memory first (pto-run does)",
                ));
            };
            let (row, col) = (
                operand(body, op, "valid_row"),
                operand(body, op, "valid_col"),
            );
            let index = ctx.index_type();
            let byte_offset = match e.cst(addr) {
                Some(a) => e.index(a),
                None => e.val(arith::IndexCastOp::NAME, &[addr], index, &[]),
            };
            let tile = new_tile(e, st, op, ty, byte_offset, row, col)?;
            st.tiles.insert(result.expect("one result"), tile);
        }
        crate::BitcastOp::NAME | crate::TReshapeOp::NAME => {
            let src = tile_of(e, st, op, operands[0])?;
            let ty = result_tile.expect("verified");
            if src.origin.is_some() {
                return Err(error_at(
                    e.b.body(),
                    op,
                    format!("{op_name} of a pto.subset is not supported"),
                ));
            }
            let valid = if op_name == crate::BitcastOp::NAME {
                Some(src.valid)
            } else {
                None
            };
            let mut tile = new_tile(e, st, op, ty, src.byte_offset, None, None)?;
            if let Some(v) = valid {
                tile.valid = v;
            }
            st.tiles.insert(result.expect("one result"), tile);
        }
        crate::SubsetOp::NAME => {
            let src = tile_of(e, st, op, operands[0])?;
            let ty = result_tile.expect("verified");
            let (r0, c0) = (operands[1], operands[2]);
            let origin = match src.origin {
                Some((pr, pc)) => (e.add(pr, r0), e.add(pc, c0)),
                None => (r0, c0),
            };
            // Dynamic valid sizes: what is left of the parent's valid region.
            let mut valid = [Dim::Static(ty.valid_rows()), Dim::Static(ty.valid_cols())];
            for (i, (size, off)) in [(ty.rows(), r0), (ty.cols(), c0)].into_iter().enumerate() {
                let d = if i == 0 {
                    ty.valid_rows()
                } else {
                    ty.valid_cols()
                };
                if d == DYNAMIC {
                    let parent = dim_value(e, src.valid[i]);
                    let size = e.index(size);
                    let zero = e.index(0);
                    let left = e.same(arith::SubIOp::NAME, &[parent, off]);
                    let left = e.same(arith::MaxSIOp::NAME, &[left, zero]);
                    valid[i] = Dim::Value(e.min(left, size));
                }
            }
            let tile = Tile {
                ty,
                origin: Some(origin),
                valid,
                ..src
            };
            st.tiles.insert(result.expect("one result"), tile);
        }
        crate::SetValidShapeOp::NAME => {
            let tile = tile_of(e, st, op, operands[0])?;
            let [Dim::Cell(cell, _), Dim::Cell(..)] = tile.valid else {
                return Err(error_at(
                    e.b.body(),
                    op,
                    "the tile's valid sizes are not dynamic",
                ));
            };
            for (i, v) in [operands[1], operands[2]].into_iter().enumerate() {
                let k = e.index(i as i64);
                e.store(v, cell, &[k]);
            }
        }
        // A handle without storage until `tassign` places it.
        crate::DeclareTileOp::NAME => {}
        crate::TAssignOp::NAME => {
            let ty = result_tile.expect("verified");
            let index = ctx.index_type();
            let addr = operands[1];
            let byte_offset = match e.cst(addr) {
                Some(a) => e.index(a),
                None => e.val(arith::IndexCastOp::NAME, &[addr], index, &[]),
            };
            if ty.valid_rows() == DYNAMIC || ty.valid_cols() == DYNAMIC {
                return Err(error_at(
                    e.b.body(),
                    op,
                    "pto.tassign of a tile with a dynamic valid shape is not supported",
                ));
            }
            let tile = new_tile(e, st, op, ty, byte_offset, None, None)?;
            st.tiles.insert(result.expect("one result"), tile);
        }
        crate::TGetValOp::NAME | crate::TSetValOp::NAME => {
            let t = operands[0];
            let tile = tile_of(e, st, op, t)?;
            if tile.origin.is_some() {
                return Err(error_at(
                    e.b.body(),
                    op,
                    format!("{op_name} on a pto.subset is not supported"),
                ));
            }
            let off = operands[1];
            if op_name == crate::TGetValOp::NAME {
                let v = e.load(tile.view, &[off]);
                e.b.body().replace_all_uses(result.expect("one result"), v);
            } else {
                e.store(operands[2], tile.view, &[off]);
            }
        }
        _ => unreachable!("dispatched by name"),
    }
    Ok(())
}

/// A tile of type `ty` at `byte_offset` in its arena.
fn new_tile<'c>(
    e: &mut Emitter<'_, '_, 'c>,
    st: &Lowering<'c>,
    op: OpId,
    ty: TileBufType<'c>,
    byte_offset: ValueId,
    row: Option<ValueId>,
    col: Option<ValueId>,
) -> Result<Tile<'c>, pto_ir::Diagnostic<'c>> {
    let ctx = e.ctx();
    let space_ = ty.loc();
    let Some(&arena) = st.arenas.get(&space_) else {
        return Err(error_at(
            e.b.body(),
            op,
            format!("no arena for the '{}' address space", space_.keyword()),
        ));
    };
    let elem = signless(ctx, ty.dtype());
    let Some(num) = Num::of(ty.dtype()) else {
        return Err(error_at(
            e.b.body(),
            op,
            format!("tiles of {} are not supported", ty.dtype()),
        ));
    };
    let n = storage_elems(ty);
    let bytes = n * crate::layout::elem_bytes(ty.dtype());
    let cap = capacity(space_, st.a5).unwrap_or(0);
    if let Some(off) = e.cst(byte_offset) {
        if off < 0 || off + bytes > cap {
            return Err(error_at(
                e.b.body(),
                op,
                format!("the tile's {bytes} bytes at offset {off} do not fit the '{}' space ({cap} bytes)", space_.keyword()),
            ));
        }
    }
    let view_ty = ctx.memref_type(&[n], elem, None, None);
    let view = e.val(memref::ViewOp::NAME, &[arena, byte_offset], view_ty, &[]);
    let valid = valid_dims(e, st.entry, ty, row, col).map_err(|m| error_at(e.b.body(), op, m))?;
    Ok(Tile {
        view,
        byte_offset,
        storage: ty,
        ty,
        elem,
        num,
        origin: None,
        valid,
    })
}
