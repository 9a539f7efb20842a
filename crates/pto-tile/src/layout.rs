//! Storage of tiles: element sizes, the inner box of boxed (fractal) layouts, and the
//! element offset of `(row, col)` in a tile's storage (PTOAS's ND, DN, NZ, ZN and zZ
//! orders). Verifiers and the CPU lowering share these.

use pto_ir::{Type, TypeKind};

use super::{BLayout, CompactMode, SLayout, TileBufType};

/// Bytes per element of a tile's element type (8-bit floats and integers count 1).
pub fn elem_bytes(t: Type<'_>) -> i64 {
    match t.kind() {
        TypeKind::Integer { width, .. } => i64::from(width.div_ceil(8)),
        TypeKind::Float(k) => i64::from(k.width().div_ceil(8)),
        TypeKind::Index => 8,
        _ => 4,
    }
}

/// Rows and columns of the inner box of a boxed layout (`slayout` not `none_box`).
pub fn box_shape(t: TileBufType<'_>) -> (i64, i64) {
    let bytes = elem_bytes(t.dtype()).max(1);
    match (t.fractal(), t.slayout()) {
        (1024, _) => (16, 16),
        (32, _) => (16, 2),
        (16, _) => (16, 1),
        (_, SLayout::ColMajor) => (32 / bytes, 16),
        _ => (16, 32 / bytes),
    }
}

/// The element offset of `(r, c)` in the storage of `t` (valid for `r < rows`,
/// `c < cols`).
pub fn element_offset(t: TileBufType<'_>, r: i64, c: i64) -> i64 {
    let (rows, cols) = (t.rows(), t.cols());
    let plus_one = i64::from(t.compact() == CompactMode::RowPlusOne);
    match (t.blayout(), t.slayout()) {
        (BLayout::RowMajor, SLayout::NoneBox) => r * (cols + plus_one) + c,
        (BLayout::ColMajor, SLayout::NoneBox) => c * (rows + plus_one) + r,
        (BLayout::ColMajor, SLayout::RowMajor) => {
            // NZ: boxes in column-major order, each box row-major.
            let (_, bc) = box_shape(t);
            (c / bc) * (rows * bc) + r * bc + (c % bc)
        }
        (BLayout::RowMajor, SLayout::ColMajor) => {
            // ZN: boxes in row-major order, each box column-major.
            let (br, _) = box_shape(t);
            (r / br) * (cols * br) + c * br + (r % br)
        }
        _ => {
            // zZ: boxes in row-major order, each box row-major.
            let (br, bc) = box_shape(t);
            let boxes_per_row = cols / bc;
            ((r / br) * boxes_per_row + c / bc) * (br * bc) + (r % br) * bc + (c % bc)
        }
    }
}
