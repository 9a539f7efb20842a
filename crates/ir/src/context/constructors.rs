//! Typed constructors of the builtin types and attributes whose storage holds lists.
//!
//! [`Context::intern_type`] and [`Context::intern_attr`] take kinds whose lists live as
//! long as the context (the price of tying every handle to its borrow, see there); these
//! take lists borrowed for the call, with each handle still a `'c` one, and the storage
//! copies the lists.

use super::{Context, Ident};
use crate::attributes::{AffineMap, AttrKind, Attribute, Location};
use crate::typedef::{TypeDef, TypeParam};
use crate::types::{Type, TypeKind};

impl Context {
    /// `tuple<elements>`.
    pub fn tuple_type<'c>(&'c self, elements: &[Type<'c>]) -> Type<'c> {
        self.intern_type_parts(TypeKind::Tuple(elements))
    }

    /// A fixed-size `vector<shape x element>`.
    pub fn vector_type<'c>(&'c self, shape: &[i64], element: Type<'c>) -> Type<'c> {
        let scalable: smallvec::SmallVec<[bool; 4]> = smallvec::smallvec![false; shape.len()];
        self.scalable_vector_type(shape, &scalable, element)
    }

    /// `vector<shape x element>` whose dimensions `scalable[i]` are scalable (`[N]`).
    pub fn scalable_vector_type<'c>(
        &'c self,
        shape: &[i64],
        scalable: &[bool],
        element: Type<'c>,
    ) -> Type<'c> {
        self.intern_type_parts(TypeKind::Vector {
            shape,
            scalable,
            element,
        })
    }

    /// `tensor<shape x element, encoding>`.
    pub fn ranked_tensor_type<'c>(
        &'c self,
        shape: &[i64],
        element: Type<'c>,
        encoding: Option<Attribute<'c>>,
    ) -> Type<'c> {
        self.intern_type_parts(TypeKind::RankedTensor {
            shape,
            element,
            encoding,
        })
    }

    /// `memref<shape x element, layout, memory_space>`.
    pub fn memref_type<'c>(
        &'c self,
        shape: &[i64],
        element: Type<'c>,
        layout: Option<Attribute<'c>>,
        memory_space: Option<Attribute<'c>>,
    ) -> Type<'c> {
        self.intern_type_parts(TypeKind::MemRef {
            shape,
            element,
            layout,
            memory_space,
        })
    }

    /// `!dialect.body`, a type of a dialect that is not registered.
    pub fn opaque_type<'c>(&'c self, dialect: Ident<'c>, body: &str) -> Type<'c> {
        self.intern_type_parts(TypeKind::Opaque { dialect, body })
    }

    /// A type of a registered dialect from its definition and parameter values (in
    /// declaration order); dialects' generated builders call this.
    pub fn dialect_type<'c>(&'c self, def: &'static TypeDef, params: &[TypeParam<'c>]) -> Type<'c> {
        self.intern_type_parts(TypeKind::Dialect { def, params })
    }

    /// `value : f64`.
    pub fn f64_attr(&self, value: f64) -> Attribute<'_> {
        let ty = self.float_type(crate::FloatKind::F64);
        self.intern_attr(AttrKind::Float {
            bits: u128::from(value.to_bits()),
            ty,
        })
    }

    /// `"value"` or `"value" : ty`.
    pub fn typed_string_attr<'c>(&'c self, value: &str, ty: Option<Type<'c>>) -> Attribute<'c> {
        self.intern_attr_parts(AttrKind::String { value, ty })
    }

    /// `[elements]`.
    pub fn array_attr<'c>(&'c self, elements: &[Attribute<'c>]) -> Attribute<'c> {
        self.intern_attr_parts(AttrKind::Array(elements))
    }

    /// `array<element: ...>` from the elements' little-endian bytes.
    pub fn dense_array_attr<'c>(&'c self, element: Type<'c>, data: &[u8]) -> Attribute<'c> {
        self.intern_attr_parts(AttrKind::DenseArray { element, data })
    }

    /// `dense<...> : ty` from the elements' little-endian bytes (one element's when
    /// `splat`), as the parser stores them.
    pub fn dense_elements_attr<'c>(
        &'c self,
        ty: Type<'c>,
        splat: bool,
        data: &[u8],
    ) -> Attribute<'c> {
        self.intern_attr_parts(AttrKind::DenseElements { ty, splat, data })
    }

    /// `@root::@nested...`.
    pub fn symbol_ref_attr<'c>(&'c self, root: Ident<'c>, nested: &[Ident<'c>]) -> Attribute<'c> {
        self.intern_attr_parts(AttrKind::SymbolRef { root, nested })
    }

    /// `strided<[strides], offset: offset>`.
    pub fn strided_attr<'c>(&'c self, offset: i64, strides: &[i64]) -> Attribute<'c> {
        self.intern_attr_parts(AttrKind::Strided { offset, strides })
    }

    /// An affine map attribute (the map's expressions are copied).
    pub fn affine_map_attr<'c>(&'c self, map: AffineMap<'_>) -> Attribute<'c> {
        self.intern_attr_parts(AttrKind::AffineMap(map))
    }

    /// `#dialect.body`, an attribute of a dialect that is not registered.
    pub fn opaque_attr<'c>(&'c self, dialect: Ident<'c>, body: &str) -> Attribute<'c> {
        self.intern_attr_parts(AttrKind::Opaque { dialect, body })
    }

    /// An attribute of a registered dialect from its definition and parameter values.
    pub fn dialect_attr<'c>(
        &'c self,
        def: &'static crate::ods::attrdef::AttrDef,
        params: &[TypeParam<'c>],
    ) -> Attribute<'c> {
        self.intern_attr_parts(AttrKind::Dialect { def, params })
    }

    /// `loc(fused<metadata>[locs])` exactly as given (no simplification; see
    /// [`Context::fused_loc`] for MLIR's).
    pub fn fused_loc_unsimplified<'c>(
        &'c self,
        locs: &[Location<'c>],
        metadata: Option<Attribute<'c>>,
    ) -> Location<'c> {
        Location(self.intern_attr_parts(AttrKind::FusedLoc { locs, metadata }))
    }
}
