//! Runtime values of the reference interpreter: integers of any width up to 128 bits
//! (two's complement, masked to the width), `f32`/`f64`, `f16`/`bf16` (their bits),
//! vectors of those (immutable, shared), and memrefs (a shared buffer with an offset, sizes and strides, as MLIR's
//! memref descriptor).

use std::cell::RefCell;
use std::fmt;
use std::rc::Rc;

use crate::ir::{FloatKind, Type, TypeKind};

/// One value.
#[derive(Clone, Debug)]
pub enum Value {
    /// An integer or `index` (64 bits), masked to `width` bits.
    Int {
        /// The bits (zero above `width`).
        bits: u128,
        /// The width (64 for `index`).
        width: u32,
    },
    /// An `f32`.
    F32(f32),
    /// An `f64`.
    F64(f64),
    /// An `f16`, as its bits (computed on in `f32`, see [`super::half`]).
    F16(u16),
    /// A `bf16`, as its bits.
    BF16(u16),
    /// A strided view of a buffer.
    MemRef(MemRef),
    /// A vector (`vector<4x8xf32>`, 0-D included).
    Vector(Vector),
}

/// A vector value: a shape and its scalar elements in row-major order. Values are
/// immutable; the elements are shared between copies.
#[derive(Clone, Debug)]
pub struct Vector {
    /// The sizes (empty for a 0-D vector).
    pub shape: Rc<[i64]>,
    /// The elements, row-major (scalars only).
    pub elems: Rc<[Value]>,
}

impl Vector {
    /// A vector of `shape` holding `elems` (row-major; their count must match).
    pub fn new(shape: &[i64], elems: Vec<Value>) -> Vector {
        debug_assert_eq!(shape.iter().product::<i64>().max(0) as usize, elems.len());
        Vector {
            shape: shape.into(),
            elems: elems.into(),
        }
    }
    /// The row-major position of `index` (one entry per dimension), if in bounds.
    pub fn position(&self, index: &[i64]) -> Option<usize> {
        if index.len() != self.shape.len() {
            return None;
        }
        let mut p = 0i64;
        for (&i, &s) in index.iter().zip(self.shape.iter()) {
            if i < 0 || i >= s {
                return None;
            }
            p = p * s + i;
        }
        Some(p as usize)
    }
}

/// Every index of `shape` in row-major order.
pub fn indices_of(shape: &[i64]) -> Vec<Vec<i64>> {
    let n: i64 = shape.iter().product();
    let mut out = Vec::with_capacity(n.max(0) as usize);
    let mut index = vec![0i64; shape.len()];
    for _ in 0..n.max(0) {
        out.push(index.clone());
        for d in (0..index.len()).rev() {
            index[d] += 1;
            if index[d] < shape[d] {
                break;
            }
            index[d] = 0;
        }
    }
    out
}

/// The element kinds memrefs hold.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Elem {
    /// `f32`.
    F32,
    /// `f64`.
    F64,
    /// `f16` (stored as its bits).
    F16,
    /// `bf16` (stored as its bits).
    BF16,
    /// Integers (and `index`, 64 bits) of this width, at most 64.
    Int(u32),
}

impl Elem {
    /// The element kind of `t`, if the interpreter stores it.
    pub fn of(t: Type<'_>) -> Option<Elem> {
        match t.kind() {
            TypeKind::Float(FloatKind::F32) => Some(Elem::F32),
            TypeKind::Float(FloatKind::F64) => Some(Elem::F64),
            TypeKind::Float(FloatKind::F16) => Some(Elem::F16),
            TypeKind::Float(FloatKind::BF16) => Some(Elem::BF16),
            TypeKind::Index => Some(Elem::Int(64)),
            TypeKind::Integer { width, .. } if *width <= 64 => Some(Elem::Int(*width)),
            _ => None,
        }
    }
    /// The zero value.
    pub fn zero(self) -> Value {
        match self {
            Elem::F32 => Value::F32(0.0),
            Elem::F64 => Value::F64(0.0),
            Elem::F16 => Value::F16(0),
            Elem::BF16 => Value::BF16(0),
            Elem::Int(width) => Value::Int { bits: 0, width },
        }
    }
    /// Bytes one element occupies in memory (as compiled code stores it).
    pub fn size(self) -> usize {
        match self {
            Elem::F32 => 4,
            Elem::F64 => 8,
            Elem::F16 | Elem::BF16 => 2,
            Elem::Int(w) => (w as usize).div_ceil(8).max(1),
        }
    }
    /// The element of this kind stored as the little-endian `bits` (the low
    /// [`Elem::size`] bytes count).
    pub fn from_bits(self, bits: u64) -> Value {
        match self {
            Elem::F32 => Value::F32(f32::from_bits(bits as u32)),
            Elem::F64 => Value::F64(f64::from_bits(bits)),
            Elem::F16 => Value::F16(bits as u16),
            Elem::BF16 => Value::BF16(bits as u16),
            Elem::Int(w) => Value::int(bits as i128, w),
        }
    }
}

/// Storage shared by the views of one allocation.
#[derive(Debug)]
pub enum Buffer {
    /// `f32` elements.
    F32(Vec<f32>),
    /// `f64` elements.
    F64(Vec<f64>),
    /// `f16` elements, as bits.
    F16(Vec<u16>),
    /// `bf16` elements, as bits.
    BF16(Vec<u16>),
    /// Integer elements, sign-extended to 64 bits, of the given width.
    Int(Vec<i64>, u32),
}

impl Buffer {
    /// A zeroed buffer of `n` elements.
    pub fn zeroed(elem: Elem, n: usize) -> Buffer {
        match elem {
            Elem::F32 => Buffer::F32(vec![0.0; n]),
            Elem::F64 => Buffer::F64(vec![0.0; n]),
            Elem::F16 => Buffer::F16(vec![0; n]),
            Elem::BF16 => Buffer::BF16(vec![0; n]),
            Elem::Int(w) => Buffer::Int(vec![0; n], w),
        }
    }
    /// Number of elements.
    pub fn len(&self) -> usize {
        match self {
            Buffer::F32(v) => v.len(),
            Buffer::F64(v) => v.len(),
            Buffer::F16(v) | Buffer::BF16(v) => v.len(),
            Buffer::Int(v, _) => v.len(),
        }
    }
    /// True if empty.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Element `i`, or `None` out of bounds.
    pub fn get(&self, i: usize) -> Option<Value> {
        Some(match self {
            Buffer::F32(v) => Value::F32(*v.get(i)?),
            Buffer::F64(v) => Value::F64(*v.get(i)?),
            Buffer::F16(v) => Value::F16(*v.get(i)?),
            Buffer::BF16(v) => Value::BF16(*v.get(i)?),
            Buffer::Int(v, w) => Value::int(*v.get(i)? as i128, *w),
        })
    }
    /// Sets element `i`; false if out of bounds or of another kind.
    pub fn set(&mut self, i: usize, value: &Value) -> bool {
        match (self, value) {
            (Buffer::F32(v), Value::F32(x)) if i < v.len() => v[i] = *x,
            (Buffer::F64(v), Value::F64(x)) if i < v.len() => v[i] = *x,
            (Buffer::F16(v), Value::F16(x)) if i < v.len() => v[i] = *x,
            (Buffer::BF16(v), Value::BF16(x)) if i < v.len() => v[i] = *x,
            (Buffer::Int(v, _), Value::Int { .. }) if i < v.len() => v[i] = value.sext() as i64,
            _ => return false,
        }
        true
    }
}

/// A memref: a view of a buffer.
#[derive(Clone, Debug)]
pub struct MemRef {
    /// The storage.
    pub buffer: Rc<RefCell<Buffer>>,
    /// The element kind.
    pub elem: Elem,
    /// Offset of element `[0, ...]` in the buffer.
    pub offset: i64,
    /// Sizes per dimension.
    pub sizes: Vec<i64>,
    /// Strides per dimension, in elements.
    pub strides: Vec<i64>,
}

impl MemRef {
    /// A fresh, zeroed, row-major memref.
    pub fn alloc(elem: Elem, sizes: &[i64]) -> MemRef {
        let n: i64 = sizes.iter().product();
        MemRef {
            buffer: Rc::new(RefCell::new(Buffer::zeroed(elem, n.max(0) as usize))),
            elem,
            offset: 0,
            sizes: sizes.to_vec(),
            strides: row_major(sizes),
        }
    }
    /// A row-major memref over `buffer`.
    pub fn from_buffer(buffer: Buffer, elem: Elem, sizes: &[i64]) -> MemRef {
        MemRef {
            buffer: Rc::new(RefCell::new(buffer)),
            elem,
            offset: 0,
            sizes: sizes.to_vec(),
            strides: row_major(sizes),
        }
    }
    /// The buffer position of `indices`, checked against the sizes.
    pub fn position(&self, indices: &[i64]) -> Result<usize, String> {
        if indices.len() != self.sizes.len() {
            return Err(format!(
                "{} indices for a memref of rank {}",
                indices.len(),
                self.sizes.len()
            ));
        }
        let mut p = self.offset;
        for (d, (&i, (&s, &st))) in indices
            .iter()
            .zip(self.sizes.iter().zip(&self.strides))
            .enumerate()
        {
            if i < 0 || i >= s {
                return Err(format!(
                    "index {i} out of bounds for dimension {d} of size {s}"
                ));
            }
            p += i * st;
        }
        usize::try_from(p).map_err(|_| format!("position {p} out of the buffer"))
    }
    /// Every element in row-major order of the view.
    pub fn elements(&self) -> Result<Vec<Value>, String> {
        let n: i64 = self.sizes.iter().product();
        let mut out = Vec::with_capacity(n.max(0) as usize);
        let mut index = vec![0i64; self.sizes.len()];
        let buffer = self.buffer.borrow();
        for _ in 0..n {
            let p = self.position(&index)?;
            out.push(buffer.get(p).ok_or("position out of the buffer")?);
            for d in (0..index.len()).rev() {
                index[d] += 1;
                if index[d] < self.sizes[d] {
                    break;
                }
                index[d] = 0;
            }
        }
        Ok(out)
    }
}

/// Row-major strides of `sizes`.
pub fn row_major(sizes: &[i64]) -> Vec<i64> {
    let mut strides = vec![1i64; sizes.len()];
    for d in (0..sizes.len().saturating_sub(1)).rev() {
        strides[d] = strides[d + 1] * sizes[d + 1];
    }
    strides
}

impl Value {
    /// An integer of `width` bits from any value (truncated).
    pub fn int(v: i128, width: u32) -> Value {
        Value::Int {
            bits: mask(v as u128, width),
            width,
        }
    }
    /// An `index`.
    pub fn index(v: i64) -> Value {
        Value::int(v as i128, 64)
    }
    /// A boolean (`i1`).
    pub fn bool(b: bool) -> Value {
        Value::int(b as i128, 1)
    }
    /// The integer, sign-extended.
    pub fn sext(&self) -> i128 {
        match *self {
            Value::Int { bits, width } if width > 0 => {
                let shift = 128 - width.min(128);
                ((bits << shift) as i128) >> shift
            }
            _ => 0,
        }
    }
    /// The integer, zero-extended.
    pub fn zext(&self) -> u128 {
        match *self {
            Value::Int { bits, .. } => bits,
            _ => 0,
        }
    }
    /// The float as `f64`.
    pub fn as_f64(&self) -> f64 {
        match *self {
            Value::F32(x) => x as f64,
            Value::F64(x) => x,
            Value::F16(b) => f64::from(super::half::f16_to_f32(b)),
            Value::BF16(b) => f64::from(super::half::bf16_to_f32(b)),
            _ => f64::NAN,
        }
    }
    /// `x` rounded to the float kind of `self` (`None` if `self` is not a float).
    pub fn float_like(&self, x: f64) -> Option<Value> {
        Some(match self {
            Value::F32(_) => Value::F32(x as f32),
            Value::F64(_) => Value::F64(x),
            Value::F16(_) => Value::F16(super::half::f64_to_f16(x)),
            Value::BF16(_) => Value::BF16(super::half::f64_to_bf16(x)),
            _ => return None,
        })
    }
    /// The memref, if this is one.
    pub fn as_memref(&self) -> Option<&MemRef> {
        match self {
            Value::MemRef(m) => Some(m),
            _ => None,
        }
    }
    /// The vector, if this is one.
    pub fn as_vector(&self) -> Option<&Vector> {
        match self {
            Value::Vector(v) => Some(v),
            _ => None,
        }
    }
}

/// `v` with the bits above `width` cleared.
pub fn mask(v: u128, width: u32) -> u128 {
    if width >= 128 {
        v
    } else {
        v & ((1u128 << width) - 1)
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Int { width: 1, bits } => write!(f, "{}", *bits != 0),
            Value::Int { .. } => write!(f, "{}", self.sext()),
            Value::F32(x) => write!(f, "{x:?}"),
            Value::F64(x) => write!(f, "{x:?}"),
            Value::F16(_) | Value::BF16(_) => write!(f, "{:?}", self.as_f64() as f32),
            Value::Vector(v) => {
                write!(f, "vector{:?} [", v.shape)?;
                for (i, e) in v.elems.iter().enumerate() {
                    if i > 0 {
                        write!(f, ", ")?;
                    }
                    write!(f, "{e}")?;
                }
                write!(f, "]")
            }
            Value::MemRef(m) => {
                let elems = m.elements().map_err(|_| fmt::Error)?;
                write!(f, "memref{:?} [", m.sizes)?;
                for (i, e) in elems.iter().enumerate() {
                    if i > 0 {
                        write!(f, ", ")?;
                    }
                    write!(f, "{e}")?;
                }
                write!(f, "]")
            }
        }
    }
}
