//! Builtin types: uniqued, immutable, compared by pointer.
//!
//! A [`Type`] is a thin pointer to [`TypeStorage`] interned in a [`Context`](super::Context)
//! arena, in the manner of rustc's `Ty<'tcx>`: equality and hashing are O(1), and a type
//! can be shared freely between threads.

use std::fmt;
use std::hash::{Hash, Hasher};

use super::attributes::Attribute;
use super::Ident;

/// The extent of a dynamic (`?`) dimension, as MLIR's `ShapedType::kDynamic`.
pub const DYNAMIC: i64 = i64::MIN;

/// Signedness semantics of an integer type.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Signedness {
    /// `iN`: no sign semantics.
    Signless,
    /// `siN`.
    Signed,
    /// `uiN`.
    Unsigned,
}

/// The builtin floating-point formats.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[allow(missing_docs)]
pub enum FloatKind {
    F16,
    BF16,
    F32,
    F64,
    F80,
    F128,
    TF32,
    F8E5M2,
    F8E4M3,
    F8E4M3FN,
    F8E5M2FNUZ,
    F8E4M3FNUZ,
    F8E4M3B11FNUZ,
    F8E3M4,
    F8E8M0FNU,
    F6E2M3FN,
    F6E3M2FN,
    F4E2M1FN,
}

impl FloatKind {
    /// Every float kind with its keyword, for the lexer and printer.
    pub const ALL: [(FloatKind, &'static str); 18] = [
        (FloatKind::F16, "f16"),
        (FloatKind::BF16, "bf16"),
        (FloatKind::F32, "f32"),
        (FloatKind::F64, "f64"),
        (FloatKind::F80, "f80"),
        (FloatKind::F128, "f128"),
        (FloatKind::TF32, "tf32"),
        (FloatKind::F8E5M2, "f8E5M2"),
        (FloatKind::F8E4M3, "f8E4M3"),
        (FloatKind::F8E4M3FN, "f8E4M3FN"),
        (FloatKind::F8E5M2FNUZ, "f8E5M2FNUZ"),
        (FloatKind::F8E4M3FNUZ, "f8E4M3FNUZ"),
        (FloatKind::F8E4M3B11FNUZ, "f8E4M3B11FNUZ"),
        (FloatKind::F8E3M4, "f8E3M4"),
        (FloatKind::F8E8M0FNU, "f8E8M0FNU"),
        (FloatKind::F6E2M3FN, "f6E2M3FN"),
        (FloatKind::F6E3M2FN, "f6E3M2FN"),
        (FloatKind::F4E2M1FN, "f4E2M1FN"),
    ];

    /// The keyword that names this format.
    pub fn keyword(self) -> &'static str {
        Self::ALL
            .iter()
            .find(|(k, _)| *k == self)
            .map(|(_, s)| *s)
            .unwrap_or("f32")
    }

    /// Looks a keyword up.
    pub fn from_keyword(s: &str) -> Option<FloatKind> {
        Self::ALL.iter().find(|(_, k)| *k == s).map(|(k, _)| *k)
    }

    /// Width in bits of the storage format.
    pub fn width(self) -> u32 {
        use FloatKind::*;
        match self {
            F16 | BF16 => 16,
            F32 | TF32 => 32,
            F64 => 64,
            F80 => 80,
            F128 => 128,
            F6E2M3FN | F6E3M2FN => 6,
            F4E2M1FN => 4,
            _ => 8,
        }
    }
}

/// The structure of a type. Children are themselves uniqued.
#[allow(missing_docs)]
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum TypeKind<'c> {
    /// `iN`, `siN`, `uiN`.
    Integer { width: u32, signedness: Signedness },
    /// `index`.
    Index,
    /// A floating-point type.
    Float(FloatKind),
    /// `none`.
    None,
    /// `(inputs) -> results`.
    Function {
        inputs: &'c [Type<'c>],
        results: &'c [Type<'c>],
    },
    /// `tuple<...>`.
    Tuple(&'c [Type<'c>]),
    /// `complex<T>`.
    Complex(Type<'c>),
    /// `vector<[4]x8xT>`; `scalable[i]` marks `[N]` dims.
    Vector {
        shape: &'c [i64],
        scalable: &'c [bool],
        element: Type<'c>,
    },
    /// `tensor<4x?xT, encoding>`.
    RankedTensor {
        shape: &'c [i64],
        element: Type<'c>,
        encoding: Option<Attribute<'c>>,
    },
    /// `tensor<*xT>`.
    UnrankedTensor { element: Type<'c> },
    /// `memref<4x?xT, layout, space>`.
    MemRef {
        shape: &'c [i64],
        element: Type<'c>,
        layout: Option<Attribute<'c>>,
        memory_space: Option<Attribute<'c>>,
    },
    /// `memref<*xT, space>`.
    UnrankedMemRef {
        element: Type<'c>,
        memory_space: Option<Attribute<'c>>,
    },
    /// A type of a dialect that is not registered, kept as text: `!dialect.body`.
    Opaque { dialect: Ident<'c>, body: &'c str },
    /// A type of a registered dialect (`!llvm.ptr<1>`): its ODS definition and parameter
    /// values, in declaration order (see [`typedef`](super::typedef)).
    Dialect {
        def: &'static super::typedef::TypeDef,
        params: &'c [super::typedef::TypeParam<'c>],
    },
}

/// Interned storage behind a [`Type`].
#[derive(Debug)]
pub struct TypeStorage<'c> {
    pub(crate) kind: TypeKind<'c>,
}

/// A uniqued type: a pointer into the context's arena.
#[derive(Copy, Clone)]
pub struct Type<'c>(pub(crate) &'c TypeStorage<'c>);

impl PartialEq for Type<'_> {
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.0, other.0)
    }
}
impl Eq for Type<'_> {}
impl Hash for Type<'_> {
    #[inline]
    fn hash<H: Hasher>(&self, state: &mut H) {
        (self.0 as *const TypeStorage<'_>).hash(state)
    }
}
impl fmt::Debug for Type<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", crate::printer::type_to_string(*self))
    }
}
impl fmt::Display for Type<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", crate::printer::type_to_string(*self))
    }
}

impl<'c> Type<'c> {
    /// The structure of this type.
    #[inline]
    pub fn kind(self) -> &'c TypeKind<'c> {
        &self.0.kind
    }
    /// True for `iN`/`siN`/`uiN`.
    pub fn is_integer(self) -> bool {
        matches!(self.kind(), TypeKind::Integer { .. })
    }
    /// True for signless `iN` of the given width.
    pub fn is_signless_int(self, width: u32) -> bool {
        matches!(self.kind(), TypeKind::Integer { width: w, signedness: Signedness::Signless } if *w == width)
    }
    /// True for `index`.
    pub fn is_index(self) -> bool {
        matches!(self.kind(), TypeKind::Index)
    }
    /// True for any float type.
    pub fn is_float(self) -> bool {
        matches!(self.kind(), TypeKind::Float(_))
    }
    /// The integer width, for integer types.
    pub fn int_width(self) -> Option<u32> {
        match self.kind() {
            TypeKind::Integer { width, .. } => Some(*width),
            _ => None,
        }
    }
    /// The float format, for float types.
    pub fn float_kind(self) -> Option<FloatKind> {
        match self.kind() {
            TypeKind::Float(k) => Some(*k),
            _ => None,
        }
    }
    /// The element type of a shaped type (vector, tensor, memref) or complex.
    pub fn element_type(self) -> Option<Type<'c>> {
        match *self.kind() {
            TypeKind::Vector { element, .. }
            | TypeKind::RankedTensor { element, .. }
            | TypeKind::UnrankedTensor { element }
            | TypeKind::MemRef { element, .. }
            | TypeKind::UnrankedMemRef { element, .. }
            | TypeKind::Complex(element) => Some(element),
            _ => None,
        }
    }
    /// The static shape of a ranked shaped type ([`DYNAMIC`] for `?`).
    pub fn shape(self) -> Option<&'c [i64]> {
        match *self.kind() {
            TypeKind::Vector { shape, .. }
            | TypeKind::RankedTensor { shape, .. }
            | TypeKind::MemRef { shape, .. } => Some(shape),
            _ => None,
        }
    }
    /// Number of elements of a statically shaped type.
    pub fn num_elements(self) -> Option<i64> {
        let shape = self.shape()?;
        let mut n: i64 = 1;
        for &d in shape {
            if d == DYNAMIC {
                return None;
            }
            n = n.checked_mul(d)?;
        }
        Some(n)
    }
    /// The strides and offset of a ranked memref ([`DYNAMIC`] where unknown): row-major
    /// for the identity layout, as written for `strided<...>`, and `None` for affine-map
    /// layouts (which this crate does not decompose).
    pub fn strides_and_offset(self) -> Option<(smallvec::SmallVec<[i64; 4]>, i64)> {
        let TypeKind::MemRef { shape, layout, .. } = *self.kind() else {
            return None;
        };
        match layout.map(|l| l.kind()) {
            None => Some((canonical_strides(shape), 0)),
            Some(super::AttrKind::Strided { offset, strides }) => {
                Some((strides.iter().copied().collect(), *offset))
            }
            Some(_) => None,
        }
    }
    /// Inputs and results of a function type.
    pub fn function_signature(self) -> Option<(&'c [Type<'c>], &'c [Type<'c>])> {
        match *self.kind() {
            TypeKind::Function { inputs, results } => Some((inputs, results)),
            _ => None,
        }
    }
    /// The definition and parameters of a dialect type.
    pub fn dialect_type(
        self,
    ) -> Option<(
        &'static super::typedef::TypeDef,
        &'c [super::typedef::TypeParam<'c>],
    )> {
        match *self.kind() {
            TypeKind::Dialect { def, params } => Some((def, params)),
            _ => None,
        }
    }
    /// True if this is the dialect type `!dialect.mnemonic` (with any parameters).
    pub fn is_dialect_type(self, dialect: &str, mnemonic: &str) -> bool {
        matches!(self.kind(), TypeKind::Dialect { def, .. } if def.dialect == dialect && def.mnemonic == mnemonic)
    }
    /// Rebuilds a type from [`Type::as_ptr`].
    ///
    /// # Safety
    /// `p` must come from `as_ptr` on a type of a context that is still alive for `'c`.
    pub unsafe fn from_ptr(p: *const ()) -> Type<'c> {
        Type(&*(p as *const TypeStorage<'c>))
    }
    /// The identity of the storage, stable for the context's lifetime.
    pub fn as_ptr(self) -> *const () {
        self.0 as *const TypeStorage<'_> as *const ()
    }
}

/// Row-major strides of `shape`: each stride is the product of the sizes after it
/// ([`DYNAMIC`] once a dynamic size is involved).
pub fn canonical_strides(shape: &[i64]) -> smallvec::SmallVec<[i64; 4]> {
    let mut strides = smallvec::SmallVec::from_elem(1i64, shape.len());
    let mut running: i64 = 1;
    for (i, &d) in shape.iter().enumerate().rev() {
        strides[i] = running;
        running = if running == DYNAMIC || d == DYNAMIC {
            DYNAMIC
        } else {
            running.saturating_mul(d)
        };
    }
    strides
}
