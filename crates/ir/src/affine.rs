//! Affine expressions: construction with MLIR's canonicalizing simplifications, and helpers
//! on affine-map attributes.

use bumpalo::Bump;

use crate::{AffineBinOp, AffineExpr, AttrKind, Attribute};

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

fn is_symbolic_or_const(e: &AffineExpr<'_>) -> bool {
    match *e {
        AffineExpr::Dim(_) => false,
        AffineExpr::Symbol(_) | AffineExpr::Const(_) => true,
        AffineExpr::Binary(_, l, r) => is_symbolic_or_const(l) && is_symbolic_or_const(r),
    }
}

fn gcd(a: i64, b: i64) -> i64 {
    let (mut a, mut b) = (a.unsigned_abs(), b.unsigned_abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a as i64
}

/// The largest integer known to divide every value of `e` (MLIR's getLargestKnownDivisor).
fn largest_known_divisor(e: &AffineExpr<'_>) -> i64 {
    match *e {
        AffineExpr::Dim(_) | AffineExpr::Symbol(_) => 1,
        AffineExpr::Const(c) => c.abs(),
        AffineExpr::Binary(op, l, r) => match op {
            AffineBinOp::Mul => largest_known_divisor(l).saturating_mul(largest_known_divisor(r)),
            AffineBinOp::Add => gcd(largest_known_divisor(l), largest_known_divisor(r)),
            AffineBinOp::Mod => gcd(largest_known_divisor(l), largest_known_divisor(r)),
            AffineBinOp::FloorDiv | AffineBinOp::CeilDiv => {
                match (largest_known_divisor(l), is_const(r)) {
                    (ld, Some(c)) if c != 0 && ld % c == 0 => (ld / c).abs(),
                    _ => 1,
                }
            }
        },
    }
}

/// `(multiplicand, coefficient)` of `e * c` (or `(e, 1)`).
fn split_coefficient<'a>(e: AffineExpr<'a>) -> (AffineExpr<'a>, i64) {
    if let AffineExpr::Binary(AffineBinOp::Mul, l, r) = e {
        if let Some(c) = is_const(r) {
            return (*l, c);
        }
    }
    (e, 1)
}

impl<'a> AffineBuilder<'a> {
    /// A builder allocating in `arena`.
    pub fn new(arena: &'a Bump) -> Self {
        Self { arena }
    }

    fn bin(&self, op: AffineBinOp, l: AffineExpr<'a>, r: AffineExpr<'a>) -> AffineExpr<'a> {
        AffineExpr::Binary(op, self.arena.alloc(l), self.arena.alloc(r))
    }

    /// `l + r`, simplified as MLIR's `simplifyAdd`.
    pub fn add(&self, l: AffineExpr<'a>, r: AffineExpr<'a>) -> AffineExpr<'a> {
        if let (Some(a), Some(b)) = (is_const(&l), is_const(&r)) {
            return AffineExpr::Const(a.wrapping_add(b));
        }
        // Only the right side may be constant; a symbolic side goes right.
        if is_const(&l).is_some() || (is_symbolic_or_const(&l) && !is_symbolic_or_const(&r)) {
            return self.add(r, l);
        }
        if is_const(&r) == Some(0) {
            return l;
        }
        // (x + c1) + c2 -> x + (c1 + c2)
        if let (AffineExpr::Binary(AffineBinOp::Add, x, c1), Some(c2)) = (l, is_const(&r)) {
            if let Some(c1) = is_const(c1) {
                return self.add(*x, AffineExpr::Const(c1.wrapping_add(c2)));
            }
        }
        // c1 * e + c2 * e -> (c1 + c2) * e
        let (le, lc) = split_coefficient(l);
        let (re, rc) = split_coefficient(r);
        if le == re {
            return self.mul(le, AffineExpr::Const(lc.wrapping_add(rc)));
        }
        // (x + c) + y -> (x + y) + c
        if let AffineExpr::Binary(AffineBinOp::Add, x, c) = l {
            if is_const(c).is_some() {
                return self.add(self.add(*x, r), *c);
            }
        }
        self.bin(AffineBinOp::Add, l, r)
    }

    /// `l * r`, simplified as MLIR's `simplifyMul`.
    pub fn mul(&self, l: AffineExpr<'a>, r: AffineExpr<'a>) -> AffineExpr<'a> {
        if let (Some(a), Some(b)) = (is_const(&l), is_const(&r)) {
            return AffineExpr::Const(a.wrapping_mul(b));
        }
        // The constant or symbolic factor goes right.
        if !is_symbolic_or_const(&r) || is_const(&l).is_some() {
            return self.mul(r, l);
        }
        match is_const(&r) {
            Some(1) => return l,
            Some(0) => return AffineExpr::Const(0),
            _ => {}
        }
        if let AffineExpr::Binary(AffineBinOp::Mul, x, c1) = l {
            if let Some(c1) = is_const(c1) {
                // (x * c1) * c2 -> x * (c1 * c2); (x * c) * y -> (x * y) * c
                return match is_const(&r) {
                    Some(c2) => self.mul(*x, AffineExpr::Const(c1.wrapping_mul(c2))),
                    None => self.mul(self.mul(*x, r), AffineExpr::Const(c1)),
                };
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
        let Some(c) = is_const(&r).filter(|&c| c >= 1) else {
            return Some(self.bin(op, l, r));
        };
        if op == AffineBinOp::Mod {
            if largest_known_divisor(&l) % c == 0 {
                return Some(AffineExpr::Const(0));
            }
            return Some(self.bin(op, l, r));
        }
        if c == 1 {
            return Some(l);
        }
        // (e * k) div c with c | k -> e * (k / c)
        if let AffineExpr::Binary(AffineBinOp::Mul, x, k) = l {
            if let Some(k) = is_const(k) {
                if k % c == 0 {
                    return Some(self.mul(*x, AffineExpr::Const(k / c)));
                }
            }
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
