//! Leaf predicates and subject transforms that ODS constraint predicates compile to.
//!
//! `build.rs` translates each `CPred` of a constraint (`$_self.isSignlessInteger(32)`,
//! `::llvm::isa<::mlir::VectorType>($_self)`, ...) into a call of one of these functions,
//! and `And`/`Or`/`Neg`/`SubstLeaves` into Rust's `&&`, `||`, `!` and the `with_*`
//! transforms. The set is what MLIR's common constraint files use; an unknown `CPred` is a
//! build error naming the constraint.

use crate::{AttrKind, Attribute, FloatKind, Signedness, Type, TypeKind};

/// Integer signedness filter for [`int`].
pub const ANY_SIGN: u8 = 0;
/// Only signless integers.
pub const SIGNLESS: u8 = 1;
/// Only signed integers.
pub const SIGNED: u8 = 2;
/// Only unsigned integers.
pub const UNSIGNED: u8 = 3;

/// An integer type of `width` (0: any width) and signedness filter `sign`.
#[inline]
pub fn int(t: Type<'_>, width: u32, sign: u8) -> bool {
    match *t.kind() {
        TypeKind::Integer {
            width: w,
            signedness,
        } => {
            (width == 0 || w == width)
                && match sign {
                    SIGNLESS => signedness == Signedness::Signless,
                    SIGNED => signedness == Signedness::Signed,
                    UNSIGNED => signedness == Signedness::Unsigned,
                    _ => true,
                }
        }
        _ => false,
    }
}

/// `index`.
#[inline]
pub fn index(t: Type<'_>) -> bool {
    matches!(t.kind(), TypeKind::Index)
}

/// Any float type.
#[inline]
pub fn float(t: Type<'_>) -> bool {
    matches!(t.kind(), TypeKind::Float(_))
}

/// A float type of the given format.
#[inline]
pub fn float_kind(t: Type<'_>, k: FloatKind) -> bool {
    matches!(t.kind(), TypeKind::Float(f) if *f == k)
}

/// `none`.
pub fn none(t: Type<'_>) -> bool {
    matches!(t.kind(), TypeKind::None)
}

/// Any vector.
pub fn vector(t: Type<'_>) -> bool {
    matches!(t.kind(), TypeKind::Vector { .. })
}

/// A vector without scalable dimensions.
pub fn fixed_vector(t: Type<'_>) -> bool {
    matches!(t.kind(), TypeKind::Vector { scalable, .. } if !scalable.iter().any(|s| *s))
}

/// A vector with a scalable dimension.
pub fn scalable_vector(t: Type<'_>) -> bool {
    matches!(t.kind(), TypeKind::Vector { scalable, .. } if scalable.iter().any(|s| *s))
}

/// A ranked or unranked tensor.
pub fn tensor(t: Type<'_>) -> bool {
    matches!(
        t.kind(),
        TypeKind::RankedTensor { .. } | TypeKind::UnrankedTensor { .. }
    )
}

/// A ranked tensor.
pub fn ranked_tensor(t: Type<'_>) -> bool {
    matches!(t.kind(), TypeKind::RankedTensor { .. })
}

/// An unranked tensor.
pub fn unranked_tensor(t: Type<'_>) -> bool {
    matches!(t.kind(), TypeKind::UnrankedTensor { .. })
}

/// A ranked memref.
pub fn memref(t: Type<'_>) -> bool {
    matches!(t.kind(), TypeKind::MemRef { .. })
}

/// An unranked memref.
pub fn unranked_memref(t: Type<'_>) -> bool {
    matches!(t.kind(), TypeKind::UnrankedMemRef { .. })
}

/// A ranked or unranked memref.
pub fn base_memref(t: Type<'_>) -> bool {
    memref(t) || unranked_memref(t)
}

/// A shaped type: vector, tensor or memref.
pub fn shaped(t: Type<'_>) -> bool {
    vector(t) || tensor(t) || base_memref(t)
}

/// `complex<T>`.
pub fn complex(t: Type<'_>) -> bool {
    matches!(t.kind(), TypeKind::Complex(_))
}

/// `tuple<...>`.
pub fn tuple(t: Type<'_>) -> bool {
    matches!(t.kind(), TypeKind::Tuple(_))
}

/// A function type.
pub fn function(t: Type<'_>) -> bool {
    matches!(t.kind(), TypeKind::Function { .. })
}

/// Types with value semantics (the `ValueSemantics` trait): vectors and tensors.
pub fn value_semantics(t: Type<'_>) -> bool {
    vector(t) || tensor(t)
}

/// A shaped type with a rank.
pub fn has_rank(t: Type<'_>) -> bool {
    t.shape().is_some()
}

/// A shaped type whose dimensions are all static.
pub fn static_shape(t: Type<'_>) -> bool {
    t.shape()
        .is_some_and(|s| s.iter().all(|d| *d != crate::DYNAMIC))
}

/// The rank of a ranked shaped type (-1 otherwise).
pub fn rank(t: Type<'_>) -> i64 {
    t.shape().map_or(-1, |s| s.len() as i64)
}

/// A memref with an identity or strided layout.
pub fn strided_memref(t: Type<'_>) -> bool {
    match t.kind() {
        TypeKind::MemRef { layout, .. } => match layout {
            None => true,
            Some(l) => match l.kind() {
                AttrKind::Strided { .. } => true,
                AttrKind::AffineMap(_) => crate::affine::is_identity_layout(*l),
                _ => false,
            },
        },
        _ => false,
    }
}

/// Applies `f` to the element type of a shaped or complex type (false otherwise).
#[inline]
pub fn with_elem<'c>(t: Type<'c>, f: impl FnOnce(Type<'c>) -> bool) -> bool {
    match t.kind() {
        TypeKind::Complex(e) => f(*e),
        _ => t.element_type().is_some_and(f),
    }
}

/// Applies `f` to the element type of a shaped type, or to the type itself.
#[inline]
pub fn with_elem_or_self<'c>(t: Type<'c>, f: impl FnOnce(Type<'c>) -> bool) -> bool {
    f(element_type_or_self(t))
}

/// The element type of a shaped type, or the type itself (MLIR's `getElementTypeOrSelf`).
pub fn element_type_or_self(t: Type<'_>) -> Type<'_> {
    match t.kind() {
        TypeKind::Vector { element, .. }
        | TypeKind::RankedTensor { element, .. }
        | TypeKind::UnrankedTensor { element }
        | TypeKind::MemRef { element, .. }
        | TypeKind::UnrankedMemRef { element, .. } => *element,
        _ => t,
    }
}

/// Applies `f` to the type of a typed attribute (false if it has none).
#[inline]
pub fn with_attr_type<'c>(a: Attribute<'c>, f: impl FnOnce(Type<'c>) -> bool) -> bool {
    a.ty().is_some_and(f)
}

/// Applies `f` to the type held by a type attribute.
#[inline]
pub fn with_type_attr<'c>(a: Attribute<'c>, f: impl FnOnce(Type<'c>) -> bool) -> bool {
    match a.kind() {
        AttrKind::Type(t) => f(*t),
        _ => false,
    }
}

/// Applies `f` to every element of an array attribute (false if not an array).
pub fn array_all<'c>(a: Attribute<'c>, f: impl Fn(Attribute<'c>) -> bool) -> bool {
    match a.kind() {
        AttrKind::Array(items) => items.iter().all(|x| f(*x)),
        _ => false,
    }
}

/// `IntegerAttr`.
pub fn a_integer(a: Attribute<'_>) -> bool {
    matches!(a.kind(), AttrKind::Integer { .. })
}
/// `FloatAttr`.
pub fn a_float(a: Attribute<'_>) -> bool {
    matches!(a.kind(), AttrKind::Float { .. })
}
/// `StringAttr`.
pub fn a_string(a: Attribute<'_>) -> bool {
    matches!(a.kind(), AttrKind::String { .. })
}
/// `ArrayAttr`.
pub fn a_array(a: Attribute<'_>) -> bool {
    matches!(a.kind(), AttrKind::Array(_))
}
/// `DictionaryAttr`.
pub fn a_dictionary(a: Attribute<'_>) -> bool {
    matches!(a.kind(), AttrKind::Dictionary(_))
}
/// `TypeAttr`.
pub fn a_type(a: Attribute<'_>) -> bool {
    matches!(a.kind(), AttrKind::Type(_))
}
/// `UnitAttr`.
pub fn a_unit(a: Attribute<'_>) -> bool {
    matches!(a.kind(), AttrKind::Unit)
}
/// `SymbolRefAttr`.
pub fn a_symbol_ref(a: Attribute<'_>) -> bool {
    matches!(a.kind(), AttrKind::SymbolRef { .. })
}
/// `FlatSymbolRefAttr`: a symbol reference without nested references.
pub fn a_flat_symbol_ref(a: Attribute<'_>) -> bool {
    matches!(a.kind(), AttrKind::SymbolRef { nested, .. } if nested.is_empty())
}
/// `BoolAttr`: an `i1` integer attribute.
pub fn a_bool(a: Attribute<'_>) -> bool {
    matches!(a.kind(), AttrKind::Integer { ty, .. } if int(*ty, 1, SIGNLESS))
}
/// `DenseArrayAttr` of the given element type keyword (`i64`, `f32`, `i1`).
pub fn a_dense_array(a: Attribute<'_>, element: &str) -> bool {
    match a.kind() {
        AttrKind::DenseArray { element: e, .. } => match element {
            "i1" => int(*e, 1, SIGNLESS),
            "i8" => int(*e, 8, SIGNLESS),
            "i16" => int(*e, 16, SIGNLESS),
            "i32" => int(*e, 32, SIGNLESS),
            "i64" => int(*e, 64, SIGNLESS),
            "f32" => float_kind(*e, FloatKind::F32),
            "f64" => float_kind(*e, FloatKind::F64),
            _ => false,
        },
        _ => false,
    }
}
/// `DenseElementsAttr` (any element type).
pub fn a_dense_elements(a: Attribute<'_>) -> bool {
    matches!(a.kind(), AttrKind::DenseElements { .. })
}
/// `DenseIntElementsAttr`: dense elements of integer or index type.
pub fn a_dense_int_elements(a: Attribute<'_>) -> bool {
    match a.kind() {
        AttrKind::DenseElements { ty, .. } => with_elem(*ty, |e| int(e, 0, ANY_SIGN) || index(e)),
        _ => false,
    }
}
/// `DenseFPElementsAttr`: dense elements of float type.
pub fn a_dense_fp_elements(a: Attribute<'_>) -> bool {
    match a.kind() {
        AttrKind::DenseElements { ty, .. } => with_elem(*ty, float),
        _ => false,
    }
}
/// `ElementsAttr`: dense or resource elements.
pub fn a_elements(a: Attribute<'_>) -> bool {
    matches!(
        a.kind(),
        AttrKind::DenseElements { .. } | AttrKind::DenseResource { .. }
    )
}
/// `AffineMapAttr`.
pub fn a_affine_map(a: Attribute<'_>) -> bool {
    matches!(a.kind(), AttrKind::AffineMap(_))
}
/// `StridedLayoutAttr`.
pub fn a_strided(a: Attribute<'_>) -> bool {
    matches!(a.kind(), AttrKind::Strided { .. })
}
/// `LocationAttr`.
pub fn a_location(a: Attribute<'_>) -> bool {
    a.is_location()
}
/// `TypedAttr`: an attribute with a type.
pub fn a_typed(a: Attribute<'_>) -> bool {
    a.ty().is_some()
}
/// Whether opaque text `(d, body)` is of `dialect` with `mnemonic` (empty: any).
fn opaque_is(d: &str, body: &str, dialect: &str, mnemonic: &str) -> bool {
    d == dialect
        && (mnemonic.is_empty()
            || body
                .strip_prefix(mnemonic)
                // `mnemonic<...>`, or `mnemonic value` for a `$value` format.
                .is_some_and(|r| r.is_empty() || r.starts_with('<') || r.starts_with(' ')))
}
/// An attribute of dialect `dialect` whose mnemonic is `mnemonic` (empty: any).
pub fn a_dialect(a: Attribute<'_>, dialect: &str, mnemonic: &str) -> bool {
    match a.kind() {
        AttrKind::Opaque { dialect: d, body } => opaque_is(d.as_str(), body, dialect, mnemonic),
        AttrKind::Dialect { def, .. } => {
            def.dialect == dialect && (mnemonic.is_empty() || def.mnemonic == mnemonic)
        }
        _ => false,
    }
}
/// A type of dialect `dialect` whose mnemonic is `mnemonic` (empty: any).
pub fn dialect_type(t: Type<'_>, dialect: &str, mnemonic: &str) -> bool {
    match t.kind() {
        TypeKind::Opaque { dialect: d, body } => opaque_is(d.as_str(), body, dialect, mnemonic),
        TypeKind::Dialect { def, .. } => {
            def.dialect == dialect && (mnemonic.is_empty() || def.mnemonic == mnemonic)
        }
        _ => false,
    }
}
/// An integer attribute with a negative value.
pub fn a_int_negative(a: Attribute<'_>) -> bool {
    a.as_int().is_some_and(|v| v < 0)
}
/// An integer attribute with a positive value.
pub fn a_int_positive(a: Attribute<'_>) -> bool {
    a.as_int().is_some_and(|v| v > 0)
}
/// The value of an integer attribute (`IntegerAttr::getInt()`, for `IntMinValue<n>` and
/// the like; 0 for other attributes, which the constraint's base predicate rejects
/// first).
pub fn a_int_value(a: Attribute<'_>) -> i128 {
    a.as_int().unwrap_or(0)
}
/// An integer attribute holding a power of two.
pub fn a_int_power_of_2(a: Attribute<'_>) -> bool {
    a.as_int().is_some_and(|v| v > 0 && (v & (v - 1)) == 0)
}
/// An integer attribute equal to one of `cases` (an `I32EnumAttr`/`I64EnumAttr`).
pub fn a_int_enum(a: Attribute<'_>, width: u32, cases: &[i64]) -> bool {
    match a.kind() {
        AttrKind::Integer { value, ty } => {
            int(*ty, width, SIGNLESS) && cases.iter().any(|c| i128::from(*c) == *value)
        }
        _ => false,
    }
}

/// The value of a float attribute as `f64`, for `f32`/`f64`/`f16` attributes.
pub fn float_attr_value(bits: u128, ty: Type<'_>) -> Option<f64> {
    match ty.float_kind()? {
        FloatKind::F64 => Some(f64::from_bits(bits as u64)),
        FloatKind::F32 => Some(f64::from(f32::from_bits(bits as u32))),
        _ => None,
    }
}

/// MLIR's `getI1SameShape`: `i1`, or a vector/tensor of `i1` with the same shape.
pub fn i1_same_shape<'c>(ctx: &'c crate::Context, t: Type<'c>) -> Type<'c> {
    let i1 = ctx.int_type(1);
    match *t.kind() {
        TypeKind::Vector {
            shape, scalable, ..
        } => ctx.scalable_vector_type(shape, scalable, i1),
        TypeKind::RankedTensor { shape, .. } => ctx.ranked_tensor_type(shape, i1, None),
        TypeKind::UnrankedTensor { .. } => {
            ctx.intern_type(TypeKind::UnrankedTensor { element: i1 })
        }
        _ => i1,
    }
}

/// Whether `t` is an instance of the C++ type class `cpp` (as a constraint's `cppType`
/// names it). Classes this crate does not model accept every type.
pub fn is_cpp_type(t: Type<'_>, cpp: &str) -> bool {
    use crate::TypeKind as K;
    let k = t.kind();
    match cpp.trim_start_matches("::").trim_start_matches("mlir::") {
        "MemRefType" => matches!(k, K::MemRef { .. }),
        "UnrankedMemRefType" => matches!(k, K::UnrankedMemRef { .. }),
        "BaseMemRefType" => matches!(k, K::MemRef { .. } | K::UnrankedMemRef { .. }),
        "RankedTensorType" => matches!(k, K::RankedTensor { .. }),
        "UnrankedTensorType" => matches!(k, K::UnrankedTensor { .. }),
        "TensorType" => matches!(k, K::RankedTensor { .. } | K::UnrankedTensor { .. }),
        "VectorType" => matches!(k, K::Vector { .. }),
        "ShapedType" => t.element_type().is_some() && !matches!(k, K::Complex(_)),
        "IntegerType" => matches!(k, K::Integer { .. }),
        "IndexType" => matches!(k, K::Index),
        "FloatType" => matches!(k, K::Float(_)),
        "FunctionType" => matches!(k, K::Function { .. }),
        "TupleType" => matches!(k, K::Tuple(_)),
        "ComplexType" => matches!(k, K::Complex(_)),
        "NoneType" => matches!(k, K::None),
        _ => true,
    }
}
