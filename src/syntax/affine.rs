//! Affine expressions: construction with MLIR's canonicalizing simplifications, and helpers
//! on affine-map attributes.

use bumpalo::Bump;

use crate::ir::{AffineBinOp, AffineExpr, AttrKind, Attribute};

/// Builds simplified affine expressions in an arena.
pub struct AffineBuilder<'a> {
    arena: &'a Bump,
}

fn is_const(e: &AffineExpr<'_>) -> Option<i64> {
    match *e {
        AffineExpr::Const(c) => Some(c),
        _ => None,
    }
}

fn floor_div(a: i64, b: i64) -> i64 {
    let q = a / b;
    if (a % b != 0) && ((a < 0) != (b < 0)) {
        q - 1
    } else {
        q
    }
}

fn ceil_div(a: i64, b: i64) -> i64 {
    -floor_div(-a, b)
}

impl<'a> AffineBuilder<'a> {
    /// A builder allocating in `arena`.
    pub fn new(arena: &'a Bump) -> Self {
        Self { arena }
    }

    fn bin(&self, op: AffineBinOp, l: AffineExpr<'a>, r: AffineExpr<'a>) -> AffineExpr<'a> {
        AffineExpr::Binary(op, self.arena.alloc(l), self.arena.alloc(r))
    }

    /// `l + r`
    pub fn add(&self, l: AffineExpr<'a>, r: AffineExpr<'a>) -> AffineExpr<'a> {
        if let (Some(a), Some(b)) = (is_const(&l), is_const(&r)) {
            return AffineExpr::Const(a.wrapping_add(b));
        }
        // Constants go to the right; dimensions before symbols.
        if is_const(&l).is_some()
            || (matches!(l, AffineExpr::Symbol(_)) && matches!(r, AffineExpr::Dim(_)))
        {
            return self.add(r, l);
        }
        if is_const(&r) == Some(0) {
            return l;
        }
        // (x + c1) + c2 -> x + (c1 + c2); (x + c) + y -> (x + y) + c.
        if let AffineExpr::Binary(AffineBinOp::Add, x, c1) = l {
            if let Some(c1) = is_const(c1) {
                if let Some(c2) = is_const(&r) {
                    return self.add(*x, AffineExpr::Const(c1.wrapping_add(c2)));
                }
                return self.add(self.add(*x, r), AffineExpr::Const(c1));
            }
        }
        // x + (y + c) -> (x + y) + c
        if let AffineExpr::Binary(AffineBinOp::Add, y, c) = r {
            if is_const(c).is_some() {
                return self.add(self.add(l, *y), *c);
            }
        }
        self.bin(AffineBinOp::Add, l, r)
    }

    /// `l * r`
    pub fn mul(&self, l: AffineExpr<'a>, r: AffineExpr<'a>) -> AffineExpr<'a> {
        if let (Some(a), Some(b)) = (is_const(&l), is_const(&r)) {
            return AffineExpr::Const(a.wrapping_mul(b));
        }
        if is_const(&l).is_some()
            || (matches!(l, AffineExpr::Symbol(_)) && matches!(r, AffineExpr::Dim(_)))
        {
            return self.mul(r, l);
        }
        match is_const(&r) {
            Some(1) => return l,
            Some(0) => return AffineExpr::Const(0),
            _ => {}
        }
        if let (AffineExpr::Binary(AffineBinOp::Mul, x, c1), Some(c2)) = (l, is_const(&r)) {
            if let Some(c1) = is_const(c1) {
                return self.mul(*x, AffineExpr::Const(c1.wrapping_mul(c2)));
            }
        }
        self.bin(AffineBinOp::Mul, l, r)
    }

    /// `l - r`
    pub fn sub(&self, l: AffineExpr<'a>, r: AffineExpr<'a>) -> AffineExpr<'a> {
        let neg = self.mul(r, AffineExpr::Const(-1));
        self.add(l, neg)
    }

    /// `floordiv`, `ceildiv` or `mod`; `None` for a division by zero.
    pub fn div_like(
        &self,
        op: AffineBinOp,
        l: AffineExpr<'a>,
        r: AffineExpr<'a>,
    ) -> Option<AffineExpr<'a>> {
        if let Some(0) = is_const(&r) {
            return None;
        }
        if let (Some(a), Some(b)) = (is_const(&l), is_const(&r)) {
            return Some(AffineExpr::Const(match op {
                AffineBinOp::FloorDiv => floor_div(a, b),
                AffineBinOp::CeilDiv => ceil_div(a, b),
                _ => a - b * floor_div(a, b),
            }));
        }
        if is_const(&r) == Some(1) {
            return Some(if op == AffineBinOp::Mod {
                AffineExpr::Const(0)
            } else {
                l
            });
        }
        Some(self.bin(op, l, r))
    }
}

/// True if `a` is an identity affine map (`(d0, d1) -> (d0, d1)`), which memref types drop.
pub fn is_identity_layout(a: Attribute<'_>) -> bool {
    match a.kind() {
        AttrKind::AffineMap(m) => {
            m.num_symbols == 0
                && m.results.len() == m.num_dims as usize
                && m.results
                    .iter()
                    .enumerate()
                    .all(|(i, e)| *e == AffineExpr::Dim(i as u32))
        }
        _ => false,
    }
}
