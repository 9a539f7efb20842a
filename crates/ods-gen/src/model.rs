//! A plain model of a dialect's ODS records: what the emitter needs, with TableGen's
//! class hierarchy already interpreted.

use tblgen::{Record, RecordKeeper, TypedInit};

use crate::preds;

/// How many values an operand or result group holds.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Arity {
    /// Exactly one.
    Single,
    /// `Optional<...>`.
    Optional,
    /// `Variadic<...>`.
    Variadic,
}

/// A compiled type constraint.
#[derive(Clone, Debug, PartialEq)]
pub struct TypeCon {
    /// Summary text.
    pub summary: String,
    /// Rust expression over `x: Type`.
    pub check: String,
    /// Rust expression over `ctx: &Context` building the type, if buildable.
    pub build: Option<String>,
    /// The C++ class of the constrained type (`::mlir::MemRefType`), which a format's
    /// type parser checks first.
    pub cpp_type: String,
}

/// A compiled attribute constraint.
#[derive(Clone, Debug, PartialEq)]
pub struct AttrCon {
    /// Summary text.
    pub summary: String,
    /// Rust expression over `x: Attribute`.
    pub check: String,
    /// Rust expression of its `AttrForm`.
    pub form: String,
    /// Whether the attribute is `UnitAttr`.
    pub unit: bool,
}

/// An integer enum used by an attribute.
#[derive(Clone, Debug)]
pub struct EnumInfo {
    /// The enum's class name.
    pub name: String,
    /// `(keyword, value)`.
    pub cases: Vec<(String, i64)>,
    /// Storage width.
    pub width: u32,
    /// The C++ symbols of the cases (`External` for `external`), in case order.
    pub symbols: Vec<String>,
}

impl EnumInfo {
    /// The value of the case whose C++ symbol (or keyword) is `symbol`.
    pub fn value_of_symbol(&self, symbol: &str) -> Option<i64> {
        self.symbols
            .iter()
            .position(|s| s == symbol)
            .or_else(|| self.cases.iter().position(|c| c.0 == symbol))
            .map(|i| self.cases[i].1)
    }
    /// The keyword of the case whose C++ symbol (or keyword) is `symbol`.
    pub fn keyword_of_symbol(&self, symbol: &str) -> Option<&str> {
        self.symbols
            .iter()
            .position(|s| s == symbol)
            .or_else(|| self.cases.iter().position(|c| c.0 == symbol))
            .map(|i| self.cases[i].0.as_str())
    }
}

/// An operand or result group.
#[derive(Clone, Debug)]
pub struct Value {
    /// Name.
    pub name: String,
    /// Arity.
    pub arity: Arity,
    /// Constraint.
    pub con: TypeCon,
    /// Description (for docs).
    pub desc: String,
    /// `VariadicOfVariadic<..., "attr">`: the attribute holding the sub-group sizes.
    pub segment_attr: Option<String>,
    /// The memory effects of its `Arg<..., [MemRead, MemWrite...]>` decorators.
    pub effects: u8,
}

/// A declared attribute.
#[derive(Clone, Debug)]
pub struct Attr {
    /// Name.
    pub name: String,
    /// Constraint.
    pub con: AttrCon,
    /// May be absent.
    pub optional: bool,
    /// Rust expression of a `DefaultValue`, for `DefaultValuedAttr` and
    /// `DefaultValuedOptionalAttr`.
    pub default: Option<String>,
    /// Whether the default is filled in when an op is created (`DefaultValuedAttr`
    /// only; a `DefaultValuedOptionalAttr` stays absent until set).
    pub populate: bool,
}

/// A declared region.
#[derive(Clone, Debug)]
pub struct Region {
    /// Name.
    pub name: String,
    /// Variadic.
    pub variadic: bool,
    /// Required number of blocks (`SizedRegion<N>`).
    pub blocks: Option<u32>,
    /// Summary.
    pub summary: String,
}

/// A declared successor.
#[derive(Clone, Debug)]
pub struct Successor {
    /// Name.
    pub name: String,
    /// Variadic.
    pub variadic: bool,
}

/// A trait check with a verifier.
#[derive(Clone, Debug)]
pub enum Check {
    /// A check without parameters, by its runtime variant name.
    Simple(&'static str),
    /// `AllTypesMatch<[names]>`.
    AllTypesMatch(Vec<String>, String),
    /// `TypesMatchWith`: lhs, rhs, transform (Rust expr over `ctx`, `x`), summary.
    TypesMatchWith(String, String, String, String),
    /// `HasParent` / `ParentOneOf`.
    Parent(Vec<String>, bool),
    /// `ShapedTypeMatchesElementCountAndTypes<shaped, elements>`: the variadic `elements`
    /// are as many as the shaped type's elements, each of its element type; summary.
    ElementCountAndTypes(String, String, String),
    /// `PredOpTrait<summary, TCresVTEtIsSameAsOpBase<result, operand>>`: result and operand
    /// (positional) have the same element type.
    SameElementType(usize, usize, String),
}

/// One op.
#[derive(Clone, Debug)]
pub struct Op {
    /// The record name (`Arith_AddIOp`).
    pub def_name: String,
    /// The Rust struct name (`AddIOp`).
    pub struct_name: String,
    /// Full op name (`arith.addi`).
    pub name: String,
    /// Summary.
    pub summary: String,
    /// Description.
    pub description: String,
    /// Operand groups.
    pub operands: Vec<Value>,
    /// Result groups.
    pub results: Vec<Value>,
    /// Attributes.
    pub attrs: Vec<Attr>,
    /// Regions.
    pub regions: Vec<Region>,
    /// Successors.
    pub successors: Vec<Successor>,
    /// `OpTraits` constant names.
    pub flags: Vec<&'static str>,
    /// Trait checks in declaration order.
    pub checks: Vec<Check>,
    /// Memory effect bits (`pto_ir::ods::MemoryEffects`).
    pub effects: u8,
    /// `AttrSizedOperandSegments`.
    pub operand_segments: bool,
    /// `AttrSizedResultSegments`.
    pub result_segments: bool,
    /// The declarative format, if any.
    pub format: Option<String>,
    /// `hasCustomAssemblyFormat`.
    pub custom_format: bool,
    /// `hasVerifier`.
    pub has_verifier: bool,
    /// `hasRegionVerifier`.
    pub has_region_verifier: bool,
    /// `DeclareOpInterfaceMethods<SymbolUserOpInterface>`: a `verify_symbol_uses_<h>` hook.
    pub symbol_user: bool,
    /// `InferTypeOpAdaptor` (`InferTypeOpInterface`): result types the format does not
    /// give come from an `infer_return_types_<h>` hook.
    pub infer_types: bool,
    /// `SingleBlockImplicitTerminator<"op.name">`.
    pub implicit_terminator: Option<String>,
    /// `hasFolder`.
    pub has_folder: bool,
    /// `hasCanonicalizer`: a `canonicalization_patterns_<h>` hook adds patterns.
    pub has_canonicalizer: bool,
    /// `hasCanonicalizeMethod`: a `canonicalize_<h>` hook is the op's pattern.
    pub has_canonicalize_method: bool,
    /// Declares `getAsmResultNames`.
    pub result_names: bool,
    /// Declares `getDefaultDialect`.
    pub default_dialect: bool,
    /// `DeclareOpInterfaceMethods<MemoryEffectsOpInterface>`: a `memory_effects_<h>` hook.
    pub memory_effects_hook: bool,
    /// Names of the traits and interfaces, for docs.
    pub trait_names: Vec<String>,
    /// The Rust interfaces the op implements (see [`crate::interfaces`]).
    pub interfaces: Vec<crate::interfaces::OpImpl>,
}

/// A dialect.
#[derive(Clone, Debug)]
pub struct Dialect {
    /// Namespace.
    pub name: String,
    /// Summary.
    pub summary: String,
    /// Description.
    pub description: String,
    /// Ops in record order.
    pub ops: Vec<Op>,
    /// Integer enums used by attributes.
    pub enums: Vec<EnumInfo>,
    /// Dialect attributes defined as `EnumAttr<Dialect, Enum, "mnemonic">`.
    pub enum_attrs: Vec<EnumAttrDef>,
    /// Mnemonics of the dialect's `AttrDef`s without parameters (`#ub.poison`).
    pub empty_attrs: Vec<String>,
    /// `hasConstantMaterializer`: a `materialize_constant` hook.
    pub constant_materializer: bool,
    /// The dialect's types (`TypeDef`s), by mnemonic.
    pub types: Vec<crate::typedef::TypeDefModel>,
    /// The dialect's attributes with parameters (`AttrDef`s other than `EnumAttr`s), by
    /// mnemonic.
    pub attrs: Vec<crate::typedef::TypeDefModel>,
    /// Every Rust interface the records know (`RustOpInterface`), including pto-ir's.
    pub interfaces: Vec<crate::interfaces::RustInterface>,
}

/// A dialect attribute wrapping an enum: `#dialect.mnemonic<case, ...>`.
#[derive(Clone, Debug)]
pub struct EnumAttrDef {
    /// The TableGen record (`Arith_FastMathAttr`), for messages.
    pub record: String,
    /// The mnemonic.
    pub mnemonic: String,
    /// The enum's C++-style name, for messages.
    pub enum_name: String,
    /// `(keyword, value)` cases.
    pub cases: Vec<(String, i64)>,
    /// The enum (class name, cases and their C++ symbols), for the generated Rust enum.
    pub info: EnumInfo,
    /// The attribute's class name (`PipeAttr`), for the generated typed wrapper.
    pub class_name: String,
    /// A bit enum (cases combine).
    pub bits: bool,
    /// Printing separator of a bit enum.
    pub separator: String,
    /// Print multi-bit groups before single bits.
    pub groups_first: bool,
    /// Written `<case>` after the mnemonic (the default `assemblyFormat`); without angle
    /// brackets (`assemblyFormat = "$value"`) it prints as `#dialect<mnemonic case>`.
    pub angle: bool,
}

/// Whether an `EnumAttr`'s `assemblyFormat` is `<$value>` (true) or `$value` (false);
/// any other format is not supported.
fn enum_attr_angle(r: Record<'_>) -> Result<bool, String> {
    let f: String = s(r, "assemblyFormat").split_whitespace().collect();
    match f.as_str() {
        "`<`$value`>`" => Ok(true),
        "$value" => Ok(false),
        _ => Err(format!(
            "{}: EnumAttr assemblyFormat `{}` is not supported (use `<` $value `>` or $value)",
            rname(r),
            s(r, "assemblyFormat")
        )),
    }
}

thread_local! {
    /// The Rust interfaces of the records being read (see [`read_dialect`]).
    static RUST_INTERFACES: std::cell::RefCell<Vec<crate::interfaces::RustInterface>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

fn s<'a>(r: Record<'a>, field: &str) -> String {
    r.str_value(field)
        .map(|v| v.to_string())
        .unwrap_or_default()
}

fn rname(r: Record<'_>) -> String {
    r.name().unwrap_or("?").to_string()
}

/// Reads the dialect `name` from the parsed records.
pub fn read_dialect(keeper: &RecordKeeper<'_>, name: &str) -> Result<Dialect, String> {
    let dialect_rec = keeper
        .all_derived_definitions("Dialect")
        .find(|d| d.str_value("name").ok() == Some(name))
        .ok_or_else(|| format!("no `Dialect` record with name \"{name}\""))?;
    let mut d = Dialect {
        name: name.to_string(),
        summary: s(dialect_rec, "summary"),
        description: s(dialect_rec, "description"),
        ops: Vec::new(),
        enums: Vec::new(),
        enum_attrs: Vec::new(),
        empty_attrs: Vec::new(),
        constant_materializer: dialect_rec
            .bit_value("hasConstantMaterializer")
            .unwrap_or(false),
        types: Vec::new(),
        attrs: Vec::new(),
        interfaces: crate::interfaces::read_rust_interfaces(keeper)?,
    };
    RUST_INTERFACES.with(|k| *k.borrow_mut() = d.interfaces.clone());
    preds::set_type_classes(crate::typedef::type_classes(keeper));
    preds::set_attr_classes(crate::typedef::attr_classes(keeper));
    preds::set_attr_interfaces(crate::typedef::attr_interfaces(keeper));
    d.types = crate::typedef::read_typedefs(keeper, name, &mut d.enums)?;
    d.attrs = crate::typedef::read_attrdefs(keeper, name, &mut d.enums)?;
    for r in keeper.all_derived_definitions_if_defined("EnumAttr") {
        let dn = r
            .def_value("dialect")
            .ok()
            .and_then(|d| d.str_value("name").ok());
        if dn != Some(name) {
            continue;
        }
        let info = r
            .def_value("enum")
            .map_err(|e| format!("{}: {e}", rname(r)))?;
        let e = read_enum(info)?;
        d.enum_attrs.push(EnumAttrDef {
            record: rname(r).to_string(),
            mnemonic: s(r, "mnemonic"),
            enum_name: format!(
                "{}::{}",
                s(info, "cppNamespace").replace("::pto::", "::mlir::"),
                e.name
            ),
            cases: e.cases.clone(),
            class_name: Some(s(r, "cppClassName"))
                .filter(|c| !c.is_empty())
                .unwrap_or_else(|| format!("{}Attr", e.name)),
            info: e,
            bits: info.subclass_of("BitEnumAttrBase") || info.subclass_of("BitEnumBase"),
            separator: info.str_value("separator").unwrap_or("|").to_string(),
            groups_first: info.bit_value("printBitEnumPrimaryGroups").unwrap_or(false),
            angle: enum_attr_angle(r)?,
        });
    }
    for r in keeper.all_derived_definitions_if_defined("AttrDef") {
        let dn = r
            .def_value("dialect")
            .ok()
            .and_then(|d| d.str_value("name").ok());
        if dn != Some(name) || r.subclass_of("EnumAttr") {
            continue;
        }
        if crate::typedef::is_body_stored_attr(r) {
            d.empty_attrs.push(s(r, "mnemonic"));
        }
    }
    let mut ops: Vec<Record<'_>> = keeper
        .all_derived_definitions("Op")
        .filter(|op| {
            op.def_value("opDialect")
                .ok()
                .and_then(|dr| dr.str_value("name").ok())
                == Some(name)
        })
        .collect();
    // Record order is by name; keep the op names' order for stable output.
    ops.sort_by_key(|r| r.str_value("opName").unwrap_or("").to_string());
    for r in ops {
        let op = read_op(r, name, &mut d.enums).map_err(|e| format!("{}: {e}", rname(r)))?;
        d.ops.push(op);
    }
    Ok(d)
}

fn dag_entries<'a>(r: Record<'a>, field: &str) -> Vec<(String, Record<'a>)> {
    let Ok(dag) = r.dag_value(field) else {
        return Vec::new();
    };
    dag.args()
        .filter_map(|(n, v)| match v {
            TypedInit::Def(def) => Some((n.unwrap_or("").to_string(), Record::from(def))),
            _ => None,
        })
        .collect()
}

fn read_op(r: Record<'_>, dialect: &str, enums: &mut Vec<EnumInfo>) -> Result<Op, String> {
    let short = s(r, "opName");
    let def_name = rname(r);
    let struct_name = def_name
        .split_once('_')
        .map(|(_, rest)| rest.to_string())
        .unwrap_or_else(|| def_name.clone());
    let mut op = Op {
        def_name,
        struct_name,
        name: format!("{dialect}.{short}"),
        summary: s(r, "summary"),
        description: s(r, "description"),
        operands: Vec::new(),
        results: Vec::new(),
        attrs: Vec::new(),
        regions: Vec::new(),
        successors: Vec::new(),
        flags: Vec::new(),
        checks: Vec::new(),
        effects: 0,
        operand_segments: false,
        result_segments: false,
        format: r.str_value("assemblyFormat").ok().map(str::to_string),
        custom_format: r.bit_value("hasCustomAssemblyFormat").unwrap_or(false),
        has_verifier: r.bit_value("hasVerifier").unwrap_or(false),
        has_region_verifier: r.bit_value("hasRegionVerifier").unwrap_or(false),
        symbol_user: false,
        infer_types: false,
        implicit_terminator: None,
        has_folder: r.bit_value("hasFolder").unwrap_or(false),
        has_canonicalizer: r.bit_value("hasCanonicalizer").unwrap_or(false),
        has_canonicalize_method: r.bit_value("hasCanonicalizeMethod").unwrap_or(false),
        result_names: false,
        default_dialect: false,
        memory_effects_hook: false,
        trait_names: Vec::new(),
        interfaces: Vec::new(),
    };
    let mut effects_declared = false;
    for (name, arg) in dag_entries(r, "arguments") {
        let (arg, decorators) = unwrap_arg(arg);
        op.effects |= effect_bits(&decorators);
        effects_declared |= !decorators.is_empty();
        if arg.subclass_of("Attr") {
            op.attrs.push(read_attr(&name, arg, enums)?);
        } else if arg.subclass_of("TypeConstraint") {
            let mut v = read_value(&name, arg)?;
            v.effects = effect_bits(&decorators);
            op.operands.push(v);
        } else {
            return Err(format!(
                "argument `{name}` of kind `{}` is not supported (use an Attr or a type)",
                rname(arg)
            ));
        }
    }
    for (name, res) in dag_entries(r, "results") {
        let (res, decorators) = unwrap_arg(res);
        op.effects |= effect_bits(&decorators);
        effects_declared |= !decorators.is_empty();
        let mut v = read_value(&name, res)?;
        v.effects = effect_bits(&decorators);
        op.results.push(v);
    }
    for (name, reg) in dag_entries(r, "regions") {
        let variadic = reg.subclass_of("VariadicRegion");
        let base = if variadic {
            reg.def_value("region").unwrap_or(reg)
        } else {
            reg
        };
        op.regions.push(Region {
            name,
            variadic,
            blocks: if base.subclass_of("SizedRegion") {
                base.int_value("blocks").ok().map(|b| b as u32)
            } else {
                None
            },
            summary: s(base, "summary"),
        });
    }
    for (name, succ) in dag_entries(r, "successors") {
        op.successors.push(Successor {
            name,
            variadic: succ.subclass_of("VariadicSuccessor"),
        });
    }
    let traits = r.list_of_defs_value("traits").unwrap_or_default();
    let mut flat = Vec::new();
    flatten_traits(&traits, &mut flat);
    for t in flat {
        read_trait(t, &mut op, &mut effects_declared)?;
    }
    if !effects_declared {
        op.effects |= 32; // UNKNOWN
    }
    Ok(op)
}

/// `Arg<constraint, desc, decorators>` / `Res<...>`: the constraint and its decorators.
fn unwrap_arg(r: Record<'_>) -> (Record<'_>, Vec<Record<'_>>) {
    if r.subclass_of("Arg") || r.subclass_of("Res") {
        let c = r.def_value("constraint").unwrap_or(r);
        let decorators = r.list_of_defs_value("decorators").unwrap_or_default();
        return (c, decorators);
    }
    (r, Vec::new())
}

fn effect_bits(decorators: &[Record<'_>]) -> u8 {
    let mut bits = 0;
    for d in decorators {
        if d.subclass_of("MemRead") {
            bits |= 1;
        } else if d.subclass_of("MemWrite") {
            bits |= 2;
        } else if d.subclass_of("MemAlloc") {
            bits |= 4;
        } else if d.subclass_of("MemFree") {
            bits |= 8;
        }
    }
    bits
}

fn flatten_traits<'a>(traits: &[Record<'a>], out: &mut Vec<Record<'a>>) {
    for t in traits {
        if t.subclass_of("TraitList") {
            let inner = t.list_of_defs_value("traits").unwrap_or_default();
            flatten_traits(&inner, out);
        } else {
            // Dependent traits first, as ODS orders them.
            if let Ok(dep) = t.list_of_defs_value("dependentTraits") {
                flatten_traits(&dep, out);
            }
            if !out.contains(t) {
                out.push(*t);
            }
        }
    }
}

fn read_trait(t: Record<'_>, op: &mut Op, effects_declared: &mut bool) -> Result<(), String> {
    let name = rname(t);
    if t.subclass_of("SideEffectsTraitBase") {
        *effects_declared = true;
        let effects = t.list_of_defs_value("effects").unwrap_or_default();
        op.effects |= effect_bits(&effects);
        if !name.starts_with("anonymous") {
            op.trait_names.push(name);
        } else if effects.is_empty() {
            op.trait_names.push("NoMemoryEffect".into());
        } else {
            op.trait_names.push(format!(
                "MemoryEffects<[{}]>",
                effects
                    .iter()
                    .map(|e| rname(*e))
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        return Ok(());
    }
    if t.subclass_of("AllTypesMatch") {
        let values = t.list_of_strings_value("values").unwrap_or_default();
        let summary = s(t, "summary");
        op.trait_names
            .push(format!("AllTypesMatch<[{}]>", values.join(", ")));
        op.checks.push(Check::AllTypesMatch(
            values.into_iter().map(str::to_string).collect(),
            summary,
        ));
        return Ok(());
    }
    if t.subclass_of("TypesMatchWith") {
        let lhs = s(t, "lhs");
        let rhs = s(t, "rhs");
        let transformer = s(t, "transformer");
        let transform = preds::type_transform(&transformer)
            .ok_or_else(|| format!("unsupported TypesMatchWith transformer `{transformer}`"))?;
        op.trait_names.push(format!("TypesMatchWith<{lhs}, {rhs}>"));
        op.checks
            .push(Check::TypesMatchWith(lhs, rhs, transform, s(t, "summary")));
        return Ok(());
    }
    if t.subclass_of("ShapedTypeMatchesElementCountAndTypes") {
        let summary = s(t, "summary");
        op.trait_names.push(format!("PredOpTrait<{summary}>"));
        op.checks.push(Check::ElementCountAndTypes(
            s(t, "shaped"),
            s(t, "elements"),
            summary,
        ));
        return Ok(());
    }
    if t.subclass_of("PredOpTrait") {
        let summary = s(t, "summary");
        if let Some((res, operand)) = t
            .def_value("predicate")
            .ok()
            .and_then(|p| p.str_value("predExpr").ok().map(str::to_string))
            .and_then(|e| same_element_type_pred(&e))
        {
            op.trait_names.push(format!("PredOpTrait<{summary}>"));
            op.checks
                .push(Check::SameElementType(res, operand, summary));
            return Ok(());
        }
        return Err(format!("predicate trait `{summary}` is not supported"));
    }
    if t.subclass_of("OpInterfaceTrait") || t.subclass_of("OpInterface") {
        let iface = s(t, "cppInterfaceName");
        match iface.as_str() {
            "SymbolOpInterface" => {
                op.flags.push("SYMBOL");
                op.checks.push(Check::Simple("Symbol"));
            }
            "RegionKindInterface" => {}
            "OpAsmOpInterface" => {
                let methods = t
                    .list_of_strings_value("alwaysOverriddenMethods")
                    .unwrap_or_default();
                let _ = methods;
            }
            _ => {}
        }
        if t.subclass_of("DeclareInterfaceMethods") {
            let methods: Vec<String> = t
                .list_of_strings_value("alwaysOverriddenMethods")
                .unwrap_or_default()
                .into_iter()
                .map(str::to_string)
                .collect();
            let declared = declared_methods(t);
            if iface == "SymbolUserOpInterface" {
                op.symbol_user = true;
            }
            if iface == "InferTypeOpInterface" {
                op.infer_types = true;
            }
            if iface == "MemoryEffectOpInterface" {
                op.memory_effects_hook = true;
            }
            if iface == "OpAsmOpInterface" {
                op.result_names |= declared.iter().any(|m| m == "getAsmResultNames");
                op.default_dialect |= declared.iter().any(|m| m == "getDefaultDialect");
            }
            let _ = methods;
        }
        let declare = t.subclass_of("DeclareInterfaceMethods");
        let listed = if declare {
            declared_methods(t)
        } else {
            Vec::new()
        };
        let rust = RUST_INTERFACES.with(|k| {
            k.borrow()
                .iter()
                .position(|i| i.name == iface)
                .map(|n| (n, k.borrow()[n].clone()))
        });
        // MLIR's own record listed as such (through `Pure`, say) is implemented by
        // MLIR's traits, which pto-mlir derives from the ODS record: no model.
        let upstream_plain = !declare && !t.subclass_of("RustOpInterface");
        if let Some((n, ri)) = rust.filter(|_| !upstream_plain) {
            if !op.interfaces.iter().any(|x| x.interface == n) {
                // An interface of MLIR's (C++) that pto-mlir has in Rust: a listed
                // method is implemented by a hook even where MLIR's has a default.
                op.interfaces.push(crate::interfaces::op_impl(
                    n, &ri, &listed, declare, &op.name,
                )?);
            }
        }
        if !iface.is_empty() && !op.trait_names.contains(&iface) {
            op.trait_names.push(iface);
        }
        return Ok(());
    }
    if t.subclass_of("NativeOpTrait") || t.subclass_of("NativeTrait") {
        let tr = s(t, "trait");
        let base = tr.split('<').next().unwrap_or("").to_string();
        match base.as_str() {
            "IsIsolatedFromAbove" => op.flags.push("ISOLATED_FROM_ABOVE"),
            "IsTerminator" => op.flags.push("TERMINATOR"),
            "NoTerminator" => op.flags.push("NO_TERMINATOR"),
            "SingleBlock" => op.flags.push("SINGLE_BLOCK"),
            "SingleBlockImplicitTerminator" => {
                op.flags.push("SINGLE_BLOCK");
                // Written with the op name (`<"scf.yield">`), as `HasParent` is.
                let inner = tr
                    .split_once('<')
                    .and_then(|(_, r)| r.rsplit_once('>'))
                    .map(|(a, _)| a.trim().trim_matches('"').to_string());
                op.implicit_terminator = inner.filter(|t| !t.is_empty());
            }
            "SymbolTable" => op.flags.push("SYMBOL_TABLE"),
            "IsCommutative" => op.flags.push("COMMUTATIVE"),
            "ConstantLike" => op.flags.push("CONSTANT_LIKE"),
            "AffineScope" => op.flags.push("AFFINE_SCOPE"),
            "ReturnLike" => op.flags.push("RETURN_LIKE"),
            "HasOnlyGraphRegion" => op.flags.push("GRAPH_REGION"),
            "HasRecursiveMemoryEffects" => {
                *effects_declared = true;
                op.effects |= 16;
            }
            "AttrSizedOperandSegments" => op.operand_segments = true,
            "AttrSizedResultSegments" => op.result_segments = true,
            "SameOperandsAndResultType" => {
                op.checks.push(Check::Simple("SameOperandsAndResultType"))
            }
            "SameTypeOperands" => op.checks.push(Check::Simple("SameTypeOperands")),
            "SameOperandsAndResultShape" => {
                op.checks.push(Check::Simple("SameOperandsAndResultShape"))
            }
            "SameOperandsAndResultElementType" => op
                .checks
                .push(Check::Simple("SameOperandsAndResultElementType")),
            "SameOperandsShape" => op.checks.push(Check::Simple("SameOperandsShape")),
            "SameOperandsElementType" => op.checks.push(Check::Simple("SameOperandsElementType")),
            "Elementwise" => op.checks.push(Check::Simple("Elementwise")),
            "HasParent" | "ParentOneOf" => {
                let inner = tr
                    .split_once('<')
                    .and_then(|(_, r)| r.rsplit_once('>'))
                    .map(|(a, _)| a)
                    .unwrap_or("");
                let names: Vec<String> = inner
                    .split(',')
                    .map(|n| cpp_op_to_name(n.trim()))
                    .filter(|n| !n.is_empty())
                    .collect();
                op.checks.push(Check::Parent(names, base == "ParentOneOf"));
            }
            _ => {}
        }
        let shown = if name.starts_with("anonymous") {
            tr.trim_end_matches("::Impl").to_string()
        } else {
            name
        };
        op.trait_names.push(shown);
        return Ok(());
    }
    Ok(())
}

/// `getElementTypeOrSelf($_op.getResult(i)) == getElementTypeOrSelf($_op.getOperand(j))`
/// (ODS's `TCresVTEtIsSameAsOpBase<i, j>`): `(i, j)`.
fn same_element_type_pred(e: &str) -> Option<(usize, usize)> {
    let e: String = e.split_whitespace().collect();
    let e = e
        .strip_prefix('(')
        .and_then(|r| r.strip_suffix(')'))
        .unwrap_or(&e);
    let (l, r) = e.split_once("==")?;
    let res = l
        .trim_start_matches("::mlir::")
        .strip_prefix("getElementTypeOrSelf($_op.getResult(")?
        .strip_suffix("))")?
        .parse()
        .ok()?;
    let operand = r
        .trim_start_matches("::mlir::")
        .strip_prefix("getElementTypeOrSelf($_op.getOperand(")?
        .strip_suffix("))")?
        .parse()
        .ok()?;
    Some((res, operand))
}

/// Methods named in `DeclareOpInterfaceMethods<Iface, [methods]>`.
fn declared_methods(t: Record<'_>) -> Vec<String> {
    // The list is the class's template argument; it shows up as `alwaysOverriddenMethods`
    // plus the record's own `methods` filter, which TableGen does not keep. ODS stores the
    // overridden names in the trait string; read it from there when present.
    let mut out: Vec<String> = t
        .list_of_strings_value("alwaysOverriddenMethods")
        .unwrap_or_default()
        .into_iter()
        .map(str::to_string)
        .collect();
    if let Ok(v) = t.list_of_strings_value("overriddenMethods") {
        out.extend(v.into_iter().map(str::to_string));
    }
    out
}

/// `::mlir::scf::ForOp` style names are not recoverable; ODS `HasParent` takes op class
/// names. The project's `.td` files write the op names (`"scf.for"`) instead.
fn cpp_op_to_name(n: &str) -> String {
    n.trim_matches('"').to_string()
}

fn read_value(name: &str, r: Record<'_>) -> Result<Value, String> {
    let (arity, base) = if r.subclass_of("Variadic") {
        (Arity::Variadic, r.def_value("baseType").unwrap_or(r))
    } else if r.subclass_of("Optional") {
        (Arity::Optional, r.def_value("baseType").unwrap_or(r))
    } else {
        (Arity::Single, r)
    };
    let con = type_con(base).map_err(|e| format!("operand/result `{name}`: {e}"))?;
    let segment_attr = r
        .subclass_of("VariadicOfVariadic")
        .then(|| s(r, "segmentAttrName"))
        .filter(|a| !a.is_empty());
    Ok(Value {
        name: name.to_string(),
        arity,
        con,
        desc: String::new(),
        segment_attr,
        effects: 0,
    })
}

/// Compiles a type constraint record.
pub fn type_con(r: Record<'_>) -> Result<TypeCon, String> {
    let summary = s(r, "summary");
    let check = match r.optional_def_value("predicate") {
        Some(p) => preds::type_pred(p)?,
        None => "true".to_string(),
    };
    let build = r
        .str_value("builderCall")
        .ok()
        .filter(|b| !b.is_empty())
        .and_then(preds::type_builder);
    let cpp_type = r.str_value("cppType").unwrap_or("::mlir::Type").to_string();
    Ok(TypeCon {
        summary,
        check,
        build,
        cpp_type,
    })
}

fn read_attr(name: &str, r: Record<'_>, enums: &mut Vec<EnumInfo>) -> Result<Attr, String> {
    let mut optional = r.bit_value("isOptional").unwrap_or(false);
    let default_text = r.str_value("defaultValue").ok().map(str::to_string);
    // Unwrap OptionalAttr / DefaultValuedAttr to the base constraint. A ConfinedAttr
    // also names its base, but its own predicate adds the constraints: keep it (it
    // copies the base's storage and value types, all the rest needs).
    let base = if r.subclass_of("ConfinedAttr") {
        r
    } else {
        r.def_value("baseAttr").ok().unwrap_or(r)
    };
    let is_default =
        r.subclass_of("DefaultValuedAttr") || r.subclass_of("DefaultValuedOptionalAttr");
    if is_default {
        optional = true;
    }
    let con = attr_con(base, enums).map_err(|e| format!("attribute `{name}`: {e}"))?;
    if con.unit {
        optional = true;
    }
    // `DefaultValuedOptionalAttr` stays absent until set: only `DefaultValuedAttr` is
    // filled in when an op is created; both are elided when printed equal to it.
    let populate = is_default && !r.subclass_of("DefaultValuedOptionalAttr");
    let default = if is_default {
        let text = default_text.as_deref().unwrap_or("");
        let text = enum_default_keyword(base, text).unwrap_or_else(|| text.to_string());
        // An integer enum stores its value: the default is that integer.
        let int_enum = match con.form.strip_prefix("RT::ods::AttrForm::Enum(&ENUM_") {
            Some(rest) => enums
                .iter()
                .find(|e| rest.strip_suffix(')') == Some(e.name.to_uppercase().as_str()))
                .and_then(|e| e.value_of_symbol(&text)),
            None => None,
        };
        let built = (text.trim() == "{}")
            .then(|| base.str_value("constBuilderCall").ok())
            .flatten()
            .and_then(preds::default_from_builder);
        match int_enum {
            Some(v) => Some(format!("RT::ods::DefaultValue::Int({v})")),
            None if built.is_some() => built,
            None => Some(preds::default_value(&text, &con).ok_or_else(|| {
                format!("attribute `{name}`: default value `{text}` is not supported")
            })?),
        }
    } else {
        None
    };
    Ok(Attr {
        name: name.to_string(),
        con,
        optional,
        default,
        populate,
    })
}

/// Compiles an attribute constraint record.
pub fn attr_con(r: Record<'_>, enums: &mut Vec<EnumInfo>) -> Result<AttrCon, String> {
    let summary = s(r, "summary");
    let rn = rname(r);
    // Dialect enum attributes (`#arith.fastmath<...>`).
    if r.subclass_of("EnumAttr") {
        let d = r
            .def_value("dialect")
            .ok()
            .and_then(|d| d.str_value("name").ok())
            .unwrap_or("")
            .to_string();
        let m = s(r, "mnemonic");
        return Ok(AttrCon {
            summary,
            check: format!("RT::ods::preds::a_dialect(x, {d:?}, {m:?})"),
            form: format!("RT::ods::AttrForm::Dialect(\"{d}.{m}\")"),
            unit: false,
        });
    }
    // Integer enums: the predicate is a list of case comparisons; check the cases directly.
    if r.subclass_of("EnumAttrInfo") && r.subclass_of("IntEnumAttr") || r.subclass_of("IntEnumAttr")
    {
        let info = read_enum(r)?;
        let cases: Vec<String> = info.cases.iter().map(|c| c.1.to_string()).collect();
        let check = format!(
            "RT::ods::preds::a_int_enum(x, {}, &[{}])",
            info.width,
            cases.join(", ")
        );
        let idx = match enums.iter().position(|e| e.name == info.name) {
            Some(i) => i,
            None => {
                enums.push(info);
                enums.len() - 1
            }
        };
        return Ok(AttrCon {
            summary,
            check,
            form: format!(
                "RT::ods::AttrForm::Enum(&ENUM_{})",
                enums[idx].name.to_uppercase()
            ),
            unit: false,
        });
    }
    let check = match r.optional_def_value("predicate") {
        Some(p) => preds::attr_pred(p)?,
        None => "true".to_string(),
    };
    let storage = s(r, "storageType");
    let storage = storage.trim();
    let unit = rn == "UnitAttr" || storage == "::mlir::UnitAttr";
    let form = if unit {
        "RT::ods::AttrForm::Unit".to_string()
    } else if rn == "SymbolNameAttr" {
        "RT::ods::AttrForm::SymbolName".to_string()
    } else if let Some(elem) = storage
        .strip_prefix("::mlir::Dense")
        .and_then(|r| r.strip_suffix("ArrayAttr"))
        .and_then(|e| match e {
            "Bool" => Some("ctx.int_type(1)"),
            "I8" => Some("ctx.int_type(8)"),
            "I16" => Some("ctx.int_type(16)"),
            "I32" => Some("ctx.int_type(32)"),
            "I64" => Some("ctx.int_type(64)"),
            _ => None,
        })
    {
        format!("RT::ods::AttrForm::DenseArray(|ctx| {elem})")
    } else if storage == "::mlir::TypeAttr" {
        "RT::ods::AttrForm::Type".to_string()
    } else if storage == "::mlir::StringAttr" {
        "RT::ods::AttrForm::Str".to_string()
    } else if let Some(b) = r
        .optional_def_value("valueType")
        .and_then(|vt| vt.str_value("builderCall").ok())
        .filter(|b| !b.is_empty())
        .and_then(preds::type_builder)
    {
        format!("RT::ods::AttrForm::Typed(|ctx| {b})")
    } else if r.subclass_of("AttrInterface")
        && preds::attr_interface_implementers(&format!(
            "{}::{}",
            s(r, "cppNamespace"),
            s(r, "cppInterfaceName")
        ))
        .is_some()
    {
        "RT::ods::AttrForm::Interface".to_string()
    } else if r.subclass_of("DialectAttr") || r.subclass_of("AttrDef") {
        let d = r
            .def_value("dialect")
            .ok()
            .and_then(|d| d.str_value("name").ok())
            .unwrap_or("");
        let m = s(r, "mnemonic");
        format!("RT::ods::AttrForm::Dialect(\"{d}.{m}\")")
    } else {
        "RT::ods::AttrForm::Plain".to_string()
    };
    Ok(AttrCon {
        summary,
        check,
        form,
        unit,
    })
}

/// For an enum attribute's default (`::ns::CConv::C`, or `{}` for an empty bit enum):
/// the keyword of the case (`ccc`, `none`).
fn enum_default_keyword(base: Record<'_>, text: &str) -> Option<String> {
    let info = if base.subclass_of("EnumAttr") {
        base.def_value("enum").ok()?
    } else if base.subclass_of("EnumAttrInfo") || base.subclass_of("IntEnumAttr") {
        base
    } else {
        return None;
    };
    let e = read_enum(info).ok()?;
    if text.trim() == "{}" {
        return e.cases.iter().find(|c| c.1 == 0).map(|c| c.0.clone());
    }
    let case = text.rsplit("::").next()?.trim();
    e.keyword_of_symbol(case).map(str::to_string)
}

/// Reads an enum (`EnumInfo`/`EnumAttrInfo` record).
pub(crate) fn read_enum(r: Record<'_>) -> Result<EnumInfo, String> {
    let name = s(r, "className");
    let width = r.int_value("bitwidth").unwrap_or(64) as u32;
    let mut cases = Vec::new();
    let mut symbols = Vec::new();
    for c in r.list_of_defs_value("enumerants").unwrap_or_default() {
        let key = s(c, "str");
        let value = c.int_value("value").map_err(|e| format!("{e}"))?;
        cases.push((key, value));
        symbols.push(s(c, "symbol"));
    }
    Ok(EnumInfo {
        name,
        cases,
        width,
        symbols,
    })
}
