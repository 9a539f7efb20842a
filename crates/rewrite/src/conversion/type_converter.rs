//! [`TypeConverter`]: how types change in a conversion, and how to bridge a value of
//! one type to another where both must coexist (MLIR's `TypeConverter`).

use std::sync::Mutex;

use rustc_hash::FxHashMap;
use smallvec::SmallVec;

use pto_ir::builder::OpBuilder;
use pto_ir::{Location, Type, ValueId};

/// What one conversion rule says about a type.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TypeConversion<'c> {
    /// The rule does not apply: try the next one.
    Skip,
    /// The type converts to this one.
    Converted(Type<'c>),
    /// The type cannot be converted (stops the search).
    Failed,
}

/// A conversion rule.
pub type ConversionFn<'c> = Box<dyn Fn(Type<'c>) -> TypeConversion<'c> + Send + Sync + 'c>;

/// Builds a value of `Type` from the inputs at `Location` with the builder (whose
/// insertion point is set), or `None` if this rule does not apply.
pub type MaterializationFn<'c> = Box<
    dyn Fn(&mut OpBuilder<'_, 'c>, Type<'c>, &[ValueId], Location<'c>) -> Option<ValueId>
        + Send
        + Sync
        + 'c,
>;

/// Type conversion rules and materializations. Rules are tried from the most recently
/// added to the first, as in MLIR, and results are cached.
#[derive(Default)]
pub struct TypeConverter<'c> {
    rules: Vec<ConversionFn<'c>>,
    source: Vec<MaterializationFn<'c>>,
    target: Vec<MaterializationFn<'c>>,
    cache: Mutex<FxHashMap<Type<'c>, Option<Type<'c>>>>,
}

impl<'c> TypeConverter<'c> {
    /// A converter with no rules (every type fails to convert).
    pub fn new() -> Self {
        Self::default()
    }
    /// Adds a rule; later rules are tried first.
    pub fn add_conversion(
        &mut self,
        f: impl Fn(Type<'c>) -> TypeConversion<'c> + Send + Sync + 'c,
    ) -> &mut Self {
        self.rules.push(Box::new(f));
        self.cache.get_mut().map(|c| c.clear()).ok();
        self
    }
    /// Adds the rule that keeps every type as it is (usually added first).
    pub fn add_identity_conversion(&mut self) -> &mut Self {
        self.add_conversion(TypeConversion::Converted)
    }
    /// Adds a source materialization: from converted values back to an original type,
    /// for users that were not converted.
    pub fn add_source_materialization(
        &mut self,
        f: impl Fn(&mut OpBuilder<'_, 'c>, Type<'c>, &[ValueId], Location<'c>) -> Option<ValueId>
            + Send
            + Sync
            + 'c,
    ) -> &mut Self {
        self.source.push(Box::new(f));
        self
    }
    /// Adds a target materialization: from an original value to a converted type, for
    /// converted users of values that were not converted.
    pub fn add_target_materialization(
        &mut self,
        f: impl Fn(&mut OpBuilder<'_, 'c>, Type<'c>, &[ValueId], Location<'c>) -> Option<ValueId>
            + Send
            + Sync
            + 'c,
    ) -> &mut Self {
        self.target.push(Box::new(f));
        self
    }

    /// Adds source and target materializations that build
    /// `builtin.unrealized_conversion_cast` ops (as the LLVM type converter does), left
    /// for a later conversion or `reconcile-unrealized-casts` to remove.
    pub fn add_unrealized_cast_materializations(&mut self) -> &mut Self {
        self.add_source_materialization(unrealized_cast);
        self.add_target_materialization(unrealized_cast)
    }

    /// The converted type, or `None` if no rule converts it.
    pub fn convert_type(&self, t: Type<'c>) -> Option<Type<'c>> {
        if let Some(hit) = self.cache.lock().ok().and_then(|c| c.get(&t).copied()) {
            return hit;
        }
        let mut result = None;
        for rule in self.rules.iter().rev() {
            match rule(t) {
                TypeConversion::Skip => continue,
                TypeConversion::Converted(n) => result = Some(n),
                TypeConversion::Failed => {}
            }
            break;
        }
        if let Ok(mut c) = self.cache.lock() {
            c.insert(t, result);
        }
        result
    }
    /// Converts each type; `None` if one fails.
    pub fn convert_types(&self, types: &[Type<'c>]) -> Option<SmallVec<[Type<'c>; 4]>> {
        types.iter().map(|&t| self.convert_type(t)).collect()
    }
    /// True if the type converts to itself.
    pub fn is_legal(&self, t: Type<'c>) -> bool {
        self.convert_type(t) == Some(t)
    }
    /// True if all types convert to themselves.
    pub fn are_legal(&self, types: impl IntoIterator<Item = Type<'c>>) -> bool {
        types.into_iter().all(|t| self.is_legal(t))
    }
    /// True if the op's operand and result types are all legal.
    pub fn is_op_legal(&self, body: &pto_ir::Body<'c>, op: pto_ir::OpId) -> bool {
        self.are_legal(body.operands(op).map(|v| body.value_type(v)))
            && self.are_legal(body.results(op).map(|v| body.value_type(v)))
    }
    /// True if every block argument of the regions has a legal type.
    pub fn are_regions_legal(&self, body: &pto_ir::Body<'c>, op: pto_ir::OpId) -> bool {
        let rb = body.region_body(op);
        body.regions_of(op).iter().all(|&r| {
            rb.region_blocks(r)
                .all(|b| self.are_legal(rb.block_args(b).iter().map(|&a| rb.value_type(a))))
        })
    }

    /// Whether the converter has source (`true`) or target materializations.
    pub fn has_materializations(&self, source: bool) -> bool {
        !if source { &self.source } else { &self.target }.is_empty()
    }

    /// Builds a materialization (source or target) through the rules, newest first.
    pub fn materialize(
        &self,
        source: bool,
        builder: &mut OpBuilder<'_, 'c>,
        ty: Type<'c>,
        inputs: &[ValueId],
        loc: Location<'c>,
    ) -> Option<ValueId> {
        let rules = if source { &self.source } else { &self.target };
        rules.iter().rev().find_map(|f| f(builder, ty, inputs, loc))
    }
}

/// Builds `builtin.unrealized_conversion_cast inputs to ty`.
pub fn unrealized_cast<'c>(
    b: &mut OpBuilder<'_, 'c>,
    ty: Type<'c>,
    inputs: &[ValueId],
    loc: Location<'c>,
) -> Option<ValueId> {
    let mut st = b.state(super::CAST_OP, loc);
    st.operands.extend_from_slice(inputs);
    st.result_types.push(ty);
    let op = b.create(st);
    Some(b.body().result(op, 0))
}
