//! Harp's ShapeTracker as arithmetic: which elements a view reaches.
//!
//! A view maps an index `(i_0, ..., i_{n-1})` with `0 <= i_d < shape[d]` to element
//! `offset + sum(i_d * strides[d])`. Points outside the `valid` ranges are padding:
//! nothing is read there. Upstream's tracker has only `map` (one expression per
//! dimension, in a shared `idx`) and `max`; offsets, negative strides and masks are
//! what its movement ops (shrink, flip, pad) need and it lacks.

use crate::ViewAttr;

/// A view, borrowed from its attribute.
#[derive(Clone, Copy, Debug)]
pub struct View<'a> {
    /// The size of each index dimension.
    pub shape: &'a [i64],
    /// The element stride of each dimension.
    pub strides: &'a [i64],
    /// The element the zero index reaches.
    pub offset: i64,
    /// Per dimension, the half-open range of indices that are read (empty: all).
    pub valid: &'a [i64],
}

impl<'a> View<'a> {
    /// A view of its parts.
    pub fn of_params(shape: &'a [i64], strides: &'a [i64], offset: i64, valid: &'a [i64]) -> Self {
        View {
            shape,
            strides,
            offset,
            valid,
        }
    }

    /// The view of an attribute.
    pub fn of(attr: ViewAttr<'a>) -> Self {
        View::of_params(attr.shape(), attr.strides(), attr.offset(), attr.valid())
    }

    /// The index range dimension `d` reads: its valid range within `[0, shape[d])`.
    pub fn read_range(&self, d: usize) -> (i64, i64) {
        let n = self.shape[d];
        match self.valid.get(2 * d..2 * d + 2) {
            Some(r) => (r[0].clamp(0, n), r[1].clamp(0, n)),
            None => (0, n),
        }
    }

    /// The lowest and highest element the view reads, `None` when it reads nothing
    /// (an empty valid range) ... or when the arithmetic overflows `i64`, which
    /// [`View::extent`] tells apart.
    fn bounds(&self) -> Result<Option<(i64, i64)>, ()> {
        let (mut lo, mut hi) = (self.offset, self.offset);
        for d in 0..self.shape.len() {
            let (a, b) = self.read_range(d);
            if a >= b {
                return Ok(None);
            }
            let s = self.strides[d];
            let x = a.checked_mul(s).ok_or(())?;
            let y = (b - 1).checked_mul(s).ok_or(())?;
            lo = lo.checked_add(x.min(y)).ok_or(())?;
            hi = hi.checked_add(x.max(y)).ok_or(())?;
        }
        Ok(Some((lo, hi)))
    }

    /// The lowest and highest element read (`Some(None)`: nothing is read), or `None`
    /// if the offsets overflow.
    pub fn extent(&self) -> Option<Option<(i64, i64)>> {
        self.bounds().ok()
    }

    /// `ceil(n / k)` for `n >= 0`, `k >= 1`.
    pub fn ceil_div(n: i64, k: i64) -> i64 {
        n / k + i64::from(n % k != 0)
    }

    /// Row-major strides of a contiguous `shape` (saturating: a shape too large for
    /// `i64` offsets has no usable strides, and its checks fail elsewhere).
    pub fn contiguous_strides(shape: &[i64]) -> Vec<i64> {
        let mut strides = vec![1i64; shape.len()];
        for d in (0..shape.len().saturating_sub(1)).rev() {
            strides[d] = strides[d + 1].saturating_mul(shape[d + 1]);
        }
        strides
    }
}
