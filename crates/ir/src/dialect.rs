//! Dialect and operation definitions: static, declarative data plus small Rust hooks.
//!
//! A [`Dialect`] is a static table of [`OpDef`]s (name, traits, inherent attribute
//! names, the parsed ODS spec, and optional hooks: verify, region verify, symbol uses,
//! parse, print, result names, fold, canonicalization patterns, memory effects, the
//! default dialect of its regions, interface models), of dialect attributes (`AttrDef`s)
//! and of dialect types (`TypeDef`s), plus its constant materializer. ODS generates these
//! tables (`pto-ods-gen`); a dialect's Rust module only writes the hooks. Inherent
//! attributes are stored as the op's properties. Ops of unregistered dialects are kept,
//! opaque, only under `--allow-unregistered-dialect`.

use super::body::OperationState;
use super::body::{Body, OpId};
use super::context::Context;
use super::diagnostics::Diagnostic;
use crate::asm::{OpAsmParser, OpAsmPrinter};

/// A set of operation traits, as MLIR's `OpTrait`s.
#[derive(Copy, Clone, PartialEq, Eq, Default, Debug)]
pub struct OpTraits(pub u64);

#[allow(missing_docs)]
impl OpTraits {
    pub const NONE: OpTraits = OpTraits(0);
    pub const ISOLATED_FROM_ABOVE: OpTraits = OpTraits(1 << 0);
    pub const TERMINATOR: OpTraits = OpTraits(1 << 1);
    pub const NO_TERMINATOR: OpTraits = OpTraits(1 << 2);
    pub const SINGLE_BLOCK: OpTraits = OpTraits(1 << 3);
    pub const SYMBOL_TABLE: OpTraits = OpTraits(1 << 4);
    pub const SYMBOL: OpTraits = OpTraits(1 << 5);
    pub const PURE: OpTraits = OpTraits(1 << 6);
    pub const RETURN_LIKE: OpTraits = OpTraits(1 << 7);
    pub const COMMUTATIVE: OpTraits = OpTraits(1 << 8);
    pub const CONSTANT_LIKE: OpTraits = OpTraits(1 << 9);
    pub const GRAPH_REGION: OpTraits = OpTraits(1 << 10);
    pub const AFFINE_SCOPE: OpTraits = OpTraits(1 << 11);

    /// True if every trait of `other` is in `self`.
    #[inline]
    pub const fn contains(self, other: OpTraits) -> bool {
        self.0 & other.0 == other.0
    }
    /// The union of two sets.
    pub const fn with(self, other: OpTraits) -> OpTraits {
        OpTraits(self.0 | other.0)
    }
}

/// Verifies one operation beyond the structural checks; errors are located at the op.
pub type VerifyFn = for<'c> fn(&'c Context, &Body<'c>, OpId) -> Result<(), Diagnostic<'c>>;
/// Parses the custom form of an operation after its name.
pub type ParseFn = for<'c> fn(&mut dyn OpAsmParser<'c>, &mut OperationState<'c>) -> Result<(), ()>;
/// Prints the custom form of an operation after its name.
pub type PrintFn = for<'c> fn(&mut dyn OpAsmPrinter<'c>, &Body<'c>, OpId);
/// Suggests result names (`%c0`, `%cst`) for the printer.
pub type ResultNamesFn = for<'c> fn(&Body<'c>, OpId, &mut dyn FnMut(usize, &str));

/// The result of folding one result of an op: a constant or an existing value.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Folded<'c> {
    /// The result is this constant (materialized by the dialect).
    Attr(super::Attribute<'c>),
    /// The result is this existing value.
    Value(super::ValueId),
}

/// Folds an op given the constant values of its operands (`None` where not constant), as
/// MLIR's `fold`: `None` if the op does not fold, else one entry per result (an op folded
/// in place returns its own results).
pub type FoldFn = for<'c> fn(
    &'c Context,
    &Body<'c>,
    OpId,
    &[Option<super::Attribute<'c>>],
) -> Option<smallvec::SmallVec<[Folded<'c>; 1]>>;

/// The definition of a registered operation.
pub struct OpDef {
    /// Full name, `dialect.op`.
    pub name: &'static str,
    /// One-line summary, for `--help`-style listings and docs.
    pub summary: &'static str,
    /// Structural traits.
    pub traits: OpTraits,
    /// Names of the inherent attributes (stored as properties).
    pub inherent_attrs: &'static [&'static str],
    /// Extra verification.
    pub verify: Option<VerifyFn>,
    /// Custom-form parser (None: the generic form only).
    pub parse: Option<ParseFn>,
    /// Custom-form printer (None: the generic form only).
    pub print: Option<PrintFn>,
    /// Result-name suggestions for the printer.
    pub result_names: Option<ResultNamesFn>,
    /// Dialect whose ops may be written without prefix inside this op's regions.
    pub default_dialect: &'static str,
    /// The ODS specification, for ops defined in `.td` files.
    pub spec: Option<&'static crate::ods::OpSpec>,
    /// The folder (`hasFolder`).
    pub fold: Option<FoldFn>,
    /// Verification that needs the verified regions (region traits such as
    /// `SingleBlockImplicitTerminator`, interfaces, `hasRegionVerifier`); runs after the
    /// nested ops are verified, as MLIR's `verifyRegionInvariants`.
    pub verify_regions: Option<VerifyFn>,
    /// `SingleBlockImplicitTerminator<"name">`: the terminator the custom form leaves out.
    pub implicit_terminator: Option<&'static str>,
    /// `SymbolUserOpInterface`: checks the symbols the op references against the nearest
    /// symbol table, after everything else verified.
    pub verify_symbol_uses: Option<SymbolUsesFn>,
    /// Adds the op's canonicalization patterns (`hasCanonicalizer`,
    /// `hasCanonicalizeMethod`).
    pub canonicalize: Option<fn(&mut crate::pattern::RewritePatternSet)>,
    /// `DeclareOpInterfaceMethods<MemoryEffectsOpInterface>`: the op's effects depend on
    /// its attributes (a volatile load also writes); replaces the ODS-declared bits.
    pub memory_effects: Option<MemoryEffectsFn>,
    /// The op's models of the interfaces its ODS record declares (see
    /// [`crate::interface`]).
    pub interfaces: &'static [crate::interface::InterfaceImpl],
}

/// The memory effects of one op (`ods::MemoryEffects` bits), computed from the op.
pub type MemoryEffectsFn = for<'c> fn(&Body<'c>, OpId) -> u8;

/// Verifies an op's symbol references (`SymbolUserOpInterface::verifySymbolUses`).
pub type SymbolUsesFn = for<'b, 'c> fn(
    &'c Context,
    &'b Body<'c>,
    OpId,
    &super::symbol_table::SymbolTable<'b, 'c>,
) -> Result<(), super::Diagnostic<'c>>;

impl OpDef {
    /// The dialect namespace of this op.
    pub fn dialect(&self) -> &'static str {
        self.name.split_once('.').map_or("", |(d, _)| d)
    }
    /// True if `attr` is an inherent attribute of this op.
    pub fn is_inherent(&self, attr: &str) -> bool {
        self.inherent_attrs.contains(&attr)
    }
}

impl std::fmt::Debug for OpDef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "OpDef({})", self.name)
    }
}

/// A dialect: a namespace and the operations it defines.
pub struct Dialect {
    /// The namespace (`arith`, `pto`, ...).
    pub name: &'static str,
    /// A short description.
    pub description: &'static str,
    /// The operations.
    pub ops: &'static [OpDef],
    /// The dialect's attributes (`#dialect.mnemonic<...>`).
    pub attrs: &'static [crate::ods::attrdef::AttrDef],
    /// The dialect's types (`!dialect.mnemonic<...>`).
    pub types: &'static [super::typedef::TypeDef],
    /// Creates a constant op for a folded value (`hasConstantMaterializer`).
    pub materialize_constant: Option<MaterializeConstantFn>,
}

/// Creates an op producing constant `value` of type `ty` at the builder's insertion point
/// (MLIR's `Dialect::materializeConstant`); `None` if the dialect cannot.
pub type MaterializeConstantFn = for<'b, 'c> fn(
    &mut super::builder::OpBuilder<'b, 'c>,
    super::Attribute<'c>,
    super::Type<'c>,
    super::Location<'c>,
) -> Option<OpId>;

impl Dialect {
    /// The type definition with `mnemonic`.
    pub fn type_def(&self, mnemonic: &str) -> Option<&'static super::typedef::TypeDef> {
        self.types.iter().find(|t| t.mnemonic == mnemonic)
    }
    /// The attribute definition with `mnemonic`.
    pub fn attr_def(&self, mnemonic: &str) -> Option<&'static crate::ods::attrdef::AttrDef> {
        self.attrs.iter().find(|a| a.mnemonic == mnemonic)
    }
}
