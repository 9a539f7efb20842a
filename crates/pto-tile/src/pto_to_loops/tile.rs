//! Tiles on a CPU: a tile is a typed `memref.view` of its address space's byte arena at
//! its byte offset, plus its storage layout (from the `!pto.tile_buf` type), its origin
//! inside a parent tile (for `pto.subset`) and its valid sizes (static, or kept in a
//! small `memref<2xindex>` cell that `pto.set_validshape` updates).
//!
//! Element `(r, c)` of a tile lives at the storage offset of PTOAS's layouts
//! (`crate::layout`), computed here with `arith` ops so that row-major tiles
//! give unit-stride inner loops that LLVM vectorizes.

use crate::layout::box_shape;
use crate::TileBufType;
use crate::{BLayout, CompactMode, SLayout};
use pto_ir::{Signedness, Type, TypeKind, ValueId, DYNAMIC};

use super::emit::{Emitter, Num};
use pto_dialects::memref;
use pto_dialects::vector;

/// A valid size: known, or read from a cell at run time.
#[derive(Copy, Clone, Debug)]
pub enum Dim {
    /// A constant.
    Static(i64),
    /// Element `.1` of the `memref<2xindex>` cell `.0`.
    Cell(ValueId, usize),
    /// An SSA value dominating every use of the tile.
    Value(ValueId),
}

/// A lowered tile.
#[derive(Clone, Debug)]
pub struct Tile<'c> {
    /// `memref<N x elem>`: the storage of the tile (of its root for subsets).
    pub view: ValueId,
    /// The byte offset of the storage in its arena (`index`).
    pub byte_offset: ValueId,
    /// The type giving the storage layout (the root's for subsets).
    pub storage: TileBufType<'c>,
    /// The tile's own type.
    pub ty: TileBufType<'c>,
    /// The signless element type of the view.
    pub elem: Type<'c>,
    /// How elements compute (signedness of integers).
    pub num: Num,
    /// Origin inside the storage (`pto.subset`), `None` for `(0, 0)`.
    pub origin: Option<(ValueId, ValueId)>,
    /// Valid rows and columns.
    pub valid: [Dim; 2],
}

/// The signless twin of an element type (`ui8` is stored as `i8`).
pub fn signless<'c>(ctx: &'c pto_ir::Context, t: Type<'c>) -> Type<'c> {
    match *t.kind() {
        TypeKind::Integer { width, signedness } if signedness != Signedness::Signless => {
            ctx.int_type(width)
        }
        _ => t,
    }
}

/// Elements of the storage of a tile of type `t` (a row or column longer with
/// `compact = row_plus_one`).
pub fn storage_elems(t: TileBufType<'_>) -> i64 {
    let plus_one = i64::from(t.compact() == CompactMode::RowPlusOne);
    match (t.blayout(), t.slayout()) {
        (BLayout::ColMajor, SLayout::NoneBox) => t.cols() * (t.rows() + plus_one),
        (BLayout::RowMajor, SLayout::NoneBox) => t.rows() * (t.cols() + plus_one),
        _ => t.rows() * t.cols(),
    }
}

impl<'c> Tile<'c> {
    /// Rows of the tile's own shape.
    pub fn rows(&self) -> i64 {
        self.ty.rows()
    }
    /// Columns of the tile's own shape.
    pub fn cols(&self) -> i64 {
        self.ty.cols()
    }

    /// Valid rows as an `index` value.
    pub fn valid_rows(&self, e: &mut Emitter<'_, '_, 'c>) -> ValueId {
        dim_value(e, self.valid[0])
    }
    /// Valid columns as an `index` value.
    pub fn valid_cols(&self, e: &mut Emitter<'_, '_, 'c>) -> ValueId {
        dim_value(e, self.valid[1])
    }

    /// The storage offset (in elements) of `(r, c)`.
    pub fn offset(&self, e: &mut Emitter<'_, '_, 'c>, r: ValueId, c: ValueId) -> ValueId {
        let (r, c) = match self.origin {
            Some((r0, c0)) => (e.add(r0, r), e.add(c0, c)),
            None => (r, c),
        };
        let t = self.storage;
        let (rows, cols) = (t.rows(), t.cols());
        let plus_one = i64::from(t.compact() == CompactMode::RowPlusOne);
        match (t.blayout(), t.slayout()) {
            (BLayout::RowMajor, SLayout::NoneBox) => {
                let base = e.mul_c(r, cols + plus_one);
                e.add(base, c)
            }
            (BLayout::ColMajor, SLayout::NoneBox) => {
                let base = e.mul_c(c, rows + plus_one);
                e.add(base, r)
            }
            (BLayout::ColMajor, SLayout::RowMajor) => {
                // NZ: boxes in column-major order, each box row-major.
                let (_, bc) = box_shape(t);
                column_panels(e, r, c, rows, bc)
            }
            (BLayout::RowMajor, SLayout::ColMajor) => {
                // ZN: boxes in row-major order, each box column-major (the transpose
                // of NZ's arrangement).
                let (br, _) = box_shape(t);
                column_panels(e, c, r, cols, br)
            }
            _ => {
                // zZ: boxes in row-major order, each box row-major.
                let (br, bc) = box_shape(t);
                let rb = e.div_c(r, br);
                let cb = e.div_c(c, bc);
                let grid = e.mul_c(rb, cols / bc);
                let boxn = e.add(grid, cb);
                let boxes = e.mul_c(boxn, br * bc);
                let ri = e.rem_c(r, br);
                let row = e.mul_c(ri, bc);
                let ci = e.rem_c(c, bc);
                let s = e.add(boxes, row);
                e.add(s, ci)
            }
        }
    }

    /// How the storage offset moves along columns: `offset(r, c + t) = offset(r, c) +
    /// t * stride` for `t < len` when `c` is a multiple of `len` (`None`: the whole
    /// row). `None` for subsets, whose origin can break the boxes' alignment.
    pub fn col_run(&self) -> Option<Run> {
        self.run(true)
    }

    /// Like [`Tile::col_run`], along rows.
    pub fn row_run(&self) -> Option<Run> {
        self.run(false)
    }

    fn run(&self, along_cols: bool) -> Option<Run> {
        if self.origin.is_some() {
            return None;
        }
        let t = self.storage;
        let plus_one = i64::from(t.compact() == CompactMode::RowPlusOne);
        let (len, stride) = match ((t.blayout(), t.slayout()), along_cols) {
            ((BLayout::RowMajor, SLayout::NoneBox), true) => (None, 1),
            ((BLayout::RowMajor, SLayout::NoneBox), false) => (None, t.cols() + plus_one),
            ((BLayout::ColMajor, SLayout::NoneBox), true) => (None, t.rows() + plus_one),
            ((BLayout::ColMajor, SLayout::NoneBox), false) => (None, 1),
            ((BLayout::ColMajor, SLayout::RowMajor), true) => (Some(box_shape(t).1), 1),
            ((BLayout::ColMajor, SLayout::RowMajor), false) => (None, box_shape(t).1),
            ((BLayout::RowMajor, SLayout::ColMajor), true) => (None, box_shape(t).0),
            ((BLayout::RowMajor, SLayout::ColMajor), false) => (Some(box_shape(t).0), 1),
            (_, true) => (Some(box_shape(t).1), 1),
            (_, false) => (Some(box_shape(t).0), box_shape(t).1),
        };
        Some(Run { len, stride })
    }

    /// Loads element `(r, c)`.
    pub fn load(&self, e: &mut Emitter<'_, '_, 'c>, r: ValueId, c: ValueId) -> ValueId {
        let off = self.offset(e, r, c);
        e.load(self.view, &[off])
    }

    /// Stores `v` at `(r, c)`.
    pub fn store(&self, e: &mut Emitter<'_, '_, 'c>, v: ValueId, r: ValueId, c: ValueId) {
        let off = self.offset(e, r, c);
        e.store(v, self.view, &[off]);
    }
}

/// A run of storage along one axis of a tile: consecutive elements `stride` apart for
/// `len` elements from a multiple of `len` (`None`: the whole axis).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Run {
    /// Elements in the run, `None` for the whole axis.
    pub len: Option<i64>,
    /// The distance in storage between neighbours.
    pub stride: i64,
}

/// The longest run that `extent` elements split into evenly when the two sides have
/// runs of `a` and `b` elements (`None`: unbounded; bounded ones are powers of two).
pub fn common_run(a: Option<i64>, b: Option<i64>, extent: i64) -> Option<i64> {
    let len = match (a, b) {
        (Some(a), Some(b)) => a.min(b).min(extent),
        (Some(a), None) | (None, Some(a)) => a.min(extent),
        (None, None) => extent,
    };
    (len > 0 && extent % len == 0).then_some(len)
}

/// The `index` value of a valid size.
pub fn dim_value<'c>(e: &mut Emitter<'_, '_, 'c>, d: Dim) -> ValueId {
    match d {
        Dim::Static(n) => e.index(n),
        Dim::Cell(cell, i) => {
            let i = e.index(i as i64);
            e.load(cell, &[i])
        }
        Dim::Value(v) => v,
    }
}

/// The valid sizes of a tile of type `t` whose dynamic sizes are `row`/`col` (the
/// operands of its definition): static sizes stay constants; dynamic ones go to a
/// fresh cell (allocated at `entry`) so that `pto.set_validshape` can change them.
pub fn valid_dims<'c>(
    e: &mut Emitter<'_, '_, 'c>,
    entry: pto_ir::InsertPoint,
    t: TileBufType<'c>,
    row: Option<ValueId>,
    col: Option<ValueId>,
) -> Result<[Dim; 2], String> {
    let (vr, vc) = (t.valid_rows(), t.valid_cols());
    if vr != DYNAMIC && vc != DYNAMIC {
        return Ok([Dim::Static(vr), Dim::Static(vc)]);
    }
    let ctx = e.ctx();
    let index = ctx.index_type();
    let cell_ty = ctx.memref_type(&[2], index, None, None);
    // At the function's entry: a tile defined in a loop must not grow the stack.
    let cell = e.at(entry, |e| e.alloc(memref::AllocaOp::NAME, cell_ty, false));
    let init = |e: &mut Emitter<'_, '_, 'c>, d: i64, v: Option<ValueId>, what: &str| match (d, v) {
        (DYNAMIC, Some(v)) => Ok(v),
        (DYNAMIC, None) => Err(format!("the tile's valid {what} are dynamic but not given")),
        (n, _) => Ok(e.index(n)),
    };
    let r = init(e, vr, row, "rows")?;
    let c = init(e, vc, col, "columns")?;
    for (i, v) in [r, c].into_iter().enumerate() {
        let k = e.index(i as i64);
        e.store(v, cell, &[k]);
    }
    Ok([
        if vr == DYNAMIC {
            Dim::Cell(cell, 0)
        } else {
            Dim::Static(vr)
        },
        if vc == DYNAMIC {
            Dim::Cell(cell, 1)
        } else {
            Dim::Static(vc)
        },
    ])
}

/// Loops over `0..extent` in runs of `len` (a divisor of `extent`): `body` gets the
/// start of each run, so that what only depends on it (a storage offset) is computed
/// outside the loop over the run.
pub fn for_runs<'c>(
    e: &mut Emitter<'_, '_, 'c>,
    extent: i64,
    len: i64,
    body: impl FnOnce(&mut Emitter<'_, '_, 'c>, ValueId),
) {
    if len >= extent {
        let zero = e.index(0);
        body(e, zero);
    } else {
        let runs = e.index(extent / len);
        e.for_upto(runs, |e, i| {
            let start = e.mul_c(i, len);
            body(e, start);
        });
    }
}

/// `dst[r, c] = f(src[r, c])` over `rows x cols` (constants) of two tiles, looping
/// along the axis where `dst` is contiguous (where possible) in runs of storage shared
/// by both: offsets are computed once per run and grow by constant strides inside it,
/// so that the copy between layouts has no index arithmetic per element and vectorizes
/// where both sides are contiguous (as vectors when `plain`: `f` is the identity and
/// the element types agree). `None` (nothing emitted) when a tile is a subset.
pub fn copy_runs<'c>(
    e: &mut Emitter<'_, '_, 'c>,
    src: &Tile<'c>,
    dst: &Tile<'c>,
    rows: i64,
    cols: i64,
    plain: bool,
    f: impl Fn(&mut Emitter<'_, '_, 'c>, ValueId) -> ValueId,
) -> Option<()> {
    let (d_col, d_row) = (dst.col_run()?, dst.row_run()?);
    let (s_col, s_row) = (src.col_run()?, src.row_run()?);
    // Contiguous along different axes: 8x8 blocks transposed in registers.
    let by8 = |r: Run| r.stride == 1 && r.len.is_none_or(|l| l % 8 == 0);
    let crossed =
        (by8(s_col) && by8(d_row) && !by8(d_col)) || (by8(s_row) && by8(d_col) && !by8(s_col));
    if plain && crossed {
        let along_cols = by8(s_col) && by8(d_row);
        let s_at = |e: &mut Emitter<'_, '_, 'c>, r, c| src.offset(e, r, c);
        let d_at = |e: &mut Emitter<'_, '_, 'c>, r, c| dst.offset(e, r, c);
        if transpose_blocks(
            e,
            (src.view, s_at),
            (dst.view, d_at),
            rows,
            cols,
            along_cols,
        ) {
            return Some(());
        }
    }
    // Inner axis: columns, unless only the rows are contiguous in the destination.
    let along_cols = d_col.stride == 1 || d_row.stride != 1;
    let (inner, d_run, s_run, outer) = if along_cols {
        (cols, d_col, s_col, rows)
    } else {
        (rows, d_row, s_row, cols)
    };
    let run_len = common_run(d_run.len, s_run.len, inner)?;
    let outer_n = e.index(outer);
    e.for_upto(outer_n, |e, o| {
        for_runs(e, inner, run_len, |e, start| {
            let (r, c) = if along_cols { (o, start) } else { (start, o) };
            let s0 = src.offset(e, r, c);
            let d0 = dst.offset(e, r, c);
            let contiguous = s_run.stride == 1 && d_run.stride == 1;
            if plain && contiguous && copy_vectors(e, (src.view, s0), (dst.view, d0), run_len) {
                return;
            }
            let len = e.index(run_len);
            e.for_upto(len, |e, t| {
                let si = e.mul_c(t, s_run.stride);
                let si = e.add(s0, si);
                let x = e.load(src.view, &[si]);
                let y = f(e, x);
                let di = e.mul_c(t, d_run.stride);
                let di = e.add(d0, di);
                e.store(y, dst.view, &[di]);
            });
        });
    });
    Some(())
}

/// The element type of the memrefs `src` and `dst` if they have the same one.
fn common_element<'c>(e: &mut Emitter<'_, '_, 'c>, src: ValueId, dst: ValueId) -> Option<Type<'c>> {
    let element_of = |e: &mut Emitter<'_, '_, 'c>, m: ValueId| match *e.ty(m).kind() {
        TypeKind::MemRef { element, .. } => Some(element),
        _ => None,
    };
    match (element_of(e, src), element_of(e, dst)) {
        (Some(a), Some(b)) if a == b => Some(a),
        _ => None,
    }
}

/// Copies `len` contiguous elements from `src[s0..]` to `dst[d0..]` (1-D memrefs of
/// the same element type) as 32-byte vectors, when `len` is a multiple of their
/// lanes; returns whether it did. Explicit vectors keep LLVM from vectorizing the
/// loop around a short run instead, across runs, with gathers and scatters.
pub fn copy_vectors<'c>(
    e: &mut Emitter<'_, '_, 'c>,
    (src, s0): (ValueId, ValueId),
    (dst, d0): (ValueId, ValueId),
    len: i64,
) -> bool {
    let ctx = e.ctx();
    let Some(elem) = common_element(e, src, dst) else {
        return false;
    };
    let bytes = crate::layout::elem_bytes(elem);
    if !(elem.is_float() || elem.is_integer()) || bytes == 0 || 32 % bytes != 0 {
        return false;
    }
    let lanes = 32 / bytes;
    if len % lanes != 0 {
        return false;
    }
    let vty = ctx.vector_type(&[lanes], elem);
    let chunk = |e: &mut Emitter<'_, '_, 'c>, at: ValueId| {
        let si = e.add(s0, at);
        let x = e.val(vector::LoadOp::NAME, &[src, si], vty, &[]);
        let di = e.add(d0, at);
        e.op(vector::StoreOp::NAME, &[x, dst, di], &[], &[]);
    };
    let chunks = len / lanes;
    if chunks <= 4 {
        for i in 0..chunks {
            let at = e.index(i * lanes);
            chunk(e, at);
        }
    } else {
        let n = e.index(chunks);
        e.for_upto(n, |e, i| {
            let at = e.mul_c(i, lanes);
            chunk(e, at);
        });
    }
    true
}

/// The offset of `(r, c)` in panels of `width` columns stored one after the other,
/// each `rows x width` and row-major (the NZ layout with boxes as tall as the tile; the
/// matmul kernel's packed `B`).
pub fn column_panels(
    e: &mut Emitter<'_, '_, '_>,
    r: ValueId,
    c: ValueId,
    rows: i64,
    width: i64,
) -> ValueId {
    let panel = e.div_c(c, width);
    let panel = e.mul_c(panel, rows * width);
    let row = e.mul_c(r, width);
    let lane = e.rem_c(c, width);
    let at = e.add(panel, row);
    e.add(at, lane)
}

/// Copies `rows x cols` elements between 1-D memrefs of the same 4-byte element type
/// where the source is contiguous along columns (`src_along_cols`) and the destination
/// along rows, or the other way round, in runs of 8 from multiples of 8: as 8x8 blocks,
/// eight vector loads, a transpose in registers, eight vector stores. Element by
/// element, LLVM vectorizes such copies with gathers and scatters, which are slower
/// than scalar code. `src_at`/`dst_at` give the offset of `(r, c)`. Returns whether it
/// copied (not when a size is not a multiple of 8 or the elements are not 4 bytes).
pub fn transpose_blocks<'c>(
    e: &mut Emitter<'_, '_, 'c>,
    (src, src_at): (
        ValueId,
        impl Fn(&mut Emitter<'_, '_, 'c>, ValueId, ValueId) -> ValueId,
    ),
    (dst, dst_at): (
        ValueId,
        impl Fn(&mut Emitter<'_, '_, 'c>, ValueId, ValueId) -> ValueId,
    ),
    rows: i64,
    cols: i64,
    src_along_cols: bool,
) -> bool {
    const L: i64 = 8;
    let Some(elem) = common_element(e, src, dst) else {
        return false;
    };
    let four = crate::layout::elem_bytes(elem) == 4;
    if !four || !(elem.is_float() || elem.is_integer()) || rows % L != 0 || cols % L != 0 {
        return false;
    }
    let ctx = e.ctx();
    let vty = ctx.vector_type(&[L], elem);
    let position = |i: i64| [("static_position", ctx.dense_int_array(64, &[i]))];
    let (rb, cb) = (e.index(rows / L), e.index(cols / L));
    e.for_upto(rb, |e, bi| {
        e.for_upto(cb, |e, bj| {
            let (r0, c0) = (e.mul_c(bi, L), e.mul_c(bj, L));
            // (r, c) of step `p` across the source's runs and `q` along them.
            let at = |e: &mut Emitter<'_, '_, 'c>, p: i64, q: i64| {
                let (dr, dc) = if src_along_cols { (p, q) } else { (q, p) };
                let (dr, dc) = (e.index(dr), e.index(dc));
                (e.add(r0, dr), e.add(c0, dc))
            };
            let rows_in: Vec<ValueId> = (0..L)
                .map(|p| {
                    let (r, c) = at(e, p, 0);
                    let i = src_at(e, r, c);
                    e.val(vector::LoadOp::NAME, &[src, i], vty, &[])
                })
                .collect();
            for q in 0..L {
                let first = e.val(vector::ExtractOp::NAME, &[rows_in[0]], elem, &position(q));
                let mut w = e.val(vector::BroadcastOp::NAME, &[first], vty, &[]);
                for (p, &v) in rows_in.iter().enumerate().skip(1) {
                    let x = e.val(vector::ExtractOp::NAME, &[v], elem, &position(q));
                    w = e.val(vector::InsertOp::NAME, &[x, w], vty, &position(p as i64));
                }
                let (r, c) = at(e, 0, q);
                let i = dst_at(e, r, c);
                e.op(vector::StoreOp::NAME, &[w, dst, i], &[], &[]);
            }
        });
    });
    true
}
