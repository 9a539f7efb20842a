//! The `f32` matmul as a register-blocked kernel (the way BLAS libraries compute one):
//! `C` in blocks of `MR x NR` held in `MR * NV` vector accumulators across the whole
//! `k` loop, each step broadcasting `MR` elements of `A` and loading `NV` vectors of a
//! row of `B`. `A` is read in place through runs of its storage; `B` is packed once into
//! a dense row-major buffer (its right-tile layout is column-major inside boxes: packing
//! transposes 8x8 blocks in registers), and
//! `C` is read and written in place, which needs rows of `NR` contiguous elements in
//! the accumulator's layout (true of PTOAS's `acc` tiles, whose boxes are 16 wide).
//!
//! The generic loop nest in `matrix.rs` handles what this kernel does not: dynamic or
//! indivisible sizes, integer or non-`f32` accumulators, bias, subsets.

use smallvec::SmallVec;

use crate::ir::{FloatKind, Type, TypeKind, ValueId};

use super::emit::{Emitter, Num};
use super::tile::{common_run, for_runs, transpose_blocks, Tile};

/// Rows of `C` per block.
const MR: i64 = 4;
/// Lanes of a vector (256 bits of `f32`: what AVX2 machines have; wider ones split
/// nothing and narrower ones split evenly).
const VL: i64 = 8;
/// Vectors per row of a block.
const NV: i64 = 2;
/// Columns of `C` per block.
const NR: i64 = VL * NV;

/// What `C` starts from.
pub(super) enum Start<'a, 'c> {
    /// Zero (`tmatmul`).
    Zero,
    /// The elements of a tile (`tmatmul.acc`; may be `C` itself).
    Tile(&'a Tile<'c>),
}

/// Emits `d = start + a * b` with the kernel when it applies (see the module's
/// comment); returns whether it did.
pub(super) fn matmul<'c>(
    e: &mut Emitter<'_, '_, 'c>,
    a: &Tile<'c>,
    b: &Tile<'c>,
    d: &Tile<'c>,
    start: Start<'_, 'c>,
) -> bool {
    let f32_num = Num::Float(FloatKind::F32);
    if d.num != f32_num || !a.num.is_float() || !b.num.is_float() {
        return false;
    }
    let sizes = (a.valid_rows(e), a.valid_cols(e), b.valid_cols(e));
    let (Some(m), Some(k), Some(n)) = (e.cst(sizes.0), e.cst(sizes.1), e.cst(sizes.2)) else {
        return false;
    };
    let c_fits = |t: &Tile<'c>| {
        t.col_run()
            .is_some_and(|r| r.stride == 1 && r.len.is_none_or(|l| l % NR == 0))
    };
    if n % NR != 0
        || !c_fits(d)
        || matches!(start, Start::Tile(t) if !c_fits(t) || t.num != f32_num)
    {
        return false;
    }
    let (Some(a_run), Some(b_run)) = (a.col_run(), b.col_run()) else {
        return false;
    };
    let (Some(a_len), Some(b_len)) = (
        common_run(a_run.len, None, k),
        common_run(b_run.len, None, n),
    ) else {
        return false;
    };
    let ctx = e.ctx();
    let f32t = ctx.float_type(FloatKind::F32);
    let vty = ctx.vector_type(&[VL], f32t);

    // Pack B (k x n) into a dense row-major f32 buffer.
    let packed = {
        let ty = ctx.intern_type(TypeKind::MemRef {
            shape: ctx.alloc_slice(&[k * n]),
            element: f32t,
            layout: None,
            memory_space: None,
        });
        e.alloc("memref.alloc", ty, true)
    };
    let b_rows = b.row_run();
    let crossed = b.num == f32_num
        && b_run.stride != 1
        && b_rows.is_some_and(|r| r.stride == 1 && r.len.is_none_or(|l| l % 8 == 0));
    let b_at = |e: &mut Emitter<'_, '_, 'c>, r, c| b.offset(e, r, c);
    let packed_at = |e: &mut Emitter<'_, '_, 'c>, r, c| {
        let row = e.mul_c(r, n);
        e.add(row, c)
    };
    // B contiguous along k (ZN, the right tile's layout): 8x8 transposes in registers.
    let transposed =
        crossed && transpose_blocks(e, (b.view, b_at), (packed, packed_at), k, n, false);
    if !transposed {
        let k_v = e.index(k);
        e.for_upto(k_v, |e, p| {
            let row = e.mul_c(p, n);
            for_runs(e, n, b_len, |e, c0| {
                let s0 = b.offset(e, p, c0);
                let d0 = e.add(row, c0);
                let len = e.index(b_len);
                e.for_upto(len, |e, t| {
                    let si = e.mul_c(t, b_run.stride);
                    let si = e.add(s0, si);
                    let x = e.load(b.view, &[si]);
                    let x = e.convert(x, b.num, f32t, f32_num);
                    let di = e.add(d0, t);
                    e.store(x, packed, &[di]);
                });
            });
        });
    }

    let blocks = Blocks {
        a,
        a_stride: a_run.stride,
        a_len,
        k,
        n,
        packed,
        d,
        vty,
        f32t,
    };
    // Full blocks of MR rows, then the remaining rows one at a time.
    let main = m - m % MR;
    if main > 0 {
        let count = e.index(main / MR);
        e.for_upto(count, |e, ib| {
            let i = e.mul_c(ib, MR);
            blocks.row_block(e, i, MR, &start);
        });
    }
    if main < m {
        let (lo, hi) = (e.index(main), e.index(m));
        e.for_range(lo, hi, |e, i| blocks.row_block(e, i, 1, &start));
    }
    e.op("memref.dealloc", &[packed], &[], &[]);
    true
}

/// What every block of the kernel reads.
struct Blocks<'a, 'c> {
    a: &'a Tile<'c>,
    a_stride: i64,
    a_len: i64,
    k: i64,
    n: i64,
    packed: ValueId,
    d: &'a Tile<'c>,
    vty: Type<'c>,
    f32t: Type<'c>,
}

impl<'c> Blocks<'_, 'c> {
    /// The `rows x n` strip of `C` from row `i`, in blocks of `NR` columns.
    fn row_block(&self, e: &mut Emitter<'_, '_, 'c>, i: ValueId, rows: i64, start: &Start<'_, 'c>) {
        let col_blocks = e.index(self.n / NR);
        e.for_upto(col_blocks, |e, jb| {
            let j = e.mul_c(jb, NR);
            let row_of = |e: &mut Emitter<'_, '_, 'c>, r: i64| {
                let dr = e.index(r);
                e.add(i, dr)
            };
            // Accumulators, row-major over (row, vector).
            let mut acc: SmallVec<[ValueId; 8]> = SmallVec::new();
            for r in 0..rows {
                let row = row_of(e, r);
                for v in 0..NV {
                    acc.push(match start {
                        Start::Zero => {
                            let zero = e.num_const(self.f32t, 0.0);
                            e.val("vector.broadcast", &[zero], self.vty, &[])
                        }
                        Start::Tile(t) => {
                            let base = t.offset(e, row, j);
                            let at = e.index(v * VL);
                            let at = e.add(base, at);
                            e.val("vector.load", &[t.view, at], self.vty, &[])
                        }
                    });
                }
            }
            let acc = self.k_loop(e, i, j, rows, &acc);
            for r in 0..rows {
                let row = row_of(e, r);
                let base = self.d.offset(e, row, j);
                for v in 0..NV {
                    let at = e.index(v * VL);
                    let at = e.add(base, at);
                    let value = acc[(r * NV + v) as usize];
                    e.op("vector.store", &[value, self.d.view, at], &[], &[]);
                }
            }
        });
    }

    /// The loop over `k` carrying the accumulators, in runs of `A`'s storage: the
    /// offsets of the block's rows of `A` are computed once per run.
    fn k_loop(
        &self,
        e: &mut Emitter<'_, '_, 'c>,
        i: ValueId,
        j: ValueId,
        rows: i64,
        acc: &[ValueId],
    ) -> SmallVec<[ValueId; 2]> {
        let runs = e.index(self.k / self.a_len);
        let zero = e.index(0);
        e.for_loop(zero, runs, acc, |e, run, acc| {
            let p0 = e.mul_c(run, self.a_len);
            let a_rows: SmallVec<[ValueId; 8]> = (0..rows)
                .map(|r| {
                    let dr = e.index(r);
                    let row = e.add(i, dr);
                    self.a.offset(e, row, p0)
                })
                .collect();
            let zero = e.index(0);
            let len = e.index(self.a_len);
            e.for_loop(zero, len, acc, |e, t, acc| {
                let p = e.add(p0, t);
                let b_row = e.mul_c(p, self.n);
                let b_row = e.add(b_row, j);
                let bv: SmallVec<[ValueId; 4]> = (0..NV)
                    .map(|v| {
                        let at = e.index(v * VL);
                        let at = e.add(b_row, at);
                        e.val("vector.load", &[self.packed, at], self.vty, &[])
                    })
                    .collect();
                let step = e.mul_c(t, self.a_stride);
                let mut out = SmallVec::new();
                for (r, &a_row) in a_rows.iter().enumerate() {
                    let at = e.add(a_row, step);
                    let x = e.load(self.a.view, &[at]);
                    let x = e.convert(x, self.a.num, self.f32t, Num::Float(FloatKind::F32));
                    let x = e.val("vector.broadcast", &[x], self.vty, &[]);
                    for (v, &b) in bv.iter().enumerate() {
                        let c = acc[r * NV as usize + v];
                        out.push(e.val("vector.fma", &[x, b, c], self.vty, &[]));
                    }
                }
                out
            })
        })
    }
}
