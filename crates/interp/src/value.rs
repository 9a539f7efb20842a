//! Runtime values of the reference interpreter: integers of any width up to 128 bits
//! (two's complement, masked to the width), `f32`/`f64`, `f16`/`bf16` (their bits),
//! poison, vectors of those (immutable, shared), and memrefs (a shared byte buffer with
//! a base, an offset, sizes and strides, as MLIR's memref descriptor).

use std::cell::RefCell;
use std::fmt;
use std::rc::Rc;

use pto_ir::{FloatKind, Type, TypeKind};

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
    /// A function, by symbol name (`func.constant @f`), for `func.call_indirect`.
    Func(std::sync::Arc<str>),
    /// A poison value of a scalar or memref type (`ub.poison`, or computed from one;
    /// a poisoned vector is a [`Vector`] of poison lanes). See `interp/ub.rs`.
    Poison,
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
    /// The element type as MLIR writes it (`f32`, `i8`; `index` is `i64` here).
    pub fn name(self) -> String {
        match self {
            Elem::F32 => "f32".into(),
            Elem::F64 => "f64".into(),
            Elem::F16 => "f16".into(),
            Elem::BF16 => "bf16".into(),
            Elem::Int(w) => format!("i{w}"),
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
    /// The width in bits of a value of this kind.
    pub fn width(self) -> u32 {
        match self {
            Elem::F32 => 32,
            Elem::F64 => 64,
            Elem::F16 | Elem::BF16 => 16,
            Elem::Int(w) => w,
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
    /// The element stored in `bytes` ([`Elem::size`] of them, little-endian).
    #[inline]
    pub fn decode(self, bytes: &[u8]) -> Value {
        match self {
            Elem::F32 => Value::F32(f32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]])),
            Elem::F16 => Value::F16(u16::from_le_bytes([bytes[0], bytes[1]])),
            Elem::BF16 => Value::BF16(u16::from_le_bytes([bytes[0], bytes[1]])),
            _ => {
                let mut b = [0u8; 8];
                b[..bytes.len()].copy_from_slice(bytes);
                self.from_bits(u64::from_le_bytes(b))
            }
        }
    }
    /// Writes `v` into `bytes` ([`Elem::size`] of them, little-endian; integers of a
    /// width that is not a whole number of bytes zero-extended, as `i1` is stored as
    /// 0 or 1); false if `v` is not of this kind.
    #[inline]
    pub fn encode(self, v: &Value, bytes: &mut [u8]) -> bool {
        let bits: u64 = match (self, v) {
            (Elem::F32, Value::F32(x)) => u64::from(x.to_bits()),
            (Elem::F64, Value::F64(x)) => x.to_bits(),
            (Elem::F16, Value::F16(b)) | (Elem::BF16, Value::BF16(b)) => u64::from(*b),
            (Elem::Int(w), Value::Int { bits, .. }) => mask(*bits, w) as u64,
            _ => return false,
        };
        let n = bytes.len();
        bytes.copy_from_slice(&bits.to_le_bytes()[..n]);
        true
    }
}

/// The bytes of one allocation, shared by its views: elements are stored little-endian
/// in [`Elem::size`] bytes each, as compiled code stores them, so a `memref.view` may
/// read them back as another type and compiled code can be handed the bytes in place.
/// The storage is 64-byte aligned (compiled code may use aligned vector accesses).
pub struct Buffer {
    lines: Vec<Line>,
    len: usize,
    /// For an allocation the program made: one bit per byte never written, which reads
    /// as poison (MLIR's allocations hold undefined values). `None`: every byte is
    /// defined (arguments, and buffers handed to compiled code).
    unwritten: Option<Vec<u64>>,
}

/// One 64-byte, 64-byte aligned piece of a [`Buffer`].
#[derive(Clone, Copy)]
#[repr(C, align(64))]
struct Line([u8; 64]);

/// The largest buffer the interpreter allocates for a program (`memref.alloc`,
/// `memref.alloca`, globals): a guard against sizes that would exhaust the machine.
pub const MAX_BUFFER_BYTES: u64 = 4 << 30;

impl Buffer {
    /// `len` zero bytes.
    pub fn zeroed(len: usize) -> Buffer {
        Buffer {
            lines: vec![Line([0; 64]); len.div_ceil(64)],
            len,
            unwritten: None,
        }
    }
    /// `len` bytes the program has not written yet: reading one before it is written
    /// gives poison.
    pub fn uninit(len: usize) -> Buffer {
        let mut words = vec![u64::MAX; len.div_ceil(64)];
        if !len.is_multiple_of(64) {
            if let Some(last) = words.last_mut() {
                *last = (1u64 << (len % 64)) - 1;
            }
        }
        Buffer {
            unwritten: Some(words),
            ..Buffer::zeroed(len)
        }
    }
    /// Whether any byte of `r` was never written.
    #[inline]
    fn any_unwritten(&self, r: &std::ops::Range<usize>) -> bool {
        let Some(words) = &self.unwritten else {
            return false;
        };
        r.clone().any(|b| words[b / 64] >> (b % 64) & 1 != 0)
    }
    /// Records that the bytes of `r` are written.
    #[inline]
    fn mark_written(&mut self, r: &std::ops::Range<usize>) {
        if let Some(words) = &mut self.unwritten {
            for b in r.clone() {
                words[b / 64] &= !(1u64 << (b % 64));
            }
        }
    }
    /// A copy of `bytes`.
    pub fn from_bytes(bytes: &[u8]) -> Buffer {
        let mut b = Buffer::zeroed(bytes.len());
        b.bytes_mut().copy_from_slice(bytes);
        b
    }
    /// The buffer of `f32` elements `v`.
    pub fn from_f32s(v: &[f32]) -> Buffer {
        Self::encoded(v, |x| x.to_le_bytes())
    }
    /// The buffer of `f64` elements `v`.
    pub fn from_f64s(v: &[f64]) -> Buffer {
        Self::encoded(v, |x| x.to_le_bytes())
    }
    /// The buffer of 16-bit elements `v` (`f16`/`bf16` bit patterns, `i16`).
    pub fn from_u16s(v: &[u16]) -> Buffer {
        Self::encoded(v, |x| x.to_le_bytes())
    }
    /// The buffer of integer elements of kind `elem` (an [`Elem::Int`]) holding `v`,
    /// truncated to the width.
    pub fn from_ints(elem: Elem, v: &[i64]) -> Buffer {
        let size = elem.size();
        let mut b = Buffer::zeroed(v.len() * size);
        for (chunk, &x) in b.bytes_mut().chunks_exact_mut(size).zip(v) {
            elem.encode(&Value::int(i128::from(x), elem.width()), chunk);
        }
        b
    }
    fn encoded<T: Copy, const N: usize>(v: &[T], le: impl Fn(T) -> [u8; N]) -> Buffer {
        let mut b = Buffer::zeroed(v.len() * N);
        for (chunk, &x) in b.bytes_mut().chunks_exact_mut(N).zip(v) {
            chunk.copy_from_slice(&le(x));
        }
        b
    }
    /// The buffer read as `f32` elements (a trailing partial element is dropped).
    pub fn f32s(&self) -> Vec<f32> {
        self.bytes()
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect()
    }
    /// Number of bytes.
    pub fn len(&self) -> usize {
        self.len
    }
    /// True if empty.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    /// The bytes.
    pub fn bytes(&self) -> &[u8] {
        // SAFETY: `lines` holds at least `len` initialized bytes, contiguous (`Line` is
        // 64 bytes without padding).
        unsafe { std::slice::from_raw_parts(self.lines.as_ptr().cast::<u8>(), self.len) }
    }
    /// The bytes, mutable; all of them count as written from now on.
    pub fn bytes_mut(&mut self) -> &mut [u8] {
        self.unwritten = None;
        self.raw_bytes_mut()
    }
    fn raw_bytes_mut(&mut self) -> &mut [u8] {
        // SAFETY: as in `bytes`, through the unique borrow.
        unsafe { std::slice::from_raw_parts_mut(self.lines.as_mut_ptr().cast::<u8>(), self.len) }
    }
    /// The address of the first byte (for compiled code that works on the buffer, and
    /// may write any of it).
    pub fn as_mut_ptr(&mut self) -> *mut u8 {
        self.unwritten = None;
        self.lines.as_mut_ptr().cast::<u8>()
    }
}

impl fmt::Debug for Buffer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Buffer({} bytes)", self.len)
    }
}

/// A memref: a strided view of a buffer, as MLIR's descriptor (the aligned pointer is
/// `base`, the offset, sizes and strides count elements).
#[derive(Clone, Debug)]
pub struct MemRef {
    /// The storage.
    pub buffer: Rc<RefCell<Buffer>>,
    /// The element kind.
    pub elem: Elem,
    /// Where the descriptor's aligned pointer points: a byte position in the buffer
    /// (not necessarily a multiple of the element size: `memref.view` shifts by bytes;
    /// possibly outside the buffer, as a pointer may be, since only accesses are checked).
    pub base: i64,
    /// Offset of element `[0, ...]` from `base`, in elements.
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
        MemRef::from_buffer(Buffer::zeroed(n.max(0) as usize * elem.size()), elem, sizes)
    }
    /// A fresh row-major memref whose elements are undefined until written
    /// (`memref.alloc`/`memref.alloca`): loading one before gives poison.
    pub fn alloc_uninit(elem: Elem, sizes: &[i64]) -> MemRef {
        let n: i64 = sizes.iter().product();
        MemRef::from_buffer(Buffer::uninit(n.max(0) as usize * elem.size()), elem, sizes)
    }
    /// Like [`MemRef::alloc`] (`init`) or [`MemRef::alloc_uninit`], for sizes the program
    /// chose: an error, not an abort, when the byte count overflows or goes past
    /// [`MAX_BUFFER_BYTES`], or when the memory is not there.
    pub fn try_alloc(elem: Elem, sizes: &[i64], init: bool) -> Result<MemRef, String> {
        let bytes = sizes
            .iter()
            .try_fold(elem.size() as u64, |acc, &d| {
                u64::try_from(d).ok().and_then(|d| acc.checked_mul(d))
            })
            .ok_or_else(|| format!("a buffer of {sizes:?} elements does not fit in memory"))?;
        if bytes > MAX_BUFFER_BYTES {
            return Err(format!(
                "a buffer of {bytes} bytes is more than the interpreter allocates (at most {MAX_BUFFER_BYTES})"
            ));
        }
        // The lines and the bitmask of what is unwritten, reserved without aborting.
        let lines = (bytes as usize).div_ceil(64);
        let mut probe: Vec<Line> = Vec::new();
        probe
            .try_reserve_exact(lines)
            .map_err(|_| format!("cannot allocate a buffer of {bytes} bytes"))?;
        drop(probe);
        Ok(if init {
            MemRef::alloc(elem, sizes)
        } else {
            MemRef::alloc_uninit(elem, sizes)
        })
    }
    /// A row-major memref over `buffer`, from its first byte.
    pub fn from_buffer(buffer: Buffer, elem: Elem, sizes: &[i64]) -> MemRef {
        MemRef {
            buffer: Rc::new(RefCell::new(buffer)),
            elem,
            base: 0,
            offset: 0,
            sizes: sizes.to_vec(),
            strides: row_major(sizes),
        }
    }
    /// The element position (from `base`, in elements) of `indices`, checked against
    /// the sizes.
    pub fn position(&self, indices: &[i64]) -> Result<i64, String> {
        if indices.len() != self.sizes.len() {
            return Err(format!(
                "{} indices for a memref of rank {}",
                indices.len(),
                self.sizes.len()
            ));
        }
        let mut p = self.offset;
        for (d, &i) in indices.iter().enumerate() {
            p = p.wrapping_add(self.index_term(d, i)?);
        }
        Ok(p)
    }
    /// `i * stride` of dimension `d`, with `i` checked against its size.
    #[inline]
    pub fn index_term(&self, d: usize, i: i64) -> Result<i64, String> {
        let s = self.sizes[d];
        if i < 0 || i >= s {
            return Err(format!(
                "index {i} out of bounds for dimension {d} of size {s}"
            ));
        }
        Ok(i.wrapping_mul(self.strides[d]))
    }
    /// The bytes of the element at position `p` (see [`MemRef::position`]), checked
    /// against the buffer: an access outside its allocation is undefined behaviour.
    #[inline]
    fn byte_range(&self, p: i64, len: usize) -> Result<std::ops::Range<usize>, String> {
        let size = self.elem.size() as i64;
        let at = p.checked_mul(size).and_then(|b| b.checked_add(self.base));
        match at {
            Some(at) if at >= 0 && at.checked_add(size).is_some_and(|end| end <= len as i64) => {
                Ok(at as usize..(at + size) as usize)
            }
            _ => Err(format!(
                "access to the {size} bytes at byte {} of a buffer of {len} bytes",
                at.map_or_else(|| "(overflow)".to_string(), |a| a.to_string())
            )),
        }
    }
    /// The element at position `p`.
    #[inline]
    pub fn load(&self, p: i64) -> Result<Value, String> {
        let buffer = self.buffer.borrow();
        let r = self.byte_range(p, buffer.len())?;
        // Memory never written holds an undefined value: poison, so that what depends on
        // it (a store, a branch, an index, a result) is reported where it does.
        if buffer.any_unwritten(&r) {
            return Ok(Value::Poison);
        }
        Ok(self.elem.decode(&buffer.bytes()[r]))
    }
    /// Stores `v` at position `p`; an error if out of the buffer or of another kind.
    #[inline]
    pub fn store(&self, p: i64, v: &Value) -> Result<(), String> {
        let mut buffer = self.buffer.borrow_mut();
        let r = self.byte_range(p, buffer.len())?;
        if !self.elem.encode(v, &mut buffer.raw_bytes_mut()[r.clone()]) {
            if matches!(v, Value::Poison) {
                return Err(format!(
                    "storing poison (an undefined value) into a memref of {}",
                    self.elem.name()
                ));
            }
            return Err(format!("storing {v} into a memref of {:?}", self.elem));
        }
        buffer.mark_written(&r);
        Ok(())
    }
    /// Calls `f` with the position (see [`MemRef::position`]) of every element, in
    /// row-major order of the view.
    pub fn for_each_position(
        &self,
        mut f: impl FnMut(i64) -> Result<(), String>,
    ) -> Result<(), String> {
        let n: i64 = self.sizes.iter().product();
        let mut index = vec![0i64; self.sizes.len()];
        for _ in 0..n {
            f(self.position(&index)?)?;
            for d in (0..index.len()).rev() {
                index[d] += 1;
                if index[d] < self.sizes[d] {
                    break;
                }
                index[d] = 0;
            }
        }
        Ok(())
    }
    /// Every element in row-major order of the view.
    pub fn elements(&self) -> Result<Vec<Value>, String> {
        let mut out = Vec::new();
        self.for_each_position(|p| {
            out.push(self.load(p)?);
            Ok(())
        })?;
        Ok(out)
    }
    /// The elements of the view, row-major, as a new buffer.
    pub fn to_buffer(&self) -> Result<Buffer, String> {
        let size = self.elem.size();
        let src = self.buffer.borrow();
        // A row-major view is one slice of its buffer.
        let n: i64 = self.sizes.iter().product();
        let rm = row_major(&self.sizes);
        let contiguous = self
            .sizes
            .iter()
            .zip(self.strides.iter().zip(&rm))
            .all(|(&k, (&s, &r))| k == 1 || s == r);
        if contiguous && n > 0 {
            let first = self.byte_range(self.position(&vec![0; self.sizes.len()])?, src.len())?;
            let end = first.start + n as usize * size;
            if end <= src.len() {
                return Ok(Buffer::from_bytes(&src.bytes()[first.start..end]));
            }
        }
        let mut bytes = Vec::new();
        self.for_each_position(|p| {
            bytes.extend_from_slice(&src.bytes()[self.byte_range(p, src.len())?]);
            Ok(())
        })?;
        debug_assert_eq!(bytes.len() % size.max(1), 0);
        Ok(Buffer::from_bytes(&bytes))
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
            Value::F16(b) => f64::from(pto_ir::half::f16_to_f32(b)),
            Value::BF16(b) => f64::from(pto_ir::half::bf16_to_f32(b)),
            _ => f64::NAN,
        }
    }
    /// `x` rounded to the float kind of `self` (`None` if `self` is not a float).
    pub fn float_like(&self, x: f64) -> Option<Value> {
        Some(match self {
            Value::F32(_) => Value::F32(x as f32),
            Value::F64(_) => Value::F64(x),
            Value::F16(_) => Value::F16(pto_ir::half::f64_to_f16(x)),
            Value::BF16(_) => Value::BF16(pto_ir::half::f64_to_bf16(x)),
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
    /// Whether this is poison or a vector with a poison lane.
    pub fn has_poison(&self) -> bool {
        match self {
            Value::Poison => true,
            Value::Vector(v) => v.elems.iter().any(|e| matches!(e, Value::Poison)),
            _ => false,
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
            Value::Poison => write!(f, "poison"),
            Value::Func(name) => write!(f, "@{name}"),
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
