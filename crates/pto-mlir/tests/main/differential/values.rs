//! The values programs and arguments are made of: a small seeded PRNG, the types, and
//! integers and floats biased towards boundaries.

/// xorshift64* (Vigna): small, fast, good enough to drive a generator.
pub struct Rng(u64);

impl Rng {
    /// A generator from `seed` (any value; zero is remapped).
    pub fn new(seed: u64) -> Self {
        // splitmix64 of the seed, so nearby seeds give unrelated streams.
        let mut z = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        Rng((z ^ (z >> 31)) | 1)
    }
    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    /// Uniform in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    /// Uniform in `lo..=hi`.
    pub fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + (self.next() % (hi - lo + 1) as u64) as i64
    }
    /// True with probability `percent`/100.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
    /// A random element.
    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }
}

/// The types programs compute with.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Ty {
    I1,
    I8,
    I32,
    I64,
    Index,
    F32,
    F64,
}

/// Every type, in parameter order.
pub const TYPES: [Ty; 7] = [
    Ty::I1,
    Ty::I8,
    Ty::I32,
    Ty::I64,
    Ty::Index,
    Ty::F32,
    Ty::F64,
];
/// The integer types.
pub const INTS: [Ty; 5] = [Ty::I1, Ty::I8, Ty::I32, Ty::I64, Ty::Index];
/// Integer types of a fixed width (what `extsi`, `sitofp`, ... accept).
pub const FIXED: [Ty; 4] = [Ty::I1, Ty::I8, Ty::I32, Ty::I64];
/// The float types.
pub const FLOATS: [Ty; 2] = [Ty::F32, Ty::F64];

impl Ty {
    /// The MLIR spelling.
    pub fn text(self) -> &'static str {
        match self {
            Ty::I1 => "i1",
            Ty::I8 => "i8",
            Ty::I32 => "i32",
            Ty::I64 => "i64",
            Ty::Index => "index",
            Ty::F32 => "f32",
            Ty::F64 => "f64",
        }
    }
    /// Bits (`index` is 64).
    pub fn width(self) -> u32 {
        match self {
            Ty::I1 => 1,
            Ty::I8 => 8,
            Ty::I32 | Ty::F32 => 32,
            Ty::I64 | Ty::Index | Ty::F64 => 64,
        }
    }
    /// Whether it is `f32` or `f64`.
    pub fn is_float(self) -> bool {
        matches!(self, Ty::F32 | Ty::F64)
    }
}

/// An integer of `width` bits likely to sit on a boundary: extremes, small numbers,
/// powers of two and their neighbours, and values just around a float's rounding ties
/// (`2^a + 2^(a-m) + 2^c` for the mantissa widths `m` of f32 and f64), besides uniform
/// bits. As a sign-extended `i64` (masked by the caller).
pub fn interesting_int(rng: &mut Rng, width: u32) -> i64 {
    let w = width.min(64);
    let top = |a: u32| if a >= 64 { 0 } else { 1i64 << a };
    match rng.below(10) {
        0 | 1 => rng.next() as i64,
        2 | 3 => rng.range(-4, 4),
        4 => rng.pick(&[0, 1, -1, i64::MIN, i64::MAX, i64::MIN + 1, i64::MAX - 1]) >> (64 - w),
        5 | 6 => {
            let a = rng.below(w as usize) as u32;
            top(a).wrapping_add(rng.range(-1, 1))
        }
        _ => {
            // Halfway between two floats with `m` fraction bits (the leading bit at `a`,
            // one at the rounding position `a - m`), or a little off it: conversions
            // to f32 (m = 24) and f64 (m = 53) round exactly these differently when
            // they round wrong.
            let m = rng.pick(&[24u32, 24, 53, 53, 23, 52]);
            if w <= m + 1 {
                return top(rng.below(w as usize) as u32).wrapping_sub(1);
            }
            let a = m + rng.below((w - m) as usize) as u32;
            let k = rng.pick(&[1, 1, 0, -1]);
            let mut v = top(a).wrapping_add(top(a - m).wrapping_mul(k));
            if a > m && rng.chance(70) {
                let c = rng.below((a - m).min(8) as usize) as u32;
                v = v.wrapping_add(top(c).wrapping_mul(rng.pick(&[-1, 1])));
            }
            if rng.chance(30) {
                v = v.wrapping_neg();
            }
            v
        }
    }
}

/// The low `width` bits of `v`, sign-extended (how a literal of that width is written).
pub fn fit(v: i64, width: u32) -> i64 {
    if width >= 64 {
        v
    } else {
        (v << (64 - width)) >> (64 - width)
    }
}

/// A float's bits: specials (signed zeros, infinities, a quiet NaN, the smallest
/// subnormal and normal, the largest finite), small integers and halves, uniform
/// non-NaN bits, and moderate decimals.
pub fn interesting_float(rng: &mut Rng, ty: Ty) -> u64 {
    let f64_bits = |v: f64| {
        if ty == Ty::F32 {
            u64::from((v as f32).to_bits())
        } else {
            v.to_bits()
        }
    };
    match rng.below(8) {
        0 | 1 => {
            let specials: [u64; 12] = if ty == Ty::F32 {
                [
                    0,
                    0x8000_0000,
                    0x7f80_0000,
                    0xff80_0000,
                    0x7fc0_0000,
                    1,
                    0x0080_0000,
                    0x7f7f_ffff,
                    0x3f80_0000,
                    0xbf80_0000,
                    0x3f00_0000,
                    0x8000_0001,
                ]
            } else {
                [
                    0,
                    1 << 63,
                    0x7ff0 << 48,
                    0xfff0 << 48,
                    0x7ff8 << 48,
                    1,
                    1 << 52,
                    0x7fef_ffff_ffff_ffff,
                    0x3ff0 << 48,
                    0xbff0 << 48,
                    0x3fe0 << 48,
                    (1 << 63) | 1,
                ]
            };
            rng.pick(&specials)
        }
        2 | 3 => f64_bits(rng.range(-16, 16) as f64 / 2.0),
        4 | 5 => loop {
            let bits = if ty == Ty::F32 {
                rng.next() & 0xffff_ffff
            } else {
                rng.next()
            };
            let nan = if ty == Ty::F32 {
                f32::from_bits(bits as u32).is_nan()
            } else {
                f64::from_bits(bits).is_nan()
            };
            if !nan {
                break bits;
            }
        },
        _ => f64_bits((rng.next() % 2_000_001) as f64 / 1000.0 - 1000.0),
    }
}
