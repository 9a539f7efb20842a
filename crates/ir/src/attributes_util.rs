//! Small helpers on attribute payloads shared by the parser, printer and builders.

use bumpalo::Bump;

use super::attributes::{AffineExpr, AffineMap};
use super::types::Signedness;

/// Truncates `value` to `width` bits and re-extends it as the signedness says
/// (zero-extension for unsigned, sign-extension otherwise), as MLIR's APInt storage does.
pub fn normalize_int(value: i128, width: u32, signedness: Signedness) -> i128 {
    if width == 0 || width >= 128 {
        return value;
    }
    let shift = 128 - width;
    match signedness {
        Signedness::Unsigned => (((value as u128) << shift) >> shift) as i128,
        // Signless i1 holds 0 or 1 (printed true/false); si1 holds 0 or -1.
        Signedness::Signless if width == 1 => value & 1,
        _ => (value << shift) >> shift,
    }
}

/// Whether `value` (as written, possibly negative) fits an integer of `width` bits: MLIR
/// accepts any value representable as either signed or unsigned at that width.
pub fn int_fits(value: i128, width: u32, negative: bool) -> bool {
    if width == 0 {
        return value == 0 && !negative;
    }
    if width >= 128 {
        return true;
    }
    if negative {
        // Must be representable as a signed value of `width` bits.
        value >= -(1i128 << (width - 1))
    } else {
        (value as u128) < (1u128 << width)
    }
}

/// Deep-copies an affine map's expressions into `arena`.
pub fn copy_affine_map<'a>(arena: &'a Bump, map: AffineMap<'_>) -> AffineMap<'a> {
    fn copy<'a>(arena: &'a Bump, e: &AffineExpr<'_>) -> AffineExpr<'a> {
        match *e {
            AffineExpr::Dim(d) => AffineExpr::Dim(d),
            AffineExpr::Symbol(s) => AffineExpr::Symbol(s),
            AffineExpr::Const(c) => AffineExpr::Const(c),
            AffineExpr::Binary(op, l, r) => {
                let l = arena.alloc(copy(arena, l));
                let r = arena.alloc(copy(arena, r));
                AffineExpr::Binary(op, l, r)
            }
        }
    }
    let results: Vec<AffineExpr<'a>> = map.results.iter().map(|e| copy(arena, e)).collect();
    AffineMap {
        num_dims: map.num_dims,
        num_symbols: map.num_symbols,
        results: arena.alloc_slice_copy(&results),
    }
}

/// Collapses data whose elements are all equal to a single splat element.
pub fn normalize_splat(data: Vec<u8>, esize: usize, splat: bool) -> (bool, Vec<u8>) {
    if data.len() <= esize {
        return (true, data);
    }
    let first = &data[..esize];
    if splat || data.chunks(esize).all(|c| c == first) {
        return (true, first.to_vec());
    }
    (false, data)
}
