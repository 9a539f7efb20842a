//! The run-time half of the interner's soundness: storage of a context only refers to
//! handles of that context.
//!
//! The public interning functions tie every handle they take to the context's borrow
//! (`TypeKind<'c>` for `&'c self`), so a handle of a context that drops first does not
//! compile. Two contexts alive at once can still share a lifetime; interning a handle of
//! one into the other would leave a pointer into a foreign arena in the uniquing tables.
//! So new storage is checked here, in every build: each type, attribute and identifier it
//! refers to must be this interner's own (found in its tables by pointer). Storage that
//! is found instead of created needs no check: it equals, pointer for pointer, storage
//! that was checked when it was made.

use std::ptr::NonNull;

use super::{fx_hash, Ident, Interner};
use crate::attributes::{AttrKind, Attribute};
use crate::typedef::TypeParam;
use crate::types::{Type, TypeKind};

impl Interner {
    fn owns_ident(&self, id: Ident<'_>) -> bool {
        let s = id.as_str();
        let hash = fx_hash(s);
        self.strings
            .find(hash, |(h, v)| *h == hash && v.0 == id.0)
            .is_some()
    }

    fn owns_type(&self, t: Type<'_>) -> bool {
        let hash = fx_hash(t.kind());
        let p = NonNull::from(t.0).cast::<()>();
        self.types
            .find(hash, |(h, q)| *h == hash && q.cast::<()>() == p)
            .is_some()
    }

    fn owns_attr(&self, a: Attribute<'_>) -> bool {
        // `loc("file":line:col)` lives in the per-file tables, not in `attrs`; its only
        // handle is the file name, and storage of another context names an identifier
        // of that context (this check holds there too).
        if let AttrKind::FileLineCol { file, .. } = *a.kind() {
            return self.owns_ident(file);
        }
        let hash = fx_hash(a.kind());
        let p = NonNull::from(a.0).cast::<()>();
        self.attrs
            .find(hash, |(h, q)| *h == hash && q.cast::<()>() == p)
            .is_some()
    }

    fn owns_params(&self, params: &[TypeParam<'_>]) -> bool {
        params.iter().all(|p| match *p {
            TypeParam::Type(t) => self.owns_type(t),
            TypeParam::Types(ts) => ts.iter().all(|&t| self.owns_type(t)),
            TypeParam::Attr(a) => self.owns_attr(a),
            TypeParam::Int(_)
            | TypeParam::Ints(_)
            | TypeParam::Bool(_)
            | TypeParam::Str(_)
            | TypeParam::Absent => true,
        })
    }

    /// Panics unless every handle `kind` refers to belongs to this interner.
    pub(super) fn check_type_kind(&self, kind: &TypeKind<'_>) {
        let opt_attr = |a: Option<Attribute<'_>>| a.is_none_or(|a| self.owns_attr(a));
        let owned = match *kind {
            TypeKind::Integer { .. } | TypeKind::Index | TypeKind::Float(_) | TypeKind::None => {
                true
            }
            TypeKind::Function { inputs, results } => {
                inputs.iter().chain(results).all(|&t| self.owns_type(t))
            }
            TypeKind::Tuple(elems) => elems.iter().all(|&t| self.owns_type(t)),
            TypeKind::Complex(e) => self.owns_type(e),
            TypeKind::Vector { element, .. } => self.owns_type(element),
            TypeKind::RankedTensor {
                element, encoding, ..
            } => self.owns_type(element) && opt_attr(encoding),
            TypeKind::UnrankedTensor { element } => self.owns_type(element),
            TypeKind::MemRef {
                element,
                layout,
                memory_space,
                ..
            } => self.owns_type(element) && opt_attr(layout) && opt_attr(memory_space),
            TypeKind::UnrankedMemRef {
                element,
                memory_space,
            } => self.owns_type(element) && opt_attr(memory_space),
            TypeKind::Opaque { dialect, .. } => self.owns_ident(dialect),
            TypeKind::Dialect { params, .. } => self.owns_params(params),
        };
        assert!(
            owned,
            "a type of one Context interned into another: {kind:?}"
        );
    }

    /// Panics unless every handle `kind` refers to belongs to this interner.
    pub(super) fn check_attr_kind(&self, kind: &AttrKind<'_>) {
        let opt_attr = |a: Option<Attribute<'_>>| a.is_none_or(|a| self.owns_attr(a));
        let owned = match *kind {
            AttrKind::Unit
            | AttrKind::Strided { .. }
            | AttrKind::AffineMap(_)
            | AttrKind::UnknownLoc => true,
            AttrKind::Integer { ty, .. } | AttrKind::Float { ty, .. } => self.owns_type(ty),
            AttrKind::String { ty, .. } => ty.is_none_or(|t| self.owns_type(t)),
            AttrKind::Type(t) => self.owns_type(t),
            AttrKind::Array(elems) => elems.iter().all(|&a| self.owns_attr(a)),
            AttrKind::DenseArray { element, .. } => self.owns_type(element),
            AttrKind::Dictionary(entries) => entries
                .iter()
                .all(|e| self.owns_ident(e.name) && self.owns_attr(e.value)),
            AttrKind::SymbolRef { root, nested } => {
                self.owns_ident(root) && nested.iter().all(|&n| self.owns_ident(n))
            }
            AttrKind::DenseElements { ty, .. } => self.owns_type(ty),
            AttrKind::DenseResource { ty, handle } => self.owns_type(ty) && self.owns_ident(handle),
            AttrKind::Opaque { dialect, .. } => self.owns_ident(dialect),
            AttrKind::Dialect { params, .. } => self.owns_params(params),
            AttrKind::FileLineCol { file, .. } | AttrKind::FileRange { file, .. } => {
                self.owns_ident(file)
            }
            AttrKind::NameLoc { name, child } => {
                self.owns_ident(name) && opt_attr(child.map(|l| l.attr()))
            }
            AttrKind::CallSiteLoc { callee, caller } => {
                self.owns_attr(callee.attr()) && self.owns_attr(caller.attr())
            }
            AttrKind::FusedLoc { locs, metadata } => {
                locs.iter().all(|l| self.owns_attr(l.attr())) && opt_attr(metadata)
            }
        };
        assert!(
            owned,
            "an attribute of one Context interned into another: {kind:?}"
        );
    }

    /// Panics unless `file` belongs to this interner (the per-file location tables).
    pub(super) fn check_file(&self, file: Ident<'_>) {
        assert!(
            self.owns_ident(file),
            "a location file name of one Context interned into another: {file:?}"
        );
    }
}

#[cfg(test)]
mod tests {
    use crate::{AttrKind, Context};

    #[test]
    #[should_panic(expected = "a type of one Context interned into another")]
    fn a_type_of_another_live_context_is_rejected() {
        let a = Context::new();
        let b = Context::new();
        let element = a.float_type(crate::FloatKind::F16);
        let _ = b.vector_type(&[4], element);
    }

    #[test]
    #[should_panic(expected = "an attribute of one Context interned into another")]
    fn an_attribute_of_another_live_context_is_rejected() {
        let a = Context::new();
        let b = Context::new();
        let x = a.int_attr(a.int_type(8), 3);
        let _ = b.array_attr(&[x]);
    }

    #[test]
    #[should_panic(expected = "a location file name of one Context interned into another")]
    fn a_file_name_of_another_live_context_is_rejected() {
        let a = Context::new();
        let b = Context::new();
        let file = a.ident("f.mlir");
        let _ = b.location(AttrKind::FileLineCol {
            file,
            line: 1,
            col: 1,
        });
    }

    #[test]
    fn handles_of_the_same_context_are_accepted() {
        let a = Context::new();
        let x = a.int_attr(a.int_type(8), 3);
        let loc = a.file_loc("f.mlir", 2, 3);
        let arr = a.array_attr(&[x, loc.attr()]);
        assert_eq!(a.array_attr(&[x, loc.attr()]), arr);
        let t = a.memref_type(&[2, 3], a.float_type(crate::FloatKind::F32), None, Some(x));
        assert_eq!(t.to_string(), "memref<2x3xf32, 3 : i8>");
    }
}
