//! The `f32` matmul as a register-blocked kernel (the way BLAS libraries compute one):
//! `C` in blocks of `MR x NR` held in `MR * NV` vector accumulators across the whole
//! `k` loop, each step broadcasting `MR` elements of `A` and loading `NV` vectors of a
//! row of `B`. The block shape follows the vector width the pass targets
//! ([`Shape::for_bits`]): as many accumulators as the register file holds with room
//! for the operands.
//!
//! `B` is packed once into panels of `NR` columns, each `k x NR` row-major and dense
//! (its right-tile layout is column-major inside boxes: packing transposes 8x8 blocks
//! in registers); the blocks are visited panel by panel, so a panel stays in the L1
//! cache while the strips of `A` pass by. `A` is read in place through runs of its
//! storage (a left tile's boxes keep eight consecutive `k` of a row together), and `C`
//! is read and written in place, which needs runs of whole vectors along its rows
//! (true of PTOAS's `acc` tiles, whose boxes are 16 wide).
//!
//! The generic loop nest in `matrix.rs` handles what this kernel does not: dynamic or
//! indivisible sizes, integer or non-`f32` accumulators, bias, subsets.

use smallvec::SmallVec;

use pto_ir::{FloatKind, Type, ValueId};

use super::emit::{Emitter, Num};
use super::tile::{column_panels, common_run, for_runs, transpose_blocks, Tile};
use pto_dialects::memref;
use pto_dialects::vector;

/// Vectors per row of a block.
const NV: i64 = 2;

/// The register block of the kernel for one vector width.
#[derive(Clone, Copy, Debug)]
pub struct Shape {
    /// Lanes of a vector (`f32`).
    pub vl: i64,
    /// Rows of `C` per block.
    pub mr: i64,
}

impl Shape {
    /// The block for vectors of `bits` (128, 256 or 512; other widths use 256's):
    /// `MR * NV` accumulators plus `NV` vectors of `B` and a broadcast fit the 16
    /// registers of SSE/AVX2 (4 x 2 + 3) and the 32 of AVX-512 (8 x 2 + 3, leaving
    /// room for LLVM to pipeline the loads of the next step).
    pub fn for_bits(bits: u32) -> Shape {
        match bits {
            128 => Shape { vl: 4, mr: 4 },
            512 => Shape { vl: 16, mr: 8 },
            _ => Shape { vl: 8, mr: 4 },
        }
    }

    /// Columns of `C` per block.
    fn nr(self) -> i64 {
        self.vl * NV
    }
}

/// What `C` starts from.
pub(super) enum Start<'a, 'c> {
    /// Zero (`tmatmul`).
    Zero,
    /// The elements of a tile (`tmatmul.acc`; may be `C` itself).
    Tile(&'a Tile<'c>),
}

/// Emits `d = start + a * b` with the kernel of `shape` when it applies (see the
/// module's comment); returns whether it did.
pub(super) fn matmul<'c>(
    e: &mut Emitter<'_, '_, 'c>,
    shape: Shape,
    a: &Tile<'c>,
    b: &Tile<'c>,
    d: &Tile<'c>,
    start: Start<'_, 'c>,
) -> bool {
    let (vl, nr) = (shape.vl, shape.nr());
    let f32_num = Num::Float(FloatKind::F32);
    if d.num != f32_num || !a.num.is_float() || !b.num.is_float() {
        return false;
    }
    let sizes = (a.valid_rows(e), a.valid_cols(e), b.valid_cols(e));
    let (Some(m), Some(k), Some(n)) = (e.cst(sizes.0), e.cst(sizes.1), e.cst(sizes.2)) else {
        return false;
    };
    // Every vector of a row of C lies in one run of its storage.
    let c_fits = |t: &Tile<'c>| {
        t.col_run()
            .is_some_and(|r| r.stride == 1 && r.len.is_none_or(|l| l % vl == 0))
    };
    if n % nr != 0
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
    let vty = ctx.vector_type(&[vl], f32t);

    // Pack B (k x n) into panels of NR columns, each k x NR row-major.
    let packed = {
        let ty = ctx.memref_type(&[k * n], f32t, None, None);
        e.alloc(memref::AllocOp::NAME, ty, true)
    };
    let b_rows = b.row_run();
    let crossed = b.num == f32_num
        && b_run.stride != 1
        && b_rows.is_some_and(|r| r.stride == 1 && r.len.is_none_or(|l| l % 8 == 0));
    let b_at = |e: &mut Emitter<'_, '_, 'c>, r, c| b.offset(e, r, c);
    // Columns c..c+8 from a multiple of 8 stay in one panel (NR is a multiple of 8).
    let packed_at = |e: &mut Emitter<'_, '_, 'c>, r, c| column_panels(e, r, c, k, nr);
    // B contiguous along k (ZN, the right tile's layout): 8x8 transposes in registers.
    let transposed = crossed
        && nr % 8 == 0
        && transpose_blocks(e, (b.view, b_at), (packed, packed_at), k, n, false);
    if !transposed {
        let k_v = e.index(k);
        e.for_upto(k_v, |e, p| {
            for_runs(e, n, b_len, |e, c0| {
                let s0 = b.offset(e, p, c0);
                let len = e.index(b_len);
                e.for_upto(len, |e, t| {
                    let si = e.mul_c(t, b_run.stride);
                    let si = e.add(s0, si);
                    let x = e.load(b.view, &[si]);
                    let x = e.convert(x, b.num, f32t, f32_num);
                    let c = e.add(c0, t);
                    let di = packed_at(e, p, c);
                    e.store(x, packed, &[di]);
                });
            });
        });
    }

    let blocks = Blocks {
        shape,
        a,
        a_stride: a_run.stride,
        a_len,
        k,
        packed,
        d,
        vty,
        f32t,
    };
    // Panel by panel: full blocks of MR rows, then one block of the remaining rows.
    let (main, rest) = (m - m % shape.mr, m % shape.mr);
    let panels = e.index(n / nr);
    e.for_upto(panels, |e, jb| {
        let j = e.mul_c(jb, nr);
        let panel = e.mul_c(jb, k * nr);
        if main > 0 {
            let count = e.index(main / shape.mr);
            e.for_upto(count, |e, ib| {
                let i = e.mul_c(ib, shape.mr);
                blocks.block(e, i, shape.mr, j, panel, &start);
            });
        }
        if rest > 0 {
            let i = e.index(main);
            blocks.block(e, i, rest, j, panel, &start);
        }
    });
    e.op(memref::DeallocOp::NAME, &[packed], &[], &[]);
    true
}

/// What every block of the kernel reads.
struct Blocks<'a, 'c> {
    shape: Shape,
    a: &'a Tile<'c>,
    a_stride: i64,
    a_len: i64,
    k: i64,
    packed: ValueId,
    d: &'a Tile<'c>,
    vty: Type<'c>,
    f32t: Type<'c>,
}

impl<'c> Blocks<'_, 'c> {
    /// The `rows x NR` block of `C` at `(i, j)`, whose columns of `B` are the panel at
    /// offset `panel` of the packed buffer.
    fn block(
        &self,
        e: &mut Emitter<'_, '_, 'c>,
        i: ValueId,
        rows: i64,
        j: ValueId,
        panel: ValueId,
        start: &Start<'_, 'c>,
    ) {
        let vl = self.shape.vl;
        // The offset of vector `v` of row `r` in tile `t` (each vector lies in a run).
        let at = |e: &mut Emitter<'_, '_, 'c>, t: &Tile<'c>, r: i64, v: i64| {
            let dr = e.index(r);
            let row = e.add(i, dr);
            let dc = e.index(v * vl);
            let col = e.add(j, dc);
            t.offset(e, row, col)
        };
        // Accumulators, row-major over (row, vector).
        let mut acc: SmallVec<[ValueId; 16]> = SmallVec::new();
        for r in 0..rows {
            for v in 0..NV {
                acc.push(match start {
                    Start::Zero => {
                        let zero = e.num_const(self.f32t, 0.0);
                        e.val(vector::BroadcastOp::NAME, &[zero], self.vty, &[])
                    }
                    Start::Tile(t) => {
                        let o = at(e, t, r, v);
                        e.val(vector::LoadOp::NAME, &[t.view, o], self.vty, &[])
                    }
                });
            }
        }
        let acc = self.k_loop(e, i, rows, panel, &acc);
        for r in 0..rows {
            for v in 0..NV {
                let o = at(e, self.d, r, v);
                let value = acc[(r * NV + v) as usize];
                e.op(vector::StoreOp::NAME, &[value, self.d.view, o], &[], &[]);
            }
        }
    }

    /// The loop over `k` carrying the accumulators, in runs of `A`'s storage: the
    /// offsets of the block's rows of `A` are computed once per run.
    fn k_loop(
        &self,
        e: &mut Emitter<'_, '_, 'c>,
        i: ValueId,
        rows: i64,
        panel: ValueId,
        acc: &[ValueId],
    ) -> SmallVec<[ValueId; 2]> {
        let (vl, nr) = (self.shape.vl, self.shape.nr());
        let runs = e.index(self.k / self.a_len);
        let zero = e.index(0);
        e.for_loop(zero, runs, acc, |e, run, acc| {
            let p0 = e.mul_c(run, self.a_len);
            let a_rows: SmallVec<[ValueId; 16]> = (0..rows)
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
                let b_row = e.mul_c(p, nr);
                let b_row = e.add(panel, b_row);
                let bv: SmallVec<[ValueId; 4]> = (0..NV)
                    .map(|v| {
                        let at = e.index(v * vl);
                        let at = e.add(b_row, at);
                        e.val(vector::LoadOp::NAME, &[self.packed, at], self.vty, &[])
                    })
                    .collect();
                let step = e.mul_c(t, self.a_stride);
                let mut out = SmallVec::new();
                for (r, &a_row) in a_rows.iter().enumerate() {
                    let at = e.add(a_row, step);
                    let x = e.load(self.a.view, &[at]);
                    let x = e.convert(x, self.a.num, self.f32t, Num::Float(FloatKind::F32));
                    let x = e.val(vector::BroadcastOp::NAME, &[x], self.vty, &[]);
                    for (v, &b) in bv.iter().enumerate() {
                        let c = acc[r * NV as usize + v];
                        out.push(e.val(vector::FMAOp::NAME, &[x, b, c], self.vty, &[]));
                    }
                }
                out
            })
        })
    }
}
