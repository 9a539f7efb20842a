//! Types of dialects, declared in ODS as `TypeDef`s: a static [`TypeDef`] (mnemonic,
//! parameters, syntax, verifier hook) and, per type, a list of [`TypeParam`] values.
//! Dialect attributes with parameters (`AttrDef`s, `crate::ods::attrdef`) share the
//! parameter machinery: [`ParamSpec`], [`TypeParam`] (also named [`AttrParam`]) and
//! [`TypeSyntax`].
//!
//! A dialect type is a [`TypeKind::Dialect`](super::TypeKind::Dialect): the definition and
//! its parameters, interned in the context arena like every other type, so equality and
//! hashing stay O(1) pointer operations. Parameters are compared structurally when
//! interning: two types with the same definition and equal parameters are one type.
//!
//! Parameter slices and strings are copied into the arena, and a `TypeDef` compares by
//! address. A [`TypeParam`] holds a type, a type list, an integer (also an enum value), an
//! integer list, a flag, a string, an attribute, or `Absent` for an optional parameter not
//! given. The parser dispatches `!dialect.mnemonic` to the dialect's `TypeDef`
//! (`ods::typedef::parse_type_body`, which runs the verifier and reports at the
//! parameters); the printer writes `!dialect.mnemonic` and the syntax. `TypeDef::get`
//! builds without the verifier, `get_checked` with it. Types of unregistered dialects
//! stay `TypeKind::Opaque` text.

use std::fmt;
use std::hash::{Hash, Hasher};

use super::{Attribute, Context, Type};
use crate::asm::OpAsmParser;
use crate::printer::TypePrinter;

/// One parameter value of a dialect type.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum TypeParam<'c> {
    /// A type (`"Type"` in ODS).
    Type(Type<'c>),
    /// A list of types (`ArrayRefParameter<"Type">`).
    Types(&'c [Type<'c>]),
    /// An integer (`unsigned`, `uint64_t`, `int64_t`, `APInt`...) or an enum value
    /// (`EnumParameter<...>`).
    Int(i64),
    /// A list of integers (`ArrayRefParameter<"int64_t">`), such as a shape.
    Ints(&'c [i64]),
    /// A flag (`"bool"`).
    Bool(bool),
    /// A string (`StringRefParameter`).
    Str(&'c str),
    /// An attribute (`"Attribute"`).
    Attr(Attribute<'c>),
    /// An optional parameter that was not given (`OptionalParameter<...>`).
    Absent,
}

impl<'c> TypeParam<'c> {
    /// The type, for [`TypeParam::Type`].
    pub fn as_type(self) -> Option<Type<'c>> {
        match self {
            TypeParam::Type(t) => Some(t),
            _ => None,
        }
    }
    /// The types, for [`TypeParam::Types`] (empty when absent).
    pub fn as_types(self) -> &'c [Type<'c>] {
        match self {
            TypeParam::Types(t) => t,
            _ => &[],
        }
    }
    /// The integers, for [`TypeParam::Ints`] (empty when absent).
    pub fn as_ints(self) -> &'c [i64] {
        match self {
            TypeParam::Ints(v) => v,
            _ => &[],
        }
    }
    /// The integer, for [`TypeParam::Int`].
    pub fn as_int(self) -> Option<i64> {
        match self {
            TypeParam::Int(v) => Some(v),
            _ => None,
        }
    }
    /// The flag, for [`TypeParam::Bool`] (false when absent).
    pub fn as_bool(self) -> bool {
        matches!(self, TypeParam::Bool(true))
    }
    /// The string, for [`TypeParam::Str`].
    pub fn as_str(self) -> Option<&'c str> {
        match self {
            TypeParam::Str(s) => Some(s),
            _ => None,
        }
    }
    /// The attribute, for [`TypeParam::Attr`].
    pub fn as_attr(self) -> Option<Attribute<'c>> {
        match self {
            TypeParam::Attr(a) => Some(a),
            _ => None,
        }
    }
}

/// A parameter value of a dialect attribute: the same values as a type's.
pub type AttrParam<'c> = TypeParam<'c>;

/// Tests whether an attribute is of a class.
pub type AttrTestFn = for<'c> fn(Attribute<'c>) -> bool;

/// The attribute class a typed attribute parameter holds (`"BLayoutAttr"`,
/// `"mlir::IntegerAttr"`).
#[derive(Debug)]
pub struct AttrClass {
    /// The C++ class as written in ODS, for messages.
    pub class: &'static str,
    /// Whether an attribute is of the class.
    pub test: AttrTestFn,
    /// For a dialect attribute class, `dialect.mnemonic`: such a parameter is printed
    /// stripped (`<row_major>`) and parsed in either form, as MLIR's
    /// `printStrippedAttrOrType` and `parseCustomAttributeWithFallback` do.
    pub dialect_attr: Option<&'static str>,
}

/// What a parameter holds (from its C++ type in ODS).
#[derive(Copy, Clone, Debug)]
pub enum ParamKind {
    /// A type.
    Type,
    /// A comma-separated list of types.
    TypeList,
    /// A comma-separated list of 64-bit signed integers.
    IntList,
    /// An integer that fits `bits` bits, `signed` or not.
    Int {
        /// Width of the C++ type.
        bits: u8,
        /// Whether negative values are allowed.
        signed: bool,
    },
    /// `true` or `false`.
    Bool,
    /// A quoted string.
    Str,
    /// Any attribute.
    Attr,
    /// An attribute of one class (a C++ attribute class as the parameter's type).
    AttrOf(&'static AttrClass),
    /// An enum case, written as its keyword and stored as [`TypeParam::Int`].
    Enum(&'static crate::ods::EnumSpec),
}

/// The default value of a `DefaultValuedParameter`.
#[derive(Copy, Clone, Debug)]
pub enum ParamDefault {
    /// An integer (or enum value).
    Int(i64),
    /// A flag.
    Bool(bool),
    /// A string.
    Str(&'static str),
}

impl ParamDefault {
    /// The default as a parameter value.
    pub fn value<'c>(self) -> TypeParam<'c> {
        match self {
            ParamDefault::Int(v) => TypeParam::Int(v),
            ParamDefault::Bool(b) => TypeParam::Bool(b),
            ParamDefault::Str(s) => TypeParam::Str(s),
        }
    }
}

/// One declared parameter.
#[derive(Debug)]
pub struct ParamSpec {
    /// The name in the `.td` (`addressSpace`).
    pub name: &'static str,
    /// What it holds.
    pub kind: ParamKind,
    /// `OptionalParameter` / `DefaultValuedParameter`: may be left out of the syntax.
    pub optional: bool,
    /// The default value (printing leaves out a parameter equal to it).
    pub default: Option<ParamDefault>,
}

impl ParamSpec {
    /// Whether `v` counts as given: not absent, not equal to the default, and not an
    /// empty list or `false` for an optional parameter.
    pub fn is_present(&self, v: TypeParam<'_>) -> bool {
        if v == TypeParam::Absent {
            return false;
        }
        if let Some(d) = self.default {
            if d.value() == v {
                return false;
            }
        }
        if self.optional {
            return match v {
                TypeParam::Types(t) => !t.is_empty(),
                TypeParam::Ints(v) => !v.is_empty(),
                TypeParam::Bool(b) => b,
                _ => true,
            };
        }
        true
    }
}

/// Parses a custom type form after its mnemonic (`hasCustomAssemblyFormat`): returns the
/// parameters in declaration order.
pub type TypeParseFn = for<'c> fn(&mut dyn OpAsmParser<'c>) -> Result<Vec<TypeParam<'c>>, ()>;
/// Prints a custom type form after its mnemonic.
pub type TypePrintFn = for<'c> fn(&mut TypePrinter<'_>, &[TypeParam<'c>]);
/// Verifies the parameters of a type (`genVerifyDecl`); the message is reported at the
/// type (parsing) or returned by `get_checked` (building).
pub type TypeVerifyFn = for<'c> fn(&'c Context, &[TypeParam<'c>]) -> Result<(), String>;

/// How a dialect type is written after `!dialect.mnemonic` (and a dialect attribute
/// with parameters after `#dialect.mnemonic`).
#[derive(Copy, Clone)]
pub enum TypeSyntax {
    /// Nothing follows the mnemonic (a type without parameters).
    Bare,
    /// A declarative `assemblyFormat`.
    Format(&'static crate::ods::typedef::TypeFormat),
    /// `hasCustomAssemblyFormat`: the dialect's `parse_<type>`/`print_<type>` hooks.
    Custom {
        /// The parser.
        parse: TypeParseFn,
        /// The printer.
        print: TypePrintFn,
    },
}

impl fmt::Debug for TypeSyntax {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            TypeSyntax::Bare => "Bare",
            TypeSyntax::Format(_) => "Format",
            TypeSyntax::Custom { .. } => "Custom",
        })
    }
}

/// The definition of a dialect type (from a `TypeDef` record).
pub struct TypeDef {
    /// The dialect namespace (`llvm`).
    pub dialect: &'static str,
    /// The mnemonic after `!dialect.` (`ptr`).
    pub mnemonic: &'static str,
    /// The ODS record's name (`LLVMPointerType`), for messages.
    pub name: &'static str,
    /// One-line summary.
    pub summary: &'static str,
    /// The parameters, in declaration order.
    pub params: &'static [ParamSpec],
    /// The syntax.
    pub syntax: TypeSyntax,
    /// The verifier hook (`genVerifyDecl`).
    pub verify: Option<TypeVerifyFn>,
    /// Declares `VectorElementTypeInterface`: may be the element type of a `vector`.
    pub vector_element: bool,
}

impl TypeDef {
    /// The type with these parameters, without running the verifier hook (MLIR's
    /// `get`). Parameters beyond the declared ones are ignored; missing ones take their
    /// default or are absent.
    ///
    /// # Panics
    /// If a value does not have its parameter's kind (a required parameter missing, a
    /// type where an integer is declared): a programming error, which the typed wrappers
    /// generated for each type rule out.
    pub fn get<'c>(&'static self, ctx: &'c Context, params: &[TypeParam<'c>]) -> Type<'c> {
        let filled = fill_params(self.params, params);
        if let Err(e) = check_param_kinds(self.name, self.params, &filled) {
            panic!("{e}");
        }
        ctx.dialect_type(self, &filled)
    }

    /// The type with these parameters if they verify (MLIR's `getChecked`), else the
    /// verifier's message.
    pub fn get_checked<'c>(
        &'static self,
        ctx: &'c Context,
        params: &[TypeParam<'c>],
    ) -> Result<Type<'c>, String> {
        let filled = fill_params(self.params, params);
        check_param_kinds(self.name, self.params, &filled)?;
        if let Some(v) = self.verify {
            v(ctx, &filled)?;
        }
        Ok(ctx.dialect_type(self, &filled))
    }
}

/// The declared parameters `specs` given `params`: missing or absent values take their
/// default (or stay absent); values beyond the declared ones are dropped.
pub fn fill_params<'c>(
    specs: &[ParamSpec],
    params: &[TypeParam<'c>],
) -> smallvec::SmallVec<[TypeParam<'c>; 4]> {
    specs
        .iter()
        .enumerate()
        .map(|(i, spec)| match params.get(i).copied() {
            Some(TypeParam::Absent) | None => {
                spec.default.map_or(TypeParam::Absent, ParamDefault::value)
            }
            Some(v) => v,
        })
        .collect()
}

/// Checks that each value fits its declared kind (a required parameter is present);
/// `owner` names the definition in the message.
pub fn check_param_kinds(
    owner: &str,
    specs: &[ParamSpec],
    params: &[TypeParam<'_>],
) -> Result<(), String> {
    for (spec, v) in specs.iter().zip(params) {
        let ok = match (spec.kind, *v) {
            (_, TypeParam::Absent) => spec.optional,
            (ParamKind::Type, TypeParam::Type(_))
            | (ParamKind::TypeList, TypeParam::Types(_))
            | (ParamKind::IntList, TypeParam::Ints(_))
            | (ParamKind::Bool, TypeParam::Bool(_))
            | (ParamKind::Str, TypeParam::Str(_))
            | (ParamKind::Attr, TypeParam::Attr(_))
            | (ParamKind::Enum(_), TypeParam::Int(_)) => true,
            (ParamKind::AttrOf(c), TypeParam::Attr(a)) => (c.test)(a),
            (ParamKind::Int { bits, signed }, TypeParam::Int(x)) => int_fits(x, bits, signed),
            _ => false,
        };
        if !ok {
            return Err(format!(
                "invalid value {v:?} for parameter '{}' of {owner}",
                spec.name
            ));
        }
    }
    Ok(())
}

/// Whether `x` is representable in a C++ integer of `bits` bits.
pub fn int_fits(x: i64, bits: u8, signed: bool) -> bool {
    match (bits, signed) {
        (64, true) => true,
        (64, false) => x >= 0,
        (b, true) => {
            let lim = 1i64 << (b - 1);
            (-lim..lim).contains(&x)
        }
        (b, false) => x >= 0 && x < (1i64 << b),
    }
}

impl PartialEq for TypeDef {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self, other)
    }
}
impl Eq for TypeDef {}
impl Hash for TypeDef {
    fn hash<H: Hasher>(&self, state: &mut H) {
        (self as *const TypeDef).hash(state)
    }
}
impl fmt::Debug for TypeDef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "TypeDef(!{}.{})", self.dialect, self.mnemonic)
    }
}
