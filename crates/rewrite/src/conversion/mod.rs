//! Dialect conversion (MLIR's `DialectConversion`): rewrite ops until every op is legal
//! for a [`ConversionTarget`], with types changed by a [`TypeConverter`].
//!
//! A [`ConversionPattern`] receives its op's operands already remapped: the latest
//! replacement of each operand, of the converted type when the conversion has a type
//! converter. Where converted and original values must coexist, the rewriter inserts
//! `builtin.unrealized_conversion_cast` materializations; at the end those that cancel
//! out are folded away, and the rest are built by the type converter's source/target
//! materializations (an error if it has none).
//!
//! Conversions walk a body's ops in pre-order, then the bodies of its isolated ops (a
//! pattern that replaces a function op hands the function body to the new op with
//! [`ConversionPatternRewriter::take_nested_body`] and converts its entry block with
//! [`ConversionPatternRewriter::convert_isolated_entry_signature`]).
//!
//! A [`ConversionTarget`] says which ops are legal, illegal or dynamically legal, per op,
//! per dialect and for unknown ops (op rules over dialect rules over the unknown rule); a
//! [`TypeConverter`]'s rules are tried newest first and cached. The casts are placed where
//! MLIR places them: a target cast after the value's definition, a source cast at the
//! replaced op, a block-argument cast at the block's start; one that neither cancels
//! (`reconcile`) nor has a materialization is reported ("... that remained live after
//! conversion"). The casts of an isolated op's body are finished with that body. A pattern
//! cannot reach outside the body it runs in: declarations that a lowering needs at module
//! level are created before the conversion.

mod driver;
pub mod reconcile;
mod rewriter;
mod target;
mod type_converter;

pub use reconcile::{casts_in, reconcile_casts};
pub use rewriter::{ConversionPatternRewriter, MaterializationKind, CAST_OP};
pub use target::{ConversionTarget, Legality, LegalityFn};
pub use type_converter::{
    unrealized_cast, ConversionFn, MaterializationFn, TypeConversion, TypeConverter,
};

use super::MatchResult;
use pto_ir::pattern::PatternIndex;
use pto_ir::{Body, Context, Diagnostic, OpAdaptor, OpId, ValueId};
use rewriter::ConversionState;

/// A rewrite that converts one op, given its remapped operands.
pub trait ConversionPattern: Send + Sync {
    /// The op name this pattern matches, or `None` for any op.
    fn root(&self) -> Option<&'static str>;
    /// A name for debugging.
    fn name(&self) -> &'static str;
    /// The expected benefit: higher is tried first.
    fn benefit(&self) -> u16 {
        1
    }
    /// Converts `op`, whose operands remapped for the conversion are `operands` (MLIR's
    /// adaptor). On failure nothing may have changed.
    fn match_and_rewrite<'c>(
        &self,
        op: OpId,
        operands: &[ValueId],
        rewriter: &mut ConversionPatternRewriter<'_, 'c>,
    ) -> MatchResult;
}

/// The signature of a conversion given by a function.
pub type ConversionFnPtr =
    for<'r, 'c> fn(OpId, &[ValueId], &mut ConversionPatternRewriter<'r, 'c>) -> MatchResult;

/// A conversion pattern given by a function.
pub struct FnConversionPattern {
    /// Root op name.
    pub root: &'static str,
    /// Debug name.
    pub name: &'static str,
    /// Benefit.
    pub benefit: u16,
    /// The conversion.
    pub rewrite: ConversionFnPtr,
}

impl ConversionPattern for FnConversionPattern {
    fn root(&self) -> Option<&'static str> {
        Some(self.root)
    }
    fn name(&self) -> &'static str {
        self.name
    }
    fn benefit(&self) -> u16 {
        self.benefit
    }
    fn match_and_rewrite<'c>(
        &self,
        op: OpId,
        operands: &[ValueId],
        rewriter: &mut ConversionPatternRewriter<'_, 'c>,
    ) -> MatchResult {
        (self.rewrite)(op, operands, rewriter)
    }
}

/// A conversion pattern of one op type, given its adaptor over the converted operands.
pub type TypedConversionFn<O> = for<'a, 'r, 'c> fn(
    O,
    <O as OpAdaptor>::Adaptor<'a>,
    &mut ConversionPatternRewriter<'r, 'c>,
) -> MatchResult;

/// A conversion pattern registered by op type ([`ConversionPatternSet::add_op`]).
pub struct TypedConversionPattern<O: OpAdaptor> {
    /// Debug name.
    pub name: &'static str,
    /// The conversion.
    pub rewrite: TypedConversionFn<O>,
}

impl<O: OpAdaptor + Send + Sync> ConversionPattern for TypedConversionPattern<O> {
    fn root(&self) -> Option<&'static str> {
        Some(O::NAME)
    }
    fn name(&self) -> &'static str {
        self.name
    }
    fn match_and_rewrite<'c>(
        &self,
        op: OpId,
        operands: &[ValueId],
        rewriter: &mut ConversionPatternRewriter<'_, 'c>,
    ) -> MatchResult {
        let Some(typed) = O::from_op(rewriter.body(), op) else {
            return rewriter.notify_match_failure(op, "not the pattern's op");
        };
        let adaptor = typed.adaptor(rewriter.body(), operands);
        (self.rewrite)(typed, adaptor, rewriter)
    }
}

/// Conversion patterns being collected.
#[derive(Default)]
pub struct ConversionPatternSet {
    patterns: Vec<Box<dyn ConversionPattern>>,
}

impl ConversionPatternSet {
    /// An empty set.
    pub fn new() -> Self {
        Self::default()
    }
    /// Adds a pattern.
    pub fn add(&mut self, p: impl ConversionPattern + 'static) -> &mut Self {
        self.patterns.push(Box::new(p));
        self
    }
    /// Adds a function pattern rooted at `root` with benefit 1.
    pub fn add_fn(
        &mut self,
        root: &'static str,
        name: &'static str,
        rewrite: ConversionFnPtr,
    ) -> &mut Self {
        self.add(FnConversionPattern {
            root,
            name,
            benefit: 1,
            rewrite,
        })
    }
    /// Adds a pattern for ops of type `O` (benefit 1): it receives the op, typed, and
    /// its adaptor over the converted operands.
    pub fn add_op<O: OpAdaptor + Send + Sync + 'static>(
        &mut self,
        name: &'static str,
        rewrite: TypedConversionFn<O>,
    ) -> &mut Self {
        self.add(TypedConversionPattern::<O> { name, rewrite })
    }
    /// Number of patterns.
    pub fn len(&self) -> usize {
        self.patterns.len()
    }
    /// True if there are none.
    pub fn is_empty(&self) -> bool {
        self.patterns.is_empty()
    }
    /// Indexes the patterns for matching.
    pub fn freeze(self) -> FrozenConversionPatternSet {
        let index = PatternIndex::new(self.patterns.iter().map(|p| (p.root(), p.benefit())));
        FrozenConversionPatternSet {
            patterns: self.patterns,
            index,
        }
    }
}

/// Conversion patterns indexed by root op and benefit.
pub struct FrozenConversionPatternSet {
    patterns: Vec<Box<dyn ConversionPattern>>,
    index: PatternIndex,
}

impl FrozenConversionPatternSet {
    /// The patterns to try on an op named `name`, best first.
    pub fn candidates<'s>(
        &'s self,
        name: &str,
    ) -> impl Iterator<Item = &'s dyn ConversionPattern> + 's {
        self.index
            .candidates(name)
            .map(move |i| self.patterns[i].as_ref())
    }
}

/// Which ops must end up legal.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ConversionMode {
    /// Only explicitly illegal ops must be converted; others are converted if a pattern
    /// applies.
    Partial,
    /// Every op must end up legal.
    Full,
}

/// Converts the ops of `body` (and of the isolated ops inside it) for `target`; only
/// ops explicitly illegal must be converted.
pub fn apply_partial_conversion<'c>(
    ctx: &'c Context,
    body: &mut Body<'c>,
    target: &ConversionTarget<'_, 'c>,
    patterns: &FrozenConversionPatternSet,
    converter: Option<&TypeConverter<'c>>,
) -> Result<(), Diagnostic<'c>> {
    apply_conversion(
        ctx,
        body,
        target,
        patterns,
        converter,
        ConversionMode::Partial,
    )
}

/// Converts the ops of `body` (and of the isolated ops inside it) so that every op is
/// legal for `target`.
pub fn apply_full_conversion<'c>(
    ctx: &'c Context,
    body: &mut Body<'c>,
    target: &ConversionTarget<'_, 'c>,
    patterns: &FrozenConversionPatternSet,
    converter: Option<&TypeConverter<'c>>,
) -> Result<(), Diagnostic<'c>> {
    apply_conversion(ctx, body, target, patterns, converter, ConversionMode::Full)
}

/// Runs a conversion in `mode`.
pub fn apply_conversion<'c>(
    ctx: &'c Context,
    body: &mut Body<'c>,
    target: &ConversionTarget<'_, 'c>,
    patterns: &FrozenConversionPatternSet,
    converter: Option<&TypeConverter<'c>>,
    mode: ConversionMode,
) -> Result<(), Diagnostic<'c>> {
    let driver = driver::Driver {
        ctx,
        target,
        patterns,
        converter,
        mode,
    };
    driver.convert_body(body, ConversionState::default())
}
