//! Builtin attributes and locations: uniqued, immutable, compared by pointer.

use std::fmt;
use std::hash::{Hash, Hasher};

use super::types::Type;
use super::Ident;

/// A binary affine operator.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum AffineBinOp {
    /// `+`
    Add,
    /// `*`
    Mul,
    /// `mod`
    Mod,
    /// `floordiv`
    FloorDiv,
    /// `ceildiv`
    CeilDiv,
}

/// An affine expression, allocated in the context arena (compared structurally).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum AffineExpr<'c> {
    /// `dN`
    Dim(u32),
    /// `sN`
    Symbol(u32),
    /// An integer constant.
    Const(i64),
    /// `lhs op rhs`.
    Binary(AffineBinOp, &'c AffineExpr<'c>, &'c AffineExpr<'c>),
}

/// An affine map `(d0, ...)[s0, ...] -> (exprs)`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct AffineMap<'c> {
    /// Number of dimension inputs.
    pub num_dims: u32,
    /// Number of symbol inputs.
    pub num_symbols: u32,
    /// Result expressions.
    pub results: &'c [AffineExpr<'c>],
}

/// A name/value pair of a dictionary attribute.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct NamedAttribute<'c> {
    /// The key.
    pub name: Ident<'c>,
    /// The value.
    pub value: Attribute<'c>,
}

/// The structure of an attribute (or location).
#[allow(missing_docs)]
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum AttrKind<'c> {
    /// `unit`
    Unit,
    /// `42 : i32`: the value, sign- or zero-extended from the type's width to 128 bits.
    Integer { value: i128, ty: Type<'c> },
    /// `1.0 : f32`: the IEEE bit pattern in the type's format.
    Float { bits: u128, ty: Type<'c> },
    /// `"text"` with an optional type.
    String {
        value: &'c str,
        ty: Option<Type<'c>>,
    },
    /// A type used as an attribute.
    Type(Type<'c>),
    /// `[a, b]`
    Array(&'c [Attribute<'c>]),
    /// `array<i32: 1, 2>`: elements stored little-endian at the element's byte width.
    DenseArray { element: Type<'c>, data: &'c [u8] },
    /// `{a = 1, b}`, sorted by name.
    Dictionary(&'c [NamedAttribute<'c>]),
    /// `@root::@nested`
    SymbolRef {
        root: Ident<'c>,
        nested: &'c [Ident<'c>],
    },
    /// `dense<...> : type`; `data` holds one element when `splat`.
    DenseElements {
        ty: Type<'c>,
        splat: bool,
        data: &'c [u8],
    },
    /// `dense_resource<handle> : type`
    DenseResource { ty: Type<'c>, handle: Ident<'c> },
    /// `strided<[s0, s1], offset: o>` ([`DYNAMIC`](super::types::DYNAMIC) for `?`).
    Strided { offset: i64, strides: &'c [i64] },
    /// `affine_map<...>`
    AffineMap(AffineMap<'c>),
    /// An attribute of an unregistered dialect, kept as text: `#dialect.body` (also the
    /// enum attributes of registered dialects, kept as canonical text).
    Opaque { dialect: Ident<'c>, body: &'c str },
    /// An attribute of a registered dialect declared in ODS with parameters
    /// (`#pto.tile_buf_config<...>`): its definition and parameter values, compared
    /// structurally when interning as [`TypeKind::Dialect`](super::TypeKind::Dialect).
    Dialect {
        def: &'static crate::ods::attrdef::AttrDef,
        params: &'c [super::typedef::TypeParam<'c>],
    },
    /// `loc(unknown)`
    UnknownLoc,
    /// `loc("file":line:col)`
    FileLineCol {
        file: Ident<'c>,
        line: u32,
        col: u32,
    },
    /// `loc("file":l1:c1 to l2:c2)`
    FileRange {
        file: Ident<'c>,
        start: (u32, u32),
        end: (u32, u32),
    },
    /// `loc("name"(child))`
    NameLoc {
        name: Ident<'c>,
        child: Option<Location<'c>>,
    },
    /// `loc(callsite(callee at caller))`
    CallSiteLoc {
        callee: Location<'c>,
        caller: Location<'c>,
    },
    /// `loc(fused<metadata>[locs])`
    FusedLoc {
        locs: &'c [Location<'c>],
        metadata: Option<Attribute<'c>>,
    },
}

const _: () = assert!(std::mem::size_of::<AttrKind<'static>>() <= 32);

/// Interned storage behind an [`Attribute`].
#[derive(Debug)]
pub struct AttrStorage<'c> {
    pub(crate) kind: AttrKind<'c>,
}

/// A uniqued attribute: a pointer into the context's arena.
#[derive(Copy, Clone)]
pub struct Attribute<'c>(pub(crate) &'c AttrStorage<'c>);

impl PartialEq for Attribute<'_> {
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.0, other.0)
    }
}
impl Eq for Attribute<'_> {}
impl Hash for Attribute<'_> {
    #[inline]
    fn hash<H: Hasher>(&self, state: &mut H) {
        (self.0 as *const AttrStorage<'_>).hash(state)
    }
}
impl fmt::Debug for Attribute<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", crate::printer::attr_to_string(*self))
    }
}
impl fmt::Display for Attribute<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", crate::printer::attr_to_string(*self))
    }
}

impl<'c> Attribute<'c> {
    /// The structure of this attribute.
    #[inline]
    pub fn kind(self) -> &'c AttrKind<'c> {
        &self.0.kind
    }
    /// True if this attribute is a location.
    pub fn is_location(self) -> bool {
        matches!(
            self.kind(),
            AttrKind::UnknownLoc
                | AttrKind::FileLineCol { .. }
                | AttrKind::FileRange { .. }
                | AttrKind::NameLoc { .. }
                | AttrKind::CallSiteLoc { .. }
                | AttrKind::FusedLoc { .. }
        )
    }
    /// Views a location attribute as a [`Location`].
    pub fn as_location(self) -> Option<Location<'c>> {
        self.is_location().then_some(Location(self))
    }
    /// The entries of a dictionary attribute.
    pub fn as_dictionary(self) -> Option<&'c [NamedAttribute<'c>]> {
        match *self.kind() {
            AttrKind::Dictionary(entries) => Some(entries),
            _ => None,
        }
    }
    /// The elements of an array attribute.
    pub fn as_array(self) -> Option<&'c [Attribute<'c>]> {
        match *self.kind() {
            AttrKind::Array(items) => Some(items),
            _ => None,
        }
    }
    /// The value of a string attribute.
    pub fn as_str(self) -> Option<&'c str> {
        match *self.kind() {
            AttrKind::String { value, .. } => Some(value),
            _ => None,
        }
    }
    /// The value of an `f64` or `f32` float attribute.
    pub fn as_f64(self) -> Option<f64> {
        match *self.kind() {
            AttrKind::Float { bits, ty } => match ty.float_kind()? {
                crate::FloatKind::F64 => Some(f64::from_bits(bits as u64)),
                crate::FloatKind::F32 => Some(f64::from(f32::from_bits(bits as u32))),
                _ => None,
            },
            _ => None,
        }
    }
    /// The value of an integer attribute.
    pub fn as_int(self) -> Option<i128> {
        match *self.kind() {
            AttrKind::Integer { value, .. } => Some(value),
            _ => None,
        }
    }
    /// The root symbol of a symbol reference (`@f` of `@f::@g`).
    pub fn symbol_root(self) -> Option<&'c str> {
        match *self.kind() {
            AttrKind::SymbolRef { root, .. } => Some(root.as_str()),
            _ => None,
        }
    }
    /// The elements of an integer `dense<...>` attribute, sign-extended, in row-major
    /// order (a splat repeated to the shape's size).
    pub fn dense_int_elements(self) -> Option<Vec<i64>> {
        let AttrKind::DenseElements { ty, splat, data } = *self.kind() else {
            return None;
        };
        let width = ty.element_type()?.int_width()? as usize;
        if width == 1 || width > 64 {
            return None;
        }
        let bytes = width.div_ceil(8);
        let shift = 64 - (bytes * 8) as u32;
        let decode = |c: &[u8]| {
            let mut b = [0u8; 8];
            b[..bytes].copy_from_slice(c);
            (i64::from_le_bytes(b) << shift) >> shift
        };
        let values: Vec<i64> = data.chunks_exact(bytes).map(decode).collect();
        if splat {
            let n = ty.num_elements()? as usize;
            return Some(vec![*values.first()?; n]);
        }
        Some(values)
    }
    /// The definition and parameters of a dialect attribute with parameters.
    pub fn dialect_attr(
        self,
    ) -> Option<(
        &'static crate::ods::attrdef::AttrDef,
        &'c [super::typedef::TypeParam<'c>],
    )> {
        match *self.kind() {
            AttrKind::Dialect { def, params } => Some((def, params)),
            _ => None,
        }
    }
    /// The type held by a type attribute.
    pub fn as_type(self) -> Option<Type<'c>> {
        match *self.kind() {
            AttrKind::Type(t) => Some(t),
            _ => None,
        }
    }
    /// The elements of an integer dense array (`array<i64: 1, 2>`), sign-extended.
    pub fn dense_int_values(self) -> Option<smallvec::SmallVec<[i64; 4]>> {
        let AttrKind::DenseArray { element, data } = *self.kind() else {
            return None;
        };
        let width = element.int_width()? as usize;
        let bytes = width.div_ceil(8).max(1);
        Some(
            data.chunks_exact(bytes)
                .map(|c| {
                    let mut b = [0u8; 8];
                    b[..bytes].copy_from_slice(c);
                    let v = i64::from_le_bytes(b);
                    let shift = 64 - (bytes * 8).min(64) as u32;
                    if width == 1 {
                        v & 1
                    } else {
                        (v << shift) >> shift
                    }
                })
                .collect(),
        )
    }
    /// The type of a typed attribute (integer, float, string with type, elements).
    pub fn ty(self) -> Option<Type<'c>> {
        match *self.kind() {
            AttrKind::Integer { ty, .. }
            | AttrKind::Float { ty, .. }
            | AttrKind::DenseElements { ty, .. }
            | AttrKind::DenseResource { ty, .. } => Some(ty),
            AttrKind::String { ty, .. } => ty,
            _ => None,
        }
    }
    /// The identity of the storage, stable for the context's lifetime.
    pub fn as_ptr(self) -> *const () {
        self.0 as *const AttrStorage<'_> as *const ()
    }
    /// Rebuilds an attribute from [`Attribute::as_ptr`].
    ///
    /// # Safety
    /// `p` must come from `as_ptr` on an attribute of a context that is still alive for `'c`.
    pub unsafe fn from_ptr(p: *const ()) -> Attribute<'c> {
        Attribute(&*(p as *const AttrStorage<'c>))
    }
    /// Looks up `name` in a dictionary attribute (binary search: entries are sorted).
    pub fn dict_get(self, name: &str) -> Option<Attribute<'c>> {
        let entries = self.as_dictionary()?;
        entries
            .binary_search_by(|e| e.name.as_str().cmp(name))
            .ok()
            .map(|i| entries[i].value)
    }
}

/// A source location: an [`Attribute`] whose kind is one of the location kinds.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Location<'c>(pub(crate) Attribute<'c>);

impl<'c> Location<'c> {
    /// The location as an attribute.
    #[inline]
    pub fn attr(self) -> Attribute<'c> {
        self.0
    }
    /// The structure of the location.
    #[inline]
    pub fn kind(self) -> &'c AttrKind<'c> {
        self.0.kind()
    }
    /// The first file/line/column position inside this location, if any.
    pub fn file_line_col(self) -> Option<(&'c str, u32, u32)> {
        match *self.kind() {
            AttrKind::FileLineCol { file, line, col } => Some((file.as_str(), line, col)),
            AttrKind::FileRange { file, start, .. } => Some((file.as_str(), start.0, start.1)),
            AttrKind::NameLoc { child, .. } => child.and_then(|c| c.file_line_col()),
            AttrKind::CallSiteLoc { callee, .. } => callee.file_line_col(),
            AttrKind::FusedLoc { locs, .. } => locs.iter().find_map(|l| l.file_line_col()),
            _ => None,
        }
    }
}

impl fmt::Debug for Location<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", crate::printer::attr_to_string(self.0))
    }
}
