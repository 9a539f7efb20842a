//! Tiles on a CPU: a tile is a typed `memref.view` of its address space's byte arena at
//! its byte offset, plus its storage layout (from the `!pto.tile_buf` type), its origin
//! inside a parent tile (for `pto.subset`) and its valid sizes (static, or kept in a
//! small `memref<2xindex>` cell that `pto.set_validshape` updates).
//!
//! Element `(r, c)` of a tile lives at the storage offset of PTOAS's layouts
//! (`dialects::pto::layout`), computed here with `arith` ops so that row-major tiles
//! give unit-stride inner loops that LLVM vectorizes.

use crate::dialects::pto::layout::box_shape;
use crate::dialects::pto::TileBufType;
use crate::ir::{Signedness, Type, TypeKind, ValueId, DYNAMIC};

use super::emit::{Emitter, Num};

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
pub fn signless<'c>(ctx: &'c crate::ir::Context, t: Type<'c>) -> Type<'c> {
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
    let plus_one = i64::from(t.compact() == 2);
    match (t.blayout(), t.slayout()) {
        (1, 0) => t.cols() * (t.rows() + plus_one),
        (0, 0) => t.rows() * (t.cols() + plus_one),
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
        let plus_one = i64::from(t.compact() == 2);
        match (t.blayout(), t.slayout()) {
            (0, 0) => {
                let base = e.mul_c(r, cols + plus_one);
                e.add(base, c)
            }
            (1, 0) => {
                let base = e.mul_c(c, rows + plus_one);
                e.add(base, r)
            }
            (1, 1) => {
                // NZ: boxes in column-major order, each box row-major.
                let (_, bc) = box_shape(t);
                let cb = e.div_c(c, bc);
                let boxes = e.mul_c(cb, rows * bc);
                let row = e.mul_c(r, bc);
                let ci = e.rem_c(c, bc);
                let s = e.add(boxes, row);
                e.add(s, ci)
            }
            (0, 2) => {
                // ZN: boxes in row-major order, each box column-major.
                let (br, _) = box_shape(t);
                let rb = e.div_c(r, br);
                let boxes = e.mul_c(rb, cols * br);
                let col = e.mul_c(c, br);
                let ri = e.rem_c(r, br);
                let s = e.add(boxes, col);
                e.add(s, ri)
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
    entry: crate::ir::InsertPoint,
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
    let cell_ty = ctx.intern_type(TypeKind::MemRef {
        shape: ctx.alloc_slice(&[2]),
        element: index,
        layout: None,
        memory_space: None,
    });
    // At the function's entry: a tile defined in a loop must not grow the stack.
    let cell = e.at(entry, |e| e.alloc("memref.alloca", cell_ty, false));
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
