//! Views under movement: how Harp's movement operators change a view (shape,
//! strides, offset, valid ranges) without touching memory. Each returns `None` when
//! the result is not a single strided view (a reshape that splits a permuted
//! dimension, a pad of a masked dimension's neighbour...): the lowering then
//! materializes the value first.

use crate::view::View;

/// A strided, masked view in an index space.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LView {
    /// Sizes of the index space.
    pub shape: Vec<i64>,
    /// Element strides.
    pub strides: Vec<i64>,
    /// The element of index 0.
    pub offset: i64,
    /// Per dimension, the half-open index range that reads memory (else 0).
    pub valid: Vec<(i64, i64)>,
}

impl LView {
    /// The row-major view of a whole buffer of `shape`.
    pub fn contiguous(shape: &[i64]) -> LView {
        LView {
            shape: shape.to_vec(),
            strides: View::contiguous_strides(shape),
            offset: 0,
            valid: shape.iter().map(|&n| (0, n)).collect(),
        }
    }

    /// Whether some index reads nothing.
    pub fn masked(&self) -> bool {
        self.valid
            .iter()
            .zip(&self.shape)
            .any(|(&(lo, hi), &n)| lo > 0 || hi < n)
    }

    /// `valid` flattened as the attribute wants it (empty when unmasked).
    pub fn valid_flat(&self) -> Vec<i64> {
        if !self.masked() {
            return Vec::new();
        }
        self.valid.iter().flat_map(|&(a, b)| [a, b]).collect()
    }

    /// Reorders the dimensions.
    pub fn permute(&self, order: &[usize]) -> LView {
        LView {
            shape: order.iter().map(|&i| self.shape[i]).collect(),
            strides: order.iter().map(|&i| self.strides[i]).collect(),
            offset: self.offset,
            valid: order.iter().map(|&i| self.valid[i]).collect(),
        }
    }

    /// Broadcasts to `target` (numpy's rules: leading dimensions added, size-1 ones
    /// repeated with stride 0).
    pub fn expand(&self, target: &[i64]) -> Option<LView> {
        let lead = target.len().checked_sub(self.shape.len())?;
        let mut v = LView {
            shape: target.to_vec(),
            strides: vec![0; lead],
            offset: self.offset,
            valid: target[..lead].iter().map(|&n| (0, n)).collect(),
        };
        for (i, &n) in self.shape.iter().enumerate() {
            let t = target[lead + i];
            if n == t {
                v.strides.push(self.strides[i]);
                v.valid.push(self.valid[i]);
            } else if n == 1 {
                v.strides.push(0);
                let (lo, hi) = self.valid[i];
                v.valid.push(if lo < hi { (0, t) } else { (0, 0) });
            } else {
                return None;
            }
        }
        Some(v)
    }

    /// Keeps `lo..hi` of each dimension (`None` if the offset overflows).
    pub fn shrink(&self, ranges: &[(i64, i64)]) -> Option<LView> {
        let mut v = self.clone();
        for (d, &(lo, hi)) in ranges.iter().enumerate() {
            v.offset = v.offset.checked_add(lo.checked_mul(self.strides[d])?)?;
            v.shape[d] = hi - lo;
            let (a, b) = self.valid[d];
            v.valid[d] = ((a - lo).clamp(0, hi - lo), (b - lo).clamp(0, hi - lo));
        }
        Some(v)
    }

    /// Every `k`-th element of each dimension (`None` if a stride overflows).
    pub fn stride(&self, steps: &[i64]) -> Option<LView> {
        let mut v = self.clone();
        for (d, &k) in steps.iter().enumerate() {
            let n = self.shape[d];
            v.shape[d] = View::ceil_div(n, k);
            // A dimension left with one element needs no stride.
            v.strides[d] = if v.shape[d] <= 1 {
                0
            } else {
                self.strides[d].checked_mul(k)?
            };
            let (a, b) = self.valid[d];
            v.valid[d] = (View::ceil_div(a, k), View::ceil_div(b, k));
        }
        Some(v)
    }

    /// Reverses dimension `d` (`None` if the offset overflows).
    pub fn flip(&self, d: usize) -> Option<LView> {
        let mut v = self.clone();
        let n = self.shape[d];
        v.offset = v
            .offset
            .checked_add((n - 1).checked_mul(self.strides[d])?)?;
        v.strides[d] = -self.strides[d];
        let (a, b) = self.valid[d];
        v.valid[d] = (n - b, n - a);
        Some(v)
    }

    /// Pads each dimension with `before` and `after` zeros (`None` if the offset or a
    /// size overflows).
    pub fn pad(&self, pads: &[(i64, i64)]) -> Option<LView> {
        let mut v = self.clone();
        for (d, &(b, a)) in pads.iter().enumerate() {
            v.offset = v.offset.checked_sub(b.checked_mul(self.strides[d])?)?;
            v.shape[d] = v.shape[d].checked_add(b)?.checked_add(a)?;
            let (lo, hi) = self.valid[d];
            v.valid[d] = (lo.checked_add(b)?, hi.checked_add(b)?);
        }
        Some(v)
    }

    /// A new dimension of size 1 at `d`.
    pub fn unsqueeze(&self, d: usize) -> LView {
        let mut v = self.clone();
        v.shape.insert(d, 1);
        v.strides.insert(d, 0);
        v.valid.insert(d, (0, 1));
        v
    }

    /// Drops the size-1 dimension `d` (`None` if it is masked out).
    pub fn squeeze(&self, d: usize) -> Option<LView> {
        if self.valid[d] != (0, 1) {
            return None;
        }
        let mut v = self.clone();
        v.shape.remove(d);
        v.strides.remove(d);
        v.valid.remove(d);
        Some(v)
    }

    /// The same elements in `shape` (row-major order), if strides can say it: the
    /// dimension-merging rule of PyTorch's `view`. Masked views do not reshape.
    pub fn reshape(&self, shape: &[i64]) -> Option<LView> {
        if self.masked() {
            return None;
        }
        let strides = reshape_strides(&self.shape, &self.strides, shape)?;
        Some(LView {
            shape: shape.to_vec(),
            strides,
            offset: self.offset,
            valid: shape.iter().map(|&n| (0, n)).collect(),
        })
    }
}

/// Strides that make `new_shape` walk the elements of (`shape`, `strides`) in
/// row-major order, or `None`: groups of old dimensions that are contiguous with each
/// other are split or merged, others must stay whole.
pub fn reshape_strides(shape: &[i64], strides: &[i64], new_shape: &[i64]) -> Option<Vec<i64>> {
    let numel: i64 = shape.iter().product();
    if numel != new_shape.iter().product::<i64>() {
        return None;
    }
    if numel == 0 || shape.is_empty() {
        return Some(View::contiguous_strides(new_shape));
    }
    let mut out = vec![0i64; new_shape.len()];
    let mut view_d = new_shape.len() as isize - 1;
    let mut chunk_base = *strides.last()?;
    let (mut tensor_numel, mut view_numel) = (1i64, 1i64);
    for d in (0..shape.len()).rev() {
        tensor_numel *= shape[d];
        // A chunk of old dimensions ends where the next one is not contiguous with it.
        if d == 0 || (shape[d - 1] != 1 && strides[d - 1] != tensor_numel * chunk_base) {
            while view_d >= 0 && (view_numel < tensor_numel || new_shape[view_d as usize] == 1) {
                out[view_d as usize] = view_numel * chunk_base;
                view_numel *= new_shape[view_d as usize];
                view_d -= 1;
            }
            if view_numel != tensor_numel {
                return None;
            }
            if d > 0 {
                chunk_base = strides[d - 1];
                tensor_numel = 1;
                view_numel = 1;
            }
        }
    }
    (view_d == -1).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reshape_merges_and_splits_contiguous_runs() {
        assert_eq!(
            reshape_strides(&[2, 3, 4], &[12, 4, 1], &[6, 4]),
            Some(vec![4, 1])
        );
        assert_eq!(
            reshape_strides(&[6, 4], &[4, 1], &[2, 3, 2, 2]),
            Some(vec![12, 4, 2, 1])
        );
        // A transposed matrix cannot be flattened.
        assert_eq!(reshape_strides(&[3, 2], &[1, 3], &[6]), None);
        // But its rows can be split.
        assert_eq!(
            reshape_strides(&[4, 2], &[1, 4], &[2, 2, 2]),
            Some(vec![2, 1, 4])
        );
        // Broadcast dimensions stay broadcast.
        assert_eq!(
            reshape_strides(&[4, 3], &[0, 1], &[2, 2, 3]),
            Some(vec![0, 0, 1])
        );
    }

    #[test]
    fn pad_then_shrink_is_the_identity() {
        let v = LView::contiguous(&[4, 5]);
        let p = v.pad(&[(1, 2), (0, 3)]).unwrap();
        assert_eq!(p.shape, vec![7, 8]);
        assert_eq!(p.valid, vec![(1, 5), (0, 5)]);
        assert_eq!(p.shrink(&[(1, 5), (0, 5)]), Some(v));
    }

    #[test]
    fn flip_twice_is_the_identity() {
        let v = LView::contiguous(&[3, 4]).pad(&[(0, 0), (1, 0)]).unwrap();
        assert_eq!(v.flip(1).and_then(|f| f.flip(1)), Some(v));
    }
}
