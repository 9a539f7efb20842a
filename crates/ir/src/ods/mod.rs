//! The runtime side of ODS: the static op specifications that `build.rs` generates from
//! the dialects' `.td` files, and the generic code that interprets them.
//!
//! `build.rs` (through the `pto-ods-gen` crate) reads each dialect's TableGen records and
//! emits, per op, an [`OpSpec`]: its operands, results, attributes, regions, successors,
//! trait checks and parsed `assemblyFormat`, with every constraint predicate compiled to a
//! Rust function. This module verifies ops against their spec ([`verify`]) and parses and
//! prints the declarative assembly format ([`format`]). A dialect's Rust file only adds
//! the hooks the `.td` asks for (`hasVerifier`, `hasFolder`, `custom<...>` directives).

pub mod attrdef;
pub mod format;
pub mod preds;
pub mod typedef;
pub mod verify;

use crate::{Attribute, Body, Context, OpId, Type, ValueId};

/// How many values an operand or result group holds.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Arity {
    /// Exactly one.
    Single,
    /// Zero or one (`Optional<...>`).
    Optional,
    /// Any number (`Variadic<...>`).
    Variadic,
}

/// A type constraint (`AnyInteger`, `TensorOf<[F32]>`, ...), compiled from its predicate.
pub struct TypeConstraint {
    /// The constraint's summary, used in "must be ..." messages.
    pub summary: &'static str,
    /// The predicate.
    pub check: for<'c> fn(Type<'c>) -> bool,
    /// For buildable types (`I1`, `Index`, `F32`): how to build the type, so that a format
    /// may leave it out.
    pub build: Option<for<'c> fn(&'c Context) -> Type<'c>>,
    /// The C++ class of the type (`::mlir::MemRefType`); a format's type parser rejects
    /// other kinds with "invalid kind of type specified", as MLIR's does.
    pub cpp_type: &'static str,
}

/// How an attribute appears in a declarative assembly format.
#[derive(Copy, Clone, Debug)]
pub enum AttrForm {
    /// Printed and parsed as a full attribute.
    Plain,
    /// Printed without its type (`"str"`, `[1, 2]`, `@callee`); parsed as an attribute
    /// (the constraint's value type is `NoneType`).
    Bare,
    /// A typed attribute whose type the constraint fixes (`I64Attr`, `IndexAttr`,
    /// `F32Attr`): printed without its `: type` suffix, parsed with that type.
    Typed(for<'c> fn(&'c Context) -> Type<'c>),
    /// An integer enum (`I64EnumAttr`): printed as the case's keyword.
    Enum(&'static EnumSpec),
    /// A unit attribute: present or absent (only meaningful as an optional-group anchor).
    Unit,
    /// `SymbolNameAttr`: a string printed as `@name`.
    SymbolName,
    /// `TypeAttr`/`TypeAttrOf<...>`: printed as the bare type.
    Type,
    /// A dense array (`DenseI32ArrayAttr`) of this element type, printed without its
    /// `array<T: ...>` wrapper: `[1, 2]`.
    DenseArray(for<'c> fn(&'c Context) -> Type<'c>),
    /// An attribute of a dialect (`AttrDef`): printed without its `#dialect.` prefix.
    Dialect(&'static str),
    /// A `StringAttr`: `"text"`; when optional, present only if a string comes next.
    Str,
    /// An attribute interface implemented by dialect attributes (`PoisonAttrInterface`):
    /// written in full; one of another kind is a parse error ("invalid kind of attribute
    /// specified", MLIR's `parseCustomAttributeWithFallback`).
    Interface,
}

/// The cases of an integer enum attribute.
#[derive(Debug)]
pub struct EnumSpec {
    /// The C++-style enum name (`CmpIPredicate`), for error messages.
    pub name: &'static str,
    /// `(keyword, value)` pairs.
    pub cases: &'static [(&'static str, i64)],
    /// Width of the storage integer (`I64EnumAttr`: 64).
    pub width: u32,
}

impl EnumSpec {
    /// The keyword of `value`, if it is a case.
    pub fn keyword(&self, value: i128) -> Option<&'static str> {
        self.cases
            .iter()
            .find(|(_, v)| i128::from(*v) == value)
            .map(|(k, _)| *k)
    }
    /// The value of `keyword`, if it is a case.
    pub fn value(&self, keyword: &str) -> Option<i64> {
        self.cases
            .iter()
            .find(|(k, _)| *k == keyword)
            .map(|(_, v)| *v)
    }
}

/// An attribute constraint (`I64Attr`, `StrAttr`, an enum, ...), compiled from its predicate.
pub struct AttrConstraint {
    /// The constraint's summary, used in "failed to satisfy constraint: ..." messages.
    pub summary: &'static str,
    /// The predicate.
    pub check: for<'c> fn(Attribute<'c>) -> bool,
    /// How the attribute appears in assembly formats.
    pub form: AttrForm,
}

/// A named operand or result group.
pub struct ValueSpec {
    /// The name in the `.td` (`lhs`, `result`).
    pub name: &'static str,
    /// Single, optional or variadic.
    pub arity: Arity,
    /// The type constraint on each value.
    pub constraint: &'static TypeConstraint,
    /// The effects its `Arg<...>`/`Res<...>` decorators declare on the values
    /// (`MemWrite` on a destination operand).
    pub effects: MemoryEffects,
}

/// A declared attribute (stored as a property).
pub struct AttrSpec {
    /// The attribute name.
    pub name: &'static str,
    /// The constraint on its value.
    pub constraint: &'static AttrConstraint,
    /// `OptionalAttr`, `UnitAttr` or `DefaultValuedAttr`: may be absent.
    pub optional: bool,
    /// Whether `default` is filled in when an op is created (`DefaultValuedAttr`; a
    /// `DefaultValuedOptionalAttr` stays absent until set, and is only elided when
    /// printed equal to its default).
    pub populate: bool,
    /// For `DefaultValuedAttr` and `DefaultValuedOptionalAttr`: the default value.
    pub default: Option<DefaultValue>,
}

/// The default of a `DefaultValuedAttr`, as a plain value.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum DefaultValue {
    /// An integer (or enum case, or bool as 0/1).
    Int(i128),
    /// A float.
    Float(f64),
    /// A string.
    Str(&'static str),
    /// An enum case by keyword (for integer enums and enum dialect attributes).
    EnumCase(&'static str),
    /// A dialect attribute without parameters, as `dialect.mnemonic` (`ub.poison`: the
    /// default built by an attribute interface's `constBuilderCall`).
    DialectAttr(&'static str),
}

impl DefaultValue {
    /// Whether `attr` holds this default.
    pub fn matches(&self, attr: Attribute<'_>) -> bool {
        match (*self, attr.kind()) {
            (DefaultValue::Int(v), crate::AttrKind::Integer { value, .. }) => *value == v,
            (DefaultValue::Str(s), crate::AttrKind::String { value, .. }) => *value == s,
            (DefaultValue::Float(f), crate::AttrKind::Float { bits, ty }) => {
                crate::ods::preds::float_attr_value(*bits, *ty) == Some(f)
            }
            (DefaultValue::DialectAttr(prefix), crate::AttrKind::Opaque { dialect, body }) => {
                prefix.split_once('.') == Some((dialect.as_str(), body))
            }
            (DefaultValue::EnumCase(c), crate::AttrKind::Opaque { body, .. }) => {
                // `mnemonic<case>`, or `mnemonic case` for a `$value` format.
                match body.split_once('<') {
                    Some((_, rest)) => rest.strip_suffix('>') == Some(c),
                    None => body.split_once(' ').is_some_and(|(_, rest)| rest == c),
                }
            }
            _ => false,
        }
    }
    /// Builds the default as an attribute of the constraint's form.
    pub fn build<'c>(&self, ctx: &'c Context, form: AttrForm) -> Option<Attribute<'c>> {
        match (*self, form) {
            (DefaultValue::Int(v), AttrForm::Typed(ty)) => Some(ctx.int_attr(ty(ctx), v)),
            (DefaultValue::Int(v), AttrForm::Enum(e)) => {
                Some(ctx.int_attr(ctx.int_type(e.width), v))
            }
            (DefaultValue::Str(s), _) => Some(ctx.string_attr(s)),
            (DefaultValue::EnumCase(c), AttrForm::Enum(e)) => e
                .value(c)
                .map(|v| ctx.int_attr(ctx.int_type(e.width), i128::from(v))),
            (DefaultValue::DialectAttr(prefix), _) => {
                let (d, m) = prefix.split_once('.')?;
                Some(ctx.opaque_attr(ctx.ident(d), m))
            }
            (DefaultValue::EnumCase(c), AttrForm::Dialect(prefix)) => {
                let (d, m) = prefix.split_once('.')?;
                let text = match ctx.dialect(d).and_then(|dialect| dialect.attr_def(m)) {
                    Some(def) => def.body(c),
                    None => format!("{m}<{c}>"),
                };
                let body = ctx.alloc_str(&text);
                Some(ctx.opaque_attr(ctx.ident(d), body))
            }
            _ => None,
        }
    }
}

/// A declared region.
pub struct RegionSpec {
    /// The region name (`body`, `thenRegion`).
    pub name: &'static str,
    /// `VariadicRegion<...>`.
    pub variadic: bool,
    /// `SizedRegion<N>`: the required number of blocks.
    pub blocks: Option<u32>,
    /// The constraint's summary.
    pub summary: &'static str,
}

/// A declared successor.
pub struct SuccessorSpec {
    /// The successor name (`dest`).
    pub name: &'static str,
    /// `VariadicSuccessor<...>`.
    pub variadic: bool,
}

/// A reference to one operand or result group of an op.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Var {
    /// Operand group `i`.
    Operand(u16),
    /// Result group `i`.
    Result(u16),
    /// Attribute `i`.
    Attr(u16),
    /// Region `i`.
    Region(u16),
    /// Successor group `i`.
    Successor(u16),
    /// All operands (`operands`).
    AllOperands,
    /// All results (`results`).
    AllResults,
    /// All regions (`regions`).
    AllRegions,
    /// All successors (`successors`).
    AllSuccessors,
}

/// A type transformation of `TypesMatchWith` (`getI1SameShape($_self)`, element type...).
pub type TypeTransform = for<'c> fn(&'c Context, Type<'c>) -> Type<'c>;

/// A check contributed by a trait with a verifier.
pub enum TraitCheck {
    /// `SameOperandsAndResultType`.
    SameOperandsAndResultType,
    /// `SameTypeOperands`.
    SameTypeOperands,
    /// `SameOperandsAndResultShape`.
    SameOperandsAndResultShape,
    /// `SameOperandsAndResultElementType`.
    SameOperandsAndResultElementType,
    /// `SameOperandsShape`.
    SameOperandsShape,
    /// `SameOperandsElementType`.
    SameOperandsElementType,
    /// `AllTypesMatch<[...]>` over these groups; `summary` is ODS's message.
    AllTypesMatch {
        /// The groups (single values).
        vars: &'static [Var],
        /// `all of {a, b} have same type`.
        summary: &'static str,
    },
    /// `TypesMatchWith<summary, lhs, rhs, transformer>`.
    TypesMatchWith {
        /// Source group.
        lhs: Var,
        /// Target group.
        rhs: Var,
        /// `rhs == transform(lhs)`.
        transform: TypeTransform,
        /// ODS's message.
        summary: &'static str,
    },
    /// `ShapedTypeMatchesElementCountAndTypes<shaped, elements>`: the `elements` group has
    /// as many values as the shaped type has elements, each of its element type.
    ElementCountAndTypes {
        /// The shaped group (a single value).
        shaped: Var,
        /// The variadic group.
        elements: Var,
        /// ODS's message.
        summary: &'static str,
    },
    /// `PredOpTrait<summary, TCresVTEtIsSameAsOpBase<result, operand>>`: the result and
    /// the operand at these positions (over all results and operands) have the same
    /// element type (or are the same scalar type).
    SameElementType {
        /// Result position.
        result: usize,
        /// Operand position.
        operand: usize,
        /// ODS's message.
        summary: &'static str,
    },
    /// `HasParent<"a::B, c::D">`: the parent op names.
    HasParent(&'static [&'static str]),
    /// `ParentOneOf<[...]>`: same check, printed as "expects parent op to be one of".
    ParentOneOf(&'static [&'static str]),
    /// `Elementwise`, `Scalarizable`...: mapping checks are not enforced beyond shapes.
    Elementwise,
    /// `Symbol` (MLIR's `SymbolOpInterface` verifier): a string `sym_name` (optional when
    /// the op declares it optional, as `builtin.module`), a valid `sym_visibility`, and a
    /// registered parent that is a symbol table.
    Symbol,
}

/// Memory effects declared on an op (`MemRead`, `MemWrite`, `MemAlloc`, `MemFree`), as a
/// bit set; used by CSE and code motion.
#[derive(Copy, Clone, PartialEq, Eq, Default, Debug)]
pub struct MemoryEffects(pub u8);

#[allow(missing_docs)]
impl MemoryEffects {
    pub const READ: u8 = 1;
    pub const WRITE: u8 = 2;
    pub const ALLOC: u8 = 4;
    pub const FREE: u8 = 8;
    /// `RecursiveMemoryEffects`: the effects of the nested ops.
    pub const RECURSIVE: u8 = 16;
    /// Effects are unknown (no interface declared).
    pub const UNKNOWN: u8 = 32;
}

/// The static description of one op, generated from its ODS record.
pub struct OpSpec {
    /// Full name.
    pub name: &'static str,
    /// Operand groups in declaration order.
    pub operands: &'static [ValueSpec],
    /// Result groups in declaration order.
    pub results: &'static [ValueSpec],
    /// Attributes in declaration order.
    pub attrs: &'static [AttrSpec],
    /// Regions.
    pub regions: &'static [RegionSpec],
    /// Successor groups.
    pub successors: &'static [SuccessorSpec],
    /// `AttrSizedOperandSegments`.
    pub operand_segments: bool,
    /// `AttrSizedResultSegments`.
    pub result_segments: bool,
    /// Trait checks, in declaration order.
    pub checks: &'static [TraitCheck],
    /// Declared memory effects.
    pub effects: MemoryEffects,
    /// The parsed `assemblyFormat`, if declared.
    pub format: Option<&'static format::Format>,
}

impl OpSpec {
    /// Whether some attribute has a default filled in when the op is created.
    pub fn has_defaults(&self) -> bool {
        self.attrs.iter().any(|a| a.populate && a.default.is_some())
    }
    /// The index of attribute `name`.
    pub fn attr_index(&self, name: &str) -> Option<usize> {
        self.attrs.iter().position(|a| a.name == name)
    }
}

/// The `[start, end)` range of operand group `group` of `op`, taking optional and variadic
/// groups into account (through `operandSegmentSizes` when the op has that trait).
pub fn operand_range(spec: &OpSpec, body: &Body<'_>, op: OpId, group: usize) -> (usize, usize) {
    group_range(
        spec.operands,
        spec.operand_segments,
        body.op_props(op),
        "operandSegmentSizes",
        body.num_operands(op),
        group,
    )
}

/// The `[start, end)` range of result group `group` of `op`.
pub fn result_range(spec: &OpSpec, body: &Body<'_>, op: OpId, group: usize) -> (usize, usize) {
    group_range(
        spec.results,
        spec.result_segments,
        body.op_props(op),
        "resultSegmentSizes",
        body.num_results(op),
        group,
    )
}

/// Sizes of operand or result groups (few groups: kept inline).
pub type GroupSizes = smallvec::SmallVec<[usize; 4]>;

/// The sizes of `groups` given `total` values: from the segment attribute when `sized`,
/// else by spreading what single groups leave over the one variadic or optional group
/// (ODS allows at most one without a segment attribute).
pub fn group_sizes(
    groups: &[ValueSpec],
    sized: bool,
    props: Option<Attribute<'_>>,
    segment_attr: &str,
    total: usize,
) -> GroupSizes {
    if sized {
        if let Some(crate::AttrKind::DenseArray { data, .. }) = props
            .and_then(|p| p.dict_get(segment_attr))
            .map(|a| a.kind())
        {
            let sizes: GroupSizes = data
                .chunks_exact(4)
                .map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]]).max(0) as usize)
                .collect();
            if sizes.len() == groups.len() {
                return sizes;
            }
        }
    }
    let fixed = groups.iter().filter(|g| g.arity == Arity::Single).count();
    let dynamic = groups.iter().filter(|g| g.arity != Arity::Single).count();
    let spare = total.saturating_sub(fixed);
    groups
        .iter()
        .map(|g| match g.arity {
            Arity::Single => 1,
            _ if dynamic == 0 => 0,
            _ => spare / dynamic,
        })
        .collect()
}

fn group_range(
    groups: &[ValueSpec],
    sized: bool,
    props: Option<Attribute<'_>>,
    segment_attr: &str,
    total: usize,
    group: usize,
) -> (usize, usize) {
    let sizes = group_sizes(groups, sized, props, segment_attr, total);
    let start: usize = sizes[..group].iter().sum();
    (start.min(total), (start + sizes[group]).min(total))
}

/// Operand group `group` of `op` as values.
pub fn operand_group(spec: &OpSpec, body: &Body<'_>, op: OpId, group: usize) -> Vec<ValueId> {
    let (s, e) = operand_range(spec, body, op, group);
    (s..e).map(|i| body.operand(op, i)).collect()
}

/// Result group `group` of `op` as values.
pub fn result_group(spec: &OpSpec, body: &Body<'_>, op: OpId, group: usize) -> Vec<ValueId> {
    let (s, e) = result_range(spec, body, op, group);
    (s..e).map(|i| body.result(op, i)).collect()
}

/// The value of attribute `name` of `op` (a property), or its default.
pub fn attr_or_default<'c>(
    ctx: &'c Context,
    spec: &AttrSpec,
    body: &Body<'c>,
    op: OpId,
) -> Option<Attribute<'c>> {
    body.attr(op, spec.name).or_else(|| {
        spec.default
            .and_then(|d| d.build(ctx, spec.constraint.form))
    })
}

/// Fills in the default-valued attributes an op state lacks, as MLIR's
/// `populateDefaultProperties` does when an op is created.
pub fn populate_defaults<'c>(ctx: &'c Context, state: &mut crate::OperationState<'c>) {
    let Some(spec) = state.name.def.and_then(|d| d.spec) else {
        return;
    };
    if !spec.has_defaults() {
        return;
    }
    let existing = state.props.and_then(|p| p.as_dictionary()).unwrap_or(&[]);
    let mut added: smallvec::SmallVec<[crate::NamedAttribute<'c>; 4]> = smallvec::SmallVec::new();
    for a in spec.attrs {
        let Some(d) = a.default.filter(|_| a.populate) else {
            continue;
        };
        if existing.iter().any(|e| e.name.as_str() == a.name) {
            continue;
        }
        if let Some(v) = d.build(ctx, a.constraint.form) {
            added.push(crate::NamedAttribute {
                name: ctx.ident(a.name),
                value: v,
            });
        }
    }
    if !added.is_empty() {
        let mut all: Vec<crate::NamedAttribute<'c>> = existing.to_vec();
        all.extend(added);
        state.props = Some(ctx.dictionary(&all));
    }
}

/// The ODS operands of an op by name (the first value of each group), read once so
/// that lowering code can look them up while it builds.
pub struct NamedOperands(Vec<(&'static str, Option<crate::ValueId>)>);

impl NamedOperands {
    /// The named operands of `op`.
    pub fn of(body: &crate::Body<'_>, op: crate::OpId) -> Self {
        let Some(spec) = body.op_name(op).def.and_then(|d| d.spec) else {
            return NamedOperands(Vec::new());
        };
        NamedOperands(
            spec.operands
                .iter()
                .enumerate()
                .map(|(g, o)| (o.name, operand_group(spec, body, op, g).first().copied()))
                .collect(),
        )
    }
    /// The operand `name`, if present.
    pub fn get(&self, name: &str) -> Option<crate::ValueId> {
        self.0
            .iter()
            .find(|(n, _)| *n == name)
            .and_then(|(_, v)| *v)
    }
}
