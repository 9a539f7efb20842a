//! Philox 4x32-10 (Salmon et al., "Parallel random numbers: as easy as 1, 2, 3",
//! SC'11), the counter-based generator of Random123, cuRAND and JAX: the numbers
//! are a pure function of (seed, counter), so any split of the work among threads
//! gives the same ones. [`philox4x32`] is the reference; [`emit`] writes the same
//! rounds as `arith` ops.

use pto_dialects::{arith, math};
use pto_ir::{FloatKind, Type, ValueId};
use pto_tile::pto_to_loops::emit::Emitter;

use crate::RandKind;

const M0: u32 = 0xD251_1F53;
const M1: u32 = 0xCD9E_8D57;
const W0: u32 = 0x9E37_79B9;
const W1: u32 = 0xBB67_AE85;

/// The 10-round Philox 4x32 of `ctr` under `key`.
pub fn philox4x32(mut ctr: [u32; 4], mut key: [u32; 2]) -> [u32; 4] {
    for round in 0..10 {
        if round > 0 {
            key[0] = key[0].wrapping_add(W0);
            key[1] = key[1].wrapping_add(W1);
        }
        let p0 = u64::from(M0) * u64::from(ctr[0]);
        let p1 = u64::from(M1) * u64::from(ctr[2]);
        ctr = [
            ((p1 >> 32) as u32) ^ ctr[1] ^ key[0],
            p1 as u32,
            ((p0 >> 32) as u32) ^ ctr[3] ^ key[1],
            p0 as u32,
        ];
    }
    ctr
}

/// Uniform in `[0, 1)` from the first word (24 bits, exact in `f32`).
pub fn uniform(x: [u32; 4]) -> f64 {
    f64::from(x[0] >> 8) * 2f64.powi(-24)
}

/// The generator's words for element `counter` of seed `seed`.
pub fn words(seed: i64, counter: i64) -> [u32; 4] {
    let (s, c) = (seed as u64, counter as u64);
    philox4x32(
        [c as u32, (c >> 32) as u32, 0, 0],
        [s as u32, (s >> 32) as u32],
    )
}

/// Emits the generator for the element index `counter` (an `index`) and converts
/// to `ty`: uniform in `[0, 1)`, or standard normal by Box-Muller on two words.
pub fn emit<'c>(
    e: &mut Emitter<'_, '_, 'c>,
    kind: RandKind,
    seed: i64,
    counter: ValueId,
    ty: Type<'c>,
) -> ValueId {
    let ctx = e.ctx();
    let (i32t, i64t) = (ctx.int_type(32), ctx.int_type(64));
    let c64 = e.val(arith::IndexCastOp::NAME, &[counter], i64t, &[]);
    let lo = e.val(arith::TruncIOp::NAME, &[c64], i32t, &[]);
    let s32 = e.int_of(i64t, 32);
    let hi64 = e.same(arith::ShRUIOp::NAME, &[c64, s32]);
    let hi = e.val(arith::TruncIOp::NAME, &[hi64], i32t, &[]);
    let zero = e.int_of(i32t, 0);
    let mut c = [lo, hi, zero, zero];
    let s = seed as u64;
    let mut key = [s as u32, (s >> 32) as u32];
    for round in 0..10 {
        if round > 0 {
            key[0] = key[0].wrapping_add(W0);
            key[1] = key[1].wrapping_add(W1);
        }
        let (h0, l0) = mulhilo(e, M0, c[0]);
        let (h1, l1) = mulhilo(e, M1, c[2]);
        let k0 = e.int_of(i32t, i128::from(key[0] as i32));
        let k1 = e.int_of(i32t, i128::from(key[1] as i32));
        let a = e.same(arith::XOrIOp::NAME, &[h1, c[1]]);
        let a = e.same(arith::XOrIOp::NAME, &[a, k0]);
        let b = e.same(arith::XOrIOp::NAME, &[h0, c[3]]);
        let b = e.same(arith::XOrIOp::NAME, &[b, k1]);
        c = [a, l1, b, l0];
    }
    let f64t = ctx.float_type(FloatKind::F64);
    let unit = |e: &mut Emitter<'_, '_, 'c>, w: ValueId, bias: f64| {
        // (w + bias) * 2^-32 in f64 (exact for 32-bit words).
        let wide = e.val(arith::ExtUIOp::NAME, &[w], i64t, &[]);
        let f = e.val(arith::UIToFPOp::NAME, &[wide], f64t, &[]);
        let b = e.float_of(f64t, bias);
        let f = e.same(arith::AddFOp::NAME, &[f, b]);
        let scale = e.float_of(f64t, 2f64.powi(-32));
        e.same(arith::MulFOp::NAME, &[f, scale])
    };
    let x = match kind {
        RandKind::Uniform => {
            // 24 bits: exact in f32 and below 1 after rounding.
            let eight = e.int_of(i32t, 8);
            let top = e.same(arith::ShRUIOp::NAME, &[c[0], eight]);
            let wide = e.val(arith::ExtUIOp::NAME, &[top], i64t, &[]);
            let f = e.val(arith::UIToFPOp::NAME, &[wide], f64t, &[]);
            let scale = e.float_of(f64t, 2f64.powi(-24));
            e.same(arith::MulFOp::NAME, &[f, scale])
        }
        RandKind::Normal => {
            // u1 in (0, 1], u2 in [0, 1): sqrt(-2 ln u1) * cos(2 pi u2).
            let u1 = unit(e, c[0], 1.0);
            let u2 = unit(e, c[1], 0.0);
            let ln = e.same(math::LogOp::NAME, &[u1]);
            let m2 = e.float_of(f64t, -2.0);
            let r2 = e.same(arith::MulFOp::NAME, &[ln, m2]);
            let r = e.same(math::SqrtOp::NAME, &[r2]);
            let tau = e.float_of(f64t, std::f64::consts::TAU);
            let t = e.same(arith::MulFOp::NAME, &[u2, tau]);
            let cos = e.same(math::CosOp::NAME, &[t]);
            e.same(arith::MulFOp::NAME, &[r, cos])
        }
    };
    match ty.float_kind() {
        Some(FloatKind::F64) => x,
        _ => e.val(arith::TruncFOp::NAME, &[x], ty, &[]),
    }
}

/// The high and low words of the 64-bit product `m * x`.
fn mulhilo<'c>(e: &mut Emitter<'_, '_, 'c>, m: u32, x: ValueId) -> (ValueId, ValueId) {
    let ctx = e.ctx();
    let (i32t, i64t) = (ctx.int_type(32), ctx.int_type(64));
    let wide = e.val(arith::ExtUIOp::NAME, &[x], i64t, &[]);
    let mc = e.int_of(i64t, i128::from(m));
    let p = e.same(arith::MulIOp::NAME, &[wide, mc]);
    let s32 = e.int_of(i64t, 32);
    let h = e.same(arith::ShRUIOp::NAME, &[p, s32]);
    let hi = e.val(arith::TruncIOp::NAME, &[h], i32t, &[]);
    let lo = e.val(arith::TruncIOp::NAME, &[p], i32t, &[]);
    (hi, lo)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_answers() {
        // Random123's kat_vectors for philox4x32 with 10 rounds.
        assert_eq!(
            philox4x32([0; 4], [0; 2]),
            [0x6627_e8d5, 0xe169_c58d, 0xbc57_ac4c, 0x9b00_dbd8]
        );
        assert_eq!(
            philox4x32([u32::MAX; 4], [u32::MAX; 2]),
            [0x408f_276d, 0x41c8_3b0e, 0xa20b_c7c6, 0x6d54_51fd]
        );
    }
}
